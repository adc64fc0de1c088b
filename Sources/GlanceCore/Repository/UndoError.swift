/// An undo that cannot be taken as it stands. Nothing was changed.
public enum UndoError: GlanceError, Equatable {
  /// The step would remove a custom marker whose readings a later change added, and that change
  /// is no longer in the undo history (`undo --forget`): the readings would have no marker.
  case leavesReadingsWithoutMarker(step: String, marker: String, key: String, readings: Int)
  /// The step would put back a reading, visit or marker glance refuses (the file was edited).
  case damagedStep
  /// The step edited a reading or visit that a later change, since dropped from the history
  /// (`undo --forget`), deleted: undoing the edit would bring it back.
  case changedSinceDeleted
  /// The step edited a reading or visit that has changed since, by a change no longer in the
  /// history: undoing the edit would undo that change too.
  case changedSince

  public var message: String {
    switch self {
    case .leavesReadingsWithoutMarker(let step, let marker, let key, let readings):
      // A custom marker's key is letters, digits and hyphens; anything else is quoted for the shell.
      let plain = key.utf8.allSatisfy { $0 == 0x2D || (0x30...0x39).contains($0) || (0x61...0x7A).contains($0) }
      let them = readings == 1 ? "it" : "them"
      return "Undoing “\(TerminalText.oneLine(step))” would remove your custom marker "
        + "\(TerminalText.oneLine(marker)), but \(counted(readings, "reading")) of it "
        + "\(readings == 1 ? "was" : "were") added by a change no longer in the undo history. Nothing was "
        + "changed. Delete \(them) first (glance show \(plain ? key : ShellQuote.quote(key)) lists \(them)), "
        + "or drop this step from the history too: glance undo --forget"
    case .changedSinceDeleted:
      return "The newest change in the undo history edited a reading or visit that a later change, since dropped "
        + "from the history (glance undo --forget), deleted: undoing the edit would bring it back. Nothing was "
        + "changed. To bring it back, add it again; glance undo --forget drops this change from the history too."
    case .changedSince:
      return "The newest change in the undo history edited a reading or visit that has changed since, by a change "
        + "no longer in the history (glance undo --forget): undoing the edit would undo that change too. Nothing "
        + "was changed. Edit it as you want it (glance edit ID); glance undo --forget drops this change from the "
        + "history too."
    case .damagedStep:
      return "The newest change's undo record would put back a reading or visit glance refuses (the data file was "
        + "changed outside glance). Nothing was undone; glance undo --forget drops that change from the history "
        + "and leaves your data as it is."
    }
  }

  public var kind: ErrorKind {
    switch self {
    case .leavesReadingsWithoutMarker: .refused
    case .damagedStep: .dataFile
    case .changedSinceDeleted, .changedSince: .refused
    }
  }
}
