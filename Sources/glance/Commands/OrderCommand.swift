import GlanceCore

struct OrderCommand: GlanceCommand {
  static let declaration = CommandDeclaration(
    "order", arguments: "MARKER…", words: 1...100,
    needs: "the markers in the order you want them, e.g. glance order a1c ldl",
    summary: "Put markers first on the home screen, in the order given.", examples: ["glance order a1c ldl hdl"])

  var markers: [String]

  init(_ markers: [String]) { self.markers = markers }
  init(_ input: ParsedInput) { self.init(input.words) }

  func run(_ context: Context) throws {
    let document = try context.document()
    var ordered: [MarkerDefinition] = []
    for word in markers {
      for marker in try MarkerResolver.markers(word, among: context.allMarkers(document)) {
        guard document.trackedMarkers.contains(where: { $0.markerID == marker.id }) else {
          throw TrackingError.notTracked(marker.displayName, marker.key)
        }
        ordered.append(marker)
      }
    }
    try context.repository.updateMarkerOrder(ordered.map(\.id), summary: "reorder markers")
    try HomeCommand().run(context)
  }
}
