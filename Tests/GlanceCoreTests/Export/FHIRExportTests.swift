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
    for entry in document.entries {
      var changed = entry
      if entry.entered == nil && Int.random(in: 0..<5, using: &generator) == 0 {
        changed.value = Double(Int.random(in: 1...400_000, using: &generator)) / 2_300
      }
      // A FHIR string holds no control character but tab, return and line feed (`fhirString`).
      changed.note = entry.note.map(GlanceFHIR.fhirString)
      document.apply(.putEntry(changed))
    }
    document.profile.sex = seed % 3 == 0 ? nil : seed % 3 == 1 ? .female : .male
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
    return (
      bundle,
      entries.compactMap { $0["resource"] as? [String: Any] }.filter { $0["resourceType"] as? String == "Observation" }
    )
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
    // The person first: a Patient with the profile's sex, which every reading is about.
    let patient = try #require(entries.first?["resource"] as? [String: Any])
    #expect(patient["resourceType"] as? String == "Patient")
    #expect(patient["gender"] as? String == document.profile.sex?.rawValue)
    let patientURL = try #require(entries.first?["fullUrl"] as? String)
    #expect(patientURL == "urn:uuid:" + ((patient["id"] as? String) ?? ""))
    let byCode = FHIRCodes.markers(by: MarkerLibrary.builtIn.markers)
    for (entry, observation) in zip(entries.dropFirst(), observations) {
      #expect((observation["subject"] as? [String: Any])?["reference"] as? String == patientURL)
      #expect(((observation["performer"] as? [[String: Any]])?.first)?["reference"] as? String == patientURL)
      let meta = try #require(observation["meta"] as? [String: Any])
      #expect(Self.matches(meta["lastUpdated"] as? String, "[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z"))
      let id = observation["id"] as? String
      #expect(Self.matches(id, uuid) && entry["fullUrl"] as? String == "urn:uuid:" + (id ?? ""))
      #expect(observation["resourceType"] as? String == "Observation" && observation["status"] as? String == "final")
      let code = try #require(observation["code"] as? [String: Any])
      let coding = try #require((code["coding"] as? [[String: Any]])?.first)
      #expect((code["text"] as? String)?.isEmpty == false)
      #expect(Self.matches(observation["effectiveDateTime"] as? String, "[0-9]{4}-[0-9]{2}-[0-9]{2}"))
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
        (coding["code"] as? String).flatMap { byCode[$0] }
          ?? document.customMarkers.first { $0.key == coding["code"] as? String })
      if marker.isSystemDefined {
        #expect(coding["system"] as? String == "http://loinc.org")
        let category = (observation["category"] as? [[String: Any]])?.first?["coding"] as? [[String: Any]]
        let expected = marker.category == "vitals-body" ? "vital-signs" : "laboratory"
        #expect(category?.first?["code"] as? String == expected)
        #expect(quantity["code"] != nil, "a library unit has its UCUM code: \(marker.key)")
        // The code is the one for the value's unit: the marker's own for its own unit.
        let unit = quantity["unit"] as? String ?? ""
        #expect(coding["code"] as? String == GlanceFHIR.loinc(for: marker, unit: unit), "\(marker.key) \(unit)")
      } else {
        #expect(coding["system"] as? String == "urn:glance:marker" && quantity["code"] == nil)
      }
    }
    #expect(observations.count == document.entries.count)
    #expect(entries.count == document.entries.count + 1)
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

  @Test(
    "a value typed in another unit goes out as typed only under a LOINC code for that unit; else in the marker's unit, what was typed kept",
    arguments: [
      ("a1c", "42", "mmol/mol", "59261-8", 42.0, "mmol/mol"), ("ldl", "3.4", "mmol/L", "22748-8", 3.4, "mmol/L"),
      ("creatinine", "88", "µmol/L", "14682-9", 88, "µmol/L"), ("weight", "82", "kg", "29463-7", 82, "kg"),
      ("hemoglobin", "135", "g/L", "718-7", 135, "g/L"),
      ("free-t4", "15", "pmol/L", "14920-3", 15, "pmol/L"), ("calcium", "2.4", "mmol/L", "2000-8", 2.4, "mmol/L"),
      ("uric-acid", "357", "µmol/L", "14933-6", 357, "µmol/L"),
      // No molar code glance can vouch for: the marker's own unit under its own code.
      ("vitamin-d", "75", "nmol/L", "62292-8", 30.0, "ng/mL"),
      ("hemoglobin", "8.5", "mmol/L", "718-7", 13.7, "g/dL"),
    ] as [(String, String, String, String, Double, String)])
  func typedUnits(key: String, value: String, unit: String, code: String, exported: Double, exportedUnit: String)
    throws
  {
    let marker = try #require(Fixture.library.marker(key: key))
    var document = GlanceDocument.empty(createdAt: Self.now)
    let draft = try EntryPlanner.draft(
      marker, valueText: value, unit: unit, date: Fixture.date("2024-03-04"), note: nil, existing: [])
    document.apply(.putEntry(draft.entry(at: Self.now, source: .quickAdd)))
    let bytes = FHIRExporter.bundle(document, library: .builtIn)
    let observation = try #require(try Self.resources(bytes).observations.first)
    let coding = ((observation["code"] as? [String: Any])?["coding"] as? [[String: Any]])?.first
    #expect(coding?["code"] as? String == code)
    let quantity = try #require(observation["valueQuantity"] as? [String: Any])
    #expect(abs((quantity["value"] as? Double ?? 0) - exported) < 0.01 && quantity["unit"] as? String == exportedUnit)
    let extensions = observation["extension"] as? [[String: Any]]
    #expect((extensions != nil) == (exportedUnit != unit))
    #expect(try Self.roundTrip(bytes).entries == document.entries)
  }

  @Test("every molar code the export writes is read back as its marker")
  func molarCodesRead() throws {
    let byCode = FHIRCodes.markers(by: MarkerLibrary.builtIn.markers)
    for (pair, code) in GlanceFHIR.molarCodes {
      let key = String(pair.split(separator: "|")[0])
      #expect(byCode[code]?.key == key, "\(pair) \(code)")
    }
  }

  @Test("a control character in a note or the name goes out as U+FFFD; tab, return and line feed stay")
  func controlCharacters() throws {
    #expect(GlanceFHIR.fhirString("a\u{1B}[31mb\u{0}") == "a\u{FFFD}[31mb\u{FFFD}")
    #expect(GlanceFHIR.fhirString("line\r\nnext\ttab") == "line\r\nnext\ttab")
    var document = GlanceDocument.empty(createdAt: Self.now)
    document.apply(.putEntry(Fixture.entry(Fixture.hdl, 55, on: "2024-01-15", note: "x\u{7}y")))
    let text = String(decoding: FHIRExporter.bundle(document, library: .builtIn), as: UTF8.self)
    #expect(text.contains("x\u{FFFD}y") && !text.contains("\\u0007"))
  }

  @Test(
    "the person's name and sex come back into an empty folder; a folder with data keeps its own; another sex is another person"
  )
  func patient() throws {
    var document = GlanceDocument.empty(createdAt: Self.now)
    document.profile.name = "Ana María"
    document.profile.sex = .female
    document.apply(.putEntry(Fixture.entry(Fixture.hdl, 55, on: "2024-01-15")))
    let bytes = FHIRExporter.bundle(document, library: .builtIn)
    let empty = try Self.roundTrip(bytes)
    #expect(
      empty.profile.name == "Ana María" && empty.profile.sex == .female && empty.profile.id == document.profile.id)
    var male = GlanceDocument.empty(createdAt: Self.now)
    male.profile.sex = .male
    // A woman's records into a folder whose sex was chosen male: refused (clinician's second look).
    #expect(throws: ImportError.otherPerson(file: .female, yours: .male)) {
      try Importer.plan(bytes, replace: false, into: male, library: .builtIn, today: Self.today, now: Self.now)
    }
    var busy = GlanceDocument.empty(createdAt: Self.now)
    busy.apply(.putEntry(Fixture.entry(Fixture.ldl, 120, on: "2024-01-15")))
    let merge = try Importer.plan(
      bytes, replace: false, into: busy, library: .builtIn, today: Self.today, now: Self.now)
    #expect(merge.profile == nil && merge.entries.count == 1)
  }

  @Test("an import makes at most 1,000 custom markers; past that their observations are listed as unknown")
  func customMarkerCap() throws {
    let observations = (0..<1_050).map { index in
      """
      {"resourceType": "Observation", "status": "final", "code": {"coding": [{"system": "urn:glance:marker", "code": "custom-m\(index)"}], "text": "M\(index)"}, "effectiveDateTime": "2024-01-15", "valueQuantity": {"value": 1, "unit": "u"}}
      """
    }
    let plan = try FHIRImportTests.plan(FHIRImportTests.bundle(observations))
    #expect(plan.customMarkers.count == InputLimits.customMarkers && plan.entries.count == InputLimits.customMarkers)
    #expect(plan.unknownTests.count == 50)
    let existing = (0..<InputLimits.customMarkers).map { Fixture.customMarker("Marker \($0)") }
    #expect(throws: CustomMarkerError.tooMany(limit: InputLimits.customMarkers)) {
      try CustomMarkerPlanner.make(name: "One more", unit: "u", low: nil, high: nil, direction: nil, existing: existing)
    }
  }

  @Test(
    "a file's custom key is kept only when glance custom could have made it",
    arguments: [
      ("custom-zinc", true), ("custom-blood-ketones-2", true), ("custom-café", true), ("custom-", false),
      ("custom-a b", false), ("custom-a\u{1B}b", false), ("custom-../../etc", false), ("custom-steps\n", false),
      ("custom-A", false), ("ldl", false), ("custom--x", false),
    ] as [(String, Bool)])
  func customKeys(key: String, kept: Bool) throws {
    #expect(CustomMarkerPlanner.isCustomKey(key) == kept)
    var markers = MarkerLibrary.builtIn.markers
    var plan = ImportPlan(kind: .fhir, replace: false)
    let made = Importer.customMarker(key: key, name: "Zinc Level", unit: "ug/dL", among: &markers, plan: &plan)
    if key.hasPrefix("custom-") {
      #expect(made?.key == (kept ? key : "custom-zinc-level"))
    }
  }

  @Test("--replace with a file that gives nothing is refused before anything is asked; into an empty folder it is not")
  func replaceWithNothing() throws {
    let future = FHIRImportTests.observation(date: "\"effectiveDateTime\": \"2030-01-15\"")
    var document = GlanceDocument.empty(createdAt: Self.now)
    document.apply(.putEntry(Fixture.entry(Fixture.ldl, 120, on: "2024-01-15")))
    #expect(throws: ImportError.nothingToReplaceWith) {
      try Importer.plan(
        Array(future.utf8), replace: true, into: document, library: .builtIn, today: Self.today, now: Self.now)
    }
    #expect(
      try Importer.plan(
        Array(future.utf8), replace: true, into: .empty(createdAt: Self.now), library: .builtIn, today: Self.today,
        now: Self.now
      ).entries.isEmpty)
  }

  @Test("a long lab comment is cut to a note's length and the summary says how many were; an empty note is none")
  func notes() throws {
    let long = String(repeating: "x", count: 5_000)
    let plan = try FHIRImportTests.plan(
      FHIRImportTests.bundle([
        FHIRImportTests.observation(extra: ", \"note\": [{\"text\": \"\(long)\"}]"),
        FHIRImportTests.observation(code: "13457-7", extra: ", \"note\": [{\"text\": \"\"}]"),
      ]))
    #expect(plan.notesCut == 1 && plan.entries.count == 2)
    #expect(plan.entries.map { $0.note?.count ?? 0 }.sorted() == [0, InputLimits.noteCharacters])
    #expect(plan.entries.contains { $0.note == nil })
    #expect(
      plan.summary(library: .builtIn, customMarkers: [], dryRun: true).contains(
        "1 note longer than 2,000 characters was cut"))
  }

  @Test("an export larger than glance imports says so")
  func tooLarge() {
    #expect(Exporter.tooLargeToImport(InputLimits.fileBytes) == nil)
    #expect(Exporter.tooLargeToImport(InputLimits.fileBytes + 1)?.contains("glance could not read it back") == true)
    // The JSON export itself is never told to use the JSON export (attacker review).
    #expect(Exporter.tooLargeToImport(InputLimits.fileBytes + 1)?.contains("glance export --json") == true)
    #expect(Exporter.tooLargeToImport(InputLimits.fileBytes + 1, isJSON: true)?.contains("--json") == false)
  }

  /// Attacker review: a FHIR export of 999,990 readings wrote 909 MB with exit 0, a file glance's
  /// own import refuses, though `--fhir` is documented as re-importable.
  @Test("a FHIR or CSV export larger than glance imports is refused, and written with --yes")
  func tooLargeRefused() throws {
    #expect(throws: ExportError.tooLargeToImport(megabytes: 513)) {
      try Exporter.checkImportable(InputLimits.fileBytes + (1 << 20), assumeYes: false)
    }
    #expect(ExportError.tooLargeToImport(megabytes: 513).kind == .refused)
    #expect(ExportError.tooLargeToImport(megabytes: 513).message.contains("Nothing was exported"))
    try Exporter.checkImportable(InputLimits.fileBytes + (1 << 20), assumeYes: true)
    try Exporter.checkImportable(InputLimits.fileBytes, assumeYes: false)
  }
}
