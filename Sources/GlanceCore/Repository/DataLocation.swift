#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where the data folder is, and the names of the files glance keeps in it.
public struct DataLocation: Equatable, Sendable {
  /// The data folder (absolute).
  public var folder: String

  public init(folder: String) { self.folder = folder }

  public var dataFile: String { folder + "/glance.json" }
  public var lockFile: String { folder + "/glance.lock" }
  /// Backup `generation` (1 is the newest) of the data file.
  public func backupFile(_ generation: Int) -> String { dataFile + ".\(generation)" }
  /// The prefix of temporary files a save writes before renaming one over the data file.
  public var temporaryPrefix: String { "glance.json.tmp-" }
  /// The file that keeps the operations of a large undo step (`UndoStep.storedOperations`).
  public func undoFile(_ step: UUID) -> String { folder + "/" + undoFilePrefix + step.uuidString + ".json" }
  /// The prefix of those files' names.
  public var undoFilePrefix: String { "glance.undo-" }

  /// How many previous versions of the data file are kept beside it.
  public static let backupCount = 5

  /// The folder for this environment: `$GLANCE_HOME`, else `$XDG_DATA_HOME/glance`, else
  /// `~/.local/share/glance` (macOS: `~/Library/Application Support/Glance`).
  public static func resolve(
    environment: [String: String], currentDirectory: String
  ) throws -> DataLocation {
    let location = try resolveNamed(environment: environment, currentDirectory: currentDirectory)
    // A name that was not UTF-8 arrives with U+FFFD in place of its bytes: that names another
    // folder, which two such names share (attacker's third look at stop 34: Latin-1 "Müller"
    // and "Möller" wrote one data file, and their own folders stayed empty).
    guard !location.folder.unicodeScalars.contains("\u{FFFD}") else {
      let fromGlanceHome = !(environment["GLANCE_HOME"] ?? "").isEmpty
      let variable = fromGlanceHome ? "GLANCE_HOME" : "HOME or XDG_DATA_HOME"
      throw StorageError.pathNotUTF8(variable: variable)
    }
    return location
  }

  private static func resolveNamed(
    environment: [String: String], currentDirectory: String
  ) throws -> DataLocation {
    func absolute(_ path: String) -> String {
      let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
      return trimmed.hasPrefix("/") ? trimmed : currentDirectory + "/" + trimmed
    }
    if let home = environment["GLANCE_HOME"], !home.isEmpty {
      let folder = absolute(home)
      if isShared(folder, home: environment["HOME"].map(absolute)) { throw StorageError.sharedFolder(folder: folder) }
      return DataLocation(folder: folder)
    }
    #if os(macOS)
      if let home = environment["HOME"], !home.isEmpty {
        return DataLocation(folder: absolute(home) + "/Library/Application Support/Glance")
      }
    #else
      // The XDG spec says relative values are invalid and must be ignored.
      if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
        return DataLocation(folder: absolute(xdg) + "/glance")
      }
      if let home = environment["HOME"], !home.isEmpty {
        return DataLocation(folder: absolute(home) + "/.local/share/glance")
      }
    #endif
    throw StorageError.noHome
  }

  /// Folders the system or other people share: glance keeps its files in a folder of its own.
  static let sharedFolders: Set<String> = [
    "/", "/tmp", "/var/tmp", "/dev/shm", "/home", "/Users", "/usr", "/etc", "/var", "/opt", "/bin", "/sbin", "/lib",
    "/dev", "/proc", "/sys", "/run", "/srv", "/mnt", "/media", "/private/tmp", "/Volumes", "/root",
  ]

  /// True for a shared folder, or the person's home folder itself.
  static func isShared(_ folder: String, home: String?) -> Bool {
    var path = folder
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    return sharedFolders.contains(path) || path == home
  }
}
