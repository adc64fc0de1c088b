/// Where a value stands against a range (PRD §5.3, DESIGN §6).
///
/// - out of range: below the low bound or above the high bound (a value on a bound is in range);
/// - watch: in range, but within 10% of the range's width of a bound (one-sided range: within
///   10% of the bound's own value);
/// - normal: in range and not near a bound;
/// - none: no range to judge by.
public enum MarkerStatus: Equatable, Sendable {
  case low
  case high
  case watchLow
  case watchHigh
  case normal
  case noRange

  /// Judges `value` against `range`.
  public static func of(_ value: Double, in range: ReferenceRange) -> MarkerStatus {
    let low = range.low
    let high = range.high
    if let low, value < low { return .low }
    if let high, value > high { return .high }
    switch (low, high) {
    case (nil, nil):
      return .noRange
    case (let low?, let high?):
      let margin = (high - low) / 10
      // NB: a tiny tolerance so 44 against a low of 40 with width 40 counts as "within 10%".
      let tolerance = 1e-9 * max(1, abs(high), abs(low))
      if value - low <= margin + tolerance { return .watchLow }
      if high - value <= margin + tolerance { return .watchHigh }
      return .normal
    case (let low?, nil):
      let margin = abs(low) / 10
      return value - low <= margin + 1e-9 * max(1, abs(low)) && margin > 0 ? .watchLow : .normal
    case (nil, let high?):
      let margin = abs(high) / 10
      return high - value <= margin + 1e-9 * max(1, abs(high)) && margin > 0 ? .watchHigh : .normal
    }
  }

  public var isOutOfRange: Bool { self == .low || self == .high }
  public var isWatch: Bool { self == .watchLow || self == .watchHigh }

  /// The symbol that goes with the colour, never colour alone: ✓ ▲ ! (ASCII: + ~ !).
  public func symbol(_ style: OutputStyle) -> String {
    switch self {
    case .normal: style.symbol("✓", ascii: "+")
    case .watchLow, .watchHigh: style.symbol("▲", ascii: "~")
    case .low, .high: "!"
    case .noRange: style.symbol("·", ascii: ".")
    }
  }

  public var color: OutputStyle.Color? {
    switch self {
    case .normal: .green
    case .watchLow, .watchHigh: .amber
    case .low, .high: .red
    case .noRange: nil
    }
  }

  /// Plain words: "in range", "near the low end", "above range".
  public var words: String {
    switch self {
    case .normal: "in range"
    case .watchLow: "near the low end"
    case .watchHigh: "near the high end"
    case .low: "below range"
    case .high: "above range"
    case .noRange: "no range set"
    }
  }

  /// The symbol, painted.
  public func badge(_ style: OutputStyle) -> String { style.paint(symbol(style), color) }
}
