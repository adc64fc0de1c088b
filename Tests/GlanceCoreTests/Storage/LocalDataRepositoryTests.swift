import Foundation
import Testing

@testable import GlanceCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("LocalDataRepository: files, modes, backups, locking")
struct LocalDataRepositoryTests {
  let folder = TemporaryFolder()
  var location: DataLocation { DataLocation(folder: folder.path + "/glance") }

  func repository(_ fileSystem: any FileSystem = PosixFileSystem(), timeout: Double = 3) -> LocalDataRepository {
    LocalDataRepository(location: location, fileSystem: fileSystem, lockTimeout: timeout, clock: { Fixture.now })
  }

  @Test("the first save creates a 0700 folder with a 0600 file and lock, whatever the umask")
  func modes() throws {
    let old = umask(0o000)
    defer { umask(old) }
    let repository = repository()
    // Reading creates nothing.
    _ = try repository.read()
    #expect(mode(of: location.folder) == nil)
    try repository.addEntry(Fixture.entry(Fixture.hdl, 89, on: "2025-02-15"))
    #expect(mode(of: location.folder) == 0o700)
    #expect(mode(of: location.dataFile) == 0o600)
    #expect(mode(of: location.lockFile) == 0o600)
    try repository.addEntry(Fixture.entry(Fixture.hdl, 90, on: "2025-02-16"))
    #expect(mode(of: location.backupFile(1)) == 0o600)
    let names = try FileManager.default.contentsOfDirectory(atPath: location.folder).sorted()
    #expect(names == ["glance.json", "glance.json.1", "glance.lock"])
  }

  @Test("nested missing folders are created private too")
  func nestedFolders() throws {
    let location = DataLocation(folder: folder.path + "/a/b/glance")
    let repository = LocalDataRepository(location: location, clock: { Fixture.now })
    try repository.addTrackedMarker(Fixture.hdl)
    #expect(mode(of: folder.path + "/a") == 0o700)
    #expect(mode(of: location.folder) == 0o700)
  }

  @Test("a folder other users can open is refused, with the fix")
  func unsafeFolder() throws {
    try FileManager.default.createDirectory(atPath: location.folder, withIntermediateDirectories: false)
    chmod(location.folder, 0o755)
    let repository = repository()
    #expect(throws: StorageError.unsafeFolder(folder: location.folder, mode: 0o755)) { try repository.read() }
    #expect(throws: StorageError.unsafeFolder(folder: location.folder, mode: 0o755)) {
      try repository.addTrackedMarker(Fixture.hdl)
    }
    #expect(StorageError.unsafeFolder(folder: location.folder, mode: 0o755).message.contains("chmod 700"))
    #expect(bytes(of: location.dataFile) == nil)
  }

  @Test("a file where the folder should be is refused")
  func notAFolder() throws {
    _ = FileManager.default.createFile(atPath: location.folder, contents: Data("x".utf8))
    #expect(throws: StorageError.notAFolder(path: location.folder)) { try repository().addTrackedMarker(Fixture.hdl) }
  }

  @Test("each save keeps the previous five versions as backups")
  func backups() throws {
    let repository = repository()
    var versions: [[UInt8]] = []
    for index in 0..<8 {
      try repository.addEntry(Fixture.entry(Fixture.hdl, Double(40 + index), on: "2025-01-01"))
      versions.append(try #require(bytes(of: location.dataFile)))
    }
    for generation in 1...5 {
      #expect(bytes(of: location.backupFile(generation)) == versions[versions.count - 1 - generation])
    }
    #expect(bytes(of: location.backupFile(6)) == nil)
  }

  @Test("temporary files left by a killed save are removed by the next save")
  func staleTemporaryFiles() throws {
    let repository = repository()
    try repository.addTrackedMarker(Fixture.hdl)
    let stale = location.folder + "/glance.json.tmp-123-456"
    _ = FileManager.default.createFile(atPath: stale, contents: Data("partial".utf8))
    try repository.addTrackedMarker(Fixture.ldl)
    #expect(!FileManager.default.fileExists(atPath: stale))
  }

  @Test("a held lock makes a write fail with busy after the timeout, changing nothing")
  func busy() throws {
    let first = repository()
    try first.addTrackedMarker(Fixture.hdl)
    let before = bytes(of: location.dataFile)
    let held = try #require(try PosixFileSystem().lockExclusive(location.lockFile, timeout: 0))
    let started = monotonicSeconds()
    #expect(throws: StorageError.busy(folder: location.folder)) {
      try repository(timeout: 0.3).addTrackedMarker(Fixture.ldl)
    }
    #expect(monotonicSeconds() - started >= 0.3)
    #expect(bytes(of: location.dataFile) == before)
    held.unlock()
    try repository(timeout: 0.3).addTrackedMarker(Fixture.ldl)
  }

  @Test("the data location follows GLANCE_HOME, then XDG_DATA_HOME, then HOME")
  func locationResolution() throws {
    func resolve(_ environment: [String: String]) throws -> String {
      try DataLocation.resolve(environment: environment, currentDirectory: "/work").folder
    }
    #expect(try resolve(["GLANCE_HOME": "/data/g", "XDG_DATA_HOME": "/x", "HOME": "/h"]) == "/data/g")
    #expect(try resolve(["GLANCE_HOME": "rel/g/"]) == "/work/rel/g")
    #if os(macOS)
      #expect(try resolve(["HOME": "/Users/a"]) == "/Users/a/Library/Application Support/Glance")
    #else
      #expect(try resolve(["XDG_DATA_HOME": "/x", "HOME": "/h"]) == "/x/glance")
      #expect(try resolve(["XDG_DATA_HOME": "relative", "HOME": "/h"]) == "/h/.local/share/glance")
      #expect(try resolve(["GLANCE_HOME": "", "HOME": "/h"]) == "/h/.local/share/glance")
    #endif
    #expect(throws: StorageError.noHome) { try resolve([:]) }
    // A name that was not UTF-8 (U+FFFD where its bytes were) names another folder: refused
    // (attacker's third look at stop 34: Latin-1 "Müller" and "Möller" shared one data file).
    #expect(throws: StorageError.pathNotUTF8(variable: "GLANCE_HOME")) {
      try resolve(["GLANCE_HOME": "/d/M\u{FFFD}ller"])
    }
    #expect(throws: StorageError.pathNotUTF8(variable: "HOME or XDG_DATA_HOME")) {
      try resolve(["HOME": "/h/\u{FFFD}"])
    }
  }

  @Test("a file from a newer glance is read but never written")
  func newerVersion() throws {
    let repository = repository()
    try repository.addEntry(Fixture.entry(Fixture.hdl, 89, on: "2025-02-15"))
    var text = try String(contentsOfFile: location.dataFile, encoding: .utf8)
    text = text.replacingOccurrences(of: "\"schemaVersion\": 1", with: "\"schemaVersion\": 2")
    try text.write(toFile: location.dataFile, atomically: false, encoding: .utf8)
    // A field this version has never heard of is skipped when reading.
    text = text.replacingOccurrences(
      of: "\"profile\": {", with: "\"futureThing\": [1, {\"a\": null}],\n  \"profile\": {")
    try text.write(toFile: location.dataFile, atomically: false, encoding: .utf8)
    let before = bytes(of: location.dataFile)
    let fresh = self.repository()
    let document = try fresh.read()
    #expect(document.entries.map(\.value) == [89])
    #expect(fresh.notice == .newerVersion(file: location.dataFile, version: 2))
    #expect(fresh.notice?.message.contains("newer glance") == true)
    let view = try fresh.view(selecting: .latest(1), allIDs: true)
    #expect(view.document.entries.map(\.value) == [89] && view.allEntryIDPrefixes.count == 1)
    #expect(throws: StorageError.newerVersion(file: location.dataFile, version: 2)) {
      try fresh.addTrackedMarker(Fixture.ldl)
    }
    #expect(throws: StorageError.newerVersion(file: location.dataFile, version: 2)) {
      try self.repository().addTrackedMarker(Fixture.ldl)
    }
    #expect(bytes(of: location.dataFile) == before)
  }

  @Test("a newer file this version cannot make sense of is refused for reading too, and kept")
  func newerAndUnreadable() throws {
    try FileManager.default.createDirectory(atPath: location.folder, withIntermediateDirectories: true)
    chmod(location.folder, 0o700)
    let text = "{\"format\": \"glance-data\", \"schemaVersion\": 7, \"entries\": \"now a string\"}\n"
    try text.write(toFile: location.dataFile, atomically: false, encoding: .utf8)
    #expect(throws: StorageError.newerVersion(file: location.dataFile, version: 7)) { try self.repository().read() }
    #expect(try String(contentsOfFile: location.dataFile, encoding: .utf8) == text)
  }

  @Test("read() sees what another repository on the same folder saved since")
  func readIsFresh() throws {
    let first = repository()
    let second = repository()
    try first.addEntry(Fixture.entry(Fixture.hdl, 89, on: "2025-02-15"))
    #expect(try first.read().entries.count == 1)
    #expect(try second.read().entries.count == 1)
    try second.addEntry(Fixture.entry(Fixture.hdl, 90, on: "2025-03-15"))
    #expect(try first.read().entries.map(\.value) == [89, 90])
    #expect(try first.getEntries(for: Fixture.hdl.id).count == 2)
    // Unchanged since: the kept copy is used (same document, no new read).
    #expect(try second.read() == first.read())
  }

  @Test("a lock file left with a looser mode is made 0600 again")
  func lockMode() throws {
    try FileManager.default.createDirectory(atPath: location.folder, withIntermediateDirectories: true)
    chmod(location.folder, 0o700)
    _ = FileManager.default.createFile(atPath: location.lockFile, contents: nil)
    chmod(location.lockFile, 0o644)
    try repository().addEntry(Fixture.entry(Fixture.hdl, 89, on: "2025-02-15"))
    #expect(mode(of: location.lockFile) == 0o600)
  }
}

/// Attacker's second look: a data file that is a symbolic link (to a file kept elsewhere) was
/// moved aside as the newest backup and replaced by a plain file: what it pointed to stopped
/// being updated, unsaid.
@Suite("LocalDataRepository: a data file that is a link")
struct DataFileLinkTests {
  @Test("a save into a folder whose data file is a symbolic link is refused, and the link left as it was")
  func refused() throws {
    let folder = TemporaryFolder()
    let real = DataLocation(folder: folder.path + "/real")
    try LocalDataRepository(location: real).addEntry(Fixture.entry(Fixture.hdl, 50, on: "2025-05-01"), summary: "add")
    let location = DataLocation(folder: folder.path + "/data")
    try PosixFileSystem().makeDirectory(location.folder, mode: 0o700)
    #expect(symlink(real.dataFile, location.dataFile) == 0)
    let repository = LocalDataRepository(location: location)
    #expect(try repository.read().entries.count == 1, "reading through the link works")
    let error = try #require(throws: StorageError.self) {
      try repository.addEntry(Fixture.entry(Fixture.hdl, 55, on: "2025-05-02"), summary: "add")
    }
    #expect(error.kind == .dataFile && error.message.contains("symbolic link"), "\(error.message)")
    var info = stat()
    #expect(lstat(location.dataFile, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
    #expect(try LocalDataRepository(location: real).read().entries.count == 1)
  }
}

@Suite("LocalDataRepository: damaged files")
struct DamagedFileTests {
  /// A folder with a data file of two entries and its backups.
  static func prepared() throws -> (TemporaryFolder, DataLocation, [UInt8]) {
    let folder = TemporaryFolder()
    let location = DataLocation(folder: folder.path + "/glance")
    let repository = LocalDataRepository(location: location, clock: { Fixture.now })
    try repository.addEntry(Fixture.entry(Fixture.hdl, 89, on: "2025-02-15"))
    try repository.addEntry(Fixture.entry(Fixture.hdl, 91, on: "2025-03-15", note: "é 😀 \"quoted\""))
    return (folder, location, try #require(bytes(of: location.dataFile)))
  }

  /// Loads after replacing the data file with `damaged`; checks nothing crashes or overwrites it.
  static func check(_ damaged: [UInt8], location: DataLocation, original: [UInt8]) throws {
    _ = FileManager.default.createFile(atPath: location.dataFile, contents: Data(damaged))
    let repository = LocalDataRepository(location: location, clock: { Fixture.now })
    do {
      let document = try repository.read()
      if let notice = repository.notice {
        guard case .usedBackup(_, _, let backup, _) = notice else { return }
        #expect(backup == location.backupFile(1))
        #expect(document.entries.count == 1)
        // Writes are refused while the data file is damaged, and name the backup.
        #expect(throws: StorageError.self) { try repository.addTrackedMarker(Fixture.ldl) }
      }
    } catch let error as StorageError {
      guard case .damaged = error else {
        Issue.record("unexpected \(error)")
        return
      }
    }
    #expect(bytes(of: location.dataFile) == damaged, "a damaged file was overwritten")
  }

  @Test("every truncation of a valid file is caught, never overwritten")
  func truncations() throws {
    let (folder, location, original) = try Self.prepared()
    _ = folder
    for length in 0..<original.count {
      try Self.check(Array(original.prefix(length)), location: location, original: original)
    }
  }

  @Test("thousands of single-byte flips never crash and never get overwritten")
  func byteFlips() throws {
    let (folder, location, original) = try Self.prepared()
    _ = folder
    var generator = SeededGenerator(seed: 42)
    for _ in 0..<3000 {
      var damaged = original
      let index = Int.random(in: 0..<damaged.count, using: &generator)
      damaged[index] = UInt8.random(in: 0...255, using: &generator)
      try Self.check(damaged, location: location, original: original)
    }
  }

  @Test("a damaged file is reported with its position, and the backup that restores it")
  func messages() throws {
    let (folder, location, original) = try Self.prepared()
    _ = folder
    var damaged = original
    damaged.removeLast(20)
    _ = FileManager.default.createFile(atPath: location.dataFile, contents: Data(damaged))
    let repository = LocalDataRepository(location: location, clock: { Fixture.now })
    let document = try repository.read()
    #expect(document.entries.map(\.value) == [89])
    let notice = try #require(repository.notice)
    #expect(notice.message.contains(location.backupFile(1)))
    #expect(notice.message.contains("line "))
    do {
      try repository.addTrackedMarker(Fixture.ldl)
      Issue.record("a write over a damaged file succeeded")
    } catch let error as StorageError {
      guard case .damaged(let file, let reason, let backup, _) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(file == location.dataFile)
      #expect(reason.contains("line"))
      #expect(backup == location.backupFile(1))
      #expect(error.message.contains("cp '\(location.backupFile(1))'"))
      // (The random folder name may hold "89" itself.)
      let message = error.message.replacingOccurrences(of: location.folder, with: "FOLDER")
      #expect(!message.contains("89"), "health values must not appear in errors")
    }
    #expect(bytes(of: location.dataFile) == damaged)
  }

  @Test("with no readable backup the error says so and the file is kept")
  func noBackup() throws {
    let folder = TemporaryFolder()
    let location = DataLocation(folder: folder.path + "/glance")
    try FileManager.default.createDirectory(
      atPath: location.folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    _ = FileManager.default.createFile(atPath: location.dataFile, contents: Data("{\"format\": ".utf8))
    let repository = LocalDataRepository(location: location, clock: { Fixture.now })
    #expect(throws: StorageError.self) { try repository.read() }
    #expect(throws: StorageError.self) { try repository.addTrackedMarker(Fixture.hdl) }
    #expect(bytes(of: location.dataFile) == Array("{\"format\": ".utf8))
  }
}

@Suite("LocalDataRepository: fault injection")
struct FaultInjectionTests {
  @Test(
    "a failing save step leaves the old document intact and reports the error",
    arguments: SaveStep.allCases.filter { $0 != .map }, [false, true])
  func failingStep(step: SaveStep, persistent: Bool) throws {
    let folder = TemporaryFolder()
    let location = DataLocation(folder: folder.path + "/glance")
    let healthy = LocalDataRepository(location: location, clock: { Fixture.now })
    try healthy.addEntry(Fixture.entry(Fixture.hdl, 89, on: "2025-02-15"))
    try healthy.addEntry(Fixture.entry(Fixture.hdl, 90, on: "2025-02-16"))
    let before = try #require(bytes(of: location.dataFile))

    let faulty = FaultyFileSystem(failing: step, persistent: persistent)
    let repository = LocalDataRepository(location: location, fileSystem: faulty, clock: { Fixture.now })
    let entry = Fixture.entry(Fixture.hdl, 91, on: "2025-02-17")
    do {
      try repository.addEntry(entry)
      Issue.record("the save succeeded despite a failing \(step)")
    } catch let error as StorageError {
      switch (step, error) {
      case (.syncFolder, .notDurable): break
      case (_, .io(let failure)):
        #expect(failure.operation.hasPrefix("injected"))
        // Named as a person knows it: never a descriptor or a temporary name (attacker review).
        if [.create, .write, .sync, .close].contains(step) { #expect(failure.path == location.dataFile) }
      default: Issue.record("unexpected \(error)")
      }
    }
    #expect(faulty.failures == 1)
    let after = try #require(bytes(of: location.dataFile))
    if step == .syncFolder {
      // After the rename the new document is in place: old or new, never a mix.
      #expect(try DocumentCodec.decode(after).entries.count == 3)
    } else {
      #expect(after == before, "the old document changed")
    }
    #expect(try DocumentCodec.decode(after).entries.count >= 2)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: location.folder).filter {
      $0.contains(".tmp-")
    }
    #expect(leftovers.isEmpty, "temporary files left behind: \(leftovers)")

    // Once the fault clears (or for a one-off fault), the next save works and nothing was lost.
    let retry = LocalDataRepository(
      location: location, fileSystem: persistent ? PosixFileSystem() : faulty, clock: { Fixture.now })
    try retry.addEntry(Fixture.entry(Fixture.hdl, 92, on: "2025-02-18"))
    #expect(try retry.read().entries.count == (step == .syncFolder ? 4 : 3))
  }

  /// A folder after seven saves: five distinct backups.
  static func folderWithBackups() throws -> (TemporaryFolder, DataLocation) {
    let folder = TemporaryFolder()
    let location = DataLocation(folder: folder.path + "/glance")
    let repository = LocalDataRepository(location: location, clock: { Fixture.now })
    for day in 1...7 { try repository.addEntry(Fixture.entry(Fixture.hdl, Double(50 + day), on: "2025-02-0\(day)")) }
    return (folder, location)
  }

  enum Immutable: String, CaseIterable, CustomTestStringConvertible {
    /// The data file (chattr +i): the rename fails, and it can't be linked, so backups are copies.
    case dataFile
    /// A backup in the middle: rotating fails part way.
    case newestBackup, thirdBackup
    var testDescription: String { rawValue }
  }

  @Test(
    "saves that keep failing leave the backups as they were, but for the oldest once (attacker review)",
    arguments: Immutable.allCases)
  func failedSavesKeepBackups(immutable: Immutable) throws {
    let (folder, location) = try Self.folderWithBackups()
    _ = folder
    let current = bytes(of: location.dataFile)
    let before = (1...5).map { bytes(of: location.backupFile($0)) }
    #expect(Set(before.map { $0 ?? [] }).count == 5)
    let faulty = FaultyFileSystem(failing: nil, persistent: true)
    switch immutable {
    case .dataFile:
      faulty.immutable = [location.dataFile]
      faulty.refusesLinks = true
    case .newestBackup: faulty.immutable = [location.backupFile(1)]
    case .thirdBackup: faulty.immutable = [location.backupFile(3)]
    }
    for attempt in 0..<6 {
      let repository = LocalDataRepository(location: location, fileSystem: faulty, clock: { Fixture.now })
      #expect(throws: StorageError.self) {
        try repository.addEntry(Fixture.entry(Fixture.hdl, Double(70 + attempt), on: "2025-03-01"))
      }
    }
    #expect(bytes(of: location.dataFile) == current)
    // Every backup in its place; the oldest went once, to make room, and no other.
    #expect((1...4).map { bytes(of: location.backupFile($0)) } == Array(before.prefix(4)))
    #expect(bytes(of: location.backupFile(5)) == nil)
    let names = try FileManager.default.contentsOfDirectory(atPath: location.folder)
    #expect(!names.contains { $0.contains(".tmp-") }, "\(names)")
    // Once the file can be written again, the next save rotates as usual.
    faulty.immutable = []
    faulty.refusesLinks = false
    try LocalDataRepository(location: location, fileSystem: faulty, clock: { Fixture.now })
      .addEntry(Fixture.entry(Fixture.hdl, 80, on: "2025-03-02"))
    #expect(bytes(of: location.backupFile(1)) == current)
    #expect((2...5).map { bytes(of: location.backupFile($0)) } == Array(before.prefix(4)))
  }

  @Test("a save killed between moving the newest backup and keeping the current file: the gap is filled")
  func backupGap() throws {
    let (folder, location) = try Self.folderWithBackups()
    _ = folder
    // As the rotation left it when killed: .1 moved to .2 and so on, the current file not yet kept.
    for generation in stride(from: 4, through: 1, by: -1) {
      try PosixFileSystem().rename(location.backupFile(generation), location.backupFile(generation + 1))
    }
    let current = bytes(of: location.dataFile)
    let before = (2...5).map { bytes(of: location.backupFile($0)) }
    try LocalDataRepository(location: location, clock: { Fixture.now })
      .addEntry(Fixture.entry(Fixture.hdl, 80, on: "2025-03-01"))
    #expect(bytes(of: location.backupFile(1)) == current)
    #expect((2...5).map { bytes(of: location.backupFile($0)) } == before)
  }

  @Test("a file system without hard links still gets backups, by copy")
  func noHardLinks() throws {
    let folder = TemporaryFolder()
    let location = DataLocation(folder: folder.path + "/glance")
    let faulty = FaultyFileSystem(failing: .link, persistent: true, code: EPERM)
    let repository = LocalDataRepository(location: location, fileSystem: faulty, clock: { Fixture.now })
    try repository.addTrackedMarker(Fixture.hdl)
    let first = bytes(of: location.dataFile)
    try repository.addTrackedMarker(Fixture.ldl)
    #expect(bytes(of: location.backupFile(1)) == first)
    #expect(mode(of: location.backupFile(1)) == 0o600)
  }
}
