import GlanceCore

struct ExportCommand: GlanceCommand {
  enum Format: Equatable { case json, csv, fhir }

  static let declaration = CommandDeclaration(
    "export", needs: "only options",
    summary: "A copy of your data: complete JSON, CSV for a spreadsheet, or FHIR for health records.",
    options: [
      .flag("json", "Everything, re-importable."), .flag("csv", "One row per reading."),
      .flag("fhir", "Your readings as FHIR R4 Observations (LOINC, UCUM), for health-record systems; re-importable."),
      .flag("visits", "With --csv: visits instead of readings."),
      .value(
        "output", "FILE",
        "Write to FILE (created private) instead of the screen; a .json or .csv name picks the format.",
        short: "o"),
    ],
    yes:
      "Replace FILE if it already exists, without asking; export even records a restore would refuse (a data file changed by hand).",
    examples: [
      "glance export --csv -o readings.csv", "glance export --json -o glance-backup.json",
      "glance export --fhir -o glance-fhir.json",
    ],
    usage: "glance export --json|--csv|--fhir [--visits] [-o FILE] [--yes]")

  var format: Format
  var visits = false
  var output: String? = nil

  init(format: Format, visits: Bool = false, output: String? = nil) {
    (self.format, self.visits, self.output) = (format, visits, output)
  }

  init(_ input: ParsedInput) throws(UsageError) {
    var chosen: [Format] = [(Format.json, "json"), (.csv, "csv"), (.fhir, "fhir")].compactMap {
      input.flag($0.1) ? $0.0 : nil
    }
    // -o backup.csv says the format when no flag does.
    if chosen.isEmpty, let named = input.value("output").flatMap(FileFormat.named) {
      chosen = named == .json ? [.json] : named == .csv ? [.csv] : []
    }
    guard chosen.count == 1, let format = chosen.first else {
      throw input.usageError("Choose one format: --json, --csv or --fhir (or an -o file ending in .json or .csv).")
    }
    if input.value("output")?.isEmpty == true { throw input.usageError("-o needs a file name, or - for the screen.") }
    if format != .csv && input.flag("visits") {
      throw input.usageError(
        format == .json
          ? "--visits goes with --csv; the JSON export always has your visits."
          : "--visits goes with --csv; the FHIR export holds your readings only.")
    }
    self.init(format: format, visits: input.flag("visits"), output: input.value("output"))
  }

  func run(_ context: Context) throws {
    let document = try context.document()
    try ExportError.checkSource(context.repository.notice)
    // A backup that would not restore is refused before it is written; with --yes it is written
    // and said.
    var unrestorable: ExportError?
    do {
      try Exporter.checkRestorable(
        document, library: context.library, today: context.today, now: context.clock(),
        readings: format == .json || !visits,
        visits: format == .json || visits, json: format == .json)
    } catch {
      guard context.global.yes else { throw error }
      unrestorable = error
    }
    let written: Bool
    switch (format, visits) {
    case (.json, _) where output != nil && output != "-":
      // Written as it is encoded: a 500,000-reading export is never held whole.
      written = try context.export(to: output!, isJSON: true) {
        try Exporter.json(document, library: context.library, to: $0)
      }
    case (.json, _):
      written = try context.export(Exporter.json(document, library: context.library), to: output, isJSON: true)
    case (.fhir, _), (.csv, _):
      let bytes =
        format == .fhir
        ? FHIRExporter.bundle(document, library: context.library)
        : Array((visits ? Exporter.visitsCSV(document) : Exporter.readingsCSV(document, library: context.library)).utf8)
      try Exporter.checkImportable(bytes.count, assumeYes: context.global.yes)
      written = try context.export(bytes, to: output)
    }
    // Said of a file, and of an export to the screen (which `written` is not).
    if written || output == nil || output == "-", let unrestorable {
      let notInIt = format == .json || visits ? 0 : Exporter.readingsOfNoMarker(document, library: context.library)
      context.console.err(Exporter.exportedAnyway(unrestorable, notInIt: notInIt))
    }
    guard written, let path = output else { return }
    let what = Exporter.contents(document, library: context.library, json: format == .json, visits: visits)
    context.out("Exported \(what) to \(PathText.shown(path)).")
  }
}
