#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads a spreadsheet in either of the two layouts people keep:
///
/// - **One column per marker** ("Date, HDL, LDL (mmol/L), A1c, BP", by hand): headers are matched
///   through `SearchService`; a header that names no single marker is listed, never guessed. A
///   unit in brackets after a header converts that column.
/// - **One row per result** ("Date, Test, Result, Units", a lab report or a portal's download):
///   each row's test is resolved as `glance add` resolves a marker, its unit converted with the
///   marker's factors; tests that name no marker are left out and listed with their rows.
///
/// Both: a Note column is kept with the row's readings; every other column is used or named in
/// the summary; decimal commas are read when the columns are not separated by commas; dates are
/// ISO, day-first dotted, slashed when only one day is possible (or with `--dates us|eu`), or
/// words. Empty cells save nothing. Any bad cell refuses the whole file, naming its row.
enum SpreadsheetImporter {
  /// A CSV file's rows below its header, with how it was written.
  struct Sheet {
    var header: [String]
    var rows: CSV.Table
    var delimiter: UInt8 = SheetFormat.comma
    var dayOrder: DateParser.DayOrder? = nil
    /// `--fasting yes|no` (`FastingChoice`).
    var fasting: Bool? = nil
    /// Lines above the header (a lab's patient lines), left out; a row's line counts them.
    var linesAbove = 0
    /// A quoted "1,045" is 1045 (`SheetFormat.groupsThousands`).
    var groupsThousands = false
    /// A comma-separated file that writes decimal commas ("6,3"): a dot there groups thousands.
    var decimalCommas = false
    /// The first row holds the columns' units (`plan`), not readings.
    var unitsRow = false
  }

  /// The lab's flags printed beside values ("142 H", "18.2 (L)", "H 7.2") and left out, for the summary:
  /// glance judges by its own ranges. One rule for both layouts.
  struct LabFlags {
    var count = 0
    var first = ""
    /// True when the last value's flag called it critical (`SheetFormat.isCriticalFlag`).
    var lastCritical = false
    /// True when the last value's flag put it outside the lab's range (`SheetFormat.isOutsideFlag`).
    var lastOutside = false

    /// `text` without its flag, counted when it had one.
    mutating func leavingOut(from text: String) -> String {
      lastCritical = false
      lastOutside = false
      let unflagged = SheetFormat.withoutLabFlag(text)
      guard unflagged.flagged else { return text }
      if count == 0 { first = String(text.trimmingWhitespace().prefix(30)) }
      count += 1
      let whole = text.trimmingWhitespace()
      let flag =
        whole.hasPrefix(unflagged.text)
        ? whole.dropFirst(unflagged.text.count)
        : whole.hasSuffix(unflagged.text) ? whole.dropLast(unflagged.text.count) : ""
      lastCritical = SheetFormat.isCriticalFlag(String(flag))
      lastOutside = SheetFormat.isOutsideFlag(String(flag))
      return unflagged.text
    }

    func said(in plan: inout ImportPlan) {
      guard count > 0 else { return }
      plan.readAs.append(
        "the lab's flag beside \(counted(count, "value")) (\(quoted(first))\(count > 1 ? "…" : "")) left out: glance judges by its own ranges"
      )
    }
  }

  /// Numbers read in a way the summary says: a quoted decimal comma in a comma-separated file
  /// (`"6,3"` as 6.3), and a number that could be grouped in thousands read the one way its test
  /// allows (`2,345` TSH as 2.345: 2345 mIU/L is beyond what glance records).
  struct NumberNotes {
    var decimalCommas = 0
    var firstDecimalComma = ""
    var onlyPlausible = 0
    var firstOnlyPlausible = ""
    var filesWay = 0
    var firstFilesWay = ""

    func said(in plan: inout ImportPlan) {
      if decimalCommas > 0 {
        plan.readAs.append("a quoted comma between digits as a decimal point (\(firstDecimalComma))")
      }
      if filesWay > 0 {
        plan.readAs.append(
          "a point between digits as grouping thousands, as the file writes decimals with a comma (\(firstFilesWay)\(filesWay > 1 ? "…" : ""))"
        )
      }
      if onlyPlausible > 0 {
        plan.readAs.append(
          onlyPlausible == 1
            ? "a number glance can read only one way for its test read that way (\(firstOnlyPlausible))"
            : "\(onlyPlausible) numbers glance can read only one way for their test read that way (\(firstOnlyPlausible)…)"
        )
      }
    }
  }

  /// What a column holds, by its header (compared without case, spaces or punctuation).
  enum Role: Hashable {
    case date, test, result, unit, note, specimen
    /// The time of day the sample was taken, beside the date: it orders a day's readings.
    case time
    /// When the result was reported: the date only when no column says when the sample was taken.
    case reportDate
    /// A column glance reads no value from, with the reason the summary gives.
    case notRead(String)
  }

  /// Header words that mean "the date of the test".
  static let dateHeaders: Set<String> = [
    "date", "dates", "day", "testdate", "labdate", "dateofservice", "datedrawn", "drawn", "collected",
    "collectiondate", "datecollected", "collecteddate", "collectedon", "collectiondatetime", "specimendate",
    "sampledate", "observationdate", "effectivedate", "when", "datum",
    // As people head their own sheets (newcomer review at stop 34: "Date of test" was refused).
    "dateoftest", "dateoftests", "drawdate", "dateofdraw", "datetaken", "dateofcollection", "testedon",
    // French, Italian, Spanish and German lab sheets (accents fold: "Date du prélèvement").
    "datedeprelevement", "dateduprelevement", "prelevement", "entnahmedatum", "abnahmedatum", "fecha",
  ]
  static let reportDateHeaders: Set<String> = [
    "resultdate", "resulteddate", "reportdate", "reporteddate", "datereported", "dateresulted", "issued",
    "issueddate", "verifieddate",
  ]
  static let testHeaders: Set<String> = [
    "test", "tests", "testname", "labtest", "marker", "markers", "markername", "markerkey", "analyte", "name",
    "item", "parameter", "component", "observation", "description", "testdescription",
    "analyse", "analyses", "examen", "parametre", "untersuchung", "bezeichnung", "esame", "analisi", "prueba",
    "determinacion",
  ]
  static let resultHeaders: Set<String> = [
    "result", "results", "value", "values", "resultvalue", "observationvalue", "reading", "wert", "ergebnis",
    "messwert", "resultat", "resultats", "valeur", "risultato", "valore", "resultado", "valor",
  ]
  static let unitHeaders: Set<String> = [
    "unit", "units", "uom", "unitofmeasure", "unitsofmeasure", "unitofmeasurement", "resultunit", "resultunits",
    "einheit", "einheiten", "unite", "unites", "unita", "unidad", "unidades",
  ]
  /// The sample a result was measured in: glance's markers are blood tests (UACR: urine).
  static let specimenHeaders: Set<String> = ["specimen", "specimentype", "specimensource", "sample", "sampletype"]
  static let bloodSpecimens: Set<String> = [
    "", "serum", "plasma", "blood", "wholeblood", "venousblood", "capillaryblood", "arterialblood", "serumplasma",
    "serumorplasma", "plasmaserum", "ser", "serpl", "serplas", "pl", "plas", "bld", "wb", "edta", "edtablood",
    "edtaplasma", "heparinplasma", "lithiumheparin", "lihepplasma", "serumpl",
  ]
  static let urineSpecimens: Set<String> = [
    "urine", "randomurine", "urinerandom", "spoturine", "urinespot", "firstmorningurine", "morningurine", "ur",
    "urn",
  ]
  static let noteHeaders: Set<String> = [
    "note", "notes", "comment", "comments", "remark", "remarks", "kommentar", "bemerkung", "bemerkungen",
    "anmerkung", "commentaire", "commentaires", "remarque", "remarques", "commento", "comentario", "observaciones",
  ]
  /// The lab's range and flag: glance judges by the marker's own range and your targets.
  static let rangeHeaders: Set<String> = [
    "referencerange", "range", "refrange", "reference", "referenceinterval", "normalrange", "normal", "flag", "flags",
    "abnormal", "abnormalflag", "interpretation", "hl", "standardrange", "normalvalues", "referencevalues",
    "refinterval", "labrange", "referenzbereich", "normbereich", "normwert", "referenz", "valeursdereference",
    "valeurdereference", "valeursnormales", "intervallodiriferimento", "valoridiriferimento", "rangodereferencia",
    "valoresdereferencia",
  ]
  static let orderedHeaders: Set<String> = ["ordered", "ordereddate", "orderdate", "dateordered"]
  static let timeHeaders: Set<String> = [
    "time", "collectiontime", "timecollected", "collectedtime", "drawntime", "timedrawn", "sampletime",
    "zeit", "uhrzeit", "entnahmezeit", "abnahmezeit", "heure", "heuredeprelevement", "ora", "hora",
  ]
  static let rangeReason = "the lab's range and flag: glance judges by its own ranges and your targets"

  /// How many lines above a header glance looks through for it (`Importer.plan`).
  static let linesAboveHeader = 10

  /// True when `title` heads a column of dates.
  static func isDateHeader(_ title: String) -> Bool {
    let role = role(title.trimmingWhitespace())
    return role == .date || role == .reportDate
  }

  /// A result status that is not final yet, as a portal's Status column or HL7's result status
  /// (OBX-11) writes it: such a row is left out, as a FHIR import leaves out a preliminary
  /// observation (newcomer review at stop 37: a preliminary TSH was kept beside its correction).
  static let notFinalStatuses: Set<String> = [
    "preliminary", "prelim", "p", "partial", "s", "pending", "i", "inprogress", "incomplete", "registered",
    "notverified", "unverified", "r", "provisional", "provisoire", "vorlaufig", "preliminar", "preliminare",
  ]
  /// A result status that withdraws the result: cancelled, deleted, entered in error.
  static let withdrawnStatuses: Set<String> = [
    "cancelled", "canceled", "x", "d", "deleted", "w", "wrong", "enteredinerror", "error", "void", "voided",
    "invalid", "rejected", "withdrawn", "storniert", "annule", "anulado", "annullato",
  ]
  static let statusHeaders: Set<String> = ["status", "resultstatus", "statusofresult", "befundstatus"]

  /// What a lab report's Status cell says of its row's result, by its words (attacker's second
  /// look at stop 37: "not final", "preliminary - final to follow", "Vorläufiger Befund",
  /// "retracted" had been read as final).
  enum ResultStatus: Int, Comparable {
    /// Cancelled, entered in error, retracted: no result at all.
    case withdrawn = 0
    case notFinal = 1
    /// Final, or anything else the cell says (a flag a portal put there).
    case final = 2
    /// Corrected or amended: it replaces the row's other results of that test and day.
    case corrected = 3

    init(_ text: String) {
      let words = SearchText(text).words
      let compact = words.joined()
      func says(_ set: Set<String>) -> Bool { set.contains(compact) || words.contains(where: set.contains) }
      if withdrawnStatuses.contains(compact) || words.contains(where: withdrawnWords.contains) {
        self = .withdrawn
      } else if notFinalStatuses.contains(compact) || says(notFinalWords)
        || (words.contains(where: ["not", "nicht", "non", "no"].contains) && words.contains("final"))
      {
        self = .notFinal
      } else if says(correctedStatuses) {
        self = .corrected
      } else {
        self = .final
      }
    }

    static func < (left: ResultStatus, right: ResultStatus) -> Bool { left.rawValue < right.rawValue }
  }

  static let notFinalWords: Set<String> = [
    "preliminary", "prelim", "partial", "pending", "incomplete", "provisional", "provisoire", "vorlaufig",
    "vorlaufiger", "vorlaufiges", "teilbefund", "ausstehend", "bearbeitung", "awaiting", "unconfirmed",
    "unverified", "preliminar", "preliminare", "registered", "inprocess", "inprogress",
  ]
  static let withdrawnWords: Set<String> = [
    "cancel", "cancelled", "canceled", "retracted", "superseded", "withdrawn", "deleted", "void", "voided",
    "storniert", "annule", "anulado", "annullato", "error", "invalid", "rejected",
  ]
  static let correctedStatuses: Set<String> = [
    "corrected", "c", "amended", "revised", "korrigiert", "corrige", "corregido", "corretto",
  ]

  /// Why a row with `status` is left out; nil for a result to read. `superseded`: the line of
  /// a row of the same test and day whose result replaces this one (a final after a
  /// preliminary, a correction after a final: newcomer's second look at stop 37).
  static func leftOut(status: ResultStatus, text: String, superseded: Int?) -> String? {
    let said = quoted(TerminalText.cut(text, limit: 20))
    switch status {
    case .withdrawn: return "\(said), withdrawn by the lab"
    case .notFinal:
      return superseded.map { "\(said), not final; row \($0) has the lab's later result" }
        ?? "\(said), not final yet; import it again when the final result is in"
    case .final, .corrected:
      return superseded.map { "replaced by the lab's correction in row \($0)" }
    }
  }

  static func role(_ title: String) -> Role? {
    let key = SearchText(title).compact
    if dateHeaders.contains(key) { return .date }
    if reportDateHeaders.contains(key) { return .reportDate }
    if timeHeaders.contains(key) { return .time }
    if orderedHeaders.contains(key) {
      return .notRead("when it was ordered: glance keeps the day the sample was taken")
    }
    if specimenHeaders.contains(key) { return .specimen }
    if testHeaders.contains(key) { return .test }
    if resultHeaders.contains(key) { return .result }
    if unitHeaders.contains(key) { return .unit }
    if noteHeaders.contains(key) { return .note }
    if rangeHeaders.contains(key) { return .notRead(rangeReason) }
    // A portal's result status (Final, Corrected, Preliminary) or an abnormal status: read in
    // a lab report (`planLong`), not in a sheet with a column per marker.
    if statusHeaders.contains(key) {
      return .notRead("a result's status (final, corrected) or flag: glance reads each row's result as given")
    }
    return nil
  }

  /// Of two test columns, the one that names a panel beside a "Component" (or "Analyte") column:
  /// its index in `at`; nil when neither is a component, or both are.
  static func panelBeside(_ first: String, _ second: String, at indices: (Int, Int)) -> Int? {
    let components: Set<String> = ["component", "componentname", "analyte", "testcomponent"]
    switch (components.contains(SearchText(first).compact), components.contains(SearchText(second).compact)) {
    case (true, false): return indices.1
    case (false, true): return indices.0
    default: return nil
    }
  }

  /// Cells that mean "no value"; a result not (yet) given too: "pending", "TNP" (test not
  /// performed), "QNS" (quantity not sufficient), as lab reports print them.
  static let blanks: Set<String> = [
    "", "-", "--", "—", "na", "n/a", "n.a.", "none", "nd", "x", "?", "pending", "tnp", "qns", "not done",
    "not performed", "cancelled", "canceled", "see note", "see comment",
    // A German lab's (newcomer review at stop 39): cancelled, not determinable or determined,
    // see the remark, to follow.
    "storniert", "n.b.", "nb", "nicht bestimmbar", "nicht bestimmt", "s. bem.", "s.bem.", "siehe bemerkung",
    "siehe befund", "folgt", "entfällt",
  ]

  static func plan(
    _ sheet: Sheet, replace: Bool, into document: GlanceDocument, library: MarkerLibrary, today: CalendarDate,
    now: Timestamp
  ) throws -> ImportPlan {
    var header = sheet.header.map { $0.trimmingWhitespace() }
    var roles: [Role: Int] = [:]
    var panelNotRead: Int?
    for (index, title) in header.enumerated() {
      guard let role = role(title) else { continue }
      if case .notRead = role { continue }
      // A portal's "Test Name" (the panel, "LIPID PANEL") beside its "Component" (the test):
      // the component is each row's test (newcomer review at stop 39: such a download was refused
      // as two columns saying the same thing).
      if role == .test, let other = roles[.test], let panel = panelBeside(header[other], title, at: (other, index)) {
        panelNotRead = panel
        roles[.test] = panel == other ? index : other
        continue
      }
      // Two columns for one role ("Result" and "Value") would leave glance to pick one.
      if let other = roles[role] { throw ImportError.columnsShareRole(header[other], title) }
      roles[role] = index
    }
    // The day the sample was taken; the day it was reported only when the sheet has no other.
    var reportDateNotRead: Int?
    if roles[.date] == nil, let report = roles[.reportDate] {
      roles[.date] = report
    } else {
      reportDateNotRead = roles[.reportDate]
    }
    roles[.reportDate] = nil
    guard let dateColumn = roles[.date] else { throw ImportError.noDateColumn(header) }
    // A row of units under the header: no date, and units where results go. In a sheet with a
    // column per marker each is that column's unit, as in its header (newcomer review: such a
    // file, Excel's habit, was refused); one a header contradicts, or in a lab report, refused.
    var unitsRowRead = false
    if let first = sheet.rows.first, dateColumn >= first.count || first[dateColumn].trimmingWhitespace().isEmpty,
      first.indices.contains(where: { $0 != dateColumn && MarkerResolver.isUnit(first[$0], among: library.markers) })
    {
      guard roles[.test] == nil, roles[.result] == nil else { throw ImportError.unitsRow }
      for index in first.indices where index != dateColumn && index < header.count {
        let unit = first[index].trimmingWhitespace()
        guard MarkerResolver.isUnit(unit, among: library.markers) else {
          guard unit.isEmpty else { throw ImportError.unitsRow }
          continue
        }
        if let said = splitUnit(header[index]).1 {
          guard UnitConverter.normalize(said) == UnitConverter.normalize(unit) else { throw ImportError.unitsRow }
        } else if !header[index].lowercased().hasSuffix(" " + unit.lowercased()) {
          // "HbA1c %" over "%" says it already.
          header[index] += " (\(unit))"
        }
      }
      unitsRowRead = true
    }
    // A row with more cells than the header has columns: a date with a comma not in quotes, or
    // a cell split in two. Every cell is used or named, so such a row is refused, never cut.
    var problems: [String] = []
    for (offset, row) in sheet.rows.enumerated() where row.count > header.count {
      if row[header.count...].contains(where: { !$0.trimmingWhitespace().isEmpty }) {
        problems.append(
          "row \(offset + 2 + sheet.linesAbove) has \(row.count) cells and the header \(header.count) (a date or value with a comma needs quotes)"
        )
      }
    }
    if !problems.isEmpty { throw ImportError.problems(problems) }
    let (dayOrder, decidedBy) = try SheetFormat.dayOrder(
      sheet.rows.map { dateColumn < $0.count ? $0[dateColumn] : "" }, given: sheet.dayOrder)
    var plan: ImportPlan
    var rows: ImportRows
    var sheet = sheet
    // Read as units, and passed over as a row, so every later row keeps its number.
    sheet.unitsRow = unitsRowRead
    let grouping = SheetFormat.groupsThousands(sheet.rows, delimiter: sheet.delimiter)
    sheet.groupsThousands = grouping.reads
    sheet.decimalCommas = grouping.decimalCommas
    if sheet.delimiter != SheetFormat.comma {
      // Only the cells that hold results say how the file writes numbers: a note's "BP 120,80" or
      // a range column's "30,0 - 400,0" is no decimal comma (attacker's second look at stop 39:
      // a PSA "1.250" became 1250 beside such a note).
      let others: Set<Int> = Set(
        [Role.date, .test, .unit, .note, .time, .reportDate, .specimen].compactMap { roles[$0] }
          + [reportDateNotRead, panelNotRead].compactMap { $0 })
      let values = header.indices.filter { index in
        guard !others.contains(index) else { return false }
        if case .notRead = role(header[index]) { return false }
        return true
      }
      sheet.decimalCommas = SheetFormat.writesDecimalCommasOnly(sheet.rows, columns: values)
    }
    var columns = Columns(header: header, roles: roles, date: dateColumn, dayOrder: dayOrder, sheet: sheet)
    columns.reportDateNotRead = reportDateNotRead
    columns.panelNotRead = panelNotRead
    columns.typingUnit = { document.typingUnit(for: $0) }
    if let test = roles[.test], let result = roles[.result] {
      (plan, rows) = try planLong(
        columns, test: test, result: result, replace: replace, markers: library.markers + document.customMarkers,
        today: today)
    } else {
      (plan, rows) = try planWide(
        columns, replace: replace, markers: library.markers + document.customMarkers, today: today)
    }
    // The results the lab called critical where glance's limits do not, and those it flagged
    // outside its range that glance's range holds (newcomer review this session: Quest's vitamin
    // D 28 L showed ✓ and nothing said why), named as a portal's are: as shown, and by name.
    func differing(_ indices: [Int], of rows: borrowing ImportRows, glanceAgrees: (Judgement) -> Bool)
      -> [(shown: String, name: String)]
    {
      indices.compactMap { index in
        let draft = rows[index].draft
        let entry = draft.entry(at: Timestamp(secondsSince1970: 0), source: .fileImport)
        guard !glanceAgrees(document.judging(draft.marker).judgement(of: entry)) else { return nil }
        let shown = document.shownText(of: draft)
        let day = DateText.long(draft.date)
        return (
          "\(draft.marker.shortName) \(shown.typed ?? shown.text) on \(day)", "\(draft.marker.displayName) on \(day)"
        )
      }
    }
    let critical = differing(plan.criticalFlaggedRows, of: rows) { $0.status.isCritical }
    plan.labCritical += critical.map(\.shown)
    plan.labCriticalNames += critical.map(\.name)
    // A range that depends on a sex not given is no range that holds it (clinician's third look
    // this session: hemoglobin 12.5 L was "inside glance's range" beside "range depends on sex").
    // A marker glance has no range for (your own) is not "inside glance's" (newcomer's second
    // look at stop 37: a Random glucose the lab flagged H was said to be).
    plan.labOutside += differing(plan.outsideFlaggedRows, of: rows) {
      $0.status.isOutOfRange || $0.dependsOnSex || $0.status == .noRange || $0.status == .indeterminate
    }
    .map(\.shown)
    (plan.criticalFlaggedRows, plan.outsideFlaggedRows) = ([], [])
    if let name = SheetFormat.delimiterName(sheet.delimiter) {
      plan.readAs.append("columns separated by \(name), a comma between digits as a decimal point")
    }
    if let dayOrder, let decidedBy {
      let form = decidedBy.utf8.contains(UInt8(ascii: "-")) ? "dashed" : "slashed"
      plan.readAs.append(
        "\(form) dates \(dayOrder == .monthFirst ? "month" : "day") first (as \(quoted(decidedBy)) can only be)")
    } else if let dayOrder,
      let short = sheet.rows.lazy.compactMap({ dateColumn < $0.count ? $0[dateColumn] : nil }).first(
        where: SheetFormat.isDashedTwoDigit),
      let day = try? DateParser.parse(short, today: today, for: .reading, order: dayOrder)
    {
      // Given --dates, a date that may be year first is said as read (clinician and attacker
      // reviews at stop 37: "25-02-03" became Feb 25, 2003, unsaid).
      plan.readAs.append(
        "dates like \(quoted(short.trimmingWhitespace())) \(dayOrder == .monthFirst ? "month" : "day") first, as --dates \(dayOrder == .monthFirst ? "us" : "eu") says: \(DateText.long(day)), not year first"
      )
    }
    if grouping.holds {
      plan.readAs.append("a comma between groups of three digits as a thousands separator (1,045 as 1045)")
    }
    if unitsRowRead {
      plan.readAs.append("a row of units under the header (row \(2 + sheet.linesAbove)) as each column's unit")
    }
    if sheet.linesAbove > 0 {
      plan.readAs.append(
        "the header on line \(sheet.linesAbove + 1); the \(counted(sheet.linesAbove, "line")) above it (the lab's, not readings) left out"
      )
    }
    let asked = questions(rows, header: header, replace: replace, document: document)
    Importer.addRows(consume rows, to: &plan, document: document, now: now, asking: asked)
    // The questions name every unusual value already.
    plan.unusual = []
    return plan
  }

  /// The header's columns and what the whole file says about reading a row.
  struct Columns {
    var header: [String]
    var roles: [Role: Int]
    var date: Int
    var dayOrder: DateParser.DayOrder?
    var sheet: Sheet
    /// A report-date column beside the collection date: named, not read.
    var reportDateNotRead: Int? = nil
    /// A panel's name beside a Component column (`panelBeside`): named, not read.
    var panelNotRead: Int? = nil
    /// The unit a bare number of a marker is read in: the person's (`glance units`), nil for
    /// the marker's own.
    var typingUnit: (MarkerDefinition) -> String? = { _ in nil }

    func cell(_ row: CSV.Row, _ index: Int?) -> String {
      guard let index, index < row.count else { return "" }
      return CSV.unprotect(row[index]).trimmingWhitespace()
    }

    func isBlank(_ text: String) -> Bool { blanks.contains(text.lowercased()) }

    /// The second of the day the row's sample was taken: the date cell's time, else the time
    /// column's.
    func secondOfDay(_ row: CSV.Row) -> Int? {
      DateParser.secondOfDay(cell(row, date)) ?? roles[.time].flatMap { DateParser.secondOfDay(time: cell(row, $0)) }
    }

    /// Names the time column, when the sheet has one, as read (`plan.columns`, `used`).
    func readTime(into plan: inout ImportPlan, used: inout Set<Int>) {
      guard let time = roles[.time] else { return }
      used.insert(time)
      plan.columns.append("\(quoted(header[time])) → the time (orders a day's readings)")
    }

    /// The row's date, or nil with the problem naming its row and column added to `problems`.
    /// A date a file can hold does not depend on the day it is imported: "today", "3 days ago"
    /// or "Feb 15" (which year?) are refused.
    func date(_ row: CSV.Row, line: Int, today: CalendarDate, problems: inout [String]) -> CalendarDate? {
      let text = cell(row, date)
      let place = "row \(line), column \(quoted(header[date]))"
      guard !text.trimmingWhitespace().isEmpty else {
        problems.append("\(place): no date (each row of readings needs its day)")
        return nil
      }
      do {
        let day = try DateParser.parse(text, today: today, for: .reading, order: dayOrder)
        let later = today.adding(months: 12 * 50) ?? today
        guard (try? DateParser.parse(text, today: later, for: .reading, order: dayOrder)) == day else {
          problems.append("\(place): \(quoted(text)) is not a day of its own (a file needs the day with its year)")
          return nil
        }
        return day
      } catch let error {
        switch error {
        case .futureDate, .dateTooEarly: problems.append("\(place): \(error.message)")
        default:
          let shown = TerminalText.cut(text, limit: 40)
          // "11/20/2001" with --dates eu: it can only be month first (newcomer review at stop 37:
          // "not a date glance reads" did not say why).
          let other: DateParser.DayOrder? = dayOrder.map { $0 == .dayFirst ? .monthFirst : .dayFirst }
          let otherOnly =
            other.flatMap { try? DateParser.parse(text, today: today, for: .reading, order: $0) } != nil
          let hint =
            otherOnly
            ? " as \(dayOrder == .dayFirst ? "day" : "month") first (--dates \(dayOrder == .dayFirst ? "eu" : "us")): it can only be \(dayOrder == .dayFirst ? "month" : "day") first, so the file's dates are written two ways; make them one way (or write them as 2024-03-14)"
            : Self.isSpreadsheetDayNumber(text)
              ? " (a spreadsheet's day number: format the column as dates in the spreadsheet, then save the CSV again)"
              : DateParser.isMonthOnly(text) ? " (" + DateText.monthOnlyHint + ")" : ""
          problems.append("\(place): \(quoted(shown)) is not a date glance reads" + hint)
        }
        return nil
      }
    }

    /// True for a number a spreadsheet writes for a date cell left unformatted (Excel's 44927 is
    /// 2023-01-01), with a time as its fraction: 1 to 99,999, a year (1900–2100) aside. Only named:
    /// whether it counts from 1900 or 1904 is the workbook's setting, which the CSV does not carry.
    static func isSpreadsheetDayNumber(_ text: String) -> Bool {
      let parts = text.utf8.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
      guard let whole = parts.first, (1...5).contains(whole.count),
        parts.allSatisfy({ $0.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }),
        parts.count == 1 || !parts[1].isEmpty
      else { return false }
      let day = whole.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
      return day >= 1 && !(1900...2100).contains(day)
    }

    /// The row's note, or nil when it has no Note column or the cell is empty.
    func note(_ row: CSV.Row) -> String? {
      let text = cell(row, roles[.note])
      return text.isEmpty ? nil : text
    }

    /// The columns left out that are known not to hold readings, grouped by why: "“Reference
    /// Range”, “Flag” (the lab's range and flag: …)". With `unknown`, also every other column
    /// not used ("… (not a column glance reads)").
    func notRead(used: Set<Int>, unknown: Bool = false) -> [String] {
      var reasons: [(reason: String, titles: [String])] = []
      for index in header.indices where !used.contains(index) {
        let reason: String
        let title = header[index].isEmpty ? "column \(index + 1)" : quoted(header[index])
        if header[index].isEmpty {
          // A column without a name is named only when it holds something.
          guard sheet.rows.contains(where: { !cell($0, index).isEmpty }) else { continue }
          reason = "no name in the header"
        } else if index == reportDateNotRead {
          reason = "when the result was reported: glance keeps the day the sample was taken"
        } else if index == panelNotRead {
          reason = "the panel's name: each row's test is in its component"
        } else if case .notRead(let why) = role(header[index]) {
          reason = why
        } else if unknown {
          reason = "not a column glance reads"
        } else {
          continue
        }
        if let at = reasons.firstIndex(where: { $0.reason == reason }) {
          reasons[at].titles.append(title)
        } else {
          reasons.append((reason, [title]))
        }
      }
      return reasons.map { "\($0.titles.joinedText(", ")) (\($0.reason))" }
    }
  }

  /// A dry run's line for a reading it would add, as glance read it (its date, above all, after a
  /// spreadsheet rewrote it): "row 2: Jan 15, 2024, LDL Cholesterol 119.9 mg/dL (3.1 mmol/L),
  /// note “fasting”", in the person's unit (`glance units`), with the value as the file gave it
  /// when that differs.
  static func preview(_ row: ImportRow, place: String, document: GlanceDocument) -> String {
    let draft = row.draft
    let shown = document.shownText(of: draft)
    // Not "6.0 mEq/L (6 mmol/L)": a unit of the same number is not said beside it.
    let same = draft.entered.map { document.judging(draft.marker).sameNumber(in: $0.unit) } ?? false
    return "\(place) \(row.line): \(DateText.long(draft.date)), \(draft.marker.displayName) \(shown.text)"
      + (same ? "" : shown.typed.map { " (\($0))" } ?? "") + (draft.note.map { ", note \(quoted($0))" } ?? "")
  }

  /// How many readings a dry run shows.
  static let previewed = 5

  /// The readings of one cell: one, or two for a blood pressure ("128/82").
  /// A bare number (no unit in the cell, its column's header or a unit column) is read in
  /// `typingUnit`'s unit for the marker, the person's: a European sheet's "28" vitamin D is
  /// 28 nmol/L for someone who reads SI.
  static func readings(
    _ markers: [MarkerDefinition], text: String, unit: String?, date: CalendarDate, note: String?, line: Int,
    delimiter: UInt8, groupsThousands: Bool = false, decimalCommas: Bool = false, secondOfDay: Int? = nil,
    flagged: Bool = false, typingUnit: (MarkerDefinition) -> String? = { _ in nil }, notes: inout NumberNotes
  ) throws(EntryError) -> [ImportRow] {
    var text = text
    // "1.250" or "1,020" where commas are decimal marks: 1250 or 1.25? Never guessed: read the
    // one way that is plausible for the test, or refused when both are. Where the file groups
    // thousands, its "1,100" is 1100 unless only 1.1 is plausible for the test.
    if SheetFormat.ambiguous(text, delimiter: delimiter, groupsThousands: groupsThousands, decimalCommas: decimalCommas)
    {
      let both = markers.count == 1 ? SheetFormat.twoReadings(text) : nil
      let plausible =
        both.map { both in
          [both.grouped, both.decimal].filter { candidate in
            guard let draft = try? row(markers[0], candidate).draft else { return false }
            return !markers[0].isOffScale(draft.value)
          }
        } ?? []
      let onlyDecimal = both.map { plausible == [$0.decimal] } ?? false
      // A file not separated by commas that writes decimals only with a comma: its "1.250" is
      // 1250 and its "1,020" 1.02, when that is plausible for the test (`writesDecimalCommasOnly`).
      let filesWay = both.map { text.utf8.contains(SheetFormat.comma) ? $0.decimal : $0.grouped }
      if delimiter != SheetFormat.comma, decimalCommas, let filesWay, plausible.contains(filesWay) {
        if notes.filesWay == 0 { notes.firstFilesWay = "\(quoted(String(text.prefix(30)))) as \(filesWay)" }
        notes.filesWay += 1
        text = filesWay
      } else if groupsThousands, !onlyDecimal, text.utf8.contains(SheetFormat.comma),
        let grouped = SheetFormat.withoutThousands(text)
      {
        // "12,345.6", "1,045,000", or a "1,100" that is plausible as 1100: the file's way.
        text = grouped
      } else {
        guard let both, plausible.count == 1 else { throw EntryError.ambiguousNumber(text) }
        if notes.onlyPlausible == 0 {
          let other = plausible[0] == both.grouped ? both.decimal : both.grouped
          notes.firstOnlyPlausible =
            "\(quoted(String(text.prefix(30)))) \(markers[0].shortName) as \(plausible[0]), not \(other)"
        }
        notes.onlyPlausible += 1
        text = plausible[0]
      }
    } else {
      let number = SheetFormat.number(text, delimiter: delimiter, groupsThousands: groupsThousands)
      if delimiter == SheetFormat.comma, number != text, SheetFormat.withoutThousands(text) == nil {
        if notes.decimalCommas == 0 { notes.firstDecimalComma = "\(quoted(String(text.prefix(30)))) as \(number)" }
        notes.decimalCommas += 1
      }
      text = number
    }
    if markers.count == 2 {
      let parts = text.split(separator: "/").map { String($0).trimmingWhitespace() }
      guard parts.count == 2 else { throw EntryError.bloodPressureFormat(text) }
      var rows: [ImportRow] = []
      for (marker, part) in zip(markers, parts) {
        // Either half unreadable ("128/82 (L arm)"): refused as a blood pressure, with its form
        // (newcomer review at stop 34: the hint showed "89, 5.6, <0.5").
        guard let read = try? row(marker, part) else { throw EntryError.bloodPressureFormat(text) }
        rows.append(read)
      }
      return rows
    }
    return [try row(markers[0], text)]
    func row(_ marker: MarkerDefinition, _ text: String) throws(EntryError) -> ImportRow {
      let typed = unit != nil || (try? ValueParser.parse(text))?.unit != nil
      let readIn = typed ? nil : typingUnit(marker)
      let draft = try EntryPlanner.draft(
        marker, valueText: text, unit: unit, defaultUnit: readIn, date: date, note: note, existing: [])
      return ImportRow(
        draft: draft, source: .fileImport, line: line, unitTyped: typed || readIn != nil, readIn: readIn,
        secondOfDay: secondOfDay.map { Int32($0) }, places: SheetFormat.printedPlaces(text).map { Int8($0) },
        flagged: flagged)
    }
  }

  // MARK: one column per marker

  /// True when a date cell says a summary row ("Average"): only a cell that starts with a letter
  /// is looked at, as a large sheet's dates are not (issue 12).
  static func isSummaryRow(_ dateCell: String) -> Bool {
    guard let first = dateCell.utf8.first, first >= 0x41 else { return false }
    return summaryWords.contains(SearchText(dateCell).compact)
  }

  /// How many different test names a lab report may hold that match no marker.
  static let unknownNamesLimit = 2_000

  /// What a sheet's summary row says where a date goes, in English, German, French, Spanish,
  /// Italian and Dutch.
  static let summaryWords: Set<String> = [
    "average", "avg", "mean", "median", "total", "sum", "min", "max", "minimum", "maximum", "durchschnitt",
    "mittelwert", "summe", "moyenne", "promedio", "media", "gemiddelde", "gemiddeld",
  ]

  static func planWide(
    _ columns: Columns, replace: Bool, markers: [MarkerDefinition], today: CalendarDate
  ) throws -> (ImportPlan, ImportRows) {
    let header = columns.header
    // One index for every header: building it per column made 20,000 columns take 21 s.
    let search = SearchService(markers: markers)
    var plan = ImportPlan(kind: .spreadsheet, replace: replace)
    // Each column: the marker(s) it fills (two for blood pressure) and the unit from its header.
    var filled: [(index: Int, header: String, markers: [MarkerDefinition], unit: String?)] = []
    var used: Set<Int> = [columns.date]
    if let note = columns.roles[.note] {
      used.insert(note)
      plan.columns.append("\(quoted(header[note])) → the note of each reading of its row")
    }
    columns.readTime(into: &plan, used: &used)
    // Columns of another test glance can still judge for a critical limit (`LeftOutCritical`).
    var judged: [(index: Int, title: String, judge: LeftOutJudge, unit: String?)] = []
    for (index, title) in header.enumerated() where !used.contains(index) {
      guard !title.isEmpty else { continue }
      var (name, unit) = splitUnit(title)
      // "LDL mmol/L" without brackets says its unit too; "Weight lb (kg)", two, is refused.
      do {
        let named = try MarkerResolver.nameAndUnit(name, among: markers)
        (name, unit) = (named.name, try MarkerResolver.unit(inName: named.unit, given: unit, name: title))
      } catch {
        throw ImportError.problems(["column \(quoted(title)): " + error.message])
      }
      if role(name) != nil {
        if case .notRead = role(name) { continue }
        if index == columns.reportDateNotRead { continue }
        plan.unmatchedColumns.append(title)
        continue
      }
      if let judge = LeftOutJudge.of(name, among: markers, search: search) {
        judged.append((index, title, judge, unit))
      }
      if let resolved = try? MarkerResolver.markers(name, among: markers, search: search) {
        // Two columns filling one marker ("Urine Creatinine" and "Creatinine" read alike) would
        // mix two tests in one history: refused, never merged.
        if let other = filled.first(where: { column in column.markers.contains { resolved.contains($0) } }) {
          throw ImportError.columnsShareMarker(other.header, title, resolved[0].displayName)
        }
        filled.append((index, title, resolved, unit))
        used.insert(index)
        plan.columns.append("\(quoted(title)) → " + resolved.map(\.displayName).joinedText(" and "))
      } else {
        plan.unmatchedColumns.append(title)
      }
    }
    // A Status column: a row not final yet or withdrawn is left out, as in a lab report
    // (attacker's second look at stop 37: a sheet with a column per marker read them all).
    let statusColumn = header.firstIndex { statusHeaders.contains(SearchText($0).compact) }
    if let statusColumn {
      used.insert(statusColumn)
      plan.columns.append(
        "\(quoted(header[statusColumn])) → each row's status: a row not final yet or withdrawn (cancelled) is left out")
    }
    plan.notRead = columns.notRead(used: used)
    guard !filled.isEmpty else { throw ImportError.noMarkerColumns(header) }
    var problems: [String] = []
    var rows = ImportRows()
    var flags = LabFlags()
    var notes = NumberNotes()
    var notesAlone: [Int] = []
    var fasting = FastingChoice(given: columns.sheet.fasting, markers: markers)
    // The rows of each column asked whether they were fasting, by the column's index.
    var asked: [Int: [Int]] = [:]
    // "n/a", "-", "none": no reading, left out and counted (newcomer review: 30 went unsaid).
    var noReading = 0
    var firstNoReading = ""
    for (offset, row) in columns.sheet.rows.enumerated() where offset > 0 || !columns.sheet.unitsRow {
      let line = offset + 2 + columns.sheet.linesAbove
      for column in judged where !Self.isSummaryRow(columns.cell(row, columns.date)) {
        guard let typed = Self.typed(columns.cell(row, column.index), sheet: columns.sheet),
          column.judge.isCritical(typed, unit: column.unit, markers: markers)
        else { continue }
        plan.criticalLeftOut.append(
          "\(quoted(column.title)) in row \(line) (\(column.judge.why(typed, unit: column.unit, markers: markers)))")
      }
      let cells = filled.map { columns.cell(row, $0.index) }
      for text in cells where !text.isEmpty && columns.isBlank(text) {
        if noReading == 0 { firstNoReading = text }
        noReading += 1
      }
      if cells.allSatisfy(columns.isBlank) {
        // A row with a note and no reading ("missed appt"): its note has nowhere to go, and is
        // said (newcomer review at stop 33: it went unsaid).
        if columns.note(row) != nil { notesAlone.append(line) }
        continue
      }
      // A summary row under the readings ("Average", "Mean"): not readings of a day (newcomer
      // review at stop 34: it refused the whole sheet).
      let dateCell = columns.cell(row, columns.date)
      if Self.isSummaryRow(dateCell) {
        plan.rowsLeftOut.append(
          "row \(line) (\(quoted(TerminalText.cut(dateCell, limit: 30))): a summary row, not readings)")
        continue
      }
      if let statusColumn, case let status = ResultStatus(columns.cell(row, statusColumn)), status < .final {
        let said = Self.leftOut(status: status, text: columns.cell(row, statusColumn), superseded: nil) ?? ""
        plan.rowsLeftOut.append("row \(line) (\(said))")
        // A result not final yet past a critical limit is named; a withdrawn one is none.
        var ignored = NumberNotes()
        if status == .notFinal, let date = try? DateParser.parse(dateCell, today: today, for: .reading) {
          for (column, text) in zip(filled, cells) where !columns.isBlank(text) {
            guard
              let read = try? readings(
                column.markers, text: text, unit: column.unit, date: date, note: nil, line: line,
                delimiter: columns.sheet.delimiter, notes: &ignored),
              Importer.anyCritical(read)
            else { continue }
            plan.criticalLeftOut.append("\(quoted(column.header)) in row \(line) (not final yet)")
          }
        }
        continue
      }
      guard let date = columns.date(row, line: line, today: today, problems: &problems) else { continue }
      let note = plan.kept(note: columns.note(row))
      for (column, text) in zip(filled, cells) where !columns.isBlank(text) {
        // A glucose not taken fasting: the person's own marker for it, or left out and named.
        var columnMarkers = column.markers
        var askFasting = false
        if column.markers.count == 1,
          let decision = fasting.decide(
            column.markers[0], name: splitUnit(column.header).0, note: columns.note(row))
        {
          switch decision {
          case .fasting: break
          case .ask: askFasting = true
          case .notFasting(let why):
            let readUnit = column.unit ?? columns.typingUnit(column.markers[0]) ?? column.markers[0].unit
            if let own = fasting.ownMarker(for: column.markers[0], unit: readUnit) {
              columnMarkers = [own]
            } else {
              fasting.leaveOut(line: line, quoted(column.header), column.markers[0], why: why, unit: readUnit)
              if column.markers[0].key == "fasting-glucose",
                let typed = Self.typed(text, sheet: columns.sheet),
                LeftOutJudge(test: .glucose, marker: nil, garbled: false).isCritical(
                  typed, unit: column.unit, markers: markers)
              {
                plan.criticalLeftOut.append("\(quoted(column.header)) in row \(line) (not a fasting glucose)")
              }
              continue
            }
          }
        }
        do {
          let before = rows.count
          rows += try readings(
            columnMarkers, text: flags.leavingOut(from: text), unit: column.unit, date: date, note: note, line: line,
            delimiter: columns.sheet.delimiter, groupsThousands: columns.sheet.groupsThousands,
            decimalCommas: columns.sheet.decimalCommas, secondOfDay: columns.secondOfDay(row),
            flagged: flags.lastCritical || flags.lastOutside, typingUnit: columns.typingUnit, notes: &notes)
          if flags.lastCritical { plan.criticalFlaggedRows += before..<rows.count }
          if flags.lastOutside { plan.outsideFlaggedRows += before..<rows.count }
          if askFasting { asked[column.index, default: []] += before..<rows.count }
        } catch {
          problems.append("row \(line), column \(quoted(column.header)): \(EntryError.messageNamingNoValue(error))")
        }
      }
    }
    if !problems.isEmpty { throw Importer.refusal(problems, rows: rows, plan: plan) }
    flags.said(in: &plan)
    notes.said(in: &plan)
    plan.rowsLeftOut += notesAlone.map { "row \($0) (a note and no reading: glance keeps a note with a reading)" }
    plan.rowsLeftOut += fasting.leftOutLines
    if noReading > 0 {
      plan.readAs.append(
        "\(counted(noReading, "cell")) that \(noReading == 1 ? "says" : "say") there is no reading (\(quoted(firstNoReading))\(noReading > 1 ? "…" : "")) left out"
      )
    }
    // "Glucose" without "fasting": asked once for the column, as add asks.
    for column in filled where column.markers.count == 1 {
      if let ofColumn = asked[column.index], !ofColumn.isEmpty {
        plan.ask(
          "\(EntryChecks.fastingQuestion(for: rows[ofColumn[0]].draft).question) "
            + EntryChecks.fastingNameHint("header", column.markers[0], answersAll: true),
          of: "column \(quoted(column.header))", about: ofColumn)
      }
    }
    return (plan, rows)
  }

  // MARK: one row per result

  static func planLong(
    _ columns: Columns, test testColumn: Int, result resultColumn: Int, replace: Bool, markers: [MarkerDefinition],
    today: CalendarDate
  ) throws -> (ImportPlan, ImportRows) {
    let header = columns.header
    let search = SearchService(markers: markers)
    var plan = ImportPlan(kind: .labReport, replace: replace)
    let unitColumn = columns.roles[.unit]
    var used: Set<Int> = [columns.date, testColumn, resultColumn]
    plan.columns = [
      "\(quoted(header[columns.date])) → the date", "\(quoted(header[testColumn])) → the marker",
      "\(quoted(header[resultColumn])) → the value",
    ]
    if let unitColumn {
      used.insert(unitColumn)
      plan.columns.append("\(quoted(header[unitColumn])) → the unit (converted)")
    }
    if let note = columns.roles[.note] {
      used.insert(note)
      plan.columns.append("\(quoted(header[note])) → the note")
    }
    columns.readTime(into: &plan, used: &used)
    // The lab's flag column: a critical flag, and an H or L where glance's range holds the result,
    // are named; glance judges by its own ranges. Said as what it is (clinician's second look at
    // stop 34: it was "not read" beside the lab-critical results it gave), and only it: the
    // columns named with it as not read ("Reference Range", "Status") stay named (newcomer
    // review at stop 36: they were said nowhere).
    let flagColumn = header.firstIndex { ["flag", "flags", "abnormalflag"].contains(SearchText($0).compact) }
    if let flagColumn { used.insert(flagColumn) }
    let statusColumn = header.firstIndex { statusHeaders.contains(SearchText($0).compact) }
    if let statusColumn { used.insert(statusColumn) }
    // Each test and day's latest result by status, and its line: a row below it is replaced.
    var latestStatus: [String: (status: ResultStatus, line: Int)] = [:]
    if let statusColumn {
      for (offset, row) in columns.sheet.rows.enumerated() {
        let status = ResultStatus(columns.cell(row, statusColumn))
        guard status != .withdrawn else { continue }
        let key = SearchText(columns.cell(row, testColumn)).compact + "\u{1}" + columns.cell(row, columns.date)
        if status > (latestStatus[key]?.status ?? .withdrawn) {
          latestStatus[key] = (status, offset + 2 + columns.sheet.linesAbove)
        }
      }
    }
    plan.notRead = columns.notRead(used: used, unknown: true)
    // Each test name is resolved once: a lab report repeats thirty names over thousands of rows.
    // With the unit the name ends in ("LDL mmol/L"), the value's when the unit cell is empty.
    var resolved: [String: (markers: [MarkerDefinition], unit: String?)] = [:]
    let specimenColumn = columns.roles[.specimen]
    if let specimenColumn {
      used.insert(specimenColumn)
      plan.columns.append("\(quoted(header[specimenColumn])) → the sample (blood; urine for UACR)")
      plan.notRead = columns.notRead(used: used, unknown: true)
    }
    // Tests that name no marker, each with its rows, and why when the name is another test's.
    var unknown: [(name: String, rows: Int, reason: String?, judged: LeftOutJudge?)] = []
    // What reading a row left out would say of its number is not said: it is not read.
    var ignoredNotes = NumberNotes()
    var fasting = FastingChoice(given: columns.sheet.fasting, markers: markers)
    var unknownIndex: [String: Int] = [:]
    var otherSamples: [(name: String, rows: Int)] = []
    var problems: [String] = []
    var rows = ImportRows()
    var flags = LabFlags()
    var notes = NumberNotes()
    if let flagColumn {
      plan.columns.append(
        "\(quoted(header[flagColumn])) → the lab's flags, named where glance's ranges differ: glance judges by its own"
      )
    }
    if let statusColumn {
      plan.columns.append(
        "\(quoted(header[statusColumn])) → the result's status: a row not final yet or withdrawn (cancelled) is left out, and a correction replaces that day's other result of its test"
      )
    }
    func leaveOut(_ line: Int, _ why: String) { plan.rowsLeftOut.append("row \(line) (\(why))") }
    // A known test's number glance cannot take ("130 furlongs", "6.3.1") refuses the file, as in
    // a sheet with a column per marker: left out, a report's critical value was missing from a
    // "successful" import (clinician and newcomer reviews). What the lab printed as words
    // ("Negative", "TNP", "n.b.") is left out and named.
    func cannotRead(_ line: Int, _ shown: String, _ text: String, _ error: EntryError) {
      // Any script's digits ("５０", "١٢٣"): a number glance cannot take, not words. The refusal
      // (error text) names the row and the test, not the value (attacker's second look); words
      // left out are named with what they say, in the summary.
      guard text.unicodeScalars.contains(where: { $0.properties.numericType != nil }) else {
        // Not "type it as the lab printed it": the lab printed these words (newcomer review at
        // stop 39).
        return leaveOut(
          line, "\(shown) \(quoted(TerminalText.cut(text, limit: 30))): the lab printed words, not a number")
      }
      problems.append("row \(line), \(shown): \(error.messageNamingNoValue)")
    }
    for (offset, row) in columns.sheet.rows.enumerated() {
      let line = offset + 2 + columns.sheet.linesAbove
      // A single test's row names it in the panel's column, its component left empty (attacker's
      // second look at stop 39: "Hemoglobin A1c,,6.1" was "no test named").
      let component = columns.cell(row, testColumn)
      let name = component.isEmpty ? columns.panelNotRead.map { columns.cell(row, $0) } ?? component : component
      var text = columns.cell(row, resultColumn)
      if row.allSatisfy({ $0.trimmingWhitespace().isEmpty }) { continue }
      let shown = TerminalText.cut(name, limit: 60)
      // "Na" is sodium's symbol, not "n/a", in a test cell (clinician review at stop 37: a
      // critical sodium's row was left out as "no test named").
      if columns.isBlank(name) && name.lowercased() != "na" {
        leaveOut(line, columns.isBlank(text) ? "no test and no result" : "no test named")
        continue
      }
      // A row the lab flagged critical that is left out is named as such, as a portal's is
      // (attacker's and clinician's second looks at stop 34: a troponin flagged HH was a routine
      // "no marker" line). Named by test, row and why, never by value.
      // (Beside the value only when the cell has a space or starts with "!": a large sheet's
      // plain numbers are not looked at twice.)
      let flaggedCritical =
        flagColumn.map { SheetFormat.isCriticalFlag(columns.cell(row, $0)) } == true
        // A portal's Status column may hold the lab's flag (attacker's second look at stop 37).
        || statusColumn.map { SheetFormat.isCriticalFlag(columns.cell(row, $0)) } == true
        || (text.utf8.contains(UInt8(ascii: " "))
          && SheetFormat.isCriticalFlag(String(text.trimmingWhitespace().split(separator: " ").last ?? "")))
        || (text.utf8.contains(UInt8(ascii: "!")) && text.trimmingWhitespace().hasPrefix("!!"))
      func criticalLeftOut(_ why: String) {
        guard flaggedCritical else { return }
        plan.labCriticalLeftOut.append("\(quoted(shown)) in row \(line) (\(why))")
      }
      // Another test glance can still judge (a random glucose, an ionized calcium, the test a
      // garbled name's letters spell): named when past its critical limits, unless the lab's
      // flag named it already.
      func judgedLeftOut(_ judge: LeftOutJudge?) {
        let unitCell = SheetFormat.withoutCalculatedMark(columns.cell(row, unitColumn))
        let unit = unitCell.isEmpty ? nil : unitCell
        guard let judge, !flaggedCritical, let typed = Self.typed(text, sheet: columns.sheet),
          judge.isCritical(typed, unit: unit, markers: markers)
        else { return }
        plan.criticalLeftOut.append(
          "\(quoted(shown)) in row \(line) (\(judge.why(typed, unit: unit, markers: markers)))")
      }
      // A name with a control character is its own (its compact form would be a marker's), and
      // is left out; a result past a critical limit of the test its letters name is still named
      // (attacker's second look at stop 36: "Potassium<BEL>" 7.5 went unsaid).
      let key = MarkerResolver.hasControlCharacter(name) ? "\u{1}" + name : SearchText(name).compact
      if let index = unknownIndex[key] {
        unknown[index].rows += 1
        criticalLeftOut("no marker")
        judgedLeftOut(unknown[index].judged)
        continue
      }
      let markersOfRow: [MarkerDefinition]
      let unitInName: String?
      if let known = resolved[key] {
        (markersOfRow, unitInName) = known
      } else {
        do throws(EntryError) {
          let named = try MarkerResolver.nameAndUnit(name, among: markers)
          markersOfRow = try MarkerResolver.markers(named.name, among: markers, search: search)
          // A lab report's "Vitamin D3" row is one part of its total (clinician's third look at
          // stop 34: 14 "below range" became the day's latest beside a total of 34).
          if markersOfRow.map(\.key) == ["vitamin-d"], FalseFriends.namesVitaminDPart(named.name),
            let part = FalseFriends.vitaminDPart
          {
            throw EntryError.falseFriend(named.name, part.explanation)
          }
          unitInName = named.unit
          resolved[key] = (markersOfRow, unitInName)
        } catch {
          var reason: String?
          let judged = LeftOutJudge.of(name, refused: error, among: markers, search: search)
          // The custom marker it suggests in the unit of the row (the first of its name).
          let unitCell = SheetFormat.withoutCalculatedMark(columns.cell(row, unitColumn))
          let said = FalseFriends.inUnit(error, unitCell.isEmpty ? nil : unitCell, markers: markers)
          if case .falseFriend(_, let explanation) = said { reason = explanation }
          if case .twoUnits = error { reason = error.message }
          unknownIndex[key] = unknown.count
          unknown.append((shown, 1, reason, judged))
          criticalLeftOut(reason == nil ? "no marker" : "another test than glance's")
          judgedLeftOut(judged)
          // Each new name is looked up (about half a millisecond): a file of 100,000 names held
          // the data lock for a minute (attacker's third look at stop 34). A lab report has a few
          // hundred tests.
          if unknown.count > Self.unknownNamesLimit {
            throw ImportError.problems([
              "more than \(grouped(Self.unknownNamesLimit)) different test names match no marker (a lab report has a few hundred tests): is the test column the right one?"
            ])
          }
          continue
        }
      }
      // A urine sodium is not a blood sodium: a result from another sample is left out.
      let specimen = SearchText(columns.cell(row, specimenColumn)).compact
      let allowed =
        markersOfRow.allSatisfy { SampleInName.urineMarkers.contains($0.key) }
        ? urineSpecimens.union([""]) : bloodSpecimens
      if !allowed.contains(specimen) {
        let label = "\(quoted(shown)) in \(columns.cell(row, specimenColumn).lowercased())"
        if let index = otherSamples.firstIndex(where: { $0.name == label }) {
          otherSamples[index].rows += 1
        } else {
          otherSamples.append((label, 1))
        }
        continue
      }
      if columns.isBlank(text) {
        leaveOut(line, "\(shown): no result")
        continue
      }
      // A summary row ("Average"), as in a sheet with a column per marker (attacker's second look
      // at stop 34: it refused a lab report).
      let dateCell = columns.cell(row, columns.date)
      if Self.isSummaryRow(dateCell) {
        leaveOut(line, "\(quoted(TerminalText.cut(dateCell, limit: 30))): a summary row, not readings")
        continue
      }
      // A result not final yet, or withdrawn: left out and named, never refusing the file, and
      // named as critical when it is (as typed, or by the lab's flag).
      let status = statusColumn.map { ResultStatus(columns.cell(row, $0)) } ?? .final
      let latest = latestStatus[key + "\u{1}" + columns.cell(row, columns.date)]
      let supersededBy =
        latest.map { latest in
          latest.status > status && status != .withdrawn && (status == .notFinal || latest.status == .corrected)
            ? latest.line : nil
        } ?? nil
      let withdrawn = statusColumn.flatMap {
        Self.leftOut(status: status, text: columns.cell(row, $0), superseded: supersededBy)
      }
      var dateProblems: [String] = []
      guard let date = columns.date(row, line: line, today: today, problems: &dateProblems) else {
        if let withdrawn { leaveOut(line, "\(shown): \(withdrawn)") } else { problems += dateProblems }
        continue
      }
      // "142 H", "H 7.2": the lab's flag beside the value; glance judges by its own ranges.
      text = flags.leavingOut(from: text)
      var unit: String? = SheetFormat.withoutCalculatedMark(columns.cell(row, unitColumn))
      if unit?.isEmpty == true { unit = nil }
      do {
        unit = try MarkerResolver.unit(inName: unitInName, given: unit, name: name)
      } catch {
        cannotRead(line, shown, text, error)
        continue
      }
      // "130 mg/dL" with "mg/dL" in the unit column says the unit twice.
      if let typed = try? ValueParser.parse(
        SheetFormat.number(
          text, delimiter: columns.sheet.delimiter, groupsThousands: columns.sheet.groupsThousands)),
        let typedUnit = typed.unit, let given = unit, typedUnit.lowercased() == given.lowercased()
      {
        unit = nil
      }
      // A lab report's rows hold what the lab printed ("Negative", "TNP", a unit glance does not
      // convert): such a row is left out and named, and the others are read.
      let readCritical = flags.lastCritical || flaggedCritical
      let readOutside =
        !readCritical
        && (flags.lastOutside || flagColumn.map { SheetFormat.isOutsideFlag(inColumn: columns.cell(row, $0)) } == true)
      if let withdrawn {
        leaveOut(line, "\(shown): \(withdrawn)")
        // A withdrawn result is none, and a replaced one has its replacement read: neither is
        // named as critical (clinician's second look at stop 37: an entered-in-error platelet
        // count of 15 was). Looked at before whether it was fasting: a withdrawn glucose is
        // withdrawn, whatever its note says.
        guard status == .notFinal, supersededBy == nil else { continue }
        if readCritical {
          criticalLeftOut(withdrawn)
        } else if Importer.anyCritical(
          (try? readings(
            markersOfRow, text: text, unit: unit, date: date, note: nil, line: line,
            delimiter: columns.sheet.delimiter, groupsThousands: columns.sheet.groupsThousands,
            decimalCommas: columns.sheet.decimalCommas, typingUnit: columns.typingUnit, notes: &ignoredNotes)) ?? [])
        {
          plan.criticalLeftOut.append("\(quoted(shown)) in row \(line) (\(withdrawn))")
        }
        continue
      }
      // A glucose not taken fasting: the person's own marker for it, or left out and named.
      var rowMarkers = markersOfRow
      var askFasting = false
      if markersOfRow.count == 1, let decision = fasting.decide(markersOfRow[0], name: name, note: columns.note(row)) {
        switch decision {
        case .fasting: break
        case .ask: askFasting = true
        case .notFasting(let why):
          let readUnit = unit ?? columns.typingUnit(markersOfRow[0]) ?? markersOfRow[0].unit
          if let own = fasting.ownMarker(for: markersOfRow[0], unit: readUnit) {
            rowMarkers = [own]
          } else {
            fasting.leaveOut(line: line, shown, markersOfRow[0], why: why, unit: readUnit)
            criticalLeftOut("not fasting")
            if markersOfRow[0].key == "fasting-glucose" {
              judgedLeftOut(LeftOutJudge(test: .glucose, marker: nil, garbled: false))
            }
            continue
          }
        }
      }
      do {
        let before = rows.count
        rows += try readings(
          rowMarkers, text: text, unit: unit, date: date, note: plan.kept(note: columns.note(row)), line: line,
          delimiter: columns.sheet.delimiter, groupsThousands: columns.sheet.groupsThousands,
          decimalCommas: columns.sheet.decimalCommas, secondOfDay: columns.secondOfDay(row),
          flagged: readCritical || readOutside, typingUnit: columns.typingUnit, notes: &notes)
        if readCritical { plan.criticalFlaggedRows += before..<rows.count }
        if readOutside { plan.outsideFlaggedRows += before..<rows.count }
      } catch {
        cannotRead(line, shown, text, error)
        continue
      }
      // "Glucose" without "fasting": asked once per name, as add asks.
      if askFasting {
        plan.ask(
          "\(EntryChecks.fastingQuestion(for: rows[rows.count - 1].draft).question) "
            + EntryChecks.fastingNameHint("name", markersOfRow[0], answersAll: true),
          of: "test \(quoted(name))", about: [rows.count - 1])
      }
    }
    if !problems.isEmpty { throw Importer.refusal(problems, rows: rows, plan: plan) }
    flags.said(in: &plan)
    notes.said(in: &plan)
    plan.rowsLeftOut += fasting.leftOutLines
    plan.unknownTests = unknown.map {
      "\(quoted($0.name)) (\(counted($0.rows, "row"))\($0.reason.map { ": " + $0 } ?? ""))"
    }
    plan.otherSamples = otherSamples.map { "\($0.name) (\(counted($0.rows, "row")))" }
    return (plan, rows)
  }

  /// A question `add` would ask about the rows at `rows` (their places among the import's rows,
  /// not their lines: a wide sheet's line holds several): one row's value, or every row of a
  /// column or a test named "Glucose" without "fasting". Asked when the import adds one of them.
  struct RowQuestion: Equatable {
    var rows: [Int]
    var text: String
    /// What a group's question is about ("test “Glucose”"), said with its rows before the text.
    var subject: String?

    init(rows: [Int], text: String, subject: String? = nil) {
      self.rows = rows
      self.text = text
      self.subject = subject
    }

    init(row: Int, text: String) { self.init(rows: [row], text: text) }
  }

  /// A left-out cell as the lab printed it (a flag beside it left out), for judging it against a
  /// critical limit (`LeftOutJudge`); nil when it is no number.
  static func typed(_ text: String, sheet: Sheet) -> TypedValue? {
    try? ValueParser.parse(
      SheetFormat.number(
        SheetFormat.withoutLabFlag(text).text, delimiter: sheet.delimiter, groupsThousands: sheet.groupsThousands))
  }

  /// The questions `add` would ask about each value `asking` picks (a unit slip, a tenfold slip,
  /// an implausible value, a blood pressure typed the wrong way round), each named by its row.
  /// The person's usual value of a marker is the median of their stored readings and the file's:
  /// worked out once per marker, so a large file is still read in one pass. `Importer.addRows`
  /// keeps the questions about the rows it adds: a stored row was asked about when it was saved.
  static func questions<Rows: RandomAccessCollection<ImportRow>>(
    _ rows: Rows, header: [String], replace: Bool, document: GlanceDocument,
    asking: (ImportRow) -> Bool = { _ in true }
  ) -> [RowQuestion] where Rows.Index == Int {
    guard rows.contains(where: asking) else { return [] }
    var inFile: [UUID: MarkerDefinition] = [:]
    var fileValues: [UUID: [Double]] = [:]
    for row in rows where asking(row) {
      inFile[row.draft.marker.id] = row.draft.marker
      if row.draft.comparator == nil { fileValues[row.draft.marker.id, default: []].append(row.draft.value) }
    }
    // The usual is the stored readings' when there are any, as add's is: a file's own values
    // must not move it (clinician's third look at stop 34: a vitamin D of 75 after 30 ng/mL was
    // asked about by add, as 75 nmol/L, and not by an import, whose usual the 75 had pulled up).
    var storedValues: [UUID: [Double]] = [:]
    var latest: [UUID: [MarkerEntry]] = [:]
    if !replace {
      for entry in document.entries where inFile[entry.markerID] != nil {
        if entry.comparator == nil { storedValues[entry.markerID, default: []].append(entry.value) }
        EntryChecks.keepLatest(entry, in: &latest[entry.markerID, default: []])
      }
    }
    var usual: [UUID: Double] = [:]
    for id in inFile.keys {
      usual[id] = EntryChecks.median(storedValues[id] ?? fileValues[id] ?? [])
    }
    var result: [RowQuestion] = []
    // The markers asked about as typed in their SI unit, and those asked anything.
    var readAsSI: Set<UUID> = []
    var asked: Set<UUID> = []
    for (index, row) in rows.enumerated() where asking(row) {
      let draft = row.draft
      let place = "row \(row.line), \(DateText.long(draft.date))"
      var checks = EntryChecks.questions(
        value: draft.value, comparator: draft.comparator, marker: draft.marker, usual: usual[draft.marker.id],
        unitTyped: row.unitTyped, typed: draft.entered)
      if let readIn = row.readIn, let entered = draft.entered {
        // Against the person's stored readings only: the file's own, read the same way, say
        // nothing of the unit (attacker's second look at stop 37: an SI reader's sheet of
        // magnesium 2.0 was its own usual, and saved as a critical 2.00 mmol/L unasked).
        checks = EntryChecks.readIn(
          readIn, typed: TypedValue(value: entered.value, comparator: draft.comparator), converted: draft.value,
          marker: draft.marker, usual: storedValues[draft.marker.id].flatMap(EntryChecks.median), checks: checks)
      }
      // A code says which test it is (clinician's second look: a total calcium of 1.6 mmol/L
      // coded 2000-8 was asked whether it was ionized, and the whole file refused).
      if row.coded { checks.removeAll { $0.kind == .otherTest } }
      for check in checks {
        result.append(RowQuestion(row: index, text: "\(place): \(check.question)"))
      }
      if draft.marker.key == "bp-systolic", index + 1 < rows.count, rows[index + 1].draft.marker.key == "bp-diastolic",
        rows[index + 1].line == row.line,
        let swapped = EntryChecks.swappedBloodPressure(systolic: draft.value, diastolic: rows[index + 1].draft.value)
      {
        result.append(RowQuestion(row: index, text: "\(place): \(swapped.question)"))
      }
      for check in checks {
        guard case .unitSlip(_, let entered) = check.kind, let siUnit = draft.marker.siUnit,
          UnitConverter.normalize(entered.unit) == UnitConverter.normalize(siUnit)
        else { continue }
        readAsSI.insert(draft.marker.id)
      }
      if !checks.isEmpty { asked.insert(draft.marker.id) }
      // A unit the sheet states for it (a header, a Units column) says SI as well (clinician's
      // second look at stop 34: a sheet with "LDL (mmol/L)" headers asked nothing of its bare
      // weight column).
      if row.unitTyped, row.readIn == nil, let entered = draft.entered, let siUnit = draft.marker.siUnit,
        let factor = draft.marker.siFactor, EntryChecks.canSlip(factor),
        UnitConverter.normalize(entered.unit) == UnitConverter.normalize(siUnit)
      {
        readAsSI.insert(draft.marker.id)
      }
    }
    let history = latest.compactMapValues { last in
      last.first.flatMap { inFile[$0.markerID] }.flatMap { EntryChecks.typedUnit(of: last, marker: $0) }
    }
    result += unitQuestions(rows, readAsSI: readAsSI, asked: asked, history: history, asking: asking)
    return result
  }

  /// One question per marker whose bare readings (no unit in the cell or its column) were read
  /// in its own unit when something says another unit, and its numbers are plausible in that
  /// unit too:
  /// - the file states one other unit for the marker's other readings (clinician's third look at
  ///   stop 34: weight 82 kg on one day, a bare 83 two weeks later read as 83 lb);
  /// - else the person's last stored readings were all typed in one other unit, as `add` asks
  ///   (`EntryChecks.historySlip`);
  /// - else two or more of the sheet's markers read as SI units and this one has no unit
  ///   anywhere (newcomer and clinician reviews at stop 34: a weight of 82 kg was read as 82 lb,
  ///   a vitamin D of 30 nmol/L as 30 ng/mL "in range", beside cholesterol columns asked about
  ///   as mmol/L).
  /// A marker asked about row by row is not asked again.
  static func unitQuestions<Rows: RandomAccessCollection<ImportRow>>(
    _ rows: Rows, readAsSI: Set<UUID>, asked: Set<UUID>, history: [UUID: String], asking: (ImportRow) -> Bool
  ) -> [RowQuestion] where Rows.Index == Int {
    var markers: [MarkerDefinition] = []
    var bare: [UUID: [Int]] = [:]
    // The units the file states for a marker (normalised), and the first as written.
    var stated: [UUID: Set<String>] = [:]
    var statedAs: [UUID: String] = [:]
    var readIn: Set<UUID> = []
    for (index, row) in rows.enumerated() where asking(row) {
      let marker = row.draft.marker
      guard marker.isSystemDefined, !asked.contains(marker.id) else { continue }
      if bare[marker.id] == nil && stated[marker.id] == nil && !readIn.contains(marker.id) { markers.append(marker) }
      if row.readIn != nil {
        readIn.insert(marker.id)
      } else if row.unitTyped {
        let unit = row.draft.entered?.unit ?? marker.unit
        stated[marker.id, default: []].insert(UnitConverter.normalize(unit))
        if statedAs[marker.id] == nil { statedAs[marker.id] = unit }
      } else if row.draft.comparator == nil {
        bare[marker.id, default: []].append(index)
      }
    }
    let siNames = rows.lazy.map(\.draft.marker).filter { readAsSI.contains($0.id) }
    var named: [String] = []
    for marker in siNames where !named.contains(marker.displayName) && named.count < 3 {
      named.append(marker.displayName)
    }
    return markers.compactMap { marker -> RowQuestion? in
      guard !readIn.contains(marker.id), let indices = bare[marker.id] else { return nil }
      let unit: String
      let why: String
      // Said by the file or the history, any real conversion is asked about (B12 150 pmol/L is
      // 203 pg/mL, across the deficiency cut-off from 150: clinician's review this session); a
      // sheet merely in SI units asks only where the units are far apart.
      var said = true
      if let units = stated[marker.id] {
        guard units.count == 1, let only = statedAs[marker.id],
          UnitConverter.normalize(only) != UnitConverter.normalize(marker.unit)
        else { return nil }
        (unit, why) = (only, "the file gives its other \(marker.shortName) readings in \(only)")
      } else if let typed = history[marker.id] {
        (unit, why) = (typed, "your last readings were typed in \(typed)")
      } else if readAsSI.count >= 2, !readAsSI.contains(marker.id), let siUnit = marker.siUnit {
        (unit, why) = (siUnit, "the file's other results read as SI units (\(named.joinedText(", ")))")
        said = false
      } else {
        return nil
      }
      guard let value = EntryChecks.median(indices.map { rows[$0].draft.value }),
        let converted = try? UnitConverter.convert(value, unit: unit, for: marker).value, value > 0,
        said ? abs(converted / value - 1) > 0.05 : EntryChecks.canSlip(converted / value),
        !EntryChecks.isImplausible(converted, marker)
      else { return nil }
      // The example is a row's own number, never the median of two (attacker's second look this
      // session: 205 pmol/L was in neither row).
      let first = rows[indices[0]].draft.value
      let example = EnteredValue(value: first, unit: unit)
      guard let convertedFirst = try? UnitConverter.convert(first, unit: unit, for: marker).value else { return nil }
      let shown = EntryChecks.savedText(convertedFirst, nil, example, marker)
      let lines = indices.map { rows[$0].line }
      let counted =
        lines.count <= 3
        ? (lines.count == 1 ? "row " : "rows ") + lines.map(String.init).joinedText(", ") : "\(lines.count) readings"
      let one = indices.count == 1
      return RowQuestion(
        rows: indices,
        text:
          "\(marker.displayName) (\(counted)): \(why), and \(one ? "this one was" : "these were") read in \(marker.unit). "
          + "\(one ? "Was it" : "Were they") in \(unit) too? \(example.text(nil)) is \(shown). If so, say the unit (a header like "
          + "\"\(marker.shortName) (\(unit))\", or a Unit column) and import again.")
    }
  }

  /// "LDL (mmol/L)" → ("LDL", "mmol/L"); "HDL" → ("HDL", nil). Brackets that are part of a name,
  /// like "Lp(a)", stay.
  static func splitUnit(_ header: String) -> (String, String?) {
    for (open, close) in [("(", ")"), ("[", "]")] {
      guard header.hasSuffix(close), let start = header.lastIndex(of: Character(open)) else { continue }
      let unit = String(header[header.index(after: start)..<header.index(before: header.endIndex)]).trimmingWhitespace()
      let name = String(header[..<start]).trimmingWhitespace()
      // Only a bracket holding something unit-like (with a slash, %, or a known unit word).
      let looksLikeUnit =
        unit.contains("/") || unit == "%"
        || ["mmhg", "bpm", "lb", "lbs", "kg", "in", "cm", "u/l", "iu/l"].contains(unit.lowercased())
      if !name.isEmpty, looksLikeUnit { return (name, unit) }
    }
    return (header, nil)
  }
}
