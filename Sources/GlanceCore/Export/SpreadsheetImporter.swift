#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads a spreadsheet laid out the way people keep one by hand: a date column and one column
/// per marker ("Date, HDL, LDL (mmol/L), A1c, BP"). Headers are matched through `SearchService`;
/// a header that names no single marker is listed, never guessed. A unit in brackets after a
/// header converts that column. Empty cells save nothing. Any bad cell refuses the whole file.
enum SpreadsheetImporter {
  /// Header words that mean "the date of the test".
  static let dateHeaders: Set<String> = [
    "date", "dates", "day", "testdate", "labdate", "dateofservice", "datedrawn", "drawn", "collected",
    "collectiondate", "when", "datum",
  ]

  /// Headers of a sheet with one row per result ("Date, Test, Result, Unit"): they name no marker
  /// ("marker" would otherwise find hs-CRP's "inflammation marker").
  static let longLayoutHeaders: Set<String> = [
    "marker", "markers", "test", "tests", "testname", "analyte", "name", "result", "results", "value", "values",
    "unit", "units", "item", "parameter", "component", "flag", "referencerange", "range", "note", "notes",
    "comment", "comments",
  ]

  /// Cells that mean "no value".
  static let blanks: Set<String> = ["", "-", "--", "—", "na", "n/a", "none", "nd", "x", "?"]

  static func plan(
    header titles: [String], rows: [[String]], replace: Bool, into document: GlanceDocument, library: MarkerLibrary,
    today: CalendarDate, now: Timestamp
  ) throws -> ImportPlan {
    let header = titles.map { $0.trimmingWhitespace() }
    guard let dateColumn = header.firstIndex(where: { dateHeaders.contains(SearchText($0).compact) }) else {
      // A European Excel saves "CSV" with semicolons: one header cell holding them all.
      // NB: Character literals: `contains(String)` would pull in _StringProcessing (CLAUDE.md).
      let semicolon: Character = ";"
      let tab: Character = "\t"
      if header.count <= 2, let first = header.first, first.contains(semicolon) || first.contains(tab) {
        throw ImportError.notCommaSeparated(first.contains(semicolon) ? "semicolons" : "tabs")
      }
      throw ImportError.noDateColumn(header)
    }
    let markers = library.markers + document.customMarkers
    // One index for every header: building it per column made 20,000 columns take 21 s.
    let search = SearchService(markers: markers)
    var plan = ImportPlan(kind: .spreadsheet, replace: replace)
    // Each column: the marker(s) it fills (two for blood pressure) and the unit from its header.
    var columns: [(index: Int, header: String, markers: [MarkerDefinition], unit: String?)] = []
    for (index, title) in header.enumerated() where index != dateColumn {
      guard !title.isEmpty else { continue }
      let (name, unit) = splitUnit(title)
      if longLayoutHeaders.contains(SearchText(name).compact) {
        plan.unmatchedColumns.append(title)
        continue
      }
      if let resolved = try? MarkerResolver.markers(name, among: markers, search: search) {
        // Two columns filling one marker ("Urine Creatinine" and "Creatinine" read alike) would
        // mix two tests in one history: refused, never merged.
        if let other = columns.first(where: { column in column.markers.contains { resolved.contains($0) } }) {
          throw ImportError.columnsShareMarker(other.header, title, resolved[0].displayName)
        }
        columns.append((index, title, resolved, unit))
        plan.columns.append("\(quoted(title)) → " + resolved.map(\.displayName).joinedText(" and "))
      } else {
        plan.unmatchedColumns.append(title)
      }
    }
    guard !columns.isEmpty else {
      if header.contains(where: { longLayoutHeaders.contains(SearchText($0).compact) }) {
        throw ImportError.oneRowPerResult(header)
      }
      throw ImportError.noMarkerColumns(header)
    }
    var problems: [String] = []
    var drafts: [ImportRow] = []
    for (offset, row) in rows.enumerated() {
      let line = offset + 2
      func cell(_ index: Int) -> String {
        index < row.count ? CSV.unprotect(row[index]).trimmingWhitespace() : ""
      }
      let cells = columns.map { cell($0.index) }
      if cells.allSatisfy({ blanks.contains($0.lowercased()) }) { continue }
      let date: CalendarDate
      do {
        date = try DateParser.parse(cell(dateColumn), today: today, for: .reading)
      } catch {
        problems.append("row \(line), column \(quoted(header[dateColumn])): \(error.message)")
        continue
      }
      for (column, text) in zip(columns, cells) where !blanks.contains(text.lowercased()) {
        do {
          if column.markers.count == 2 {
            let parts = text.split(separator: "/").map { String($0).trimmingWhitespace() }
            guard parts.count == 2 else { throw EntryError.bloodPressureFormat(text) }
            for (marker, part) in zip(column.markers, parts) {
              let draft = try EntryPlanner.draft(
                marker, valueText: part, unit: column.unit, date: date, note: nil, existing: [])
              drafts.append(
                ImportRow(
                  draft: draft, source: .fileImport, line: line,
                  unitTyped: column.unit != nil || (try? ValueParser.parse(part))?.unit != nil))
            }
          } else {
            let draft = try EntryPlanner.draft(
              column.markers[0], valueText: text, unit: column.unit, date: date, note: nil, existing: [])
            drafts.append(
              ImportRow(
                draft: draft, source: .fileImport, line: line,
                unitTyped: column.unit != nil || (try? ValueParser.parse(text))?.unit != nil
              ))
          }
        } catch {
          problems.append(
            "row \(line), column \(quoted(column.header)): \((error as? any GlanceError)?.message ?? "not readable")")
        }
      }
    }
    if !problems.isEmpty { throw ImportError.problems(problems) }
    plan.questions = questions(drafts, header: header, replace: replace, document: document)
    // "Glucose" without "fasting": asked once for the column, as add asks.
    for column in columns where column.markers.count == 1 {
      let (name, _) = splitUnit(column.header)
      if EntryChecks.isUnqualifiedGlucose(name, marker: column.markers[0]),
        drafts.contains(where: { $0.draft.marker.id == column.markers[0].id })
      {
        plan.questions.insert(
          "column \(quoted(column.header)): \(EntryChecks.fastingQuestion.question) (A header \"Fasting glucose\" says so.)",
          at: 0)
      }
    }
    Importer.addRows(drafts, to: &plan, document: document, now: now)
    // The questions name every unusual value already.
    plan.unusual = []
    return plan
  }

  /// The questions `add` would ask about each row's value (a unit slip, a tenfold slip, an
  /// implausible value, a blood pressure typed the wrong way round), each named by its row. The
  /// person's usual value of a marker is the median of their stored readings and the file's:
  /// worked out once per marker, so a large file is still read in one pass.
  static func questions(_ rows: [ImportRow], header: [String], replace: Bool, document: GlanceDocument) -> [String] {
    var values: [UUID: [Double]] = [:]
    for row in rows where row.draft.comparator == nil {
      values[row.draft.marker.id, default: []].append(row.draft.value)
    }
    if !replace {
      for entry in document.entries where entry.comparator == nil && values[entry.markerID] != nil {
        values[entry.markerID]?.append(entry.value)
      }
    }
    let usual = values.mapValues { EntryChecks.median($0) }
    var result: [String] = []
    for (index, row) in rows.enumerated() {
      let draft = row.draft
      let place = "row \(row.line), \(DateText.long(draft.date))"
      for check in EntryChecks.questions(
        value: draft.value, comparator: draft.comparator, marker: draft.marker, usual: usual[draft.marker.id] ?? nil,
        unitTyped: row.unitTyped)
      {
        result.append("\(place): \(check.question)")
      }
      if draft.marker.key == "bp-systolic", index + 1 < rows.count, rows[index + 1].draft.marker.key == "bp-diastolic",
        rows[index + 1].line == row.line,
        let swapped = EntryChecks.swappedBloodPressure(systolic: draft.value, diastolic: rows[index + 1].draft.value)
      {
        result.append("\(place): \(swapped.question)")
      }
    }
    return result
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
