import Foundation
import Testing

@testable import GlanceCore

/// ImportPlan: "What an import would change, worked out before anything is written; `--dry-run`
/// prints it." DESIGN §5 `glance import`: merge without duplicates, or `--replace`.
@Suite("ImportPlan")
struct ImportPlanTests {
  static let library = MarkerLibrary.builtIn

  static func plan(
    _ kind: ImportPlan.Kind = .glanceJSON, replace: Bool = false, entries: [MarkerEntry] = [], visits: [Visit] = []
  ) -> ImportPlan {
    var plan = ImportPlan(kind: kind, replace: replace)
    plan.entries = entries
    plan.visits = visits
    return plan
  }

  static func lines(_ plan: ImportPlan, known: [MarkerDefinition] = [], dryRun: Bool) -> [String] {
    plan.summary(library: library, customMarkers: known, dryRun: dryRun).split(separator: "\n").map(String.init)
  }

  @Test(
    "the first line says what the file was read as",
    arguments: [ImportPlan.Kind.glanceJSON, .glanceCSV, .spreadsheet])
  func kind(kind: ImportPlan.Kind) {
    #expect(Self.lines(Self.plan(kind), dryRun: true).first == "Read \(kind.rawValue).")
  }

  @Test(
    "a merge says how many readings and visits it adds, or would add",
    arguments: [(true, "Would add"), (false, "Added")])
  func mergeCounts(dryRun: Bool, verb: String) {
    let plan = Self.plan(entries: [Fixture.entry(Fixture.hdl, 89, on: "2025-02-15")], visits: [])
    let lines = Self.lines(plan, dryRun: dryRun)
    #expect(lines.contains("\(verb) 1 reading and 0 visits."), "\(lines)")
    let more = Self.plan(
      entries: [Fixture.entry(Fixture.hdl, 89, on: "2025-02-15"), Fixture.entry(Fixture.hdl, 92, on: "2025-03-15")],
      visits: [Fixture.visit("2025-01-01")])
    #expect(Self.lines(more, dryRun: dryRun).contains("\(verb) 2 readings and 1 visit."))
  }

  @Test("a custom marker a restore refuses is named once; its readings and tracking say so, not 'unknown marker'")
  func refusedCustomMarker() throws {
    var marker = Fixture.customMarker()
    marker.displayName = String(repeating: "z", count: InputLimits.nameCharacters + 1)
    var file = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    file.customMarkers = [marker]
    file.trackedMarkers = [UserMarker(markerID: marker.id, displayOrder: 0, addedAt: Timestamp(Fixture.now))]
    file.entries = (1...3).map { Fixture.entry(marker, Double($0), on: "2025-01-0\($0)") }
    let empty = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    #expect {
      try Importer.plan(
        Exporter.json(file), replace: false, into: empty, library: Self.library, today: Fixture.date("2026-11-22"),
        now: Timestamp(Fixture.now))
    } throws: { error in
      guard case .problems(let problems, _) = error as? ImportError else { return false }
      return problems.count == 2 && problems[0].hasPrefix("custom marker 1: ")
        && problems[1] == "3 readings of custom marker 1 (refused above) cannot be brought in without it."
    }
  }

  /// Newcomer review: a backup restored into a folder that held one reading came back without
  /// the name, the sex (HDL then judged by the range both sexes share) and the units, unsaid.
  @Test(
    "a restore into a folder with data fills in the profile it lacks, keeps what it has, and says both",
    arguments: [
      // The folder's name, sex, units, marker units → what the profile becomes, said.
      (Profile.unnamed, nil, nil, nil, "Ann", Sex.female, UnitSystem.si, ["weight=kg"], true, false),
      (
        "Bob", Sex.female, UnitSystem.conventional, ["weight=lb"], "Bob", .female, .conventional, ["weight=lb"], false,
        true
      ),
      ("Bob", nil, nil, nil, "Bob", .female, .si, ["weight=kg"], true, true),
    ] as [(String, Sex?, UnitSystem?, [String]?, String, Sex, UnitSystem, [String], Bool, Bool)])
  func restoreFillsProfile(
    name: String, sex: Sex?, units: UnitSystem?, markerUnits: [String]?, expectedName: String, expectedSex: Sex,
    expectedUnits: UnitSystem, expectedMarkerUnits: [String], filled: Bool, kept: Bool
  ) throws {
    let created = Timestamp(Fixture.now)
    var folder = GlanceDocument.empty(createdAt: created)
    folder.profile = Profile(name: name, createdAt: created, sex: sex, units: units, markerUnits: markerUnits)
    folder.entries = [Fixture.entry(Fixture.hdl, 46, on: "2026-02-01")]
    var file = GlanceDocument.empty(createdAt: created)
    file.profile = Profile(name: "Ann", createdAt: created, sex: .female, units: .si, markerUnits: ["weight=kg"])
    file.entries = [Fixture.entry(Fixture.hdl, 52, on: "2025-02-01")]
    let plan = try Importer.plan(
      Exporter.json(file), replace: false, into: folder, library: Self.library, today: Fixture.date("2026-11-22"),
      now: created)
    let profile = plan.profile ?? folder.profile
    #expect(profile.id == folder.profile.id)
    #expect(profile.name == expectedName && profile.sex == expectedSex)
    #expect(profile.units == expectedUnits && profile.markerUnits == expectedMarkerUnits)
    let summary = plan.summary(library: Self.library, customMarkers: [], dryRun: false)
    #expect(summary.contains("From the file's profile") == filled, "\(summary)")
    #expect(summary.contains("--replace") == kept, "\(summary)")
  }

  /// Attacker review: a custom marker's other names were not checked at all. 400,000 of them in
  /// a 6 MB backup made every later search take three minutes; one with an escape code reached
  /// the screen; one that is a library marker's name ("good cholesterol") made `add` refuse it.
  @Test(
    "a custom marker's other names are refused on import when too many, too long, hidden-character or a library marker's",
    arguments: [
      (Array(repeating: "k", count: 21).enumerated().map { "ketone name \($0.offset)" }, true),
      (["ket\u{1B}[2Jones"], true), ([String(repeating: "k", count: InputLimits.nameCharacters + 1)], true),
      (["good cholesterol"], true), (["HDL"], true), (["my ketones", "ketone strip"], false),
      // Attacker's second look: words glance reads as a library marker, and blank ones.
      (["hdl cholesterol level"], true), (["hdl test"], true), ([""], true), (["   "], true),
    ] as [([String], Bool)])
  func customMarkerAliases(aliases: [String], refused: Bool) throws {
    var marker = Fixture.customMarker()
    marker.aliases = aliases
    var file = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    file.customMarkers = [marker]
    file.entries = [Fixture.entry(marker, 1.2, on: "2025-01-02")]
    let plan = {
      try Importer.plan(
        Exporter.json(file), replace: false, into: .empty(createdAt: Timestamp(Fixture.now)), library: Self.library,
        today: Fixture.date("2026-11-22"), now: Timestamp(Fixture.now))
    }
    if refused {
      #expect(throws: ImportError.self) { try plan() }
    } else {
      #expect(try plan().customMarkers.first?.aliases == aliases)
    }
  }

  /// Clinician's second look: a woman's backup merged into a man's folder filled in her name, and
  /// the brief was "prepared for Anna" over his readings. A backup whose profile gives another sex
  /// than the folder's is refused, with the ways on.
  @Test("a backup whose profile gives another sex than the folder's is refused; a replace takes it whole")
  func otherPersonsBackup() throws {
    let created = Timestamp(Fixture.now)
    var folder = GlanceDocument.empty(createdAt: created)
    folder.profile.sex = .male
    folder.entries = [Fixture.entry(Fixture.hdl, 46, on: "2026-02-01")]
    var file = GlanceDocument.empty(createdAt: created)
    file.profile = Profile(name: "Anna", createdAt: created, sex: .female)
    file.entries = [Fixture.entry(Fixture.hdl, 52, on: "2025-02-01")]
    let bytes = try Exporter.json(file)
    let error = try #require(throws: ImportError.self) {
      try Importer.plan(
        bytes, replace: false, into: folder, library: Self.library, today: Fixture.date("2026-11-22"), now: created)
    }
    #expect(error.kind == .refused)
    #expect(
      error.message.contains("glance profile --sex female") && error.message.contains("--replace"), "\(error.message)")
    // Into an empty folder whose sex was chosen, the same.
    var empty = GlanceDocument.empty(createdAt: created)
    empty.profile.sex = .male
    #expect(throws: ImportError.self) {
      try Importer.plan(
        bytes, replace: false, into: empty, library: Self.library, today: Fixture.date("2026-11-22"), now: created)
    }
    let replaced = try Importer.plan(
      bytes, replace: true, into: folder, library: Self.library, today: Fixture.date("2026-11-22"), now: created)
    #expect(replaced.profile?.sex == .female)
  }

  /// Attacker's second look: a backup brought in "hdl=furlongs", an escape code and 100,000
  /// repeated unit choices that `glance units` refuses, and an empty name over "Me".
  @Test("a backup's unit choices are kept only as glance units takes them, and an empty name is no name")
  func backupProfileChecked() throws {
    let created = Timestamp(Fixture.now)
    var file = GlanceDocument.empty(createdAt: created)
    file.profile.name = "   "
    file.profile.markerUnits =
      ["hdl=furlongs", "nosuch=mg/dL", "weight=kg", "hdl=\u{1B}[31m"] + Array(repeating: "weight=kg", count: 1000)
    file.entries = [Fixture.entry(Fixture.hdl, 52, on: "2025-02-01")]
    let bytes = try Exporter.json(file, library: Self.library)
    for folder in [
      GlanceDocument.empty(createdAt: created),
      {
        var busy = GlanceDocument.empty(createdAt: created)
        busy.entries = [Fixture.entry(Fixture.ldl, 120, on: "2026-01-05")]
        return busy
      }(),
    ] {
      let plan = try Importer.plan(
        bytes, replace: false, into: folder, library: Self.library, today: Fixture.date("2026-11-22"), now: created)
      let profile = plan.profile ?? folder.profile
      #expect(profile.markerUnits == ["weight=kg"], "\(String(describing: profile.markerUnits))")
      #expect(profile.name == Profile.unnamed)
    }
  }

  @Test("a replace says it replaces all the data, even with nothing in the file")
  func replaceCounts() {
    let empty = Self.plan(replace: true)
    #expect(!empty.isEmpty)
    #expect(Self.lines(empty, dryRun: true).contains("Would replace all your data with 0 readings and 0 visits."))
    #expect(Self.lines(empty, dryRun: false).contains("Replaced all your data with 0 readings and 0 visits."))
  }

  @Test("a merge that changes nothing is empty; anything to add is not")
  func isEmpty() {
    #expect(Self.plan().isEmpty)
    #expect(!Self.plan(entries: [Fixture.entry(Fixture.hdl, 89, on: "2025-02-15")]).isEmpty)
    #expect(!Self.plan(visits: [Fixture.visit("2025-02-15")]).isEmpty)
    var custom = Self.plan()
    custom.customMarkers = [Fixture.customMarker()]
    #expect(!custom.isEmpty)
    var tracked = Self.plan()
    tracked.trackedMarkers = [UserMarker(markerID: Fixture.hdl.id, displayOrder: 0, addedAt: Timestamp(Fixture.now))]
    #expect(!tracked.isEmpty)
    var duplicatesOnly = Self.plan()
    duplicatesOnly.duplicates = 4
    #expect(duplicatesOnly.isEmpty)
  }

  @Test("the readings' span runs from the earliest to the latest date, whatever their order")
  func span() {
    let plan = Self.plan(entries: [
      Fixture.entry(Fixture.hdl, 89, on: "2024-07-01"), Fixture.entry(Fixture.hdl, 80, on: "2019-03-09"),
      Fixture.entry(Fixture.hdl, 85, on: "2025-02-15"),
    ])
    #expect(Self.lines(plan, dryRun: true).contains("Readings from Mar 9, 2019 to Feb 15, 2025."))
    #expect(!Self.lines(Self.plan(), dryRun: true).contains { $0.hasPrefix("Readings from") })
  }

  @Test("the markers are named once each, sorted, library and custom alike")
  func markerNames() throws {
    let known = Fixture.customMarker("Blood Ketones")
    let incoming = Fixture.customMarker("Grip Strength", unit: "kg")
    var plan = Self.plan(entries: [
      Fixture.entry(Fixture.ldl, 120, on: "2025-01-01"), Fixture.entry(Fixture.hdl, 89, on: "2025-01-01"),
      Fixture.entry(Fixture.hdl, 90, on: "2025-02-01"), Fixture.entry(known, 0.3, on: "2025-02-01"),
      Fixture.entry(incoming, 41, on: "2025-02-01"),
    ])
    plan.customMarkers = [incoming]
    let lines = Self.lines(plan, known: [known], dryRun: true)
    #expect(lines.contains("Markers: Blood Ketones, Grip Strength, HDL Cholesterol, LDL Cholesterol."), "\(lines)")
  }

  @Test("duplicates skipped are counted")
  func duplicates() {
    var plan = Self.plan()
    #expect(!Self.lines(plan, dryRun: true).contains { $0.hasPrefix("Skipped") })
    plan.duplicates = 1
    #expect(Self.lines(plan, dryRun: true).contains("Skipped 1 item already in your data."))
    plan.duplicates = 3
    #expect(Self.lines(plan, dryRun: false).contains("Skipped 3 items already in your data."))
    // Named (newcomer review at stop 35: "Skipped 1 item" said nothing of which).
    plan.duplicateExamples = ["Hemoglobin A1c on Jan 15, 2024"]
    plan.duplicates = 1
    #expect(
      Self.lines(plan, dryRun: true).contains("Skipped 1 item already in your data: Hemoglobin A1c on Jan 15, 2024."))
    plan.duplicates = 40
    #expect(
      Self.lines(plan, dryRun: true).contains(
        "Skipped 40 items already in your data, such as Hemoglobin A1c on Jan 15, 2024."))
  }

  @Test("a sheet imported again names the readings it skips")
  func duplicatesNamed() throws {
    let text = "Date,HDL,LDL\n2024-01-15,55,120\n"
    var document = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    let first = try Importer.plan(
      Importer.read(Array(text.utf8)), replace: false, into: document, library: Fixture.library,
      today: Fixture.date("2025-06-01"), now: Timestamp(Fixture.now))
    document.entries = first.entries
    let again = try Importer.plan(
      Importer.read(Array(text.utf8)), replace: false, into: document, library: Fixture.library,
      today: Fixture.date("2025-06-01"), now: Timestamp(Fixture.now))
    #expect(again.duplicates == 2)
    #expect(
      Self.lines(again, dryRun: true).contains(
        "Skipped 2 items already in your data: HDL Cholesterol on Jan 15, 2024 and LDL Cholesterol on Jan 15, 2024."),
      "\(Self.lines(again, dryRun: true))")
  }

  @Test("columns that match no marker are each named, with how to include them")
  func unmatchedColumns() throws {
    var plan = Self.plan(.spreadsheet)
    plan.unmatchedColumns = ["Mood", "Steps today"]
    let line = try #require(Self.lines(plan, dryRun: true).first { $0.hasPrefix("Columns") })
    #expect(line.contains("“Mood”"))
    #expect(line.contains("“Steps today”"))
    #expect(line.contains("nothing was guessed"))
    #expect(line.contains("glance library"))
  }

  /// Newcomer review at stop 34: a column left out (9 fasting glucose values under "Glu") was
  /// named on the last line, after the dry run's first readings.
  @Test("columns left out are named with the columns read, before the first readings")
  func unmatchedColumnsFirst() throws {
    var plan = Self.plan(.spreadsheet, entries: [Fixture.entry(Fixture.ldl, 120, on: "2025-01-01")])
    plan.columns = ["“LDL” → LDL Cholesterol"]
    plan.unmatchedColumns = ["Glu"]
    plan.preview = ["row 2: LDL Cholesterol 120 mg/dL on Jan 1, 2025"]
    let lines = Self.lines(plan, dryRun: true)
    let left = try #require(lines.firstIndex { $0.hasPrefix("Columns that match no marker") })
    let first = try #require(lines.firstIndex { $0.hasPrefix("The first readings") })
    #expect(left < first, "\(lines)")
  }

  @Test("at most ten unusual values are listed")
  func unusual() throws {
    var plan = Self.plan()
    plan.unusual = (1...14).map { "row \($0)" }
    let line = try #require(Self.lines(plan, dryRun: true).first { $0.hasPrefix("Worth a second look") })
    #expect(line.contains("row 10"))
    #expect(!line.contains("row 11"))
    #expect(line.components(separatedBy: "; ").count == 10)
  }

  // MARK: ImportError

  static let errors: [ImportError] = [
    .unreadable("permission denied"), .notGlance("no header"), .newerVersion(9), .empty,
    .noDateColumn(["When", "HDL"]), .noMarkerColumns(["Date", "Mood"]), .problems(["line 2: not a number"]),
    .severalPeople(["“Patient/a”: 2 observations", "“Patient/b”: 1 observation"]),
    .otherPerson(file: .female, yours: .male),
  ]

  @Test("every import error is a refusal that says nothing was changed", arguments: errors)
  func importErrors(error: ImportError) {
    #expect(error.kind == .refused)
    #expect(error.message.contains("Nothing was changed") || error.message.contains("nothing was imported"))
  }

  @Test("an import error repeats what it found: the columns, the version")
  func importErrorDetails() {
    #expect(ImportError.noDateColumn(["When", "HDL"]).message.contains("When, HDL"))
    #expect(ImportError.noMarkerColumns(["Date", "Mood"]).message.contains("Date, Mood"))
    #expect(ImportError.newerVersion(9).message.contains("9"))
    #expect(ImportError.newerVersion(9).message.contains("Update glance"))
  }

  /// Attacker review at stop 34: a CSV with no header row had its first line, results included,
  /// copied into the error ("Its columns are: 2024-01-15, LDL, 130, mg/dL"), and a patient
  /// banner above the header (a birth date) the same way. A cell with a digit is counted, not
  /// shown.
  @Test("an import error never repeats a first-row cell that holds a number")
  func noValuesInColumnNames() {
    let noDate = ImportError.noDateColumn(["2024-01-15", "LDL", "130", "mg/dL"]).message
    #expect(!noDate.contains("130") && !noDate.contains("2024"), "\(noDate)")
    #expect(noDate.contains("LDL, mg/dL, and 2 cells with numbers"), "\(noDate)")
    let banner = ImportError.noMarkerColumns(["Patient: Jane Doe", "DOB 03/04/1950", "Dx: E11.9"]).message
    #expect(!banner.contains("1950") && !banner.contains("E11"), "\(banner)")
    #expect(banner.contains("is the first row the column names?"), "\(banner)")
    let numbers = ImportError.noDateColumn(["12", "130"]).message
    #expect(!numbers.contains("130") && numbers.contains("2 cells with numbers"), "\(numbers)")
  }

  @Test("problems are listed up to fifteen, then counted")
  func problems() {
    let few = ImportError.problems(["line 2: bad date", "line 3: bad value"]).message
    #expect(few.contains("  line 2: bad date\n  line 3: bad value"))
    #expect(!few.contains("more"))
    let many = ImportError.problems((1...20).map { "line \($0): bad value" }).message
    #expect(many.contains("line 15: bad value"))
    #expect(!many.contains("line 16:"))
    #expect(many.contains("… and 5 more."))
    #expect(many.hasSuffix("Fix them in the file and import again."))
  }
}
