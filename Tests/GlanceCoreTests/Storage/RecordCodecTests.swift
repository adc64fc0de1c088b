import Foundation
import Testing

@testable import GlanceCore

/// The stored records' writers and general readers are generated from `RecordSchema`: one field
/// list per record. These tests keep the generated file current and hold every other spelling of
/// a record (its `Codable` keys, what the writer writes, what the readers read) to that list.
@Suite("Record codecs: generated from one field list")
struct RecordCodecTests {
  static let generatedPath = "Sources/GlanceCore/Repository/DocumentCodec+Generated.swift"

  @Test("the generated writers and readers are current")
  func current() throws {
    let expected = RecordCodecGenerator.source(RecordSchema.records)
    let path = packageRoot + "/" + Self.generatedPath
    if isRecording {
      try expected.write(toFile: path, atomically: false, encoding: .utf8)
      return
    }
    #expect(
      try String(contentsOfFile: path, encoding: .utf8) == expected,
      "Run GLANCE_RECORD=1 swift test --filter RecordCodecTests")
  }

  /// One value of every record with every field set, and the same with every optional left out.
  struct Sample: CustomTestStringConvertible, Sendable {
    var record: String
    var keys: [String]
    /// Keys left out of `sparse` because they are nil.
    var optionalKeys: Set<String>
    var full: @Sendable () throws -> (written: String, codable: Data, readsBack: Bool)
    var sparse: @Sendable () throws -> (written: String, readsBack: Bool)
    var testDescription: String { record }
  }

  static func roundTrip<T: Equatable & Encodable>(
    _ value: T, write: (inout JSONWriter, T) -> Void, read: (inout JSONReader) throws -> T
  ) throws -> (written: String, codable: Data, readsBack: Bool) {
    var writer = JSONWriter()
    write(&writer, value)
    let bytes = writer.withBytes { Array($0) }
    let back = try JSONReader.read(bytes, read)
    return (String(decoding: bytes, as: UTF8.self), try JSONEncoder().encode(value), back == value)
  }

  static let created = Timestamp(secondsSince1970: 1_739_612_345)
  static let fullEntry: MarkerEntry = {
    var entry = Fixture.entry(Fixture.hdl, 89, on: "2025-02-15", note: "fasting")
    entry.comparator = .lessThan
    entry.entered = EnteredValue(value: 2.3, unit: "mmol/L")
    return entry
  }()
  static let fullDefinition = MarkerDefinition(
    id: .random(), key: "custom-ketones", displayName: "Blood ketones", shortName: "Ketones", category: "custom",
    unit: "mmol/L", unitSynonyms: ["mM"], siUnit: "mmol/L", siFactor: 1, siOffset: 0, decimals: 2, siDecimals: 1,
    referenceLow: 0.1, referenceHigh: 0.6, plausibleMin: 0, plausibleMax: 30, direction: .lowerIsBetter,
    loinc: "53060-9", aliases: ["ketones"], source: "a lab", notes: "meter", isSystemDefined: false)

  static let samples: [Sample] = [
    Sample(
      record: "Profile", keys: RecordSchema.profile.keys, optionalKeys: ["sex", "units", "markerUnits"],
      full: {
        try roundTrip(
          Profile(
            name: "Jane", createdAt: created, sex: .female, units: .si, markerUnits: ["weight=lb"]),
          write: { $0.writeProfile($1) },
          read: { try $0.readProfile() })
      },
      sparse: {
        let result = try roundTrip(
          Profile(name: "Jane", createdAt: created), write: { $0.writeProfile($1) }, read: { try $0.readProfile() })
        return (result.written, result.readsBack)
      }),
    Sample(
      record: "UserMarker", keys: RecordSchema.trackedMarker.keys,
      optionalKeys: ["customReferenceLow", "customReferenceHigh"],
      full: {
        try roundTrip(
          UserMarker(
            markerID: .random(), customReferenceLow: 40, customReferenceHigh: 99.5, displayOrder: 3, addedAt: created),
          write: { $0.writeUserMarker($1) }, read: { try $0.readUserMarker() })
      },
      sparse: {
        let result = try roundTrip(
          UserMarker(markerID: .random(), displayOrder: 0, addedAt: created), write: { $0.writeUserMarker($1) },
          read: { try $0.readUserMarker() })
        return (result.written, result.readsBack)
      }),
    Sample(
      record: "MarkerEntry", keys: RecordSchema.entry.keys,
      optionalKeys: ["comparator", "enteredValue", "enteredUnit", "note"],
      full: { try roundTrip(fullEntry, write: { $0.writeEntry($1) }, read: { try $0.readEntry() }) },
      sparse: {
        let result = try roundTrip(
          Fixture.entry(Fixture.hdl, 89, on: "2025-02-15"), write: { $0.writeEntry($1) },
          read: { try $0.readEntry() })
        return (result.written, result.readsBack)
      }),
    Sample(
      record: "Visit", keys: RecordSchema.visit.keys, optionalKeys: ["visitTypeLabel", "notes"],
      full: {
        try roundTrip(
          Visit(
            date: CalendarDate(year: 2025, month: 3, day: 1)!, doctorName: "Dr. Patel", visitType: .other,
            visitTypeLabel: "Allergy",
            notes: "ask about statins", entryTimestamp: created), write: { $0.writeVisit($1) },
          read: { try $0.readVisit() })
      },
      sparse: {
        let result = try roundTrip(
          Visit(
            date: CalendarDate(year: 2025, month: 3, day: 1)!, doctorName: "Dr. Patel", visitType: .physical,
            entryTimestamp: created),
          write: { $0.writeVisit($1) }, read: { try $0.readVisit() })
        return (result.written, result.readsBack)
      }),
    Sample(
      record: "MarkerDefinition", keys: RecordSchema.markerDefinition.keys,
      optionalKeys: [
        "siUnit", "siFactor", "siOffset", "siDecimals", "referenceLow", "referenceHigh", "plausibleMin", "plausibleMax",
        "loinc",
        "source", "notes",
      ],
      full: {
        try roundTrip(
          fullDefinition, write: { $0.writeMarkerDefinition($1) },
          read: { try $0.readMarkerDefinition(isSystemDefined: true) })
      },
      sparse: {
        let result = try roundTrip(
          MarkerDefinition(
            id: .random(), key: "custom-x", displayName: "X", category: "custom", unit: "U", direction: .inRange,
            isSystemDefined: false), write: { $0.writeMarkerDefinition($1) },
          read: { try $0.readMarkerDefinition(isSystemDefined: true) })
        return (result.written, result.readsBack)
      }),
  ]

  /// The keys of one written record, in the order they appear.
  static func keys(of line: String) throws -> [String] {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    return object.keys.sorted {
      line.range(of: "\"\($0)\": ")!.lowerBound < line.range(of: "\"\($1)\": ")!.lowerBound
    }
  }

  @Test(
    "every record covers its model's stored fields",
    arguments: ["Profile", "UserMarker", "MarkerEntry", "Visit", "MarkerDefinition"])
  func everyRecordSampled(type: String) {
    #expect(RecordSchema.records.contains { $0.type == type })
    #expect(Self.samples.contains { $0.record == type })
  }

  @Test("the writer writes the schema's keys in its order; Codable knows the same keys", arguments: samples)
  func writerAndCodable(sample: Sample) throws {
    let full = try sample.full()
    #expect(try Self.keys(of: full.written) == sample.keys)
    let codable = try #require(try JSONSerialization.jsonObject(with: full.codable) as? [String: Any])
    #expect(Set(codable.keys) == Set(sample.keys))
    #expect(full.readsBack, "a record with every field set reads back equal")
    let sparse = try sample.sparse()
    #expect(try Self.keys(of: sparse.written) == sample.keys.filter { !sample.optionalKeys.contains($0) })
    #expect(sparse.readsBack)
  }

  @Test("the general reader takes the keys in any order, and names a missing required key")
  func generalReader() throws {
    var writer = JSONWriter()
    writer.writeEntry(Self.fullEntry)
    let line = writer.withBytes { String(decoding: $0, as: UTF8.self) }
    let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    let reversed = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    let (entry, paths) = try JSONReader.read(Array(reversed)) { (try $0.readEntry(), $0.paths) }
    #expect(entry == Self.fullEntry)
    #expect(paths.generalEntries == 1)
    for key in RecordSchema.entry.keys where !["comparator", "enteredValue", "enteredUnit", "note"].contains(key) {
      var without = object
      without[key] = nil
      let bytes = try JSONSerialization.data(withJSONObject: without)
      #expect(throws: JSONError.self, "\(key)") { try JSONReader.read(Array(bytes)) { try $0.readEntry() } }
    }
  }

  @Test("the entry's fast reader's literals are the schema's keys")
  func fastLiterals() {
    let keys = RecordSchema.entry.keys
    #expect(EntryLayout.keys == keys)
    #expect(EntryLayout.idOpening.utf8Array == Array("{\"\(keys[0])\": \"".utf8))
    #expect(EntryLayout.markerOpening.utf8Array == Array("\", \"\(keys[1])\": \"".utf8))
    #expect(EntryLayout.dateOpening.utf8Array == Array("\", \"\(keys[2])\": \"".utf8))
    let literals: [StaticString] = [
      EntryLayout.valueKey, EntryLayout.comparatorKey, EntryLayout.unitKey, EntryLayout.enteredValueKey,
      EntryLayout.enteredUnitKey, EntryLayout.noteKey, EntryLayout.sourceKey, EntryLayout.timestampKey,
    ]
    #expect(literals.map(\.utf8Array) == keys.dropFirst(3).map { Array(", \"\($0)\": ".utf8) })
  }
}

/// Writes `DocumentCodec+Generated.swift` from the schema.
enum RecordCodecGenerator {
  typealias Field = RecordSchema.Field

  static func source(_ records: [RecordSchema.Record]) -> String {
    var text = """
      // swift-format-ignore-file
      // Generated from RecordSchema.swift. Do not edit: change the schema, then run
      //   GLANCE_RECORD=1 swift test --filter RecordCodecTests
      #if canImport(FoundationEssentials)
        import FoundationEssentials
      #else
        import Foundation
      #endif

      extension JSONWriter {
      """
    for record in records { text += "\n" + writer(record) }
    text += "}\n\nextension JSONReader {"
    for record in records { text += "\n" + reader(record) }
    return text + "}\n"
  }

  static func writer(_ record: RecordSchema.Record) -> String {
    let label = record.exportLabelAfter == nil ? "" : ", label: (key: String, name: String)? = nil"
    var lines = ["  mutating func write\(record.name)(_ record: \(record.type)\(label)) {", "    raw(\"{\")"]
    for (index, field) in record.fields.enumerated() {
      defer {
        if field.key == record.exportLabelAfter {
          lines += [
            "    if let label {", "      member(\"markerKey\")", "      string(label.key)",
            "      member(\"markerName\")",
            "      string(label.name)", "    }",
          ]
        }
      }
      let first = index == 0 ? ", first: true" : ""
      if field.kind == .entered {
        lines += [
          "    if let entered = record.\(field.name) {", "      member(\"enteredValue\")",
          "      number(entered.value)",
          "      member(\"enteredUnit\")", "      string(entered.unit)", "    }",
        ]
      } else if field.presence == .optional {
        lines += [
          "    if let value = record.\(field.name) {", "      member(\"\(field.key)\"\(first))",
          "      \(write(field.kind, "value"))", "    }",
        ]
      } else {
        lines += ["    member(\"\(field.key)\"\(first))", "    \(write(field.kind, "record.\(field.name)"))"]
      }
    }
    lines += ["    raw(\"}\")", "  }", ""]
    return lines.joined(separator: "\n")
  }

  static func write(_ kind: RecordSchema.Kind, _ value: String) -> String {
    switch kind {
    case .uuid: "uuid(\(value))"
    case .string: "string(\(value))"
    case .date: "date(\(value))"
    case .timestamp: "timestamp(\(value))"
    case .number: "number(\(value))"
    case .integer: "integer(Int64(\(value)))"
    case .bool: "bool(\(value))"
    case .strings: "stringArray(\(value))"
    case .closedSet, .openSet: "string(\(value).rawValue)"
    case .entered: fatalError("written as two keys")
    }
  }

  static func type(_ kind: RecordSchema.Kind) -> String {
    switch kind {
    case .uuid: "UUID"
    case .string: "String"
    case .date: "CalendarDate"
    case .timestamp: "Timestamp"
    case .number: "Double"
    case .integer: "Int"
    case .bool: "Bool"
    case .strings: "[String]"
    case .closedSet(let type, _), .openSet(let type): type
    case .entered: "EnteredValue"
    }
  }

  static func read(_ kind: RecordSchema.Kind) -> String {
    switch kind {
    case .uuid: "try reader.readUUID()"
    case .string: "try reader.readString()"
    case .date: "try reader.readCalendarDate()"
    case .timestamp: "try reader.readTimestamp()"
    case .number: "try reader.readNumber()"
    case .integer: "try reader.readInteger()"
    case .bool: "try reader.readBool()"
    case .strings: "try reader.readStringArray()"
    case .closedSet(let type, let what): "try reader.readEnum(\(type).self, \"\(what)\")"
    case .openSet(let type): "\(type)(rawValue: try reader.readString())"
    case .entered: fatalError("read as two keys")
    }
  }

  /// A field that reads as nil when it is missing or null.
  static func nullable(_ field: Field) -> Bool {
    field.presence == .optional || field.presence == .defaulted("nil")
  }

  static func reader(_ record: RecordSchema.Record) -> String {
    let name =
      record.name == "Entry" || record.name == "UserMarker" ? "readGeneral\(record.name)" : "read\(record.name)"
    let parameter = record.readerParameter.map { "\($0) defaultValue: Bool" } ?? ""
    var lines = [
      "  /// \(record.what) in any key order; a key glance does not write is skipped.",
      "  mutating func \(name)(\(parameter)) throws -> \(record.type) {", "    skipWhitespace()",
      "    let start = position",
    ]
    for field in record.fields {
      switch field.presence {
      case .defaulted(let value) where value == "nil": lines.append("    var \(field.name): \(type(field.kind))?")
      case .defaulted(let value):
        let initial = value == record.readerParameter ? "defaultValue" : value
        lines.append("    var \(field.name): \(type(field.kind)) = \(initial)")
      case .required, .optional:
        if field.kind == .entered {
          lines += ["    var enteredValue: Double?", "    var enteredUnit: String?"]
        } else {
          lines.append("    var \(field.name): \(type(field.kind))?")
        }
      }
    }
    lines.append("    try readObject { reader, jsonKey in")
    lines.append("      switch jsonKey {")
    for field in record.fields {
      if field.kind == .entered {
        lines += [
          "      case \"enteredValue\": enteredValue = try reader.readOptionalNumber()",
          "      case \"enteredUnit\": enteredUnit = try reader.readOptionalString()",
        ]
      } else if nullable(field) {
        lines.append(
          "      case \"\(field.key)\": \(field.name) = reader.readNullIfPresent() ? nil : \(read(field.kind))")
      } else {
        lines.append("      case \"\(field.key)\": \(field.name) = \(read(field.kind))")
      }
    }
    lines += ["      default: try reader.skipValue()", "      }", "    }", "    let what = \"\(record.what)\""]
    let order = record.initOrder ?? record.fields.map(\.name)
    let arguments = order.map { label -> String in
      let field = record.fields.first { $0.name == label }!
      switch (field.kind, field.presence) {
      case (.entered, _): return "\(label): EnteredValue(value: enteredValue, unit: enteredUnit)"
      case (_, .required): return "\(label): try required(\(field.name), \"\(field.key)\", in: what, self, at: start)"
      default: return "\(label): \(field.name)"
      }
    }
    lines.append("    return \(record.type)(")
    for (index, argument) in arguments.enumerated() {
      lines.append("      \(argument)\(index == arguments.count - 1 ? ")" : ",")")
    }
    lines += ["  }", ""]
    return lines.joined(separator: "\n")
  }
}
