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
    let marker = try MarkerResolver.one(self.marker, among: context.allMarkers(document))
    guard document.trackedMarkers.contains(where: { $0.markerID == marker.id }) else {
      context.out("You're not tracking \(marker.displayName); nothing to do.")
      return
    }
    let count = document.entries.filter { $0.markerID == marker.id }.count
    let kept = count == 0 ? "" : " Its \(count == 1 ? "reading is" : "\(count) readings are") kept."
    try context.questions.confirm("Stop tracking \(marker.displayName)?\(kept)")
    try context.repository.removeTrackedMarker(marker.id, summary: "stop tracking \(marker.shortName)")
    context.out("Stopped tracking \(marker.displayName).\(kept) Track it again any time: glance track \(marker.key)")
  }
}
