/// The exit codes of `glance`, documented in the README; scripts can rely on them.
public enum ExitStatus: Int32, Sendable, CaseIterable {
  /// Done.
  case success = 0
  /// Something unexpected went wrong inside glance (a bug).
  case failure = 1
  /// A question needed a yes (no terminal to ask on and no `--yes`, or the answer was no);
  /// nothing was changed.
  case needsConfirmation = 3
  /// The command line itself is wrong: unknown command or option, missing argument.
  case usage = 64
  /// The input was understood but refused: an impossible value, an unknown marker, a future date,
  /// an id that matches nothing; nothing was changed.
  case refused = 65
  /// The data file or folder cannot be used: damaged, from a newer glance, unsafe permissions,
  /// a failed write. Nothing was changed.
  case dataFile = 74
  /// Another glance was saving and did not finish in time; try again.
  case busy = 75
}

/// An error that knows how to tell a person what happened and which exit code it means.
public protocol GlanceError: Error {
  /// Plain, warm words: what happened and what to do. Never a health value.
  var message: String { get }
  var exitStatus: ExitStatus { get }
}

extension StorageError: GlanceError {
  public var message: String { description }

  public var exitStatus: ExitStatus {
    switch self {
    case .busy: .busy
    case .noHome: .usage
    case .wouldBreakFile: .failure
    default: .dataFile
    }
  }
}
