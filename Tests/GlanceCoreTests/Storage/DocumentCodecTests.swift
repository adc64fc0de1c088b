import Foundation
import Testing

@testable import GlanceCore

@Suite("DocumentCodec")
struct DocumentCodecTests {
  static func sampleDocument() -> GlanceDocument { sample }

  /// A fixed document (fixed ids) with every kind of record.
  static let sample: GlanceDocument = {
    var generator = SeededGenerator(seed: 7)
    func id() -> UUID {
      UUID(
        uuid: (UInt8(0), 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, UInt8.random(in: 0...255, using: &generator)))
    }
    var document = GlanceDocument.empty(createdAt: Fixture.time("2025-01-01T09:00:00Z"))
    var custom = Fixture.customMarker()
    custom.id = id()
    document.apply(.putCustomMarker(custom))
    document.apply(
      .setTrackedMarkers([
        UserMarker(id: id(), markerID: Fixture.hdl.id, displayOrder: 0, addedAt: Fixture.time("2025-01-01T09:00:00Z")),
        UserMarker(
          id: id(), markerID: Fixture.ldl.id, customReferenceLow: nil, customReferenceHigh: 70, displayOrder: 1,
          addedAt: Fixture.time("2025-01-01T09:00:00Z")),
      ]))
    var entries = [
      Fixture.entry(Fixture.hdl, 89, on: "2025-02-15", note: "fasting, \"after\" run"),
      Fixture.entry(Fixture.ldl, 0.5, on: "2025-02-15", comparator: .lessThan),
      Fixture.entry(custom, 1.25, on: "2024-12-01"),
    ]
    for index in entries.indices {
      entries[index].id = id()
      document.apply(.putEntry(entries[index]))
    }
    var visit = Fixture.visit("2025-03-01", notes: "Recheck lipids\nin 6 months")
    visit.id = id()
    document.apply(.putVisit(visit))
    document.profile.id = id()
    document.undo = [
      UndoStep(
        id: id(), summary: "add HDL 89 on Feb 15, 2025", timestamp: Fixture.time("2025-02-15T10:00:00Z"),
        operations: [.removeEntry(id()), .setTrackedMarkers([])]),
      // A large change keeps its operations in a file of their own: the step holds their count.
      UndoStep(
        id: id(), summary: "import sheet.csv", timestamp: Fixture.time("2025-02-16T10:00:00Z"), operations: [],
        storedOperations: 5_001,
        profileBefore: Profile(id: id(), name: "Before", createdAt: Fixture.time("2024-01-01T09:00:00Z"))),
    ]
    return document
  }()

  @Test("a document round-trips exactly")
  func roundTrip() throws {
    let document = Self.sampleDocument()
    let bytes = try DocumentCodec.encode(document)
    #expect(try DocumentCodec.decode(bytes) == document)
    #expect(try DocumentCodec.encode(DocumentCodec.decode(bytes)) == bytes)
  }

  @Test("the file is pretty JSON with one record a line")
  func layout() throws {
    let text = String(decoding: try DocumentCodec.encode(Self.sampleDocument()), as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "{")
    #expect(lines[1] == "  \"format\": \"glance-data\",")
    #expect(lines[2] == "  \"schemaVersion\": 1,")
    let entryLines = lines.filter { $0.hasPrefix("    {\"id\": ") && $0.contains("\"dateOfService\"") }
    #expect(entryLines.count == 3)
    #expect(text.hasSuffix("\n}\n"))
  }

  @Test("Foundation's JSONDecoder reads the file into the same values", arguments: 0..<1000)
  func foundationReadsOurFiles(seed: Int) throws {
    var generator = SeededGenerator(seed: UInt64(seed))
    let document = randomDocument(using: &generator)
    let bytes = try DocumentCodec.encode(document)
    let foundation = try JSONDecoder().decode(GlanceDocument.self, from: Data(bytes))
    #expect(foundation == document)
  }

  @Test("the codec reads what Foundation's JSONEncoder writes", arguments: 0..<1000)
  func weReadFoundationFiles(seed: Int) throws {
    var generator = SeededGenerator(seed: UInt64(seed) &+ 10_000)
    let document = randomDocument(using: &generator)
    let encoder = JSONEncoder()
    encoder.outputFormatting = seed.isMultiple(of: 2) ? [.prettyPrinted, .sortedKeys] : []
    let data = try encoder.encode(document)
    #expect(try DocumentCodec.decode(data) == document)
  }

  @Test("a number JSON cannot hold is refused, not written")
  func refusesNonFinite() {
    var document = Self.sampleDocument()
    document.entries[0].value = .nan
    #expect(throws: NonFiniteNumberError.self) { try DocumentCodec.encode(document) }
    document.entries[0].value = .infinity
    #expect(throws: NonFiniteNumberError.self) { try DocumentCodec.encode(document) }
  }

  @Test(
    "a file that is not a glance document is refused with a reason",
    arguments: [
      ("[]", "does not start"),
      ("{\"format\": \"other\", \"schemaVersion\": 1}", "format"),
      ("{\"format\": \"glance-data\"}", "schemaVersion"),
      ("{\"format\": \"glance-data\", \"schemaVersion\": 1}", "profile"),
      ("{\"format\": \"glance-data\", \"schemaVersion\": 0, \"profile\": {}}", "missing"),
    ])
  func refusesForeignFiles(text: String, fragment: String) {
    do {
      _ = try DocumentCodec.decode(Array(text.utf8))
      Issue.record("accepted \(text)")
    } catch let error as JSONError {
      #expect(error.message.contains(fragment), "\(error)")
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test("a newer schema is reported as such")
  func newerSchema() {
    let text = "{\"format\": \"glance-data\", \"schemaVersion\": 7, \"profile\": {}}"
    #expect(throws: DocumentVersionError(version: 7)) { try DocumentCodec.decode(Array(text.utf8)) }
  }

  @Test("unknown keys from a later release are skipped")
  func skipsUnknownKeys() throws {
    var text = String(decoding: try DocumentCodec.encode(Self.sampleDocument()), as: UTF8.self)
    text = text.replacingOccurrences(
      of: "\"unit\": \"mg/dL\"", with: "\"unit\": \"mg/dL\", \"future\": [1, {\"x\": null}]")
    #expect(try DocumentCodec.decode(Array(text.utf8)) == Self.sampleDocument())
  }

  @Test(
    "a tracked marker reads the same in the written layout and in any hand-edited one",
    arguments: [
      // As written, with and without a range of the person's own.
      (
        "{\"id\": \"ID\", \"markerID\": \"MARKER\", \"displayOrder\": 3, \"addedAt\": \"2025-02-15T10:00:00Z\"}", nil,
        nil
      ),
      (
        "{\"id\": \"ID\", \"markerID\": \"MARKER\", \"customReferenceLow\": 40, \"customReferenceHigh\": 90.5, \"displayOrder\": 3, \"addedAt\": \"2025-02-15T10:00:00Z\"}",
        40, 90.5
      ),
      // Hand edits: an explicit null, keys in another order, no spaces, an unknown key.
      (
        "{\"id\": \"ID\", \"markerID\": \"MARKER\", \"customReferenceLow\": null, \"displayOrder\": 3, \"addedAt\": \"2025-02-15T10:00:00Z\"}",
        nil, nil
      ),
      (
        "{\"addedAt\": \"2025-02-15T10:00:00Z\", \"displayOrder\": 3, \"markerID\": \"MARKER\", \"id\": \"ID\"}", nil,
        nil
      ),
      (
        "{\"id\":\"ID\",\"markerID\":\"MARKER\",\"customReferenceHigh\":7,\"displayOrder\":3,\"addedAt\":\"2025-02-15T10:00:00Z\"}",
        nil, 7
      ),
      (
        "{\"id\": \"ID\", \"markerID\": \"MARKER\", \"pinned\": true, \"displayOrder\": 3, \"addedAt\": \"2025-02-15T10:00:00Z\"}",
        nil, nil
      ),
    ] as [(String, Double?, Double?)])
  func trackedMarkerLayouts(text: String, low: Double?, high: Double?) throws {
    let id = UUID(uuidString: "66E1D0B6-3734-4A4E-A614-87E363CDF1BE")!
    let marker = UUID(uuidString: "F5E912FA-7E1C-42C3-AF6F-2C3A179B489C")!
    let json = text.replacingOccurrences(of: "MARKER", with: marker.uuidString).replacingOccurrences(
      of: "\"ID\"", with: "\"\(id.uuidString)\"")
    let read = try JSONReader.read(Array(json.utf8)) { try $0.readUserMarker() }
    #expect(
      read
        == UserMarker(
          id: id, markerID: marker, customReferenceLow: low, customReferenceHigh: high, displayOrder: 3,
          addedAt: Timestamp(iso: "2025-02-15T10:00:00Z")!))
  }

  @Test("a hand-edited file out of order is put back in order")
  func sortsHandEditedFiles() throws {
    var document = Self.sampleDocument()
    document.entries.reverse()
    let bytes = try DocumentCodec.encode(document)
    let decoded = try DocumentCodec.decode(bytes)
    #expect(decoded.entries == Self.sampleDocument().entries)
  }

  /// What a save checks about a whole freshly encoded file besides each record (which
  /// `Encoded.freshPartsReadBack` reads back one by one): without decoding the entries again,
  /// it must still refuse every file that does not read as the document it was encoded from.
  enum Mismatch: String, CaseIterable {
    case none, profile, visit, undoStep, trackedMarker, customMarker, oneEntryFewer, oneEntryMore
    case damagedEntryLine, duplicateEntryID, entriesOutOfOrder, notAFile
  }

  /// The bytes of a file that differs from the sample document as `mismatch` says, and that document.
  static func mismatched(_ mismatch: Mismatch) throws -> (bytes: [UInt8], document: GlanceDocument) {
    let document = Self.sampleDocument()
    var other = document
    var bytes: [UInt8]?
    switch mismatch {
    case .none: break
    case .profile: other.profile.name = "Ana"
    case .visit: other.visits[0].doctorName = "Dr. Other"
    case .undoStep: other.undo.removeLast()
    case .trackedMarker: other.trackedMarkers.removeLast()
    case .oneEntryFewer: other.entries.removeLast()
    case .oneEntryMore: other.entries.append(Fixture.entry(Fixture.hdl, 90, on: "2025-03-01"))
    case .customMarker: other.customMarkers[0].displayName = "Other"
    case .damagedEntryLine:
      let text = String(decoding: try DocumentCodec.encode(document), as: UTF8.self)
      bytes = Array(text.replacingOccurrences(of: "\"2025-02-15\"", with: "\"2025-02-30\"").utf8)
    case .duplicateEntryID: other.entries[1].id = other.entries[0].id
    case .entriesOutOfOrder: other.entries.reverse()
    case .notAFile: bytes = Array("{\"format\": ".utf8)
    }
    return (try bytes ?? DocumentCodec.encode(other), document)
  }

  @Test("a save's whole-file check accepts exactly the files that read as the document", arguments: Mismatch.allCases)
  func readsBack(_ mismatch: Mismatch) throws {
    let (file, document) = try Self.mismatched(mismatch)
    let bytes: [UInt8]? = file
    let readsAsDocument = (try? DocumentCodec.decode(bytes!)) == document
    #expect(DocumentCodec.readsBack(bytes!, as: document) == readsAsDocument)
    // Entries out of order are put back in order by the reader: the same document.
    #expect(readsAsDocument == (mismatch == .none || mismatch == .entriesOutOfOrder))
    if mismatch == .none {
      // The file a save writes is checked without decoding its entries.
      let paths = try DocumentCodec.decode(bytes!, selecting: .markers([])).paths
      #expect(paths.skims == 1 && paths.fallbacks == 0)
    }
  }

  @Test("duplicate ids are refused")
  func duplicateIDs() throws {
    var document = Self.sampleDocument()
    document.entries.append(document.entries[0])
    let bytes = try DocumentCodec.encode(document)
    #expect(throws: JSONError.self) { try DocumentCodec.decode(bytes) }
  }
}

/// A random document with every kind of record and awkward text and numbers. With `valid`, only
/// what glance itself accepts at its entrances (values within a billion, readings from 1900 to
/// mid-2025, names and units with text, ranges low below high), so an import takes all of it.
func randomDocument(using generator: inout SeededGenerator, valid: Bool = false) -> GlanceDocument {
  let library = MarkerLibrary.builtIn
  func stamp() -> Timestamp { Timestamp(secondsSince1970: Int64.random(in: 0...4_000_000_000, using: &generator)) }
  func day() -> CalendarDate {
    CalendarDate(dayNumber: Int.random(in: valid ? -25567...20238 : -5000...30000, using: &generator))!
  }
  func maybe<T>(_ make: () -> T) -> T? { Bool.random(using: &generator) ? make() : nil }
  func value() -> Double { valid ? storableDouble(using: &generator) : randomDouble(using: &generator) }
  func text() -> String {
    let made = randomText(using: &generator)
    return valid && made.trimmingWhitespaceAndNewlines().isEmpty ? "Z" + made : made
  }
  func name() -> String {
    let made = plainText(randomText(using: &generator)).trimmingWhitespaceAndNewlines()
    return valid && made.isEmpty ? "Z" : made
  }
  func range() -> (Double?, Double?) {
    var low = maybe { value() }
    var high = maybe { value() }
    if valid, let a = low, let b = high {
      if a == b { high = nil } else { (low, high) = (min(a, b), max(a, b)) }
    }
    return (low, high)
  }
  var document = GlanceDocument.empty(createdAt: stamp())
  // Valid: a name `glance profile --name` takes (no control character), as a restore requires.
  document.profile.name = valid ? name() : randomText(using: &generator)
  var customs: [MarkerDefinition] = []
  for index in 0..<Int.random(in: 0...3, using: &generator) {
    let made = "Custom \(index) \(randomText(using: &generator))"
    var marker = Fixture.customMarker(
      (valid ? plainText(made) : made).trimmingWhitespaceAndNewlines(), unit: valid ? name() : text())
    (marker.referenceLow, marker.referenceHigh) = range()
    // Valid: other names a restore takes (plain text, none a library marker's).
    marker.aliases = (0..<Int.random(in: 0...3, using: &generator)).map { _ in
      let alias = "other name " + randomText(using: &generator)
      return valid ? plainText(alias).trimmingWhitespaceAndNewlines() : alias
    }
    marker.notes = maybe { randomText(using: &generator) }
    customs.append(marker)
    document.apply(.putCustomMarker(marker))
  }
  let markers = library.markers.shuffled(using: &generator).prefix(5) + customs
  document.apply(
    .setTrackedMarkers(
      markers.enumerated().map { index, marker in
        let (low, high) = range()
        return UserMarker(
          markerID: marker.id, customReferenceLow: low, customReferenceHigh: high, displayOrder: index,
          addedAt: stamp())
      }))
  for _ in 0..<Int.random(in: 0...40, using: &generator) {
    let marker = markers.randomElement(using: &generator)!
    var stored = value()
    // A value as entered: in a valid document one that converts into the stored value (as add
    // makes it: anything else is ignored, and dropped by an import); otherwise any pair glance
    // keeps (one it would not is dropped as the file is read: EnteredConsistencyTests).
    var entered: EnteredValue? = maybe {
      EnteredValue(value: storableDouble(using: &generator), unit: "u" + String(name().prefix(20)))
    }
    if valid {
      entered = nil
      if let si = marker.siUnit, Bool.random(using: &generator),
        let conversion = try? UnitConverter.convert(
          Double(Int.random(in: 1...400, using: &generator)) / 10, unit: si, for: marker),
        let original = conversion.original
      {
        stored = conversion.value
        entered = EnteredValue(value: original.value, unit: original.unit)
      }
    }
    document.apply(
      .putEntry(
        MarkerEntry(
          markerID: marker.id, value: stored,
          comparator: maybe { ValueComparator.allCases.randomElement(using: &generator)! }, unit: marker.unit,
          entered: entered,
          dateOfService: day(), entryTimestamp: stamp(), note: maybe { randomText(using: &generator) },
          sourceType: [SourceType.quickAdd, .batchEntry, .fileImport].randomElement(using: &generator)!)))
  }
  for _ in 0..<Int.random(in: 0...6, using: &generator) {
    document.apply(
      .putVisit(
        Visit(
          date: day(), doctorName: valid ? name() : randomText(using: &generator),
          visitType: VisitType.allCases.randomElement(using: &generator)!,
          visitTypeLabel: maybe { valid ? name() : randomText(using: &generator) },
          notes: maybe { randomText(using: &generator) }, entryTimestamp: stamp())))
  }
  if let entry = document.entries.first {
    document.undo.append(
      UndoStep(
        summary: randomText(using: &generator), timestamp: stamp(),
        operations: [.putEntry(entry), .removeVisit(UUID())]))
    document.undo.append(
      UndoStep(
        summary: "import", timestamp: stamp(), operations: [],
        storedOperations: Int.random(in: 101...9_999, using: &generator)))
  }
  return document
}

/// `text` without line breaks, tabs or other control characters: what a name may hold.
func plainText(_ text: String) -> String {
  String(
    String.UnicodeScalarView(text.unicodeScalars.filter { !TerminalText.isHidden($0) && $0 != "\n" && $0 != "\t" }))
}
