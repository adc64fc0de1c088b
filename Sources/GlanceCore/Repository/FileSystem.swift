#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file-system calls a save makes, one method per step, so tests can fail any step.
///
/// `PosixFileSystem` is the real one. Each method throws `FileSystemError` with the `errno` of the
/// failing call; nothing here retries or falls back silently.
public protocol FileSystem: Sendable {
  /// The bytes of the regular file at `path`, or nil when nothing is there. Anything else (a
  /// FIFO, a device, a folder) is refused without blocking: `FileSystemError.isNotRegularFile`;
  /// a file past `InputLimits.storedFileBytes` with `EFBIG`, before it is read.
  func readFile(_ path: String) throws -> FileBytes?
  /// Mode, owner and kind (of the link's target), or nil when nothing is there.
  func status(_ path: String) throws -> FileStatus?
  func makeDirectory(_ path: String, mode: UInt16) throws
  func changeMode(_ path: String, mode: UInt16) throws
  /// Creates a new file (fails if it exists) for writing, with `mode` whatever the umask.
  func createExclusive(_ path: String, mode: UInt16) throws -> Int32
  /// Writes every byte, retrying short writes and interrupted calls.
  func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws
  /// Flushes a file to stable storage (F_FULLFSYNC on macOS).
  func sync(_ descriptor: Int32) throws
  func close(_ descriptor: Int32) throws
  func rename(_ from: String, _ to: String) throws
  func link(_ existing: String, _ new: String) throws
  func remove(_ path: String) throws
  /// Flushes a directory, so a rename inside it survives a power cut.
  func syncDirectory(_ path: String) throws
  func contentsOfDirectory(_ path: String) throws -> [String]
  /// Takes an exclusive advisory lock on `path` (created 0600 if missing), polling until
  /// `timeout` seconds have passed; nil when someone else still holds it then.
  func lockExclusive(_ path: String, timeout: Double) throws -> FileLock?
  /// The last `maximum` bytes (or fewer) of the regular file at `path`; nil when nothing is there.
  func readTail(_ path: String, maximum: Int) throws -> [UInt8]?
  /// Runs `body` over the bytes of the regular file at `path` (nil when nothing is there) and
  /// a function that lets go of the memory of its first bytes, which are read from the file
  /// again if looked at: a large file can be read through without all of it becoming memory.
  func withMappedFile<R>(
    _ path: String, _ body: (UnsafeRawBufferPointer, _ release: (Int) -> Void) throws -> R
  ) throws -> R?
}

extension FileSystem {
  /// The file read into memory; nothing is let go.
  public func withMappedFile<R>(
    _ path: String, _ body: (UnsafeRawBufferPointer, _ release: (Int) -> Void) throws -> R
  ) throws -> R? {
    guard let bytes = try readFile(path) else { return nil }
    return try bytes.withUnsafeBytes { try body($0, { _ in }) }
  }

  public func readTail(_ path: String, maximum: Int) throws -> [UInt8]? {
    guard let bytes = try readFile(path) else { return nil }
    return bytes.withUnsafeBytes { Array($0.suffix(maximum)) }
  }
}

/// A file's bytes in one buffer. Large files get memory the kernel may back with huge pages,
/// which saves thousands of page faults when a 25 MB data file is read.
public final class FileBytes: ContiguousBytes, @unchecked Sendable {
  let base: UnsafeMutablePointer<UInt8>
  let capacity: Int
  private let mapped: Bool
  /// Bytes filled so far.
  public internal(set) var count = 0
  /// The identity of the file as it was read (nil for bytes that did not come from a file).
  public internal(set) var identity: FileIdentity?

  init(capacity: Int) {
    let capacity = max(1, capacity)
    self.capacity = capacity
    (base, mapped) = LargeMemory.allocate(capacity)
  }

  /// Bytes copied from an array (tests, fault injection).
  public convenience init(_ bytes: [UInt8]) {
    self.init(capacity: bytes.count)
    bytes.withUnsafeBufferPointer { source in
      if let address = source.baseAddress { base.update(from: address, count: source.count) }
    }
    count = bytes.count
  }

  /// A copy with twice the room.
  func grown() -> FileBytes {
    let larger = FileBytes(capacity: capacity * 2)
    larger.base.update(from: base, count: count)
    larger.count = count
    return larger
  }

  public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try body(UnsafeRawBufferPointer(start: base, count: count))
  }

  /// The bytes as an array.
  public var array: [UInt8] {
    precondition(released == 0, "bytes were let go")
    return Array(UnsafeBufferPointer(start: base, count: count))
  }

  /// How many bytes from the start were let go (`release`): they read as zeros now.
  private(set) var released = 0

  /// Gives the whole pages before `end` back to the system, when the bytes were mapped: a
  /// reader that has passed them (a 180 MB sheet parsed into rows) no longer holds the file
  /// beside what it made of it. The bytes before `end` must not be read again.
  func release(upTo end: Int) {
    #if os(Linux)
      guard mapped else { return }
      let page = Int(sysconf(Int32(_SC_PAGESIZE)))
      let length = min(end, count) / page * page
      guard length > released else { return }
      _ = madvise(base, length, MADV_DONTNEED)
      released = length
    #endif
  }

  deinit { LargeMemory.free(base, capacity: capacity, mapped: mapped) }
}

/// What `FileSystem.status` reports.
public struct FileStatus: Equatable, Sendable {
  public var mode: UInt16
  public var owner: UInt32
  public var isDirectory: Bool
  public var isRegularFile: Bool
  public var size: Int64
  /// Which file this is and which version of it: saves always make a new file, so the same
  /// identity means the same bytes.
  public var identity: FileIdentity
}

/// Device, inode, size and modification time of a file.
public struct FileIdentity: Equatable, Sendable {
  public var device: UInt64
  public var inode: UInt64
  public var size: Int64
  public var modifiedSeconds: Int64
  public var modifiedNanoseconds: Int64

  init(_ info: stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    #if canImport(Darwin)
      modifiedSeconds = Int64(info.st_mtimespec.tv_sec)
      modifiedNanoseconds = Int64(info.st_mtimespec.tv_nsec)
    #else
      modifiedSeconds = Int64(info.st_mtim.tv_sec)
      modifiedNanoseconds = Int64(info.st_mtim.tv_nsec)
    #endif
  }
}

/// A held lock; released by `unlock()` (closing its descriptor).
public final class FileLock: @unchecked Sendable {
  private var descriptor: Int32

  init(descriptor: Int32) { self.descriptor = descriptor }

  public func unlock() {
    guard descriptor >= 0 else { return }
    _ = systemClose(descriptor)
    descriptor = -1
  }

  deinit { unlock() }
}

/// A failed file-system call: which one, on which path, and the `errno` it gave.
public struct FileSystemError: Error, Equatable, Sendable, CustomStringConvertible {
  public var operation: String
  public var path: String
  public var code: Int32

  public init(operation: String, path: String, code: Int32) {
    self.operation = operation
    self.path = path
    self.code = code
  }

  /// The operation of an error for something that is not a regular file where one must be.
  static let notRegularFile = "open a regular file"

  /// A FIFO, device or folder stood where a regular file must be.
  public var isNotRegularFile: Bool { operation == FileSystemError.notRegularFile }

  /// The lock file is a symbolic link (never followed).
  public var isSymbolicLink: Bool { code == ELOOP }

  public var reason: String {
    isNotRegularFile ? "it is not a regular file" : String(cString: strerror(code))
  }

  public var description: String { "\(operation) \(path): \(reason)" }
}

/// The real file system, through the C library.
public struct PosixFileSystem: FileSystem {
  public init() {}

  public func readFile(_ path: String) throws -> FileBytes? {
    // NB: O_NONBLOCK so a FIFO in the file's place opens at once (and is refused) instead of
    // hanging every command until something writes to it.
    try readBytes(path, flags: O_NONBLOCK, limit: InputLimits.storedFileBytes) { $0 == S_IFREG ? nil : EINVAL }
  }

  public func withMappedFile<R>(
    _ path: String, _ body: (UnsafeRawBufferPointer, _ release: (Int) -> Void) throws -> R
  ) throws -> R? {
    let refuse: (mode_t) -> Int32? = { $0 == S_IFREG ? nil : EINVAL }
    return try withOpenFile(path, flags: O_NONBLOCK, refuse: refuse) { descriptor, info in
      let size = Int(info.st_size)
      if size > InputLimits.storedFileBytes { throw FileSystemError(operation: "read", path: path, code: EFBIG) }
      guard size > 0 else { return try body(UnsafeRawBufferPointer(start: nil, count: 0), { _ in }) }
      guard let memory = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), memory != MAP_FAILED else {
        throw FileSystemError(operation: "map", path: path, code: errno)
      }
      defer { munmap(memory, size) }
      let page = Int(sysconf(Int32(_SC_PAGESIZE)))
      return try body(UnsafeRawBufferPointer(start: memory, count: size)) { end in
        // Whole pages only; they come back from the file if read again.
        let length = min(end, size) / page * page
        if length > 0 { _ = madvise(memory, length, MADV_DONTNEED) }
      }
    }
  }

  /// The bytes at `path` (a regular file, a pipe or a device), refused with `EFBIG` past `limit`
  /// bytes; nil when nothing is there. For imports: `glance import <(…)` reads a pipe.
  /// A FIFO is opened without blocking and read once a writer has come, within `writerWait`
  /// milliseconds (process substitution's pipe has one already); one nothing writes to is
  /// refused with `EPIPE` (attacker review: `glance import` of such a FIFO hung for ever).
  public func readInput(_ path: String, limit: Int, writerWait: Int32 = 10_000) throws -> FileBytes? {
    let folders: (mode_t) -> Int32? = { $0 == S_IFDIR ? EISDIR : nil }
    return try withOpenFile(path, flags: O_NONBLOCK, refuse: folders) { descriptor, info in
      if info.st_mode & S_IFMT == S_IFIFO {
        // NB: on Linux a FIFO no writer has opened yet reports nothing to poll (no POLLHUP).
        var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        var ready: Int32
        repeat { ready = poll(&waiting, 1, writerWait) } while ready < 0 && errno == EINTR
        guard ready > 0 else {
          throw FileSystemError(operation: FileSystemError.notRegularFile, path: path, code: EPIPE)
        }
      }
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
      return try readAll(descriptor, path: path, info: info, limit: limit)
    }
  }

  /// Opens `path` and reads it to its end, unless `refuse` gives an error code for its kind
  /// (`st_mode & S_IFMT`); nil when nothing is there.
  private func readBytes(_ path: String, flags: Int32, limit: Int?, refuse: (mode_t) -> Int32?) throws -> FileBytes? {
    try withOpenFile(path, flags: flags, refuse: refuse) { descriptor, info in
      try readAll(descriptor, path: path, info: info, limit: limit)
    }
  }

  /// Runs `body` on `path` opened for reading, with its status, unless `refuse` gives an error
  /// code for its kind (`st_mode & S_IFMT`); nil when nothing is there. The file is closed after.
  private func withOpenFile<T>(
    _ path: String, flags: Int32, refuse: (mode_t) -> Int32?, _ body: (Int32, stat) throws -> T
  ) throws -> T? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | flags)
    if descriptor < 0 {
      if errno == ENOENT { return nil }
      throw FileSystemError(operation: "open", path: path, code: errno)
    }
    defer { _ = systemClose(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw FileSystemError(operation: "stat", path: path, code: errno)
    }
    if let code = refuse(info.st_mode & S_IFMT) {
      throw FileSystemError(operation: FileSystemError.notRegularFile, path: path, code: code)
    }
    return try body(descriptor, info)
  }

  private func readAll(_ descriptor: Int32, path: String, info: stat, limit: Int?) throws -> FileBytes {
    if let limit, Int(info.st_size) > limit { throw FileSystemError(operation: "read", path: path, code: EFBIG) }
    // Room for a file that grew since the stat; read until end of file, growing if needed.
    var bytes = FileBytes(capacity: Int(info.st_size) + 4096)
    bytes.identity = FileIdentity(info)
    while true {
      let count = read(descriptor, bytes.base + bytes.count, bytes.capacity - bytes.count)
      if count < 0 {
        if errno == EINTR { continue }
        throw FileSystemError(operation: "read", path: path, code: errno)
      }
      if count == 0 { return bytes }
      bytes.count += count
      if let limit, bytes.count > limit { throw FileSystemError(operation: "read", path: path, code: EFBIG) }
      if bytes.count == bytes.capacity {
        // A stream (a pipe, /dev/zero) never grows the buffer past its limit.
        if let limit, bytes.count >= limit { throw FileSystemError(operation: "read", path: path, code: EFBIG) }
        bytes = bytes.grown()
        bytes.identity = nil  // it changed while being read: never trust it to be unchanged
      }
    }
  }

  public func readTail(_ path: String, maximum: Int) throws -> [UInt8]? {
    let onlyRegular: (mode_t) -> Int32? = { $0 == S_IFREG ? nil : EINVAL }
    return try withOpenFile(path, flags: O_NONBLOCK, refuse: onlyRegular) { descriptor, info in
      let size = Int(info.st_size)
      let wanted = min(maximum, size)
      var bytes = [UInt8](repeating: 0, count: wanted)
      var done = 0
      while done < wanted {
        let count = bytes.withUnsafeMutableBytes {
          pread(descriptor, $0.baseAddress! + done, wanted - done, off_t(size - wanted + done))
        }
        if count < 0, errno == EINTR { continue }
        if count < 0 { throw FileSystemError(operation: "read", path: path, code: errno) }
        if count == 0 { break }
        done += count
      }
      return Array(bytes.prefix(done))
    }
  }

  public func status(_ path: String) throws -> FileStatus? {
    var info = stat()
    if stat(path, &info) != 0 {
      if errno == ENOENT { return nil }
      throw FileSystemError(operation: "stat", path: path, code: errno)
    }
    let kind = info.st_mode & S_IFMT
    return FileStatus(
      mode: UInt16(info.st_mode & 0o7777), owner: UInt32(info.st_uid),
      isDirectory: kind == S_IFDIR, isRegularFile: kind == S_IFREG, size: Int64(info.st_size),
      identity: FileIdentity(info))
  }

  public func makeDirectory(_ path: String, mode: UInt16) throws {
    if mkdir(path, mode_t(mode)) != 0 {
      throw FileSystemError(operation: "mkdir", path: path, code: errno)
    }
    try changeMode(path, mode: mode)
  }

  public func changeMode(_ path: String, mode: UInt16) throws {
    if chmod(path, mode_t(mode)) != 0 {
      throw FileSystemError(operation: "chmod", path: path, code: errno)
    }
  }

  public func createExclusive(_ path: String, mode: UInt16) throws -> Int32 {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(mode))
    if descriptor < 0 { throw FileSystemError(operation: "create", path: path, code: errno) }
    // NB: the umask may have taken bits away, never added them; fchmod makes the mode exact.
    if fchmod(descriptor, mode_t(mode)) != 0 {
      let code = errno
      _ = systemClose(descriptor)
      throw FileSystemError(operation: "chmod", path: path, code: code)
    }
    return descriptor
  }

  public func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws {
    if let code = writeAll(descriptor, bytes) {
      throw FileSystemError(operation: "write", path: "fd \(descriptor)", code: code)
    }
  }

  public func sync(_ descriptor: Int32) throws {
    #if canImport(Darwin)
      if fcntl(descriptor, F_FULLFSYNC) == 0 { return }
    #endif
    if fsync(descriptor) != 0 {
      throw FileSystemError(operation: "fsync", path: "fd \(descriptor)", code: errno)
    }
  }

  public func close(_ descriptor: Int32) throws {
    if systemClose(descriptor) != 0 {
      throw FileSystemError(operation: "close", path: "fd \(descriptor)", code: errno)
    }
  }

  public func rename(_ from: String, _ to: String) throws {
    if systemRename(from, to) != 0 {
      throw FileSystemError(operation: "rename", path: from, code: errno)
    }
  }

  public func link(_ existing: String, _ new: String) throws {
    if systemLink(existing, new) != 0 {
      throw FileSystemError(operation: "link", path: new, code: errno)
    }
  }

  public func remove(_ path: String) throws {
    if unlink(path) != 0, errno != ENOENT {
      throw FileSystemError(operation: "unlink", path: path, code: errno)
    }
  }

  /// Removes an empty folder.
  public func removeDirectory(_ path: String) throws {
    if rmdir(path) != 0, errno != ENOENT {
      throw FileSystemError(operation: "rmdir", path: path, code: errno)
    }
  }

  public func syncDirectory(_ path: String) throws {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    if descriptor < 0 { throw FileSystemError(operation: "open", path: path, code: errno) }
    defer { _ = systemClose(descriptor) }
    try sync(descriptor)
  }

  /// A new folder, private to this user, named `prefix` and six random characters, in `parent`.
  public func makeTemporaryDirectory(in parent: String, prefix: String) throws -> String {
    let base = parent.hasSuffix("/") ? parent : parent + "/"
    var template = Array((base + prefix + "XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkdtemp($0) != nil } ?? false
    }
    guard made else { throw FileSystemError(operation: "mkdtemp", path: parent, code: errno) }
    return template.withUnsafeBufferPointer { buffer in
      buffer.baseAddress.map { String(cString: $0) } ?? base
    }
  }

  public func contentsOfDirectory(_ path: String) throws -> [String] {
    guard let directory = opendir(path) else {
      throw FileSystemError(operation: "opendir", path: path, code: errno)
    }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }

  public func lockExclusive(_ path: String, timeout: Double) throws -> FileLock? {
    // NB: O_NOFOLLOW: a symbolic link in the lock's place would have glance open, and chmod,
    // whatever it points at.
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
    if descriptor < 0 { throw FileSystemError(operation: "open", path: path, code: errno) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid() else {
      _ = systemClose(descriptor)
      throw FileSystemError(operation: FileSystemError.notRegularFile, path: path, code: EINVAL)
    }
    // The mode given to open is cut by the umask; like the data file, the lock is 0600 whatever it is.
    _ = fchmod(descriptor, 0o600)
    let deadline = monotonicSeconds() + timeout
    while true {
      if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return FileLock(descriptor: descriptor) }
      let code = errno
      guard code == EWOULDBLOCK || code == EINTR else {
        _ = systemClose(descriptor)
        throw FileSystemError(operation: "flock", path: path, code: code)
      }
      if monotonicSeconds() >= deadline {
        _ = systemClose(descriptor)
        return nil
      }
      usleep(10_000)
    }
  }
}
