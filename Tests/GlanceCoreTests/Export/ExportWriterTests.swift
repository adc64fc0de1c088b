import Foundation
import Testing

@testable import GlanceCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// ExportWriter's contract: an export is readable by its owner only (0600), complete or not at all
/// (a temporary file beside it, flushed, then renamed into place); a terminal, pipe or /dev/null
/// is written straight into, never renamed over. DESIGN §7: files 0600.
@Suite("ExportWriter")
struct ExportWriterTests {
  /// Attacker review at stop 37: with a damaged data file an export wrote the backup and exited 0.
  @Test("an export of what is not the data file itself (a backup, a newer glance's file) is refused")
  func notTheDataFile() throws {
    try ExportError.checkSource(nil)
    for notice in [
      StorageNotice.usedBackup(file: "/d/glance.json", reason: "x", backup: "/d/glance.json.1", aside: "/d/a"),
      .newerVersion(file: "/d/glance.json", version: 99),
    ] {
      let error = try #require(throws: ExportError.self) { try ExportError.checkSource(notice) }
      #expect(error.kind == .dataFile && error.message.contains("Nothing was written"), "\(error.message)")
    }
  }

  static let payload = Array("date,marker,value\n2025-02-15,hdl,89\n".utf8)

  static func inode(_ path: String) -> UInt64? { try? PosixFileSystem().status(path)?.identity.inode }

  @Test("a new export holds exactly the bytes, is 0600 and leaves nothing else in the folder")
  func newFile() throws {
    let folder = TemporaryFolder()
    let path = folder.file("export.csv")
    try ExportWriter.write(Self.payload, to: path)
    #expect(bytes(of: path) == Self.payload)
    #expect(mode(of: path) == 0o600)
    #expect(try PosixFileSystem().contentsOfDirectory(folder.path) == ["export.csv"])
  }

  /// Attacker review: `export -o /dev/stdout` with standard output in a file replaced the link
  /// /dev/stdout itself with the export (as root); any link was renamed over, its target left
  /// stale. A link to a file (or to nothing) is refused and left as it was; one to a pipe or a
  /// terminal is still written straight into.
  @Test("a symbolic link to a file, or to nothing, is refused and left as it was", arguments: [true, false])
  func symbolicLink(targetExists: Bool) throws {
    let folder = TemporaryFolder()
    let target = folder.file("target.csv")
    if targetExists { try Data("old".utf8).write(to: URL(fileURLWithPath: target)) }
    let link = folder.file("link.csv")
    #expect(symlink(target, link) == 0)
    #expect(throws: ExportError.self) { try ExportWriter.write(Self.payload, to: link) }
    var info = stat()
    #expect(lstat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
    #expect(targetExists ? bytes(of: target) == Array("old".utf8) : !FileManager.default.fileExists(atPath: target))
    // A link to a pipe's other end (standard output in a pipe) is written into.
    let null = folder.file("null")
    #expect(symlink("/dev/null", null) == 0)
    try ExportWriter.write(Self.payload, to: null)
  }

  /// Attacker's second look: a named pipe nothing reads from blocked the export for ever, and a
  /// name too long or under a file stopped as a bug (exit 70) instead of a write that failed.
  @Test("a pipe nobody reads, a name too long and a folder that is a file are refused as writes that failed")
  func unwritableTargets() throws {
    let folder = TemporaryFolder()
    let fifo = folder.file("fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(throws: ExportError.self) { try ExportWriter.write(Self.payload, to: fifo) }
    #expect(throws: ExportError.self) {
      try ExportWriter.write(Self.payload, to: folder.file(String(repeating: "n", count: 300)))
    }
    let file = folder.file("plain")
    try Data("x".utf8).write(to: URL(fileURLWithPath: file))
    #expect(throws: ExportError.self) { try ExportWriter.write(Self.payload, to: file + "/export.csv") }
  }

  @Test("a JSON export handed over a chunk at a time is the export made whole", arguments: 0..<20)
  func chunkedJSON(seed: Int) throws {
    var generator = SeededGenerator(seed: UInt64(seed) &+ 515)
    let document = randomDocument(using: &generator, valid: true)
    var chunks: [[UInt8]] = []
    let size = try Exporter.json(document, library: .builtIn) { chunks.append(Array($0)) }
    let whole = try Exporter.json(document, library: .builtIn)
    #expect(chunks.flatMap { $0 } == whole)
    #expect(size == whole.count)
  }

  @Test("an export whose writing fails part way leaves no file and no temporary file")
  func failsPartWay() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/export.json"
    struct Stop: Error {}
    #expect(throws: Stop.self) {
      try ExportWriter.write(to: path) { sink in
        try Array("{\"format\": ".utf8).withUnsafeBytes(sink)
        throw Stop()
      }
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test("an empty export is an empty file")
  func emptyFile() throws {
    let folder = TemporaryFolder()
    try ExportWriter.write([], to: folder.file("empty.json"))
    #expect(bytes(of: folder.file("empty.json")) == [])
  }

  @Test("an existing file is replaced by a new one: 0600, new bytes, old readers keep the old bytes")
  func replacesAtomically() throws {
    let folder = TemporaryFolder()
    let path = folder.file("export.json")
    let old = Array("old export, much longer than the new one".utf8)
    #expect(FileManager.default.createFile(atPath: path, contents: Data(old)))
    #expect(chmod(path, 0o644) == 0)
    // A hard link keeps the old file reachable: an in-place rewrite would change it too.
    #expect(link(path, folder.file("old-link")) == 0)
    let before = try #require(Self.inode(path))
    try ExportWriter.write(Self.payload, to: path)
    #expect(bytes(of: path) == Self.payload)
    #expect(mode(of: path) == 0o600)
    #expect(Self.inode(path) != before)
    #expect(bytes(of: folder.file("old-link")) == old)
    #expect(try PosixFileSystem().contentsOfDirectory(folder.path) == ["export.json", "old-link"])
  }

  @Test(
    "a failed step leaves the old export as it was, no temporary file, and says why",
    arguments: [SaveStep.create, .write, .sync, .close, .rename])
  func failedStep(step: SaveStep) throws {
    let folder = TemporaryFolder()
    let path = folder.file("export.json")
    let old = Array("{\"old\":true}".utf8)
    #expect(FileManager.default.createFile(atPath: path, contents: Data(old)))
    let fileSystem = FaultyFileSystem(failing: step, persistent: true, code: ENOSPC)
    #expect(throws: ExportError.cannotWrite(path: path, reason: String(cString: strerror(ENOSPC)))) {
      try ExportWriter.write(Self.payload, to: path, fileSystem: fileSystem)
    }
    #expect(bytes(of: path) == old)
    #expect(try PosixFileSystem().contentsOfDirectory(folder.path) == ["export.json"])
  }

  @Test("a stale temporary file from an earlier run does not block the export")
  func staleTemporary() throws {
    let folder = TemporaryFolder()
    let stale = folder.file(".export.json.tmp-\(getpid())")
    #expect(FileManager.default.createFile(atPath: stale, contents: Data("half".utf8)))
    try ExportWriter.write(Self.payload, to: folder.file("export.json"))
    #expect(bytes(of: folder.file("export.json")) == Self.payload)
    #expect(try PosixFileSystem().contentsOfDirectory(folder.path) == ["export.json"])
  }

  @Test("an export killed part way leaves no private copy behind once the next export runs (attacker review)")
  func killedExportsTemporary() throws {
    let folder = TemporaryFolder()
    // Gone: a process that cannot exist. Kept: a running one's (pid 1), and a file of the person's.
    let gone = folder.file(".export.json.tmp-2147483646")
    let running = folder.file(".export.json.tmp-1")
    let own = folder.file(".export.json.tmp-notes")
    for path in [gone, running, own] { #expect(FileManager.default.createFile(atPath: path, contents: Data("x".utf8))) }
    try ExportWriter.write(Self.payload, to: folder.file("export.json"))
    #expect(
      try PosixFileSystem().contentsOfDirectory(folder.path).sorted()
        == [".export.json.tmp-1", ".export.json.tmp-notes", "export.json"])
  }

  @Test("a pipe is written straight into and stays a pipe")
  func fifo() throws {
    let folder = TemporaryFolder()
    let path = folder.file("pipe")
    #expect(mkfifo(path, 0o600) == 0)
    // A reader must be there before a writer can open the pipe; non-blocking, so this never waits.
    let reader = open(path, O_RDONLY | O_NONBLOCK)
    try #require(reader >= 0)
    defer { close(reader) }
    try ExportWriter.write(Self.payload, to: path)
    var received = [UInt8](repeating: 0, count: 4096)
    let count = read(reader, &received, received.count)
    #expect(Array(received.prefix(max(0, count))) == Self.payload)
    let status = try #require(try PosixFileSystem().status(path))
    #expect(!status.isRegularFile)
    #expect(!status.isDirectory)
    #expect(try PosixFileSystem().contentsOfDirectory(folder.path) == ["pipe"])
  }

  @Test("/dev/null takes the export and stays a device")
  func devNull() throws {
    try ExportWriter.write(Self.payload, to: "/dev/null")
    let status = try #require(try PosixFileSystem().status("/dev/null"))
    #expect(!status.isRegularFile)
    #expect(try PosixFileSystem().contentsOfDirectory("/dev").allSatisfy { !$0.hasPrefix(".null.tmp-") })
  }

  @Test("a device that refuses the bytes is a clear ExportError", .enabled(if: access("/dev/full", W_OK) == 0))
  func fullDevice() throws {
    #expect(throws: ExportError.cannotWrite(path: "/dev/full", reason: String(cString: strerror(ENOSPC)))) {
      try ExportWriter.write(Self.payload, to: "/dev/full")
    }
    #expect(try PosixFileSystem().status("/dev/full")?.isRegularFile == false)
  }

  @Test("a folder that can't be written is a clear ExportError naming the path", .enabled(if: geteuid() != 0))
  func unwritableFolder() throws {
    let folder = TemporaryFolder()
    let locked = folder.file("locked")
    #expect(mkdir(locked, 0o500) == 0)
    defer { chmod(locked, 0o700) }
    let path = locked + "/export.json"
    let expected = ExportError.cannotWrite(path: path, reason: String(cString: strerror(EACCES)))
    #expect(throws: expected) { try ExportWriter.write(Self.payload, to: path) }
    #expect(expected.message.contains(path))
    #expect(expected.message.contains("Nothing was exported"))
    #expect(expected.kind == .dataFile)
    #expect(try PosixFileSystem().contentsOfDirectory(locked).isEmpty)
  }

  @Test("sysfs refuses new files even to root: a clear ExportError", .enabled(if: access("/sys/kernel", F_OK) == 0))
  func unwritableSystemFolder() {
    let path = "/sys/glance-export.json"
    #expect(throws: ExportError.cannotWrite(path: path, reason: String(cString: strerror(EACCES)))) {
      try ExportWriter.write(Self.payload, to: path)
    }
    #expect(access(path, F_OK) != 0)
  }

  @Test(
    "a folder that isn't there, or is a file, is refused with the reason",
    arguments: [("missing/export.json", ENOENT), ("plain/export.json", ENOTDIR)])
  func noFolder(relative: String, code: Int32) throws {
    let folder = TemporaryFolder()
    #expect(FileManager.default.createFile(atPath: folder.file("plain"), contents: Data()))
    let path = folder.file(relative)
    #expect(throws: ExportError.cannotWrite(path: path, reason: String(cString: strerror(code)))) {
      try ExportWriter.write(Self.payload, to: path)
    }
  }

  @Test("a folder at the export path is refused and left alone")
  func folderAtPath() throws {
    let folder = TemporaryFolder()
    let path = folder.file("export.json")
    #expect(mkdir(path, 0o700) == 0)
    #expect(throws: ExportError.self) { try ExportWriter.write(Self.payload, to: path) }
    #expect(try PosixFileSystem().status(path)?.isDirectory == true)
    #expect(try PosixFileSystem().contentsOfDirectory(folder.path) == ["export.json"])
  }
}
