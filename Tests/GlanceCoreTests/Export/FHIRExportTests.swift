import Foundation
import Testing

@testable import GlanceCore

/// Issue 13, item 3: `glance export --fhir` writes a collection Bundle of Observations (LOINC
/// coding, UCUM `valueQuantity`, comparator, `effectiveDateTime`, note) that re-imports losslessly:
/// export → import into an empty folder → export is the same bytes, and the readings are the same
/// readings (ids, values to the last digit, units as typed, when and how each was recorded).
@Suite("FHIR export")
struct FHIRExportTests {
  static let today = Fixture.date("2026-11-22")
  static let now = Timestamp(Fixture.now)

  /// A random history (library and custom markers, bounds, notes that break naive code, values
  /// typed in SI units), with some values carrying every digit a Double has.
  static func randomDocument(seed: Int) -> GlanceDocument {
    var document = CSVRoundTripPropertyTests.randomDocument(seed: seed)
    var generator = SeededGenerator(seed: UInt64(seed) &+ 91_000)
    for entry in document.entries where entry.entered == nil && Int.random(in: 0..<5, using: &generator) == 0 {
      var odd = entry
      odd.value = Double(Int.random(in: 1...400_000, using: &generator)) / 2_300
      document.apply(.putEntry(odd))
    }
    return document
  }

  static func roundTrip(_ bytes: [UInt8]) throws -> GlanceDocument {
    let repository = InMemoryDataRepository(clock: { Fixture.now })
    try Importer.apply(
      try Importer.read(bytes), replace: false, assumeYes: false, to: repository, summary: "import", today: today)
    return try repository.read()
  }

  @Test("export, import into an empty folder, export: the same bytes and the same readings", arguments: 0..<12)
  func roundTrip(seed: Int) throws {
    let document = Self.randomDocument(seed: seed)
    let exported = FHIRExporter.bundle(document, library: .builtIn)
    let restored = try Self.roundTrip(exported)
    #expect(FHIRExporter.bundle(restored, library: .builtIn) == exported, "seed \(seed)")
    #expect(restored.entries.count == document.entries.count)
    let keys = { (document: GlanceDocument, id: UUID) in document.definition(for: id, library: .builtIn)?.key }
    for (original, back) in zip(document.entries, restored.entries) {
      #expect(back.id == original.id && back.value == original.value && back.comparator == original.comparator)
      #expect(back.unit == original.unit && back.entered == original.entered && back.note == original.note)
      #expect(back.dateOfService == original.dateOfService && back.entryTimestamp == original.entryTimestamp)
      #expect(back.sourceType == original.sourceType)
      #expect(keys(restored, back.markerID) == keys(document, original.markerID))
    }
    #expect(
      Set(restored.customMarkers.map { "\($0.key) \($0.displayName) \($0.unit)" })
        == Set(document.customMarkers.map { "\($0.key) \($0.displayName) \($0.unit)" }))
    // Importing it again adds nothing, and asks nothing.
    let again = try Importer.plan(
      exported, replace: false, into: restored, library: .builtIn, today: Self.today, now: Self.now)
    #expect(again.entries.isEmpty && again.customMarkers.isEmpty && again.questions.isEmpty)
    #expect(again.duplicates == document.entries.count)
  }

  /// The JSON of the export, as any JSON library reads it.
  static func resources(_ bytes: [UInt8]) throws -> (bundle: [String: Any], observations: [[String: Any]]) {
    let bundle = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    let entries = bundle["entry"] as? [[String: Any]] ?? []
    return (bundle, entries.compactMap { $0["resource"] as? [String: Any] })
  }

  static func matches(_ text: String?, _ pattern: String) -> Bool {
    guard let text else { return false }
    return text.range(of: "^" + pattern + "$", options: .regularExpression) != nil
  }

  /// Every element FHIR R4 requires, in the form its datatypes allow; no empty string, array or
  /// object anywhere (FHIR JSON has none).
  @Test("the Bundle and each Observation are structurally valid FHIR R4", arguments: 0..<4)
  func structure(seed: Int) throws {
    let document = Self.randomDocument(seed: seed)
    let bytes = FHIRExporter.bundle(document, library: .builtIn)
    let (bundle, observations) = try Self.resources(bytes)
    #expect(bundle["resourceType"] as? String == "Bundle" && bundle["type"] as? String == "collection")
    // No empty string, array or object (a note is written only when it has text).
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(!text.contains(": \"\"") && !text.contains(": []") && !text.contains(": {}"))
    let entries = try #require(bundle["entry"] as? [[String: Any]])
    let fullURLs = entries.compactMap { $0["fullUrl"] as? String }
    #expect(Set(fullURLs).count == entries.count, "bdl-7: fullUrl is unique")
    let uuid = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
    let ucumCodes = Set(GlanceFHIR.ucumUnits.map(\.ucum))
    for (entry, observation) in zip(entries, observations) {
      let id = observation["id"] as? String
      #expect(Self.matches(id, uuid) && entry["fullUrl"] as? String == "urn:uuid:" + (id ?? ""))
      #expect(observation["resourceType"] as? String == "Observation" && observation["status"] as? String == "final")
      let code = try #require(observation["code"] as? [String: Any])
      let coding = try #require((code["coding"] as? [[String: Any]])?.first)
      #expect((code["text"] as? String)?.isEmpty == false)
      #expect(Self.matches(observation["effectiveDateTime"] as? String, "[0-9]{4}-[0-9]{2}-[0-9]{2}"))
      #expect(Self.matches(observation["issued"] as? String, "[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z"))
      let quantity = try #require(observation["valueQuantity"] as? [String: Any])
      #expect(quantity["value"] is NSNumber && (quantity["unit"] as? String)?.isEmpty == false)
      // qty-3: a code needs its system; and a UCUM code is ASCII, never glance's µ or ³.
      #expect((quantity["code"] == nil) == (quantity["system"] == nil))
      if let ucum = quantity["code"] as? String {
        #expect(quantity["system"] as? String == "http://unitsofmeasure.org")
        #expect(ucum.allSatisfy { $0.isASCII && !$0.isWhitespace })
        #expect(ucumCodes.contains(ucum) || FHIRFormat.unit(ucum: ucum) == quantity["unit"] as? String)
      }
      if let comparator = quantity["comparator"] as? String {
        #expect(["<", "<=", ">", ">="].contains(comparator))
      }
      if let notes = observation["note"] as? [[String: Any]] {
        #expect(notes.count == 1 && notes[0]["text"] is String)
      }
      let marker = try #require(
        MarkerLibrary.builtIn.markers.first { $0.loinc == coding["code"] as? String }
          ?? document.customMarkers.first { $0.key == coding["code"] as? String })
      if marker.isSystemDefined {
        #expect(coding["system"] as? String == "http://loinc.org")
        let category = (observation["category"] as? [[String: Any]])?.first?["coding"] as? [[String: Any]]
        let expected = marker.category == "vitals-body" ? "vital-signs" : "laboratory"
        #expect(category?.first?["code"] as? String == expected)
        #expect(quantity["code"] != nil, "a library unit has its UCUM code: \(marker.key)")
      } else {
        #expect(coding["system"] as? String == "urn:glance:marker" && quantity["code"] == nil)
      }
    }
    #expect(observations.count == document.entries.count)
  }

  @Test("each library unit and SI unit has a UCUM code that reads back as that unit")
  func ucumCodes() throws {
    for marker in MarkerLibrary.builtIn.markers {
      for unit in [marker.unit, marker.siUnit].compactMap({ $0 }) {
        let code = try #require(GlanceFHIR.ucum(unit, knownUnits: [marker.unit, marker.siUnit]), "\(unit)")
        #expect(code.allSatisfy { $0.isASCII && !$0.isWhitespace }, "\(unit) → \(code)")
        #expect(FHIRFormat.unit(ucum: code) == unit)
      }
    }
    // A custom marker's unit is text only: glance cannot vouch for its UCUM spelling.
    #expect(GlanceFHIR.ucum("points", knownUnits: ["mg/dL", nil]) == nil)
  }

  @Test("a value typed in another unit is exported as typed, with its UCUM code")
  func enteredUnit() throws {
    var document = GlanceDocument.empty(createdAt: Self.now)
    let draft = try EntryPlanner.draft(
      Fixture.ldl, valueText: "3.4", unit: "mmol/L", date: Fixture.date("2024-03-04"), note: nil, existing: [])
    var entry = draft.entry(at: Self.now, source: .quickAdd)
    entry.comparator = .lessThan
    document.apply(.putEntry(entry))
    let (_, observations) = try Self.resources(FHIRExporter.bundle(document, library: .builtIn))
    let quantity = try #require(observations.first?["valueQuantity"] as? [String: Any])
    #expect(quantity["value"] as? Double == 3.4 && quantity["unit"] as? String == "mmol/L")
    #expect(quantity["code"] as? String == "mmol/L" && quantity["comparator"] as? String == "<")
    let back = try Self.roundTrip(FHIRExporter.bundle(document, library: .builtIn))
    #expect(back.entries == document.entries)
  }

  @Test("an empty folder is a Bundle without entries (FHIR has no empty arrays); it imports as nothing")
  func empty() throws {
    let bytes = FHIRExporter.bundle(.empty(createdAt: Self.now), library: .builtIn)
    let (bundle, observations) = try Self.resources(bytes)
    #expect(bundle["entry"] == nil && observations.isEmpty)
    let plan = try Importer.plan(
      bytes, replace: false, into: .empty(createdAt: Self.now), library: .builtIn, today: Self.today, now: Self.now)
    #expect(plan.isEmpty)
  }

  @Test("a lab's observation gets add's questions; glance's own export, already answered, does not")
  func questions() throws {
    var document = GlanceDocument.empty(createdAt: Self.now)
    // 890 mg/dL HDL: beyond what is plausible, saved after the person said yes.
    document.apply(.putEntry(Fixture.entry(Fixture.hdl, 890, on: "2024-01-15")))
    let ours = FHIRExporter.bundle(document, library: .builtIn)
    let plan = try Importer.plan(
      ours, replace: false, into: .empty(createdAt: Self.now), library: .builtIn, today: Self.today, now: Self.now)
    #expect(plan.questions.isEmpty && plan.entries.count == 1)
    // The same observation without glance's tag is a lab's: asked.
    let text = String(decoding: ours, as: UTF8.self).replacingOccurrences(of: "urn:glance:source", with: "urn:x")
    let lab = try Importer.plan(
      Array(text.utf8), replace: false, into: .empty(createdAt: Self.now), library: .builtIn, today: Self.today,
      now: Self.now)
    #expect(lab.questions.count == 1 && lab.entries.first?.id != document.entries[0].id)
  }

  @Test("a FHIR value keeps every digit (a quantity was rounded to four decimals before)")
  func everyDigit() throws {
    let plan = try FHIRImportTests.plan(
      FHIRImportTests.observation(code: "29463-7", display: "Weight", value: "183.7391304347826", unit: "[lb_av]"))
    #expect(plan.entries.first?.value == 183.7391304347826)
  }
}
