import Foundation
import Testing

@testable import GlanceCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// FileSystem's contract: each method throws FileSystemError with the errno of the failing call;
/// `readFile` and `status` give nil when nothing is there; `lockExclusive` gives nil when someone
/// else still holds the lock after `timeout` seconds.
@Suite("PosixFileSystem")
struct PosixFileSystemTests {
  static let fs = PosixFileSystem()

  static func expectError(_ operation: String, code: Int32, _ body: () throws -> Void) {
    do {
      try body()
      Issue.record("expected \(operation) to fail")
    } catch let error as FileSystemError {
      #expect(error.operation == operation)
      #expect(error.code == code, "\(error)")
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test("reading a missing file is nil, not an error")
  func readMissing() throws {
    let folder = TemporaryFolder()
    #expect(try Self.fs.readFile(folder.file("nothing.json")) == nil)
  }

  @Test("a file reads back exactly, with its identity", arguments: [0, 1, 4095, 4096, 70_000, 4 << 20 | 17])
  func readSizes(size: Int) throws {
    let folder = TemporaryFolder()
    let path = folder.file("data")
    let content = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ $0 >> 9) }
    #expect(FileManager.default.createFile(atPath: path, contents: Data(content)))
    let read = try #require(try Self.fs.readFile(path))
    #expect(read.count == size)
    #expect(read.array == content)
    #expect(read.withUnsafeBytes { Array($0) } == content)
    #expect(read.identity == (try Self.fs.status(path))?.identity)
  }

  @Test("an input longer than its size said (a pipe) is read to the end, and not trusted as unchanged")
  func growingFile() throws {
    let folder = TemporaryFolder()
    let path = folder.file("pipe")
    #expect(mkfifo(path, 0o600) == 0)
    // A pipe reports size 0 and then delivers more than the reader's first buffer.
    let content = (0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    let writer = Thread {
      let descriptor = open(path, O_WRONLY)
      guard descriptor >= 0 else { return }
      content.withUnsafeBytes { _ = try? PosixFileSystem().write(descriptor, $0) }
      close(descriptor)
    }
    writer.start()
    let read = try #require(try Self.fs.readInput(path, limit: 1 << 20))
    #expect(read.array == content)
    #expect(read.identity == nil)
  }

  /// Attacker review: `glance import p.json`, a FIFO nothing wrote to, hung for ever in open().
  @Test("an input that is a FIFO nothing writes to is refused after a wait, never waited on for ever")
  func silentFIFO() throws {
    let folder = TemporaryFolder()
    let fifo = folder.file("p.json")
    #expect(mkfifo(fifo, 0o600) == 0)
    Self.expectError(FileSystemError.notRegularFile, code: EPIPE) {
      _ = try Self.fs.readInput(fifo, limit: 1 << 20, writerWait: 50)
    }
  }

  @Test("the data file must be a regular file: a folder or a FIFO is refused at once, never waited on")
  func readFolder() throws {
    let folder = TemporaryFolder()
    Self.expectError(FileSystemError.notRegularFile, code: EINVAL) { _ = try Self.fs.readFile(folder.path) }
    let fifo = folder.file("fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    // Nothing ever writes to it: a blocking open would hang here.
    Self.expectError(FileSystemError.notRegularFile, code: EINVAL) { _ = try Self.fs.readFile(fifo) }
    Self.expectError(FileSystemError.notRegularFile, code: EISDIR) { _ = try Self.fs.readInput(folder.path, limit: 10) }
  }

  @Test("an input past its limit is refused with EFBIG, a stream as well as a file")
  func inputLimit() throws {
    let folder = TemporaryFolder()
    let path = folder.file("big")
    #expect(FileManager.default.createFile(atPath: path, contents: Data(count: 5000)))
    Self.expectError("read", code: EFBIG) { _ = try Self.fs.readInput(path, limit: 4999) }
    #expect(try Self.fs.readInput(path, limit: 5000)?.count == 5000)
    // /dev/zero never ends: the limit stops it.
    Self.expectError("read", code: EFBIG) { _ = try Self.fs.readInput("/dev/zero", limit: 100_000) }
  }

  @Test("bytes made from an array are those bytes")
  func bytesFromArray() {
    #expect(FileBytes([1, 2, 3]).array == [1, 2, 3])
    #expect(FileBytes([]).array == [])
    #expect(FileBytes([9]).identity == nil)
  }

  @Test("status: nil for nothing, the kind and mode of what is there")
  func status() throws {
    let folder = TemporaryFolder()
    #expect(try Self.fs.status(folder.file("missing")) == nil)
    let file = folder.file("file")
    #expect(FileManager.default.createFile(atPath: file, contents: Data("abc".utf8)))
    #expect(chmod(file, 0o640) == 0)
    let fileStatus = try #require(try Self.fs.status(file))
    #expect(fileStatus.isRegularFile && !fileStatus.isDirectory)
    #expect(fileStatus.mode == 0o640)
    #expect(fileStatus.size == 3)
    #expect(fileStatus.owner == geteuid())
    let folderStatus = try #require(try Self.fs.status(folder.path))
    #expect(folderStatus.isDirectory && !folderStatus.isRegularFile)
    Self.expectError("stat", code: ENOTDIR) { _ = try Self.fs.status(file + "/inside") }
  }

  @Test("removing a missing file is fine; removing a folder is an error")
  func remove() throws {
    let folder = TemporaryFolder()
    try Self.fs.remove(folder.file("never-there"))
    let file = folder.file("file")
    #expect(FileManager.default.createFile(atPath: file, contents: nil))
    try Self.fs.remove(file)
    #expect(try Self.fs.status(file) == nil)
    #expect(mkdir(folder.file("sub"), 0o700) == 0)
    do {
      try Self.fs.remove(folder.file("sub"))
      Issue.record("a folder was unlinked")
    } catch let error as FileSystemError {
      #expect(error.operation == "unlink")
      #expect(error.path == folder.file("sub"))
    }
  }

  @Test("folders and new files get exactly the mode asked for, whatever the umask")
  func modes() throws {
    let folder = TemporaryFolder()
    let old = umask(0o077)
    defer { umask(old) }
    try Self.fs.makeDirectory(folder.file("sub"), mode: 0o750)
    #expect(mode(of: folder.file("sub")) == 0o750)
    let descriptor = try Self.fs.createExclusive(folder.file("new"), mode: 0o640)
    try Self.fs.close(descriptor)
    #expect(mode(of: folder.file("new")) == 0o640)
    Self.expectError("mkdir", code: EEXIST) { try Self.fs.makeDirectory(folder.file("sub"), mode: 0o700) }
    Self.expectError("create", code: EEXIST) { _ = try Self.fs.createExclusive(folder.file("new"), mode: 0o600) }
    Self.expectError("chmod", code: ENOENT) { try Self.fs.changeMode(folder.file("missing"), mode: 0o600) }
  }

  @Test("calls on what isn't there fail with their own operation and errno")
  func missingTargets() throws {
    let folder = TemporaryFolder()
    let missing = folder.file("missing")
    Self.expectError("rename", code: ENOENT) { try Self.fs.rename(missing, folder.file("other")) }
    Self.expectError("link", code: ENOENT) { try Self.fs.link(missing, folder.file("other")) }
    Self.expectError("open", code: ENOENT) { try Self.fs.syncDirectory(missing) }
    Self.expectError("opendir", code: ENOENT) { _ = try Self.fs.contentsOfDirectory(missing) }
    Self.expectError("open", code: ENOENT) { _ = try Self.fs.lockExclusive(missing + "/glance.lock", timeout: 0) }
    #expect(FileManager.default.createFile(atPath: folder.file("a"), contents: nil))
    #expect(FileManager.default.createFile(atPath: folder.file("b"), contents: nil))
    Self.expectError("link", code: EEXIST) { try Self.fs.link(folder.file("a"), folder.file("b")) }
  }

  @Test("calls on a descriptor that is not open fail with their own operation")
  func badDescriptor() throws {
    // NB: never a descriptor this test closed itself: tests run in parallel, and the number would
    // soon belong to another test's file, which this one would then write to and close.
    let descriptor: Int32 = 1_000_000
    Self.expectError("write", code: EBADF) { try [UInt8(1)].withUnsafeBytes { try Self.fs.write(descriptor, $0) } }
    Self.expectError("fsync", code: EBADF) { try Self.fs.sync(descriptor) }
    Self.expectError("close", code: EBADF) { try Self.fs.close(descriptor) }
  }

  @Test("a folder lists its names sorted, without . and ..")
  func listing() throws {
    let folder = TemporaryFolder()
    #expect(try Self.fs.contentsOfDirectory(folder.path).isEmpty)
    for name in ["b", ".hidden", "a", "c.json"] {
      #expect(FileManager.default.createFile(atPath: folder.file(name), contents: nil))
    }
    #expect(try Self.fs.contentsOfDirectory(folder.path) == [".hidden", "a", "b", "c.json"])
  }

  @Test("a held lock makes a second taker give up after the timeout with nil; released, it is free again")
  func lockTimeout() throws {
    let folder = TemporaryFolder()
    let path = folder.file("glance.lock")
    let held = try #require(try Self.fs.lockExclusive(path, timeout: 0))
    #expect(mode(of: path) == 0o600)
    let start = monotonicSeconds()
    #expect(try Self.fs.lockExclusive(path, timeout: 0.3) == nil)
    let waited = monotonicSeconds() - start
    #expect(waited >= 0.3)
    #expect(waited < 2.5)
    held.unlock()
    held.unlock()
    let again = try #require(try Self.fs.lockExclusive(path, timeout: 0))
    again.unlock()
  }
}
