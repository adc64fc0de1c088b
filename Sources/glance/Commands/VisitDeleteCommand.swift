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
    let what = "\(VisitsView.typeName(old)) visit with \(old.doctorName) on \(DateText.long(old.date))"
    try context.questions.confirm("Delete the \(what)?")
    try context.repository.deleteVisit(old.id, expecting: old, summary: "delete the \(what)")
    context.out("Deleted the \(what). Changed your mind? glance undo")
  }
}
