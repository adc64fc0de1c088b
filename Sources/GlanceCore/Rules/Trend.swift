/// The trend arrow of a marker (PRD §5.3): the last three readings by date, strictly rising or
/// strictly falling; anything else, or fewer than three, has no arrow.
public struct Trend: Equatable, Sendable {
  public enum Arrow: Equatable, Sendable { case up, down, none }
  /// Whether the movement is good news for this marker.
  public enum Meaning: Equatable, Sendable { case good, concerning, neutral }

  public var arrow: Arrow
  public var meaning: Meaning

  public static let none = Trend(arrow: .none, meaning: .neutral)

  /// The trend of `values` (oldest first) for a marker with `direction` judged against `range`.
  public static func of(_ values: [Double], direction: Direction, range: ReferenceRange) -> Trend {
    guard values.count >= 3 else { return .none }
    let last = Array(values.suffix(3))
    let arrow: Arrow
    if last[0] < last[1] && last[1] < last[2] {
      arrow = .up
    } else if last[0] > last[1] && last[1] > last[2] {
      arrow = .down
    } else {
      return .none
    }
    return Trend(
      arrow: arrow, meaning: meaning(of: arrow, from: last[0], to: last[2], direction: direction, range: range))
  }

  /// Good or concerning for `direction`; for in-range markers, moving away from the middle of the
  /// range is concerning and towards it good (no range: neutral).
  static func meaning(of arrow: Arrow, from first: Double, to last: Double, direction: Direction, range: ReferenceRange)
    -> Meaning
  {
    switch (direction, arrow) {
    case (_, .none): return .neutral
    case (.higherIsBetter, .up), (.lowerIsBetter, .down): return .good
    case (.higherIsBetter, .down), (.lowerIsBetter, .up): return .concerning
    case (.inRange, _):
      guard let middle = range.middle else { return .neutral }
      return abs(last - middle) > abs(first - middle) ? .concerning : .good
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
