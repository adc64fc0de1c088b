import Foundation
import Testing

@testable import GlanceCore

/// A reading's identity is its id. A restore gives back every record, even readings that are
/// equal in every field but their id; a glance CSV carries ids; a file without ids is matched
/// only against readings stored before it, never row against row.
@Suite("Adversarial: restores give back every reading")
struct RestoreTests {
  static let today = Fixture.date("2025-06-01")
  static let now = Timestamp(Fixture.now)
  static var systolic: MarkerDefinition { Fixture.library.marker(key: "bp-systolic")! }
  static var diastolic: MarkerDefinition { Fixture.library.marker(key: "bp-diastolic")! }

  /// Two identical blood-pressure readings on one day (kept after the duplicate question), an
  /// HDL, and two HDLs that differ only by their note.
  static let history: GlanceDocument = {
    var document = GlanceDocument.empty(createdAt: now)
    for _ in 0..<2 {
      document.apply(.putEntry(Fixture.entry(systolic, 120, on: "2025-05-01")))
      document.apply(.putEntry(Fixture.entry(diastolic, 80, on: "2025-05-01")))
    }
    document.apply(.putEntry(Fixture.entry(Fixture.hdl, 50, on: "2025-05-02")))
    document.apply(.putEntry(Fixture.entry(Fixture.hdl, 50, on: "2025-05-02", note: "a")))
    document.apply(.putEntry(Fixture.entry(Fixture.hdl, 50, on: "2025-05-02", note: "b")))
    document.apply(
      .setTrackedMarkers(
        [systolic, diastolic, Fixture.hdl].enumerated().map {
          UserMarker(markerID: $1.id, displayOrder: $0, addedAt: now)
        }))
    return document
  }()

  static func restore(_ bytes: [UInt8], into repository: any DataRepository) throws -> ImportPlan {
    try Importer.apply(Importer.read(bytes), replace: false, to: repository, summary: "import", today: today)
  }

  @Test(
    "a JSON restore into an empty folder gives back all 7 readings, byte for byte", arguments: RepositoryKind.allCases)
  func jsonRestore(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    let exported = try Exporter.json(Self.history)
    let plan = try Self.restore(exported, into: repository)
    #expect(plan.entries.count == 7)
    #expect(plan.duplicates == 0)
    #expect(try Exporter.json(repository.read()) == exported)
    // The same file again adds nothing.
    let again = try Self.restore(exported, into: repository)
    #expect(again.isEmpty && again.duplicates == 7)
  }

  @Test(
    "a CSV round trip gives back all 7 readings; importing it again adds nothing", arguments: RepositoryKind.allCases)
  func csvRestore(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    let csv = Array(Exporter.readingsCSV(Self.history, library: .builtIn).utf8)
    let plan = try Self.restore(csv, into: repository)
    #expect(plan.entries.count == 7)
    #expect(Set(try repository.read().entries.map(\.id)) == Set(Self.history.entries.map(\.id)))
    #expect(Array(Exporter.readingsCSV(try repository.read(), library: .builtIn).utf8) == csv)
    let again = try Self.restore(csv, into: repository)
    #expect(again.isEmpty && again.duplicates == 7)
  }

  @Test(
    "an import that hands its readings to the save says what one that keeps them says, and saves the same",
    arguments: RepositoryKind.allCases)
  func handedOver(kind: RepositoryKind) throws {
    let files: [[UInt8]] = [
      try Exporter.json(Self.history), Array(Exporter.readingsCSV(Self.history, library: .builtIn).utf8),
      Array("Date,Systolic,Diastolic,HDL\n2025-05-01,120,80,\n2025-05-03,118,79,55\n".utf8),
    ]
    for bytes in files {
      var screens: [String] = []
      var saved: [[String]] = []
      for keeping in [true, false] {
        let (repository, folder) = kind.make()
        _ = folder
        let plan = try Importer.apply(
          Importer.read(bytes), replace: false, to: repository, summary: "import", today: Self.today,
          keepingReadings: keeping)
        #expect(plan.entries.isEmpty == !keeping)
        #expect(plan.readingCount == (try repository.read().entries.count))
        #expect(!plan.isEmpty)
        screens.append(plan.summary(library: .builtIn, customMarkers: [], dryRun: false))
        // Fresh ids differ from run to run (and order a day's readings); the rest is the same.
        saved.append(
          try repository.read().entries.map { "\($0.markerID) \($0.value) \($0.dateOfService) \($0.note ?? "")" }
            .sorted())
      }
      #expect(screens[0] == screens[1])
      #expect(
        screens[0].contains("Readings from May 1, 2025") || screens[0].contains("Readings of May"), "\(screens[0])")
      #expect(saved[0] == saved[1])
    }
  }

  @Test("a spreadsheet without ids: its own equal rows all count; only readings stored before match")
  func foreignRows() throws {
    let repository = InMemoryDataRepository(clock: { Fixture.now })
    let sheet = Array("Date,Systolic,Diastolic\n2025-05-01,120,80\n2025-05-01,120,80\n2025-05-03,118,79\n".utf8)
    let first = try Self.restore(sheet, into: repository)
    #expect(first.entries.count == 6)
    #expect(first.duplicates == 0)
    // The same sheet again: every row meets an equal stored reading.
    let again = try Self.restore(sheet, into: repository)
    #expect(again.entries.isEmpty && again.duplicates == 6)
    // A sheet with a third equal row adds exactly that one.
    let more = Array("Date,Systolic,Diastolic\n2025-05-01,120,80\n2025-05-01,120,80\n2025-05-01,120,80\n".utf8)
    let third = try Self.restore(more, into: repository)
    #expect(third.entries.count == 2 && third.duplicates == 4)
  }

  @Test("an older glance CSV (no id column) restores every row into an empty folder, and only once")
  func oldCSV() throws {
    let repository = InMemoryDataRepository(clock: { Fixture.now })
    let csv =
      "date,marker_key,marker,value,unit,status,note,source\r\n"
      + "2025-05-02,hdl,HDL Cholesterol,50,mg/dL,in range,,quickAdd\r\n"
      + "2025-05-02,hdl,HDL Cholesterol,50,mg/dL,in range,,quickAdd\r\n"
      + "2025-05-02,hdl,HDL Cholesterol,50,mg/dL,in range,a,quickAdd\r\n"
    #expect(try Self.restore(Array(csv.utf8), into: repository).entries.count == 3)
    #expect(try Self.restore(Array(csv.utf8), into: repository).isEmpty)
    // Rows of one import keep the file's order (and fresh ids are as short as typed ones).
    let entries = try repository.read().entries
    #expect(entries.map(\.note) == [nil, nil, "a"])
  }

  @Test("a 20,000-reading restore with many equal readings gives back every one, byte for byte")
  func largeRestore() throws {
    var document = GlanceDocument.empty(createdAt: Self.now)
    let markers = Array(Fixture.library.markers.prefix(8))
    var entries: [GlanceCore.Operation] = []
    for index in 0..<20_000 {
      let marker = markers[index % markers.count]
      // Ten readings share each day, marker and value.
      entries.append(
        .putEntry(
          MarkerEntry(
            markerID: marker.id, value: Double(index / 80), unit: marker.unit,
            dateOfService: Fixture.date("2000-01-01").adding(days: index / 80)!, entryTimestamp: Self.now)))
    }
    _ = document.apply(entries)
    let exported = try Exporter.json(document)
    let repository = InMemoryDataRepository(clock: { Fixture.now })
    let plan = try Self.restore(exported, into: repository)
    #expect(plan.entries.count == 20_000)
    #expect(try Exporter.json(repository.read()) == exported)
  }

  @Test("the undo of a restore removes it all; undoing a replace brings everything back")
  func undoRestore() throws {
    let repository = InMemoryDataRepository(document: Self.history, clock: { Fixture.now })
    var other = GlanceDocument.empty(createdAt: Self.now)
    other.apply(.putEntry(Fixture.entry(Fixture.ldl, 130, on: "2025-01-01")))
    try Importer.apply(
      Importer.read(Exporter.json(other)), replace: true, to: repository, summary: "replace", today: Self.today)
    #expect(try repository.read().entries.count == 1)
    try repository.undo()
    // Everything but the silent default profile, which a replace adopts and undo keeps.
    var after = try repository.read()
    after.profile = Self.history.profile
    after.undo = []
    #expect(after == Self.history)
  }

  @Test("a CSV restore keeps a day's readings in the order they were entered (the latest stays latest)")
  func sameDayOrder() throws {
    var document = GlanceDocument.empty(createdAt: Self.now)
    let weight = Fixture.library.marker(key: "weight")!
    for (second, value) in [(1, 181.0), (2, 183), (3, 182), (4, 180.5)] {
      var entry = Fixture.entry(weight, value, on: "2025-05-01")
      entry.entryTimestamp = Timestamp(secondsSince1970: 1_746_000_000 + Int64(second))
      document.apply(.putEntry(entry))
    }
    let csv = Array(Exporter.readingsCSV(document, library: .builtIn).utf8)
    let repository = InMemoryDataRepository(clock: { Fixture.now })
    try Self.restore(csv, into: repository)
    #expect(try repository.read().entries.map(\.value) == [181, 183, 182, 180.5])
    #expect(Array(Exporter.readingsCSV(try repository.read(), library: .builtIn).utf8) == csv)
  }

  @Test("a file that disagrees with the stored readings says where: a changed row by id, another value that day")
  func disagreements() throws {
    var document = GlanceDocument.empty(createdAt: Self.now)
    let hdl = Fixture.entry(Fixture.hdl, 35, on: "2025-05-03")
    document.apply(.putEntry(hdl))
    document.apply(.putEntry(Fixture.entry(Fixture.ldl, 99, on: "2025-05-03")))
    let repository = InMemoryDataRepository(document: document, clock: { Fixture.now })
    // The glance CSV with the HDL changed in a spreadsheet program.
    let edited = Exporter.readingsCSV(document, library: .builtIn).replacingOccurrences(
      of: ",HDL Cholesterol,35,", with: ",HDL Cholesterol,40,")
    let plan = try Importer.plan(
      Array(edited.utf8), replace: false, into: document, library: .builtIn, today: Self.today, now: Self.now)
    #expect(plan.entries.isEmpty)
    #expect(plan.differing == ["HDL Cholesterol on May 3, 2025: the file says 40 mg/dL, yours 35 mg/dL"])
    let summary = plan.summary(library: .builtIn, customMarkers: [], dryRun: true)
    #expect(summary.contains("1 row of the file is a reading you have that now says something else; yours was kept"))
    // A hand-kept sheet with a corrected LDL for that day: both are kept, and it is said.
    let sheet = try Self.restore(Array("Date,LDL\n2025-05-03,96\n".utf8), into: repository)
    #expect(sheet.entries.count == 1)
    #expect(sheet.sameDay == ["LDL Cholesterol on May 3, 2025: 96 mg/dL, and 99 mg/dL already"])
  }

  @Test("a spreadsheet says which column fills which marker, and never mixes two columns in one marker")
  func columns() throws {
    let plan = try Importer.plan(
      Array("Date,HDL,LDL (mmol/L),BP\n2025-05-01,61,3.2,120/80\n".utf8), replace: false,
      into: .empty(createdAt: Self.now), library: .builtIn, today: Self.today, now: Self.now)
    #expect(
      plan.columns == [
        "“HDL” → HDL Cholesterol", "“LDL (mmol/L)” → LDL Cholesterol",
        "“BP” → Blood Pressure (Systolic) and Blood Pressure (Diastolic)",
      ])
    #expect(throws: ImportError.columnsShareMarker("HDL", "HDL-C", "HDL Cholesterol")) {
      try Importer.plan(
        Array("Date,HDL,HDL-C\n2025-05-01,61,62\n".utf8), replace: false, into: .empty(createdAt: Self.now),
        library: .builtIn, today: Self.today, now: Self.now)
    }
  }
}
