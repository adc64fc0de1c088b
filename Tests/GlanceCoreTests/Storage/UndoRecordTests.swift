import Foundation
import Testing

@testable import GlanceCore

/// Speed issue: an import's undo step is compact. A step of more than `UndoStep.inlineLimit`
/// operations keeps them in `glance.undo-<id>.json`, so the data file (and every read and save)
/// is the size of the data however it arrived; `undo` reads the record, and refuses, changing
/// nothing, when the record is missing or is not that step's.
@Suite("Undo records: large changes undone from a file of their own")
struct UndoRecordTests {
  static let today = CalendarDate(iso: "2026-11-22")!

  /// A CSV of `rows` readings (LDL and HDL, one a day back from today), in glance's own layout.
  static func csv(rows: Int, offset: Int = 0) -> [UInt8] {
    var text = "date,marker_key,value\n"
    for index in 0..<rows {
      let day = today.adding(days: -(index + offset))!
      text += "\(day.iso),\(index % 2 == 0 ? "ldl" : "hdl"),\(100 + index % 50)\n"
    }
    return Array(text.utf8)
  }

  static func importCSV(_ bytes: [UInt8], into repository: any DataRepository, replace: Bool = false) throws {
    try Importer.apply(
      Importer.read(bytes), replace: replace, assumeYes: true, to: repository, summary: "import sheet.csv",
      today: today)
  }

  /// The clock on `today`: undo refuses to put back a reading dated after the clock's day.
  static let now = Fixture.time("2026-11-22T12:00:00Z").date

  static func local() -> (LocalDataRepository, TemporaryFolder, DataLocation) {
    let folder = TemporaryFolder()
    let location = DataLocation(folder: folder.path + "/data")
    return (LocalDataRepository(location: location, clock: { now }), folder, location)
  }

  /// The bytes of a step as the data file holds it.
  static func storedSize(_ step: UndoStep) -> Int {
    var writer = JSONWriter()
    writer.writeUndoStep(step)
    return writer.count
  }

  static func recordFiles(_ location: DataLocation) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: location.folder).filter { $0.hasPrefix("glance.undo-") }
      .sorted()
  }

  @Test("an import's step in the data file has the same small size for 200 and 20,000 rows")
  func constantSize() throws {
    var sizes: [Int] = []
    for rows in [200, 20_000] {
      let (repository, folder, location) = Self.local()
      _ = folder
      try Self.importCSV(Self.csv(rows: rows), into: repository)
      let step = try #require(try repository.read().undo.last)
      #expect(step.operations.isEmpty)
      #expect(step.storedOperations == rows + 1)  // every reading, and the tracked list
      sizes.append(Self.storedSize(step))
      let file = try #require(bytes(of: location.dataFile))
      #expect(!file.containsBytes(Array("removeEntry".utf8)))
      #expect(try Self.recordFiles(location) == ["glance.undo-\(step.id.uuidString).json"])
      #expect(mode(of: location.undoFile(step.id)) == 0o600)
    }
    // Only the counts' digits differ (the stored count, and the summary's "20,000 readings").
    #expect(abs(sizes[0] - sizes[1]) <= 6)
    #expect(sizes.allSatisfy { $0 < 300 })
  }

  /// Speed issue: a 500,000-row import's record (34 MB) was held whole before it was written.
  @Test(
    "a record written as it is encoded, a few bytes at a time, is byte for byte the record encoded whole",
    arguments: [1, 7, 100, 4096, Int.max])
  func writtenInChunks(chunk: Int) throws {
    var generator = SystemRandomNumberGenerator()
    for count in [0, 1, 2, 50, 600] {
      let operations: [GlanceCore.Operation] = (0..<count).map { index in
        Int.random(in: 0..<3, using: &generator) == 0
          ? .putEntry(
            Fixture.entry(Fixture.ldl, Double(index), on: "2025-01-01", note: index % 2 == 0 ? "n\"ote" : nil))
          : .removeEntry(UUID())
      }
      let step = UndoStep(
        summary: "import sheet.csv", timestamp: Timestamp(Fixture.now), operations: operations, storedOperations: count)
      var written: [UInt8] = []
      var parts = 0
      try UndoRecord.write(step, chunkBytes: chunk) { bytes in
        written += bytes
        parts += 1
      }
      #expect(written == UndoRecord.encode(step).bytes)
      #expect(try UndoRecord.decode(written, for: step) == operations)
      if chunk == 1 { #expect(parts > count) }
    }
  }

  @Test("undoing a stored import, a stored replace and an inline batch gives back exactly the data before")
  func undoStored() throws {
    let (repository, folder, location) = Self.local()
    _ = folder
    try Self.importCSV(Self.csv(rows: 300, offset: 400), into: repository)
    try repository.addEntry(Fixture.entry(Fixture.hdl, 61, on: "2026-11-20"), summary: "add HDL 61")
    let before = try repository.read()
    try Self.importCSV(Self.csv(rows: 350), into: repository)
    #expect(try repository.read().entries.count == before.entries.count + 350)
    try Self.importCSV(Self.csv(rows: 250, offset: 2_000), into: repository, replace: true)
    #expect(try repository.read().entries.count == 250)
    #expect(try Self.recordFiles(location).count == 3)  // the first import's, this one's, the replace's
    // The summaries say how much each brought in.
    #expect(try repository.undo()?.summary == "import sheet.csv (250 readings)")  // the replace
    #expect(try repository.read().entries.count == before.entries.count + 350)
    #expect(try repository.undo()?.summary == "import sheet.csv (350 readings)")
    let after = try repository.read()
    #expect(after.entries == before.entries)
    #expect(after.trackedMarkers == before.trackedMarkers)
    #expect(after.undo == before.undo)
    // The same through a fresh repository, which reads the file, not its cache.
    let fresh = LocalDataRepository(location: location, clock: { Self.now })
    #expect(try fresh.undo()?.summary == "add HDL 61")
    #expect(try fresh.undo()?.summary == "import sheet.csv (300 readings)")
    #expect(try fresh.read().entries.isEmpty)
  }

  @Test(
    "a record that is missing, damaged, another step's or short is refused and nothing changes",
    arguments: [
      "missing", "truncated", "another step", "one operation short", "a folder", "not JSON", "one id changed",
      "two operations swapped",
    ])
  func unreadableRecord(damage: String) throws {
    let (repository, folder, location) = Self.local()
    _ = folder
    try Self.importCSV(Self.csv(rows: 300), into: repository)
    let step = try #require(try repository.read().undo.last)
    let path = location.undoFile(step.id)
    let original = try #require(bytes(of: path))
    let manager = FileManager.default
    switch damage {
    case "missing": try manager.removeItem(atPath: path)
    case "truncated": try Data(original.prefix(original.count / 2)).write(to: URL(fileURLWithPath: path))
    case "another step":
      let other = String(decoding: original, as: UTF8.self).replacingOccurrences(
        of: step.id.uuidString, with: UUID().uuidString)
      try Data(other.utf8).write(to: URL(fileURLWithPath: path))
    case "one operation short":
      var lines = String(decoding: original, as: UTF8.self).split(separator: "\n").map(String.init)
      lines.remove(at: 2)
      try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
    case "one id changed", "two operations swapped":
      // Well-formed, the right count and step: only the checksum can tell.
      var lines = String(decoding: original, as: UTF8.self).split(separator: "\n").map(String.init)
      if damage == "two operations swapped" {
        lines.swapAt(2, 3)
      } else {
        let digit = lines[2].index(lines[2].endIndex, offsetBy: -4)
        lines[2].replaceSubrange(digit...digit, with: lines[2][digit] == "0" ? "1" : "0")
      }
      try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
    case "a folder":
      try manager.removeItem(atPath: path)
      try manager.createDirectory(atPath: path, withIntermediateDirectories: false)
    default: try Data("{\"format\": \"glance-undo\", ".utf8).write(to: URL(fileURLWithPath: path))
    }
    let dataBefore = try #require(bytes(of: location.dataFile))
    #expect {
      try repository.undo(expecting: step)
    } throws: { error in
      guard case .undoRecordUnreadable(let file, _) = error as? StorageError else { return false }
      return file == path && !(error as? StorageError)!.description.contains("LDL")
    }
    #expect(bytes(of: location.dataFile) == dataBefore)
    #expect(try repository.read().undo.last == step)
  }

  @Test("a record written before records had a checksum still undoes its step")
  func recordWithoutChecksum() throws {
    let (repository, folder, location) = Self.local()
    _ = folder
    let before = try repository.read().entries
    try Self.importCSV(Self.csv(rows: 300), into: repository)
    let step = try #require(try repository.read().undo.last)
    let path = location.undoFile(step.id)
    let text = String(decoding: try #require(bytes(of: path)), as: UTF8.self)
    let checksum = try #require(text.range(of: ",\n\"checksum\""))
    let older = String(text[..<checksum.lowerBound]) + "}\n"
    try Data(older.utf8).write(to: URL(fileURLWithPath: path))
    #expect(try repository.undo(expecting: step)?.step == step)
    #expect(try repository.read().entries == before)
  }

  @Test("a record stays while a backup refers to its step, then goes; a leftover record goes at the next save")
  func removedWhenUnused() throws {
    let (repository, folder, location) = Self.local()
    _ = folder
    try Self.importCSV(Self.csv(rows: 300), into: repository)
    let step = try #require(try repository.read().undo.last)
    try #require(try repository.undo() != nil)
    // The backups of the five saves before still hold the step: restoring one keeps its undo.
    for index in 0..<DataLocation.backupCount {
      #expect(try Self.recordFiles(location).count == 1, "save \(index)")
      try repository.addEntry(Fixture.entry(Fixture.hdl, Double(50 + index), on: "2026-11-01"), summary: "add")
    }
    #expect(try Self.recordFiles(location).isEmpty)
    #expect(FileManager.default.fileExists(atPath: location.undoFile(step.id)) == false)
    // A record no version refers to (a save that failed after writing it).
    let stray = location.undoFile(UUID())
    try Data("{}".utf8).write(to: URL(fileURLWithPath: stray))
    try repository.addEntry(Fixture.entry(Fixture.hdl, 70, on: "2026-11-02"), summary: "add")
    #expect(try Self.recordFiles(location).isEmpty)
  }

  @Test(
    "a record is kept while a backup's undo array names its step, however far from the end the array starts",
    arguments: [(0, true, false), (70_000, true, false), (2_000_000, false, false), (0, false, true)]
      as [(Int, Bool, Bool)])
  func backupTails(filler: Int, named: Bool, removed: Bool) throws {
    let (repository, folder, location) = Self.local()
    _ = folder
    try repository.addEntry(Fixture.entry(Fixture.hdl, 60, on: "2026-11-01"), summary: "add")
    let step = UUID()
    let record = location.undoFile(step)
    try Data("{}".utf8).write(to: URL(fileURLWithPath: record))
    // A backup (as if restored later) whose undo array names the step, or another one.
    let backup =
      "{\"undo\": [{\"id\": \"\((named ? step : UUID()).uuidString)\", \"summary\": \""
      + String(repeating: "x", count: filler) + "\"}]}\n"
    for generation in 1...DataLocation.backupCount {
      try? FileManager.default.removeItem(atPath: location.backupFile(generation))
    }
    try Data(backup.utf8).write(to: URL(fileURLWithPath: location.backupFile(1)))
    // The save rotates the data file into backup 1, and the crafted one into backup 2.
    try repository.addEntry(Fixture.entry(Fixture.hdl, 61, on: "2026-11-02"), summary: "add")
    #expect(FileManager.default.fileExists(atPath: record) == !removed)
  }

  @Test("past a lost record: undo says how, --forget drops the step without changing data, older steps undo")
  func forgetLostRecord() throws {
    let (repository, folder, location) = Self.local()
    _ = folder
    try repository.addEntry(Fixture.entry(Fixture.hdl, 61, on: "2026-11-20"), summary: "add HDL 61")
    try Self.importCSV(Self.csv(rows: 300), into: repository)
    let step = try #require(try repository.read().undo.last)
    try FileManager.default.removeItem(atPath: location.undoFile(step.id))
    #expect {
      try repository.undo(expecting: step)
    } throws: { error in
      (error as? StorageError)?.description.hasSuffix("\n  glance undo --forget") == true
    }
    let entries = try repository.read().entries
    #expect(try repository.forgetNewestUndo(expecting: step)?.id == step.id)
    #expect(try repository.read().entries == entries)
    #expect(try repository.read().undo.map(\.summary) == ["add HDL 61"])
    #expect(try repository.undo()?.summary == "add HDL 61")
    #expect(try repository.read().entries.count == 300)
  }

  @Test("files glance did not name its records are never removed: a person's own, another spelling of an id")
  func keepsOtherFiles() throws {
    let (repository, folder, location) = Self.local()
    _ = folder
    try repository.addEntry(Fixture.entry(Fixture.hdl, 60, on: "2026-11-01"), summary: "add")
    let own = ["glance.undo-notes.json", "glance.undo-\(UUID().uuidString.lowercased()).json", "glance.undo-.json"]
    for name in own { try Data("mine".utf8).write(to: URL(fileURLWithPath: location.folder + "/" + name)) }
    try repository.addEntry(Fixture.entry(Fixture.hdl, 61, on: "2026-11-02"), summary: "add")
    for name in own { #expect(FileManager.default.fileExists(atPath: location.folder + "/" + name), "\(name)") }
  }

  @Test("a data file or undo record larger than glance ever writes is refused before it is read")
  func oversizedFiles() throws {
    let (repository, folder, location) = Self.local()
    _ = folder
    try Self.importCSV(Self.csv(rows: 300), into: repository)
    let step = try #require(try repository.read().undo.last)
    // Sparse: no disk is used, and reading it would take a gigabyte of memory.
    #expect(truncate(location.undoFile(step.id), off_t(InputLimits.storedFileBytes) + 1) == 0)
    #expect {
      try repository.undo(expecting: step)
    } throws: { error in
      guard case .undoRecordUnreadable = error as? StorageError else { return false }
      return true
    }
    #expect(try repository.read().entries.count == 300)
    #expect(truncate(location.dataFile, off_t(InputLimits.storedFileBytes) + 1) == 0)
    let fresh = LocalDataRepository(location: location, clock: { Self.now })
    #expect {
      try fresh.read()
    } throws: { error in
      guard case .damaged(_, let reason, _, _) = error as? StorageError else { return false }
      return reason == "it is larger than any data file glance writes"
    }
  }

  @Test(
    "a change may not take a folder past the readings glance keeps; a folder already past it may shrink",
    arguments: [(3, 4, 3, true), (4, 4, 3, false), (5, 4, 3, false), (2, 3, 2, true), (0, 2, 2, false)]
      as [(Int, Int, Int, Bool)])
  func folderLimit(before: Int, after: Int, limit: Int, refused: Bool) throws {
    var document = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    document.entries = (0..<after).map { Fixture.entry(Fixture.hdl, Double(50 + $0), on: "2025-01-01") }
      .sorted(by: MarkerEntry.chronological)
    let scope = ChangeScope(
      touchedEntries: TouchedIDs(), customMarkersBefore: [], trackedMarkersBefore: [], entriesBefore: before)
    if refused {
      #expect(throws: StorageError.folderFull(limit: limit)) {
        try document.checkBeforeSaving(library: .builtIn, scope: scope, readingLimit: limit)
      }
      #expect(StorageError.folderFull(limit: limit).kind == .refused)
    } else {
      try document.checkBeforeSaving(library: .builtIn, scope: scope, readingLimit: limit)
    }
  }

  @Test(
    "the export bound: a folder is refused only when its JSON export would be larger than import reads",
    arguments: [0, 1, 40, 400])
  func exportBound(readings: Int) throws {
    // A custom marker with a long name of 4-byte characters: the largest label an export writes.
    var marker = Fixture.customMarker()
    marker.displayName = String(repeating: "🫀", count: 200)
    var document = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    document.customMarkers = [marker]
    document.entries = (0..<readings).map {
      Fixture.entry(marker, Double($0), on: "2025-01-01", note: String(repeating: "\u{1B}", count: 2_000))
    }.sorted(by: MarkerEntry.chronological)
    let dataFile = try DocumentCodec.encode(document, includeUndo: true, reusing: nil).beforeUndo
    let export = try Exporter.json(document).count
    func fits(_ limit: Int) -> Bool {
      Exporter.exportImports(dataFileBytes: dataFile, document: document, library: .builtIn, limit: limit)
    }
    #expect(!fits(export - 1), "an export past the limit is never allowed")
    #expect(fits(export + 4_096), "within a page of the real export")
  }

  @Test("a save that would make the folder too large to restore is refused; a folder past it may still shrink")
  func restorableSize() throws {
    let (repository, folder, _) = Self.local()
    _ = folder
    let note = String(repeating: "n", count: 2_000)
    for day in 1...5 {
      try repository.addEntry(Fixture.entry(Fixture.hdl, 50, on: "2025-01-0\(day)", note: note), summary: "add")
    }
    let export = try Exporter.json(repository.read()).count
    repository.restorableBytes = export + 1_000
    #expect(throws: StorageError.tooLargeToRestore(limit: export + 1_000)) {
      try repository.addEntry(Fixture.entry(Fixture.hdl, 51, on: "2025-01-07", note: note), summary: "add")
    }
    #expect(try repository.read().entries.count == 5)
    #expect(StorageError.tooLargeToRestore(limit: 1).kind == .refused)
    // A refused import leaves no undo record behind (its step was stored before the refusal).
    let names = { try FileManager.default.contentsOfDirectory(atPath: repository.location.folder) }
    let before = try names()
    #expect(throws: StorageError.tooLargeToRestore(limit: export + 1_000)) {
      try Self.importCSV(Self.csv(rows: 3 * UndoStep.inlineLimit), into: repository)
    }
    #expect(try names().sorted() == before.sorted())
    #expect(try repository.read().entries.count == 5)
    // Already past it: a change that makes the folder smaller is saved.
    repository.restorableBytes = 1_000
    try repository.write(summary: "delete") { $0.apply(.removeEntry($0.document.entries[0].id)) }
    #expect(try repository.read().entries.count == 4)
  }

  @Test(
    "a data file with a large step inline (written before records) stores it at its next save, and undo still works")
  func slimsOldFiles() throws {
    let (repository, folder, location) = Self.local()
    _ = folder
    let entries = (0..<400).map { Fixture.entry(Fixture.ldl, Double(100 + $0 % 60), on: "2025-01-01") }
    var document = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    document.entries = entries.sorted(by: MarkerEntry.chronological)
    document.undo = [
      UndoStep(
        summary: "import old.csv", timestamp: Timestamp(Fixture.now), operations: entries.map { .removeEntry($0.id) })
    ]
    try FileManager.default.createDirectory(atPath: location.folder, withIntermediateDirectories: true)
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: location.folder)
    try Data(DocumentCodec.encode(document)).write(to: URL(fileURLWithPath: location.dataFile))
    try repository.addEntry(Fixture.entry(Fixture.hdl, 61, on: "2026-11-20"), summary: "add HDL 61")
    let file = try #require(bytes(of: location.dataFile))
    #expect(!file.containsBytes(Array("removeEntry\", \"id\": \"\(entries[0].id.uuidString)".utf8)))
    let saved = try DocumentCodec.decode(file)
    #expect(saved.undo.first?.storedOperations == 400)
    #expect(saved.entries.count == 401)
    #expect(try repository.undo()?.summary == "add HDL 61")
    #expect(try repository.undo()?.summary == "import old.csv")
    #expect(try repository.read().entries.isEmpty)
  }

  @Test("a failure while writing the record changes nothing", arguments: [SaveStep.create, .write, .sync, .rename])
  func failedRecordWrite(step: SaveStep) throws {
    let folder = TemporaryFolder()
    let location = DataLocation(folder: folder.path + "/data")
    let good = LocalDataRepository(location: location, clock: { Fixture.now })
    try good.addEntry(Fixture.entry(Fixture.hdl, 61, on: "2026-11-20"), summary: "add HDL 61")
    let before = try #require(bytes(of: location.dataFile))
    let faulty = LocalDataRepository(
      location: location, fileSystem: FaultyFileSystem(failing: step, persistent: false), clock: { Fixture.now })
    #expect(throws: StorageError.self) { try Self.importCSV(Self.csv(rows: 300), into: faulty) }
    #expect(bytes(of: location.dataFile) == before)
    let names = try FileManager.default.contentsOfDirectory(atPath: location.folder)
    #expect(!names.contains { $0.hasPrefix(location.temporaryPrefix) })
    // The next save tidies whatever the failure left, and the import then works.
    try Self.importCSV(Self.csv(rows: 300), into: good)
    #expect(try good.read().entries.count == 301)
    #expect(try Self.recordFiles(location).count == 1)
  }

  @Test("an imported folder reads on the fast paths: no fallback in a full read or a screen's skim")
  func importedFolderFastPath() throws {
    let (repository, folder, location) = Self.local()
    _ = folder
    try Self.importCSV(Self.csv(rows: 2_000), into: repository)
    try repository.addEntry(Fixture.entry(Fixture.hdl, 61, on: "2026-11-20"), summary: "add HDL 61")
    let file = try #require(bytes(of: location.dataFile))
    let (document, _, _, full) = try DocumentCodec.decode(file, selecting: .all)
    #expect(full.fallbacks == 0)
    #expect(full.canonicalEntries == document.entries.count)
    let (_, _, _, skim) = try DocumentCodec.decode(file, selecting: .latest(12))
    #expect(skim.skims == 1)
    #expect(skim.fallbacks == 0)
  }

  @Test(
    "an import's undo summary says how much it brought in",
    arguments: [
      (0, 0, 0, ""), (1, 0, 0, " (1 reading)"), (62_616, 3, 0, " (62,616 readings, 3 visits)"),
      (0, 2, 1, " (2 visits, 1 custom marker)"), (2, 1, 2, " (2 readings, 1 visit, 2 custom markers)"),
    ]
      as [(Int, Int, Int, String)])
  func sizeSuffix(readings: Int, visits: Int, custom: Int, expected: String) {
    var plan = ImportPlan(kind: .glanceCSV, replace: false)
    plan.entries = Array(repeating: Fixture.entry(Fixture.hdl, 60, on: "2025-01-01"), count: readings)
    plan.visits = Array(repeating: Fixture.visit("2025-01-01"), count: visits)
    plan.customMarkers = Array(repeating: Fixture.hdl, count: custom)
    #expect(plan.sizeSuffix == expected)
  }

  @Test(
    "a stored count glance never writes is refused when the data file is read",
    arguments: ["0", "-3", "1.5", "1e9", "\"12\"", "null"])
  func hostileStoredCount(count: String) throws {
    var document = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    document.undo = [
      UndoStep(summary: "import", timestamp: Timestamp(Fixture.now), operations: [], storedOperations: 777)
    ]
    let text = String(decoding: try DocumentCodec.encode(document), as: UTF8.self)
    #expect(try DocumentCodec.decode(Array(text.utf8)) == document)
    let hostile = text.replacingOccurrences(of: "\"storedOperations\": 777", with: "\"storedOperations\": \(count)")
    #expect(throws: JSONError.self) { try DocumentCodec.decode(Array(hostile.utf8)) }
    // Operations kept inline and a stored count at once: one of them is not glance's.
    let both = text.replacingOccurrences(
      of: "\"operations\": []", with: "\"operations\": [{\"op\": \"removeEntry\", \"id\": \"\(UUID().uuidString)\"}]")
    #expect(throws: JSONError.self) { try DocumentCodec.decode(Array(both.utf8)) }
  }

  @Test("removing a long run without keeping the inverse gives what removing one by one gives", arguments: 0..<20)
  func removeWithoutInverse(seed: Int) {
    var random = SeededGenerator(seed: UInt64(seed + 1))
    let entries = (0..<200).map { index in
      Fixture.entry(Fixture.ldl, Double(index), on: "2025-01-\(10 + index % 20)")
    }.sorted(by: MarkerEntry.chronological)
    var document = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    document.entries = entries
    let chosen = entries.filter { _ in random.next() % 3 == 0 }.map { Operation.removeEntry($0.id) }
    let unknown = [Operation.removeEntry(UUID())]
    let operations = chosen + unknown + (seed % 2 == 0 ? chosen.prefix(1) : [])
    var oneByOne = document
    var gone = 0
    for operation in operations where oneByOne.apply(operation).isEmpty { gone += 1 }
    var bulk = document
    let applied = bulk.apply(operations, inverting: false)
    #expect(bulk == oneByOne)
    #expect(applied.inverse.isEmpty)
    #expect(applied.changed == !chosen.isEmpty)
    #expect(applied.goneReadings == gone)
  }
}

@Suite("Byte helpers")
struct ByteHelperTests {
  @Test(
    "containsBytes finds a needle anywhere, and only where it is",
    arguments: [
      ("", "", true), ("abc", "", true), ("", "a", false), ("abc", "abc", true), ("xxabc", "abc", true),
      ("abcxx", "abc", true), ("ababac", "abac", true), ("abab", "abac", false), ("ab", "abc", false),
      ("aaaa", "aa", true),
    ])
  func containsBytes(haystack: String, needle: String, found: Bool) {
    #expect(Array(haystack.utf8).containsBytes(Array(needle.utf8)) == found)
  }

  @Test("containsBytes agrees with a naive search on random bytes of a small alphabet", arguments: 0..<10)
  func containsBytesProperty(seed: Int) {
    var generator = SeededGenerator(seed: UInt64(seed) &+ 0xB7E5)
    let alphabet: [UInt8] = Array("\"-:[ 0189ABab".utf8)
    for _ in 0..<400 {
      let haystack = (0..<Int.random(in: 0...120, using: &generator)).map { _ in
        alphabet.randomElement(using: &generator)!
      }
      let needle: [UInt8] =
        Bool.random(using: &generator) && !haystack.isEmpty
        ? {
          let start = Int.random(in: 0..<haystack.count, using: &generator)
          return Array(haystack[start..<min(haystack.count, start + Int.random(in: 1...8, using: &generator))])
        }()
        : (0..<Int.random(in: 1...5, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
      let naive =
        needle.count <= haystack.count
        && (0...(haystack.count - needle.count)).contains { Array(haystack[$0..<($0 + needle.count)]) == needle }
      #expect(haystack.containsBytes(needle) == naive, "\(haystack) \(needle)")
    }
  }

  @Test("readTail gives a file's last bytes, all of a short file, nil for a missing one", arguments: [0, 1, 5, 100])
  func readTail(maximum: Int) throws {
    let folder = TemporaryFolder()
    let path = folder.file("f")
    try Data("0123456789".utf8).write(to: URL(fileURLWithPath: path))
    let tail = try PosixFileSystem().readTail(path, maximum: maximum)
    #expect(tail == Array("0123456789".utf8.suffix(maximum)))
    #expect(try PosixFileSystem().readTail(folder.file("missing"), maximum: maximum) == nil)
    try FileManager.default.createDirectory(atPath: folder.file("d"), withIntermediateDirectories: false)
    #expect(throws: FileSystemError.self) { try PosixFileSystem().readTail(folder.file("d"), maximum: maximum) }
  }
}
