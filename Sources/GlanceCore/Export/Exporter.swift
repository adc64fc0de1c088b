#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `glance export`: the complete JSON (re-importable, versioned) or CSV for a spreadsheet.
public enum Exporter {
  /// The `format` of an export file.
  public static let formatName = "glance-export"

  /// What every export says, on stderr, so it is seen even when the file goes to stdout.
  public static let notice = "This file contains your health information. Store it securely."

  /// What an export larger than glance imports says (a FHIR export of a full folder with long
  /// notes): the file is written, for the system it is meant for, but it is no backup.
  public static func tooLargeToImport(_ byteCount: Int, isJSON: Bool = false) -> String? {
    guard byteCount > InputLimits.fileBytes else { return nil }
    return "This file is \(grouped(byteCount >> 20)) MB, more than glance imports (\(InputLimits.fileBytes >> 20) MB): "
      + "glance could not read it back. "
      + (isJSON
        ? "Your folder holds more than glance can restore; deleting old readings makes it smaller."
        : "For a backup, use glance export --json.")
  }

  /// Refuses a FHIR or CSV export of `byteCount` bytes that `glance import` would refuse (both
  /// are documented as re-importable), unless `assumeYes`: then it is written, and
  /// `tooLargeToImport` says so.
  public static func checkImportable(_ byteCount: Int, assumeYes: Bool) throws(ExportError) {
    guard byteCount > InputLimits.fileBytes, !assumeYes else { return }
    throw .tooLargeToImport(megabytes: (byteCount + (1 << 20) - 1) >> 20)
  }

  /// True when the JSON export of `document`, whose data file holds `dataFileBytes` before its
  /// undo history, is within what `glance import` reads, so the folder can always be restored.
  /// The export is those bytes with each reading's marker key and name: theirs are counted
  /// marker by marker, only for a folder that could be near the limit.
  static func exportImports(
    dataFileBytes: Int, document: GlanceDocument, library: MarkerLibrary, limit: Int = InputLimits.fileBytes
  ) -> Bool {
    // The export's format name and frame, and the most a label can take (a key and a 200-character
    // name of 4-byte characters, with their keys).
    let frame = 4096
    let largestLabel = 1_200
    if dataFileBytes + frame + document.entries.count * largestLabel <= limit { return true }
    var counts: [UUID: Int] = [:]
    for entry in document.entries { counts[entry.markerID, default: 0] += 1 }
    var total = dataFileBytes + frame
    for (markerID, count) in counts {
      guard let definition = document.definition(for: markerID, library: library) else { continue }
      var label = JSONWriter(capacity: 256)
      label.member("markerKey")
      label.string(definition.key)
      label.member("markerName")
      label.string(definition.displayName)
      total += count * label.count
    }
    return total <= limit
  }

  /// Refuses a folder whose export would not import again (attacker review: a data file edited
  /// by hand held a value glance reads but `import` refuses, and its backup restored nothing).
  /// Each record is named with the command that changes or deletes it.
  public static func checkRestorable(
    _ document: GlanceDocument, library: MarkerLibrary, today: CalendarDate, now: Timestamp, readings: Bool = true,
    visits: Bool = true, json: Bool = true
  ) throws(ExportError) {
    let problems = JSONImportPlanner.restoreProblems(
      document, library: library, today: today, now: now, readings: readings, visits: visits, profile: json)
    guard !problems.isEmpty else { return }
    let short = ShortID.prefixes(
      for: problems.compactMap(\.id), among: document.entries.map(\.id) + document.visits.map(\.id))
    throw .wouldNotRestore(
      problems.map { problem in
        let fix = problem.id.map { id -> String in
          let prefix = short[id] ?? ShortID.hex(id)
          if document.visits.contains(where: { $0.id == id }) {
            return " (glance visit edit \(prefix) or glance visit delete \(prefix))"
          }
          // A reading of a marker glance does not know can only go.
          let known = document.entries.first { $0.id == id }.map { entry in
            document.definition(for: entry.markerID, library: library) != nil
          }
          return known == false ? " (glance delete \(prefix))" : " (glance edit \(prefix) or glance delete \(prefix))"
        }
        return "\(problem.what)\(fix ?? ""): \(problem.why)"
      }, json: json)
  }

  /// Said after an export written with `--yes` over records a restore would refuse. `notInIt`:
  /// those of them the file does not hold (a CSV or FHIR export's readings of no marker,
  /// `readingsOfNoMarker`).
  public static func exportedAnyway(_ error: ExportError, notInIt: Int = 0) -> String {
    guard case .wouldNotRestore(let records, let json) = error else { return error.message }
    var parts: [String] = []
    if records.count > notInIt {
      parts.append(
        "\(counted(records.count - notInIt, "record")) in it would be refused by a restore"
          + (json ? " and left out by glance import --salvage" : ""))
    }
    if notInIt > 0 {
      parts.append(
        "\(counted(notInIt, "reading")) of a marker glance does not know \(notInIt == 1 ? "is" : "are") not in it")
    }
    return "Exported anyway (--yes): " + parts.joinedText("; ") + "."
  }

  /// The readings of a marker neither the library nor the folder defines (a data file changed by
  /// hand): a CSV or FHIR export has no key or code for them and leaves them out; the JSON export
  /// keeps every record.
  public static func readingsOfNoMarker(_ document: GlanceDocument, library: MarkerLibrary) -> Int {
    var known: [UUID: Bool] = [:]
    return document.entries.reduce(0) { count, entry in
      if known[entry.markerID] == nil {
        known[entry.markerID] = document.definition(for: entry.markerID, library: library) != nil
      }
      return known[entry.markerID]! ? count : count + 1
    }
  }

  /// What an export's file holds, for the sentence after it is written: "2 readings and 1
  /// visit" (JSON), "2 readings" (a readings CSV or FHIR: those of a known marker), "1 visit"
  /// (`visits`: a visits CSV).
  public static func contents(_ document: GlanceDocument, library: MarkerLibrary, json: Bool, visits: Bool = false)
    -> String
  {
    if visits && !json { return counted(document.visits.count, "visit") }
    if json { return counted(document.entries.count, "reading") + " and " + counted(document.visits.count, "visit") }
    return counted(document.entries.count - readingsOfNoMarker(document, library: library), "reading")
  }

  /// The complete export: profile, tracked and custom markers, every reading and visit (no undo
  /// history), pretty and with one record a line, like the data file. Each reading also names its
  /// marker (`"markerKey": "ldl", "markerName": "LDL Cholesterol"`) for `jq`; an import skips them.
  public static func json(_ document: GlanceDocument, library: MarkerLibrary = .builtIn) throws -> [UInt8] {
    let (export, labels) = exported(document, library: library)
    return try DocumentCodec.encode(export, labels: labels)
  }

  /// The JSON export handed to `sink` a chunk at a time, so a large folder's export is never held
  /// whole beside its document; returns its size in bytes. The same bytes as `json(_:library:)`.
  @discardableResult
  public static func json(
    _ document: GlanceDocument, library: MarkerLibrary = .builtIn, to sink: (UnsafeRawBufferPointer) throws -> Void
  ) throws -> Int {
    let (export, labels) = exported(document, library: library)
    return try withoutActuallyEscaping(sink) { sink in
      let spilling = Encoded.Spilling(chunkBytes: 8 << 20, document: export, checksParts: false, sink: sink)
      return try DocumentCodec.encode(export, includeUndo: false, reusing: nil, labels: labels, spilling: spilling)
        .writer.count
    }
  }

  /// `document` as exported (no undo history, the export's format) and each marker's key and name.
  private static func exported(_ document: GlanceDocument, library: MarkerLibrary) -> (
    GlanceDocument, [UUID: (key: String, name: String)]
  ) {
    var export = document
    export.undo = []
    export.format = formatName
    // A tracked row of no marker (a data file edited by hand) shows nothing and would stop a
    // restore: it is left out (attacker review at stop 33).
    export.trackedMarkers.removeAll { document.definition(for: $0.markerID, library: library) == nil }
    var labels: [UUID: (key: String, name: String)] = [:]
    for markerID in Set(document.entries.map(\.markerID)) {
      guard let definition = document.definition(for: markerID, library: library) else { continue }
      labels[markerID] = (definition.key, definition.displayName)
    }
    return (export, labels)
  }

  /// The definitions of the markers `document` has readings of, each custom marker's key as
  /// `glance custom` makes it, once in the file: a restore makes the marker from it (attacker
  /// reviews at stop 33: a key edited by hand to "1" or "ldl" exported, and its readings were
  /// then refused, or read as LDL). For the CSV and FHIR exports.
  static func exportedDefinitions(_ document: GlanceDocument, library: MarkerLibrary) -> [UUID: MarkerDefinition] {
    var definitions: [UUID: MarkerDefinition] = [:]
    var keys = Set(library.markers.map(\.key))
    for markerID in Set(document.entries.map(\.markerID)).sorted(by: { $0.sortsBefore($1) }) {
      guard var definition = document.definition(for: markerID, library: library) else { continue }
      if !definition.isSystemDefined, !CustomMarkerPlanner.isCustomKey(definition.key) || keys.contains(definition.key)
      {
        let key = CustomMarkerPlanner.key(for: definition.displayName, taken: keys.contains)
        // A name of no lowercase letters or digits ("血糖") makes no key a restore takes.
        definition.key =
          CustomMarkerPlanner.isCustomKey(key) ? key : "custom-marker-" + ShortID.hex(markerID).lowercased()
      }
      keys.insert(definition.key)
      definitions[markerID] = definition
    }
    return definitions
  }

  /// One row per reading: date, marker key, marker name, value (with its comparator), unit,
  /// status, note, source, id, entered, as typed, and as the screens show it (in the unit the
  /// person reads: `glance units`). Oldest first. Value and unit are the stored ones, so the
  /// file restores exactly whatever units are chosen. The id makes importing the file again (a
  /// restore, or into the folder it came from) add nothing twice; the entry time keeps a day's
  /// readings in their order.
  public static func readingsCSV(_ document: GlanceDocument, library: MarkerLibrary) -> String {
    // Each marker's definition and range once, not once a row: thirty years of readings export
    // in well under a second.
    var markers: [UUID: MarkerSnapshot] = [:]
    for (markerID, definition) in exportedDefinitions(document, library: library) {
      let tracked = document.trackedMarkers.first { $0.markerID == markerID }
      // Judged as the screens judge it: the person's target, else their sex's range, else the default.
      let snapshot = MarkerSnapshot(
        definition: definition, tracked: tracked, entries: [], sex: document.profile.sex,
        display: document.displayUnit(for: definition))
      markers[markerID] = snapshot
    }
    var output: [UInt8] = []
    output.reserveCapacity(document.entries.count * 110)
    CSV.append(
      [
        "date", "marker_key", "marker", "value", "unit", "status", "note", "source", "id", "entered", "entered_as",
        "shown", "shown_unit",
      ].map(CSV.Cell.text),
      to: &output)
    var lastMarker: UUID?
    var current: MarkerSnapshot?
    for entry in document.entries {
      if entry.markerID != lastMarker {
        lastMarker = entry.markerID
        current = markers[entry.markerID]
      }
      guard let current else { continue }
      let definition = current.definition
      // Every digit: a backup gives back each reading exactly (the shown columns are rounded).
      let value: CSV.Cell = .text((entry.comparator?.rawValue ?? "") + ValueText.exact(entry.value))
      let enteredAs = entry.entered(for: definition).map {
        (entry.comparator?.rawValue ?? "") + ValueText.exact($0.value) + " " + $0.unit
      }
      CSV.append(
        [
          .text(entry.dateOfService.iso), .text(definition.key), .text(definition.displayName), value,
          .text(entry.unit),
          .text(current.judgement(of: entry).words),
          .text(entry.note ?? ""),
          .text(entry.sourceType.rawValue), .text(ShortID.uuidText(entry.id)), .text(entry.entryTimestamp.iso),
          .text(enteredAs ?? ""),
          shown(current, entry),
          .text(current.display.unit),
        ], to: &output)
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// A reading as the screens show it, with their decimals (`1.00` mg/dL, not `1`). A negative
  /// value stays a number: as text its minus sign would be protected as a formula.
  static func shown(_ snapshot: MarkerSnapshot, _ entry: MarkerEntry) -> CSV.Cell {
    let text = snapshot.displayedValue(entry)
    return entry.comparator == nil && text.hasPrefix("-") ? .number(snapshot.displayed(entry)) : .text(text)
  }

  /// One row per visit: date, type, label, doctor, notes, id, entered. Oldest first.
  public static func visitsCSV(_ document: GlanceDocument) -> String {
    var rows: [[CSV.Cell]] = [["date", "type", "label", "doctor", "notes", "id", "entered"].map(CSV.Cell.text)]
    for visit in document.visits {
      rows.append([
        .text(visit.date.iso), .text(visit.visitType.rawValue), .text(visit.visitTypeLabel ?? ""),
        .text(visit.doctorName), .text(visit.notes ?? ""), .text(ShortID.uuidText(visit.id)),
        .text(visit.entryTimestamp.iso),
      ])
    }
    return CSV.encode(rows)
  }
}
