/// Where a value stands against a range (PRD §5.3, DESIGN §6, `ClinicalRules`).
///
/// - critical: in a critical limit of the marker (far outside the range);
/// - out of range: below the low bound or above the high bound, each bound strict or inclusive as
///   its guideline states it;
/// - watch: in range, but within 10% of a two-sided range's width of a bound (no source gives a
///   "near" band for a one-sided limit, so one-sided ranges have none), or a guideline's
///   watch stage (blood pressure "elevated");
/// - indeterminate: a censored value (`<5`) whose possible values lie both in and out of range;
/// - normal: in range and not near a bound;
/// - none: no range to judge by.
public enum MarkerStatus: Hashable, Sendable {
  case criticalLow
  case criticalHigh
  case low
  case high
  case watchLow
  case watchHigh
  case normal
  case indeterminate
  case noRange

  /// Judges a plain value against `range` (no critical limits).
  public static func of(_ value: Double, in range: ReferenceRange) -> MarkerStatus {
    Judgement.of(value, comparator: nil, range: range, rule: nil).status
  }

  public var isCritical: Bool { self == .criticalLow || self == .criticalHigh }
  public var isOutOfRange: Bool { self == .low || self == .high || isCritical }
  public var isWatch: Bool { self == .watchLow || self == .watchHigh }
  public var isLowSide: Bool { self == .low || self == .criticalLow || self == .watchLow }

  /// How much attention the status asks for, most first: critical 3, out of range 2, watch 1.
  public var severity: Int {
    switch self {
    case .criticalLow, .criticalHigh: 3
    case .low, .high: 2
    case .watchLow, .watchHigh: 1
    case .normal, .indeterminate, .noRange: 0
    }
  }

  /// The symbol that goes with the colour, never colour alone: ✓ ▲ ! ‼ ? (ASCII: + ~ ! !! ?).
  public func symbol(_ style: OutputStyle) -> String {
    switch self {
    case .normal: style.symbol("✓", ascii: "+")
    case .watchLow, .watchHigh: style.symbol("▲", ascii: "~")
    case .low, .high: "!"
    case .criticalLow, .criticalHigh: "!!"
    case .indeterminate: "?"
    case .noRange: style.symbol("·", ascii: ".")
    }
  }

  public var color: OutputStyle.Color? {
    switch self {
    case .normal: .green
    case .watchLow, .watchHigh: .amber
    case .low, .high, .criticalLow, .criticalHigh: .red
    case .indeterminate, .noRange: nil
    }
  }

  /// Plain words: "in range", "near the low end", "above range", "far above range".
  public var words: String {
    switch self {
    case .normal: "in range"
    case .watchLow: "near the low end"
    case .watchHigh: "near the high end"
    case .low: "below range"
    case .high: "above range"
    case .criticalLow: "far below range"
    case .criticalHigh: "far above range"
    case .indeterminate: "cannot tell against the range"
    case .noRange: "no range set"
    }
  }

  /// The badge padded to `width` columns, so names line up when "!!" is among the rows.
  public func badge(_ style: OutputStyle, paddedTo width: Int) -> String {
    badge(style) + String(repeating: " ", count: max(0, width - TextWidth.of(symbol(style))))
  }

  /// The symbol, painted (critical in bold as well).
  public func badge(_ style: OutputStyle) -> String {
    let badge = style.paint(symbol(style), color)
    return isCritical ? style.paint(badge, .bold) : badge
  }
}

/// A reading judged: its status and the words for it (a guideline's stage name where there is
/// one: blood pressure 125 is "elevated", not "above range").
public struct Judgement: Equatable, Sendable {
  public var status: MarkerStatus
  public var words: String
  /// No sex given, and the value is outside the range written for one sex.
  public var dependsOnSex = false
  /// Judged otherwise than the stored value against the stored range: as typed in SI
  /// (`ClinicalRule.siRange`, or a bound as an SI lab prints it), or as the person's lab prints
  /// it (`MarkerSnapshot.printedSI`).
  public var asEntered = false
  /// A lab's bound outside the range whose values reach a critical limit: potassium "<2.9" may
  /// be at or below 2.8 (clinician's second look: worded as merely low).
  public var mayBeCritical = false
  /// Critical, though inside the person's own target range (`MarkerSnapshot.judgement(of:)`).
  public var insideTarget = false
  /// Beyond the library's plausible range for the marker (`MarkerDefinition.isOffScale`): a
  /// value to check against the report, critical or not judged (`beyondPlausible(_:rule:)`).
  public var beyondPlausible = false
  /// Beyond the plausible range, judged as the reading another unit makes of the number
  /// ("20000 /µL (20 10³/µL)"): said beside the range (`MarkerSnapshot.beyondPlausibleJudgement`).
  public var readAs: String?
  /// Critical by a test's critical limit on a marker of the person's own, which may have no range
  /// (`MarkerSnapshot.leftOut`): its advice speaks of the limit, not of "the range".
  public var byCriticalLimit = false

  public init(status: MarkerStatus, words: String? = nil, dependsOnSex: Bool = false) {
    self.status = status
    self.words = words ?? status.words
    self.dependsOnSex = dependsOnSex
  }

  public func badge(_ style: OutputStyle) -> String { status.badge(style) }

  /// The words of a custom marker's reading past the critical limit of the test it is
  /// (`MarkerSnapshot.leftOut`): "below glance's critical limit for glucose".
  static func leftOutCriticalWords(_ status: MarkerStatus, _ test: LeftOutCritical) -> String {
    "\(status.isLowSide ? "below" : "above") glance's critical limit for \(test.noun)"
  }

  /// The sentence said after a critical reading, inside the PRD's wording rules.
  public static let criticalAdvice =
    "Values this far outside the range are usually looked at promptly. Consider contacting your care team soon."

  /// The same, after a critical reading inside the person's own target range.
  public static let criticalInsideAdvice =
    "Values past such a limit are usually looked at promptly. Consider contacting your care team soon."

  /// The sentence said after this reading when it is critical; nil otherwise.
  public var criticalSentence: String? {
    guard status.isCritical else { return nil }
    return insideTarget || byCriticalLimit ? Self.criticalInsideAdvice : Self.criticalAdvice
  }

  /// What a critical reading inside the person's own target range is: in a sentence, and as a
  /// status's words.
  public static let insideTargetWords = "inside your target range but past a critical limit"
  public static let criticalInsideWords = "past a critical limit, inside your target range"

  /// A value beyond the plausible range: critical when past a critical limit of `rule`
  /// (clinician review at stop 40: a fasting glucose of 900, a potassium of 1.2, a hemoglobin of
  /// 2.0 are rare but real, and were "?"), else not judged; nil when it is not judged by its
  /// limits (`MarkerSnapshot.beyondPlausibleJudgement`: most likely another unit's number). Either
  /// way it is named as a value to check against the report.
  static func beyondPlausible(_ value: Double, rule: ClinicalRule?) -> Judgement {
    let check = "beyond the plausible range: check it against the report"
    var judgement =
      if let rule, rule.criticalHigh?.contains(value) == true {
        Judgement(status: .criticalHigh, words: MarkerStatus.criticalHigh.words + ", " + check)
      } else if let rule, rule.criticalLow?.contains(value) == true {
        Judgement(status: .criticalLow, words: MarkerStatus.criticalLow.words + ", " + check)
      } else {
        Judgement(status: .indeterminate, words: check)
      }
    judgement.beyondPlausible = true
    return judgement
  }

  /// Judges `value` (a bound when `comparator` is set) against `range`, with `rule`'s critical
  /// limits and stages.
  public static func of(_ value: Double, comparator: ValueComparator?, range: ReferenceRange, rule: ClinicalRule?)
    -> Judgement
  {
    if let comparator { return censored(value, comparator, range: range, rule: rule) }
    if let rule, rule.criticalHigh?.contains(value) == true { return Judgement(status: .criticalHigh) }
    if let rule, rule.criticalLow?.contains(value) == true { return Judgement(status: .criticalLow) }
    if range.isBelow(value) { return Judgement(status: .low) }
    if range.isAbove(value) {
      if let stage = rule?.stages.last(where: { value >= $0.from }) {
        return Judgement(status: stage.isWatch ? .watchHigh : .high, words: stage.words)
      }
      return Judgement(status: .high)
    }
    guard let low = range.low, let high = range.high else {
      return Judgement(status: range.isEmpty ? .noRange : .normal)
    }
    let margin = (high - low) / 10
    // NB: a tiny tolerance so 44 against a low of 40 with width 40 counts as "within 10%".
    let tolerance = 1e-9 * max(1, abs(high), abs(low))
    if value - low <= margin + tolerance { return Judgement(status: .watchLow) }
    if high - value <= margin + tolerance { return Judgement(status: .watchHigh) }
    return Judgement(status: .normal)
  }

  /// A censored value stands for every value on one side of its bound: in range when all of them
  /// are, out of range (or critical) when all of them are, and indeterminate otherwise. It is
  /// never "near" a bound.
  static func censored(_ bound: Double, _ comparator: ValueComparator, range: ReferenceRange, rule: ClinicalRule?)
    -> Judgement
  {
    if range.isEmpty { return Judgement(status: .noRange) }
    switch comparator {
    case .lessThan, .lessThanOrEqual:
      // Every possible value is at most `bound` (strictly below it for "<").
      let inclusive = comparator == .lessThanOrEqual
      if let critical = rule?.criticalLow, wholeRay(below: bound, inclusive: inclusive, in: critical) {
        return Judgement(status: .criticalLow)
      }
      if let low = range.low, inclusive ? (range.lowStrict ? bound <= low : bound < low) : bound <= low {
        return mayReach(rule?.criticalLow, Judgement(status: .low), side: "below")
      }
      guard range.low == nil else { return Judgement(status: .indeterminate) }
      if let high = range.high, inclusive && range.highStrict ? bound >= high : bound > high {
        return Judgement(status: .indeterminate)
      }
      return Judgement(status: .normal)
    case .greaterThan, .greaterThanOrEqual:
      let inclusive = comparator == .greaterThanOrEqual
      if let critical = rule?.criticalHigh, wholeRay(above: bound, inclusive: inclusive, in: critical) {
        return Judgement(status: .criticalHigh)
      }
      if let high = range.high, inclusive ? (range.highStrict ? bound >= high : bound > high) : bound >= high {
        return mayReach(rule?.criticalHigh, Judgement(status: .high), side: "above")
      }
      guard range.high == nil else { return Judgement(status: .indeterminate) }
      if let low = range.low, inclusive && range.lowStrict ? bound <= low : bound < low {
        return Judgement(status: .indeterminate)
      }
      return Judgement(status: .normal)
    }
  }

  /// `judgement` of a bound out of range, saying it may be critical when a critical `limit` lies
  /// on its side (the bound's values run on past it, with no end).
  private static func mayReach(_ limit: ClinicalRule.Limit?, _ judgement: Judgement, side: String) -> Judgement {
    guard limit != nil else { return judgement }
    var judgement = judgement
    judgement.words += ", and may be far \(side) it"
    judgement.mayBeCritical = true
    return judgement
  }

  /// True when every value below `bound` is in `limit` (a low critical limit).
  static func wholeRay(below bound: Double, inclusive: Bool, in limit: ClinicalRule.Limit) -> Bool {
    switch limit {
    case .atMost(let value): bound <= value
    case .below(let value): inclusive ? bound < value : bound <= value
    case .atLeast, .above: false
    }
  }

  /// True when every value above `bound` is in `limit` (a high critical limit).
  static func wholeRay(above bound: Double, inclusive: Bool, in limit: ClinicalRule.Limit) -> Bool {
    switch limit {
    case .atLeast(let value): bound >= value
    case .above(let value): inclusive ? bound > value : bound >= value
    case .atMost, .below: false
    }
  }
}
