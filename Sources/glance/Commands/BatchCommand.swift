import GlanceCore

struct BatchCommand: GlanceCommand {
  static let declaration = CommandDeclaration(
    "batch", arguments: "[MARKER=VALUE …]", words: 0...Int.max, summary: "Record a lab panel: one date, many values.",
    details:
      "With MARKER=VALUE pairs it records them all. With none, on a terminal it asks for each tracked marker in turn (Enter skips, `120/80` at the systolic prompt fills both halves, Ctrl-D ends the panel), then shows it and asks to save; with input piped in it reads `MARKER VALUE` lines. A value may carry its unit (`ldl=3.2mmol/L`). All or nothing: if one value is refused, none is saved.",
    options: [.value("date", "D", "Date of the panel (default: today).")], yes: CommandDeclaration.keepsAsTyped,
    examples: ["glance batch --date 2025-02-15 hdl=62 ldl=131 triglycerides=150 a1c=5.9", "glance batch < panel.txt"],
    usage: "glance batch [--date D] [MARKER=VALUE …] [--yes]")

  var date: String?
  var pairs: [String]

  init(date: String? = nil, pairs: [String]) { (self.date, self.pairs) = (date, pairs) }
  init(_ input: ParsedInput) { self.init(date: input.value("date"), pairs: input.words) }

  func run(_ context: Context) throws {
    let document = try context.document()
    let library = context.library
    var drafts: [EntryDraft]
    let typedDate = try date.map { (text: String) throws(EntryError) in
      try DateParser.parse(text, today: context.today, for: .reading)
    }
    if !pairs.isEmpty {
      drafts = try BatchPlanner.plan(
        pairs: pairs, date: typedDate ?? context.today, document: document, library: library)
    } else if context.console.canAsk {
      let panel = PanelQuestions(questions: context.questions, library: library, today: context.today)
      let date = try typedDate ?? panel.askDate()
      drafts = try panel.ask(date: date, document: document)
      if !drafts.isEmpty { try panel.review(drafts, date: date, document: document) }
    } else {
      var lines: [String] = []
      while let line = try context.console.readLine() {
        lines.append(line)
        guard lines.count <= InputLimits.lines else { throw BatchError.tooManyLines }
      }
      drafts = try BatchPlanner.plan(
        lines: lines, date: typedDate ?? context.today, document: document, library: library)
      guard !drafts.isEmpty else {
        throw UsageError(
          message: "No values came in. Pipe lines like “hdl 62”, or give pairs: glance batch hdl=62 ldl=131",
          command: "batch")
      }
    }
    guard !drafts.isEmpty else {
      // Every field skipped on the terminal, or every pair empty (hdl= ldl=).
      context.out("Nothing entered, so nothing was saved.")
      return
    }
    do {
      drafts = try context.questions.answer(drafts)
    } catch {
      // Stopped at a question: the panel's readings past a critical limit are still said.
      if let line = BatchPlanner.criticalLine(drafts, document: document) { context.console.err(line) }
      throw error
    }
    let saved = try EntryPlanner.save(
      drafts, source: .batchEntry, summary: EntryPlanner.summary(of: drafts), assumeYes: context.global.yes,
      repository: context.repository)
    for marker in saved.newlyTracked { context.out("Now tracking \(marker.displayName).") }
    for entry in saved.entries {
      context.out(SavedView.line(entry, document: saved.document, library: library, style: context.style))
    }
  }
}
