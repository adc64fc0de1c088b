import GlanceCore

struct LibraryCommand: GlanceCommand {
  static let declaration = CommandDeclaration(
    "library", arguments: "[QUERY]", words: 0...Int.max,
    summary: "Browse the marker library, or find markers and whole groups (lipid panel, vitals).",
    details:
      "Markers are listed by category; the ones you track are marked. QUERY finds markers by name, everyday word or typo, or a whole group (lipid panel, vitals, cbc).",
    options: [.value("category", "C", "Only one category (heart, metabolic, kidney, liver, blood, thyroid, …).")],
    examples: [
      "glance library", "glance library cholesterol", "glance library lipid panel", "glance library --category thyroid",
    ])

  static let writesJSON = true

  var query: String?
  var category: String?

  init(query: String? = nil, category: String? = nil) { (self.query, self.category) = (query, category) }
  init(_ input: ParsedInput) {
    self.init(query: input.words.isEmpty ? nil : input.words.joinedText(" "), category: input.value("category"))
  }

  func run(_ context: Context) throws {
    // Custom markers and what is tracked; no readings are needed.
    let document = try context.view(.markers([])).document
    let library = context.library
    let (markers, categories) = try LibraryBrowser.select(
      markers: library.markers + document.customMarkers,
      categories: library.categories + (document.customMarkers.isEmpty ? [] : [.custom]), query: query,
      category: category)
    let tracked = Set(document.trackedMarkers.map(\.markerID))
    if context.global.json {
      return context.out(
        json: JSONOutput.library(markers: markers, categories: categories, trackedIDs: tracked, query: query))
    }
    if let query { context.out("Markers matching \(quoted(query)):\n") }
    context.out(
      LibraryView.render(
        markers: markers, categories: categories, trackedIDs: tracked, style: context.style,
        unit: { document.displayUnit(for: $0).unit }))
    if query == nil && category == nil {
      context.out()
      context.out("Track one with: glance track KEY   ·   Add your own: glance custom NAME --unit U")
    }
  }
}
