import GlanceCore

struct VisitEditCommand: GlanceCommand {
  static let declaration = CommandDeclaration(
    "visit edit", arguments: "ID", words: 1...1, needs: "the id of a visit",
    summary: "Change a visit; shows the old and the new.", options: VisitGroup.fields)

  var id: String
  var fields: VisitFields

  init(id: String, _ fields: VisitFields) { (self.id, self.fields) = (id, fields) }

  init(_ input: ParsedInput) throws(UsageError) {
    self.init(id: input.words[0], VisitGroup.fields(input))
    if fields.isEmpty { throw input.usageError("Say what to change: --date, --doctor, --type, --label or --notes.") }
  }

  func run(_ context: Context) throws {
    let document = try context.document()
    let old = try document.visit(shortID: id)
    let new = try VisitPlanner.edit(old, fields, today: context.today)
    guard new != old else {
      context.out("Nothing to change: the visit already says that.")
      return
    }
    try context.repository.updateVisit(new, expecting: old, summary: "edit the visit of \(DateText.long(old.date))")
    context.out("Was: " + VisitPlanner.describe(old))
    context.out("Now: " + VisitPlanner.describe(new))
  }
}
