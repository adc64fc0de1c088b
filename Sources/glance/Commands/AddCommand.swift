import GlanceCore

struct AddCommand: GlanceCommand {
  static let declaration = CommandDeclaration(
    "add", arguments: "MARKER VALUE [UNIT]", words: 2...20, needs: "a marker and a value, e.g. glance add hdl 89",
    summary: "Record one reading.",
    details:
      "MARKER is a key, name or everyday word (`hdl`, \"good cholesterol\", `a1c`). VALUE is a number as the lab printed it (`89`, `5.6`, `<0.5`). A UNIT other than the marker's own is converted (`ldl 3.2 mmol/L`). `bp 120/80` records both blood-pressure numbers. Unusual values, likely slips and duplicates are asked about before anything is saved.",
    options: [
      .value(
        "date", "D", "Date of the test: 2025-02-15, today, yesterday, \"3 days ago\", \"Feb 15\". Default: today."),
      .value("note", "N", "A note to keep with the reading."),
    ],
    yes: CommandDeclaration.keepsAsTyped,
    examples: [
      "glance add hdl 89", "glance add \"good cholesterol\" 89 --date 2025-02-15", "glance add ldl 3.2 mmol/L",
      "glance add bp 128/82 --note \"after coffee\"", "glance add psa \"<0.1\"",
    ])

  var marker: String
  var value: String
  var unit: String? = nil
  var date: String? = nil
  var note: String? = nil

  init(marker: String, value: String, unit: String? = nil, date: String? = nil, note: String? = nil) {
    (self.marker, self.value, self.unit, self.date, self.note) = (marker, value, unit, date, note)
  }

  init(_ input: ParsedInput) throws(UsageError) {
    // "glance add good cholesterol 89 mg/dL": the marker is the words before the value.
    let words = input.words
    guard let parts = BatchPlanner.split(words) ?? (words.count == 2 ? (words[0], words[1], nil) : nil) else {
      throw input.usageError("add needs a marker and then a number, e.g. glance add hdl 89")
    }
    self.init(
      marker: parts.marker, value: parts.value, unit: parts.unit, date: input.value("date"), note: input.value("note"))
  }

  func run(_ context: Context) throws {
    let document = try context.document()
    var drafts = try EntryPlanner.plan(
      marker: marker, value: value, unit: unit, date: date, note: note, today: context.today, document: document,
      library: context.library)
    drafts = try context.questions.answer(drafts)
    let saved = try EntryPlanner.save(
      drafts, source: .quickAdd, summary: EntryPlanner.summary(of: drafts), assumeYes: context.global.yes,
      repository: context.repository)
    for marker in saved.newlyTracked {
      context.out("Now tracking \(marker.displayName) (it wasn't on your list yet).")
    }
    for draft in drafts {
      if let line = SavedView.converted(draft, snapshot: saved.document.judging(draft.marker)) {
        context.out(line)
      }
    }
    for entry in saved.entries {
      context.out(SavedView.line(entry, document: saved.document, library: context.library, style: context.style))
    }
    if let line = try UnitsPlanner.confirmGuess(
      drafts, profile: saved.document.profile, questions: context.questions, repository: context.repository)
    {
      context.out(line)
    }
  }
}
