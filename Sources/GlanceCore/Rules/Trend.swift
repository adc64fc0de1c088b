/// The trend arrow of a marker (PRD §5.3), the one trend rule of glance (home, show, add and prep
/// all use it):
///
/// - only plain readings count: a censored value (`<0.1`) neither forms nor breaks a trend (a
///   change in the assay's reporting limit is not a change in the person), and a reading beyond
///   the marker's plausible range (a slip the person confirmed) stays out;
/// - the run: the longest stretch of them ending with the latest, each strictly above (or each
///   strictly below) the one before, at least three readings;
/// - and the change from the run's first reading to its last at least the marker's minimum
///   meaningful change (`ClinicalRule.minimumChangePercent`, a reference change value): smaller
///   moves are within normal biological variation;
/// - "good" only where the marker's direction says so (higher-is-better rising, lower-is-better
///   falling), never while the latest reading is out of range; for an in-range marker, moving
///   away from the middle of the range is "worth watching" and anything else is just "rising"
///   or "falling" (a two-sided range has no good direction).
///
/// The arrow (home, show, add) and the prep item are the same run: an arrow that is worth
/// watching is always a prep item, and the other way round.
public struct Trend: Equatable, Sendable {
  public enum Arrow: Equatable, Sendable { case up, down, none }
  /// Whether the movement is good news for this marker.
  public enum Meaning: Equatable, Sendable { case good, concerning, neutral }

  public var arrow: Arrow
  public var meaning: Meaning

  public static let none = Trend(arrow: .none, meaning: .neutral)

  /// The shortest run of readings that counts as a trend.
  public static let minimumRun = 3

  /// The readings of `entries` (oldest first) that count for a trend of `definition`: a day's
  /// last. A trend is movement beyond day-to-day variation; a day's repeats (a redraw after a
  /// hemolysed sample, 4.0, 5.0 and 6.1 in one morning) are not three days moving one way.
  public static func readings(_ entries: [MarkerEntry], of definition: MarkerDefinition) -> [MarkerEntry] {
    let counted = entries.filterSharing { $0.comparator == nil && !definition.isOffScale($0.value) }
    return counted.indices.dropLast().allSatisfy({ counted[$0].dateOfService != counted[$0 + 1].dateOfService })
      ? counted
      : counted.indices.filter { $0 == counted.count - 1 || counted[$0].dateOfService != counted[$0 + 1].dateOfService }
        .map { counted[$0] }
  }

  /// True when moving from `first` to `last` is at least `minimumChangePercent` of `first`.
  public static func isMeaningful(from first: Double, to last: Double, minimumChangePercent: Double?) -> Bool {
    guard let minimumChangePercent else { return first != last }
    guard first != 0 else { return last != 0 }
    return abs(last - first) / abs(first) * 100 >= minimumChangePercent - 1e-9
  }

  /// The trend of a marker's `entries` (oldest first), judged against `range`.
  public static func of(_ entries: [MarkerEntry], definition: MarkerDefinition, range: ReferenceRange) -> Trend {
    let rule = definition.isSystemDefined ? ClinicalRules.rule(for: definition.key) : nil
    return of(
      readings(entries, of: definition).map(\.value), direction: definition.direction, range: range,
      minimumChangePercent: rule?.minimumChangePercent)
  }

  /// How many of `values` (oldest first) make the run ending with the last: each strictly above
  /// (or each strictly below) the one before; 1 when the last two are equal.
  public static func runLength(_ values: [Double]) -> Int {
    guard values.count >= 2 else { return values.count }
    let rising = values[values.count - 1] > values[values.count - 2]
    var start = values.count - 1
    while start > 0 {
      let step = values[start] - values[start - 1]
      if rising ? step > 0 : step < 0 { start -= 1 } else { break }
    }
    return values.count - start
  }

  /// The trend of `values` (oldest first) for a marker with `direction` judged against `range`.
  public static func of(
    _ values: [Double], direction: Direction, range: ReferenceRange, minimumChangePercent: Double? = nil
  ) -> Trend {
    let run = runLength(values)
    guard run >= minimumRun, let last = values.last else { return .none }
    let first = values[values.count - run]
    guard isMeaningful(from: first, to: last, minimumChangePercent: minimumChangePercent) else { return .none }
    let arrow: Arrow = last > first ? .up : .down
    return Trend(arrow: arrow, meaning: meaning(of: arrow, from: first, to: last, direction: direction, range: range))
  }

  /// Good or concerning for `direction`; for in-range markers, moving away from the middle of the
  /// range is concerning and anything else neutral (no range: neutral).
  static func meaning(of arrow: Arrow, from first: Double, to last: Double, direction: Direction, range: ReferenceRange)
    -> Meaning
  {
    // Out of range, moving further out is concerning whatever the direction says, and moving
    // back is not yet good news.
    if range.isAbove(last) { return arrow == .up ? .concerning : .neutral }
    if range.isBelow(last) { return arrow == .down ? .concerning : .neutral }
    switch (direction, arrow) {
    case (_, .none): return .neutral
    case (.higherIsBetter, .up), (.lowerIsBetter, .down): return .good
    case (.higherIsBetter, .down), (.lowerIsBetter, .up): return .concerning
    case (.inRange, _):
      guard let middle = range.middle else { return .neutral }
      return abs(last - middle) > abs(first - middle) ? .concerning : .neutral
    }
  }

  /// ↑ ↓ (ASCII ^ v), or nothing.
  public func symbol(_ style: OutputStyle) -> String {
    switch arrow {
    case .up: style.symbol("↑", ascii: "^")
    case .down: style.symbol("↓", ascii: "v")
    case .none: ""
    }
  }

  public func badge(_ style: OutputStyle) -> String {
    style.paint(symbol(style), meaning == .good ? .green : meaning == .concerning ? .amber : nil)
  }

  /// "rising, good", "falling, worth watching", "steady", for screen readers and summaries.
  public var words: String {
    switch (arrow, meaning) {
    case (.none, _): "no clear trend"
    case (.up, .good): "rising (good)"
    case (.down, .good): "falling (good)"
    case (.up, .concerning): "rising (worth watching)"
    case (.down, .concerning): "falling (worth watching)"
    case (.up, .neutral): "rising"
    case (.down, .neutral): "falling"
    }
  }
}

extension ReferenceRange {
  /// The middle of a two-sided range; a one-sided range has none.
  public var middle: Double? {
    guard let low, let high else { return nil }
    return (low + high) / 2
  }
}
