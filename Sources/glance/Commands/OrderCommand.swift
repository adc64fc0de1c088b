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
    let ordered = try MarkerResolver.tracked(markers, in: document, among: context.allMarkers(document))
    try context.repository.updateMarkerOrder(ordered.map(\.id), summary: "reorder markers")
    try HomeCommand().run(context)
  }
}
