import GlanceCore

struct TrackCommand: GlanceCommand {
  static let declaration = CommandDeclaration(
    "track", arguments: "MARKER…", words: 1...100, needs: "at least one marker, e.g. glance track hdl ldl",
    summary: "Start following markers.", examples: ["glance track hdl ldl", "glance track \"vitamin d\""],
    usage: "glance track MARKER…")

  var markers: [String]

  init(_ markers: [String]) { self.markers = markers }
  init(_ input: ParsedInput) { self.init(input.words) }

  func run(_ context: Context) throws {
    let document = try context.document()
    var chosen: [MarkerDefinition] = []
    for word in markers {
      for marker in try MarkerResolver.markers(word, among: context.allMarkers(document))
      where !chosen.contains(where: { $0.id == marker.id }) {
        chosen.append(marker)
      }
    }
    let already = chosen.filter { marker in document.trackedMarkers.contains { $0.markerID == marker.id } }
    let new = chosen.filter { marker in !already.contains { $0.id == marker.id } }
    if !new.isEmpty {
      try context.repository.addTrackedMarkers(new, summary: "track " + new.map(\.shortName).joinedText(", "))
      context.out("Now tracking: " + new.map(\.displayName).joinedText(", ") + ".")
    }
    if !already.isEmpty { context.out("Already tracking: " + already.map(\.displayName).joinedText(", ") + ".") }
  }
}
