import GlanceCore

struct EditCommand: GlanceCommand {
  static let declaration = CommandDeclaration(
    "edit", arguments: "ID", words: 1...1, needs: "the id of a reading, e.g. glance edit 3fa2 --value 98",
    summary: "Change a reading; shows the old and the new.",
    details:
      "ID is the short id `glance show` prints (its first few characters are enough). --note \"\" removes the note.",
    options: [
      .value(
        "value", "V", "The corrected value; with its unit in quotes if it is not the marker's own (\"3.3 mmol/L\")."),
      .value("date", "D", "The corrected date."),
      .value("note", "N", "A new note."),
    ],
    yes: CommandDeclaration.keepsAsTyped,
    examples: ["glance edit 3fa2 --value 98", "glance edit 3fa2 --date 2025-02-14"])

  var id: String
  var value: String? = nil
  var date: String? = nil
  var note: String? = nil

  init(id: String, value: String? = nil, date: String? = nil, note: String? = nil) {
    (self.id, self.value, self.date, self.note) = (id, value, date, note)
  }

  init(_ input: ParsedInput) throws(UsageError) {
    self.init(id: input.words[0], value: input.value("value"), date: input.value("date"), note: input.value("note"))
    if value == nil && date == nil && note == nil {
      throw input.usageError("Say what to change: --value, --date or --note.")
    }
  }

  func run(_ context: Context) throws {
    let document = try context.document()
    let old = try document.entry(shortID: id, library: context.library)
    var edit = try EntryPlanner.edit(
      old, value: value, date: date, note: note, today: context.today, document: document, library: context.library)
    if edit.changesNothing {
      context.out("Nothing to change: the reading already says that.")
      return
    }
    // The answer may be the suggested value instead of the typed one.
    if let draft = edit.draft, let answered = try context.questions.answer([draft]).first {
      edit = edit.answered(answered)
    }
    // Only while the reading is still the one shown; with --yes, applied to it as it is now.
    edit = try EntryPlanner.save(edit, assumeYes: context.global.yes, repository: context.repository) {
      current, document in
      try EntryPlanner.edit(
        current, value: value, date: date, note: note, today: context.today, document: document,
        library: context.library)
    }
    if let draft = edit.draft, let line = SavedView.converted(draft, snapshot: edit.judging) { context.out(line) }
    context.out("Was: " + edit.describe(edit.old))
    context.out(edit.nowText(style: context.style))
  }
}
