import GlanceCore

struct SearchCommand: GlanceCommand {
  static let declaration = CommandDeclaration(
    "search", arguments: "QUERY", words: 1...20, needs: "something to search for, e.g. glance search cholesterol",
    summary: "Find markers (names, everyday words, typos) and visits (doctors, notes).",
    examples: ["glance search cholestrol", "glance search \"dr patel\""])

  static let writesJSON = true

  var query: String

  init(_ query: String) { self.query = query }
  init(_ input: ParsedInput) { self.init(input.words.joinedText(" ")) }

  func run(_ context: Context) throws {
    try InputLimits.check(query, InputLimits.queryCharacters, "The search")
    // A marker hit shows its latest reading; every reading with a note is searched.
    let view = try context.view(.latestAndNoted(1), allIDs: true)
    let results = try SearchResults.search(query, in: view.document, library: context.library)
    if context.global.json {
      let document = view.document
      let shown = results.noted.map(\.id) + results.markers.compactMap { document.snapshot(for: $0).latest?.id }
      return context.out(
        json: JSONOutput.search(
          results, document: document, library: context.library,
          shortIDs: ShortID.prefixes(for: shown, amongPrefixes: view.allEntryIDPrefixes),
          visitIDs: ShortID.prefixes(for: document.visits.map(\.id))))
    }
    context.out(
      SearchView.render(
        results, document: view.document, library: context.library, allEntryIDPrefixes: view.allEntryIDPrefixes,
        style: context.style))
  }
}
