#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Everything that can go wrong with the data folder and file, in words a person can act on.
///
/// No message contains a health value: they name files, reasons and fixes only.
public enum StorageError: Error, Equatable, Sendable {
  /// Another glance held the lock for longer than the timeout.
  case busy(folder: String)
  /// The data file does not decode. `backup` is the newest backup that does, if any; `aside` is
  /// where the restore command moves the damaged file (a name of its own, so running the
  /// command twice never overwrites it).
  case damaged(file: String, reason: String, backup: String?, aside: String)
  /// The file was written by a newer glance; it is read-only here.
  case newerVersion(file: String, version: Int)
  /// The data folder can be read or entered by other users.
  case unsafeFolder(folder: String, mode: UInt16)
  /// The data folder belongs to another user.
  case foreignFolder(folder: String)
  /// Something that is not a folder is where the data folder should be.
  case notAFolder(path: String)
  /// No `$HOME` (and no `$GLANCE_HOME`) to put the data folder in.
  case noHome
  /// The data folder's path (from `variable`) is not UTF-8: glance could only name another
  /// folder, with U+FFFD where the bytes were.
  case pathNotUTF8(variable: String)
  /// A file-system call failed; nothing was changed.
  case io(FileSystemError)
  /// The change was saved, but flushing the folder to disk failed.
  case notDurable(FileSystemError)
  /// The data folder is one the whole system shares (/tmp, a home folder itself): glance keeps
  /// health data only in a folder of its own, and never tightens a shared folder's mode.
  case sharedFolder(folder: String)
  /// Something other than a regular file (a FIFO, a device, a folder) is where a file must be.
  case notAFile(path: String)
  /// The lock file is a symbolic link or not glance's own file: glance never follows it.
  case unsafeLock(path: String)
  /// The person made the data file read-only: glance will not replace it.
  case readOnlyFile(file: String, mode: UInt16)
  /// The data file is a symbolic link: a save would replace the link.
  case dataFileIsLink(file: String)
  /// A value that JSON cannot hold (NaN or infinity) was about to be saved.
  case invalidNumber(field: String)
  /// The change would have left a file the reader refuses (two records with one id, a marker
  /// tracked twice, a reading of a marker that does not exist): a bug, stopped before writing.
  case wouldBreakFile(DocumentInvariantError)
  /// The file that keeps a large change's undo operations is missing or does not read: that
  /// change cannot be taken back, and nothing was changed.
  case undoRecordUnreadable(file: String, reason: String)
  /// The change would take the folder past `InputLimits.readings`.
  case folderFull(limit: Int)
  /// The change would make the folder's JSON export larger than `glance import` reads
  /// (`InputLimits.fileBytes`): it could no longer be restored from a backup.
  case tooLargeToRestore(limit: Int)
}

// The words for the person. Not `LocalizedError`: that protocol's object file drags most of
// FoundationEssentials (file manager, property lists, attributed strings) into the binary, and
// every run pays for it at start-up.
extension StorageError {
  /// `glance import --salvage ASIDE` into the folder of `file`, named: pasted where GLANCE_HOME is
  /// not set (it was given for one command, as `glance demo` shows), the records went into the
  /// default folder (attacker's second look at stop 34).
  static func salvage(_ aside: String, of file: String) -> String {
    let folder = file.lastIndex(of: "/").map { String(file[..<$0]) } ?? "."
    return
      "GLANCE_HOME=\(ShellQuote.path(folder.isEmpty ? "/" : folder)) glance import --salvage \(ShellQuote.path(aside))"
  }
}

extension StorageError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .busy(let folder):
      return
        "Another glance is saving to \(PathText.shown(folder)) right now. Nothing was changed; try again in a moment."
    case .damaged(let file, let reason, let backup, let asidePath):
      var text = "Your data file \(PathText.shown(file)) could not be read (\(reason)). It has not been changed."
      let aside = ShellQuote.path(asidePath)
      if let backup {
        text +=
          "\nThe newest good backup is \(PathText.shown(backup)), the version before the latest change(s). To restore it and then bring "
          + "back every record of the damaged file that still reads (it is kept aside, nothing is lost):"
          + "\n  mv \(ShellQuote.path(file)) \(aside) && cp \(ShellQuote.path(backup)) \(ShellQuote.path(file)) "
          + "&& " + Self.salvage(asidePath, of: file)
      } else {
        text +=
          "\nThere is no readable backup of it. Keep the file aside and bring back every record that still reads:"
          + "\n  mv \(ShellQuote.path(file)) \(aside) && " + Self.salvage(asidePath, of: file)
      }
      return text
    case .newerVersion(let file, let version):
      return
        "Your data file \(PathText.shown(file)) was written by a newer glance (schema \(version); this one knows \(GlanceDocument.currentSchemaVersion)). "
        + "Nothing was changed. Update glance to make changes."
    case .unsafeFolder(let folder, let mode):
      return
        "Your data folder \(PathText.shown(folder)) can be opened by other users (mode \(String(mode, radix: 8))). "
        + "glance keeps health data only in a private folder. Fix it with:\n  chmod 700 \(ShellQuote.path(folder))"
    case .foreignFolder(let folder):
      return
        "Your data folder \(PathText.shown(folder)) belongs to another user. Point GLANCE_HOME at a folder of your own."
    case .notAFolder(let path):
      return "\(PathText.shown(path)) is not a folder. Point GLANCE_HOME at a folder, or move that file away."
    case .sharedFolder(let folder):
      return
        "\(PathText.shown(folder)) is a folder other users or programs share, so glance will not keep health data in it. "
        + "Point GLANCE_HOME at a folder of its own (it is created for you), e.g. GLANCE_HOME=~/.local/share/glance"
    case .notAFile(let path):
      return
        "\(PathText.shown(path)) is not a regular file (a pipe, a device or a folder is there). Nothing was changed; move it away."
    case .unsafeLock(let path):
      return
        "\(PathText.shown(path)) is a symbolic link or not a file of yours, and glance never follows one. Nothing was changed; remove it:\n  rm \(ShellQuote.path(path))"
    case .dataFileIsLink(let file):
      return
        "Your data file \(PathText.shown(file)) is a symbolic link, and each save writes a new file in its place, which would replace "
        + "the link and leave what it points to behind. Nothing was changed. Point GLANCE_HOME at the folder the file "
        + "is in, or move the file itself into the data folder."
    case .readOnlyFile(let file, let mode):
      return
        "Your data file \(PathText.shown(file)) is read-only (mode \(String(mode, radix: 8))), so glance will not change it. Nothing was changed. "
        + "To allow changes again:\n  chmod 600 \(ShellQuote.path(file))"
    case .noHome:
      return "glance cannot tell where to keep your data: HOME is not set. Set GLANCE_HOME to a folder."
    case .pathNotUTF8(let variable):
      return
        "The data folder named by \(variable) has a name that is not UTF-8 text, and glance cannot name that "
        + "folder exactly (it would use another one). Nothing was changed. Set GLANCE_HOME to a folder whose name is UTF-8."
    case .io(let error):
      return "glance could not save to \(PathText.shown(error.path)): \(error.reason). Nothing was changed."
    case .notDurable(let error):
      return
        "Your change was saved, but \(PathText.shown(error.path)) could not be flushed to disk (\(error.reason)). "
        + "It may not survive a power cut; check the disk."
    case .invalidNumber(let field):
      return "A value for \(field) is not a finite number, so nothing was saved."
    case .wouldBreakFile(let error):
      return
        "glance stopped before saving: the change would leave your data file with something it refuses "
        + "(\(error.reason)). Nothing was changed. If the file was not edited by hand, please report this."
    case .folderFull(let limit):
      return
        "Your folder would hold more than \(grouped(limit)) readings, as many as glance keeps in one folder (so that "
        + "every export of it imports again). Nothing was changed."
    case .tooLargeToRestore(let limit):
      return
        "This change would make your data too large to restore from a backup: its export would be over "
        + "\(grouped(limit >> 20)) MB, the most glance imports. Nothing was changed. Long notes take the most room."
    case .undoRecordUnreadable(let file, let reason):
      return
        "The latest change cannot be taken back: \(PathText.shown(file)), which keeps what it changed, \(reason). "
        + "Nothing was changed; your data is as it was. To leave this change in place and reach older ones:"
        + "\n  glance undo --forget"
    }
  }
}
