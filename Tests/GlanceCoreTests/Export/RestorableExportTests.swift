import Foundation
import Testing

@testable import GlanceCore

/// Attacker review: a data file edited by hand can hold a reading that glance reads and shows
/// (it never locks its owner out) but that `import` refuses; its export was written, exit 0, and
/// the backup then restored nothing. An export now refuses such a folder before writing, naming
/// each record and how to fix it; `import --salvage` brings back the rest of such a backup.
@Suite("Exports that restore")
struct RestorableExportTests {
  static let today = Fixture.date("2025-06-01")
  static let now = Timestamp(Fixture.now)

  static func document(_ damage: (inout MarkerEntry) -> Void) -> GlanceDocument {
    var document = GlanceDocument.empty(createdAt: now)
    document.apply(.putEntry(Fixture.entry(Fixture.ldl, 99, on: "2025-01-10")))
    // 43.21: no short id (hex) can hold it, so a message holding it holds the value.
    var entry = Fixture.entry(Fixture.hdl, 43.21, on: "2025-02-10")
    damage(&entry)
    document.apply(.putEntry(entry))
    document.apply(.setTrackedMarkers([UserMarker(markerID: Fixture.hdl.id, displayOrder: 0, addedAt: now)]))
    return document
  }

  static let damages: [(String, @Sendable (inout MarkerEntry) -> Void)] = [
    ("nothing", { _ in }),
    ("a value beyond any glance keeps", { $0.value = -5e9 }),
    ("a date before 1900", { $0.dateOfService = Fixture.date("1800-01-01") }),
    ("a date years ahead", { $0.dateOfService = Fixture.date("2030-01-01") }),
    ("a note past its limit", { $0.note = String(repeating: "n", count: 3_000) }),
    ("a unit the marker has not", { $0.unit = "furlongs" }),
    ("a marker glance does not know", { $0.markerID = UUID() }),
  ]

  @Test(
    "an export is refused exactly when its file would not import again, and the refusal names the record",
    arguments: damages.indices)
  func refusedWhenItWouldNotRestore(index: Int) throws {
    let (name, damage) = Self.damages[index]
    let document = Self.document(damage)
    let bytes = try Exporter.json(document, library: .builtIn)
    let restores =
      (try? Importer.plan(
        Importer.read(bytes), replace: false, into: .empty(createdAt: Self.now), library: .builtIn,
        today: Self.today, now: Self.now)) != nil
    #expect(restores == (name == "nothing"), "\(name)")
    do {
      try Exporter.checkRestorable(document, library: .builtIn, today: Self.today, now: Self.now)
      #expect(restores, "\(name): the export was allowed")
    } catch {
      #expect(!restores, "\(name): \(error.message)")
      let message = error.message
      #expect(message.contains("Nothing was exported"), "\(message)")
      #expect(message.contains("glance delete"), "\(message)")
      // Named by marker and day, never by its value.
      #expect(!message.contains("-5000000000") && !message.contains("43.21"), "\(message)")
      #expect(error.kind == .refused)
    }
  }

  /// Attacker's second look: `export --csv --visits` checked the readings, not the visits it
  /// writes, and wrote a visit dated 1700 that its import then refused.
  /// Attacker review at stop 33: hand edits of the markers, not of a reading, were let through
  /// and the backup did not restore: a tracked marker of no marker, a custom marker's key that
  /// is not one glance makes ("1", "", "ldl": the CSV restore found no marker of that key), a
  /// custom marker called like a library marker.
  static let markerDamages: [(String, @Sendable (inout GlanceDocument) -> Void)] = [
    ("nothing", { _ in }),
    (
      "a tracked marker of no marker",
      { $0.trackedMarkers.append(UserMarker(markerID: UUID(), displayOrder: 5, addedAt: RestorableExportTests.now)) }
    ),
    ("a custom key of a number", { $0.customMarkers[0].key = "1" }),
    ("an empty custom key", { $0.customMarkers[0].key = "" }),
    ("a custom key of a library marker", { $0.customMarkers[0].key = "ldl" }),
    ("a custom marker called like a library marker", { $0.customMarkers[0].displayName = "ldl" }),
    // Attacker's second look: names of blood pressure, two markers of one name, a key twice.
    ("a custom marker called bp", { $0.customMarkers[0].displayName = "Blutdruck" }),
    (
      "two custom markers of one name",
      { document in
        var twin = Fixture.customMarker("blood KETONES", unit: "mg/dL")
        twin.key = "custom-twin"
        document.customMarkers.append(twin)
        document.entries.append(Fixture.entry(twin, 4, on: "2025-03-11"))
      }
    ),
    // Attacker review at stop 34: a restore stored any number of decimal places and any category.
    ("a custom marker's decimals past any glance writes", { $0.customMarkers[0].decimals = 2_147_483_647 }),
    ("a custom marker's negative decimals", { $0.customMarkers[0].decimals = -1 }),
    ("a custom marker in a library category", { $0.customMarkers[0].category = "heart" }),
    // Attacker review at stop 37: a backup's unit synonyms held a terminal escape, and `add` then
    // took it as the marker's unit.
    ("a custom marker's unit synonym with an escape", { $0.customMarkers[0].unitSynonyms = ["\u{1B}[2J"] }),
    ("a custom marker's blank unit synonym", { $0.customMarkers[0].unitSynonyms = [" "] }),
    ("a custom marker's SI unit with an escape", { $0.customMarkers[0].siUnit = "mg\u{7}" }),
    (
      "a custom key twice",
      { document in
        var twin = Fixture.customMarker("Grip strength", unit: "kg")
        twin.key = document.customMarkers[0].key
        document.customMarkers.append(twin)
        document.entries.append(Fixture.entry(twin, 30, on: "2025-03-12"))
      }
    ),
  ]

  @Test(
    "a custom marker's other name that names a library group refuses its backup's export and restore",
    arguments: ["cbc", "lipid panel", "electrolytes", "my ketones"])
  func customAliasOfAGroup(alias: String) throws {
    var document = Self.document { _ in }
    var ketones = Fixture.customMarker()
    ketones.aliases = [alias]
    document.apply(.putCustomMarker(ketones))
    document.apply(.putEntry(Fixture.entry(ketones, 1.2, on: "2025-03-10")))
    let refused =
      (try? Exporter.checkRestorable(document, library: .builtIn, today: Self.today, now: Self.now, json: true)) == nil
    #expect(refused == (alias != "my ketones"), "\(alias)")
  }

  @Test(
    "a custom marker's decimals beyond 0 to 6, or a library category, refuse its backup's export and restore",
    arguments: [("decimals", 2_147_483_647), ("decimals", -1), ("category", 0), ("decimals", 6)] as [(String, Int)])
  func customMarkerFields(field: String, value: Int) throws {
    var document = Self.document { _ in }
    var ketones = Fixture.customMarker()
    if field == "decimals" { ketones.decimals = value } else { ketones.category = "heart" }
    document.apply(.putCustomMarker(ketones))
    document.apply(.putEntry(Fixture.entry(ketones, 1.2, on: "2025-03-10")))
    let refused =
      (try? Exporter.checkRestorable(document, library: .builtIn, today: Self.today, now: Self.now, json: true)) == nil
    #expect(refused == (value != 6), "\(field) \(value)")
    let restored = try? Importer.plan(
      Importer.read(try Exporter.json(document)), replace: false, into: .empty(createdAt: Self.now),
      library: .builtIn, today: Self.today, now: Self.now)
    #expect((restored == nil) == refused, "\(field) \(value)")
  }

  /// Attacker review at stop 37: a backup's custom marker kept unit synonyms holding a terminal
  /// escape, and `add` then took the escape as the marker's unit.
  @Test(
    "a restore refuses a custom marker whose other units hold a control character or are blank",
    arguments: [
      (["\u{1B}[2J"], nil, true), ([" "], nil, true), ([], "mg\u{7}", true), (["mmol"], "mg/dL", false),
      // Another unit glance knows (attacker's second look at stop 37).
      (["mg/dL"], nil, true), (["mmol/l"], nil, false),
    ]
      as [([String], String?, Bool)])
  func customMarkerUnits(synonyms: [String], siUnit: String?, refused: Bool) throws {
    var document = Self.document { _ in }
    var ketones = Fixture.customMarker()
    ketones.unitSynonyms = synonyms
    ketones.siUnit = siUnit
    document.apply(.putCustomMarker(ketones))
    document.apply(.putEntry(Fixture.entry(ketones, 1.2, on: "2025-03-10")))
    let restored = try? Importer.plan(
      Importer.read(try Exporter.json(document)), replace: false, into: .empty(createdAt: Self.now),
      library: .builtIn, today: Self.today, now: Self.now)
    #expect((restored == nil) == refused, "\(synonyms) \(String(describing: siUnit))")
  }

  @Test(
    "an export with hand-edited markers is refused, or its JSON and CSV restore every reading",
    arguments: markerDamages.indices)
  func markerEdits(index: Int) throws {
    let (name, damage) = Self.markerDamages[index]
    var document = Self.document { _ in }
    let ketones = Fixture.customMarker()
    document.apply(.putCustomMarker(ketones))
    document.apply(.putEntry(Fixture.entry(ketones, 1.2, on: "2025-03-10")))
    damage(&document)
    let count = document.entries.count
    for format in ["json", "csv", "fhir"] {
      let json = format == "json"
      let refused =
        (try? Exporter.checkRestorable(document, library: .builtIn, today: Self.today, now: Self.now, json: json))
        == nil
      if refused {
        #expect(name != "nothing", "\(name): refused")
        continue
      }
      let bytes =
        json
        ? try Exporter.json(document)
        : format == "csv"
          ? Array(Exporter.readingsCSV(document, library: .builtIn).utf8)
          : FHIRExporter.bundle(document, library: .builtIn)
      do {
        let plan = try Importer.plan(
          Importer.read(bytes), replace: false, into: .empty(createdAt: Self.now), library: .builtIn,
          today: Self.today, now: Self.now)
        #expect(plan.entries.count == count, "\(name), \(format): \(plan.entries.count) of \(count)")
        // Each reading under its own marker: the ketones never read as LDL.
        #expect(plan.entries.filter { $0.markerID == Fixture.ldl.id }.map(\.value) == [99], "\(name), \(format)")
      } catch {
        Issue.record("\(name), \(format): exported, then refused: \(error)")
      }
    }
  }

  @Test("each export checks what it writes: a visits CSV its visits, a readings CSV its readings")
  func checksWhatItWrites() throws {
    var document = Self.document { _ in }
    document.apply(.putVisit(Fixture.visit("1700-11-02")))
    #expect(throws: ExportError.self) {
      try Exporter.checkRestorable(
        document, library: .builtIn, today: Self.today, now: Self.now, readings: false, visits: true)
    }
    try Exporter.checkRestorable(
      document, library: .builtIn, today: Self.today, now: Self.now, readings: true, visits: false)
    let bad = Self.document { $0.markerID = UUID() }
    do {
      try Exporter.checkRestorable(bad, library: .builtIn, today: Self.today, now: Self.now, json: false)
      Issue.record("a reading of no marker was let through")
    } catch {
      // A reading of no marker can only be deleted; a CSV backup has no salvage.
      #expect(error.message.contains("(glance delete ") && !error.message.contains("glance edit"), "\(error.message)")
      #expect(!error.message.contains("salvage"), "\(error.message)")
      // Such a reading is left out of a CSV, not refused by its import (attacker review).
      #expect(error.message.contains("not in it"), "\(error.message)")
      #expect(
        Exporter.exportedAnyway(error) == "Exported anyway (--yes): 1 record in it would be refused by a restore.")
    }
  }

  /// Attacker review: `export --fhir --yes` over readings of no marker said "Exported 702
  /// readings" for 602 observations, and "records in it would be refused" of records not in it.
  @Test("an export written anyway counts what its file holds and says what it left out", arguments: [false, true])
  func countsWhatItHolds(alsoBadValue: Bool) throws {
    var document = Self.document { $0.markerID = UUID() }
    if alsoBadValue { document.apply(.putEntry(Fixture.entry(Fixture.ldl, -5e9, on: "2025-03-10"))) }
    let readings = alsoBadValue ? 3 : 2
    #expect(Exporter.readingsOfNoMarker(document, library: .builtIn) == 1)
    #expect(Exporter.contents(document, library: .builtIn, json: true) == "\(readings) readings and 0 visits")
    let held = counted(readings - 1, "reading")
    #expect(Exporter.contents(document, library: .builtIn, json: false) == held)
    #expect(Exporter.contents(document, library: .builtIn, json: false, visits: true) == "0 visits")
    // The files hold that many.
    let fhir = String(decoding: FHIRExporter.bundle(document, library: .builtIn), as: UTF8.self)
    #expect(fhir.components(separatedBy: "\"resourceType\": \"Observation\"").count - 1 == readings - 1)
    let csv = Exporter.readingsCSV(document, library: .builtIn)
    #expect(csv.components(separatedBy: "\r\n").count - 2 == readings - 1)
    for json in [false, true] {
      do {
        try Exporter.checkRestorable(document, library: .builtIn, today: Self.today, now: Self.now, json: json)
        Issue.record("allowed")
      } catch {
        let notInIt = json ? 0 : Exporter.readingsOfNoMarker(document, library: .builtIn)
        let said = Exporter.exportedAnyway(error, notInIt: notInIt)
        let expected =
          json
          ? "Exported anyway (--yes): \(counted(readings - 1, "record")) in it would be refused by a restore and left out by glance import --salvage."
          : alsoBadValue
            ? "Exported anyway (--yes): 1 record in it would be refused by a restore; 1 reading of a marker glance does not know is not in it."
            : "Exported anyway (--yes): 1 reading of a marker glance does not know is not in it."
        #expect(said == expected)
      }
    }
  }

  /// Attacker review: a backup whose profile name was 100,000 characters (or held a terminal
  /// escape) restored, where `glance profile --name` refuses both.
  @Test(
    "a profile name glance profile --name would refuse is refused by a restore, and its export says so",
    arguments: [String(repeating: "n", count: 300), "M\u{1B}]0;x\u{07}e"])
  func profileName(name: String) throws {
    var document = Self.document { _ in }
    document.profile.name = name
    let bytes = try Exporter.json(document, library: .builtIn)
    let into = GlanceDocument.empty(createdAt: Self.now)
    #expect(throws: ImportError.self) {
      try Importer.plan(
        Importer.read(bytes), replace: false, into: into, library: .builtIn, today: Self.today, now: Self.now)
    }
    let salvaged = try Importer.plan(
      Importer.read(bytes, salvage: true), replace: false, into: into, library: .builtIn, today: Self.today,
      now: Self.now)
    #expect(salvaged.profile?.name == Profile.unnamed)
    #expect(salvaged.entries.count == 2)
    #expect(throws: ExportError.self) {
      try Exporter.checkRestorable(document, library: .builtIn, today: Self.today, now: Self.now)
    }
    // A CSV or FHIR export holds no name: not refused over it (import's second look).
    try Exporter.checkRestorable(document, library: .builtIn, today: Self.today, now: Self.now, json: false)
  }

  @Test("a backup holding such a reading restores the rest with --salvage, and lists the one left out")
  func salvageLeavesOut() throws {
    let document = Self.document { $0.value = -5e9 }
    let bytes = try Exporter.json(document, library: .builtIn)
    let file = try Importer.read(bytes, salvage: true)
    let plan = try Importer.plan(
      file, replace: false, into: .empty(createdAt: Self.now), library: .builtIn, today: Self.today, now: Self.now)
    #expect(plan.entries.map(\.value) == [99])
    #expect(plan.rowsLeftOut.count == 1 && plan.rowsLeftOut[0].contains("HDL"), "\(plan.rowsLeftOut)")
  }
}
