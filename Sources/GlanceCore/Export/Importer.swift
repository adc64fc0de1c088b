#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads a file to import and works out an `ImportPlan` against the current document; `apply`
/// then saves it as one change (one undo step). Nothing is written while planning.
public enum Importer {
  public static func plan(
    _ bytes: [UInt8], replace: Bool, into document: GlanceDocument, library: MarkerLibrary, today: CalendarDate,
    now: Timestamp
  ) throws -> ImportPlan {
    let firstByte = bytes.drop {
      $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF
    }.first
    guard firstByte != nil else { throw ImportError.empty }
    if firstByte == UInt8(ascii: "{") {
      return try planJSON(bytes, replace: replace, into: document)
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw ImportError.unreadable("it is not UTF-8 text; save it as CSV (UTF-8) from your spreadsheet")
    }
    let rows: [[String]]
    do {
      rows = try CSV.parse(text)
    } catch {
      throw ImportError.unreadable("line \(error.line): \(error.message)")
    }
    guard let header = rows.first else { throw ImportError.empty }
    let keys = header.map { SearchText($0).compact }
    if keys.contains("markerkey") && keys.contains("value") {
      return try planGlanceCSV(rows, replace: replace, into: document, library: library, today: today, now: now)
    }
    if keys.contains("doctor") && keys.contains("type") && keys.contains("date") {
      return try planVisitsCSV(rows, replace: replace, into: document, today: today, now: now)
    }
    return try SpreadsheetImporter.plan(
      rows, replace: replace, into: document, library: library, today: today, now: now)
  }

  // MARK: JSON

  static func planJSON(_ bytes: [UInt8], replace: Bool, into document: GlanceDocument) throws -> ImportPlan {
    let imported: GlanceDocument
    do {
      imported = try DocumentCodec.decode(bytes, formats: [Exporter.formatName, GlanceDocument.formatName])
    } catch let error as DocumentVersionError {
      throw ImportError.newerVersion(error.version)
    } catch let error as JSONError {
      throw ImportError.notGlance(error.description)
    }
    var plan = ImportPlan(kind: .glanceJSON, replace: replace)
    let isEmpty =
      document.entries.isEmpty && document.visits.isEmpty && document.trackedMarkers.isEmpty
      && document.customMarkers.isEmpty
    if replace || isEmpty { plan.profile = imported.profile }
    if replace {
      plan.customMarkers = imported.customMarkers
      plan.trackedMarkers = imported.trackedMarkers
      plan.entries = imported.entries
      plan.visits = imported.visits
      return plan
    }
    // Custom markers: same id, or the same name as one of ours, is the same marker.
    var markerMap: [UUID: UUID] = [:]
    for marker in imported.customMarkers {
      if document.customMarkers.contains(where: { $0.id == marker.id }) { continue }
      if let same = document.customMarkers.first(where: {
        SearchText($0.displayName).compact == SearchText(marker.displayName).compact
      }) {
        markerMap[marker.id] = same.id
      } else {
        plan.customMarkers.append(marker)
      }
    }
    let start = (document.trackedMarkers.map(\.displayOrder).max() ?? -1) + 1
    for var tracked in imported.trackedMarkers {
      tracked.markerID = markerMap[tracked.markerID] ?? tracked.markerID
      guard !document.trackedMarkers.contains(where: { $0.markerID == tracked.markerID }) else { continue }
      tracked.displayOrder += start
      plan.trackedMarkers.append(tracked)
    }
    var seen = EntryIdentity.index(document.entries)
    for var entry in imported.entries {
      entry.markerID = markerMap[entry.markerID] ?? entry.markerID
      if seen.contains(entry) {
        plan.duplicates += 1
        continue
      }
      seen.insert(entry)
      plan.entries.append(entry)
    }
    var visitIDs = Set(document.visits.map(\.id))
    var visitKeys = Set(document.visits.map(visitKey))
    for visit in imported.visits {
      if visitIDs.contains(visit.id) || visitKeys.contains(visitKey(visit)) {
        plan.duplicates += 1
        continue
      }
      visitIDs.insert(visit.id)
      visitKeys.insert(visitKey(visit))
      plan.visits.append(visit)
    }
    return plan
  }

  static func visitKey(_ visit: Visit) -> String {
    "\(visit.date.iso)|\(SearchText(visit.doctorName).compact)|\(visit.visitType.rawValue)"
  }

  // MARK: glance CSV

  static func planGlanceCSV(
    _ rows: [[String]], replace: Bool, into document: GlanceDocument, library: MarkerLibrary, today: CalendarDate,
    now: Timestamp
  ) throws -> ImportPlan {
    let header = rows[0].map { SearchText($0).compact }
    func column(_ name: String) -> Int? { header.firstIndex(of: name) }
    guard let dateColumn = column("date"), let keyColumn = column("markerkey"), let valueColumn = column("value") else {
      throw ImportError.notGlance("the header needs date, marker_key and value")
    }
    let unitColumn = column("unit")
    let nameColumn = column("marker")
    let noteColumn = column("note")
    let sourceColumn = column("source")
    var markers = library.markers + document.customMarkers
    var plan = ImportPlan(kind: .glanceCSV, replace: replace)
    var problems: [String] = []
    var drafts: [(EntryDraft, SourceType)] = []
    for (offset, row) in rows.dropFirst().enumerated() {
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
        problems.append("row \(line): no marker has the key “\(key)”.")
        continue
      }
      do {
        let date = try DateParser.parse(dateText, today: today, for: .reading)
        let note = noteColumn.flatMap { index in index < row.count ? CSV.unprotect(row[index]) : nil }.flatMap {
          $0.isEmpty ? nil : $0
        }
        let draft = try EntryPlanner.draft(
          marker, valueText: valueText, unit: cell(unitColumn), date: date, note: note, existing: [])
        let source = cell(sourceColumn).map(SourceType.init(rawValue:)) ?? .fileImport
        drafts.append((draft, source))
      } catch {
        problems.append("row \(line): \(error.message)")
      }
    }
    if !problems.isEmpty { throw ImportError.problems(problems) }
    addDrafts(drafts, to: &plan, document: document, now: now)
    return plan
  }

  /// The custom marker a glance CSV row names by a `custom-…` key this folder does not have (the
  /// export came from another folder): one of ours with the same name, or a new one made from the
  /// row's name and unit, keeping its key. Library keys are never made up.
  static func customMarker(
    key: String, name: String?, unit: String?, among markers: inout [MarkerDefinition], plan: inout ImportPlan
  ) -> MarkerDefinition? {
    guard key.hasPrefix("custom-"), let name, let unit else { return nil }
    let wanted = SearchText(name).compact
    if let same = markers.first(where: { !$0.isSystemDefined && SearchText($0.displayName).compact == wanted }) {
      return same
    }
    guard
      var made = try? CustomMarkerPlanner.make(
        name: name, unit: unit, low: nil, high: nil, direction: nil, existing: markers)
    else { return nil }
    if !markers.contains(where: { $0.key == key }) { made.key = key }
    markers.append(made)
    plan.customMarkers.append(made)
    return made
  }

  // MARK: visits CSV

  /// The visits CSV `glance export --csv --visits` writes: date, type, label, doctor, notes.
  static func planVisitsCSV(
    _ rows: [[String]], replace: Bool, into document: GlanceDocument, today: CalendarDate, now: Timestamp
  ) throws -> ImportPlan {
    guard !replace else { throw ImportError.visitsCannotReplace }
    let header = rows[0].map { SearchText($0).compact }
    func column(_ name: String) -> Int? { header.firstIndex(of: name) }
    var plan = ImportPlan(kind: .visitsCSV, replace: false)
    var problems: [String] = []
    var keys = Set(document.visits.map(visitKey))
    for (offset, row) in rows.dropFirst().enumerated() {
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
        let visit = try VisitPlanner.make(
          date: cell("date"), doctor: cell("doctor"), type: cell("type"), label: cell("label"), notes: cell("notes"),
          today: today, now: now)
        guard keys.insert(visitKey(visit)).inserted else {
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

  /// Adds drafts to a plan as entries, skipping what is stored already, tracking their markers.
  static func addDrafts(
    _ drafts: [(EntryDraft, SourceType)], to plan: inout ImportPlan, document: GlanceDocument, now: Timestamp
  ) {
    var seen = plan.replace ? EntryIdentity.index([]) : EntryIdentity.index(document.entries)
    var tracked = plan.replace ? [] : document.trackedMarkers
    // Rows of one import share an entry time; ids that rise row by row keep same-day readings
    // in the file's order (entries tie-break by id), so exporting again gives the same rows.
    var generator = SystemRandomNumberGenerator()
    let batch = UInt64.random(in: 0...UInt64.max, using: &generator)
    for (row, (draft, source)) in drafts.enumerated() {
      var entry = draft.entry(at: now, source: source)
      entry.id = orderedID(batch: batch, row: row)
      if seen.contains(entry) {
        plan.duplicates += 1
        continue
      }
      seen.insert(entry)
      plan.entries.append(entry)
      if EntryChecks.isImplausible(draft.value, draft.marker) {
        plan.unusual.append(
          "\(draft.marker.shortName) \(ValueText.withUnit(draft.value, draft.comparator, draft.marker.unit)) on \(DateText.long(draft.date))"
        )
      }
      if !tracked.contains(where: { $0.markerID == draft.marker.id }) {
        let row = UserMarker(
          markerID: draft.marker.id, displayOrder: (tracked.map(\.displayOrder).max() ?? -1) + 1, addedAt: now)
        tracked.append(row)
        plan.trackedMarkers.append(row)
      }
    }
    if plan.replace { plan.trackedMarkers = tracked }
  }

  // MARK: Applying

  /// Saves the plan as one change; returns the document after it.
  @discardableResult
  public static func apply(_ plan: ImportPlan, to repository: any DataRepository, summary: String) throws
    -> GlanceDocument
  {
    try repository.write(summary: summary) { transaction in
      let current = transaction.document
      if plan.replace {
        transaction.apply(current.entries.map { .removeEntry($0.id) })
        transaction.apply(current.visits.map { .removeVisit($0.id) })
        // Removed last first, so undo puts them back in their order.
        transaction.apply(current.customMarkers.reversed().map { .removeCustomMarker($0.id) })
        transaction.apply(.setTrackedMarkers(plan.trackedMarkers))
      } else if !plan.trackedMarkers.isEmpty {
        transaction.apply(.setTrackedMarkers(current.trackedMarkers + plan.trackedMarkers))
      }
      transaction.apply(plan.customMarkers.map(Operation.putCustomMarker))
      transaction.apply(plan.entries.map(Operation.putEntry))
      transaction.apply(plan.visits.map(Operation.putVisit))
      if let profile = plan.profile { transaction.setProfile(profile) }
    }
    return try repository.read()
  }
}

/// A random version-4 UUID whose leading bits count `row` up, so ids of one import sort in row order.
func orderedID(batch: UInt64, row: Int) -> UUID {
  // 24 bits of row first (sixteen million rows), then the batch's random bits.
  var high = (UInt64(row) & 0xFF_FFFF) << 40 | (batch >> 24) & 0xFF_FFFF_FFFF
  var low = batch &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(row) &* 0xBF58_476D_1CE4_E5B9
  high = (high & ~0xF000) | 0x4000  // version 4
  low = (low & ~(0xC000_0000_0000_0000 as UInt64)) | 0x8000_0000_0000_0000  // RFC 4122 variant
  return withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { UUID(uuid: $0.load(as: uuid_t.self)) }
}

/// What makes two readings the same: the same id, or the same marker, date, value and comparator.
struct EntryIdentity {
  private var ids: Set<UUID> = []
  private var contents: Set<String> = []

  static func index(_ entries: [MarkerEntry]) -> EntryIdentity {
    var identity = EntryIdentity()
    for entry in entries { identity.insert(entry) }
    return identity
  }

  static func key(_ entry: MarkerEntry) -> String {
    "\(entry.markerID)|\(entry.dateOfService.iso)|\(entry.value)|\(entry.comparator?.rawValue ?? "")"
  }

  func contains(_ entry: MarkerEntry) -> Bool { ids.contains(entry.id) || contents.contains(Self.key(entry)) }

  mutating func insert(_ entry: MarkerEntry) {
    ids.insert(entry.id)
    contents.insert(Self.key(entry))
  }
}
