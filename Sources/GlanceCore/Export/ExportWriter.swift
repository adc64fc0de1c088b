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

/// Writes an export file: readable by its owner only (0600), complete or not at all (a temporary
/// file beside it, flushed, then renamed into place).
public enum ExportWriter {
  /// Writes `bytes` to `path`; a path inside `dataFolder` (the live data file, its backups or
  /// lock) is refused: an export there would replace them without the lock or a backup.
  public static func write(
    _ bytes: [UInt8], to path: String, dataFolder: String? = nil, fileSystem: any FileSystem = PosixFileSystem()
  ) throws {
    try write(to: path, dataFolder: dataFolder, fileSystem: fileSystem) { sink in try bytes.withUnsafeBytes(sink) }
  }

  /// Writes what `produce` hands its sink, a chunk at a time, to `path`, as `write(_:to:)` writes
  /// bytes: a large export is never held whole.
  public static func write(
    to path: String, dataFolder: String? = nil, fileSystem: any FileSystem = PosixFileSystem(),
    _ produce: (_ sink: (UnsafeRawBufferPointer) throws -> Void) throws -> Void
  ) throws {
    if let dataFolder { try refuseInside(dataFolder, path) }
    // Not a regular file (a terminal, a pipe, /dev/null): write straight into it, never rename over it.
    if let status = try? fileSystem.status(path), !status.isRegularFile, !status.isDirectory {
      // Opened without waiting: a named pipe nothing reads from is refused, not waited on for
      // ever (attacker's second look); then written as usual.
      let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NONBLOCK)
      guard descriptor >= 0 else {
        let reason = errno == ENXIO ? "it is a pipe nothing reads from" : String(cString: strerror(errno))
        throw ExportError.cannotWrite(path: path, reason: reason)
      }
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
      defer { _ = systemClose(descriptor) }
      do {
        try produce { try fileSystem.write(descriptor, $0) }
      } catch let error as FileSystemError {
        throw ExportError.cannotWrite(path: path, reason: error.reason)
      }
      return
    }
    try refuseLink(path)
    let folder = PathText.parent(path)
    let directory = folder.isEmpty ? "." : folder
    let prefix = "." + PathText.lastComponent(path) + ".tmp-"
    let temporary = directory + "/" + prefix + "\(getpid())"
    // An export killed part way left its temporary file (a private copy of the data): this one
    // and those of exports no longer running go.
    let stale = ((try? fileSystem.contentsOfDirectory(directory)) ?? []).filter { name in
      guard name.hasPrefix(prefix), let pid = Int32(name.dropFirst(prefix.count)), pid > 0 else { return false }
      return pid == getpid() || (kill(pid, 0) != 0 && errno == ESRCH)
    }
    do {
      for name in stale { try? fileSystem.remove(directory + "/" + name) }
      let descriptor = try fileSystem.createExclusive(temporary, mode: 0o600)
      do {
        try produce { try fileSystem.write(descriptor, $0) }
        try fileSystem.sync(descriptor)
      } catch {
        try? fileSystem.close(descriptor)
        try? fileSystem.remove(temporary)
        throw error
      }
      do {
        // NB: never close twice: after a failed close the descriptor is already released.
        try fileSystem.close(descriptor)
        try fileSystem.rename(temporary, path)
      } catch {
        try? fileSystem.remove(temporary)
        throw error
      }
    } catch let error as FileSystemError {
      throw ExportError.cannotWrite(path: path, reason: error.reason)
    }
  }
}

extension ExportWriter {
  /// Whether `path` is a regular file already there, to ask before replacing it; a path that
  /// cannot be looked at (a name too long, a folder that is a file) is not one, and its write
  /// then fails as a write (attacker's second look: it stopped as a bug).
  public static func existingFile(_ path: String, fileSystem: any FileSystem = PosixFileSystem()) -> Bool {
    (try? fileSystem.status(path))??.isRegularFile == true
  }
}

extension ExportWriter {
  /// Refuses a target that is a symbolic link to a file or to nothing: the new file would be
  /// renamed over the link itself, not its target (attacker review: `-o /dev/stdout` with
  /// standard output in a file replaced /dev/stdout). A link to a pipe or a terminal is written
  /// through (`write` opens it) and passes here.
  public static func refuseLink(_ path: String) throws(ExportError) {
    var link = stat()
    guard lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK else { return }
    var target = stat()
    if stat(path, &target) == 0, target.st_mode & S_IFMT != S_IFREG, target.st_mode & S_IFMT != S_IFDIR { return }
    throw .cannotWrite(
      path: path,
      reason:
        "it is a symbolic link, and glance writes a new private file in its place; name the file it points to, or leave out -o to write to standard output"
    )
  }

  /// Refuses an export target inside the data folder (checked before any question is asked).
  public static func refuseInside(_ dataFolder: String, _ path: String) throws(ExportError) {
    if let target = resolvedPath(path), let folder = resolvedPath(dataFolder),
      target == folder || PathText.parent(target) == folder
    {
      throw .insideDataFolder(path: path)
    }
  }
}

/// The absolute path `path` names, symbolic links followed; for a file not there yet, its
/// folder's real path and its name. Nil when even the folder cannot be found.
func resolvedPath(_ path: String) -> String? {
  func real(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
  if let whole = real(path) { return whole }
  let parent = PathText.parent(path)
  guard let folder = real(parent.isEmpty ? "." : parent) else { return nil }
  return (folder == "/" ? "" : folder) + "/" + PathText.lastComponent(path)
}

/// Why an export could not be written.
public enum ExportError: GlanceError, Equatable {
  case cannotWrite(path: String, reason: String)
  case insideDataFolder(path: String)
  /// Records `import` would refuse (a data file edited by hand): the export would not restore.
  case wouldNotRestore([String], json: Bool)
  /// A FHIR or CSV export larger than `glance import` reads (`InputLimits.fileBytes`).
  case tooLargeToImport(megabytes: Int)
  /// What was read is not the data file: a backup in place of a damaged one, or what this
  /// version understands of a newer one's.
  case notTheDataFile(StorageNotice)

  /// Refuses an export of what is not the data file itself (attacker review at stop 37: with a
  /// damaged data file, `export --json -o backup.json` wrote the older backup and exited 0,
  /// said only in a note on stderr).
  public static func checkSource(_ notice: StorageNotice?) throws(ExportError) {
    if let notice { throw .notTheDataFile(notice) }
  }

  public var message: String {
    switch self {
    case .notTheDataFile(.usedBackup(_, _, let backup, _)):
      "So a file written now would hold the backup \(PathText.shown(backup)), the version before the latest change(s), not your data. Nothing was written. Restore the data file with the command above, then try again."
    case .notTheDataFile(.newerVersion):
      "So a file written by this glance would leave out what it does not understand of your data. Nothing was written. Update glance, then try again."
    case .cannotWrite(let path, let reason):
      "glance could not write \(PathText.shown(path)): \(reason). Nothing was exported."
    case .insideDataFolder(let path):
      "\(PathText.shown(path)) is inside glance's data folder, where an export would replace your data or its backups. "
        + "Nothing was exported; choose a file outside it."
    case .wouldNotRestore(let records, let json):
      "Your data holds \(counted(records.count, "record")) that glance would refuse to import again "
        + "(the data file was changed outside glance), so a backup of it would not restore. Nothing was exported. "
        + "Change or delete \(records.count == 1 ? "it" : "each") first, or export anyway with --yes"
        + (json
          ? " (glance import --salvage then brings back all but \(records.count == 1 ? "it" : "these")):\n"
          : " (a reading of a marker glance does not know is not in it; importing it refuses any other until fixed in the file):\n")
        + records.prefix(20).map { "  " + $0 }.joinedText("\n")
        + (records.count > 20 ? "\n  … and \(records.count - 20) more." : "")
    case .tooLargeToImport(let megabytes):
      "This file would be \(grouped(megabytes)) MB, more than glance imports (\(InputLimits.fileBytes >> 20) MB), so "
        + "glance could not read it back. Nothing was exported. For a backup, use glance export --json; to write it "
        + "anyway (for a health-record system), add --yes."
    }
  }

  public var kind: ErrorKind {
    switch self {
    case .wouldNotRestore, .tooLargeToImport: .refused
    case .cannotWrite, .insideDataFolder, .notTheDataFile: .dataFile
    }
  }
}
