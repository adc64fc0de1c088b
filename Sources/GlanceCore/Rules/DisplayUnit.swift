#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How a person reads their results: the units of the US (mg/dL, lb) or SI units (mmol/L, kg).
public enum UnitSystem: String, Codable, Sendable, CaseIterable {
  case conventional
  case si
}

/// The unit a marker's values are shown in, and how a stored value (always in the marker's own
/// unit, so rules and ranges judge it the same whatever is shown) becomes a value in it, with the
/// decimals a lab prints in that unit (`siDecimals`, sourced in docs/MarkerLibrary.md).
public struct DisplayUnit: Equatable, Sendable {
  public let unit: String
  /// shown = (stored − offset) × factor.
  let factor: Double
  let offset: Double
  /// Decimals a lab prints in this unit; nil for the marker's own unit (a value is shown with
  /// the digits it was typed with).
  public let decimals: Int?
  /// True when the person chose this unit (`glance units`), false for the library's own by default.
  public var isChoice = false

  /// The marker's own unit: values as stored.
  public static func own(_ marker: MarkerDefinition) -> DisplayUnit {
    DisplayUnit(unit: marker.unit, factor: 1, offset: 0, decimals: nil)
  }

  /// `unit` for `marker`, as glance spells it, when a stored value can be shown in it: the
  /// marker's own unit (or a synonym), its SI unit, or another unit labs report it in with a
  /// fixed factor (hemoglobin in mmol/L). Nil for any other unit.
  public static func of(_ marker: MarkerDefinition, unit: String) -> DisplayUnit? {
    let wanted = UnitConverter.normalize(unit)
    if wanted == UnitConverter.normalize(marker.unit)
      || marker.unitSynonyms.contains(where: { UnitConverter.normalize($0) == wanted })
    {
      return own(marker)
    }
    if let siUnit = marker.siUnit, let factor = marker.siFactor, factor > 0, UnitConverter.normalize(siUnit) == wanted {
      return DisplayUnit(unit: siUnit, factor: factor, offset: marker.siOffset ?? 0, decimals: marker.siDecimals)
    }
    guard marker.isSystemDefined,
      let other = UnitConverter.otherUnits.first(where: {
        $0.key == marker.key && UnitConverter.normalize($0.unit) == wanted
      }), let factor = other.factor, factor > 0
    else { return nil }
    return DisplayUnit(unit: other.unit, factor: 1 / factor, offset: 0, decimals: marker.decimals)
  }

  /// The unit `marker` is shown in for a person: their choice for it, else their system's (SI:
  /// the marker's SI unit when it has one), else its own.
  public static func preferred(_ marker: MarkerDefinition, system: UnitSystem?, choice: String?) -> DisplayUnit {
    var unit = own(marker)
    if let choice, let chosen = of(marker, unit: choice) {
      unit = chosen
    } else if system == .si, let siUnit = marker.siUnit, let si = of(marker, unit: siUnit) {
      unit = si
    }
    unit.isChoice = choice != nil || system != nil
    return unit
  }

  public var isOwn: Bool { factor == 1 && offset == 0 && decimals == nil }

  /// A stored value in this unit, unrounded.
  public func exact(_ stored: Double) -> Double { isOwn ? stored : (stored - offset) * factor }

  /// A value in this unit as stored, in the marker's unit: `exact` undone.
  public func stored(_ shown: Double) -> Double { isOwn ? shown : shown / factor + offset }

  /// A stored value in this unit, as a lab prints it.
  public func value(_ stored: Double, comparator: ValueComparator? = nil) -> Double {
    guard let decimals else { return exact(stored) }
    return rounded(exact(stored), decimals, comparator)
  }

  /// A reading's value in this unit: as typed when it was typed in this unit (5.9 mmol/L stays
  /// 5.9, nothing lost to a round trip), else converted and printed as a lab would.
  public func value(
    of entry: MarkerEntry, marker: MarkerDefinition, range: ReferenceRange? = nil, rule: ClinicalRule? = nil,
    judged: (() -> MarkerStatus)? = nil
  ) -> Double {
    shown(entry, marker: marker, range: range, rule: rule, judged: judged).value
  }

  /// The decimals a value of `marker` is printed with in this unit, at least (`6.0` mmol/L): a
  /// lab's for a converted unit, nil in the marker's own (a value shows the digits typed).
  public func places(of entry: MarkerEntry, marker: MarkerDefinition) -> Int? {
    if let decimals { return decimals }
    // At least the lab's decimals, more as typed: an A1c of 6.0 is "6.0%", never "6%", beside
    // 5.6 and 5.8 (newcomer and clinician reviews this session: potassium 3.0 was "3 mEq/L").
    // A custom marker's readings keep their digits as typed (its decimals are the person's), and
    // a lab's bound its own (">100", never ">100.0").
    let converted = entry.entered != nil && entry.entered(for: marker) != nil
    let padded = marker.isSystemDefined && marker.decimals > 0 && entry.comparator == nil
    return converted || padded ? marker.decimals : nil
  }

  /// A reading's value and `range` in this unit, printed as a lab would and never contradicting
  /// the reading's status: where rounding would put the value and the bound on sides other than
  /// the stored ones (HDL 39 mg/dL is 1.01 mmol/L against at least 40 mg/dL, 1.03 mmol/L: "1.0"
  /// against "at least 1.0" would read as in range), both get a decimal more, up to two more.
  /// Likewise for `rule`'s critical limits: potassium 6.19 is "6.19", never "6.2" (critical at
  /// ≥ 6.2) beside a mere "!".
  /// `judged`: the reading's status, when its critical judgement may not be its stored value's
  /// (glucose 2.8 mmol/L, critical by an SI lab's limit, is 50.45 mg/dL and printed 50, at the
  /// ≤ 50 one); asked only where a printing would reach a critical limit.
  public func shown(
    _ entry: MarkerEntry, marker: MarkerDefinition, range: ReferenceRange?, rule: ClinicalRule? = nil,
    judged: (() -> MarkerStatus)? = nil
  ) -> (value: Double, range: ReferenceRange?) {
    let shown = shownWithPlaces(entry, marker: marker, range: range, rule: rule, judged: judged)
    return (shown.value, shown.range)
  }

  /// `shown`, and the decimals it chose (nil in the marker's own unit, as typed).
  func shownWithPlaces(
    _ entry: MarkerEntry, marker: MarkerDefinition, range: ReferenceRange?, rule: ClinicalRule? = nil,
    judged: (() -> MarkerStatus)? = nil
  ) -> (value: Double, range: ReferenceRange?, places: Int?) {
    var typed: Double?
    if let entered = entry.entered(for: marker), UnitConverter.normalize(entered.unit) == UnitConverter.normalize(unit)
    {
      typed = entered.value
    }
    // In the marker's own unit a typed value shows the digits it was typed with; a converted
    // one (stored with a digit more than a lab prints, so nothing is lost) as a lab prints it.
    let converted = isOwn && entry.entered != nil && typed == nil && entry.entered(for: marker) != nil
    guard let base = decimals ?? (converted ? marker.decimals : nil) else {
      return (typed ?? entry.value, range.map { self.range($0) }, nil)
    }
    let exact = exact(converted ? entry.exactValue(for: marker) : entry.value)
    guard let range else { return (typed ?? rounded(exact, base, entry.comparator), nil, base) }
    // The critical limits in this unit, exactly: a printed value is on the side of each that
    // the reading is.
    let criticalLow = rule?.criticalLow?.map { self.exact($0) }
    let criticalHigh = rule?.criticalHigh?.map { self.exact($0) }
    func side(_ value: Double, _ range: ReferenceRange, stored: Bool = false) -> Int {
      if (stored ? rule?.criticalLow : criticalLow)?.contains(value) == true { return -2 }
      if (stored ? rule?.criticalHigh : criticalHigh)?.contains(value) == true { return 2 }
      return range.isBelow(value) ? -1 : range.isAbove(value) ? 1 : 0
    }
    var stored = side(entry.exactValue(for: marker), range, stored: true)
    var asked = false
    for places in base...(base + 2) {
      let value = typed ?? rounded(exact, places, entry.comparator)
      let shownRange = isOwn ? range : self.range(range, decimals: places)
      let printed = side(value, shownRange)
      if printed != stored, !asked, let judged, abs(printed) == 2 || abs(stored) == 2 {
        // Critical or not as the reading is judged, not as its stored value alone.
        asked = true
        let status = judged()
        if status.isCritical { stored = status.isLowSide ? -2 : 2 } else if abs(stored) == 2 { stored = stored / 2 }
      }
      if printed == stored { return (value, shownRange, places) }
    }
    return (
      typed ?? rounded(exact, base + 2, entry.comparator),
      isOwn ? range : self.range(range, decimals: base + 2), base + 2
    )
  }

  /// `value` with `places` decimals; a lab's bound rounded so that it stays true (">1000 mg/dL"
  /// is ">11.2 mmol/L", never the stronger ">11.3"; "<100 mg/dL" is "<2.6").
  func rounded(_ value: Double, _ places: Int, _ comparator: ValueComparator?) -> Double {
    let scale = (0..<places).reduce(1.0) { result, _ in result * 10 }
    switch comparator {
    // NB: the factor forgives the last bit of floating-point noise (0.7 × 10 is 7.000000000000001).
    case .greaterThan?, .greaterThanOrEqual?:
      return (value * scale * (1 + 1e-12)).rounded(.down) / scale
    case .lessThan?, .lessThanOrEqual?:
      return (value * scale * (1 - 1e-12)).rounded(.up) / scale
    case nil:
      return UnitConverter.round(value, decimals: places)
    }
  }

  /// A range in this unit: its bounds converted and printed as a lab would (`exactly`: unrounded,
  /// for comparing).
  public func range(_ range: ReferenceRange, exactly: Bool = false) -> ReferenceRange {
    guard !isOwn else { return range }
    var shown = range
    shown.low = range.low.map { exactly ? exact($0) : value($0) }
    shown.high = range.high.map { exactly ? exact($0) : value($0) }
    return shown
  }

  /// `rule` with its critical limits and stages in this unit, as a lab prints them.
  func printed(_ rule: ClinicalRule) -> ClinicalRule {
    guard let decimals else { return rule }
    func printed(_ bound: Double) -> Double { UnitConverter.round(exact(bound), decimals: decimals) }
    var result = rule
    result.criticalLow = rule.criticalLow?.map(printed)
    result.criticalHigh = rule.criticalHigh?.map(printed)
    result.stages = rule.stages.map { stage in
      var stage = stage
      stage.from = printed(stage.from)
      return stage
    }
    return result
  }

  /// A range in this unit with its bounds rounded to `decimals`.
  func range(_ range: ReferenceRange, decimals: Int) -> ReferenceRange {
    var shown = range
    shown.low = range.low.map { UnitConverter.round(exact($0), decimals: decimals) }
    shown.high = range.high.map { UnitConverter.round(exact($0), decimals: decimals) }
    return shown
  }
}
