#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// The record-level halves of `DocumentCodec`: one writer and one reader per model, with the keys
// of the model's `Codable` conformance. Optional fields are left out when nil, as `JSONEncoder`
// does.

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

  mutating func optionalNumber(_ name: StaticString, _ value: Double?) {
    guard let value else { return }
    member(name)
    number(value)
  }

  mutating func optionalString(_ name: StaticString, _ value: String?) {
    guard let value else { return }
    member(name)
    string(value)
  }

  mutating func writeProfile(_ profile: Profile) {
    raw("{")
    member("id", first: true)
    uuid(profile.id)
    member("name")
    string(profile.name)
    member("createdAt")
    timestamp(profile.createdAt)
    if let sex = profile.sex {
      member("sex")
      string(sex.rawValue)
    }
    raw("}")
  }

  mutating func writeUserMarker(_ marker: UserMarker) {
    raw("{")
    member("id", first: true)
    uuid(marker.id)
    member("markerID")
    uuid(marker.markerID)
    optionalNumber("customReferenceLow", marker.customReferenceLow)
    optionalNumber("customReferenceHigh", marker.customReferenceHigh)
    member("displayOrder")
    integer(Int64(marker.displayOrder))
    member("addedAt")
    timestamp(marker.addedAt)
    raw("}")
  }

  mutating func writeMarkerDefinition(_ marker: MarkerDefinition) {
    raw("{")
    member("id", first: true)
    uuid(marker.id)
    member("key")
    string(marker.key)
    member("displayName")
    string(marker.displayName)
    member("shortName")
    string(marker.shortName)
    member("category")
    string(marker.category)
    member("unit")
    string(marker.unit)
    member("unitSynonyms")
    stringArray(marker.unitSynonyms)
    optionalString("siUnit", marker.siUnit)
    optionalNumber("siFactor", marker.siFactor)
    optionalNumber("siOffset", marker.siOffset)
    member("decimals")
    integer(Int64(marker.decimals))
    optionalNumber("referenceLow", marker.referenceLow)
    optionalNumber("referenceHigh", marker.referenceHigh)
    optionalNumber("plausibleMin", marker.plausibleMin)
    optionalNumber("plausibleMax", marker.plausibleMax)
    member("direction")
    string(marker.direction.rawValue)
    optionalString("loinc", marker.loinc)
    member("aliases")
    stringArray(marker.aliases)
    optionalString("source", marker.source)
    optionalString("notes", marker.notes)
    member("isSystemDefined")
    bool(marker.isSystemDefined)
    raw("}")
  }

  mutating func stringArray(_ values: [String]) {
    raw("[")
    for (index, value) in values.enumerated() {
      if index > 0 { raw(", ") }
      string(value)
    }
    raw("]")
  }

  mutating func writeEntry(_ entry: MarkerEntry) {
    raw("{")
    member("id", first: true)
    uuid(entry.id)
    member("markerID")
    uuid(entry.markerID)
    member("dateOfService")
    date(entry.dateOfService)
    member("value")
    number(entry.value)
    optionalString("comparator", entry.comparator?.rawValue)
    member("unit")
    string(entry.unit)
    if let entered = entry.entered {
      member("enteredValue")
      number(entered.value)
      member("enteredUnit")
      string(entered.unit)
    }
    optionalString("note", entry.note)
    member("sourceType")
    string(entry.sourceType.rawValue)
    member("entryTimestamp")
    timestamp(entry.entryTimestamp)
    raw("}")
  }

  mutating func writeVisit(_ visit: Visit) {
    raw("{")
    member("id", first: true)
    uuid(visit.id)
    member("date")
    date(visit.date)
    member("doctorName")
    string(visit.doctorName)
    member("visitType")
    string(visit.visitType.rawValue)
    optionalString("visitTypeLabel", visit.visitTypeLabel)
    optionalString("notes", visit.notes)
    member("entryTimestamp")
    timestamp(visit.entryTimestamp)
    raw("}")
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
  mutating func readProfile() throws -> Profile {
    skipWhitespace()
    let start = position
    var id: UUID?
    var name: String?
    var createdAt: Timestamp?
    var sex: Sex?
    try readObject { reader, key in
      switch key {
      case "id": id = try reader.readUUID()
      case "name": name = try reader.readString()
      case "createdAt": createdAt = try reader.readTimestamp()
      case "sex": sex = try reader.readEnum(Sex.self, "sex")
      default: try reader.skipValue()
      }
    }
    return Profile(
      id: try required(id, "id", in: "The profile", self, at: start),
      name: try required(name, "name", in: "The profile", self, at: start),
      createdAt: try required(createdAt, "createdAt", in: "The profile", self, at: start), sex: sex)
  }

  mutating func readUserMarker() throws -> UserMarker {
    skipWhitespace()
    let start = position
    // As for entries: the exact layout `writeUserMarker` writes is read directly (the general
    // reader took 4,000 instructions a marker, and every command reads them all).
    if let marker = try readCanonicalUserMarker() { return marker }
    restore(start)
    var id: UUID?
    var markerID: UUID?
    var low: Double?
    var high: Double?
    var order: Int?
    var addedAt: Timestamp?
    try readObject { reader, key in
      switch key {
      case "id": id = try reader.readUUID()
      case "markerID": markerID = try reader.readUUID()
      case "customReferenceLow": low = try reader.readOptionalNumber()
      case "customReferenceHigh": high = try reader.readOptionalNumber()
      case "displayOrder": order = try reader.readInteger()
      case "addedAt": addedAt = try reader.readTimestamp()
      default: try reader.skipValue()
      }
    }
    let what = "A tracked marker"
    return UserMarker(
      id: try required(id, "id", in: what, self, at: start),
      markerID: try required(markerID, "markerID", in: what, self, at: start),
      customReferenceLow: low, customReferenceHigh: high,
      displayOrder: try required(order, "displayOrder", in: what, self, at: start),
      addedAt: try required(addedAt, "addedAt", in: what, self, at: start))
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
    var id: UUID?
    var markerID: UUID?
    var value: Double?
    var comparator: ValueComparator?
    var unit: String?
    var enteredValue: Double?
    var enteredUnit: String?
    var date: CalendarDate?
    var timestamp: Timestamp?
    var note: String?
    var source: SourceType?
    try readObject { reader, key in
      switch key {
      case "id": id = try reader.readUUID()
      case "markerID": markerID = try reader.readUUID()
      case "value": value = try reader.readNumber()
      case "comparator":
        comparator = reader.readNullIfPresent() ? nil : try reader.readEnum(ValueComparator.self, "comparator")
      case "unit": unit = try reader.readString()
      case "enteredValue": enteredValue = reader.readNullIfPresent() ? nil : try reader.readNumber()
      case "enteredUnit": enteredUnit = try reader.readOptionalString()
      case "dateOfService": date = try reader.readCalendarDate()
      case "entryTimestamp": timestamp = try reader.readTimestamp()
      case "note": note = try reader.readOptionalString()
      case "sourceType": source = SourceType(rawValue: try reader.readString())
      default: try reader.skipValue()
      }
    }
    let what = "An entry"
    return MarkerEntry(
      id: try required(id, "id", in: what, self, at: start),
      markerID: try required(markerID, "markerID", in: what, self, at: start),
      value: try required(value, "value", in: what, self, at: start),
      comparator: comparator,
      unit: try required(unit, "unit", in: what, self, at: start),
      entered: EnteredValue(value: enteredValue, unit: enteredUnit),
      dateOfService: try required(date, "dateOfService", in: what, self, at: start),
      entryTimestamp: try required(timestamp, "entryTimestamp", in: what, self, at: start),
      note: note,
      sourceType: try required(source, "sourceType", in: what, self, at: start))
  }

  /// An entry in `writeEntry`'s exact layout, or nil (with the position wherever it stopped).
  private mutating func readCanonicalEntry() throws -> MarkerEntry? {
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

  mutating func readVisit() throws -> Visit {
    skipWhitespace()
    let start = position
    var id: UUID?
    var date: CalendarDate?
    var doctor: String?
    var type: VisitType?
    var label: String?
    var notes: String?
    var timestamp: Timestamp?
    try readObject { reader, key in
      switch key {
      case "id": id = try reader.readUUID()
      case "date": date = try reader.readCalendarDate()
      case "doctorName": doctor = try reader.readString()
      case "visitType": type = try reader.readEnum(VisitType.self, "visit type")
      case "visitTypeLabel": label = try reader.readOptionalString()
      case "notes": notes = try reader.readOptionalString()
      case "entryTimestamp": timestamp = try reader.readTimestamp()
      default: try reader.skipValue()
      }
    }
    let what = "A visit"
    return Visit(
      id: try required(id, "id", in: what, self, at: start),
      date: try required(date, "date", in: what, self, at: start),
      doctorName: try required(doctor, "doctorName", in: what, self, at: start),
      visitType: try required(type, "visitType", in: what, self, at: start),
      visitTypeLabel: label, notes: notes,
      entryTimestamp: try required(timestamp, "entryTimestamp", in: what, self, at: start))
  }

  mutating func readUndoStep() throws -> UndoStep {
    skipWhitespace()
    let start = position
    var id: UUID?
    var summary: String?
    var timestamp: Timestamp?
    var operations: [Operation] = []
    var stored: Int?
    try readObject { reader, key in
      switch key {
      case "id": id = try reader.readUUID()
      case "summary": summary = try reader.readString()
      case "timestamp": timestamp = try reader.readTimestamp()
      case "operations": try reader.readArray { operations.append(try $0.readOperation()) }
      case "storedOperations": stored = try reader.readInteger()
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
      operations: operations, storedOperations: stored)
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
