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
  public static func write(_ bytes: [UInt8], to path: String, fileSystem: any FileSystem = PosixFileSystem()) throws {
    // Not a regular file (a terminal, a pipe, /dev/null): write straight into it, never rename over it.
    if let status = try? fileSystem.status(path), !status.isRegularFile, !status.isDirectory {
      let descriptor = open(path, O_WRONLY | O_CLOEXEC)
      guard descriptor >= 0 else { throw ExportError.cannotWrite(path: path, reason: String(cString: strerror(errno))) }
      defer { _ = systemClose(descriptor) }
      do {
        try bytes.withUnsafeBytes { try fileSystem.write(descriptor, $0) }
      } catch let error as FileSystemError {
        throw ExportError.cannotWrite(path: path, reason: error.reason)
      }
      return
    }
    let folder = PathText.parent(path)
    let directory = folder.isEmpty ? "." : folder
    let temporary = directory + "/." + PathText.lastComponent(path) + ".tmp-\(getpid())"
    do {
      try? fileSystem.remove(temporary)
      let descriptor = try fileSystem.createExclusive(temporary, mode: 0o600)
      do {
        try bytes.withUnsafeBytes { try fileSystem.write(descriptor, $0) }
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

/// Why an export could not be written.
public enum ExportError: GlanceError, Equatable {
  case cannotWrite(path: String, reason: String)

  public var message: String {
    switch self {
    case .cannotWrite(let path, let reason): "glance could not write \(path): \(reason). Nothing was exported."
    }
  }

  public var exitStatus: ExitStatus { .dataFile }
}
