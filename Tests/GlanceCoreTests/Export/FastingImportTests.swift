import Foundation
import Testing

@testable import GlanceCore

/// Newcomer review at stop 37: a portal's "GLUCOSE" (most often not fasting) could only be saved
/// as fasting glucose, with `--yes`; a row noted "non-fasting, ate breakfast" and a "Fasting
/// Glucose" column's row noted "non-fasting" were filed as fasting glucose. A row's note decides
/// for its row, `--fasting yes|no` for the file, and a reading not taken fasting goes to the
/// person's own "Random glucose" marker in its unit, or is left out and named.
@Suite("Imports: glucose taken fasting or not")
struct FastingImportTests {
  static let today = Fixture.date("2025-06-01")
  static let now = Timestamp(Fixture.now)

  static func plan(_ text: String, fasting: Bool? = nil, customMarkers: [MarkerDefinition] = []) throws
    -> ImportPlan
  {
    var file = try Importer.read(Array(text.utf8))
    file.fasting = fasting
    var document = GlanceDocument.empty(createdAt: now)
    document.customMarkers = customMarkers
    return try Importer.plan(
      file, replace: false, into: document, library: Fixture.library, today: today, now: now)
  }

  static let glucose = Fixture.library.marker(key: "fasting-glucose")!

  @Test(
    "a note says fasting, not fasting, or neither",
    arguments: [
      ("non-fasting, ate breakfast", false), ("not fasting", false), ("Nicht nüchtern", false), ("random", false),
      ("after lunch", false), ("postprandial", false), ("Non Fasting", false), ("fasting 12h", true),
      ("nüchtern", true), ("à jeun", true), ("Fasted overnight", true), ("", nil), ("LDL high, see Dr", nil),
      ("breakfast at 7", nil),
      // Attacker's and clinician's second looks at stop 37: each of these had been read as fasting.
      ("fasting: no", false), ("fasting? no", false), ("Fasting: N", false), ("non à jeun", false),
      ("no en ayunas", false), ("n. nüchtern", false), ("didn't fast", false), ("wasn't fasting", false),
      ("fasting status unknown", nil), ("fasting? unclear", nil), ("Fasting: Yes", true), ("Fasting: Y", true),
      ("fasting, no breakfast", true),
    ] as [(String, Bool?)])
  func notes(note: String, says: Bool?) {
    #expect(EntryChecks.saysFasting(note) == says, "\(note)")
  }

  static let report = """
    Date,Test,Result,Units,Comment
    2025-03-01,GLUCOSE,104,mg/dL,
    2025-04-01,GLUCOSE,35,mg/dL,
    2025-05-01,GLUCOSE,108,mg/dL,"non-fasting, ate breakfast"
    2025-05-10,GLUCOSE,92,mg/dL,fasting 12h
    2025-03-01,LDL,120,mg/dL,

    """

  @Test("a lab report: a row's note decides for its row; the others are asked about")
  func notesDecide() throws {
    let plan = try Self.plan(Self.report)
    // Asked about: the two rows whose note says nothing.
    #expect(plan.questions.count == 1, "\(plan.questions)")
    #expect(plan.questions.first?.contains("--fasting yes or --fasting no") == true)
    #expect(plan.entries.filter { $0.markerID == Self.glucose.id }.map(\.value).sorted() == [35, 92, 104])
    #expect(
      plan.rowsLeftOut == [
        "row 4 (GLUCOSE: not fasting (as its note says); to keep such readings: glance custom \"Random glucose\" --unit mg/dL, then import again)"
      ])
  }

  @Test("--fasting yes saves them as fasting glucose unasked, but a row noted not fasting")
  func fastingYes() throws {
    let plan = try Self.plan(Self.report, fasting: true)
    #expect(plan.questions.isEmpty, "\(plan.questions)")
    #expect(plan.entries.filter { $0.markerID == Self.glucose.id }.count == 3)
    #expect(plan.rowsLeftOut.count == 1)
  }

  @Test("--fasting no leaves them out and names the critical one, or files them under your own marker")
  func fastingNo() throws {
    let plan = try Self.plan(Self.report, fasting: false)
    #expect(plan.questions.isEmpty)
    #expect(plan.entries.filter { $0.markerID == Self.glucose.id }.map(\.value) == [92])
    #expect(plan.rowsLeftOut.first?.hasPrefix("rows 2, 3 (GLUCOSE: not fasting (as --fasting no says)") == true)
    #expect(plan.criticalLeftOut == ["“GLUCOSE” in row 3 (not a fasting glucose)"], "\(plan.criticalLeftOut)")
    // With the person's own marker in the rows' unit, every one not fasting is kept there.
    let random = Fixture.customMarker("Random glucose", unit: "mg/dL")
    let kept = try Self.plan(Self.report, fasting: false, customMarkers: [random])
    #expect(kept.entries.filter { $0.markerID == random.id }.map(\.value).sorted() == [35, 104, 108])
    #expect(kept.rowsLeftOut.isEmpty && kept.criticalLeftOut.isEmpty)
    // The lab's H on a marker glance has no range for is not "inside glance's" range (newcomer's
    // second look at stop 37).
    let flagged = try Self.plan(
      "Date,Test,Result,Units,Flag\n2025-03-01,GLUCOSE,112,mg/dL,H\n", fasting: false, customMarkers: [random])
    #expect(flagged.entries.count == 1 && flagged.labOutside.isEmpty, "\(flagged.labOutside)")
    // In another unit than the rows': left out, saying so.
    let other = try Self.plan(
      Self.report, fasting: false, customMarkers: [Fixture.customMarker("Random glucose", unit: "mmol/L")])
    #expect(other.rowsLeftOut.first?.contains("your Random glucose is in mmol/L, this reading in mg/dL") == true)
  }

  @Test(
    "a sheet with a column per marker: a Glucose column as a lab report's, a Fasting Glucose row noted not fasting left out"
  )
  func wide() throws {
    let sheet = """
      Date,Glucose,LDL,Note
      2025-03-01,104,120,
      2025-04-01,108,,non-fasting
      2025-05-01,95,,fasting

      """
    let asked = try Self.plan(sheet)
    #expect(asked.questions.count == 1)
    #expect(asked.rowsLeftOut.count == 1 && asked.rowsLeftOut[0].hasPrefix("row 3 (“Glucose”: not fasting"))
    let no = try Self.plan(sheet, fasting: false)
    #expect(no.questions.isEmpty && no.entries.filter { $0.markerID == Self.glucose.id }.map(\.value) == [95])
    #expect(try Self.plan(sheet, fasting: true).entries.filter { $0.markerID == Self.glucose.id }.count == 2)
    // Named fasting, a row's note that says it was not wins.
    let named = try Self.plan(sheet.replacingOccurrences(of: "Date,Glucose", with: "Date,Fasting Glucose"))
    #expect(named.questions.isEmpty)
    #expect(named.entries.filter { $0.markerID == Self.glucose.id }.map(\.value).sorted() == [95, 104])
  }
}

/// Attacker review at stop 37: `--fasting no` on a JSON restore was taken without a word, and so
/// was `--dates` on a file whose dates are ISO: a person who gave an answer glance does not read
/// is told so, and nothing changes.
@Suite("Imports: options a file does not read")
struct ImportOptionsNotReadTests {
  static let now = Timestamp(Fixture.now)
  static let today = Fixture.date("2025-06-01")

  static func plan(_ bytes: [UInt8], fasting: Bool? = nil, dates: DateParser.DayOrder? = nil) throws -> ImportPlan {
    var file = try Importer.read(bytes)
    (file.fasting, file.dayOrder) = (fasting, dates)
    return try Importer.plan(
      file, replace: false, into: .empty(createdAt: now), library: Fixture.library, today: today, now: now)
  }

  static func files() throws -> [(String, [UInt8])] {
    var document = GlanceDocument.empty(createdAt: now)
    let ldl = Fixture.library.marker(key: "ldl")!
    document.entries = [
      MarkerEntry(markerID: ldl.id, value: 100, unit: ldl.unit, dateOfService: today, entryTimestamp: now)
    ]
    return [
      ("a glance JSON export", try Exporter.json(document, library: Fixture.library)),
      ("a glance CSV export", Array(Exporter.readingsCSV(document, library: Fixture.library).utf8)),
      ("FHIR records", FHIRExporter.bundle(document, library: Fixture.library)),
    ]
  }

  @Test("--fasting is refused for a glance export and FHIR records; --dates for JSON and FHIR")
  func refused() throws {
    for (kind, bytes) in try Self.files() {
      #expect(throws: ImportError.optionNotRead("--fasting", kind)) { try Self.plan(bytes, fasting: false) }
      #expect(try Self.plan(bytes).entries.count == 1, "without it, \(kind) imports")
      if kind != "a glance CSV export" {
        #expect(throws: ImportError.optionNotRead("--dates", kind)) { try Self.plan(bytes, dates: .dayFirst) }
      }
    }
    let message = ImportError.optionNotRead("--fasting", "a glance JSON export").message
    #expect(message.contains("--fasting") && message.hasSuffix("Nothing was changed."))
    // A spreadsheet reads both.
    #expect(try Self.plan(Array("Date,LDL\n3/4/2024,100\n".utf8), fasting: false, dates: .dayFirst).entries.count == 1)
  }

  @Test("a restored -0 is stored as 0, as a typed one is")
  func negativeZero() throws {
    let text = String(decoding: try Self.files()[0].1, as: UTF8.self)
    let edited = text.replacingOccurrences(of: "\"value\": 100", with: "\"value\": -0")
    #expect(edited != text)
    let entry = try #require(try Self.plan(Array(edited.utf8)).entries.first)
    #expect(entry.value == 0 && entry.value.sign == .plus)
  }
}

/// Newcomer review at stop 37: the fasting question named the test, not its rows, and a long
/// sheet's person could not tell which readings it was about.
@Suite("Imports: a group's question names its rows")
struct GroupQuestionRowsTests {
  @Test(
    "the fasting question names the rows it asks about: up to three, then how many more",
    arguments: [
      (1, "test “GLUCOSE” (row 2): "), (2, "test “GLUCOSE” (rows 2 and 3): "),
      (3, "test “GLUCOSE” (rows 2, 3 and 4): "), (5, "test “GLUCOSE” (rows 2, 3, 4 and 2 more): "),
    ])
  func rowsNamed(count: Int, start: String) throws {
    let rows = (0..<count).map { "2025-0\($0 + 1)-01,GLUCOSE,\(95 + $0),mg/dL" }
    let plan = try FastingImportTests.plan("Date,Test,Result,Units\n" + rows.joined(separator: "\n") + "\n")
    #expect(plan.questions.count == 1)
    #expect(plan.questions.first?.hasPrefix(start) == true, "\(plan.questions)")
  }

  @Test("a row stored already is not named: its question was answered when it was saved")
  func storedRowsNotNamed() throws {
    let sheet = "Date,Test,Result,Units\n2025-01-01,GLUCOSE,95,mg/dL\n2025-02-01,GLUCOSE,97,mg/dL\n"
    let first = try FastingImportTests.plan(sheet)
    var file = try Importer.read(Array((sheet + "2025-03-01,GLUCOSE,99,mg/dL\n").utf8))
    file.fasting = nil
    var document = GlanceDocument.empty(createdAt: FastingImportTests.now)
    document.entries = first.entries
    let again = try Importer.plan(
      file, replace: false, into: document, library: Fixture.library, today: FastingImportTests.today,
      now: FastingImportTests.now)
    #expect(again.questions.first?.hasPrefix("test “GLUCOSE” (row 4): ") == true, "\(again.questions)")
  }
}

/// Newcomer review at stop 37: `import backup.json --replace` put the backup's units and name in
/// place of the person's, and the summary said neither.
@Suite("Imports: a restore that replaces says what of the profile it changed")
struct ReplaceProfileTests {
  @Test("the name, sex and units the backup brings in place of yours are said")
  func said() throws {
    let now = Timestamp(Fixture.now)
    var backup = GlanceDocument.empty(createdAt: now)
    backup.profile.name = "Old Me"
    backup.profile.units = nil
    var mine = GlanceDocument.empty(createdAt: now)
    mine.profile.name = "Anna"
    mine.profile.units = .si
    mine.profile.sex = .female
    let bytes = try Exporter.json(backup, library: Fixture.library)
    let plan = try Importer.plan(
      Importer.read(bytes), replace: true, into: mine, library: Fixture.library, today: Fixture.date("2025-06-01"),
      now: now)
    let summary = plan.summary(library: Fixture.library, customMarkers: [], dryRun: false)
    #expect(
      summary.contains(
        "The file's profile takes the place of yours: name (now “Old Me”), sex (now not given), units (now not chosen)"),
      "\(summary)")
    // The person's target ranges go too, and are said.
    var targeted = mine
    targeted.trackedMarkers = [
      UserMarker(markerID: Fixture.ldl.id, customReferenceHigh: 70, displayOrder: 0, addedAt: now)
    ]
    let withTargets = try Importer.plan(
      Importer.read(bytes), replace: true, into: targeted, library: Fixture.library,
      today: Fixture.date("2025-06-01"), now: now)
    #expect(
      withTargets.summary(library: Fixture.library, customMarkers: [], dryRun: false).contains(
        "your target ranges (now the file's)"))
    // The same profile: nothing said.
    let same = try Importer.plan(
      Importer.read(try Exporter.json(mine, library: Fixture.library)), replace: true, into: mine,
      library: Fixture.library, today: Fixture.date("2025-06-01"), now: now)
    #expect(
      !same.summary(library: Fixture.library, customMarkers: [], dryRun: false).contains("profile takes the place"))
  }
}
