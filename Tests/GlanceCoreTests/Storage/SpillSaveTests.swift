import Foundation
import Testing

@testable import GlanceCore

/// A data file larger than `LocalDataRepository.spillAbove` is written as it is encoded, a chunk
/// at a time, each part read back before it goes, and then read back whole from the file through
/// a mapping that lets go of what is behind. It must come out byte for byte as the file written
/// whole, refuse what that way refuses, and leave nothing behind when a step fails.
@Suite("Saving a large file as it is encoded")
struct SpillSaveTests {
  /// A repository that writes every file as it is encoded, `chunk` bytes at a time.
  static func spilling(
    _ location: DataLocation, chunk: Int, fileSystem: any FileSystem = PosixFileSystem()
  ) -> LocalDataRepository {
    let repository = LocalDataRepository(location: location, fileSystem: fileSystem, clock: { Fixture.now })
    repository.spillAbove = 0
    repository.spillChunk = chunk
    return repository
  }

  static func encodeSpilling(
    _ document: GlanceDocument, reusing reuse: Reuse? = nil, chunk: Int, checkingAgainst expected: GlanceDocument? = nil
  ) throws -> (bytes: [UInt8], encoded: Encoded) {
    var bytes: [UInt8] = []
    let spilling = Encoded.Spilling(chunkBytes: chunk, document: expected ?? document) { bytes += $0 }
    let encoded = try DocumentCodec.encode(document, includeUndo: true, reusing: reuse, spilling: spilling)
    return (bytes, encoded)
  }

  @Test("the text spilled in chunks is the text encoded whole", arguments: 0..<40)
  func spilledIsWhole(seed: Int) throws {
    var generator = SeededGenerator(seed: UInt64(seed) &+ 4_242)
    let document = randomDocument(using: &generator, valid: true)
    let whole = try DocumentCodec.encode(document, includeUndo: true, reusing: nil)
    for chunk in [1, 17, 300, 1 << 20] {
      let (bytes, encoded) = try Self.encodeSpilling(document, chunk: chunk)
      #expect(bytes == whole.writer.bytes, "chunk \(chunk)")
      #expect(encoded.writer.held == 0 && encoded.writer.count == bytes.count)
      #expect(encoded.beforeUndo == whole.beforeUndo)
    }
  }

  @Test("copying unchanged records from the old file spills the same text as writing it whole", arguments: 0..<30)
  func spilledReuseIsWhole(seed: Int) throws {
    var generator = SeededGenerator(seed: UInt64(seed) &+ 9_001)
    let old = randomDocument(using: &generator, valid: true)
    let oldBytes = try DocumentCodec.encode(old)
    let (read, layout) = try DocumentCodec.decodeWithLayout(oldBytes)
    var document = read
    var touched = IDSet()
    // Remove one, change one, add one: the rest is copied from the old file in runs.
    if let index = document.entries.indices.randomElement(using: &generator) {
      _ = touched.insert(document.entries.remove(at: index).id)
    }
    if let index = document.entries.indices.randomElement(using: &generator) {
      document.entries[index].note = "changed \(seed)"
      _ = touched.insert(document.entries[index].id)
    }
    let added = Fixture.entry(Fixture.hdl, Double(seed), on: "2024-06-01")
    document.apply(.putEntry(added))
    _ = touched.insert(added.id)
    let reuse = Reuse(bytes: FileBytes(oldBytes), layout: try #require(layout), touchedEntries: touched)
    let whole = try DocumentCodec.encode(document, includeUndo: true, reusing: reuse)
    #expect(whole.writer.bytes == (try DocumentCodec.encode(document)))
    for chunk in [1, 64, 5_000] {
      let (bytes, encoded) = try Self.encodeSpilling(document, reusing: reuse, chunk: chunk)
      #expect(bytes == whole.writer.bytes, "chunk \(chunk)")
      #expect(encoded.reusedEntries == whole.reusedEntries)
    }
  }

  @Test("a part that does not read back stops the spill before it is handed on")
  func partDoesNotReadBack() throws {
    var document = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    document.apply(
      .setTrackedMarkers([UserMarker(markerID: Fixture.hdl.id, displayOrder: 0, addedAt: Timestamp(Fixture.now))]))
    for day in 1...28 {
      document.apply(
        .putEntry(Fixture.entry(Fixture.hdl, Double(40 + day), on: "2025-02-\(day < 10 ? "0" : "")\(day)")))
    }
    // What the sink is told to expect differs in the 21st reading.
    var other = document
    other.entries[20].value += 1
    var spilled: [UInt8] = []
    #expect(throws: Encoded.PartDoesNotReadBack.self) {
      _ = try Self.encodeSpilling(document, chunk: 1, checkingAgainst: other).bytes
    }
    do {
      let spilling = Encoded.Spilling(chunkBytes: 1, document: other) { spilled += $0 }
      _ = try DocumentCodec.encode(document, includeUndo: true, reusing: nil, spilling: spilling)
    } catch is Encoded.PartDoesNotReadBack {}
    let whole = try DocumentCodec.encode(document)
    let id = Array(document.entries[20].id.uuidString.utf8)
    let line = try #require(firstOffset(of: id, in: whole))
    #expect(!spilled.isEmpty && spilled.count < line)
    #expect(Array(whole.prefix(spilled.count)) == spilled)
    // Everything before that reading went: it ends with the 20th reading's line.
    #expect(firstOffset(of: Array(document.entries[19].id.uuidString.utf8), in: spilled) != nil)
  }

  @Test("random changes leave a file byte-identical to a full encode", arguments: 0..<30)
  func randomChanges(seed: Int) throws {
    var generator = SeededGenerator(seed: UInt64(seed) &+ 313)
    let folder = TemporaryFolder()
    let location = DataLocation(folder: folder.path + "/data")
    let chunk = [1, 200, 4_096][seed % 3]
    let start = randomDocument(using: &generator, valid: true)
    try Self.spilling(location, chunk: chunk).write(summary: "seed") { transaction in
      transaction.apply(.setTrackedMarkers(start.trackedMarkers))
      transaction.apply(start.customMarkers.map(Operation.putCustomMarker))
      transaction.apply(start.entries.map(Operation.putEntry))
      transaction.apply(start.visits.map(Operation.putVisit))
    }
    var expected = try LocalDataRepository(location: location).read()
    #expect(expected.entries.count == start.entries.count)
    for round in 0..<6 {
      let repository = Self.spilling(location, chunk: chunk)
      let before = try repository.read()
      switch Int.random(in: 0..<4, using: &generator) {
      case 0 where !before.entries.isEmpty:
        let id = before.entries.randomElement(using: &generator)!.id
        try repository.deleteEntry(id)
        expected.entries.removeAll { $0.id == id }
      case 1:
        if try repository.undo() != nil { expected = try LocalDataRepository(location: location).read() }
      default:
        let entry = Fixture.entry(
          Fixture.hdl, storableDouble(using: &generator),
          on: CalendarDate(dayNumber: Int.random(in: 0...20_000, using: &generator))!.description,
          note: Bool.random(using: &generator) ? randomText(using: &generator) : nil)
        try repository.addEntry(entry)
        expected.apply(.putEntry(entry))
      }
      let bytes = try #require(FileManager.default.contents(atPath: location.dataFile))
      let document = try DocumentCodec.decode(bytes)
      #expect(Array(bytes) == (try DocumentCodec.encode(document)), "round \(round)")
      #expect(document.entries == expected.entries, "round \(round)")
      let leftovers = try FileManager.default.contentsOfDirectory(atPath: location.folder).filter {
        $0.contains(".tmp-")
      }
      #expect(leftovers.isEmpty)
    }
  }

  @Test(
    "a failing step of a first save written as it is encoded leaves no data file and nothing behind",
    arguments: [SaveStep.lock, .listFolder, .read, .create, .write, .sync, .close, .map, .rename, .syncFolder],
    [false, true])
  func failingStep(step: SaveStep, persistent: Bool) throws {
    let folder = TemporaryFolder()
    let location = DataLocation(folder: folder.path + "/glance")
    let faulty = FaultyFileSystem(failing: step, persistent: persistent)
    let entries = (0..<300).map { index in
      Fixture.entry(
        Fixture.hdl, Double(40 + index % 50), on: CalendarDate(dayNumber: 19_000 + index)!.description,
        note: index % 3 == 0 ? "note \(index)" : nil)
    }
    // 300 readings make an undo step with a record of its own, flushed (the folder synced)
    // before the data file is written: every step, that one too, fails before the rename.
    #expect(throws: StorageError.self) {
      try Self.spilling(location, chunk: 512, fileSystem: faulty).addEntries(entries, summary: "import")
    }
    #expect(faulty.failures == 1)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: location.folder)) ?? []
    #expect(names.filter { $0.contains(".tmp-") }.isEmpty, "temporary files left behind: \(names)")
    #expect(!names.contains("glance.json"))
    #expect(!names.contains { $0.hasPrefix("glance.undo-") }, "an undo record of a save that failed: \(names)")
    let retry = Self.spilling(location, chunk: 512, fileSystem: persistent ? PosixFileSystem() : faulty)
    try retry.addEntries(entries, summary: "import")
    #expect(
      try LocalDataRepository(location: location).read().entries
        == entries.sorted { $0.dateOfService < $1.dateOfService })
  }

  @Test("a save larger than spillAbove takes that way; a smaller one is written whole")
  func threshold() throws {
    let folder = TemporaryFolder()
    let location = DataLocation(folder: folder.path + "/glance")
    // The mapped read-back fails: only a save written as it is encoded reads the file back so.
    let faulty = FaultyFileSystem(failing: .map, persistent: true)
    let repository = LocalDataRepository(location: location, fileSystem: faulty, clock: { Fixture.now })
    repository.spillChunk = 1_000
    let entries = (0..<50).map { Fixture.entry(Fixture.hdl, 50, on: CalendarDate(dayNumber: 19_000 + $0)!.description) }
    repository.spillAbove =
      DocumentCodec.estimatedSize(
        {
          var document = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
          document.entries = entries
          return document
        }(),
        reusing: nil) + 65_536 * 4
    try repository.addEntries(entries, summary: "small")
    #expect(faulty.failures == 0)
    try FileManager.default.removeItem(atPath: location.dataFile)
    repository.spillAbove = 0
    #expect(throws: StorageError.self) { try repository.addEntries(entries, summary: "large") }
    #expect(faulty.failures == 1)
  }
}

@Suite("Reading a file through a mapping")
struct MappedFileTests {
  @Test("the bytes read the same after every part was let go")
  func releasedPagesReadAgain() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/file"
    let bytes = (0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 7) }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let read = try PosixFileSystem().withMappedFile(path) { mapped, release -> [UInt8] in
      #expect(Array(mapped) == bytes)
      for end in [0, 1, 4_096, 20_000, 50_000, 90_000] { release(end) }
      return Array(mapped)
    }
    #expect(read == bytes)
  }

  @Test("an empty file, a missing one and a folder")
  func edges() throws {
    let folder = TemporaryFolder()
    let empty = folder.path + "/empty"
    FileManager.default.createFile(atPath: empty, contents: Data())
    #expect(try PosixFileSystem().withMappedFile(empty) { bytes, _ in bytes.count } == 0)
    #expect(try PosixFileSystem().withMappedFile(folder.path + "/missing") { bytes, _ in bytes.count } == nil)
    #expect(throws: FileSystemError.self) {
      try PosixFileSystem().withMappedFile(folder.path) { bytes, _ in bytes.count }
    }
  }

  @Test(
    "a save's whole-file check through a mapping that lets go of every line gives the verdict it gives in memory",
    arguments: DocumentCodecTests.Mismatch.allCases)
  func readsBackMapped(_ mismatch: DocumentCodecTests.Mismatch) throws {
    let (bytes, document) = try DocumentCodecTests.mismatched(mismatch)
    let folder = TemporaryFolder()
    let path = folder.path + "/glance.json"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    var ends: [Int] = []
    let mapped = try PosixFileSystem().withMappedFile(path) { mapped, release in
      withoutActuallyEscaping(release) { release in
        DocumentCodec.readsBack(mapped, as: document) { end in
          ends.append(end)
          release(end)
        }
      }
    }
    #expect(mapped == DocumentCodec.readsBack(bytes, as: document))
    #expect(ends == ends.sorted() && ends.allSatisfy { $0 <= bytes.count })
    if mismatch == .none { #expect(ends.count == document.entries.count) }
  }
}

/// Where `needle` first occurs in `haystack`.
private func firstOffset(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
  guard needle.count <= haystack.count else { return nil }
  return (0...(haystack.count - needle.count)).first { Array(haystack[$0..<($0 + needle.count)]) == needle }
}
