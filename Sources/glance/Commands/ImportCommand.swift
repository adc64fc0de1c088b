import GlanceCore

struct ImportCommand: GlanceCommand {
  static let declaration = CommandDeclaration(
    "import", arguments: "FILE", words: 1...1, needs: "the file to import",
    summary: "Bring in a glance export (JSON or CSV) or your own spreadsheet.",
    options: [
      .flag("replace", "Replace everything with the file (asks first)."),
      .flag("dry-run", "Show what would change; change nothing."),
      .flag("salvage", "FILE is a damaged glance data file: bring in every record that still reads."),
    ],
    yes: CommandDeclaration.answersYes)

  var file: String
  var replace = false
  var dryRun = false
  var salvage = false

  init(file: String, replace: Bool = false, dryRun: Bool = false, salvage: Bool = false) {
    (self.file, self.replace, self.dryRun, self.salvage) = (file, replace, dryRun, salvage)
  }

  init(_ input: ParsedInput) {
    self.init(
      file: input.words[0], replace: input.flag("replace"), dryRun: input.flag("dry-run"),
      salvage: input.flag("salvage"))
  }

  func run(_ context: Context) throws {
    let file = try Importer.read(Importer.readFile(self.file), salvage: salvage)
    let library = context.library
    let document = try context.document()
    if dryRun {
      let plan = try Importer.plan(
        file, replace: replace, into: document, library: library, today: context.today, now: context.clock())
      context.out(plan.summary(library: library, customMarkers: document.customMarkers, dryRun: true))
      context.out("This was a dry run: nothing was changed.")
      return
    }
    var confirmed: ImportFingerprint?
    if replace {
      try context.questions.confirm(
        "Replace all your data (\(counted(document.entries.count, "reading")), \(counted(document.visits.count, "visit"))) with the file's?"
      )
      confirmed = ImportFingerprint(document)
    }
    // Planned again under the write lock: what another glance saved meanwhile is kept.
    let plan = try Importer.apply(
      file, replace: replace, confirmed: confirmed, assumeYes: context.global.yes, to: context.repository,
      summary: (replace ? "replace your data with " : "import ") + PathText.lastComponent(self.file),
      today: context.today)
    let known = try context.repository.read().customMarkers
    context.out(plan.summary(library: library, customMarkers: known, dryRun: plan.isEmpty))
    if !plan.isEmpty { context.out("Changed your mind? glance undo") }
  }
}
