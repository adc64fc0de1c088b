import GlanceCore

struct UndoCommand: GlanceCommand {
  static let declaration = CommandDeclaration(
    "undo", summary: "Take back the latest change (asks first).", yes: CommandDeclaration.answersYes)

  init() {}
  init(_ input: ParsedInput) {}

  func run(_ context: Context) throws {
    let document = try context.document()
    guard let step = document.undo.last else {
      context.out("There is nothing to undo.")
      return
    }
    try context.questions.confirm("Undo: \(step.summary)?")
    // Only the step the person was asked about: another glance may have saved since.
    guard let undone = try context.repository.undo(expecting: step) else {
      context.out("There is nothing to undo.")
      return
    }
    context.out("Undid: \(undone.summary)")
  }
}
