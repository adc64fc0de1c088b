import GlanceCore

struct UnitsCommand: GlanceCommand {
  static let declaration = CommandDeclaration(
    "units", arguments: "[si|conventional | MARKER [UNIT|default]]", words: 0...8,
    needs: "si, conventional, or a marker and a unit, e.g. glance units ldl mmol/L",
    summary: "Show results in SI units (mmol/L, kg) or conventional ones (mg/dL, lb), or one marker in a unit.",
    examples: ["glance units si", "glance units conventional", "glance units weight kg", "glance units ldl default"])

  var words: [String]

  init(_ words: [String] = []) { self.words = words }
  init(_ input: ParsedInput) { self.init(input.words) }

  func run(_ context: Context) throws {
    let document = try context.document()
    switch try UnitsPlanner.change(words, among: context.allMarkers(document)) {
    case .show:
      context.out(UnitsView.render(document, library: context.library))
    case .showMarker(let marker):
      context.out(UnitsView.render(marker, document: document))
    case .system(let system):
      try context.repository.setUnits(system)
      context.out(UnitsView.render(try context.repository.read(), library: context.library))
    case .marker(let marker, let unit):
      try context.repository.setUnit(unit, for: marker)
      context.out(UnitsView.render(marker, document: try context.repository.read()))
    }
  }
}
