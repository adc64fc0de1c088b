/// What kind of trouble an error is; the `glance` binary maps each kind to its exit code (the
/// README lists them), so the library knows nothing of exit statuses.
public enum ErrorKind: Sendable, CaseIterable {
  /// Something unexpected went wrong inside glance (a bug).
  case failure
  /// Nothing matched what was looked for (`search`), as grep's exit 1.
  case noMatch
  /// A question needed a yes (no terminal to ask on and no `--yes`, or the answer was no);
  /// nothing was changed.
  case needsConfirmation
  /// The command line itself is wrong: unknown command or option, missing argument.
  case usage
  /// The input was understood but refused: an impossible value, an unknown marker, a future date,
  /// an id that matches nothing; nothing was changed.
  case refused
  /// The data file or folder cannot be used: damaged, from a newer glance, unsafe permissions,
  /// a failed write. Nothing was changed.
  case dataFile
  /// Another glance was saving and did not finish in time, or changed what was asked about.
  case busy
}

/// An error that knows how to tell a person what happened, and what kind of trouble it is.
public protocol GlanceError: Error {
  /// Plain, warm words: what happened and what to do. Never a health value.
  var message: String { get }
  var kind: ErrorKind { get }
}

extension StorageError: GlanceError {
  public var message: String { description }

  public var kind: ErrorKind {
    switch self {
    case .busy: .busy
    case .noHome, .pathNotUTF8: .usage
    case .wouldBreakFile: .failure
    case .folderFull, .tooLargeToRestore: .refused
    default: .dataFile
    }
  }
}
