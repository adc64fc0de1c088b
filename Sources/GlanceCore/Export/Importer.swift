#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file to import, read and parsed as far as it can be without looking at the person's data.
public struct ImportFile: Sendable {
  enum Content: Sendable {
    case json(GlanceDocument)
    /// The rows of a CSV file, and the byte between its columns (sniffed from its first line).
    case csv(header: [String], rows: CSV.Table, delimiter: UInt8)
    /// FHIR resources: a Bundle, one resource, NDJSON, or a folder of them.
    case fhir([FHIRResource])
  }

  let content: Content
  /// For a salvaged file: how many of its record lines did not read and were left out.
  var lostLines: Int?
  /// How a spreadsheet's slashed dates are read (`--dates us|eu`); nil: only when one way is
  /// possible.
  public var dayOrder: DateParser.DayOrder?
  /// `--fasting yes|no`: whether a glucose (or insulin) the file does not call fasting was;
  /// nil: asked (`FastingChoice`).
  public var fasting: Bool?
  /// For a folder: its files that were not read, each with why.
  var skippedFiles: [String] = []
  /// For a folder: its other files (a spreadsheet, a note), not read as FHIR, quoted.
  var otherFiles: [String] = []
  /// Read as Windows-1252 text, not UTF-8 (`Importer.windows1252`).
  var windows1252 = false
}

/// `glance import`: reads a file (`read`, no lock needed), works out an `ImportPlan` against a
/// document (`plan`, nothing written) and saves it as one change (`apply`, which plans again on
/// the document it holds the lock for, so another glance saving meanwhile is never overwritten).
///
/// A reading's identity is its id. A glance export carries ids, so importing it again, or into
/// the folder it came from, adds nothing, and a restore into an empty folder gives back every
/// record. A file without ids (a spreadsheet, an older CSV) adds each row unless an equal reading
/// (marker, day, value, comparator, unit, note) was already stored: rows of one file are never
/// matched against each other, and importing it twice adds nothing the second time. A FHIR
/// observation, whose id is another system's, is also not added when an equal reading (marker,
/// day, value, comparator, unit; notes aside) is kept: the same result typed in or from a sheet.
public enum Importer {
  /// The bytes of the file at `path` (a pipe works too), refused past `InputLimits.fileBytes`.
  public static func readFile(_ path: String, fileSystem: PosixFileSystem = PosixFileSystem()) throws -> [UInt8] {
    try readFileBytes(path, fileSystem: fileSystem).array
  }

  /// The file at `path`, as `readFile` reads it, without copying it into an array.
  static func readFileBytes(_ path: String, fileSystem: PosixFileSystem = PosixFileSystem()) throws -> FileBytes {
    do {
      guard let bytes = try fileSystem.readInput(path, limit: InputLimits.fileBytes) else {
        throw ImportError.unreadable("there is no file at \(PathText.shown(path))")
      }
      return bytes
    } catch let error as FileSystemError {
      if error.code == EFBIG { throw ImportError.tooLarge(limit: InputLimits.fileBytes) }
      if error.isNotRegularFile { throw ImportError.notAFile(path) }
      throw ImportError.unreadable("\(PathText.shown(path)): \(error.reason)")
    }
  }

  /// The file at `path` read as `read(_:salvage:)` reads it; a folder is read as FHIR resources
  /// (the clinical-records folder of a phone's health export): every `.json` and `.ndjson` file
  /// in it, the others named in the refusal when none reads.
  public static func load(_ path: String, salvage: Bool = false, fileSystem: PosixFileSystem = PosixFileSystem())
    throws -> ImportFile
  {
    guard !salvage, let status = try? fileSystem.status(path), status.isDirectory else {
      return try read(readFileBytes(path, fileSystem: fileSystem), salvage: salvage)
    }
    let names: [String]
    // Other files are named in the summary, never passed over in silence (newcomer review: a
    // folder's spreadsheets were not read, and nothing said so).
    var others: [String] = []
    do {
      names = try fileSystem.contentsOfDirectory(path).filter {
        let name = $0.lowercased()
        guard !name.hasPrefix(".") else { return false }
        if name.hasSuffix(".json") || name.hasSuffix(".ndjson") { return true }
        others.append($0)
        return false
      }
    } catch let error as FileSystemError {
      throw ImportError.unreadable("\(PathText.shown(path)): \(error.reason)")
    }
    guard names.count <= InputLimits.folderFiles else { throw ImportError.tooManyFiles(limit: InputLimits.folderFiles) }
    var resources: [FHIRResource] = []
    var skipped: [String] = []
    var total = 0
    // One file that is not a resource (a note, a damaged download, a pipe) is named and left
    // out; the others are read.
    for name in names {
      let file = path.hasSuffix("/") ? path + name : path + "/" + name
      guard let status = try? fileSystem.status(file), status.isRegularFile else {
        skipped.append("\(quoted(name)) (not a file)")
        continue
      }
      let bytes: [UInt8]
      do {
        bytes = try readFile(file, fileSystem: fileSystem)
      } catch let error as any GlanceError {
        if case ImportError.tooLarge = error { throw error }
        skipped.append("\(quoted(name)) (\(error.message))")
        continue
      }
      total += bytes.count
      guard total <= InputLimits.fileBytes else { throw ImportError.tooLarge(limit: InputLimits.fileBytes) }
      guard FHIRFormat.looksLikeFHIR(bytes) else {
        skipped.append("\(quoted(name)) (not a FHIR resource)")
        continue
      }
      do {
        guard let read = try FHIRFormat.read(bytes) else {
          skipped.append("\(quoted(name)) (not a FHIR resource)")
          continue
        }
        resources += read
      } catch {
        skipped.append("\(quoted(name)) (\(error.description))")
      }
    }
    guard !resources.isEmpty else { throw ImportError.noFHIR(path) }
    var imported = ImportFile(content: .fhir(resources))
    imported.skippedFiles = skipped
    imported.otherFiles = others.sorted().map { quoted(TerminalText.cut($0, limit: 80)) }
    return imported
  }

  /// Reads `bytes` as a glance JSON export or a CSV file; with `salvage`, as a damaged glance
  /// file, keeping every record whose line still reads (`DocumentCodec.salvage`).
  public static func read(_ bytes: [UInt8], salvage: Bool = false) throws -> ImportFile {
    guard bytes.count <= InputLimits.fileBytes else {
      throw ImportError.tooLarge(limit: InputLimits.fileBytes)
    }
    if salvage {
      guard let salvaged = DocumentCodec.salvage(bytes) else {
        throw ImportError.notGlance("nothing in it reads as a glance data file or export")
      }
      return ImportFile(content: .json(salvaged.document), lostLines: salvaged.lostLines)
    }
    let firstByte = bytes.drop {
      $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF
    }.first
    guard firstByte != nil else { throw ImportError.empty }
    if firstByte == UInt8(ascii: "{") {
      // FHIR from a portal or a phone: a Bundle, one resource, or NDJSON.
      if FHIRFormat.looksLikeFHIR(bytes) {
        do {
          if let resources = try FHIRFormat.read(bytes) { return ImportFile(content: .fhir(resources)) }
        } catch {
          throw ImportError.unreadable("FHIR JSON, \(error.description)")
        }
      }
      return try bytes.withUnsafeBytes { try readExport($0) }
    }
    return try bytes.withUnsafeBufferPointer { try readCSV($0, releasing: nil) }
  }

  /// Reads a file as `read(_:salvage:)` does. A CSV file is parsed from the bytes as read, and
  /// what the parse has passed is let go: a 180 MB sheet is not held beside its rows, nor copied.
  /// A glance export is decoded from the bytes as read too (a 280 MB export was copied first).
  static func read(_ file: FileBytes, salvage: Bool = false) throws -> ImportFile {
    guard !salvage, file.count <= InputLimits.fileBytes else { return try read(file.array, salvage: salvage) }
    return try file.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      guard let first = bytes.first(where: { !byteOrderMarkOrSpace.contains($0) }) else { throw ImportError.empty }
      guard first == UInt8(ascii: "{") else { return try readCSV(bytes) { file.release(upTo: $0) } }
      if FHIRFormat.looksLikeFHIR(Array(bytes.prefix(FHIRFormat.sniffedBytes))) { return try read(file.array) }
      return try readExport(raw)
    }
  }

  /// A glance export (or data file) in `bytes`.
  private static func readExport(_ bytes: UnsafeRawBufferPointer) throws -> ImportFile {
    // A byte-order mark (an editor's) before the JSON is not part of it.
    let json = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? UnsafeRawBufferPointer(rebasing: bytes[3...]) : bytes
    do {
      return ImportFile(
        content: .json(try DocumentCodec.decode(json, formats: [Exporter.formatName, GlanceDocument.formatName])))
    } catch let error as DocumentVersionError {
      throw ImportError.newerVersion(error.version)
    } catch let error as JSONError {
      throw ImportError.notGlance(error.description)
    }
  }

  /// `bytes` as Windows-1252 text, in UTF-8: the code page a Western European Excel saves a CSV
  /// in ("µ" is 0xB5, "ü" 0xFC, "€" 0x80). Nil for bytes that are no such text: a NUL or another
  /// control character than tab and line breaks, or one of the five bytes the code page leaves
  /// undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D).
  static func windows1252(_ bytes: some Collection<UInt8>) -> [UInt8]? {
    // Text with a UTF-8 sequence in it (a byte-order mark, "ü" as C3 BC) is UTF-8 with a stray
    // byte, not Windows-1252: read so, its "ü" would become "Ã¼" (import's second look).
    var previous: UInt8 = 0
    for byte in bytes {
      if (0xC2...0xF4).contains(previous), (0x80...0xBF).contains(byte) { return nil }
      previous = byte
    }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + bytes.count / 8)
    for byte in bytes {
      let scalar: UInt32
      switch byte {
      case 0x09, 0x0A, 0x0D, 0x20..<0x7F, 0xA0...0xFF: scalar = UInt32(byte)
      case 0x80..<0xA0:
        let special = windows1252Specials[Int(byte - 0x80)]
        guard special != 0 else { return nil }
        scalar = special
      default: return nil
      }
      guard let unicode = Unicode.Scalar(scalar) else { return nil }
      out.append(contentsOf: UTF8.encode(unicode)!)
    }
    return out
  }

  /// Windows-1252's characters for 0x80 to 0x9F (0: undefined), from the code page's table.
  private static let windows1252Specials: [UInt32] = [
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
    0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E,
    0x0178,
  ]

  /// Spaces, line breaks and a byte-order mark's bytes, skipped before a file's first character.
  private static let byteOrderMarkOrSpace: Set<UInt8> = [0x20, 0x0A, 0x0D, 0x09, 0xEF, 0xBB, 0xBF]

  private static func readCSV(_ bytes: UnsafeBufferPointer<UInt8>, releasing release: ((Int) -> Void)?) throws
    -> ImportFile
  {
    guard isValidUTF8(bytes) else {
      // A Western European Excel saves "CSV" in Windows-1252: read it so, and said.
      guard let utf8 = windows1252(bytes) else {
        throw ImportError.unreadable("it is not UTF-8 text; save it as CSV (UTF-8) from your spreadsheet")
      }
      var file = try utf8.withUnsafeBufferPointer { try readCSV($0, releasing: nil) }
      file.windows1252 = true
      return file
    }
    let rows: CSV.Table
    // A European Excel saves "CSV" with semicolons (and decimal commas); a portal, tabs.
    let delimiter = SheetFormat.delimiter(bytes)
    do {
      rows = try CSV.table(bytes, delimiter: delimiter, droppingTrailingEmpty: true, releasing: release)
    } catch {
      throw ImportError.unreadable("line \(error.line): \(error.message)")
    }
    guard let header = rows.first else { throw ImportError.empty }
    return ImportFile(content: .csv(header: Array(header), rows: rows.droppingFirst, delimiter: delimiter))
  }

  /// What importing `file` into `document` would do.
  public static func plan(
    _ file: ImportFile, replace: Bool, into document: GlanceDocument, library: MarkerLibrary, today: CalendarDate,
    now: Timestamp, readingLimit: Int = InputLimits.readings
  ) throws -> ImportPlan {
    // A file may come from a computer time zones ahead, where today is already tomorrow or the
    // day after: a backup made there must still restore here.
    let today = CalendarDate.latestInFile(today: today, now: now)
    var plan = try planContent(file, replace: replace, into: document, library: library, today: today, now: now)
    // A file that adds nothing asks nothing: its questions are about rows stored already.
    if plan.isEmpty { plan.questions = [] }
    if file.windows1252 {
      plan.readAs.insert("Windows-1252 text (not UTF-8), as Excel saves a CSV in Western Europe", at: 0)
    }
    // Clinician review: a German sheet in SI units came home in mg/dL, and nothing said why.
    plan.suggestsSI =
      document.profile.units == nil && plan.profile?.units == nil && plan.typedInSI > 0
      && plan.typedInSI * 2 >= plan.entries.count
    let total = (replace ? 0 : document.entries.count) + plan.entries.count
    guard total <= readingLimit else { throw ImportError.tooManyReadings(limit: readingLimit) }
    plan.criticalInFile = criticalReadings(plan.entries + plan.corrections, document: document, library: library)
    // Replacing everything with a file that gives nothing (every date in the future, every test
    // unknown) would only erase: refused before anyone is asked.
    if replace, plan.entries.isEmpty, plan.visits.isEmpty, !document.entries.isEmpty || !document.visits.isEmpty {
      throw ImportError.nothingToReplaceWith
    }
    return plan
  }

  /// A file refused for `problems`, naming without values the critical results among the rows
  /// read so far (by glance's limits, or the lab's flag) and those left out (clinician's third
  /// look at stop 34: a file refused for one unit said nothing of a potassium of 6.9 in it).
  static func refusal<Rows: RandomAccessCollection<ImportRow>>(_ problems: [String], rows: Rows, plan: ImportPlan)
    -> ImportError
  {
    // Dates of a month without a day are said once, with how many rows (newcomer review this
    // session: 96 rows of a monthly sheet repeated one long sentence).
    var problems = problems
    let monthOnly = " (" + DateText.monthOnlyHint + ")"
    if problems.count(where: { $0.hasSuffix(monthOnly) }) > 1,
      let first = problems.firstIndex(where: { $0.hasSuffix(monthOnly) })
    {
      let count = problems.count(where: { $0.hasSuffix(monthOnly) })
      problems[first] =
        String(problems[first].dropLast(monthOnly.count))
        + " and \(count - 1) more \(count == 2 ? "row" : "rows") like it" + monthOnly
      problems = problems.enumerated().filter { $0.offset == first || !$0.element.hasSuffix(monthOnly) }.map(\.element)
    }
    // Judged as a planned import's readings are (`criticalReadings`): a value past the plausible
    // range that is most likely another unit's number is never a critical result (attacker's
    // third look at stop 36: a bare glucose of 5.0, 5 mmol/L, had been called critical as 5
    // mg/dL); one that is not (potassium 1.2 mmol/L, a lab's LL) is named.
    var plan = plan
    let flagged = Set(plan.criticalFlaggedRows)
    let entries = rows.map { $0.draft.entry(at: Timestamp(secondsSince1970: 0), source: .fileImport) }
    // The file's custom markers too: one for a random glucose is judged (clinician's second look
    // at stop 36).
    var judging = GlanceDocument.empty(createdAt: Timestamp(secondsSince1970: 0))
    var customIDs = IDSet()
    for row in rows where !row.draft.marker.isSystemDefined && customIDs.insert(row.draft.marker.id) {
      judging.customMarkers.append(row.draft.marker)
    }
    let critical = Set(criticalIndices(entries, document: judging, library: .builtIn))
    for (index, row) in rows.enumerated() {
      let draft = row.draft
      if critical.contains(index) {
        plan.criticalInFile.append((draft.marker.displayName, "", draft.date))
      } else if flagged.contains(index) {
        plan.labCriticalNames.append("\(draft.marker.displayName) on \(DateText.long(draft.date))")
      }
    }
    return .problems(problems, critical: plan.criticalLineWithoutValues)
  }

  /// The readings of `entries` past a critical limit as glance judges them in `document`, each
  /// marker judged by one snapshot; markers without critical limits are passed over unjudged.
  static func criticalReadings(_ entries: [MarkerEntry], document: GlanceDocument, library: MarkerLibrary)
    -> [(name: String, shown: String, date: CalendarDate)]
  {
    criticalIndices(entries, document: document, library: library).compactMap { index in
      let entry = entries[index]
      guard let definition = document.definition(for: entry.markerID, library: library) else { return nil }
      return (definition.displayName, document.judging(definition).displayedText(entry), entry.dateOfService)
    }.sorted { $0.date < $1.date }
  }

  /// True when one of `drafts`, a file's results left out (not final yet, under a garbled name),
  /// is past a critical limit, judged as a planned import's readings are (`criticalIndices`).
  static func anyCritical(
    drafts: [EntryDraft], document: GlanceDocument = .empty(createdAt: Timestamp(secondsSince1970: 0)),
    library: MarkerLibrary = .builtIn
  ) -> Bool {
    let stamp = Timestamp(secondsSince1970: 0)
    return !criticalIndices(
      drafts.map { $0.entry(at: stamp, source: .fileImport) }, document: document, library: library
    ).isEmpty
  }

  /// The same for a file's rows read but left out.
  static func anyCritical(_ rows: [ImportRow]) -> Bool { anyCritical(drafts: rows.map(\.draft)) }

  /// The positions in `entries` of the readings past a critical limit (`criticalReadings`).
  static func criticalIndices(_ entries: [MarkerEntry], document: GlanceDocument, library: MarkerLibrary) -> [Int] {
    var judging: [UUID: (snapshot: MarkerSnapshot, rule: ClinicalRule?)?] = [:]
    var found: [Int] = []
    for (index, entry) in entries.enumerated() {
      let known: (snapshot: MarkerSnapshot, rule: ClinicalRule?)?
      if let cached = judging[entry.markerID] {
        known = cached
      } else {
        let definition = document.definition(for: entry.markerID, library: library)
        let rule = definition.flatMap { $0.isSystemDefined ? ClinicalRules.rule(for: $0.key) : nil }
        if let definition, let rule, rule.criticalLow != nil || rule.criticalHigh != nil {
          known = (document.judging(definition), rule)
        } else if let definition, !definition.isSystemDefined, case let snapshot = document.judging(definition),
          snapshot.leftOut != nil
        {
          // A custom marker for a test glance judges for critical limits (a random glucose):
          // judged by its snapshot (clinician's second look at stop 36: a dry run named none).
          known = (snapshot, nil)
        } else {
          known = nil
        }
        judging[entry.markerID] = known
      }
      // Judged in full only near or past a critical limit (a printed SI value moves a reading by
      // a rounding, never a tenth): judging every reading made a 10k-row import 11% slower.
      guard let known, entry.value.isFinite,
        known.rule.map({
          $0.isCritical(entry.value) || $0.isCritical(entry.value * 0.9) || $0.isCritical(entry.value * 1.1)
        })
          ?? true
      else { continue }
      guard known.snapshot.judgement(of: entry).status.isCritical else { continue }
      found.append(index)
    }
    return found
  }

  private static func planContent(
    _ file: ImportFile, replace: Bool, into document: GlanceDocument, library: MarkerLibrary, today: CalendarDate,
    now: Timestamp
  ) throws -> ImportPlan {
    // An answer glance would not read is said, not dropped (attacker review at stop 37:
    // `--fasting no` on a restore was taken without a word).
    func refuse(_ kind: String, dates: Bool) throws(ImportError) {
      if file.fasting != nil { throw .optionNotRead("--fasting", kind) }
      if dates, file.dayOrder != nil { throw .optionNotRead("--dates", kind) }
    }
    switch file.content {
    case .json(let imported):
      try refuse("a glance JSON export", dates: true)
      var plan = try JSONImportPlanner.plan(
        imported, replace: replace, into: document, library: library, today: today, leavingOut: file.lostLines != nil)
      if let lost = file.lostLines {
        plan.kind = .salvage
        plan.lostLines = lost
      }
      return plan
    case .fhir(let resources):
      try refuse("FHIR records", dates: true)
      var plan = try FHIRImportPlanner.plan(
        resources, replace: replace, into: document, library: library, today: today, now: now)
      plan.filesNotRead = file.skippedFiles
      plan.otherFilesInFolder = file.otherFiles
      return plan
    case .csv(let header, let rows, let delimiter):
      let keys = header.map { SearchText($0).compact }
      if keys.contains("markerkey") && keys.contains("value") {
        try refuse("a glance CSV export", dates: false)
        return try planGlanceCSV(
          header: header, rows: rows, replace: replace, into: document, library: library, today: today, now: now,
          delimiter: delimiter, dayOrder: file.dayOrder)
      }
      if keys.contains("doctor") && keys.contains("type") && keys.contains("date") {
        try refuse("a glance CSV export of visits", dates: false)
        return try planVisitsCSV(header: header, rows: rows, replace: replace, into: document, today: today, now: now)
      }
      // A lab's export with lines above its header ("Patient: Müller, Hans", a birth date): the
      // header is the first of the next lines with a date column (newcomer review at stop 37:
      // such a file was refused for having no Date column).
      var (header, rows, skipped) = (header, rows, 0)
      // Only lines that hold no results: a cell or two, none a column's name (attacker's second
      // look at stop 37: results above a second header were left out as "the lab's lines").
      func isLabLine(_ cells: some Collection<String>) -> Bool {
        let filled = cells.filter { !$0.trimmingWhitespace().isEmpty }
        return filled.count <= 2 && !filled.contains { SpreadsheetImporter.role($0.trimmingWhitespace()) != nil }
      }
      if !header.contains(where: SpreadsheetImporter.isDateHeader), isLabLine(header),
        let at = rows.prefix(SpreadsheetImporter.linesAboveHeader).firstIndex(where: {
          $0.contains(where: SpreadsheetImporter.isDateHeader)
        }),
        rows.prefix(at).allSatisfy({ isLabLine(Array($0)) })
      {
        header = Array(rows[at])
        for _ in 0...at { rows = rows.droppingFirst }
        skipped = at + 1
      }
      var sheet = SpreadsheetImporter.Sheet(
        header: header, rows: rows, delimiter: delimiter, dayOrder: file.dayOrder)
      sheet.fasting = file.fasting
      sheet.linesAbove = skipped
      return try SpreadsheetImporter.plan(
        sheet, replace: replace, into: document, library: library, today: today, now: now)
    }
  }

  /// Reads and plans in one step (for a dry run, or a test).
  public static func plan(
    _ bytes: [UInt8], replace: Bool, into document: GlanceDocument, library: MarkerLibrary, today: CalendarDate,
    now: Timestamp
  ) throws -> ImportPlan {
    try plan(read(bytes), replace: replace, into: document, library: library, today: today, now: now)
  }

  // MARK: glance CSV

  static func planGlanceCSV(
    header titles: [String], rows: CSV.Table, replace: Bool, into document: GlanceDocument, library: MarkerLibrary,
    today: CalendarDate, now: Timestamp, delimiter: UInt8 = UInt8(ascii: ","),
    dayOrder given: DateParser.DayOrder? = nil
  ) throws -> ImportPlan {
    let header = titles.map { SearchText($0).compact }
    func column(_ name: String) -> Int? { header.firstIndex(of: name) }
    guard let dateColumn = column("date"), let keyColumn = column("markerkey"), let valueColumn = column("value") else {
      throw ImportError.notGlance("the header needs date, marker_key and value")
    }
    let unitColumn = column("unit")
    let nameColumn = column("marker")
    let noteColumn = column("note")
    let sourceColumn = column("source")
    let idColumn = column("id")
    let enteredColumn = column("entered")
    let enteredAsColumn = column("enteredas")
    var markers = library.markers + (replace ? [] : document.customMarkers)
    var plan = ImportPlan(kind: .glanceCSV, replace: replace)
    // glance's export opened in a spreadsheet and saved again: its dates may come back slashed
    // (3/4/2025), and with semicolons between columns, its numbers with decimal commas.
    var dayOrder = given
    if rows.contains(where: { dateColumn < $0.count && $0[dateColumn].utf8.contains(UInt8(ascii: "/")) }) {
      let decided = try SheetFormat.dayOrder(rows.map { dateColumn < $0.count ? $0[dateColumn] : "" }, given: given)
      dayOrder = decided.0
      if let order = decided.0, let example = decided.decidedBy {
        plan.readAs.append(
          "slashed dates \(order == .monthFirst ? "month" : "day") first (as \(quoted(example)) can only be)")
      }
    }
    if let name = SheetFormat.delimiterName(delimiter) {
      plan.readAs.append("columns separated by \(name), a comma between digits as a decimal point")
    }
    var problems: [String] = []
    // An entered time a spreadsheet rewrote ("11/23/2026 23:16"): the reading takes this
    // import's time, and the summary says so.
    var unreadEntered: (count: Int, example: String)?
    var rowsOut = ImportRows()
    var idsInFile = IDSet()
    for (offset, row) in rows.enumerated() {
      let line = offset + 2
      func cell(_ index: Int?) -> String? {
        guard let index, index < row.count else { return nil }
        let text = CSV.unprotect(row[index]).trimmingWhitespace()
        return text.isEmpty ? nil : text
      }
      guard let key = cell(keyColumn), let valueText = cell(valueColumn), let dateText = cell(dateColumn) else {
        if row.contains(where: { !$0.trimmingWhitespace().isEmpty }) {
          problems.append("row \(line): needs a date, a marker_key and a value.")
        }
        continue
      }
      guard
        let marker = markers.first(where: { $0.key == key })
          ?? customMarker(key: key, name: cell(nameColumn), unit: cell(unitColumn), among: &markers, plan: &plan)
      else {
        problems.append("row \(line): no marker has the key \(quoted(key)).")
        continue
      }
      var id: UUID?
      if let text = cell(idColumn) {
        switch rowID(text, line: line, seen: &idsInFile) {
        case .success(let parsed): id = parsed
        case .failure(let problem):
          problems.append(problem.text)
          continue
        }
      }
      do {
        let date = try DateParser.parse(dateText, today: today, for: .reading, order: dayOrder)
        let valueText = SheetFormat.decimalPoint(valueText, delimiter: delimiter)
        let note = noteColumn.flatMap { index in index < row.count ? CSV.unprotect(row[index]) : nil }.flatMap {
          $0.isEmpty ? nil : $0
        }
        // glance's own export writes every digit (`ValueText.exact`); a sheet in its layout may
        // hold anything `add` reads.
        var draft: EntryDraft
        if let exact = ValueParser.parseExact(valueText) {
          draft = try EntryPlanner.draft(
            marker, typed: exact, unit: cell(unitColumn), date: date, note: note, existing: [], belowZero: id != nil)
        } else {
          draft = try EntryPlanner.draft(
            marker, valueText: valueText, unit: cell(unitColumn), date: date, note: note, existing: [],
            belowZero: id != nil)
        }
        var enteredDropped = false
        if draft.entered == nil, let text = cell(enteredAsColumn) {
          draft.entered = enteredAs(SheetFormat.decimalPoint(text, delimiter: delimiter), matching: draft)
          enteredDropped = draft.entered == nil
        }
        let source = cell(sourceColumn).map(SourceType.init(rawValue:)).flatMap {
          SourceType.known.contains($0) ? $0 : nil
        }
        // When it was entered keeps a day's readings in their order through a round trip.
        let enteredText = cell(enteredColumn)
        let entered = enteredText.flatMap { Timestamp(iso: $0) }
        if let enteredText, entered == nil {
          unreadEntered = ((unreadEntered?.count ?? 0) + 1, unreadEntered?.example ?? enteredText)
        }
        var row = ImportRow(
          draft: draft, source: source ?? .fileImport, id: id, entered: entered, line: line,
          unitTyped: cell(unitColumn) != nil || (try? ValueParser.parse(valueText))?.unit != nil)
        row.enteredDropped = enteredDropped
        rowsOut.append(row)
      } catch {
        problems.append("row \(line): \(EntryError.messageNamingNoValue(error))")
      }
    }
    if !problems.isEmpty { throw refusal(problems, rows: rowsOut, plan: plan) }
    if let unreadEntered {
      plan.notRead.append(
        "entered in \(counted(unreadEntered.count, "row")) (a time like \(quoted(unreadEntered.example)) is not one glance "
          + "writes; those readings take this import's time, and a day's readings may change order)")
    }
    // Rows without an id were not written by glance (a sheet in glance's layout, by hand): they
    // get the questions add asks. Rows with an id were saved by glance, questions answered.
    let asked = SpreadsheetImporter.questions(
      rowsOut, header: titles, replace: replace, document: document, asking: { $0.id == nil })
    addRows(consume rowsOut, to: &plan, document: document, now: now, asking: asked)
    return plan
  }

  /// The value and unit a glance CSV's `entered_as` cell names ("3 mg/mmol"), when it converts
  /// into the row's own value: a cell the person left behind after changing the value is dropped.
  static func enteredAs(_ text: String, matching draft: EntryDraft) -> EnteredValue? {
    // The number, a space, the unit: a unit may start with a digit (10⁹/L).
    let parts = text.split(separator: " ", maxSplits: 1).map(String.init)
    let typed =
      parts.count == 2
      ? ValueParser.parseExact(parts[0]) ?? (try? ValueParser.parse(parts[0])) : try? ValueParser.parse(text)
    guard let typed, let unit = parts.count == 2 ? parts[1] : typed.unit, typed.comparator == draft.comparator,
      let conversion = try? UnitConverter.convert(typed.value, unit: unit, for: draft.marker),
      conversion.value == draft.value, let original = conversion.original
    else { return nil }
    return EnteredValue(value: original.value, unit: original.unit)
  }

  /// The custom marker a glance CSV row names by a `custom-…` key this folder does not have (the
  /// export came from another folder): one of ours with the same name, or a new one made from the
  /// row's name and unit, keeping its key. Library keys are never made up.
  static func customMarker(
    key: String, name: String?, unit: String?, among markers: inout [MarkerDefinition], plan: inout ImportPlan
  ) -> MarkerDefinition? {
    guard key.hasPrefix("custom-"), let name, let unit else { return nil }
    // Past the limit nothing is made, and nothing is compared (50,000 names against 1,000).
    guard markers.count(where: { !$0.isSystemDefined }) < InputLimits.customMarkers else {
      return markers.first { !$0.isSystemDefined && $0.key == key }
    }
    let wanted = SearchText(name).compact
    if let same = markers.first(where: { !$0.isSystemDefined && SearchText($0.displayName).compact == wanted }) {
      return same
    }
    guard
      var made = try? CustomMarkerPlanner.make(
        name: name, unit: unit, low: nil, high: nil, direction: nil, existing: markers)
    else { return nil }
    // The file's key is kept when `glance custom` could have made it (never a key with spaces,
    // control characters or path parts, nor one another marker has).
    if CustomMarkerPlanner.isCustomKey(key), !markers.contains(where: { $0.key == key }) { made.key = key }
    markers.append(made)
    plan.customMarkers.append(made)
    return made
  }

  // MARK: visits CSV

  /// The visits CSV `glance export --csv --visits` writes: date, type, label, doctor, notes, id.
  static func planVisitsCSV(
    header titles: [String], rows: CSV.Table, replace: Bool, into document: GlanceDocument, today: CalendarDate,
    now: Timestamp
  ) throws -> ImportPlan {
    guard !replace else { throw ImportError.visitsCannotReplace }
    let header = titles.map { SearchText($0).compact }
    func column(_ name: String) -> Int? { header.firstIndex(of: name) }
    var plan = ImportPlan(kind: .visitsCSV, replace: false)
    var problems: [String] = []
    let storedIDs = IDSet(document.visits.map(\.id))
    var idsInFile = IDSet()
    // Visits without an id: as many of each as the file has beyond those already stored.
    var stored: [VisitContent: Int] = [:]
    for visit in document.visits { stored[VisitContent(visit), default: 0] += 1 }
    for (offset, row) in rows.enumerated() {
      func cell(_ name: String) -> String? {
        guard let index = column(name), index < row.count else { return nil }
        let text = CSV.unprotect(row[index])
        return text.trimmingWhitespace().isEmpty ? nil : text
      }
      guard row.contains(where: { !$0.trimmingWhitespace().isEmpty }) else { continue }
      // The planner's messages speak of command options; a file's rows need its columns named.
      if let empty = ["date", "type", "doctor"].first(where: { cell($0) == nil }) {
        problems.append("row \(offset + 2): the \(empty) cell is empty.")
        continue
      }
      do {
        var visit = try VisitPlanner.make(
          date: cell("date"), doctor: cell("doctor"), type: cell("type"), label: cell("label"), notes: cell("notes"),
          today: today, now: now)
        if let text = cell("id")?.trimmingWhitespace() {
          let id: UUID
          switch rowID(text, line: offset + 2, seen: &idsInFile) {
          case .success(let parsed): id = parsed
          case .failure(let problem):
            problems.append(problem.text)
            continue
          }
          guard !storedIDs.contains(id) else {
            plan.duplicates += 1
            continue
          }
          visit.id = id
          if let entered = cell("entered").flatMap({ Timestamp(iso: $0.trimmingWhitespace()) }) {
            visit.entryTimestamp = entered
          }
        } else if let count = stored[VisitContent(visit)], count > 0 {
          stored[VisitContent(visit)] = count - 1
          plan.duplicates += 1
          continue
        }
        plan.visits.append(visit)
      } catch let error as any GlanceError {
        problems.append("row \(offset + 2): \(error.message)")
      }
    }
    if !problems.isEmpty { throw ImportError.problems(problems) }
    return plan
  }

  /// A row's problem, in the words of the import's problem list.
  struct RowProblem: Error {
    var text: String
  }

  /// The id in a row's id cell: a glance id, once in the file.
  static func rowID(_ text: String, line: Int, seen: inout IDSet) -> Result<UUID, RowProblem> {
    guard let id = UUID(uuidString: text) else {
      return .failure(RowProblem(text: "row \(line): \(quoted(text.prefix(40))) is not a glance id."))
    }
    guard seen.insert(id) else {
      return .failure(RowProblem(text: "row \(line): the id \(text) appears twice in the file."))
    }
    return .success(id)
  }

  // MARK: Rows to readings

  /// Adds rows to a plan as entries, skipping what is stored already (by id, or for a row
  /// without one by content), tracking their markers. Each chunk of rows goes once its readings
  /// are made.
  static func addRows(
    _ rows: consuming ImportRows, to plan: inout ImportPlan, document: GlanceDocument, now: Timestamp,
    asking questions: [SpreadsheetImporter.RowQuestion] = [], place: String = "row"
  ) {
    var rows = rows
    let ours = plan.replace ? [] : document.entries
    let storedIDs = IDSet(ours.map(\.id), capacity: ours.count)
    var names: [UUID: String] = [:]
    for row in rows where names[row.draft.marker.id] == nil {
      names[row.draft.marker.id] = row.draft.marker.displayName
    }
    let markers = Set(names.keys)
    // A row without an id is a reading kept already when marker, day and value agree, notes
    // aside (newcomer review at stop 34: a sheet imported again after one note was edited added
    // that row's readings a second time). Rows equal in everything are matched first, wherever
    // they are in the file (attacker's second look: a row with another note, before the equal
    // one, took the saved reading; the equal row was added again and the other lost).
    // Only readings the file does not name by id: rows added by hand to an export (no id) were
    // matched to readings the file's own rows name, and never came in (attacker's third look).
    var namedByFile = IDSet([], capacity: rows.count)
    for row in rows { if let id = row.id { _ = namedByFile.insert(id) } }
    let unnamed = namedByFile.isEmpty ? ours : ours.filter { !namedByFile.contains($0.id) }
    var stored = EntryContent.counts(unnamed, markers: markers, withNotes: false)
    var sameInEverything = Set<Int>()
    if !stored.isEmpty {
      var storedExactly = EntryContent.counts(unnamed, markers: markers)
      for (index, row) in rows.enumerated() where row.id == nil {
        let entry = row.draft.entry(at: row.entered ?? now, source: row.source)
        let exact = EntryContent(entry)
        guard let count = storedExactly[exact], count > 0 else { continue }
        storedExactly[exact] = count - 1
        stored[EntryContent(entry, withNote: false), default: 0] -= 1
        sameInEverything.insert(index)
      }
    }
    // A portal's observation has an id of its own, never one of ours: one equal to a reading kept
    // already (the person's sheet, typed in) is that reading, notes aside (newcomer review at
    // stop 33: HDL 61 of Dec 12 was shown twice).
    // Only readings the file does not name by id: one it withdraws, corrects or sends again is
    // accounted for by its id (attacker's second look: a withdrawn A swallowed an equal new B).
    var storedWithoutNotes: [EntryContent: Int] = [:]
    if plan.kind == .fhir {
      var named = IDSet(plan.withdrawnIDs)
      for row in rows { if let id = row.id { _ = named.insert(id) } }
      storedWithoutNotes = EntryContent.counts(
        ours.filter { !named.contains($0.id) }, markers: markers, withNotes: false)
    }
    // What each marker already has on each day, for saying where a file differs.
    var days: [DayKey: [Int32]] = [:]
    // NB: positions in `ours`, not copies: a file imported again held every stored reading twice.
    for (index, entry) in ours.enumerated() where markers.contains(entry.markerID) {
      days[DayKey(entry), default: []].append(Int32(truncatingIfNeeded: index))
    }
    func label(_ entry: MarkerEntry) -> String {
      // A stored reading of a marker the file does not name (its id reused for another test).
      let name =
        names[entry.markerID] ?? document.customMarkers.first { $0.id == entry.markerID }?.displayName
        ?? "another test's reading"
      return "\(name) on \(DateText.long(entry.dateOfService))"
    }
    var tracked = plan.replace ? [] : document.trackedMarkers
    var trackedIDs = IDSet(tracked.map(\.markerID))
    let freshIDs = freshIDs(for: rows, after: ours, at: now)
    // An id the file itself repeats (a FHIR history, the same observation twice): the first is
    // kept, the others counted, never two readings with one id.
    var fileIDs = IDSet([], capacity: rows.count)
    // Rows without an id that repeat an earlier row exactly: kept (two equal readings can be
    // real) but said. Hashes only: a set of the rows themselves would hold a large sheet twice.
    var seenContent = Set<Int>()
    // One result a lab sheet prints in two units that day: one reading (`TwoUnits`).
    var twoUnits = TwoUnits(
      active: plan.kind == .spreadsheet || plan.kind == .labReport, sex: document.profile.sex,
      reads: { document.displayUnit(for: $0).unit })
    // The rows asked about that this import adds: a stored row's question was answered when it
    // was saved (clinician review: a file adding one row asked again about every stored one).
    let groups = plan.groupQuestions.count
    let questions = plan.groupQuestions + questions
    plan.groupQuestions = []
    let asked = Set(questions.flatMap(\.rows))
    var askedAndAdded = Set<Int>()
    // A group's question names the rows it asks about (newcomer review at stop 37: "test
    // “Glucose”" left the person to find every such row of a long sheet).
    var groupOf: [Int: Int] = [:]
    for (number, question) in questions.prefix(groups).enumerated() {
      for row in question.rows { groupOf[row] = number }
    }
    var groupLines = Array(repeating: [Int](), count: groups)
    var groupCounts = Array(repeating: 0, count: groups)
    // Sized once: doubling 100,000 readings held two buffers of them at once.
    plan.entries.reserveCapacity(plan.entries.count + rows.count)
    while let chunk = rows.takeChunk() {
      for (offset, row) in chunk.chunk.rows.enumerated() {
        let index = chunk.first + offset
        var entry = row.draft.entry(at: row.entered ?? now, source: row.source)
        func sameInAnotherUnit() {
          plan.sameInAnotherUnit += 1
          guard plan.sameInAnotherUnitExamples.count < 5, let kept = twoUnits.lastKept else { return }
          let marker = row.draft.marker
          plan.sameInAnotherUnitExamples.append(
            "\(label(entry)): \(kept.dropped.typedText(for: marker)) and \(kept.other.typedText(for: marker)), "
              + "kept as \(kept.kept.typedText(for: marker))")
        }
        let sameDay = (days[DayKey(entry)] ?? []).lazy.map { ours[Int($0)] }
        if let id = row.id {
          guard fileIDs.insert(id) else {
            plan.repeatedInFile += 1
            continue
          }
          guard !storedIDs.contains(id) else {
            if let mine = sameDay.first(where: { $0.id == id }) ?? ours.first(where: { $0.id == id }),
              EntryContent(mine) != EntryContent(entry)
            {
              // The lab's correction replaces the reading (clinician review: a potassium amended
              // from 4.4 to 6.9 kept 4.4); the person's own note stays with it.
              if row.corrects {
                entry.id = id
                if entry.note == nil { entry.note = mine.note }
                plan.corrections.append(entry)
                // Asked about as a new reading is (attacker's second look: 9000 came in unasked).
                if asked.contains(index) { askedAndAdded.insert(index) }
                plan.corrected.append("\(label(mine)): \(mine.valueText) → \(entry.valueText)")
                continue
              }
              plan.differing.append("\(label(mine)): the file says \(entry.valueText), yours \(mine.valueText)")
            }
            plan.duplicates += 1
            plan.keepDuplicateExample(label(entry))
            continue
          }
          if plan.kind == .fhir, !row.corrects {
            let content = EntryContent(entry, withNote: false)
            if let count = storedWithoutNotes[content], count > 0 {
              storedWithoutNotes[content] = count - 1
              plan.duplicates += 1
              plan.keepDuplicateExample(label(entry))
              continue
            }
          }
          entry.id = id
        } else {
          if sameInEverything.contains(index) {
            plan.duplicates += 1
            plan.keepDuplicateExample(label(entry))
            // Imported again, the row of the other unit is still this one's (nothing added).
            if twoUnits.stored(entry, row: row, entries: plan.entries) { sameInAnotherUnit() }
            continue
          }
          let content = EntryContent(entry, withNote: false)
          if let count = stored[content], count > 0 {
            stored[content] = count - 1
            plan.duplicates += 1
            plan.keepDuplicateExample(label(entry))
            plan.notesDiffer += 1
            if twoUnits.stored(entry, row: row, entries: plan.entries) { sameInAnotherUnit() }
            continue
          }
          // One result a lab sheet prints in two units (a German lab's HbA1c in % and as IFCC
          // mmol/mol): one reading, said (newcomer review at stop 38).
          if twoUnits.isSameResult(entry, row: row, entries: &plan.entries) {
            sameInAnotherUnit()
            continue
          }
          if let apart = twoUnits.lastApart {
            let marker = row.draft.marker
            plan.apartInTwoUnits += 1
            if plan.apartInTwoUnitsExamples.count < 5 {
              plan.apartInTwoUnitsExamples.append(
                "\(label(entry)): \(apart.other.typedText(for: marker)) and \(apart.entry.typedText(for: marker))")
            }
          }
          twoUnits.candidate(entry, row: row, at: plan.entries.count)
          entry.id = freshIDs[index]
          // A row's time is part of it: a morning and an evening 128 are two readings (newcomer
          // review: 770 such pairs were said to repeat).
          // Equal values with different notes are two readings of the file (a morning and an
          // evening note).
          var hasher = Hasher()
          hasher.combine(EntryContent(entry))
          hasher.combine(row.secondOfDay)
          if !seenContent.insert(hasher.finalize()).inserted {
            plan.repeatedRows += 1
            if plan.repeatedRowExamples.count < 5 {
              plan.repeatedRowExamples.append("\(label(entry)): \(entry.valueText)")
            }
          }
        }
        if !sameDay.isEmpty, !sameDay.contains(where: { $0.value == entry.value && $0.comparator == entry.comparator })
        {
          plan.sameDay.append(
            "\(label(entry)): \(entry.valueText), and \(sameDay.map(\.valueText).joinedText(", ")) already")
        }
        plan.entries.append(entry)
        if row.enteredDropped { plan.enteredLeftOut.append(label(entry)) }
        if asked.contains(index) { askedAndAdded.insert(index) }
        if let number = groupOf[index] {
          groupCounts[number] += 1
          if groupLines[number].count < 3 { groupLines[number].append(row.line) }
        }
        // The dry run shows the first readings it would add, not rows stored already.
        if plan.preview.count < SpreadsheetImporter.previewed {
          plan.preview.append(SpreadsheetImporter.preview(row, place: place, document: document))
        }
        let draft = row.draft
        if let entered = draft.entered, let si = draft.marker.siUnit,
          entered.unit == si || UnitConverter.normalize(entered.unit) == UnitConverter.normalize(si)
        {
          plan.typedInSI += 1
        }
        if EntryChecks.isImplausible(draft.value, draft.marker) {
          plan.unusual.append(
            "\(draft.marker.shortName) \(document.shownText(of: draft).text) on \(DateText.long(draft.date))"
          )
        }
        if trackedIDs.insert(draft.marker.id) {
          let row = UserMarker(
            markerID: draft.marker.id, displayOrder: (tracked.map(\.displayOrder).max() ?? -1) + 1, addedAt: now)
          tracked.append(row)
          plan.trackedMarkers.append(row)
        }
      }
    }
    // Rows added before a later row showed they were a result stored already in another unit.
    if !twoUnits.storedAlready.isEmpty {
      plan.entries = plan.entries.enumerated().filter { !twoUnits.storedAlready.contains($0.offset) }.map(\.element)
    }
    if plan.replace { plan.trackedMarkers = tracked }
    let kept = questions.enumerated().filter { $0.element.rows.contains(where: askedAndAdded.contains) }
    plan.questions += kept.map { number, question in
      let subject = question.subject.map { $0 + ": " } ?? ""
      guard number < groups, !groupLines[number].isEmpty, let about = question.subject else {
        return subject + question.text
      }
      let lines = groupLines[number].map(String.init)
      let more = groupCounts[number] - lines.count
      return about + " (\(place)\(groupCounts[number] == 1 ? "" : "s") "
        + (more > 0 ? lines.joinedText(", ") + " and \(grouped(more)) more" : inWords(lines)) + "): " + question.text
    }
    // The first `groups` are a group's questions (a "Glucose" column: fasting?).
    plan.asksAboutValues = plan.asksAboutValues || kept.contains { $0.offset >= groups }
  }

  // MARK: Applying

  /// Plans `file` against the data as it is under the write lock and saves the plan as one
  /// change; returns the plan that was applied (empty: nothing was written). With `confirmed`
  /// (the data `--replace` asked about), nothing changes if the data changed since. Without
  /// `keepingReadings` the plan hands its readings to the save and keeps only what its summary
  /// says of them: a 500,000-row sheet's readings are then not held twice while the file is
  /// written.
  @discardableResult
  public static func apply(
    _ file: consuming ImportFile, replace: Bool, confirmed: ImportFingerprint? = nil, assumeYes: Bool = false,
    to repository: any DataRepository, summary: String, today: CalendarDate, keepingReadings: Bool = true
  ) throws -> ImportPlan {
    var file: ImportFile? = consume file
    return try repository.write(summary: summary) { transaction in
      let current = transaction.document
      if let confirmed, ImportFingerprint(current) != confirmed { throw ConcurrentChangeError.dataChanged }
      guard let read = file.take() else { preconditionFailure("DataRepository.write runs its body once") }
      var plan = try Importer.plan(
        read, replace: replace, into: current, library: repository.library, today: today, now: transaction.now)
      // NB: the file's rows go before the save, which held a 500,000-row sheet's (300 MB) too.
      _ = consume read
      // The same questions `add` asks: unanswered, nothing is written.
      if !assumeYes, !plan.questions.isEmpty {
        throw ImportError.needsAnswers(
          (plan.suggestsSI ? [ImportPlan.siAdvice] : []) + (plan.criticalLineWithoutValues.map { [$0] } ?? [])
            + plan.questions, aboutValues: plan.asksAboutValues,
          spreadsheet: plan.kind == .spreadsheet || plan.kind == .glanceCSV)
      }
      guard !plan.isEmpty else { return plan }
      // What undo will name: how much the import brought in, so taking it back is never a surprise.
      transaction.summary = summary + plan.sizeSuffix
      if plan.replace {
        transaction.apply(current.entries.map { .removeEntry($0.id) })
        transaction.apply(current.visits.map { .removeVisit($0.id) })
        // Removed last first, so undo puts them back in their order. A custom marker the file's
        // readings are of (a sheet's "Zinc" column) stays: only its old readings go.
        let used = Set(plan.entries.map(\.markerID)).subtracting(plan.customMarkers.map(\.id))
        transaction.apply(
          current.customMarkers.reversed().filter { !used.contains($0.id) }.map { .removeCustomMarker($0.id) })
        transaction.apply(.setTrackedMarkers(plan.trackedMarkers))
      } else if !plan.trackedMarkers.isEmpty {
        transaction.apply(.setTrackedMarkers(current.trackedMarkers + plan.trackedMarkers))
      }
      transaction.apply(plan.customMarkers.map(Operation.putCustomMarker))
      transaction.put(keepingReadings ? plan.entries : plan.takeEntries())
      // The lab's corrections and withdrawals of readings this folder has.
      transaction.apply(plan.corrections.map(Operation.putEntry))
      transaction.apply(plan.withdrawnIDs.map(Operation.removeEntry))
      transaction.apply(plan.visits.map(Operation.putVisit))
      if let profile = plan.profile { transaction.setProfile(profile) }
      plan.customMarkersAfter = transaction.document.customMarkers
      return plan
    }
  }
}

extension Importer {
  /// What `import --replace` asks before it replaces the folder's data; nil when the folder holds
  /// nothing to lose (newcomer review at stop 33: "Replace all your data (0 readings, 0 visits)?").
  public static func replaceQuestion(_ document: GlanceDocument) -> String? {
    let profile = document.profile
    guard
      !document.entries.isEmpty || !document.visits.isEmpty || !document.customMarkers.isEmpty
        || !document.trackedMarkers.isEmpty || profile.name != Profile.unnamed || profile.sex != nil
        || profile.units != nil || profile.markerUnits?.isEmpty == false
    else { return nil }
    return
      "Replace all your data (\(counted(document.entries.count, "reading")), \(counted(document.visits.count, "visit"))) with the file's?"
  }
}

/// What `import --replace` asked about: how much data there was, and its newest change. The
/// replace goes ahead only while it is still so.
public struct ImportFingerprint: Equatable, Sendable {
  var entries: Int
  var visits: Int
  var customMarkers: Int
  var newestChange: UUID?

  public init(_ document: GlanceDocument) {
    entries = document.entries.count
    visits = document.visits.count
    customMarkers = document.customMarkers.count
    newestChange = document.undo.last?.id
  }
}

/// One row of a file, ready to become a reading: its draft, its source, and its id when the file
/// carries one.
struct ImportRow {
  var draft: EntryDraft
  var source: SourceType
  var id: UUID?
  /// When the reading was first entered, if the file says (a glance CSV does).
  var entered: Timestamp? = nil
  /// The file's line, for naming the row in a question.
  var line = 0
  /// True when the cell or its column gave a unit (then it cannot be a unit slip).
  var unitTyped = false
  /// A lab's amended or corrected result: it replaces the stored reading with its id.
  var corrects = false
  /// Named by a code (LOINC) that says which test it is: never asked whether it is another.
  var coded = false
  /// The person's unit a bare number was read in (`glance units`), when it was.
  var readIn: String? = nil
  /// True for a reading glance saved before (its own export): add's questions were answered then.
  var confirmed = false
  /// The second of the day the sheet's date cell gives ("01.11.2026 10:30"), when it gives one.
  var secondOfDay: Int32? = nil
  /// The decimals the file printed the value with ("5.50": 2), when read from a cell: a trailing
  /// zero a number loses still says how exact the lab's value is (`TwoUnits`).
  var places: Int8? = nil
  /// The lab flagged it (H, L, critical): never matched as one result with another row, whose
  /// status may be another (`TwoUnits`).
  var flagged = false
  /// True when the row's value as typed (a glance CSV's entered_as) did not convert into its
  /// value and was left out: said for the rows added.
  var enteredDropped = false
}

/// What makes a reading without an id the same as a stored one.
struct EntryContent: Hashable {
  var marker: UUID
  var day: Int
  var value: UInt64
  var comparator: ValueComparator?
  var unit: String
  var note: String?

  init(_ entry: MarkerEntry, withNote: Bool = true) {
    marker = entry.markerID
    day = entry.dateOfService.dayNumber
    value = (entry.value == 0 ? 0 : entry.value).bitPattern
    comparator = entry.comparator
    unit = entry.unit
    note = withNote ? entry.note : nil
  }

  /// How many stored readings of `markers` have each content (`withNotes` false: notes aside).
  static func counts(_ entries: [MarkerEntry], markers: Set<UUID>, withNotes: Bool = true) -> [EntryContent: Int] {
    var counts: [EntryContent: Int] = [:]
    for entry in entries where markers.contains(entry.markerID) {
      counts[EntryContent(entry, withNote: withNotes), default: 0] += 1
    }
    return counts
  }
}

/// A marker on a day.
extension Importer {
  /// A random id for each row, as a typed reading gets: its short id is as short. A day's rows
  /// share an entry time, and entries tie-break by id, so theirs rise in the file's order: the
  /// file's order is kept, exporting again gives the same rows, and a sheet in date order is
  /// planned in the store's order (storing it sorts nothing). (Rising ids for the whole file
  /// crowded its latest readings at `ffff…`, with longer short ids.)
  ///
  /// A day's stored readings entered at `now` too (another import, or `add`, in the same second)
  /// tie on their time as well: the file's readings of that day get ids after theirs, so they
  /// come after them, as they were entered.
  static func freshIDs(for rows: ImportRows, after stored: [MarkerEntry] = [], at now: Timestamp? = nil) -> [UUID] {
    var ids = (0..<rows.count).map { _ in UUID.random() }
    var groups: [Int: [Int]] = [:]
    for (index, row) in rows.enumerated() where row.id == nil {
      groups[row.draft.date.dayNumber, default: []].append(index)
    }
    var lastOfDay: [Int: UUID] = [:]
    if let now {
      for entry in stored where entry.entryTimestamp == now {
        let day = entry.dateOfService.dayNumber
        if lastOfDay[day].map({ $0.sortsBefore(entry.id) }) ?? true { lastOfDay[day] = entry.id }
      }
    }
    for (day, fileOrder) in groups where fileOrder.count > 1 || lastOfDay[day] != nil {
      let indices = inTimeOrder(fileOrder, of: rows)
      var fresh = indices.map { ids[$0] }
      if let last = lastOfDay[day] {
        fresh = fresh.map { UUID.random(after: last) ?? $0 }
      }
      fresh.sort { $0.sortsBefore($1) }
      for (index, id) in zip(indices, fresh) { ids[index] = id }
    }
    return ids
  }

  /// A day's rows (`fileOrder`) with each test's rows in the order of their times when every one
  /// of them gives its time (a lab report newest first): the last drawn is the test's latest
  /// that day. A test with a row without a time keeps the file's order, and each test keeps the
  /// places its rows had (clinician review: an eGFR without a time, a calculated value, threw
  /// away the times of that day's potassium rows).
  static func inTimeOrder(_ fileOrder: [Int], of rows: ImportRows) -> [Int] {
    guard fileOrder.contains(where: { rows[$0].secondOfDay != nil }) else { return fileOrder }
    var places: [UUID: [Int]] = [:]
    for (place, index) in fileOrder.enumerated() { places[rows[index].draft.marker.id, default: []].append(place) }
    var ordered = fileOrder
    for test in places.values {
      guard let byTime = byTime(test.map { fileOrder[$0] }, secondOfDay: { rows[$0].secondOfDay }) else { continue }
      for (place, index) in zip(test, byTime) { ordered[place] = index }
    }
    return ordered
  }

  /// One test's rows of a day (`indices`, in the file's order) in the order of their times, or
  /// nil when there is nothing to order: one row, or a row without a time.
  /// NB: `sorted` is stable: rows drawn in the same second keep the file's order.
  static func byTime(_ indices: [Int], secondOfDay: (Int) -> Int32?) -> [Int]? {
    guard indices.count > 1 else { return nil }
    let times = indices.compactMap(secondOfDay)
    guard times.count == indices.count else { return nil }
    return zip(indices, times).sorted { $0.1 < $1.1 }.map(\.0)
  }
}

/// One result a lab sheet prints in two units (HbA1c 6.1% and 43 mmol/mol): the rows of a
/// marker drawn together (one day, one time or none, one note or none, no lab flag) that are
/// judged alike are matched in pairs, one row of each other unit to a reading
/// (`EntryChecks.sameResult`); the printing in the unit the person reads is kept, else the more
/// precise. A pair judged apart, or that no one result prints as both, is said (`lastApart`). Only within the file (a reading typed by hand is never matched: attacker's
/// look at stop 39) and only for a spreadsheet (glance's own layout keeps every row). Each row
/// is matched against the last few candidates of its marker and moment only, so a sheet of
/// thousands of rows of one day stays linear.
struct TwoUnits {
  struct Key: Hashable {
    var day: DayKey
    var second: Int32?
  }

  struct Candidate {
    /// Its place in the plan's entries; nil for a row stored already (a file imported again).
    var index: Int?
    /// The row as read (kept for a row stored already; else the plan's entry is read).
    var entry: MarkerEntry?
    /// The scales of units already matched to it.
    var paired: [[Double]] = []
    /// The decimals its row was printed with (`ImportRow.places`).
    var places: Int?
  }

  /// How many candidates of one marker and moment a row is matched against: a lab prints the
  /// two units of a result side by side.
  static let window = 8

  let active: Bool
  private var candidates: [Key: [Candidate]] = [:]
  /// The last match: the row left out, the one it matched and the one kept.
  private(set) var lastKept: (dropped: MarkerEntry, other: MarkerEntry, kept: MarkerEntry)?
  /// The last row kept beside a row of the same draw in another unit it is not the same result as.
  private(set) var lastApart: (entry: MarkerEntry, other: MarkerEntry)?

  /// The person's sex, for judging each printing; the unit they read a marker in.
  let sex: Sex?
  let reads: (MarkerDefinition) -> String

  init(active: Bool, sex: Sex? = nil, reads: @escaping (MarkerDefinition) -> String = { $0.unit }) {
    (self.active, self.sex, self.reads) = (active, sex, reads)
  }

  /// True when the two printings are judged alike: a pair judged apart (51 mg/dL "!" and 2.8
  /// mmol/L "!!", critical by an SI lab's limit) is two readings, so neither flag is lost
  /// (clinician's second look at stop 39: the merge had dropped a critical result).
  private func judgedAlike(_ a: MarkerEntry, _ b: MarkerEntry, marker: MarkerDefinition) -> Bool {
    let snapshot = MarkerSnapshot(definition: marker, tracked: nil, entries: [], sex: sex)
    return snapshot.status(of: a) == snapshot.status(of: b)
  }

  private static func key(_ entry: MarkerEntry, _ row: ImportRow) -> Key {
    Key(day: DayKey(entry), second: row.secondOfDay)
  }

  /// Positions in the plan's entries of rows a later row showed to be a result stored already,
  /// printed there in another unit (a file imported again: 6.1% is added before its 43 mmol/mol
  /// row is found stored); left out at the end.
  private(set) var storedAlready = Set<Int>()

  /// Notes `entry`, a row stored already, as one a later row may be the same result as; an
  /// earlier row of this import that is the same result is left out (`storedAlready`).
  /// True when it left one out (`lastKept` says which).
  mutating func stored(_ entry: MarkerEntry, row: ImportRow, entries: [MarkerEntry]) -> Bool {
    guard active else { return false }
    var leftOut = false
    if let match = match(entry, row: row, entries: entries), let index = match.candidate.index {
      storedAlready.insert(index)
      pair(match)
      lastKept = (match.other, entry, entry)
      leftOut = true
    }
    candidate(entry, row: row, at: nil)
    return leftOut
  }

  /// Notes `entry` (at `index` in the plan's entries, nil when stored already) as a row a later
  /// one may be the same result as.
  mutating func candidate(_ entry: MarkerEntry, row: ImportRow, at index: Int?) {
    guard active, !row.flagged else { return }
    let key = Self.key(entry, row)
    var list = candidates[key] ?? []
    if list.count == Self.window { list.removeFirst() }
    list.append(Candidate(index: index, entry: index == nil ? entry : nil, places: row.places.map(Int.init)))
    candidates[key] = list
  }

  private typealias Match = (
    key: Key, position: Int, candidate: Candidate, other: MarkerEntry,
    span: (span: ClosedRange<Double>, scale: [Double]), otherSpan: (span: ClosedRange<Double>, scale: [Double])
  )

  /// The latest candidate `entry` is the same result as, not yet matched to a row of its unit.
  private func match(_ entry: MarkerEntry, row: ImportRow, entries: [MarkerEntry]) -> Match? {
    guard !row.flagged else { return nil }
    let marker = row.draft.marker
    let places = row.places.map(Int.init)
    guard entry.comparator == nil, let span = EntryChecks.printedSpan(entry, marker: marker, places: places) else {
      return nil
    }
    let key = Self.key(entry, row)
    guard let list = candidates[key] else { return nil }
    for position in list.indices.reversed() {
      let candidate = list[position]
      guard let other = candidate.entry ?? candidate.index.map({ entries[$0] }),
        !candidate.paired.contains(span.scale), entry.note == nil || entry.note == other.note,
        EntryChecks.sameResult(other, entry, marker: marker, places: (candidate.places, places)),
        let otherSpan = EntryChecks.printedSpan(other, marker: marker, places: candidate.places),
        judgedAlike(other, entry, marker: marker)
      else { continue }
      return (key, position, candidate, other, span, otherSpan)
    }
    return nil
  }

  private mutating func pair(_ match: Match) {
    candidates[match.key]?[match.position].paired += [match.span.scale, match.otherSpan.scale]
  }

  /// True when `entry` is the same result as a candidate: then the candidate keeps the printing
  /// in the unit the person reads, else the more precise (in `entries` when it is the plan's),
  /// and `lastKept` says so. Else `lastApart` names a row of the same draw in another unit that
  /// it is kept beside.
  mutating func isSameResult(_ entry: MarkerEntry, row: ImportRow, entries: inout [MarkerEntry]) -> Bool {
    lastApart = nil
    guard active else { return false }
    guard let match = match(entry, row: row, entries: entries) else {
      // Printed in another unit for the same draw, but no one result prints as both (HbA1c 6.3%
      // and 47 mmol/mol): two readings, said (newcomer review at stop 39: kept without a word).
      let marker = row.draft.marker
      let places = row.places.map(Int.init)
      if entry.comparator == nil, let span = EntryChecks.printedSpan(entry, marker: marker, places: places),
        let list = candidates[Self.key(entry, row)]
      {
        for candidate in list.reversed() {
          guard let other = candidate.entry ?? candidate.index.map({ entries[$0] }), other.comparator == nil,
            EntryChecks.printedSpan(other, marker: marker, places: candidate.places).map({ $0.scale != span.scale })
              == true,
            !EntryChecks.sameResult(other, entry, marker: marker, places: (candidate.places, places))
              || !judgedAlike(other, entry, marker: marker)
          else { continue }
          lastApart = (entry, other)
          break
        }
      }
      return false
    }
    var kept = match.other
    // The printing in the unit the person reads the marker in, as the lab printed it (clinician's
    // second look at stop 39: 6.4% and 47 mmol/mol showed "6.5%"); in neither, the more precise.
    // A row stored already stays as it is.
    let marker = row.draft.marker
    let unit = UnitConverter.normalize(reads(marker))
    let inTheirs = { (entry: MarkerEntry) in UnitConverter.normalize(entry.typed(for: marker).unit) == unit }
    let width = { (span: ClosedRange<Double>) in span.upperBound - span.lowerBound }
    let takeNew =
      inTheirs(entry) != inTheirs(match.other)
      ? inTheirs(entry) : width(match.span.span) < width(match.otherSpan.span)
    if let index = match.candidate.index, takeNew {
      kept.value = entry.value
      kept.entered = entry.entered
      entries[index] = kept
      // Its printing is now this row's.
      candidates[match.key]?[match.position].places = row.places.map(Int.init)
    }
    pair(match)
    lastKept = (entry, match.other, kept)
    return true
  }
}

struct DayKey: Hashable {
  var marker: UUID
  var day: Int

  init(marker: UUID, day: Int) {
    self.marker = marker
    self.day = day
  }

  init(_ entry: MarkerEntry) {
    marker = entry.markerID
    day = entry.dateOfService.dayNumber
  }
}

/// What makes a visit without an id the same as a stored one.
struct VisitContent: Hashable {
  var date: CalendarDate
  var doctor: String
  var type: VisitType
  var label: String?
  var notes: String?

  init(_ visit: Visit) {
    date = visit.date
    doctor = visit.doctorName
    type = visit.visitType
    label = visit.visitTypeLabel
    notes = visit.notes
  }
}
