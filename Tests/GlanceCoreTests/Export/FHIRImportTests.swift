import Foundation
import Testing

@testable import GlanceCore

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 13, item 2: FHIR R4 Observations from a portal or a phone. The fixture
/// `fhir-lipid-example.json` is the FHIR R4 specification's own lipid report example
/// (its lipid report example, SI units, LOINC 35200-5 and 35217-9), as published.
@Suite("FHIR import")
struct FHIRImportTests {
  static let today = Fixture.date("2025-06-01")
  static let now = Timestamp(Fixture.now)

  static func plan(_ bytes: [UInt8], into document: GlanceDocument? = nil) throws -> ImportPlan {
    try Importer.plan(
      try Importer.read(bytes), replace: false, into: document ?? .empty(createdAt: now), library: Fixture.library,
      today: today, now: now)
  }

  static func plan(_ text: String, into document: GlanceDocument? = nil) throws -> ImportPlan {
    try plan(Array(text.utf8), into: document)
  }

  static var lipidExample: [UInt8] {
    get throws {
      Array(
        try Data(
          contentsOf: URL(fileURLWithPath: packageRoot + "/Tests/GlanceCoreTests/Fixtures/fhir-lipid-example.json")))
    }
  }

  /// One Observation as JSON.
  static func observation(
    code: String = "2085-9", display: String = "HDL", value: String = "55", unit: String = "mg/dL",
    extra: String = "", date: String = "\"effectiveDateTime\": \"2024-01-15T08:30:00-05:00\""
  ) -> String {
    """
    {"resourceType": "Observation", "status": "final", "code": {"coding": [{"system": "http://loinc.org", "code": "\(code)", "display": "\(display)"}]}, \(date), "valueQuantity": {"value": \(value), "unit": "\(unit)", "system": "http://unitsofmeasure.org", "code": "\(unit)"}\(extra)}
    """
  }

  static func bundle(_ resources: [String], type: String = "collection") -> String {
    "{\"resourceType\": \"Bundle\", \"type\": \"\(type)\", \"entry\": ["
      + resources.map { "{\"resource\": \($0)}" }.joined(separator: ", ") + "]}"
  }

  /// Clinician review: a hospital's download with a hemolysed potassium (6.8 at 08:15) and its
  /// redraw (4.3 at 10:30) showed either as the day's latest: the order of two hashed ids.
  @Test("a day's lab observations that give their times are in the order of their times", arguments: 0..<12)
  func dayOrderedByTime(seed: Int) throws {
    let early = Self.observation(
      code: "2823-3", display: "Potassium", value: "6.8", unit: "mmol/L",
      extra: ", \"id\": \"k-\(seed)-a\"", date: "\"effectiveDateTime\": \"2024-11-01T08:15:00+01:00\"")
    let late = Self.observation(
      code: "2823-3", display: "Potassium", value: "4.3", unit: "mmol/L",
      extra: ", \"id\": \"k-\(seed)-b\"", date: "\"effectiveDateTime\": \"2024-11-01T10:30:00+01:00\"")
    // Another test that day without a time (clinician's third look) orders nothing away.
    let untimed = Self.observation(
      code: "98979-8", display: "eGFR", value: "75", unit: "mL/min/{1.73_m2}", extra: ", \"id\": \"e-\(seed)\"",
      date: "\"effectiveDateTime\": \"2024-11-01\"")
    for resources in [[early, late], [late, early], [untimed, late, early], [late, untimed, early]] {
      let repository = InMemoryDataRepository(clock: { Fixture.now })
      try Importer.apply(
        try Importer.read(Array(Self.bundle(resources).utf8)), replace: false, assumeYes: true, to: repository,
        summary: "import", today: Self.today)
      let entries = try repository.read().entries.sorted(by: MarkerEntry.chronological)
      #expect(entries.filter { $0.value != 75 }.map(\.value) == [6.8, 4.3])
      // Imported again: nothing added, the order kept.
      let again = try Self.plan(Self.bundle(resources), into: repository.read())
      #expect(again.entries.isEmpty)
    }
  }

  /// Attacker review: a value of 1e-320 was kept, and printed with 320 digits.
  @Test(
    "a value nearer to zero than any typed value can be is not read; 0 and 0.001 are",
    arguments: [("1e-320", false), ("4.9e-324", false), ("1e-15", false), ("0", true), ("0.001", true)])
  func tinyValues(value: String, read: Bool) throws {
    let plan = try Self.plan(
      Self.bundle([Self.observation(code: "3016-3", display: "TSH", value: value, unit: "m[IU]/L")]))
    #expect(plan.entries.count == (read ? 1 : 0), "\(plan.notRead)")
    if !read { #expect(plan.notRead.joined().contains("beyond any reading glance keeps"), "\(plan.notRead)") }
  }

  /// Clinician review: a portal download that adds one observation to stored ones asked again
  /// about every stored observation's value.
  @Test("a download that adds an observation to stored ones asks only about the one it adds")
  func storedObservationsAskNothing() throws {
    let repository = InMemoryDataRepository(clock: { Fixture.now })
    let first = Self.observation(value: "890", date: "\"effectiveDateTime\": \"2024-01-15\"")
    let second = Self.observation(value: "910", date: "\"effectiveDateTime\": \"2024-02-15\"")
    try Importer.apply(
      try Importer.read(Array(Self.bundle([first]).utf8)), replace: false, assumeYes: true, to: repository,
      summary: "import", today: Self.today)
    let plan = try Self.plan(Self.bundle([first, second]), into: repository.read())
    #expect(plan.entries.count == 1)
    #expect(plan.questions.count == 1, "\(plan.questions)")
    #expect(plan.questions.allSatisfy { $0.contains("910") && !$0.contains("890") }, "\(plan.questions)")
    #expect(plan.preview.count == 1 && plan.preview[0].contains("910"), "\(plan.preview)")
  }

  @Test("the specification's lipid report: four readings in SI, converted, on the report's day; again adds nothing")
  func lipidExample() throws {
    let plan = try Self.plan(try Self.lipidExample)
    #expect(plan.kind == .fhir)
    let byKey = Dictionary(
      uniqueKeysWithValues: plan.entries.map { (Fixture.library.marker(id: $0.markerID)!.key, $0) })
    #expect(byKey.keys.sorted() == ["hdl", "ldl", "total-cholesterol", "triglycerides"])
    #expect(byKey["total-cholesterol"]?.entered == EnteredValue(value: 6.3, unit: "mmol/L"))
    #expect(byKey["ldl"]?.entered == EnteredValue(value: 4.6, unit: "mmol/L"))
    #expect(byKey["triglycerides"]?.entered == EnteredValue(value: 1.3, unit: "mmol/L"))
    #expect(plan.entries.allSatisfy { $0.dateOfService == Fixture.date("2011-03-04") })
    #expect(plan.otherResources == ["1 DiagnosticReport"])
    let repository = InMemoryDataRepository(clock: { Fixture.now })
    try Importer.apply(
      try Importer.read(try Self.lipidExample), replace: false, to: repository, summary: "import", today: Self.today)
    let again = try Self.plan(try Self.lipidExample, into: try repository.read())
    #expect(again.entries.isEmpty && again.duplicates == 4)
  }

  @Test(
    "UCUM codes are read as the units glance converts",
    arguments: [
      ("2093-3", "5.2", "mmol/L", "total-cholesterol", 201.1), ("2160-0", "88", "umol/L", "creatinine", 1.0),
      ("8480-6", "128", "mm[Hg]", "bp-systolic", 128), ("29463-7", "82", "kg", "weight", 180.8),
      ("29463-7", "180", "[lb_av]", "weight", 180), ("40443-4", "62", "/min", "resting-hr", 62),
      ("4548-4", "5.6", "%", "a1c", 5.6), ("2085-9", "55", "mg/dL", "hdl", 55),
    ] as [(String, String, String, String, Double)])
  func ucumUnits(code: String, value: String, unit: String, key: String, expected: Double) throws {
    let plan = try Self.plan(Self.observation(code: code, display: "", value: value, unit: unit))
    let entry = try #require(plan.entries.first, "\(plan.notRead) \(plan.unknownTests)")
    #expect(Fixture.library.marker(id: entry.markerID)?.key == key)
    #expect(abs(entry.value - expected) < 0.051, "\(entry.value)")
  }

  @Test(
    "the day is the one written, in the observation's own offset; a period's start, else when it was issued",
    arguments: [
      ("\"effectiveDateTime\": \"2024-01-15T23:30:00-05:00\"", "2024-01-15"),
      ("\"effectiveDateTime\": \"2024-01-15T00:10:00+09:00\"", "2024-01-15"),
      ("\"effectiveDateTime\": \"2024-01-15\"", "2024-01-15"),
      ("\"effectivePeriod\": {\"start\": \"2023-12-31T22:00:00Z\", \"end\": \"2024-01-01T02:00:00Z\"}", "2023-12-31"),
      ("\"issued\": \"2024-02-01T10:00:00.000+01:00\"", "2024-02-01"),
    ])
  func dates(date: String, expected: String) throws {
    let plan = try Self.plan(Self.observation(date: date))
    #expect(plan.entries.map(\.dateOfService.iso) == [expected])
  }

  @Test("a comparator is a censored value; a valueString like <0.5 is read as add reads it")
  func censored() throws {
    let quantity = try Self.plan(
      Self.observation(code: "2857-1", display: "PSA", value: "0.1", unit: "ng/mL")
        .replacingOccurrences(of: "\"value\": 0.1,", with: "\"value\": 0.1, \"comparator\": \"<\","))
    #expect(quantity.entries.map(\.comparator) == [.lessThan])
    let text = try Self.plan(
      """
      {"resourceType": "Observation", "status": "final", "code": {"text": "PSA"}, "effectiveDateTime": "2024-01-15", "valueString": "<0.5"}
      """)
    #expect(text.entries.map(\.value) == [0.5] && text.entries.map(\.comparator) == [.lessThan])
  }

  @Test("entered-in-error and cancelled are skipped and counted; other resources counted; unknown codes listed")
  func skippedAndCounted() throws {
    let plan = try Self.plan(
      Self.bundle(
        [
          Self.observation(),
          Self.observation(value: "60").replacingOccurrences(of: "\"final\"", with: "\"entered-in-error\""),
          Self.observation(value: "61").replacingOccurrences(of: "\"final\"", with: "\"cancelled\""),
          Self.observation(code: "787-2", display: "MCV", value: "90", unit: "fL"),
          "{\"resourceType\": \"Patient\", \"id\": \"p\"}", "{\"resourceType\": \"Patient\", \"id\": \"q\"}",
        ], type: "searchset"))
    #expect(plan.entries.map(\.value) == [55])
    #expect(plan.skippedObservations == 2 && plan.observations == 4)
    #expect(plan.otherResources == ["2 Patients"])
    #expect(plan.unknownTests == ["“MCV (LOINC 787-2)” (1 observation)"])
    let summary = plan.summary(library: Fixture.library, customMarkers: [], dryRun: true)
    #expect(summary.contains("2 marked entered in error or cancelled were skipped"))
  }

  @Test("a blood-pressure panel becomes the pair; re-importing it adds nothing")
  func bloodPressurePanel() throws {
    let panel = """
      {"resourceType": "Observation", "id": "bp-1", "status": "final", "code": {"coding": [{"system": "http://loinc.org", "code": "85354-9"}]}, "effectiveDateTime": "2024-03-01T07:00:00Z", "component": [{"code": {"coding": [{"system": "http://loinc.org", "code": "8480-6"}]}, "valueQuantity": {"value": 132, "unit": "mmHg", "system": "http://unitsofmeasure.org", "code": "mm[Hg]"}}, {"code": {"coding": [{"system": "http://loinc.org", "code": "8462-4"}]}, "valueQuantity": {"value": 84, "unit": "mmHg", "system": "http://unitsofmeasure.org", "code": "mm[Hg]"}}]}
      """
    let plan = try Self.plan(panel)
    #expect(plan.entries.map(\.value) == [132, 84])
    #expect(Set(plan.entries.map(\.id)).count == 2)
    var document = GlanceDocument.empty(createdAt: Self.now)
    document.entries = plan.entries
    let again = try Self.plan(panel, into: document)
    #expect(again.entries.isEmpty && again.duplicates == 2)
  }

  @Test("NDJSON, one resource a line, and a single resource are read; identifiers make a re-import a no-op")
  func ndjsonAndIdentifiers() throws {
    let identified = Self.observation(
      extra: ", \"identifier\": [{\"system\": \"urn:lab\", \"value\": \"A-17\"}]")
    let ndjson = [identified, Self.observation(code: "13457-7", display: "LDL", value: "130")].joined(separator: "\n")
    let plan = try Self.plan(ndjson)
    #expect(plan.entries.count == 2)
    var document = GlanceDocument.empty(createdAt: Self.now)
    document.entries = plan.entries
    #expect(try Self.plan(identified, into: document).entries.isEmpty)
    #expect(UUID.stable("x") == UUID.stable("x") && UUID.stable("x") != UUID.stable("y"))
  }

  @Test("a folder of resources (a phone's clinical records) is read; a folder without any is refused")
  func folder() throws {
    let folder = TemporaryFolder()
    try Self.observation().write(toFile: folder.path + "/a.json", atomically: true, encoding: .utf8)
    try Self.observation(code: "13457-7", value: "130").write(
      toFile: folder.path + "/b.json", atomically: true, encoding: .utf8)
    try "not json".write(toFile: folder.path + "/notes.txt", atomically: true, encoding: .utf8)
    let file = try Importer.load(folder.path)
    let plan = try Importer.plan(
      file, replace: false, into: .empty(createdAt: Self.now), library: Fixture.library, today: Self.today,
      now: Self.now)
    #expect(plan.entries.count == 2)
    let empty = TemporaryFolder()
    #expect(throws: ImportError.noFHIR(empty.path)) { try Importer.load(empty.path) }
  }

  /// Newcomer review at stop 33: a portal's HDL 61 of Dec 12 was added beside the HDL 61 of Dec
  /// 12 from the person's sheet, shown twice and counted twice, without a word.
  @Test("a portal's reading equal to one already kept (same test, day and value) is not added twice")
  func equalToStored() throws {
    var document = GlanceDocument.empty(createdAt: Self.now)
    document.apply(.putEntry(Fixture.entry(Fixture.hdl, 55, on: "2024-01-15")))
    for extra in ["", ", \"id\": \"17\"", ", \"identifier\": [{\"system\": \"urn:lab\", \"value\": \"A-17\"}]"] {
      let same = try Self.plan(Self.observation(extra: extra), into: document)
      #expect(same.entries.isEmpty, "\(extra)")
      #expect(same.duplicates == 1, "\(extra)")
    }
    // Two equal results in the file and one kept: one is new.
    let twice = try Self.plan(
      Self.bundle([
        Self.observation(extra: ", \"id\": \"a\""), Self.observation(extra: ", \"id\": \"b\""),
      ]), into: document)
    #expect(twice.entries.count == 1)
    // Another value that day is added, and said.
    let other = try Self.plan(Self.observation(value: "58"), into: document)
    #expect(other.entries.count == 1)
    #expect(other.sameDay.count == 1, "\(other.sameDay)")
    // Attacker's second look: a reading the same file withdraws or corrects is not the one an
    // equal new observation repeats (B was dropped, and A removed: nothing left).
    var fromFile = GlanceDocument.empty(createdAt: Self.now)
    fromFile.entries = try Self.plan(Self.observation(extra: ", \"id\": \"A\"")).entries
    for status in ["entered-in-error", "amended"] {
      let a = Self.observation(value: status == "amended" ? "60" : "55", extra: ", \"id\": \"A\"")
        .replacingOccurrences(of: "\"status\": \"final\"", with: "\"status\": \"\(status)\"")
      let reissued = try Self.plan(
        Self.bundle([a, Self.observation(extra: ", \"id\": \"B\"")]), into: fromFile)
      #expect(reissued.entries.map(\.value) == [55], "\(status)")
    }
  }

  /// Newcomer review at stop 33: a folder holding a portal's records and two spreadsheets imported
  /// the records and said nothing of the sheets' 135 readings.
  @Test("a folder's other files (a spreadsheet, a note) are named as not read, with how to import them")
  func folderOtherFiles() throws {
    let folder = TemporaryFolder()
    try Self.observation().write(toFile: folder.path + "/portal.json", atomically: true, encoding: .utf8)
    try "Date,HDL\n2024-01-15,55\n".write(toFile: folder.path + "/mylabs.csv", atomically: true, encoding: .utf8)
    try "x".write(toFile: folder.path + "/Notes.TXT", atomically: true, encoding: .utf8)
    try "x".write(toFile: folder.path + "/.DS_Store", atomically: true, encoding: .utf8)
    let file = try Importer.load(folder.path)
    let plan = try Importer.plan(
      file, replace: false, into: .empty(createdAt: Self.now), library: Fixture.library, today: Self.today,
      now: Self.now)
    #expect(plan.entries.count == 1)
    #expect(plan.otherFilesInFolder == ["“Notes.TXT”", "“mylabs.csv”"])
    let summary = plan.summary(library: Fixture.library, customMarkers: [], dryRun: false)
    #expect(
      summary.contains(
        "Not read, as a folder is read for FHIR records only: “Notes.TXT”, “mylabs.csv”. Import a spreadsheet or a glance export on its own: glance import FILE"
      ), "\(summary)")
  }

  @Test("two servers' Observation/1 (another test, or another day) are two readings; one id twice in a file is one")
  func idsAcrossServers() throws {
    let first = Self.observation(code: "2093-3", value: "200", extra: ", \"id\": \"1\"")
    var document = GlanceDocument.empty(createdAt: Self.now)
    document.entries = try Self.plan(first).entries
    let otherTest = Self.observation(code: "2085-9", value: "50", extra: ", \"id\": \"1\"")
    #expect(try Self.plan(otherTest, into: document).entries.count == 1)
    let otherDay = Self.observation(
      code: "2093-3", value: "200", extra: ", \"id\": \"1\"", date: "\"effectiveDateTime\": \"2024-05-10\"")
    #expect(try Self.plan(otherDay, into: document).entries.count == 1)
    #expect(try Self.plan(first, into: document).entries.isEmpty)
    let twice = try Self.plan(
      Self.bundle([first, first.replacingOccurrences(of: "200", with: "250")], type: "history"))
    // A history bundle lists the most recent version first: that one is read.
    #expect(twice.entries.map(\.value) == [200] && twice.sameVersions == 1 && twice.duplicates == 0)
    // Said as what it is, not as a reading already in the folder, nor as "the newest" when
    // nothing says which is newer (attacker's second look at stop 34).
    let summary = twice.summary(library: Fixture.library, customMarkers: [], dryRun: false)
    #expect(summary.contains("1 observation repeats an id with nothing saying which is newer"), "\(summary)")
    #expect(!summary.contains("already in your data"))
  }

  /// Newcomer review: the portal's latest, low vitamin D (LOINC 1989-3) was listed only under
  /// "Tests glance has no marker for", with no word on why, so home showed an older one in range.
  @Test(
    "a code left out on purpose is listed with why; eGFR by the MDRD formula (33914-3) is eGFR",
    arguments: [
      ("1989-3", "Vitamin D 25-OH", "ng/mL", "25-hydroxyvitamin D3 alone"),
      ("2345-7", "Glucose", "mg/dL", "not said to be fasting"),
      ("1988-5", "CRP", "mg/L", "standard CRP"),
      ("8867-4", "Heart rate", "/min", "not resting"),
    ])
  func leftOutWithReason(code: String, name: String, unit: String, reason: String) throws {
    let plan = try Self.plan(Self.observation(code: code, display: name, value: "18", unit: unit))
    #expect(plan.entries.isEmpty)
    #expect(plan.unknownTests.count == 1 && plan.unknownTests[0].contains(reason), "\(plan.unknownTests)")
    let egfr = try Self.plan(Self.observation(code: "33914-3", display: "eGFR", value: "58", unit: "mL/min/{1.73_m2}"))
    #expect(egfr.entries.map(\.value) == [58], "\(egfr.unknownTests) \(egfr.notRead)")
  }

  /// Clinician's second look: a Bundle entry without its "resource" (sodium 118, critical) was
  /// skipped, and the summary said only "1 observation in the file".
  @Test("a bundle entry holding no resource is named, never skipped unsaid")
  func entryWithoutResource() throws {
    let bundle = Self.bundle([Self.observation()], type: "collection").replacingOccurrences(
      of: "\"entry\": [", with: "\"entry\": [{\"fullUrl\": \"x\", \"Observation\": {}}, ")
    let plan = try Self.plan(bundle)
    #expect(plan.entries.count == 1, "\(bundle)")
    #expect(plan.notRead.contains("1 bundle entry without a resource in it"), "\(plan.notRead)")
  }

  @Test("a code glance knows as another test is never filed by its name; two codes for two tests are refused")
  func codeDecides() throws {
    let crp = try Self.plan(Self.observation(code: "1988-5", display: "hs-CRP", value: "45", unit: "mg/L"))
    #expect(crp.entries.isEmpty && crp.unknownTests.count == 1)
    let pulse = try Self.plan(Self.observation(code: "8867-4", display: "Heart rate", value: "160", unit: "/min"))
    #expect(pulse.entries.isEmpty)
    let two = Self.observation(code: "2093-3").replacingOccurrences(
      of: "\"display\": \"HDL\"}]",
      with: "\"display\": \"HDL\"}, {\"system\": \"http://loinc.org\", \"code\": \"2085-9\"}]")
    let conflicting = try Self.plan(two)
    #expect(conflicting.entries.isEmpty && conflicting.notRead.first?.contains("two different tests") == true)
  }

  @Test(
    "a glucose named without 'fasting' is asked about, as add asks; valueInteger is read; comparator 'ad' is not a bound"
  )
  func glucoseIntegerComparator() throws {
    let glucose = try Self.plan(
      """
      {"resourceType": "Observation", "status": "final", "code": {"text": "Glucose"}, "effectiveDateTime": "2024-01-15", "valueQuantity": {"value": 95, "unit": "mg/dL"}}
      """)
    #expect(glucose.questions.count == 1 && glucose.questions[0].contains("fasting"))
    let integer = try Self.plan(
      """
      {"resourceType": "Observation", "status": "final", "code": {"coding": [{"system": "http://loinc.org", "code": "40443-4"}]}, "effectiveDateTime": "2024-01-15", "valueInteger": 62}
      """)
    #expect(integer.entries.map(\.value) == [62])
    let text = try Self.plan(
      Self.bundle([
        Self.observation().replacingOccurrences(of: "\"value\": 55", with: "\"value\": \"150\""),
        Self.observation(value: "60"),
      ]))
    #expect(
      text.entries.map(\.value) == [60] && text.notRead.count == 1,
      "a value written as text is that observation's problem only")
    let ad = try Self.plan(
      Self.observation().replacingOccurrences(of: "\"value\": 55,", with: "\"value\": 55, \"comparator\": \"ad\","))
    #expect(ad.entries.isEmpty && ad.notRead.count == 1)
  }

  @Test("a folder's files that are not resources (a note, an array, damaged JSON, a pipe) are named and left out")
  func folderJunk() throws {
    let folder = TemporaryFolder()
    try Self.observation().write(toFile: folder.path + "/a.json", atomically: true, encoding: .utf8)
    try "[\(Self.observation())]".write(toFile: folder.path + "/array.json", atomically: true, encoding: .utf8)
    try "{\"resourceType\": \"Observation\", ".write(
      toFile: folder.path + "/cut.json", atomically: true, encoding: .utf8)
    try "{\"foo\": 1}".write(toFile: folder.path + "/other.json", atomically: true, encoding: .utf8)
    #expect(mkfifo(folder.path + "/pipe.json", 0o600) == 0)
    let file = try Importer.load(folder.path)
    let plan = try Importer.plan(
      file, replace: false, into: .empty(createdAt: Self.now), library: Fixture.library, today: Self.today,
      now: Self.now)
    #expect(plan.entries.count == 1)
    #expect(plan.filesNotRead.count == 4, "\(plan.filesNotRead)")
    #expect(plan.filesNotRead.contains("“pipe.json” (not a file)"))
  }

  @Test("damaged or hostile FHIR is refused or read, never a crash", arguments: 0..<5)
  func fuzz(seed: Int) throws {
    var generator = SeededGenerator(seed: UInt64(seed) &+ 90)
    let base = Array(try Self.lipidExample)
    for _ in 0..<200 {
      var bytes = base
      for _ in 0..<Int.random(in: 1...6, using: &generator) {
        let at = Int.random(in: 0..<bytes.count, using: &generator)
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: bytes.remove(at: at)
        case 1: bytes.insert(Array("{}[],:\"0-9e\u{1B}".utf8).randomElement(using: &generator)!, at: at)
        default: bytes[at] = UInt8.random(in: 0...255, using: &generator)
        }
      }
      do {
        let plan = try Self.plan(bytes)
        #expect(plan.entries.allSatisfy { ValueParser.isStorable($0.value) })
      } catch {
        #expect(error is any GlanceError, "\(error)")
      }
    }
  }
}

@Suite("FHIR codes")
struct FHIRCodesTests {
  @Test("every variant names a library marker, none is another marker's own code, and each reads as its marker")
  func variants() throws {
    let markers = Fixture.library.markers
    let own = Dictionary(markers.compactMap { marker in marker.loinc.map { ($0, marker.key) } }) { first, _ in first }
    let table = FHIRCodes.markers(by: markers)
    for (code, key) in FHIRCodes.variants {
      #expect(markers.contains { $0.key == key }, "\(code) → \(key)")
      #expect(own[code] == nil || own[code] == key, "\(code) is \(own[code] ?? "")'s own code")
      #expect(table[code]?.key == key)
    }
    for excluded in ["2345-7", "3091-6", "1995-0", "1988-5", "8867-4"] {
      #expect(table[excluded] == nil, "\(excluded)")
    }
  }

  @Test("a molar LDL (22748-8) in mmol/L is read as LDL and converted")
  func molarLDL() throws {
    let plan = try FHIRImportTests.plan(
      FHIRImportTests.observation(code: "22748-8", display: "", value: "3.4", unit: "mmol/L"))
    #expect(plan.entries.map(\.value) == [131.5])
  }

  /// Clinician review: a download from a portal linked to a spouse's account held two people's
  /// results, and the other person's critical potassium and hemoglobin became this folder's
  /// latest readings with no word. Patients the file tells apart (another sex or birth date) are
  /// two people, and the file is refused; one person at two providers (two ids, as a phone's
  /// download from two health systems has them) is one.
  @Test(
    "a file whose observations are of two people it tells apart is refused, naming each and how many",
    arguments: [
      // Each observation's subject one of the Patients: by "Patient/id", by fullUrl, by URL.
      ("Patient/me", "Patient/hus", true), ("urn:uuid:1111", "urn:uuid:2222", true),
      ("https://portal.example/fhir/Patient/me", "Patient/hus", true),
      // One person referred to two ways is one person.
      ("Patient/me", "urn:uuid:1111", false), ("Patient/me", "https://portal.example/fhir/Patient/me", false),
    ] as [(String, String, Bool)])
  func severalPeople(first: String, second: String, refused: Bool) throws {
    let patients = [
      "{\"fullUrl\": \"urn:uuid:1111\", \"resource\": {\"resourceType\": \"Patient\", \"id\": \"me\", \"gender\": \"female\", \"birthDate\": \"1961-04-02\"}}",
      "{\"fullUrl\": \"urn:uuid:2222\", \"resource\": {\"resourceType\": \"Patient\", \"id\": \"hus\", \"gender\": \"male\", \"birthDate\": \"1958-10-30\"}}",
    ]
    let text = Self.twoSubjects(first, second, extra: patients)
    if refused {
      let error = try #require(throws: ImportError.self) { try FHIRImportTests.plan(text) }
      #expect(error.kind == .refused)
      #expect(error.message.contains("2 people") && error.message.contains("2 observations"), "\(error.message)")
      #expect(!error.message.contains("6.6") && !error.message.contains("6.7"))
    } else {
      #expect(try FHIRImportTests.plan(text).entries.count == 3)
    }
  }

  static func twoSubjects(_ first: String, _ second: String, extra: [String] = []) -> String {
    let observations = [(first, "4.4", "a"), (second, "6.6", "b"), (second, "6.7", "c")].map { subject, value, id in
      "{\"resource\": "
        + FHIRImportTests.observation(
          code: "2823-3", display: "Potassium", value: value, unit: "mmol/L",
          extra: ", \"id\": \"\(id)\", \"subject\": {\"reference\": \"\(subject)\"}") + "}"
    }
    return "{\"resourceType\": \"Bundle\", \"type\": \"collection\", \"entry\": ["
      + (extra + observations).joined(separator: ", ") + "]}"
  }

  @Test(
    "patients the file cannot tell apart are one person, and subjects it names no Patient for are read as one and said",
    arguments: [
      // The same sex and birth date at two providers; a Patient that says neither.
      ("male", "1958-10-30", "male", "1958-10-30"), ("", "", "", ""), ("male", "", "", "1958-10-30"),
      // A partial date is the same date, less precise; "unknown" is no sex given (clinician's
      // second look: both were read as another person).
      ("female", "1958", "female", "1958-04-12"), ("female", "1958-04", "female", "1958-04-12"),
      ("unknown", "", "female", ""), ("other", "", "female", ""),
    ] as [(String, String, String, String)])
  func onePersonAtTwoProviders(sex1: String, born1: String, sex2: String, born2: String) throws {
    func patient(_ id: String, _ sex: String, _ born: String) -> String {
      "{\"resource\": {\"resourceType\": \"Patient\", \"id\": \"\(id)\""
        + (sex.isEmpty ? "" : ", \"gender\": \"\(sex)\"") + (born.isEmpty ? "" : ", \"birthDate\": \"\(born)\"") + "}}"
    }
    let plan = try FHIRImportTests.plan(
      Self.twoSubjects("Patient/a", "Patient/b", extra: [patient("a", sex1, born1), patient("b", sex2, born2)]))
    #expect(plan.entries.count == 3)
    let summary = plan.summary(library: Fixture.library, customMarkers: [], dryRun: true)
    #expect(summary.contains("2 patients"), "\(summary)")
    // Without any Patient in the file, the same.
    let bare = try FHIRImportTests.plan(Self.twoSubjects("Patient/a", "Patient/b"))
    #expect(bare.entries.count == 3)
    #expect(bare.summary(library: Fixture.library, customMarkers: [], dryRun: true).contains("2 patients"))
    // One subject: nothing to say.
    let one = try FHIRImportTests.plan(Self.twoSubjects("Patient/a", "Patient/a"))
    #expect(!one.summary(library: Fixture.library, customMarkers: [], dryRun: true).contains("patients"))
  }

  /// Attacker's second look: observations listed by a report for one Patient, without a subject
  /// of their own, beside another person's observation, came in; so did a Patient listed twice
  /// as a woman and as a man; and 100,000 Patients took minutes (every pair was compared).
  @Test(
    "a report's subject is its observations'; one Patient id given two sexes is two people; many Patients are quick")
  func peopleEdges() throws {
    let patients = [
      "{\"resourceType\": \"Patient\", \"id\": \"p1\", \"gender\": \"female\"}",
      "{\"resourceType\": \"Patient\", \"id\": \"p2\", \"gender\": \"male\"}",
    ]
    let own = FHIRImportTests.observation(extra: ", \"id\": \"o1\"")
    let report =
      "{\"resourceType\": \"DiagnosticReport\", \"status\": \"final\", \"subject\": {\"reference\": \"Patient/p1\"}, \"result\": [{\"reference\": \"Observation/o1\"}]}"
    let other = FHIRImportTests.observation(
      value: "40", extra: ", \"id\": \"o2\", \"subject\": {\"reference\": \"Patient/p2\"}")
    #expect(throws: ImportError.self) {
      try FHIRImportTests.plan(FHIRImportTests.bundle(patients + [report, own, other]))
    }
    let twice = [
      "{\"resourceType\": \"Patient\", \"id\": \"p1\", \"gender\": \"female\"}",
      "{\"resourceType\": \"Patient\", \"id\": \"p1\", \"gender\": \"male\"}",
    ]
    #expect(throws: ImportError.self) { try FHIRImportTests.plan(FHIRImportTests.bundle(twice + [own])) }
    // 30,000 Patients of one sex and birth year, and one observation: one person, read.
    let many = (0..<30_000).map {
      "{\"resourceType\": \"Patient\", \"id\": \"q\($0)\", \"gender\": \"female\", \"birthDate\": \"1958\"}"
    }
    #expect(try FHIRImportTests.plan(FHIRImportTests.bundle(many + [own])).entries.count == 1)
  }

  @Test("observations without a subject, beside two Patients told apart, are refused: whose they are cannot be told")
  func severalPatientsNoSubject() throws {
    let text = FHIRImportTests.bundle([
      "{\"resourceType\": \"Patient\", \"id\": \"me\", \"gender\": \"female\"}",
      "{\"resourceType\": \"Patient\", \"id\": \"hus\", \"gender\": \"male\"}", FHIRImportTests.observation(),
    ])
    #expect(throws: ImportError.self) { try FHIRImportTests.plan(text) }
    // One Patient: the observations are that person's.
    #expect(
      try FHIRImportTests.plan(
        FHIRImportTests.bundle(["{\"resourceType\": \"Patient\", \"id\": \"me\"}", FHIRImportTests.observation()])
      ).entries.count == 1)
  }

  /// Clinician review: a report carrying its result inside it (`contained`, referred to as
  /// "#k1") lost a potassium of 2.5 with only "1 DiagnosticReport left out".
  @Test("an observation contained in a report is read, on the report's day when it has none of its own")
  func containedObservation() throws {
    let inner = FHIRImportTests.observation(
      code: "2823-3", display: "Potassium", value: "2.5", unit: "mmol/L", extra: ", \"id\": \"k1\"",
      date: "\"issued\": \"2024-03-05\""
    )
    .replacingOccurrences(of: ", \"issued\": \"2024-03-05\"", with: "")
    let report = """
      {"resourceType": "DiagnosticReport", "status": "final", "effectiveDateTime": "2024-03-04", "contained": [\(inner)], "result": [{"reference": "#k1"}]}
      """
    let plan = try FHIRImportTests.plan(report)
    #expect(plan.entries.map(\.value) == [2.5])
    #expect(plan.entries.first?.dateOfService == Fixture.date("2024-03-04"))
    #expect(plan.observations == 1)
  }

  /// Clinician review: the molar codes SI labs send for these tests were listed as tests glance
  /// has no marker for (a critical calcium of 3.3 mmol/L among them); 11580-8 is the TSH code of
  /// third-generation assays, 1743-4 ALT with pyridoxal phosphate (docs/MarkerLibrary.md).
  @Test(
    "a molar or method code of a library test is read as that test, its value converted from the SI unit",
    arguments: [
      ("2000-8", "3.3", "mmol/L", "calcium", 13.23), ("2601-3", "0.9", "mmol/L", "magnesium", 2.19),
      ("14933-6", "357", "umol/L", "uric-acid", 6.0), ("14920-3", "15", "pmol/L", "free-t4", 1.17),
      ("14798-3", "18", "umol/L", "iron", 100.5), ("14685-2", "300", "pmol/L", "b12", 406.6),
      ("14732-2", "20", "nmol/L", "folate", 8.83), ("11580-8", "2.1", "m[IU]/L", "tsh", 2.1),
      ("1743-4", "30", "U/L", "alt", 30),
      // Urate in mmol/L, as some UK and Australian labs print it (clinician's second look: refused).
      ("14933-6", "0.52", "mmol/L", "uric-acid", 8.74),
    ] as [(String, String, String, String, Double)])
  func molarCodes(code: String, value: String, unit: String, key: String, stored: Double) throws {
    let plan = try FHIRImportTests.plan(
      FHIRImportTests.observation(code: code, display: "", value: value, unit: unit))
    let entry = try #require(plan.entries.first)
    #expect(Fixture.library.marker(id: entry.markerID)?.key == key)
    #expect(abs(entry.value - stored) < 0.01 * stored, "\(entry.value)")
    #expect(plan.unknownTests.isEmpty)
  }

  @Test("a preliminary result is left out and counted; a result the lab later withdrew is named with how to delete it")
  func preliminaryAndWithdrawn() throws {
    let preliminary = FHIRImportTests.observation(extra: ", \"status\": \"preliminary\", \"id\": \"p1\"")
      .replacingOccurrences(of: "\"status\": \"final\", ", with: "")
    let plan = try FHIRImportTests.plan(preliminary)
    #expect(plan.entries.isEmpty && plan.notFinal == 1)
    #expect(plan.criticalLeftOut.isEmpty)
    // Past glance's own critical limit, named (clinician's second look at stop 37).
    let potassium = FHIRImportTests.observation(
      code: "2823-3", display: "Potassium", value: "6.9", unit: "mmol/L", extra: ", \"status\": \"preliminary\""
    )
    .replacingOccurrences(of: "\"status\": \"final\", ", with: "")
    let critical = try FHIRImportTests.plan(potassium)
    #expect(critical.entries.isEmpty && critical.criticalLeftOut.count == 1, "\(critical.criticalLeftOut)")
    #expect(plan.summary(library: Fixture.library, customMarkers: [], dryRun: false).contains("1 not final yet"))
    let final = FHIRImportTests.observation(extra: ", \"id\": \"lab-7\"")
    let repository = InMemoryDataRepository(clock: { Fixture.now })
    try Importer.apply(
      try Importer.read(Array(final.utf8)), replace: false, to: repository, summary: "import",
      today: FHIRImportTests.today)
    let withdrawn = final.replacingOccurrences(of: "\"status\": \"final\"", with: "\"status\": \"entered-in-error\"")
    let again = try FHIRImportTests.plan(withdrawn, into: try repository.read())
    #expect(again.entries.isEmpty && again.skippedObservations == 1)
    #expect(again.withdrawn == ["HDL Cholesterol on Jan 15, 2024"])
    #expect(
      again.summary(library: Fixture.library, customMarkers: [], dryRun: false).contains(
        "The lab withdrew (marked entered in error) 1 reading you had: HDL Cholesterol on Jan 15, 2024; it was removed")
    )
    // Withdrawn in a folder that never had it: only counted.
    #expect(try FHIRImportTests.plan(withdrawn).withdrawn.isEmpty)
  }

  /// Attacker review at stop 37: a reading typed by hand, exported as FHIR and marked
  /// entered-in-error, was removed by importing that file, as if the lab had withdrawn it.
  @Test("a lab's withdrawal removes only a reading that came from an import, never one typed")
  func withdrawnTypedByHand() throws {
    let final = FHIRImportTests.observation(extra: ", \"id\": \"lab-7\"")
    let repository = InMemoryDataRepository(clock: { Fixture.now })
    try Importer.apply(
      try Importer.read(Array(final.utf8)), replace: false, to: repository, summary: "import",
      today: FHIRImportTests.today)
    var document = try repository.read()
    for index in document.entries.indices { document.entries[index].sourceType = .quickAdd }
    let withdrawn = final.replacingOccurrences(of: "\"status\": \"final\"", with: "\"status\": \"entered-in-error\"")
    let plan = try FHIRImportTests.plan(withdrawn, into: document)
    #expect(plan.withdrawn.isEmpty && plan.withdrawnIDs.isEmpty)
  }

  /// Clinician review: a glucose of 350 and a creatinine of 4.5 the lab flagged HH (critical)
  /// became "Consider asking your doctor", and a potassium of 5.15 it flagged H against its own
  /// 3.5–5.1 did not appear at all; the summary said nothing of the flags, where a spreadsheet's
  /// import names them. glance still judges by its own ranges, and now says where the lab's
  /// flag says more.
  @Test("the lab's flags are named in the summary, and a flag that says more than glance's judgement is listed")
  func labFlags() throws {
    func flagged(_ code: String, _ display: String, _ value: String, _ unit: String, _ flag: String) -> String {
      FHIRImportTests.observation(
        code: code, display: display, value: value, unit: unit,
        extra:
          ", \"interpretation\": [{\"coding\": [{\"system\": \"http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation\", \"code\": \"\(flag)\"}]}], \"referenceRange\": [{\"text\": \"lab's\"}]"
      )
    }
    let plan = try FHIRImportTests.plan(
      FHIRImportTests.bundle([
        flagged("1558-6", "Glucose", "350", "mg/dL", "HH"), flagged("2823-3", "Potassium", "5.15", "mmol/L", "H"),
        flagged("2085-9", "HDL", "55", "mg/dL", "N"), flagged("2160-0", "Creatinine", "8.5", "mg/dL", "HH"),
      ]))
    #expect(plan.entries.count == 4)
    let summary = plan.summary(library: Fixture.library, customMarkers: [], dryRun: false)
    #expect(summary.contains("The lab's flags and ranges on 4 observations were left out"), "\(summary)")
    // Glucose 350 is out of range but not critical to glance; creatinine 8.5 is critical to both.
    #expect(
      summary.contains(
        "The lab called critical what glance's limits do not: Fasting Glucose 350 mg/dL on Jan 15, 2024"), "\(summary)")
    #expect(!summary.contains("Creatinine 8.5"))
    #expect(
      summary.contains(
        "The lab flagged outside its range what is inside glance's: Potassium 5.15 mmol/L on Jan 15, 2024"),
      "\(summary)")
    #expect(!summary.contains("HDL 55"))
    #expect(summary.contains("A lab's range is set for its own method; consider asking your doctor about these."))
  }

  /// Clinician's third look at stop 34: a glucose of 35 not said to be fasting (2345-7) was a
  /// routine "no marker" line, and the summary said "Nothing new to add".
  @Test("a glucose left out as not fasting is named when it is past glance's critical limits for glucose")
  func criticalGlucoseLeftOut() throws {
    let plan = try FHIRImportTests.plan(
      FHIRImportTests.bundle([
        FHIRImportTests.observation(code: "2345-7", display: "Glucose", value: "35", unit: "mg/dL"),
        FHIRImportTests.observation(code: "2339-0", display: "Glucose, blood", value: "110", unit: "mg/dL"),
      ]))
    let summary = plan.summary(library: Fixture.library, customMarkers: [], dryRun: true)
    let line = try #require(
      summary.split(separator: "\n").first { $0.hasPrefix("Left out, though past a critical limit") })
    #expect(line.contains("“Glucose” on Jan 15, 2024") && !line.contains("35") && !line.contains("blood"), "\(line)")
    #expect(line.contains(Judgement.criticalAdvice))
    // An ionized calcium (1995-0) past its own critical limits (Kost 1993) is named too.
    let calcium = try FHIRImportTests.plan(
      FHIRImportTests.bundle([
        FHIRImportTests.observation(code: "1995-0", display: "Calcium.ionized", value: "0.6", unit: "mmol/L"),
        FHIRImportTests.observation(code: "1995-0", display: "Ca ionized", value: "1.2", unit: "mmol/L"),
      ]))
    #expect(
      calcium.criticalLeftOut.count == 1 && calcium.criticalLeftOut[0].hasPrefix("“Calcium.ionized”"),
      "\(calcium.criticalLeftOut)")
  }

  /// Clinician's review this session: glucose and ionized calcium under their other codes (in
  /// mmol/L, in blood, by mass), a bound (`<20 mg/dL`), an observation named only in text, and a
  /// race-adjusted eGFR below 15 were left out with no critical line; the eGFR without race
  /// (48642-3, 88294-4) was left out too.
  @Test(
    "a left-out glucose, ionized calcium or race-adjusted eGFR past a critical limit is named, by any code or its name",
    arguments: [
      ("14749-6", "Glucose", "1.9", "mmol/L", "", true), ("15074-8", "Glucose", "30", "mmol/L", "", true),
      ("14749-6", "Glucose", "5.4", "mmol/L", "", false), ("1994-3", "Calcium.ionized", "0.5", "mmol/L", "", true),
      ("17863-2", "Calcium.ionized", "2.5", "mg/dL", "", true),
      ("17863-2", "Calcium.ionized", "4.8", "mg/dL", "", false),
      ("2345-7", "Glucose", "20", "mg/dL", "<", true), ("2345-7", "Glucose", "700", "mg/dL", ">", true),
      ("2345-7", "Glucose", "100", "mg/dL", "<", false), ("1995-0", "Calcium.ionized", "0.5", "mmol/L", "<", true),
      ("88293-6", "eGFR among blacks", "10", "mL/min/{1.73_m2}", "", true),
      ("48643-1", "eGFR among blacks", "40", "mL/min/{1.73_m2}", "", false),
      ("", "Ionized calcium", "0.5", "mmol/L", "", true), ("", "Random glucose", "600", "mg/dL", "", true),
      ("1518-0", "Glucose 2h post 75 g", "540", "mg/dL", "", true),
      ("14770-2", "Glucose by meter", "1.5", "mmol/L", "", true),
    ])
  func criticalLeftOutByCode(
    code: String, display: String, value: String, unit: String, comparator: String, named: Bool
  ) throws {
    var observation = FHIRImportTests.observation(code: code, display: display, value: value, unit: unit)
    if code.isEmpty {
      observation =
        "{\"resourceType\": \"Observation\", \"status\": \"final\", \"code\": {\"text\": \"\(display)\"}, "
        + "\"effectiveDateTime\": \"2024-01-15\", \"valueQuantity\": {\"value\": \(value), \"unit\": \"\(unit)\"}}"
    }
    if !comparator.isEmpty {
      observation = observation.replacingOccurrences(
        of: "\"valueQuantity\": {", with: "\"valueQuantity\": {\"comparator\": \"\(comparator)\", ")
    }
    let plan = try FHIRImportTests.plan(FHIRImportTests.bundle([observation, FHIRImportTests.observation()]))
    #expect(plan.entries.count == 1, "\(plan.entries)")
    #expect(plan.criticalLeftOut.count == (named ? 1 : 0), "\(plan.criticalLeftOut)")
    #expect(
      plan.criticalLeftOut.allSatisfy { !$0.replacingOccurrences(of: "2024", with: "").contains(value) },
      "\(plan.criticalLeftOut)")
  }

  @Test("the eGFR without race (MDRD 48642-3, CKD-EPI 88294-4) is eGFR", arguments: ["48642-3", "88294-4"])
  func egfrWithoutRace(code: String) throws {
    let plan = try FHIRImportTests.plan(
      FHIRImportTests.observation(code: code, display: "eGFR among non-blacks", value: "55", unit: "mL/min/{1.73_m2}"))
    #expect(plan.entries.map(\.value) == [55], "\(plan.entries)")
  }

  /// Clinician's third look at stop 34: a portal's UACR in UCUM's `mg/g{creat}` was refused.
  @Test("a UCUM unit with an annotation in braces is read as the unit")
  func ucumAnnotation() throws {
    let plan = try FHIRImportTests.plan(
      FHIRImportTests.observation(code: "9318-7", display: "Albumin/Creatinine", value: "45", unit: "mg/g{creat}"))
    #expect(plan.entries.map(\.value) == [45], "\(plan.entries)")
    #expect(FHIRFormat.unit(ucum: "mg/g{creat}") == "mg/g" && FHIRFormat.unit(ucum: "{count}") == "{count}")
    // One annotation at the end only, as add and sheets read it (attacker's second look).
    for odd in ["mg/{creat}mmol", "mg/mmol{", "mg/g{{creat}}"] { #expect(FHIRFormat.unit(ucum: odd) == odd) }
  }

  /// Clinician's second look at stop 34: an insulin coded 20448-7 (insulin in serum, not said to
  /// be fasting) was saved as fasting insulin with no question.
  @Test("a coded insulin not said to be fasting asks the fasting question; one named fasting does not")
  func codedInsulin() throws {
    let plain = try FHIRImportTests.plan(
      FHIRImportTests.observation(code: "20448-7", display: "Insulin", value: "18", unit: "u[IU]/mL"))
    #expect(plain.questions.count == 1 && plain.questions[0].contains("fasting insulin"), "\(plain.questions)")
    let fasting = try FHIRImportTests.plan(
      FHIRImportTests.observation(code: "20448-7", display: "Insulin, fasting", value: "18", unit: "u[IU]/mL"))
    #expect(fasting.questions.isEmpty, "\(fasting.questions)")
  }

  /// Newcomer review at stop 34: a portal file's Patient said male, and nothing said so while the
  /// folder had no sex set. It is said with the command; never set unasked (FHIR's gender is
  /// administrative).
  @Test("a portal file's patient sex is said when the folder has none, never set")
  func patientSexSaid() throws {
    let patient = "{\"resourceType\": \"Patient\", \"id\": \"p1\", \"gender\": \"male\"}"
    let plan = try FHIRImportTests.plan(FHIRImportTests.bundle([patient, FHIRImportTests.observation()]))
    #expect(plan.sexInFile == .male && plan.profile == nil)
    let summary = plan.summary(library: Fixture.library, customMarkers: [], dryRun: false)
    #expect(summary.contains("glance profile --sex male"), "\(summary)")
    var document = GlanceDocument.empty(createdAt: FHIRImportTests.now)
    document.profile.sex = .male
    #expect(
      try FHIRImportTests.plan(FHIRImportTests.bundle([patient, FHIRImportTests.observation()]), into: document)
        .sexInFile == nil)
  }

  /// Clinician review at stop 34: a glucose of 38 (no marker: not said to be fasting), a standard
  /// CRP of 250 and a preliminary potassium of 6.7, each flagged LL or HH by the lab, were only
  /// routine "left out" lines. Critical results glance does not import are named as critical.
  @Test("a result the lab called critical that is left out is named as critical, with why it was left out")
  func criticalLeftOut() throws {
    func flag(_ code: String) -> String {
      ", \"interpretation\": [{\"coding\": [{\"system\": \"http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation\", \"code\": \"\(code)\"}]}]"
    }
    let plan = try FHIRImportTests.plan(
      FHIRImportTests.bundle([
        FHIRImportTests.observation(code: "2345-7", display: "Glucose", value: "38", unit: "mg/dL", extra: flag("LL")),
        FHIRImportTests.observation(code: "1988-5", display: "CRP", value: "250", unit: "mg/L", extra: flag("HH")),
        FHIRImportTests.observation(
          code: "2823-3", display: "Potassium", value: "6.7", unit: "mmol/L", extra: flag("HH")
        ).replacingOccurrences(of: "\"final\"", with: "\"preliminary\""),
        FHIRImportTests.observation(code: "1988-5", display: "CRP", value: "12", unit: "mg/L", extra: flag("H")),
        FHIRImportTests.observation(code: "2085-9", display: "HDL", value: "55", unit: "mg/dL"),
      ]))
    #expect(plan.entries.count == 1)
    let summary = plan.summary(library: Fixture.library, customMarkers: [], dryRun: false)
    let line = try #require(
      summary.split(separator: "\n").first { $0.hasPrefix("Left out, though the lab called them critical:") })
    #expect(line.contains("“Glucose” on Jan 15, 2024 (no marker)"), "\(line)")
    #expect(line.contains("“CRP” on Jan 15, 2024 (no marker)"), "\(line)")
    #expect(line.contains("“Potassium” on Jan 15, 2024 (not final yet)"), "\(line)")
    #expect(line.contains("Values this far outside the range are usually looked at promptly."), "\(line)")
    // Only critical flags: the CRP of 12 flagged H is not in it, and no value is.
    #expect(!line.contains("12") && !line.contains("250") && !line.contains("38"), "\(line)")
  }

  /// Clinician's second look: a file holding both versions of an observation (final 4.8, then
  /// corrected 6.8 HH) kept the first, and a final sodium of 118 followed by its withdrawal was
  /// saved as critical. Within one file the newest version of an observation is the one read:
  /// by meta.versionId, else meta.lastUpdated, else a correction or withdrawal over a final, else
  /// the first in the file (a FHIR history bundle lists the most recent first).
  @Test(
    "within one file, the newest version of an observation is read, and a withdrawn one is not",
    arguments: [
      // (first: status, value, versionId, lastUpdated; second: the same) → the readings kept
      (("final", "4.8", "1", ""), ("corrected", "6.8", "2", ""), [6.8]),
      (("corrected", "6.8", "2", ""), ("final", "4.8", "1", ""), [6.8]),
      (("final", "4.8", "", "2024-01-16T10:00:00Z"), ("amended", "6.8", "", "2024-01-17T10:00:00Z"), [6.8]),
      (("final", "4.8", "", ""), ("corrected", "6.8", "", ""), [6.8]),
      (("final", "4.8", "", ""), ("final", "5.0", "", ""), [4.8]),
      (("final", "118", "", ""), ("entered-in-error", "118", "", ""), []),
      (("entered-in-error", "118", "1", ""), ("final", "118", "", ""), []),
    ] as [((String, String, String, String), (String, String, String, String), [Double])])
  func versionsInOneFile(
    first: (String, String, String, String), second: (String, String, String, String), kept: [Double]
  ) throws {
    func version(_ v: (String, String, String, String)) -> String {
      var meta: [String] = []
      if !v.2.isEmpty { meta.append("\"versionId\": \"\(v.2)\"") }
      if !v.3.isEmpty { meta.append("\"lastUpdated\": \"\(v.3)\"") }
      return FHIRImportTests.observation(
        code: "2823-3", display: "Potassium", value: v.1, unit: "mmol/L",
        extra: ", \"id\": \"k1\"" + (meta.isEmpty ? "" : ", \"meta\": {\(meta.joined(separator: ", "))}")
      ).replacingOccurrences(of: "\"status\": \"final\"", with: "\"status\": \"\(v.0)\"")
    }
    let plan = try FHIRImportTests.plan(FHIRImportTests.bundle([version(first), version(second)]))
    #expect(plan.entries.map(\.value) == kept)
  }

  /// Clinician's second look: a total calcium of 1.6 mmol/L (2000-8, flagged LL) made the whole
  /// import refuse with "is it ionized calcium?" and a spreadsheet's advice, hiding a critical
  /// potassium beside it. A LOINC code says which test it is: total calcium is not asked about.
  @Test(
    "a calcium coded as total calcium is not asked whether it is ionized; one named only is",
    arguments: [
      ("2000-8", "1.6", "mmol/L"), ("17861-6", "6.3", "mg/dL"),
    ])
  func codedCalciumNotAsked(code: String, value: String, unit: String) throws {
    let coded = try FHIRImportTests.plan(
      FHIRImportTests.observation(code: code, display: "Calcium", value: value, unit: unit))
    #expect(coded.questions.isEmpty, "\(coded.questions)")
    #expect(coded.entries.count == 1)
    let named = try FHIRImportTests.plan(
      "{\"resourceType\": \"Observation\", \"status\": \"final\", \"code\": {\"text\": \"Calcium\"}, \"effectiveDateTime\": \"2024-01-15\", \"valueQuantity\": {\"value\": \(value), \"unit\": \"\(unit)\"}}"
    )
    #expect(!named.questions.isEmpty)
  }

  /// Clinician's second look: a health record's questions came with a spreadsheet's advice
  /// ("put it in the column header, like LDL (mmol/L)").
  @Test("questions about a health record's values are refused without a spreadsheet's advice")
  func recordQuestionsWording() throws {
    let refusal = ImportError.needsAnswers(
      ["observation 1, Jan 15, 2024: unusual"], aboutValues: true, spreadsheet: false)
    #expect(!refusal.message.contains("column"), "\(refusal.message)")
    #expect(refusal.message.contains("--yes"))
    let sheet = ImportError.needsAnswers(["row 2, Jan 15, 2024: unusual"], aboutValues: true, spreadsheet: true)
    #expect(sheet.message.contains("column header"))
  }

  /// Clinician review at stop 36: the dry run of a Bundle with a question said "a unit in a
  /// column header, like "LDL (mmol/L)", converts that column".
  @Test("a health record's dry run asks its questions without a spreadsheet's advice")
  func recordDryRunWording() throws {
    let plan = try FHIRImportTests.plan(
      FHIRImportTests.bundle([
        FHIRImportTests.observation(code: "17861-6", display: "Calcium", value: "2.4", unit: "mg/dL")
      ]))
    #expect(!plan.questions.isEmpty)
    let summary = plan.summary(library: Fixture.library, customMarkers: [], dryRun: true)
    #expect(summary.contains("would be asked,") && !summary.contains("column"), "\(summary)")
  }

  /// Clinician's second look: a portal file whose Patient is a woman imported silently into a
  /// man's folder.
  @Test("a FHIR file whose Patient is of another sex than the folder's is refused")
  func fhirOtherPerson() throws {
    var folder = GlanceDocument.empty(createdAt: FHIRImportTests.now)
    folder.profile.sex = .male
    let text = FHIRImportTests.bundle([
      "{\"resourceType\": \"Patient\", \"id\": \"anna\", \"gender\": \"female\"}", FHIRImportTests.observation(),
    ])
    #expect(throws: ImportError.otherPerson(file: .female, yours: .male)) {
      try FHIRImportTests.plan(text, into: folder)
    }
    // Unknown or other gender says nothing of it; the same sex is the person's.
    for gender in ["unknown", "other", "male"] {
      let same = FHIRImportTests.bundle([
        "{\"resourceType\": \"Patient\", \"id\": \"p\", \"gender\": \"\(gender)\"}", FHIRImportTests.observation(),
      ])
      #expect(try FHIRImportTests.plan(same, into: folder).entries.count == 1)
    }
  }

  /// Clinician review: a result the lab amended (a potassium of 4.4 corrected to 6.9, same
  /// observation) kept the old value ("yours was kept"), and one it withdrew stayed on every
  /// screen as critical. An amended or corrected result replaces the reading it corrects, a
  /// withdrawn one is removed, each said, and undo puts them back.
  @Test(
    "an amended or corrected result replaces its reading, a withdrawn one is removed; undo puts both back",
    arguments: ["amended", "corrected"])
  func correctedAndWithdrawn(status: String) throws {
    func observation(_ id: String, _ value: String, _ status: String = "final") -> String {
      FHIRImportTests.observation(
        code: "2823-3", display: "Potassium", value: value, unit: "mmol/L", extra: ", \"id\": \"\(id)\""
      ).replacingOccurrences(of: "\"status\": \"final\"", with: "\"status\": \"\(status)\"")
    }
    let repository = InMemoryDataRepository(clock: { Fixture.now })
    func importing(_ resources: [String]) throws -> ImportPlan {
      try Importer.apply(
        try Importer.read(Array(FHIRImportTests.bundle(resources).utf8)), replace: false, to: repository,
        summary: "import", today: FHIRImportTests.today)
    }
    _ = try importing([observation("k1", "4.4"), observation("k2", "7.1")])
    try repository.addEntry(Fixture.entry(Fixture.hdl, 61, on: "2024-01-16"), summary: "add HDL 61")
    let before = try repository.read()
    let plan = try importing([observation("k1", "6.9", status), observation("k2", "7.1", "entered-in-error")])
    let summary = plan.summary(library: Fixture.library, customMarkers: [], dryRun: false)
    #expect(
      summary.contains("Corrected by the lab (an amended result): Potassium on Jan 15, 2024: 4.4 mEq/L → 6.9 mEq/L"),
      "\(summary)")
    #expect(!summary.contains("yours was kept"))
    let after = try repository.read()
    let potassium = after.entries.filter { $0.markerID != Fixture.hdl.id }
    #expect(potassium.map(\.value) == [6.9], "the corrected value, and the withdrawn one gone")
    #expect(potassium.first?.id == before.entries.first { $0.value == 4.4 }?.id)
    #expect(after.entries.count == 2)
    #expect(try repository.undo() != nil)
    #expect(try repository.read().entries == before.entries)
    // A correction is asked about as a new reading is (attacker's second look: a correction to
    // 9000 was saved with no question).
    let implausible = try FHIRImportTests.plan(
      FHIRImportTests.bundle([observation("k1", "900", status)]), into: try repository.read())
    #expect(!implausible.questions.isEmpty, "\(implausible.corrected)")
    // A final result that differs is still the person's to change: kept and said.
    let final = try importing([observation("k1", "5.0")])
    #expect(final.summary(library: Fixture.library, customMarkers: [], dryRun: false).contains("yours was kept"))
  }
}
