#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// The record-level halves of `DocumentCodec` written by hand: the value writers the generated
// records use, the fast readers of entries and tracked markers (read in the writer's exact
// layout, falling back to the generated general readers), and the undo steps, whose operations
// nest the other records. Each record's fields are one list, `RecordSchema`; its writer and
// general reader are generated from it (`DocumentCodec+Generated.swift`).

extension JSONWriter {
  /// `[]`, or one record a line between `[` and `]`.
  mutating func records<T>(_ items: [T], _ write: (inout JSONWriter, T) -> Void) {
    if items.isEmpty {
      raw("[]")
      return
    }
    raw("[")
    for (index, item) in items.enumerated() {
      raw(index == 0 ? "\n    " : ",\n    ")
      write(&self, item)
    }
    raw("\n  ]")
  }

  mutating func member(_ name: StaticString, first: Bool = false) {
    if !first { raw(", ") }
    key(name)
  }

  /// `"8F1C2A9E-…"`: uppercase hex, written directly (`uuidString` goes through snprintf).
  mutating func uuid(_ value: UUID) {
    let digits: StaticString = "0123456789ABCDEF"
    raw(UInt8(ascii: "\""))
    withUnsafeBytes(of: value.uuid) { bytes in
      for index in 0..<16 {
        if index == 4 || index == 6 || index == 8 || index == 10 { raw(UInt8(ascii: "-")) }
        raw(digits.utf8Start[Int(bytes[index] >> 4)])
        raw(digits.utf8Start[Int(bytes[index] & 0x0F)])
      }
    }
    raw(UInt8(ascii: "\""))
  }

  /// `"2025-02-15"`.
  mutating func date(_ value: CalendarDate) {
    raw(UInt8(ascii: "\""))
    dateDigits(value)
    raw(UInt8(ascii: "\""))
  }

  /// `"2025-02-15T09:30:00Z"`.
  mutating func timestamp(_ value: Timestamp) {
    let day = value.utcDay
    let seconds = Int(value.secondsSince1970 - Int64(day.dayNumber) * 86_400)
    raw(UInt8(ascii: "\""))
    dateDigits(day)
    raw(UInt8(ascii: "T"))
    twoDigits(seconds / 3600)
    raw(UInt8(ascii: ":"))
    twoDigits(seconds / 60 % 60)
    raw(UInt8(ascii: ":"))
    twoDigits(seconds % 60)
    raw(UInt8(ascii: "Z"))
    raw(UInt8(ascii: "\""))
  }

  private mutating func dateDigits(_ value: CalendarDate) {
    twoDigits(value.year / 100)
    twoDigits(value.year % 100)
    raw(UInt8(ascii: "-"))
    twoDigits(value.month)
    raw(UInt8(ascii: "-"))
    twoDigits(value.day)
  }

  @inline(__always) private mutating func twoDigits(_ value: Int) {
    raw(UInt8(48 + value / 10))
    raw(UInt8(48 + value % 10))
  }

  mutating func stringArray(_ values: [String]) {
    raw("[")
    for (index, value) in values.enumerated() {
      if index > 0 { raw(", ") }
      string(value)
    }
    raw("]")
  }

  mutating func writeUndoStep(_ step: UndoStep) {
    raw("{")
    member("id", first: true)
    uuid(step.id)
    member("summary")
    string(step.summary)
    member("timestamp")
    timestamp(step.timestamp)
    member("operations")
    raw("[")
    for (index, operation) in step.operations.enumerated() {
      if index > 0 { raw(", ") }
      writeOperation(operation)
    }
    raw("]")
    if let stored = step.storedOperations {
      member("storedOperations")
      integer(Int64(stored))
    }
    if let profile = step.profileBefore {
      member("profileBefore")
      writeProfile(profile)
    }
    raw("}")
  }

  /// One operation of an undo step: `{"op": "removeEntry", "id": "…"}`.
  mutating func writeOperation(_ operation: Operation) {
    raw("{")
    member("op", first: true)
    string(operation.name)
    switch operation {
    case .putEntry(let entry):
      member("entry")
      writeEntry(entry)
    case .removeEntry(let id), .removeVisit(let id), .removeCustomMarker(let id):
      member("id")
      uuid(id)
    case .putVisit(let visit):
      member("visit")
      writeVisit(visit)
    case .putCustomMarker(let marker):
      member("marker")
      writeMarkerDefinition(marker)
    case .setTrackedMarkers(let markers):
      member("markers")
      raw("[")
      for (markerIndex, marker) in markers.enumerated() {
        if markerIndex > 0 { raw(", ") }
        writeUserMarker(marker)
      }
      raw("]")
    }
    raw("}")
  }
}

extension JSONReader {
  mutating func readUserMarker() throws -> UserMarker {
    skipWhitespace()
    let start = position
    // As for entries: the exact layout `writeUserMarker` writes is read directly (the general
    // reader took 4,000 instructions a marker, and every command reads them all).
    if let marker = try readCanonicalUserMarker() { return marker }
    paths.generalTrackedMarkers += 1
    restore(start)
    return try readGeneralUserMarker()
  }

  /// A tracked marker in `writeUserMarker`'s exact layout, or nil (with the position wherever
  /// it stopped).
  private mutating func readCanonicalUserMarker() throws -> UserMarker? {
    guard consume("{\"id\": "), let id = rawQuoted(36, parseUUID), consume(", \"markerID\": "),
      let markerID = rawQuoted(36, parseUUID)
    else { return nil }
    var low: Double?
    var high: Double?
    if consume(", \"customReferenceLow\": ") { low = try readOptionalNumber() }
    if consume(", \"customReferenceHigh\": ") { high = try readOptionalNumber() }
    guard consume(", \"displayOrder\": ") else { return nil }
    let order = try readInteger()
    guard consume(", \"addedAt\": "), let addedAt = rawQuoted(20, Timestamp.init(isoBytes:)), consume("}") else {
      return nil
    }
    return UserMarker(
      id: id, markerID: markerID, customReferenceLow: low, customReferenceHigh: high, displayOrder: order,
      addedAt: addedAt)
  }

  mutating func readEntry() throws -> MarkerEntry {
    skipWhitespace()
    let start = position
    // Most entries are exactly as `writeEntry` wrote them: read that shape directly, and fall
    // back to the general reader for anything else (a hand edit, another key order).
    if let entry = try readCanonicalEntry() {
      paths.canonicalEntries += 1
      return entry
    }
    paths.generalEntries += 1
    restore(start)
    return try readGeneralEntry()
  }

  /// An entry in `writeEntry`'s exact layout, or nil (with the position wherever it stopped).
  mutating func readCanonicalEntry() throws -> MarkerEntry? {
    let uuidWidth = EntryLayout.uuidWidth
    guard consume(EntryLayout.idOpening), let id = raw(uuidWidth, parseUUID), consume(EntryLayout.markerOpening),
      let markerID = raw(uuidWidth, parseUUID), consume(EntryLayout.dateOpening),
      let date = raw(EntryLayout.dateWidth, CalendarDate.init(isoBytes:)), consume("\""), consume(EntryLayout.valueKey)
    else { return nil }
    let value = try readNumber()
    var comparator: ValueComparator?
    if consume(EntryLayout.comparatorKey) {
      guard let parsed = ValueComparator(rawValue: try readString()) else { return nil }
      comparator = parsed
    }
    guard consume(EntryLayout.unitKey) else { return nil }
    let unit = try readInternedString()
    var entered: EnteredValue?
    if consume(EntryLayout.enteredValueKey) {
      let value = try readNumber()
      guard consume(EntryLayout.enteredUnitKey) else { return nil }
      entered = EnteredValue(value: value, unit: try readInternedString() as String?)
    }
    var note: String?
    if consume(EntryLayout.noteKey) { note = try readString() }
    guard consume(EntryLayout.sourceKey) else { return nil }
    let source = try readInternedString()
    guard consume(EntryLayout.timestampKey),
      let timestamp = rawQuoted(EntryLayout.timestampWidth, Timestamp.init(isoBytes:)),
      consume("}")
    else { return nil }
    return MarkerEntry(
      id: id, markerID: markerID, value: value, comparator: comparator, unit: unit, entered: entered,
      dateOfService: date, entryTimestamp: timestamp, note: note, sourceType: SourceType(rawValue: source))
  }

  mutating func readUndoStep() throws -> UndoStep {
    skipWhitespace()
    let start = position
    var id: UUID?
    var summary: String?
    var timestamp: Timestamp?
    var operations: [Operation] = []
    var stored: Int?
    var profileBefore: Profile?
    try readObject { reader, key in
      switch key {
      case "id": id = try reader.readUUID()
      case "summary": summary = try reader.readString()
      case "timestamp": timestamp = try reader.readTimestamp()
      case "operations": try reader.readArray { operations.append(try $0.readOperation()) }
      case "storedOperations": stored = try reader.readInteger()
      case "profileBefore": profileBefore = try reader.readProfile()
      default: try reader.skipValue()
      }
    }
    let what = "An undo step"
    if let stored {
      // Kept in a file of its own: the step here holds none of them.
      guard stored > 0, stored <= UndoStep.storedLimit, operations.isEmpty else {
        throw error("An undo step's stored operations are not a count glance writes.", at: start)
      }
    }
    return UndoStep(
      id: try required(id, "id", in: what, self, at: start),
      summary: try required(summary, "summary", in: what, self, at: start),
      timestamp: try required(timestamp, "timestamp", in: what, self, at: start),
      operations: operations, storedOperations: stored, profileBefore: profileBefore)
  }

  mutating func readOperation() throws -> Operation {
    skipWhitespace()
    let start = position
    var name: String?
    var entry: MarkerEntry?
    var visit: Visit?
    var marker: MarkerDefinition?
    var markers: [UserMarker]?
    var id: UUID?
    try readObject { reader, key in
      switch key {
      case "op": name = try reader.readString()
      case "entry": entry = try reader.readEntry()
      case "visit": visit = try reader.readVisit()
      case "marker": marker = try reader.readMarkerDefinition(isSystemDefined: false)
      case "markers":
        var list: [UserMarker] = []
        try reader.readArray { list.append(try $0.readUserMarker()) }
        markers = list
      case "id": id = try reader.readUUID()
      default: try reader.skipValue()
      }
    }
    let what = "An undo operation"
    switch try required(name, "op", in: what, self, at: start) {
    case "putEntry": return .putEntry(try required(entry, "entry", in: what, self, at: start))
    case "removeEntry": return .removeEntry(try required(id, "id", in: what, self, at: start))
    case "putVisit": return .putVisit(try required(visit, "visit", in: what, self, at: start))
    case "removeVisit": return .removeVisit(try required(id, "id", in: what, self, at: start))
    case "putCustomMarker":
      return .putCustomMarker(try required(marker, "marker", in: what, self, at: start))
    case "removeCustomMarker":
      return .removeCustomMarker(try required(id, "id", in: what, self, at: start))
    case "setTrackedMarkers":
      return .setTrackedMarkers(try required(markers, "markers", in: what, self, at: start))
    case let other:
      throw error("\(quoted(other)) is not a known undo operation.", at: start)
    }
  }
}
