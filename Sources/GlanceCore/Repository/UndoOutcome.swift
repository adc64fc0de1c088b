#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What `undo` took back: the step, and how many of the readings and visits it removes were
/// already gone, removed since by a change dropped from the undo history (`undo --forget`) or by
/// hand. Attacker review at stop 40: an undo that found nothing to take back said "Undid".
public struct UndoOutcome: Equatable, Sendable {
  public var step: UndoStep
  /// The readings and visits the step removes, and of those, the ones that were not there.
  public var removedReadings = 0
  public var goneReadings = 0
  public var removedVisits = 0
  public var goneVisits = 0
  /// True when the step puts a reading or visit back (a delete's or an edit's undo).
  public var putsBack = false

  /// What `operations` remove; what of it was gone is counted as they are applied
  /// (`GlanceDocument.Applied`), with no pass of its own over 100,000 readings.
  init(step: UndoStep, removing operations: [Operation]) {
    self.step = step
    for operation in operations {
      switch operation {
      case .removeEntry: removedReadings += 1
      case .removeVisit: removedVisits += 1
      default: break
      }
    }
  }

  /// What `glance undo` says: "Undid: …", with what was already gone; or, when nothing of the
  /// step was left to take back, that.
  public var message: String {
    let gone = goneReadings + goneVisits
    guard gone > 0 else { return "Undid: \(step.shownSummary)" }
    func part(_ gone: Int, of removed: Int, _ noun: String) -> String? {
      guard gone > 0 else { return nil }
      if gone < removed { return "\(gone) of the \(removed) \(noun)s" }
      return removed == 1 ? "the \(noun)" : "the \(removed) \(noun)s"
    }
    let parts = [part(goneReadings, of: removedReadings, "reading"), part(goneVisits, of: removedVisits, "visit")]
      .compactMap { $0 }.joinedText(" and ")
    let verb = gone == 1 ? "was" : "were"
    let why = "(removed since by a change no longer in the undo history)"
    if gone == removedReadings + removedVisits, !putsBack {
      return
        "Nothing was left to take back: \(parts) \(quoted(step.shownSummary)) added \(verb) already gone \(why). It is off the undo history now."
    }
    return
      "Undid: \(step.shownSummary)\n\(parts.prefix(1).uppercased() + parts.dropFirst()) it added \(verb) already gone \(why)."
  }
}
