import GlanceCore

struct UndoCommand: GlanceCommand {
  static let declaration = CommandDeclaration(
    "undo", summary: "Take back the latest change (asks first).",
    options: [
      .flag(
        "forget",
        "Drop the latest change from the undo history without taking it back (when it cannot be undone).")
    ], yes: CommandDeclaration.answersYes)

  var forget = false

  init(forget: Bool = false) { self.forget = forget }
  init(_ input: ParsedInput) { self.init(forget: input.flag("forget")) }

  func run(_ context: Context) throws {
    let document = try context.document()
    guard let step = document.undo.last else {
      context.out("There is nothing to undo.")
      return
    }
    if forget {
      try context.questions.confirm(
        "Drop \(quoted(step.summary)) from the undo history? Your data stays as it is; it can no longer be undone.")
      guard let dropped = try context.repository.forgetNewestUndo(expecting: step) else {
        context.out("There is nothing to undo.")
        return
      }
      context.out("Dropped from the undo history: \(dropped.summary)\nYour data is unchanged.")
      return
    }
    try context.questions.confirm("Undo: \(step.shownSummary)?")
    // Only the step the person was asked about: another glance may have saved since.
    guard let undone = try context.repository.undo(expecting: step) else {
      context.out("There is nothing to undo.")
      return
    }
    context.out(undone.message)
  }
}
