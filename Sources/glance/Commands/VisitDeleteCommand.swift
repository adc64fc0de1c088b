import GlanceCore

struct VisitDeleteCommand: GlanceCommand {
  static let declaration = CommandDeclaration(
    "visit delete", arguments: "ID", words: 1...1, needs: "the id of a visit", summary: "Delete a visit (asks first).",
    yes: CommandDeclaration.answersYes)

  var id: String

  init(id: String) { self.id = id }
  init(_ input: ParsedInput) { self.init(id: input.words[0]) }

  func run(_ context: Context) throws {
    let document = try context.document()
    let old = try document.visit(shortID: id)
    func what(_ visit: Visit) -> String {
      "\(VisitsView.typeName(visit)) visit with \(visit.doctorName) on \(DateText.long(visit.date))"
    }
    try context.questions.confirm("Delete the \(what(old))?")
    let deleted = try context.repository.deleteVisit(old, assumeYes: context.global.yes) { "delete the \(what($0))" }
    context.out("Deleted the \(what(deleted)). Changed your mind? glance undo")
  }
}
