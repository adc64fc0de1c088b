import GlanceCore

struct VisitShowCommand: GlanceCommand {
  static let declaration = CommandDeclaration(
    "visit show", arguments: "ID", words: 1...1, needs: "the id of a visit", summary: "One visit in full.")

  static let writesJSON = true

  var id: String

  init(id: String) { self.id = id }
  init(_ input: ParsedInput) { self.init(id: input.words[0]) }

  func run(_ context: Context) throws {
    let document = try context.document()
    let visit = try document.visit(shortID: id)
    let ids = ShortID.prefixes(for: document.visits.map(\.id))
    if context.global.json { return context.out(json: JSONOutput.visitShow(visit, shortID: ids[visit.id] ?? id)) }
    context.out(VisitsView.detail(visit, shortID: ids[visit.id] ?? id, today: context.today))
  }
}
