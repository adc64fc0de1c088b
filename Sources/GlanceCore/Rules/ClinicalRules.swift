/// What glance knows about judging a library marker beyond its reference range: which bounds a
/// guideline states as strict, the critical limits, the smallest change that is more than
/// biological and analytical noise, and staged categories. Every figure names its source here
/// and in `docs/MarkerLibrary.md` (`ClinicalRulesTests` keeps the two equal).
///
/// Custom markers have no rule: glance knows nothing medical about them.
public struct ClinicalRule: Sendable, Equatable {
  /// A one-sided limit as a source states it: "≥ 6.5", "> 180", "< 2.5", "≤ 40".
  public enum Limit: Sendable, Equatable {
    case atLeast(Double)
    case above(Double)
    case atMost(Double)
    case below(Double)

    public func contains(_ value: Double) -> Bool {
      switch self {
      case .atLeast(let limit): value >= limit
      case .above(let limit): value > limit
      case .atMost(let limit): value <= limit
      case .below(let limit): value < limit
      }
    }

    public var value: Double {
      switch self {
      case .atLeast(let limit), .above(let limit), .atMost(let limit), .below(let limit): limit
      }
    }

    /// The same kind of limit at `transform(value)`: a limit in another unit.
    public func map(_ transform: (Double) -> Double) -> Limit {
      switch self {
      case .atLeast(let limit): .atLeast(transform(limit))
      case .above(let limit): .above(transform(limit))
      case .atMost(let limit): .atMost(transform(limit))
      case .below(let limit): .below(transform(limit))
      }
    }

    /// "≥ 6.5", "< 2.5" (ASCII: ">= 6.5").
    public func text(ascii: Bool = false) -> String {
      let number = ValueText.number(value)
      switch self {
      case .atLeast: return (ascii ? ">=" : "≥") + " " + number
      case .above: return "> " + number
      case .atMost: return (ascii ? "<=" : "≤") + " " + number
      case .below: return "< " + number
      }
    }
  }

  /// A named stage above the high bound, as a guideline names it ("elevated" for systolic
  /// 120–129 mmHg): from `from` (inclusive) up to the next stage.
  public struct Stage: Sendable, Equatable {
    public var from: Double
    public var words: String
    /// True when the stage is only "worth watching" (amber), not out of range (red).
    public var isWatch: Bool

    public init(from: Double, words: String, isWatch: Bool = false) {
      self.from = from
      self.words = words
      self.isWatch = isWatch
    }
  }

  public var key: String
  /// The guideline's low bound is strict ("more than").
  public var lowStrict: Bool
  /// The guideline's high bound is strict ("<100").
  public var highStrict: Bool
  /// Readings in these limits are critical: far enough outside the range that laboratories call
  /// them in (typical critical-value lists).
  public var criticalLow: Limit?
  public var criticalHigh: Limit?
  /// The smallest change, in percent of the earlier value, that is more than within-person
  /// biological variation plus analytical imprecision (a reference change value). A trend
  /// needs its readings to move at least this much from first to last.
  public var minimumChangePercent: Double?
  /// False when a value below the low bound means nothing clinically (a lab prints a lower
  /// limit for ALT, but a low ALT is not a finding): such values are not flagged.
  public var flagsLow: Bool
  /// Named stages above the high bound (blood pressure), lowest first.
  public var stages: [Stage]
  /// Ranges written for men and for women; the library's default range is the span both share
  /// the edges of, used when the person has not said.
  public var male: ReferenceRange?
  public var female: ReferenceRange?
  /// The range in the marker's SI unit, where the guideline states its own SI figures (ADA: fasting
  /// glucose below 100 mg/dL and below 5.6 mmol/L; KDIGO: UACR below 30 mg/g and below 3 mg/mmol).
  /// The two are rounded separately, so a value entered in the SI unit is judged by the SI figure,
  /// not after conversion (3.0 mg/mmol is 26.55 mg/g, and in KDIGO's A2 all the same).
  public var siRange: ReferenceRange?
  /// Where each figure comes from: guideline or organisation and year.
  public var source: String

  public init(
    key: String, lowStrict: Bool = false, highStrict: Bool = false, criticalLow: Limit? = nil,
    criticalHigh: Limit? = nil, minimumChangePercent: Double? = nil, flagsLow: Bool = true, stages: [Stage] = [],
    male: ReferenceRange? = nil, female: ReferenceRange? = nil, siRange: ReferenceRange? = nil, source: String
  ) {
    self.siRange = siRange
    self.male = male
    self.female = female
    self.key = key
    self.lowStrict = lowStrict
    self.highStrict = highStrict
    self.criticalLow = criticalLow
    self.criticalHigh = criticalHigh
    self.minimumChangePercent = minimumChangePercent
    self.flagsLow = flagsLow
    self.stages = stages
    self.source = source
  }

  /// The range written for `sex`, if the rule has one.
  public func range(for sex: Sex) -> ReferenceRange? { sex == .male ? male : female }

  /// True when `value` is in a critical limit.
  public func isCritical(_ value: Double) -> Bool {
    (criticalLow?.contains(value) ?? false) || (criticalHigh?.contains(value) ?? false)
  }
}

public enum ClinicalRules {
  /// The rule of the library marker `key`, nil for one with none (and for custom markers).
  public static func rule(for key: String) -> ClinicalRule? {
    guard let index = keys.firstIndex(of: key) else { return nil }
    return all[index]
  }

  static let keys = all.map(\.key)

  /// Every rule, in library order.
  public static let all: [ClinicalRule] = table
}
