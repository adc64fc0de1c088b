// swift-format-ignore-file
// Generated from RecordSchema.swift. Do not edit: change the schema, then run
//   GLANCE_RECORD=1 swift test --filter RecordCodecTests
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension JSONWriter {
  mutating func writeProfile(_ record: Profile) {
    raw("{")
    member("id", first: true)
    uuid(record.id)
    member("name")
    string(record.name)
    member("createdAt")
    timestamp(record.createdAt)
    if let value = record.sex {
      member("sex")
      string(value.rawValue)
    }
    if let value = record.units {
      member("units")
      string(value.rawValue)
    }
    if let value = record.markerUnits {
      member("markerUnits")
      stringArray(value)
    }
    raw("}")
  }

  mutating func writeUserMarker(_ record: UserMarker) {
    raw("{")
    member("id", first: true)
    uuid(record.id)
    member("markerID")
    uuid(record.markerID)
    if let value = record.customReferenceLow {
      member("customReferenceLow")
      number(value)
    }
    if let value = record.customReferenceHigh {
      member("customReferenceHigh")
      number(value)
    }
    member("displayOrder")
    integer(Int64(record.displayOrder))
    member("addedAt")
    timestamp(record.addedAt)
    raw("}")
  }

  mutating func writeEntry(_ record: MarkerEntry, label: (key: String, name: String)? = nil) {
    raw("{")
    member("id", first: true)
    uuid(record.id)
    member("markerID")
    uuid(record.markerID)
    if let label {
      member("markerKey")
      string(label.key)
      member("markerName")
      string(label.name)
    }
    member("dateOfService")
    date(record.dateOfService)
    member("value")
    number(record.value)
    if let value = record.comparator {
      member("comparator")
      string(value.rawValue)
    }
    member("unit")
    string(record.unit)
    if let entered = record.entered {
      member("enteredValue")
      number(entered.value)
      member("enteredUnit")
      string(entered.unit)
    }
    if let value = record.note {
      member("note")
      string(value)
    }
    member("sourceType")
    string(record.sourceType.rawValue)
    member("entryTimestamp")
    timestamp(record.entryTimestamp)
    raw("}")
  }

  mutating func writeVisit(_ record: Visit) {
    raw("{")
    member("id", first: true)
    uuid(record.id)
    member("date")
    date(record.date)
    member("doctorName")
    string(record.doctorName)
    member("visitType")
    string(record.visitType.rawValue)
    if let value = record.visitTypeLabel {
      member("visitTypeLabel")
      string(value)
    }
    if let value = record.notes {
      member("notes")
      string(value)
    }
    member("entryTimestamp")
    timestamp(record.entryTimestamp)
    raw("}")
  }

  mutating func writeMarkerDefinition(_ record: MarkerDefinition) {
    raw("{")
    member("id", first: true)
    uuid(record.id)
    member("key")
    string(record.key)
    member("displayName")
    string(record.displayName)
    member("shortName")
    string(record.shortName)
    member("category")
    string(record.category)
    member("unit")
    string(record.unit)
    member("unitSynonyms")
    stringArray(record.unitSynonyms)
    if let value = record.siUnit {
      member("siUnit")
      string(value)
    }
    if let value = record.siFactor {
      member("siFactor")
      number(value)
    }
    if let value = record.siOffset {
      member("siOffset")
      number(value)
    }
    member("decimals")
    integer(Int64(record.decimals))
    if let value = record.siDecimals {
      member("siDecimals")
      integer(Int64(value))
    }
    if let value = record.referenceLow {
      member("referenceLow")
      number(value)
    }
    if let value = record.referenceHigh {
      member("referenceHigh")
      number(value)
    }
    if let value = record.plausibleMin {
      member("plausibleMin")
      number(value)
    }
    if let value = record.plausibleMax {
      member("plausibleMax")
      number(value)
    }
    member("direction")
    string(record.direction.rawValue)
    if let value = record.loinc {
      member("loinc")
      string(value)
    }
    member("aliases")
    stringArray(record.aliases)
    if let value = record.source {
      member("source")
      string(value)
    }
    if let value = record.notes {
      member("notes")
      string(value)
    }
    member("isSystemDefined")
    bool(record.isSystemDefined)
    raw("}")
  }
}

extension JSONReader {
  /// The profile in any key order; a key glance does not write is skipped.
  mutating func readProfile() throws -> Profile {
    skipWhitespace()
    let start = position
    var id: UUID?
    var name: String?
    var createdAt: Timestamp?
    var sex: Sex?
    var units: UnitSystem?
    var markerUnits: [String]?
    try readObject { reader, jsonKey in
      switch jsonKey {
      case "id": id = try reader.readUUID()
      case "name": name = try reader.readString()
      case "createdAt": createdAt = try reader.readTimestamp()
      case "sex": sex = reader.readNullIfPresent() ? nil : try reader.readEnum(Sex.self, "sex")
      case "units": units = reader.readNullIfPresent() ? nil : try reader.readEnum(UnitSystem.self, "units")
      case "markerUnits": markerUnits = reader.readNullIfPresent() ? nil : try reader.readStringArray()
      default: try reader.skipValue()
      }
    }
    let what = "The profile"
    return Profile(
      id: try required(id, "id", in: what, self, at: start),
      name: try required(name, "name", in: what, self, at: start),
      createdAt: try required(createdAt, "createdAt", in: what, self, at: start),
      sex: sex,
      units: units,
      markerUnits: markerUnits)
  }

  /// A tracked marker in any key order; a key glance does not write is skipped.
  mutating func readGeneralUserMarker() throws -> UserMarker {
    skipWhitespace()
    let start = position
    var id: UUID?
    var markerID: UUID?
    var customReferenceLow: Double?
    var customReferenceHigh: Double?
    var displayOrder: Int?
    var addedAt: Timestamp?
    try readObject { reader, jsonKey in
      switch jsonKey {
      case "id": id = try reader.readUUID()
      case "markerID": markerID = try reader.readUUID()
      case "customReferenceLow": customReferenceLow = reader.readNullIfPresent() ? nil : try reader.readNumber()
      case "customReferenceHigh": customReferenceHigh = reader.readNullIfPresent() ? nil : try reader.readNumber()
      case "displayOrder": displayOrder = try reader.readInteger()
      case "addedAt": addedAt = try reader.readTimestamp()
      default: try reader.skipValue()
      }
    }
    let what = "A tracked marker"
    return UserMarker(
      id: try required(id, "id", in: what, self, at: start),
      markerID: try required(markerID, "markerID", in: what, self, at: start),
      customReferenceLow: customReferenceLow,
      customReferenceHigh: customReferenceHigh,
      displayOrder: try required(displayOrder, "displayOrder", in: what, self, at: start),
      addedAt: try required(addedAt, "addedAt", in: what, self, at: start))
  }

  /// An entry in any key order; a key glance does not write is skipped.
  mutating func readGeneralEntry() throws -> MarkerEntry {
    skipWhitespace()
    let start = position
    var id: UUID?
    var markerID: UUID?
    var dateOfService: CalendarDate?
    var value: Double?
    var comparator: ValueComparator?
    var unit: String?
    var enteredValue: Double?
    var enteredUnit: String?
    var note: String?
    var sourceType: SourceType?
    var entryTimestamp: Timestamp?
    try readObject { reader, jsonKey in
      switch jsonKey {
      case "id": id = try reader.readUUID()
      case "markerID": markerID = try reader.readUUID()
      case "dateOfService": dateOfService = try reader.readCalendarDate()
      case "value": value = try reader.readNumber()
      case "comparator": comparator = reader.readNullIfPresent() ? nil : try reader.readEnum(ValueComparator.self, "comparator")
      case "unit": unit = try reader.readString()
      case "enteredValue": enteredValue = try reader.readOptionalNumber()
      case "enteredUnit": enteredUnit = try reader.readOptionalString()
      case "note": note = reader.readNullIfPresent() ? nil : try reader.readString()
      case "sourceType": sourceType = SourceType(rawValue: try reader.readString())
      case "entryTimestamp": entryTimestamp = try reader.readTimestamp()
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
      dateOfService: try required(dateOfService, "dateOfService", in: what, self, at: start),
      entryTimestamp: try required(entryTimestamp, "entryTimestamp", in: what, self, at: start),
      note: note,
      sourceType: try required(sourceType, "sourceType", in: what, self, at: start))
  }

  /// A visit in any key order; a key glance does not write is skipped.
  mutating func readVisit() throws -> Visit {
    skipWhitespace()
    let start = position
    var id: UUID?
    var date: CalendarDate?
    var doctorName: String?
    var visitType: VisitType?
    var visitTypeLabel: String?
    var notes: String?
    var entryTimestamp: Timestamp?
    try readObject { reader, jsonKey in
      switch jsonKey {
      case "id": id = try reader.readUUID()
      case "date": date = try reader.readCalendarDate()
      case "doctorName": doctorName = try reader.readString()
      case "visitType": visitType = try reader.readEnum(VisitType.self, "visit type")
      case "visitTypeLabel": visitTypeLabel = reader.readNullIfPresent() ? nil : try reader.readString()
      case "notes": notes = reader.readNullIfPresent() ? nil : try reader.readString()
      case "entryTimestamp": entryTimestamp = try reader.readTimestamp()
      default: try reader.skipValue()
      }
    }
    let what = "A visit"
    return Visit(
      id: try required(id, "id", in: what, self, at: start),
      date: try required(date, "date", in: what, self, at: start),
      doctorName: try required(doctorName, "doctorName", in: what, self, at: start),
      visitType: try required(visitType, "visitType", in: what, self, at: start),
      visitTypeLabel: visitTypeLabel,
      notes: notes,
      entryTimestamp: try required(entryTimestamp, "entryTimestamp", in: what, self, at: start))
  }

  /// A marker in any key order; a key glance does not write is skipped.
  mutating func readMarkerDefinition(isSystemDefined defaultValue: Bool) throws -> MarkerDefinition {
    skipWhitespace()
    let start = position
    var id: UUID?
    var key: String?
    var displayName: String?
    var shortName: String?
    var category: String?
    var unit: String?
    var unitSynonyms: [String] = []
    var siUnit: String?
    var siFactor: Double?
    var siOffset: Double?
    var decimals: Int = 1
    var siDecimals: Int?
    var referenceLow: Double?
    var referenceHigh: Double?
    var plausibleMin: Double?
    var plausibleMax: Double?
    var direction: Direction?
    var loinc: String?
    var aliases: [String] = []
    var source: String?
    var notes: String?
    var isSystemDefined: Bool = defaultValue
    try readObject { reader, jsonKey in
      switch jsonKey {
      case "id": id = try reader.readUUID()
      case "key": key = try reader.readString()
      case "displayName": displayName = try reader.readString()
      case "shortName": shortName = reader.readNullIfPresent() ? nil : try reader.readString()
      case "category": category = try reader.readString()
      case "unit": unit = try reader.readString()
      case "unitSynonyms": unitSynonyms = try reader.readStringArray()
      case "siUnit": siUnit = reader.readNullIfPresent() ? nil : try reader.readString()
      case "siFactor": siFactor = reader.readNullIfPresent() ? nil : try reader.readNumber()
      case "siOffset": siOffset = reader.readNullIfPresent() ? nil : try reader.readNumber()
      case "decimals": decimals = try reader.readInteger()
      case "siDecimals": siDecimals = reader.readNullIfPresent() ? nil : try reader.readInteger()
      case "referenceLow": referenceLow = reader.readNullIfPresent() ? nil : try reader.readNumber()
      case "referenceHigh": referenceHigh = reader.readNullIfPresent() ? nil : try reader.readNumber()
      case "plausibleMin": plausibleMin = reader.readNullIfPresent() ? nil : try reader.readNumber()
      case "plausibleMax": plausibleMax = reader.readNullIfPresent() ? nil : try reader.readNumber()
      case "direction": direction = try reader.readEnum(Direction.self, "direction")
      case "loinc": loinc = reader.readNullIfPresent() ? nil : try reader.readString()
      case "aliases": aliases = try reader.readStringArray()
      case "source": source = reader.readNullIfPresent() ? nil : try reader.readString()
      case "notes": notes = reader.readNullIfPresent() ? nil : try reader.readString()
      case "isSystemDefined": isSystemDefined = try reader.readBool()
      default: try reader.skipValue()
      }
    }
    let what = "A marker"
    return MarkerDefinition(
      id: try required(id, "id", in: what, self, at: start),
      key: try required(key, "key", in: what, self, at: start),
      displayName: try required(displayName, "displayName", in: what, self, at: start),
      shortName: shortName,
      category: try required(category, "category", in: what, self, at: start),
      unit: try required(unit, "unit", in: what, self, at: start),
      unitSynonyms: unitSynonyms,
      siUnit: siUnit,
      siFactor: siFactor,
      siOffset: siOffset,
      decimals: decimals,
      siDecimals: siDecimals,
      referenceLow: referenceLow,
      referenceHigh: referenceHigh,
      plausibleMin: plausibleMin,
      plausibleMax: plausibleMax,
      direction: try required(direction, "direction", in: what, self, at: start),
      loinc: loinc,
      aliases: aliases,
      source: source,
      notes: notes,
      isSystemDefined: isSystemDefined)
  }
}
