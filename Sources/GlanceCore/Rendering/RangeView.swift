/// What `glance range` prints after a change: the range now, and how the readings fare under it.
public enum RangeView {
  public static func render(_ snapshot: MarkerSnapshot, reset: Bool, style: OutputStyle) -> String {
    let marker = snapshot.definition
    let rangeText = ValueText.range(snapshot.range, unit: marker.unit, style: style) ?? "none"
    let defaultText = ValueText.range(marker.defaultRange, unit: marker.unit, style: style) ?? "none"
    var lines = [
      reset
        ? "\(marker.displayName) is judged against the library's range again: \(defaultText)."
        : "Your target range for \(marker.displayName) is now \(rangeText) (library default: \(defaultText))."
    ]
    let all = snapshot.entries.count
    if all > 0 {
      let outside = snapshot.entries.filter { snapshot.status(of: $0).isOutOfRange }.count
      lines.append(
        (all == 1 ? "Your 1 reading is" : "All \(counted(all, "reading")) are")
          + " judged against it: \(outside) outside, \(all - outside) within.")
    }
    return lines.joinedText("\n")
  }
}
