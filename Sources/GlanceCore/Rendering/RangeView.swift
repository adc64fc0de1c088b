/// What `glance range` prints after a change: the range now, and how the readings fare under it.
public enum RangeView {
  /// What `range` does: set a target, reset to the library's, or (no option) say the range now.
  public enum Change: Sendable {
    case set, reset, show
  }

  public static func render(_ snapshot: MarkerSnapshot, change: Change, style: OutputStyle) -> String {
    let marker = snapshot.definition
    // In the person's unit: a target set in mmol/L reads back in mmol/L.
    let unit = snapshot.display.unit
    // With the decimals the marker's readings need (`listPlaces`), as show and prep print it.
    let places = snapshot.listPlaces(snapshot.entries)
    let rangeText =
      ValueText.range(
        snapshot.shownRange(places: places), unit: unit, style: style, places: snapshot.rangePlaces(places)) ?? "none"
    let defaultText =
      ValueText.range(
        snapshot.shownDefaultRange, unit: unit, style: style, places: snapshot.display.decimals) ?? "none"
    // A custom marker's own range is the one the person gave it, not the library's (newcomer and
    // clinician reviews at stop 37).
    let ownText =
      marker.isSystemDefined
      ? "library default: \(defaultText)"
      : marker.defaultRange.isEmpty ? "you gave it none" : "the range you gave it: \(defaultText)"
    var lines: [String]
    switch change {
    case .set:
      lines = ["Your target range for \(marker.displayName) is now \(rangeText) (\(ownText))."]
    case .reset:
      lines = [
        "\(marker.displayName) is judged against \(marker.isSystemDefined ? "the library's range" : "the range you gave it") again: \(defaultText)."
      ]
    case .show:
      lines = [
        snapshot.hasCustomRange
          ? "\(marker.displayName) is judged against your target range: \(rangeText) (\(ownText))."
          : "\(marker.displayName) is judged against \(snapshot.range.isEmpty ? "no range" : "\(snapshot.rangeName): \(rangeText)")."
      ]
    }
    let all = snapshot.entries.count
    if all > 0 {
      let judgements = snapshot.entries.map(snapshot.judgement(of:))
      let inside = judgements.filter(\.insideTarget).count
      let outside = judgements.filter(\.status.isOutOfRange).count - inside
      lines.append(
        (all == 1 ? "Your 1 reading is" : "All \(counted(all, "reading")) are")
          + " judged against it: \(outside) outside, \(all - outside) within"
          + (inside == 0 ? "." : " (\(grouped(inside)) past a critical limit)."))
    }
    if change != .reset, snapshot.targetTakesInCritical {
      lines.append(
        "Your range takes in values past a critical limit: readings there are still marked !! and said to be looked at promptly."
      )
    }
    if change == .show {
      lines.append(
        "Set your own with glance range \(ShellQuote.key(marker.key)) --low L --high H\(snapshot.hasCustomRange ? ", or go back with --reset" : "")."
      )
    }
    return lines.joinedText("\n")
  }
}
