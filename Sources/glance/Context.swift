import GlanceCore

/// What every command needs: the console, the style, "today", the clock, the data folder and
/// its repository.
final class Context {
  let console: any Console
  let global: GlanceCore.GlobalOptions
  let style: OutputStyle
  let location: DataLocation
  /// "Today" on this machine's calendar, or as pinned by --today / GLANCE_TODAY.
  let today: CalendarDate
  /// This machine's day (on or after a pinned `today`): what "after today" means for a stored
  /// reading, so a day pinned in the past never calls later readings damage.
  private let machineToday: CalendarDate
  /// The time now; a saved record's timestamp.
  let clock: () -> Timestamp
  /// The repository, opened on first use.
  private(set) lazy var repository = open()
  private var opened: LocalDataRepository?

  private func open() -> LocalDataRepository {
    let repository = LocalDataRepository(location: location, clock: { [clock] in clock().date })
    opened = repository
    return repository
  }

  /// True when this command saved a change to the data folder.
  var savedAChange: Bool { (opened?.saves ?? 0) > 0 }

  init(
    console: any Console, global: GlanceCore.GlobalOptions, currentDirectory: String,
    localToday: () -> CalendarDate, clock: @escaping () -> Timestamp
  ) throws {
    self.console = console
    self.global = global
    self.clock = clock
    style = console.style(for: global)
    location = try DataLocation.resolve(environment: console.environment, currentDirectory: currentDirectory)
    let pinned = global.today ?? console.environment["GLANCE_TODAY"].flatMap { $0.isEmpty ? nil : $0 }
    let local = localToday()
    machineToday = local
    if let pinned {
      guard let date = DateParser.pinnedToday(pinned, localToday: local) else {
        throw UsageError(
          message:
            "--today (or GLANCE_TODAY) takes a date from 1900 to today as YYYY-MM-DD, not \(quoted(pinned)).",
          command: nil)
      }
      today = date
    } else {
      today = local
    }
  }

  /// The marker library the repository judges by.
  var library: MarkerLibrary { repository.library }

  /// Questions before a change: `--yes`, the terminal, or a refusal naming `--yes`.
  var questions: Questions {
    Questions(console: console, assumeYes: global.yes, width: style.wrapsLines ? style.width : nil)
  }

  /// Every marker the person can use: the library's and their own.
  func allMarkers(_ document: GlanceDocument) -> [MarkerDefinition] { library.markers + document.customMarkers }

  /// The document with only the selected entries, for a screen that shows a few (and every
  /// entry's id); a notice about a damaged file goes to stderr.
  func view(_ selection: EntrySelection, allIDs: Bool = false) throws -> DocumentView {
    let view = try repository.view(selecting: selection, allIDs: allIDs)
    if let notice = repository.notice { console.err(notice.message) }
    sayDamage(view.document)
    return view
  }

  /// Said once a command: a reading of no marker, or dated after today (`DamageNotice`).
  private var damageSaid = false
  private func sayDamage(_ document: GlanceDocument) {
    guard !damageSaid, let notice = DamageNotice.of(document, library: library, today: max(today, machineToday)) else {
      return
    }
    damageSaid = true
    console.err(notice)
  }

  /// The current document; a notice about a damaged file goes to stderr.
  func document() throws -> GlanceDocument {
    let document = try repository.read()
    if let notice = repository.notice { console.err(notice.message) }
    sayDamage(document)
    return document
  }

  /// Prints a line to standard output, every line within the width on a terminal or with --width.
  func out(_ text: String = "") {
    guard style.wrapsLines else { return console.out(text) }
    // Measured as it will be shown: a control character in a note is printed as `\u{1B}`.
    let shown = TerminalText.guarded(
      text, colorToken: style.colorToken, asciiOnly: !style.unicode, keepingColorCodes: true)
    console.out(TextFit.fit(shown, width: style.width))
  }

  /// Prints data as it is, never wrapped: a completion script, the man page.
  func out(data text: String) { console.out(text) }

  /// Prints a command's `--json` form: pure ASCII when the output must be.
  func out(json value: JSONValue) { console.out(value.text(asciiOnly: !style.unicode)) }

  /// Writes an export or a brief to `path`, or to standard output without one (or with "-"):
  /// private, never inside the data folder, asking before it replaces a file, and always with the
  /// notice on stderr. True when a file was written.
  func export(_ bytes: [UInt8], to path: String?, isJSON: Bool = false) throws -> Bool {
    guard let path, path != "-" else {
      if let warning = Exporter.tooLargeToImport(bytes.count, isJSON: isJSON) { console.err(warning) }
      console.err(Exporter.notice)
      console.write(bytes)
      return false
    }
    return try export(to: path, isJSON: isJSON) { sink in
      try bytes.withUnsafeBytes(sink)
      return bytes.count
    }
  }

  /// Writes to the file `path` what `write` hands its sink, a chunk at a time (a large export is
  /// never held whole), as `export(_:to:)` writes bytes; `write` returns how many it wrote.
  func export(
    to path: String, isJSON: Bool = false, _ write: (_ sink: (UnsafeRawBufferPointer) throws -> Void) throws -> Int
  ) throws -> Bool {
    try ExportWriter.refuseInside(location.folder, path)
    try ExportWriter.refuseLink(path)
    if ExportWriter.existingFile(path) { try questions.confirm("\(PathText.shown(path)) already exists. Replace it?") }
    var size = 0
    try ExportWriter.write(to: path, dataFolder: location.folder) { sink in
      size = try withoutActuallyEscaping(sink) { try write($0) }
    }
    if let warning = Exporter.tooLargeToImport(size, isJSON: isJSON) { console.err(warning) }
    console.err(Exporter.notice)
    return true
  }
}
