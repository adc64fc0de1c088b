import GlanceCore

struct UntrackCommand: GlanceCommand {
  static let declaration = CommandDeclaration(
    "untrack", arguments: "MARKER", words: 1...1, needs: "one marker, e.g. glance untrack hdl",
    summary: "Stop following a marker (asks first; its readings are kept).", yes: CommandDeclaration.answersYes)

  var marker: String

  init(_ marker: String) { self.marker = marker }
  init(_ input: ParsedInput) { self.init(input.words[0]) }

  func run(_ context: Context) throws {
    let document = try context.document()
    // "bp" is both halves, as for track and add.
    let markers = try MarkerResolver.markers(self.marker, among: context.allMarkers(document)).filter { marker in
      document.trackedMarkers.contains { $0.markerID == marker.id }
    }
    guard !markers.isEmpty else {
      let named = try MarkerResolver.markers(self.marker, among: context.allMarkers(document))
      context.out("You're not tracking \(named.map(\.displayName).joinedText(" or ")); nothing to do.")
      return
    }
    let kept = UntrackQuestion.kept(markers, document: document)
    let names = markers.map(\.displayName).joinedText(" and ")
    try context.questions.confirm(UntrackQuestion.question(markers, document: document))
    try context.repository.removeTrackedMarkers(
      Set(markers.map(\.id)), summary: "stop tracking \(markers.map(\.shortName).joinedText(" and "))")
    context.out(
      "Stopped tracking \(names).\(kept) Track \(markers.count == 1 ? "it" : "them") again any time: glance track \(markers.map { ShellQuote.key($0.key) }.joinedText(" "))"
    )
  }
}
