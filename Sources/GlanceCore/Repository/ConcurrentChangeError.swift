#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Another glance saved while this one asked a question (or worked), and what the person confirmed is
/// no longer what would change. Nothing was changed; running the command again shows the new state.
public enum ConcurrentChangeError: GlanceError, Equatable {
  /// The newest change is no longer the one `undo` asked about (nil: nothing is left to undo).
  case undoChanged(asked: String, newest: String?)
  case readingChanged
  case readingGone
  case visitChanged
  case visitGone
  /// Readings or visits were added or removed while `import --replace` asked.
  case dataChanged
  /// A custom marker a reading was for was removed meanwhile.
  case markerGone(String)
  /// The profile (sex, units) was changed meanwhile while `setup` asked about it.
  case profileChanged
  /// The same reading was saved meanwhile (`label` names its marker and day, never its value:
  /// "HDL for Feb 15, 2025").
  case duplicateAppeared(String)
  /// The same visit (day, type and doctor) was saved meanwhile.
  case visitAppeared

  public var message: String {
    switch self {
    // NB: neither change is named: their summaries hold values, and error text never does
    // (attacker review). The question above it named the one asked about.
    case .undoChanged(_, _?):
      "Another glance saved a change meanwhile, so the latest change is no longer the one you were asked about. "
        + "Nothing was undone; run glance undo again to see what it would take back."
    case .undoChanged:
      "Another glance changed your data meanwhile, and there is nothing left to undo. Nothing was changed."
    case .readingChanged:
      "Another glance changed this reading meanwhile. Nothing was changed; "
        + "look at it again with glance show, then repeat the command."
    case .readingGone:
      "This reading was deleted by another glance meanwhile. Nothing was changed."
    case .visitChanged:
      "Another glance changed this visit meanwhile. Nothing was changed; "
        + "look at it again with glance visit show, then repeat the command."
    case .visitGone:
      "This visit was deleted by another glance meanwhile. Nothing was changed."
    case .dataChanged:
      "Your data changed meanwhile (another glance saved). Nothing was replaced; "
        + "run the import again to see what it would replace now."
    case .profileChanged:
      "Another glance changed your profile (sex or units) meanwhile. Nothing was saved; run glance setup again."
    case .markerGone(let name):
      "The marker \(name) was removed by another glance meanwhile. Nothing was saved."
    case .duplicateAppeared(let label):
      "Another glance saved the same reading of \(label) meanwhile, so this would be a second copy. Nothing was saved; "
        + "run the command again to decide."
    case .visitAppeared:
      "Another glance saved the same visit meanwhile, so this would be a second copy. Nothing was saved; "
        + "run the command again to decide."
    }
  }

  public var kind: ErrorKind { .busy }
}
