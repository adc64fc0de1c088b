import Foundation
import Testing

@testable import GlanceCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The save steps a test can make fail.
enum SaveStep: String, CaseIterable, CustomTestStringConvertible {
  case lock, listFolder, read, create, write, sync, close, rotate, link, rename, syncFolder
  /// Reading a large file back after writing it as it was encoded (`withMappedFile`).
  case map

  var testDescription: String { rawValue }
}

/// The real file system, except that one step fails: once, or every time.
final class FaultyFileSystem: FileSystem, @unchecked Sendable {
  let base = PosixFileSystem()
  let step: SaveStep?
  let persistent: Bool
  let code: Int32
  private(set) var failures = 0
  /// Renames onto these paths fail with EPERM, every time (an immutable file there).
  var immutable: Set<String> = []
  /// Hard links fail with EPERM (an immutable file can't be linked): backups are copied.
  var refusesLinks = false

  init(failing step: SaveStep?, persistent: Bool, code: Int32 = EIO) {
    self.step = step
    self.persistent = persistent
    self.code = code
  }

  private func check(_ candidate: SaveStep, _ path: String = "") throws {
    guard candidate == step, persistent || failures == 0 else { return }
    failures += 1
    throw FileSystemError(operation: "injected \(candidate.rawValue)", path: path, code: code)
  }

  func readFile(_ path: String) throws -> FileBytes? {
    try check(.read, path)
    return try base.readFile(path)
  }
  func withMappedFile<R>(
    _ path: String, _ body: (UnsafeRawBufferPointer, _ release: (Int) -> Void) throws -> R
  ) throws -> R? {
    try check(.map, path)
    return try base.withMappedFile(path, body)
  }
  func status(_ path: String) throws -> FileStatus? { try base.status(path) }
  func makeDirectory(_ path: String, mode: UInt16) throws { try base.makeDirectory(path, mode: mode) }
  func changeMode(_ path: String, mode: UInt16) throws { try base.changeMode(path, mode: mode) }
  func createExclusive(_ path: String, mode: UInt16) throws -> Int32 {
    try check(.create, path)
    return try base.createExclusive(path, mode: mode)
  }
  func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws {
    if step == .write, persistent || failures == 0 {
      // A short write: half the bytes land, then the error.
      try base.write(descriptor, UnsafeRawBufferPointer(rebasing: bytes[0..<(bytes.count / 2)]))
    }
    try check(.write, "fd \(descriptor)")
    try base.write(descriptor, bytes)
  }
  func sync(_ descriptor: Int32) throws {
    try check(.sync, "fd \(descriptor)")
    try base.sync(descriptor)
  }
  func close(_ descriptor: Int32) throws {
    try check(.close, "fd \(descriptor)")
    try base.close(descriptor)
  }
  func rename(_ from: String, _ to: String) throws {
    if immutable.contains(to) || immutable.contains(from) {
      throw FileSystemError(operation: "rename", path: to, code: EPERM)
    }
    try check(to.hasSuffix(".json") ? .rename : .rotate, from)
    try base.rename(from, to)
  }
  func link(_ existing: String, _ new: String) throws {
    if refusesLinks { throw FileSystemError(operation: "link", path: new, code: EPERM) }
    try check(.link, new)
    try base.link(existing, new)
  }
  func remove(_ path: String) throws { try base.remove(path) }
  func syncDirectory(_ path: String) throws {
    try check(.syncFolder, path)
    try base.syncDirectory(path)
  }
  func contentsOfDirectory(_ path: String) throws -> [String] {
    try check(.listFolder, path)
    return try base.contentsOfDirectory(path)
  }
  func lockExclusive(_ path: String, timeout: Double) throws -> FileLock? {
    try check(.lock, path)
    return try base.lockExclusive(path, timeout: timeout)
  }
}
