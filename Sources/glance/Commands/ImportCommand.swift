import GlanceCore

struct ImportCommand: GlanceCommand {
  static let declaration = CommandDeclaration(
    "import", arguments: "FILE|FOLDER", words: 1...1, needs: "the file or folder to import",
    summary: "Bring in a glance export, your own spreadsheet, or FHIR records from a portal.",
    details: """
      glance reads a glance export (JSON, or CSV from glance export --csv); FHIR health records from a patient portal or a phone (a Bundle, one resource, NDJSON, or a FOLDER of .json files), tests matched by their LOINC code; and spreadsheets saved as CSV in either layout:
      One column per marker (a unit in brackets converts the column):
        Date,HDL,LDL (mmol/L),BP
        2024-01-15,55,3.4,128/82
        2024-06-01,58,3.1,
      One row per result, as a lab report or a patient portal has it:
        Date,Test,Result,Units,Comment
        15.01.2024,LDL,3.4,mmol/L,fasting
        15.01.2024,HDL,1.42,mmol/L,
      Columns may be separated by commas, semicolons (then with decimal commas) or tabs. Dates: 2024-01-15, 15.01.2024 (day first), Jan 15 2024, or slashed when only one day is possible (1/15/2024); say --dates us or eu for files of 03/04/2024. Tests are named as glance add names markers; a Note or Comment column is kept with the readings; the lab's range and flag columns are named and left out, and so are the results a Status column calls preliminary or cancelled. --dry-run shows the first readings as glance read them.
      """,
    options: [
      .flag("replace", "Replace everything with the file (asks first)."),
      .flag("dry-run", "Show what would change; change nothing."),
      .flag("salvage", "FILE is a damaged glance data file: bring in every record that still reads."),
      .value(
        "dates", "us|eu",
        "How to read a spreadsheet's slashed dates: us 3/4/2024 is March 4, eu April 3. Only needed when the file does not say."
      ),
      .value(
        "fasting", "yes|no",
        "Whether a spreadsheet's glucose (or insulin) it does not call fasting was: yes saves it as fasting glucose; no leaves it out, or files it under your own \"Random glucose\" marker in its unit. A row's note that says fasting or not decides for that row."
      ),
    ],
    yes: CommandDeclaration.keepsAsRead,
    examples: [
      "glance import labs.csv --dry-run", "glance import portal.csv --dates eu", "glance import backup.json",
      "glance import ~/Downloads/clinical-records",
    ])

  var file: String
  var replace = false
  var dryRun = false
  var salvage = false
  var dates: DateParser.DayOrder? = nil
  var fasting: Bool? = nil

  init(
    file: String, replace: Bool = false, dryRun: Bool = false, salvage: Bool = false,
    dates: DateParser.DayOrder? = nil, fasting: Bool? = nil
  ) {
    (self.file, self.replace, self.dryRun, self.salvage, self.dates) = (file, replace, dryRun, salvage, dates)
    self.fasting = fasting
  }

  init(_ input: ParsedInput) throws(UsageError) {
    var dates: DateParser.DayOrder?
    if let word = input.value("dates") {
      guard let order = DateParser.DayOrder(rawValue: word.lowercased()) else {
        throw input.usageError("--dates takes us (month first: 3/4/2024 is March 4) or eu (day first: April 3).")
      }
      dates = order
    }
    var fasting: Bool?
    if let word = input.value("fasting") {
      guard let answer = ["yes": true, "no": false][word.lowercased()] else {
        throw input.usageError("--fasting takes yes (the file's glucose was fasting) or no (it was not).")
      }
      fasting = answer
    }
    self.init(
      file: input.words[0], replace: input.flag("replace"), dryRun: input.flag("dry-run"),
      salvage: input.flag("salvage"), dates: dates, fasting: fasting)
  }

  func run(_ context: Context) throws {
    // The folder first: a folder glance refuses is said before a large file is read.
    let document = try context.document()
    var file = try Importer.load(self.file, salvage: salvage)
    file.dayOrder = dates
    file.fasting = fasting
    let library = context.library
    if dryRun {
      let plan = try Importer.plan(
        file, replace: replace, into: document, library: library, today: context.today, now: context.clock())
      context.out(plan.summary(library: library, customMarkers: document.customMarkers, dryRun: true))
      context.out("This was a dry run: nothing was changed.")
      return
    }
    var confirmed: ImportFingerprint?
    if replace {
      if let question = Importer.replaceQuestion(document) { try context.questions.confirm(question) }
      confirmed = ImportFingerprint(document)
    }
    // Planned again under the write lock: what another glance saved meanwhile is kept.
    var plan = try Importer.apply(
      consume file, replace: replace, confirmed: confirmed, assumeYes: context.global.yes, to: context.repository,
      summary: (replace ? "replace your data with " : "import ") + PathText.lastComponent(self.file),
      today: context.today, keepingReadings: false)
    // A critical latest reading is said after the summary, as add says it (clinician review:
    // only home did), with the advice the summary then leaves out.
    let critical =
      plan.isEmpty
      ? nil : HomeView.criticalSentence(try context.document().trackedSnapshots(library: library), advice: true)
    plan.adviceSaidAfter = critical != nil
    // The plan knows the folder's custom markers after the save: no second read of the file.
    context.out(plan.summary(library: library, customMarkers: [], dryRun: plan.isEmpty))
    guard !plan.isEmpty else { return }
    if let critical { context.out(critical) }
    context.out("Changed your mind? glance undo")
  }
}
