#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One marker as the screens show it: its definition, the person's settings, its readings and
/// what they add up to (status of the latest, trend of the last three).
public struct MarkerSnapshot: Sendable {
  public let definition: MarkerDefinition
  /// Nil when the marker has readings but is not tracked.
  public let tracked: UserMarker?
  /// Oldest first.
  public let entries: [MarkerEntry]
  public let range: ReferenceRange
  /// The person's sex, for sex-specific ranges; nil when not given.
  public let sex: Sex?
  /// The clinical rule of a library marker; nil for custom markers. Looked up once: a screen
  /// judges every reading with it.
  public let rule: ClinicalRule?
  /// The unit the person reads this marker in (`glance units`); the marker's own by default.
  /// Rules judge the stored value whatever is shown.
  public let display: DisplayUnit
  /// Set when readings are judged as an SI lab prints them (`printedSI`): the range (the
  /// guideline's own SI figures, else converted and printed) and the rule in SI. Worked out once:
  /// every reading is judged against them.
  let siLab: (range: ReferenceRange, rule: ClinicalRule?)?
  /// The range a reading typed in the SI unit is judged by as an SI lab prints it (`siRange(of:)`).
  private let siPrintedRange: ReferenceRange?
  /// A bound the person set, as printed in their unit (`targetPrinted`).
  private let targetPrinted: (low: Double?, high: Double?)?
  /// Sex not given, for a marker whose range depends on it: the marker as a man's and as a
  /// woman's, so a reading is judged by each exactly as it would be (typed units, printing).
  private let bySex: [MarkerSnapshot]
  /// For a custom marker that is a test glance leaves out but can judge for a critical limit
  /// (`LeftOutCritical.of(customMarkerNamed:)`: "Random glucose", "Ionized calcium"): that test.
  public let leftOut: LeftOutCritical?
  /// The snapshot of glance's own marker that judges `leftOut` (fasting glucose, eGFR): made once
  /// (an array: a snapshot cannot hold one directly).
  private let leftOutJudge: [MarkerSnapshot]
  /// Plain values of the custom marker that no printing can put past those critical limits (a
  /// tenth inside each): passed over without a judgement, as a marker of 25,000 readings is read.
  private let leftOutSafe: ClosedRange<Double>?

  public init(
    definition: MarkerDefinition, tracked: UserMarker?, entries: [MarkerEntry], sex: Sex? = nil,
    display: DisplayUnit? = nil
  ) {
    self.definition = definition
    self.display = display ?? .own(definition)
    self.tracked = tracked
    self.entries = entries
    self.sex = sex
    let rule = definition.isSystemDefined ? ClinicalRules.rule(for: definition.key) : nil
    self.rule = rule
    let leftOut =
      definition.isSystemDefined
      ? nil : LeftOutCritical.of(customMarkerNamed: definition.displayName, unit: definition.unit)
    self.leftOut = leftOut
    leftOutJudge = leftOut?.judge(markers: MarkerLibrary.builtIn.markers).map { [$0] } ?? []
    leftOutSafe = leftOutJudge.first.flatMap { judge -> ClosedRange<Double>? in
      guard let factor = try? UnitConverter.convert(1, unit: definition.unit, for: judge.definition).value,
        factor > 0, let rule = judge.rule
      else { return nil }
      let low = (rule.criticalLow?.value ?? 0) * 1.1 / factor
      let high = rule.criticalHigh.map { $0.value * 0.9 / factor } ?? .infinity
      return low < high ? low...high : nil
    }
    let own = sex.flatMap { rule?.range(for: $0) } ?? definition.defaultRange
    // For someone who reads SI, a side they did not set is the library's as an SI lab prints it,
    // in the marker's unit too: a low end of 2.5999 mmol/L (100.536 mg/dL) is below the kept
    // "below 2.6 mmol/L" (100.54), where against 100 mg/dL it stood alone and dropped the high
    // end (attacker's second look at stop 39).
    var kept = own
    if let tracked, tracked.hasCustomRange, self.display.isChoice, let decimals = self.display.decimals,
      let siUnit = definition.siUnit, UnitConverter.normalize(self.display.unit) == UnitConverter.normalize(siUnit)
    {
      let printed = rule?.siRange ?? self.display.range(own, decimals: decimals)
      kept.low = printed.low.map(self.display.stored)
      kept.high = printed.high.map(self.display.stored)
    }
    range = tracked?.effectiveRange(own: kept) ?? own
    // The range as an SI lab prints it: the guideline's own SI figures, else converted and
    // printed; a side the person set is theirs, converted and printed. Under a target of both
    // sides, none: the person's own bounds are judged as set.
    if !(tracked.map { $0.customReferenceLow != nil && $0.customReferenceHigh != nil } ?? false),
      let siUnit = definition.siUnit, let unit = DisplayUnit.of(definition, unit: siUnit),
      unit.decimals != nil || rule?.siRange != nil
    {
      // A side the person did not set is the library's as an SI lab prints it (last read at stop
      // 38: with only `--low` set, LDL 2.59 mmol/L was judged against "below 100 mg/dL", 2.586
      // mmol/L, and was "above range").
      // The person's side is theirs as set, to two decimals more than a lab prints: 20 mg/dL is
      // 0.517 mmol/L, and 0.5 mmol/L typed is below it, never "at the low end" of a printed 0.5.
      let library = rule?.siRange ?? unit.range(own)
      func theirs(_ bound: Double) -> Double {
        unit.decimals.map { UnitConverter.round(unit.exact(bound), decimals: $0 + 2) } ?? unit.exact(bound)
      }
      var printed = tracked
      printed?.customReferenceLow = tracked?.customReferenceLow.map(theirs)
      printed?.customReferenceHigh = tracked?.customReferenceHigh.map(theirs)
      var combined = printed?.effectiveRange(own: library) ?? library
      // Rounded onto the kept side's bound (a low end of 2.5999 mmol/L is 2.600, at "below
      // 2.6"), the person's side would stand alone and drop the kept one (attacker's second look
      // at stop 39: every high LDL was then in range): theirs exactly.
      if (combined.low == nil) != (range.low == nil) || (combined.high == nil) != (range.high == nil) {
        printed?.customReferenceLow = tracked?.customReferenceLow.map(unit.exact)
        printed?.customReferenceHigh = tracked?.customReferenceHigh.map(unit.exact)
        combined = printed?.effectiveRange(own: library) ?? library
      }
      siPrintedRange = combined
    } else {
      siPrintedRange = nil
    }
    let display = self.display
    if display.isChoice, display.decimals != nil, let siUnit = definition.siUnit, let siPrintedRange,
      UnitConverter.normalize(display.unit) == UnitConverter.normalize(siUnit)
    {
      siLab = (siPrintedRange, rule.map { display.printed($0) })
    } else {
      siLab = nil
    }
    targetPrinted =
      siLab == nil
      ? Self.targetPrinted(
        tracked: tracked, definition: definition, display: display, range: range, entries: entries) : nil
    // A side the person did not set follows the range for each sex.
    bySex =
      sex == nil && (tracked?.customReferenceLow == nil || tracked?.customReferenceHigh == nil) && rule?.male != nil
        && rule?.female != nil
      ? [Sex.male, .female].map {
        MarkerSnapshot(definition: definition, tracked: tracked, entries: [], sex: $0, display: display)
      } : []
  }

  public var latest: MarkerEntry? { entries.last }

  /// The status of the latest reading, nil without readings.
  public var status: MarkerStatus? { latest.map { status(of: $0) } }

  public func status(of entry: MarkerEntry) -> MarkerStatus { judgement(of: entry).status }

  /// Critical by a critical limit, though inside the person's own target range
  /// (potassium 6.8 with a target of 2 to 7): it stays "!!", and is said to be inside the target,
  /// never "far above your target range" (clinician review at stop 33).
  public func isCriticalInsideTarget(_ entry: MarkerEntry) -> Bool { judgement(of: entry).insideTarget }

  /// True when the person's own target range takes in values a critical limit holds.
  /// In the marker's unit, and in the SI unit by the limits as an SI lab prints them (glucose
  /// from 2.8 mmol/L: clinician's second look at stop 33).
  public var targetTakesInCritical: Bool {
    guard hasCustomRange, let rule else { return false }
    func takesIn(_ rule: ClinicalRule, _ range: ReferenceRange) -> Bool {
      let high = rule.criticalHigh.map { limit in range.high.map { limit.contains($0) } ?? true } ?? false
      let low = rule.criticalLow.map { limit in range.low.map { limit.contains($0) } ?? true } ?? false
      return high || low
    }
    if takesIn(rule, range) { return true }
    guard let siUnit = definition.siUnit, let unit = DisplayUnit.of(definition, unit: siUnit), unit.decimals != nil
    else { return false }
    return takesIn(unit.printed(rule), unit.range(range))
  }

  /// The judgement of `entry`, beyond the plausible range: always one to check against the
  /// report (`Judgement.beyondPlausible`). Not judged ("?") when it is zero or less (an empty
  /// cell). More than twice beyond the bound, a number another unit the test is reported in
  /// explains (plausible there) is judged as that reading, in its direction, and says so:
  /// hemoglobin 135 is 135 g/L, in range, so "?"; platelets 20000 is 20000 /µL, 20 10³/µL,
  /// critically low (attacker's second look at stop 41: it was "far above"). A number typed with
  /// its unit is that unit's (glucose 60 mmol/L is no 60 mg/dL). Far below the bound, a dropped
  /// digit ten times the number explains, plausible and not critical, is "?" (sodium 14). More
  /// than ten times beyond the bound no reading is judged. Otherwise it is judged by the critical
  /// limits (potassium 1.2, glucose 900, creatinine 28 mg/dL). Clinician and attacker reviews at
  /// stop 41: slips kept with --yes had been called critical, and real extremes "?".
  func beyondPlausibleJudgement(_ entry: MarkerEntry) -> Judgement {
    let value = entry.value
    guard value > 0 else { return Judgement.beyondPlausible(value, rule: nil) }
    let farBelow = value * 2 < (definition.plausibleMin ?? 0)
    if farBelow || value > (definition.plausibleMax ?? .infinity) * 2, let other = otherUnitReading(entry),
      let typed = other.entered
    {
      let judged = judgement(of: other)
      guard judged.status.isCritical else { return Judgement.beyondPlausible(value, rule: nil) }
      let places = definition.decimals > 0 ? definition.decimals : nil
      let readAs = "\(typed.text(nil)) (\(ValueText.withUnit(other.value, nil, definition.unit, places: places)))"
      var judgement = Judgement(
        status: judged.status,
        words:
          "\(judged.status.words) read as \(readAs), beyond the plausible range as typed: check it against the report")
      judgement.beyondPlausible = true
      judgement.readAs = readAs
      return judgement
    }
    if farBelow, !definition.isOffScale(value * 10), !(rule?.isCritical(value * 10) ?? false) {
      return Judgement.beyondPlausible(value, rule: nil)
    }
    guard value <= (definition.plausibleMax ?? .infinity) * 10, value * 10 >= (definition.plausibleMin ?? 0) else {
      return Judgement.beyondPlausible(value, rule: nil)
    }
    return Judgement.beyondPlausible(value, rule: rule)
  }

  /// `entry`'s number read in another unit a lab reports the test in, where it is plausible:
  /// the first of `EntryChecks.slipUnits`, never the unit it was typed in.
  func otherUnitReading(_ entry: MarkerEntry) -> MarkerEntry? {
    let typed = entry.entered(for: definition)
    let number = typed?.value ?? entry.value
    let typedUnit = UnitConverter.normalize(typed?.unit ?? definition.unit)
    for unit in EntryChecks.slipUnits(definition) where UnitConverter.normalize(unit) != typedUnit {
      guard let other = try? UnitConverter.convert(number, unit: unit, for: definition).value, other > 0,
        !definition.isOffScale(other)
      else { continue }
      var reading = entry
      reading.value = other
      reading.entered = EnteredValue(value: number, unit: unit)
      return reading
    }
    return nil
  }

  /// The status of `entry` and its words (a censored value judged by what it can be; critical
  /// limits and a guideline's stages applied).
  public func judgement(of entry: MarkerEntry) -> Judgement {
    // Beyond what is plausible (a slip the person confirmed, potassium 15): never a check mark,
    // and out of trends; critical when past a critical limit, as every value beyond a plausible
    // bound with a limit on its side is (`Judgement.beyondPlausible`).
    // Judged by the value typed, converted exactly: the stored one keeps a digit more than a lab
    // prints, and potassium 3.699 mmol/L stored as 3.70 was "▲" where 3.699 mEq/L is "!"
    // (clinician's second look).
    let value = entry.exactValue(for: definition)
    // A custom marker for a test glance leaves out but judges for a critical limit (random
    // glucose, ionized calcium): critical by those limits, as when it was left out; else judged
    // as any custom marker (clinician review at stop 36: following glance's own advice to track
    // it had turned the critical check off).
    if let leftOut {
      // Beyond anything plausible for the test (glucose 2.5 in a mg/dL marker, 50 in a mmol/L
      // one): not judged, and said, as a library marker's is (clinician's and attacker's second
      // looks at stop 36: saved with no flag at all).
      // NB: a reading well inside the critical limits (`leftOutSafe`) is plausible: a marker of
      // 10,000 readings is not judged one by one.
      if entry.comparator == nil, !(leftOutSafe?.contains(entry.value) ?? false),
        leftOut.isImplausible(entry.value, unit: definition.unit, judge: leftOutJudge.first)
      {
        return Judgement(
          status: .indeterminate, words: "beyond the plausible range for \(leftOut.noun): check it against the report")
      }
      if entry.comparator != nil || !(leftOutSafe?.contains(entry.value) ?? false),
        let status = leftOut.status(
          entry.value, comparator: entry.comparator, unit: definition.unit, judge: leftOutJudge.first)
      {
        var judgement = Judgement(status: status, words: Judgement.leftOutCriticalWords(status, leftOut))
        // Its advice speaks of the limit: the marker may have no range (clinician review at stop
        // 37: "Values this far outside the range" of a custom marker without one).
        judgement.byCriticalLimit = true
        return judgement
      }
    }
    if entry.comparator == nil, definition.isOffScale(value) { return beyondPlausibleJudgement(entry) }
    var judgement = Judgement.of(value, comparator: entry.comparator, range: range, rule: rule)
    if let leftOut, judgement.status == .noRange {
      judgement.words = "within glance's critical limits for \(leftOut.noun)"
    }
    if let printed = printedSI(entry) {
      // A person who reads SI: judged as an SI lab prints it (the value, the range, the critical
      // limits, each with the lab's decimals), so what is printed never contradicts its status.
      // It differs from the stored value's judgement only within a rounding of a bound (HDL 39
      // mg/dL prints as 1.0 mmol/L against at least 1.0); a critical judgement always stands.
      // The value as shown: on the same side of every bound as the unrounded one, and "near a
      // limit" as printed, so two readings printed alike are marked alike.
      let own = Judgement.of(printed.shown, comparator: entry.comparator, range: printed.range, rule: printed.rule)
      if own.status != judgement.status, !judgement.status.isCritical {
        judgement = own
        judgement.asEntered = true
      }
    } else if !(display.isOwn && display.isChoice) || typedInGuidelineSI(entry) {
      // Not chosen yet (or another unit chosen): a value typed in SI is judged as typed. So is one
      // typed in the unit of a guideline's own SI figure, whatever is chosen (`printedSI`).
      judgement = asTyped(entry, judged: judgement)
    }
    // Critical inside the person's own target range: said so wherever its words go (a saved
    // line, a table, --json, the CSV's status), never "far above range" (clinician's second look).
    if judgement.status.isCritical, hasCustomRange, entry.comparator == nil, !range.isAbove(value),
      !range.isBelow(value)
    {
      judgement.words = Judgement.criticalInsideWords
      judgement.insideTarget = true
    }
    // Sex not given: a value in the shared range but outside one sex's is not silently "in range".
    // Each sex's judgement is the one a man or a woman gets: HDL 1.0 mmol/L is at least 1.0 for a
    // man (as an SI lab prints 40 mg/dL) and below 1.3 for a woman; compared as stored (38.7 mg/dL)
    // it was named "below it for men" (clinician review).
    guard bySex.count == 2, !judgement.status.isOutOfRange, judgement.status != .indeterminate else {
      return judgement
    }
    let judged = bySex.map { $0.judgement(of: entry) }
    if entry.comparator != nil, !judged.contains(where: \.status.isOutOfRange),
      let (sexed, sex) = zip(bySex, [Sex.male, .female]).first(where: { $0.0.status(of: entry) == .indeterminate })
    {
      // A lab's bound one sex's range cannot tell about: HDL ">1.0 mmol/L" may be below a
      // woman's 1.3, and was a silent ✓ (clinician review). On the side of the bound it reaches.
      let low =
        sexed.range.low != nil
        && (entry.comparator == .lessThan || entry.comparator == .lessThanOrEqual || sexed.range.isBelow(entry.value))
      return Judgement(
        status: low ? .watchLow : .watchHigh,
        words: "range depends on sex: may be \(low ? "below" : "above") it for \(sex.plural)", dependsOnSex: true)
    }
    let outside = zip(judged, [Sex.male, .female]).filter { $0.0.status.isOutOfRange }
    if outside.count == 2, outside[0].0.status.isLowSide == outside[1].0.status.isLowSide {
      // Outside both: out of range whoever it is.
      var both = outside[0].0
      both.words += " for women and men"
      return both
    }
    guard let (own, sex) = outside.first else { return judgement }
    var depends = Judgement(
      status: own.status.isLowSide ? .watchLow : .watchHigh,
      words: "range depends on sex: \(own.status.isLowSide ? "below" : "above") it for \(sex.plural)",
      dependsOnSex: true)
    // HDL 1.0 mmol/L is within a man's range only as typed (38.7 mg/dL is below 40): shown as
    // typed, "39 mg/dL" beside "below it for women" read as within a man's 40.
    depends.asEntered = judged.contains { $0.asEntered }
    return depends
  }

  /// The value, unit and range a screen shows `entry` with, beside its status: as typed, when a
  /// guideline's own SI figure judged it (UACR 3 mg/mmol against below 3 mg/mmol) and the person
  /// reads that unit or has not chosen one; else in the person's unit (`display`), the range
  /// converted with it and the value never rounded across a bound, so the two never disagree.
  /// `places`: the decimals a lab prints the value and range with, at least (nil: as stored).
  public func asJudged(_ entry: MarkerEntry) -> (value: Double, unit: String, range: ReferenceRange, places: Int?) {
    // The lab's decimals at least: the value keeps any more it needs, the range never gets them.
    if let printed = printedSI(entry) {
      // A converted value with a lab's decimals, as lists print it ("6.0 mEq/L", never "6").
      let converted = entry.entered(for: definition) != nil
      return (
        printed.shown, display.unit, printed.range,
        display.decimals ?? (converted || printed.shown != printed.value ? printed.places : nil)
      )
    }
    if judgement(of: entry).asEntered, let entered = entry.entered(for: definition), let si = siRange(of: entry),
      (display.isOwn && !display.isChoice) || typedInGuidelineSI(entry)
        || UnitConverter.normalize(display.unit) == UnitConverter.normalize(entered.unit)
    {
      return (entered.value, entered.unit, si, DisplayUnit.of(definition, unit: entered.unit)?.decimals)
    }
    let shown = shownInDisplay(entry)
    return (
      shown.value, display.unit, printedTarget(shown.range ?? shownRange), display.places(of: entry, marker: definition)
    )
  }

  /// `entry` in the person's unit (`DisplayUnit.shownWithPlaces`): on its side of the range it is
  /// judged by and of the critical limits and, sex not given, of each sex's range, with the
  /// decimals any of them needs (clinician review: HDL 1.29 mmol/L, 49.9 mg/dL and below a
  /// woman's 50, printed "50" beside "below it for women", where 1.3 printed "50 ✓").
  private func shownInDisplay(_ entry: MarkerEntry) -> (value: Double, range: ReferenceRange?, places: Int?) {
    var shown = display.shownWithPlaces(entry, marker: definition, range: range, rule: rule) { status(of: entry) }
    for sexed in bySex {
      let other = display.shownWithPlaces(entry, marker: definition, range: sexed.range, rule: rule) {
        status(of: entry)
      }
      if let places = other.places, places > (shown.places ?? Int.max) {
        shown = (other.value, display.isOwn ? range : display.range(range, decimals: places), places)
      }
    }
    return shown
  }

  /// The judgement of a reading typed in the SI unit, for a person who reads another unit: by
  /// the guideline's own SI figures where it states them; critical also by the critical limits
  /// as an SI lab prints them (glucose 2.8 mmol/L against ≤ 2.8, as 50 mg/dL is against ≤ 50);
  /// and, where the guideline's bound is a converted one, between the exact converted bound and
  /// the bound an SI lab prints (LDL 2.59 mmol/L: 100.2 mg/dL, against "below 2.6 mmol/L"), as
  /// the SI lab prints it. Elsewhere, and for any other reading, `judged` (the stored value's).
  private func asTyped(_ entry: MarkerEntry, judged: Judgement) -> Judgement {
    var judgement = judged
    if !judgement.status.isCritical, let critical = siCritical(entry) { judgement = critical }
    guard !judgement.status.isCritical, let entered = entry.entered(for: definition), let siUnit = definition.siUnit,
      UnitConverter.normalize(entered.unit) == UnitConverter.normalize(siUnit), let si = siRange(of: entry)
    else { return judgement }
    var own = Judgement.of(entered.value, comparator: entry.comparator, range: si, rule: nil)
    if rule?.siRange != nil {
      // The guideline's own SI figures decide, and only where they decide otherwise is the
      // reading shown as typed, with words that say so: glucose 5.9 mmol/L is 106 mg/dL, above
      // either way, and showed as "5.9 mmol/L" among mg/dL on every screen and the brief
      // (newcomer review). Critical limits stay with the converted value.
      guard own.status != judgement.status else { return judgement }
      own.words += ValueText.rangeInWords(si, unit: siUnit).map { ", judged in \(siUnit): \($0)" } ?? ""
      own.asEntered = true
      return own
    }
    // A lab's bound typed in SI ("<2.6 mmol/L") is judged against the range as the SI lab
    // prints it: "<2.6" is all below "below 2.6", not "could be 100.1 mg/dL".
    guard
      own.status.isOutOfRange != judgement.status.isOutOfRange
        || (entry.comparator != nil && own.status != judgement.status)
    else { return judgement }
    // Where the printing narrows the range, the guideline's own bound holds: hematocrit 0.503
    // L/L is MedlinePlus's 50.3%, printed 0.50 (clinician review: flagged above range).
    if entry.comparator == nil, own.status.isOutOfRange { return judgement }
    own.words += ValueText.rangeInWords(si, unit: entered.unit).map { ", judged in \(entered.unit): \($0)" } ?? ""
    own.asEntered = true
    return own
  }

  /// A reading as an SI lab prints it, for a person who reads the marker's SI unit (`glance
  /// units si`): the value judged (as typed when typed in SI, else converted, unrounded: glance's
  /// rounding never flags a value, LDL 99 mg/dL is 2.56 mmol/L and below 2.6), the value shown
  /// (with the lab's decimals, or up to two more where rounding would change its judgement: "2.56",
  /// never "2.6" against "below 2.6"), the range (the guideline's own SI figures, else converted
  /// and printed) and the rule's limits and stages in SI. Nil under the person's own target, in
  /// any other unit, or for a unit without a lab's decimals.
  func printedSI(_ entry: MarkerEntry) -> (
    value: Double, shown: Double, places: Int, range: ReferenceRange, rule: ClinicalRule?
  )? {
    if display.isOwn, display.isChoice, !hasCustomRange, entry.entered(for: definition) != nil,
      !typedInGuidelineSI(entry)
    {
      // Chosen the library's own units: a value typed in another keeps its judgement as typed
      // where a lab in these units can print it on that side (glucose 2.8 mmol/L is critical by
      // the SI lab's limit, and 50.45 mg/dL printed as 50 is at the ≤ 50 one; it showed as
      // "51 !", the critical flag and its sentence gone: clinician review). Where none can (LDL
      // 2.59 mmol/L is 100.15 mg/dL), it is judged as stored, as such a lab prints it, and shown
      // with their decimals, or more where rounding would move it across a bound.
      let stored = Judgement.of(
        entry.exactValue(for: definition), comparator: entry.comparator, range: range, rule: rule)
      // Printed from the typed value converted unrounded: the stored 50.5 is already rounded.
      var exact = entry.value
      if let entered = entry.entered(for: definition), let siUnit = definition.siUnit,
        UnitConverter.normalize(entered.unit) == UnitConverter.normalize(siUnit), let factor = definition.siFactor,
        factor > 0
      {
        exact = entered.value / factor + (definition.siOffset ?? 0)
      }
      if let shown = printedOnSide(
        of: asTyped(entry, judged: stored).status, exact: exact, comparator: entry.comparator,
        decimals: definition.decimals, range: range, rule: rule)
      {
        return (shown.value, shown.value, shown.places, range, rule)
      }
      return printedValue(entry, value: exact, decimals: definition.decimals, range: range, rule: rule)
    }
    guard let siLab, let decimals = display.decimals else { return nil }
    if let entered = entry.entered, entry.entered(for: definition) != nil,
      UnitConverter.normalize(entered.unit) == UnitConverter.normalize(display.unit)
    {
      return (entered.value, entered.value, decimals, siLab.range, siLab.rule)
    }
    // Typed in the marker's own unit: judged as typed, by the guideline in that unit, and shown
    // as an SI lab prints it, on the same side of the SI range. A1c 5.7% is prediabetes by the
    // ADA's own bound; unrounded it is 38.8 mmol/mol, below the rounded 39, and switching the
    // display to SI turned it "within the range" (newcomer review). Printed with the lab's
    // decimals it is 39, at the bound, as an IFCC lab prints it.
    let exact = display.exact(entry.value)
    let typed = Judgement.of(entry.exactValue(for: definition), comparator: entry.comparator, range: range, rule: rule)
      .status
    if let shown = printedOnSide(
      of: typed, exact: exact, comparator: entry.comparator, decimals: decimals, range: siLab.range,
      rule: siLab.rule)
    {
      return (shown.value, shown.value, shown.places, siLab.range, siLab.rule)
    }
    return printedValue(entry, value: exact, decimals: decimals, range: siLab.range, rule: siLab.rule)
  }

  /// Typed in the SI unit of a marker whose guideline states its own figure in it (fasting
  /// glucose below 5.6 mmol/L, A1c below 39 mmol/mol, UACR below 3 mg/mmol): judged by that
  /// figure whatever the person reads, as a value typed in % is judged by the % figure for
  /// someone who reads SI. A lab that prints mg/g never prints 3.2 mg/mmol, KDIGO's A2, above
  /// "below 30 mg/g": judged as such a lab prints it, it was "28.3 mg/g ✓" once conventional
  /// units were chosen, and nothing to ask about (clinician review at stop 40).
  private func typedInGuidelineSI(_ entry: MarkerEntry) -> Bool {
    guard rule?.siRange != nil, let entered = entry.entered(for: definition), let siUnit = definition.siUnit else {
      return false
    }
    return UnitConverter.normalize(entered.unit) == UnitConverter.normalize(siUnit)
  }

  /// Which side of `range` (and of a critical limit of `rule`) a value is on: -2, -1, 0, 1, 2.
  /// "Near a limit" is a softer cue a decimal more would not be worth.
  private func side(_ value: Double, comparator: ValueComparator?, range: ReferenceRange, rule: ClinicalRule?) -> Int {
    side(Judgement.of(value, comparator: comparator, range: range, rule: rule).status)
  }

  private func side(_ status: MarkerStatus) -> Int {
    status.isCritical ? (status.isLowSide ? -2 : 2) : status.isOutOfRange ? (status.isLowSide ? -1 : 1) : 0
  }

  /// A value in another unit printed on the side of `range` its typed judgement (`typed`) is on,
  /// with `decimals` or up to two more; nil when the unrounded value is on that side already (it
  /// is judged as it is) or when no printing is (HDL 39 mg/dL is 1.009 mmol/L, at least 1.0 in
  /// every printing): then it is judged as printed. Judged as printed here: a list with more
  /// decimals shows "2.60", never "2.59".
  private func printedOnSide(
    of typed: MarkerStatus, exact: Double, comparator: ValueComparator?, decimals: Int, range: ReferenceRange,
    rule: ClinicalRule?
  ) -> (value: Double, places: Int)? {
    let wanted = side(typed)
    guard side(exact, comparator: comparator, range: range, rule: rule) != wanted else { return nil }
    for places in decimals...(decimals + 2) {
      let shown = display.rounded(exact, places, comparator)
      if side(shown, comparator: comparator, range: range, rule: rule) == wanted { return (shown, places) }
    }
    return nil
  }

  /// `value` (unrounded) shown with `decimals`, or up to two more where rounding would put it on
  /// another side of `range` or a critical limit of `rule`.
  private func printedValue(
    _ entry: MarkerEntry, value exact: Double, decimals: Int, range: ReferenceRange, rule printedRule: ClinicalRule?
  ) -> (value: Double, shown: Double, places: Int, range: ReferenceRange, rule: ClinicalRule?) {
    func side(_ value: Double) -> Int {
      self.side(value, comparator: entry.comparator, range: range, rule: printedRule)
    }
    let judged = side(exact)
    for places in decimals...(decimals + 2) {
      let shown = display.rounded(exact, places, entry.comparator)
      if side(shown) == judged { return (exact, shown, places, range, printedRule) }
    }
    return (exact, display.rounded(exact, decimals + 2, entry.comparator), decimals + 2, range, printedRule)
  }

  /// The critical judgement of a reading typed in the SI unit against the critical limits as an
  /// SI lab prints them, when it is critical by them; nil otherwise.
  func siCritical(_ entry: MarkerEntry) -> Judgement? {
    guard let rule, rule.criticalLow != nil || rule.criticalHigh != nil,
      let entered = entry.entered(for: definition), let siUnit = definition.siUnit,
      UnitConverter.normalize(entered.unit) == UnitConverter.normalize(siUnit),
      let unit = DisplayUnit.of(definition, unit: siUnit), unit.decimals != nil,
      let si = siRange(of: entry) ?? Optional(unit.range(range))
    else { return nil }
    var judgement = Judgement.of(entered.value, comparator: entry.comparator, range: si, rule: unit.printed(rule))
    guard judgement.status.isCritical else { return nil }
    judgement.asEntered = true
    return judgement
  }

  /// The range a reading typed in the SI unit is judged by when judged as typed: the guideline's
  /// own SI figures, else the range converted and printed as an SI lab prints it. Nil for a
  /// reading typed in another unit, or under a target of the person's on both sides (a side they
  /// did not set is the library's).
  public func siRange(of entry: MarkerEntry) -> ReferenceRange? {
    guard let siPrintedRange, let entered = entry.entered(for: definition), let siUnit = definition.siUnit,
      UnitConverter.normalize(entered.unit) == UnitConverter.normalize(siUnit)
    else { return nil }
    return siPrintedRange
  }

  /// A reading not saved yet (`draft`) as this marker's screens will print it once saved: for
  /// add's "Converted … to …" line, previews and questions.
  public func text(of draft: EntryDraft) -> String {
    displayedText(draft.entry(at: Timestamp(secondsSince1970: 0), source: .quickAdd))
  }

  /// `entry` in a list of readings (show's table): in the person's unit, with the value as typed
  /// beside it when typed in another ("26.5 mg/g (3 mg/mmol)"); led by the value as typed when
  /// that is the one judged (`asJudged`: units not chosen, LDL "2.59 mmol/L (100 mg/dL)" against
  /// below 2.6 mmol/L), so the number beside a status is the judged one, as on every screen.
  /// `places`: the list's (`listPlaces`).
  /// `judged`: the entry's judgement, when the caller has it (a list judges every row once).
  public func listedText(_ entry: MarkerEntry, places: Int? = nil, judged: Judgement? = nil) -> String {
    let shown = displayedText(entry, places: places)
    // Only a reading judged as typed can lead with another unit: the rest skip the look.
    if (judged ?? judgement(of: entry)).asEntered, let typed = judgedInTypedUnit(entry) {
      return typed + " (\(shown))"
    }
    return shown + (typedAside(entry).map { " (\($0))" } ?? "")
  }

  /// `judgedText(entry)` when the value judged is not in the person's unit (units not chosen, a
  /// value typed in SI judged as typed): what a sentence or a row naming the reading leads with.
  /// Nil when it was judged in the person's unit.
  public func judgedInTypedUnit(_ entry: MarkerEntry) -> String? {
    let judged = asJudged(entry)
    guard UnitConverter.normalize(judged.unit) != UnitConverter.normalize(display.unit) else { return nil }
    return ValueText.withUnit(judged.value, entry.comparator, judged.unit, places: judged.places)
  }

  /// `entry` beside its status, as `asJudged` shows it: `2.6 mmol/L`, `<0.5 mg/L`.
  public func judgedText(_ entry: MarkerEntry) -> String {
    let shown = asJudged(entry)
    return ValueText.withUnit(shown.value, entry.comparator, shown.unit, places: shown.places)
  }

  /// The range `entry` is judged by, in words, as `asJudged` shows it: "below 2.6 mmol/L".
  public func judgedRangeInWords(_ entry: MarkerEntry) -> String? {
    let shown = asJudged(entry)
    return ValueText.rangeInWords(shown.range, unit: shown.unit, places: shown.places)
  }

  /// `entry`'s value in the person's unit (as typed when typed in it): the one unit of a list,
  /// a chart or a sentence over many readings.
  public func displayed(_ entry: MarkerEntry) -> Double {
    printedSI(entry)?.shown
      ?? shownInDisplay(entry).value
  }

  /// `displayed` with its comparator, without the unit: `2.6`, `<0.5`. With `places` (a list's,
  /// `listPlaces`), printed with that many decimals.
  public func displayedValue(_ entry: MarkerEntry, places: Int? = nil) -> String {
    ValueText.value(
      displayed(entry, places: places), entry.comparator,
      places: places ?? display.places(of: entry, marker: definition))
  }

  /// `displayed` with its comparator and unit: `2.6 mmol/L`.
  public func displayedText(_ entry: MarkerEntry, places: Int? = nil) -> String {
    ValueText.withUnit(
      displayed(entry, places: places), entry.comparator, display.unit,
      places: places ?? display.places(of: entry, marker: definition))
  }

  /// `entry`'s value in the person's unit with `places` decimals (as typed when typed in it).
  func displayed(_ entry: MarkerEntry, places: Int?) -> Double {
    guard let places, !display.isOwn else { return displayed(entry) }
    if let printed = printedSI(entry) {
      return printed.shown == printed.value ? printed.shown : display.rounded(printed.value, places, entry.comparator)
    }
    if let entered = entry.entered(for: definition),
      UnitConverter.normalize(entered.unit) == UnitConverter.normalize(display.unit)
    {
      return entered.value
    }
    return display.rounded(display.exact(entry.exactValue(for: definition)), places, entry.comparator)
  }

  /// The decimals a list of `entries` (a chart, a table, a sentence) and its range are printed
  /// with: a lab's, or more where one reading needs them so that no value and bound read on
  /// contradicting sides (HDL 39 mg/dL among others: "1.01" against "at least 1.03", every
  /// value then with two decimals). Nil in the marker's own unit.
  public func listPlaces(_ entries: [MarkerEntry]) -> Int? {
    guard !display.isOwn, let base = display.decimals else { return nil }
    let printed = isPrinted
    // Only a reading within a unit of the last place of a bound (or a critical limit) can need
    // more: the rest are passed over with a subtraction or two each (25,000 readings).
    var bounds =
      (([range] + bySex.map(\.range)).flatMap { [$0.low, $0.high].compactMap { $0 } }
      + [rule?.criticalLow?.value, rule?.criticalHigh?.value].compactMap { $0 })
      .map { display.exact($0) }
    // Read as an SI lab prints it, the bounds are the printed ones too: a guideline's own SI
    // figure (UACR 3 mg/mmol) is not its conversion (30 mg/g is 3.39), and UACR 26.5 mg/g
    // (2.998) printed "3.0" in a list against "below 3.0" (clinician's second look).
    if let siLab {
      bounds += [siLab.range.low, siLab.range.high, siLab.rule?.criticalLow?.value, siLab.rule?.criticalHigh?.value]
        .compactMap { $0 }
    }
    let near = 1.5 * (0..<base).reduce(1.0) { value, _ in value / 10 }
    var places = base
    for entry in entries {
      let exact = display.exact(entry.value)
      guard bounds.contains(where: { abs($0 - exact) <= near }) else { continue }
      // Read as an SI lab prints it: the decimals each reading needs to keep its judgement.
      let needed =
        printed
        ? printedSI(entry)?.places
        : shownInDisplay(entry).places
      places = max(places, needed ?? base)
    }
    return places
  }

  /// The range printed with a list's `places` (`listPlaces`); the lab's when nil.
  public func shownRange(places: Int?) -> ReferenceRange {
    // Read as an SI lab prints it, the range is the printed one, never widened.
    guard let places, !display.isOwn, !isPrinted else { return shownRange }
    return display.range(range, decimals: places)
  }

  /// The value as typed, when it was typed in a unit other than the person's: "3 mg/mmol" beside
  /// "26.5 mg/g".
  public func typedAside(_ entry: MarkerEntry) -> String? {
    // NB: a value typed in the library's own unit is not shown beside it: someone who reads SI
    // never sees mg/dL unless they ask (issue 13), even where the two systems judge it apart.
    guard let entered = entry.entered(for: definition),
      UnitConverter.normalize(entered.unit) != UnitConverter.normalize(display.unit)
    else { return nil }
    // A unit of the same number (potassium's mmol/L is mEq/L) says nothing new: "4.9 mEq/L
    // (4.9 mmol/L)" (newcomer review at stop 34).
    if sameNumber(in: entered.unit) { return nil }
    // With the decimals a lab prints in that unit: "(6.0 mmol/L)", as the report says.
    let places = DisplayUnit.of(definition, unit: entered.unit)?.decimals
    return ValueText.withUnit(entered.value, entry.comparator, entered.unit, places: places)
  }

  /// True when a value in `unit` is the same number in the person's unit (potassium in mmol/L
  /// and mEq/L): saying both says nothing new.
  public func sameNumber(in unit: String) -> Bool {
    guard let other = DisplayUnit.of(definition, unit: unit) else { return false }
    return other.factor == display.factor && other.offset == display.offset
  }

  /// The range in the person's unit, as a lab prints it (the guideline's own SI figures where
  /// it states them and the person reads SI).
  public var shownRange: ReferenceRange {
    if let siLab { return siLab.range }
    return printedTarget(display.range(range))
  }

  /// `shown` with a bound the person set as printed (`targetPrinted`).
  private func printedTarget(_ shown: ReferenceRange) -> ReferenceRange {
    guard let targetPrinted else { return shown }
    var printed = shown
    if let low = targetPrinted.low { printed.low = low }
    if let high = targetPrinted.high { printed.high = high }
    return printed
  }

  /// A bound the person set, in their unit, printed with a decimal more than a lab prints, or
  /// more until no reading sits between it and the bound (an upper bound rounded down, a lower one
  /// up): LDL "1.8 mmol/L", set by someone who reads mg/dL, is kept exactly (69.6056 mg/dL) and
  /// printed "up to 69.6 mg/dL" (last read at stop 38), or "up to 69.605" beside a reading of
  /// 69.605 (attacker's look at stop 39). Worked out once, over the readings.
  private static func targetPrinted(
    tracked: UserMarker?, definition: MarkerDefinition, display: DisplayUnit, range: ReferenceRange,
    entries: [MarkerEntry]
  ) -> (low: Double?, high: Double?)? {
    guard let tracked, tracked.hasCustomRange, definition.isSystemDefined else { return nil }
    let exact = display.range(range, exactly: true)
    let values = entries.lazy.filter { $0.comparator == nil }.map { display.exact($0.exactValue(for: definition)) }
    let base = (display.decimals ?? definition.decimals) + 1
    func printed(_ bound: Double, up: Bool) -> Double {
      for places in base...(base + 3) {
        let scale = (0..<places).reduce(1.0) { scale, _ in scale * 10 }
        // NB: a bound already on the grid stays (20.0 is not 20.1): a millionth of a step is
        // floating-point noise, never a digit the person set.
        let shown = up ? (bound * scale - 1e-6).rounded(.up) / scale : (bound * scale + 1e-6).rounded(.down) / scale
        let between = values.contains { up ? $0 >= bound && $0 < shown : $0 > shown && $0 <= bound }
        if !between { return shown }
      }
      return bound
    }
    return (
      tracked.customReferenceLow != nil ? exact.low.map { printed($0, up: true) } : nil,
      tracked.customReferenceHigh != nil ? exact.high.map { printed($0, up: false) } : nil
    )
  }

  /// The decimals a range is printed with beside a list printed with `places`: the lab's when
  /// readings are judged as an SI lab prints them (the range is the printed one), else `places`.
  public func rangePlaces(_ places: Int?) -> Int? { isPrinted ? display.decimals : places }

  /// The range a chart draws, in the person's unit: the printed one when readings are judged
  /// as an SI lab prints them, else the range converted exactly, so each bound sits where it is.
  public var drawnRange: ReferenceRange { isPrinted ? shownRange : display.range(range, exactly: true) }

  /// `range` in the marker's unit as it is judged: for readings judged as an SI lab prints them,
  /// that lab's range converted back.
  var keptRange: ReferenceRange {
    guard let siLab else { return range }
    var kept = siLab.range
    kept.low = siLab.range.low.map(display.stored)
    kept.high = siLab.range.high.map(display.stored)
    return kept
  }

  /// True when readings are judged as an SI lab prints them (`printedSI`).
  var isPrinted: Bool { siLab != nil }

  /// The library's range in the person's unit: for their sex, when the library has one.
  public var shownDefaultRange: ReferenceRange {
    // In the SI unit, the guideline's own SI figures where it states them: KDIGO's UACR is below
    // 3 mg/mmol, not 30 mg/g converted, "below 3.4" (clinician's look at stop 39).
    if let si = rule?.siRange, display.decimals != nil, let siUnit = definition.siUnit,
      UnitConverter.normalize(display.unit) == UnitConverter.normalize(siUnit)
    {
      return si
    }
    return display.range(sex.flatMap { rule?.range(for: $0) } ?? definition.defaultRange)
  }

  /// The readings a trend counts (`Trend.readings`); of your own marker for a test glance judges
  /// by its critical limits, none beyond anything plausible for the test, as a library marker's
  /// off-scale reading is left out (clinician's look at stop 39: a random glucose of 19 mg/dL,
  /// "?", made "trending down from 112 to 19").
  public func trendReadings(_ entries: [MarkerEntry]) -> [MarkerEntry] {
    guard let leftOut else { return Trend.readings(entries, of: definition) }
    return Trend.readings(
      entries.filter { entry in
        guard entry.comparator == nil, !(leftOutSafe?.contains(entry.value) ?? false) else { return true }
        if leftOut.isImplausible(entry.value, unit: definition.unit, judge: leftOutJudge.first) { return false }
        // Past the test's plausible range, though judged critical (a random glucose of 90,000
        // mg/dL: attacker's second look at stop 39 saw it make "rising").
        guard let judge = leftOutJudge.first,
          let converted = try? UnitConverter.convert(entry.value, unit: definition.unit, for: judge.definition).value
        else { return true }
        return !judge.definition.isOffScale(converted)
      }, of: definition)
  }

  public var trend: Trend {
    var trend = Trend.of(
      trendReadings(entries).map(\.value), direction: definition.direction, range: range,
      minimumChangePercent: rule?.minimumChangePercent)
    // The latest reading may be a lab's bound the trend leaves out (PSA >10 after 4, 2, 1):
    // out of range, it still keeps the trend from being called good.
    if trend.meaning == .good, let latest, status(of: latest).isOutOfRange { trend.meaning = .neutral }
    return trend
  }

  /// True when `entry` is judged "range depends on sex" (no sex given, and it is outside one
  /// sex's range).
  public func dependsOnSex(_ entry: MarkerEntry) -> Bool {
    judgement(of: entry).dependsOnSex
  }

  /// True when the person set their own target range.
  public var hasCustomRange: Bool { tracked?.hasCustomRange ?? false }

  /// True when the range readings are judged by is the person's: a target set with `glance
  /// range`, or the range they gave a custom marker (clinician review at stop 37: show called the
  /// latter "the reference range").
  public var rangeIsYours: Bool { hasCustomRange || (!definition.isSystemDefined && !range.isEmpty) }

  /// What that range is called: "your target range", "your range" (a custom marker's), or "the
  /// reference range".
  public var rangeName: String {
    hasCustomRange ? "your target range" : rangeIsYours ? "your range" : "the reference range"
  }
}

extension GlanceDocument {
  /// Every entry, grouped by marker id (each group oldest first).
  public func entriesByMarker() -> [UUID: [MarkerEntry]] {
    var groups: [UUID: [MarkerEntry]] = [:]
    for (id, indices) in entryIndicesByMarker() {
      groups[id] = indices.map { entries[$0] }
    }
    return groups
  }

  /// The positions in `entries` of each marker's entries, oldest first. Marker ids are few, so
  /// they are found by comparison (the previous one first) rather than by hashing each entry.
  func entryIndicesByMarker(recentLimit: Int? = nil, only wanted: Set<UUID>? = nil) -> [UUID: [Int]] {
    let groups = entryGroups(recentLimit: recentLimit, only: wanted.map { Array($0) })
    var result: [UUID: [Int]] = [:]
    for (id, indices) in groups { result[id] = indices }
    return result
  }

  /// The same as pairs, without hashing: for the few markers a screen shows. Markers without
  /// readings are left out.
  func entryGroups(recentLimit: Int?, only wanted: [UUID]?) -> [(UUID, [Int])] {
    // With a wanted list its markers are the only slots, so any other reading is passed over
    // after a comparison or two; without one, each new marker seen gets a slot.
    var ids: [UUID] = wanted ?? []
    var words: [(UInt64, UInt64)] = ids.map(\.words)
    var groups = [[Int]](repeating: [], count: ids.count)
    let limit = recentLimit ?? Int.max
    var last = -1
    var index = entries.count - 1
    var full = 0
    // Walk newest first so a limit can stop early once every wanted marker has enough.
    // NB: read through a buffer pointer, so taking one field does not copy (retain) the entry.
    entries.withUnsafeBufferPointer { buffer in
      while index >= 0 {
        defer { index -= 1 }
        let markerID = buffer[index].markerID
        let key = markerID.words
        var slot = last
        if slot < 0 || words[slot] != key {
          guard let found = words.firstIndex(where: { $0 == key }) else {
            guard wanted == nil else { continue }
            ids.append(markerID)
            words.append(key)
            groups.append(limit > 0 ? [index] : [])
            last = ids.count - 1
            continue
          }
          slot = found
          last = slot
        }
        if groups[slot].count < limit {
          groups[slot].append(index)
          if groups[slot].count == limit, wanted != nil {
            full += 1
            if full == ids.count { break }
          }
        }
      }
    }
    return ids.indices.compactMap { slot in
      groups[slot].isEmpty ? nil : (ids[slot], groups[slot].reversed())
    }
  }

  /// The definition of a library or custom marker.
  public func definition(for markerID: UUID, library: MarkerLibrary) -> MarkerDefinition? {
    library.marker(id: markerID) ?? customMarkers.first { $0.id == markerID }
  }

  /// Snapshots of the tracked markers, in home-screen order. With `recentLimit`, each holds only
  /// its latest readings (the home screen needs 12, not thirty years of them).
  public func trackedSnapshots(library: MarkerLibrary, recentLimit: Int? = nil) -> [MarkerSnapshot] {
    let groups = entryGroups(recentLimit: recentLimit, only: trackedMarkers.map(\.markerID))
    // Sized once: a snapshot is a large value, and growing the array copied them.
    var snapshots: [MarkerSnapshot] = []
    snapshots.reserveCapacity(trackedMarkers.count)
    for tracked in trackedMarkers {
      guard let definition = definition(for: tracked.markerID, library: library) else { continue }
      let indices = groups.first { $0.0 == tracked.markerID }?.1 ?? []
      snapshots.append(
        MarkerSnapshot(
          definition: definition, tracked: tracked, entries: indices.map { self.entries[$0] }, sex: profile.sex,
          display: displayUnit(for: definition)))
    }
    return snapshots
  }

  /// The markers the person does not track whose latest reading, on or after `since`, is past a
  /// critical limit (or a lab's bound that may be), in the library's order; with `earlier`, also
  /// those with such a reading on or after `since` that is not the latest (prep's "critical since
  /// your last visit"). Said on home and kept in the brief, so untracking a marker never hides a
  /// recent critical result (attacker review at stop 40: untracking potassium after a 6.8 left
  /// prep saying "Nothing in your readings is flagged"); an old one is not said for ever
  /// (newcomer's second look: a potassium of 2019 on home every day).
  public func untrackedCriticalSnapshots(
    library: MarkerLibrary, recentLimit: Int? = nil, since: CalendarDate, earlier: Bool = false
  ) -> [MarkerSnapshot] {
    let tracked = Set(trackedMarkers.map(\.markerID))
    var snapshots: [MarkerSnapshot] = []
    for (id, indices) in entryGroups(recentLimit: recentLimit, only: nil) where !tracked.contains(id) {
      guard !indices.isEmpty, let definition = definition(for: id, library: library) else { continue }
      let snapshot = MarkerSnapshot(
        definition: definition, tracked: nil, entries: indices.map { entries[$0] }, sex: profile.sex,
        display: displayUnit(for: definition))
      guard let latest = snapshot.latest, latest.dateOfService >= since else { continue }
      if snapshot.status(of: latest).isCritical || snapshot.judgement(of: latest).mayBeCritical
        || (earlier
          && snapshot.entries.contains { $0.dateOfService >= since && snapshot.status(of: $0).isCritical })
      {
        snapshots.append(snapshot)
      }
    }
    let order = Dictionary((library.markers + customMarkers).enumerated().map { ($1.id, $0) }) { first, _ in first }
    return snapshots.sorted { (order[$0.definition.id] ?? .max) < (order[$1.definition.id] ?? .max) }
  }

  /// The markers a brief for the doctor covers: the tracked ones, then the untracked ones with a
  /// critical reading on or after `since` (`untrackedCriticalSnapshots`, earlier ones too).
  public func briefSnapshots(library: MarkerLibrary, recentLimit: Int? = nil, since: CalendarDate)
    -> [MarkerSnapshot]
  {
    trackedSnapshots(library: library, recentLimit: recentLimit)
      + untrackedCriticalSnapshots(library: library, recentLimit: recentLimit, since: since, earlier: true)
  }

  /// The unit the person reads `definition` in: their choice for it, else their system's.
  public func displayUnit(for definition: MarkerDefinition) -> DisplayUnit {
    let choice = profile.unitChoices(for: definition.key).first { DisplayUnit.of(definition, unit: $0) != nil }
    return DisplayUnit.preferred(definition, system: profile.units, choice: choice)
  }

  /// A reading's value in the unit the person reads its marker in, with its unit (`unit: false`:
  /// without): for lines that name one reading, outside any screen of its marker.
  public func displayedText(_ entry: MarkerEntry, library: MarkerLibrary, unit: Bool = true) -> String {
    guard let definition = definition(for: entry.markerID, library: library) else {
      return unit ? entry.valueText : ValueText.value(entry.value, entry.comparator)
    }
    let snapshot = judging(definition)
    return unit ? snapshot.displayedText(entry) : snapshot.displayedValue(entry)
  }

  /// `definition` as its screens judge and print a reading, without its readings: for lines that
  /// name one reading.
  public func judging(_ definition: MarkerDefinition) -> MarkerSnapshot {
    MarkerSnapshot(
      definition: definition, tracked: trackedMarkers.first { $0.markerID == definition.id }, entries: [],
      sex: profile.sex, display: displayUnit(for: definition))
  }

  /// A reading not saved yet, as the screens will show it: in the person's unit (as typed when
  /// typed in it), and the value as typed when that was another unit. For previews and questions
  /// before saving.
  public func shownText(of draft: EntryDraft) -> (text: String, typed: String?) {
    let judging = judging(draft.marker)
    let typedInDisplay = draft.entered.map {
      UnitConverter.normalize($0.unit) == UnitConverter.normalize(judging.display.unit)
    }
    // As typed, with at least the decimals a lab prints in that unit: a lab's "5.0 mmol/L" was
    // "5 mmol/L" (clinician review at stop 36).
    let typed = draft.entered.map { entered in
      let places =
        DisplayUnit.of(draft.marker, unit: entered.unit).flatMap { $0.decimals }
        ?? (draft.marker.isSystemDefined && draft.comparator == nil ? draft.marker.decimals : nil)
      return ValueText.withUnit(entered.value, draft.comparator, entered.unit, places: places)
    }
    return (judging.text(of: draft), typedInDisplay == true ? nil : typed)
  }

  /// The unit a bare number typed for `definition` is read in: the person's, when it is not the
  /// library's own (nil: the marker's own unit).
  public func typingUnit(for definition: MarkerDefinition) -> String? {
    let display = displayUnit(for: definition)
    return display.isOwn ? nil : display.unit
  }

  /// The snapshot of one marker, tracked or not.
  /// The range a side the person does not set keeps, in the marker's unit, as it is judged: the
  /// marker's own for their sex, and for someone who reads SI, the bound as an SI lab prints it
  /// (a kept "below 2.6 mmol/L" is 100.54 mg/dL, so a low end of 2.59 mmol/L is below it:
  /// attacker's look at stop 39 had it refused against 100 mg/dL).
  public func keptRange(for definition: MarkerDefinition) -> ReferenceRange {
    MarkerSnapshot(
      definition: definition, tracked: nil, entries: [], sex: profile.sex, display: displayUnit(for: definition)
    ).keptRange
  }

  public func snapshot(for definition: MarkerDefinition) -> MarkerSnapshot {
    MarkerSnapshot(
      definition: definition, tracked: trackedMarkers.first { $0.markerID == definition.id },
      entries: entries.filterSharing { $0.markerID.words == definition.id.words }, sex: profile.sex,
      display: displayUnit(for: definition))
  }
}
