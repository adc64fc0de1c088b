/// A result glance leaves out (a test it does not track) that it can still judge against a
/// critical limit: a critical one is named, never valued, while it stays left out (clinician's
/// third look at stop 34: a random glucose of 35 mg/dL and an ionized calcium of 0.6 mmol/L were
/// routine "no marker" lines).
public enum LeftOutCritical: Sendable, Equatable {
  /// A glucose not said to be fasting: glance's glucose critical limits (≤ 50, ≥ 400 mg/dL)
  /// are laboratory limits, fasting or not.
  case glucose
  /// Ionized calcium: below 0.82 or above 1.55 mmol/L (3.29 and 6.21 mg/dL), the mean critical
  /// limits of 100 US medical centers (Kost, Arch Pathol Lab Med 1993;117:890–896).
  case ionizedCalcium
  /// An eGFR adjusted for race: the race coefficient (a factor above 1 in the MDRD and CKD-EPI
  /// 2009 equations, docs/MarkerLibrary.md) raises it, so below eGFR's critical limit (< 15,
  /// KDIGO 2012's G5) the eGFR without race is too. Only that side is judged.
  case raceAdjustedEGFR

  /// Ionized calcium's critical limits in mmol/L and in mg/dL, as Kost 1993 gives them.
  static let ionizedCalciumLimits = (low: 0.82, high: 1.55)
  static let ionizedCalciumLimitsMgPerDL = (low: 3.29, high: 6.21)

  /// Why it was left out, as the summary names it.
  public var why: String {
    switch self {
    case .glucose: "not a fasting glucose"
    case .ionizedCalcium: "ionized calcium, not glance's total calcium"
    case .raceAdjustedEGFR: "eGFR adjusted for race; the eGFR without it is lower still"
    }
  }

  /// The test whose critical limits judge it.
  public var noun: String {
    switch self {
    case .glucose: "glucose"
    case .ionizedCalcium: "ionized calcium"
    case .raceAdjustedEGFR: "eGFR"
    }
  }

  /// True when `value` (as the lab printed it, with its comparator; `unit` nil when it gave none)
  /// is past a critical limit: a bound only when every value it allows is (`<20` glucose, `>700`).
  /// A unit glance does not convert is not judged. `markers`: the library, for glance's limits.
  /// A glucose beyond anything plausible is judged by `glucoseBeyondPlausible`.
  public func isCritical(
    _ value: Double, comparator: ValueComparator? = nil, unit: String?, markers: [MarkerDefinition]
  ) -> Bool {
    status(value, comparator: comparator, unit: unit, judge: judge(markers: markers)) != nil
  }

  /// The test a custom marker called `name` is, when glance can judge its readings against a
  /// critical limit: the one glance's refusal names and asks the person to track with
  /// `glance custom "Random glucose"` (clinician review at stop 36: its readings of 30 and 480
  /// mg/dL were then "·", the critical check gone once the advice was followed).
  /// Only the names glance refuses as that test ("Random glucose", "Meter glucose", "Ionized
  /// calcium"): a custom marker named with "glucose" may be another thing (clinician's second
  /// look at stop 36: "Glucose SD", "Pleural fluid glucose" were called critical).
  /// And only in a unit its limits can be read in (third look at stop 36: a "Random glucose" in
  /// g/L was said to be checked and never was).
  /// A name an import judges as a glucose by its words ("Whole blood glucose", "CGM glucose") is
  /// one too (clinician and attacker reviews at stop 37: such a marker's 30 mg/dL was "·").
  public static func of(customMarkerNamed name: String, unit: String) -> LeftOutCritical? {
    guard !FalseFriends.namesAnotherThing(name),
      let test = FalseFriends.named(name)?.leftOutCritical ?? (FalseFriends.namesGlucose(name) ? .glucose : nil),
      test.judges(unit: unit)
    else { return nil }
    return test
  }

  /// True when readings in `unit` can be judged against this test's limits.
  func judges(unit: String) -> Bool {
    switch self {
    case .glucose, .raceAdjustedEGFR:
      guard let marker = judgingMarker(markers: MarkerLibrary.builtIn.markers) else { return false }
      return (try? UnitConverter.convert(1, unit: unit, for: marker)) != nil
    case .ionizedCalcium:
      let normalized = UnitConverter.normalize(unit)
      return normalized == UnitConverter.normalize("mmol/L") || normalized == UnitConverter.normalize("mg/dL")
    }
  }

  /// `.criticalLow` or `.criticalHigh` when `value` is past a critical limit (as `isCritical`);
  /// nil otherwise.
  public func status(
    _ value: Double, comparator: ValueComparator? = nil, unit: String?, markers: [MarkerDefinition]
  ) -> MarkerStatus? {
    status(value, comparator: comparator, unit: unit, judge: judge(markers: markers))
  }

  /// The snapshot of glance's own marker that judges this test (fasting glucose, eGFR), nil for
  /// ionized calcium: made once where many readings are judged (a custom marker's 10,000).
  func judge(markers: [MarkerDefinition]) -> MarkerSnapshot? {
    judgingMarker(markers: markers).map { GlanceDocument.empty(createdAt: Timestamp(secondsSince1970: 0)).judging($0) }
  }

  /// glance's own marker whose limits judge this test: fasting glucose, eGFR; nil for ionized
  /// calcium, judged by Kost's limits.
  private func judgingMarker(markers: [MarkerDefinition]) -> MarkerDefinition? {
    guard self != .ionizedCalcium else { return nil }
    let key = self == .glucose ? "fasting-glucose" : "egfr"
    return markers.first { $0.key == key && $0.isSystemDefined }
  }

  /// `status`, with `judge` (from `judge(markers:)`) for glucose and eGFR.
  func status(
    _ value: Double, comparator: ValueComparator?, unit: String?, judge: MarkerSnapshot?
  ) -> MarkerStatus? {
    guard value.isFinite, value > 0 else { return nil }
    switch self {
    case .glucose, .raceAdjustedEGFR:
      // Judged as a reading of glance's own marker would be (its unit as typed, a bound by what
      // it can be, an SI value by the SI lab's limits: glucose 2.8 mmol/L is critical where
      // 50.45 mg/dL is not, attacker's second look at stop 35).
      guard let judge else { return nil }
      let marker = judge.definition
      // A bare glucose below anything plausible in mg/dL is in mmol/L (6.0 beside SI rows was
      // called critical: attacker's review this session).
      var unit = unit
      if unit == nil, self == .glucose, value < marker.plausibleMin ?? 0, let siUnit = marker.siUnit { unit = siUnit }
      guard
        let draft = try? EntryPlanner.draft(
          marker, typed: TypedValue(value: value, comparator: comparator), unit: unit,
          date: CalendarDate(dayNumber: 0)!, note: nil, existing: [])
      else { return nil }
      if self == .glucose, comparator == nil, let beyond = Self.glucoseBeyondPlausible(draft, judge: judge) {
        guard case .critical(let status) = beyond else { return nil }
        return status
      }
      let status = judge.judgement(of: draft.entry(at: Timestamp(secondsSince1970: 0), source: .fileImport)).status
      // A race-adjusted eGFR is judged on its low side only: the eGFR without race is lower.
      return status.isCritical && (self == .glucose || status.isLowSide) ? status : nil
    case .ionizedCalcium:
      return ionizedStatus(value, comparator: comparator, unit: unit)
    }
  }

  /// A glucose beyond glance's plausible range (`draft`, read in its unit): nil when it is not.
  /// Critical, as read, when the same number in glucose's other unit is beyond it too, or is
  /// critical too: above it a hyperglycaemic crisis (third look at stop 36: 900 mg/dL was "?"),
  /// below it a severe low (clinician review at stop 37: a meter's 1.1 mmol/L was "?"). Else the
  /// number most likely is in that other unit, and it is not judged (`status` nil): clinician's
  /// second look at stop 37, 16 in a mg/dL marker (288 mg/dL as mmol/L) had been called below
  /// the critical limit, 90 in a mmol/L one above it.
  static func glucoseBeyondPlausible(_ draft: EntryDraft, judge: MarkerSnapshot) -> BeyondPlausible? {
    let marker = draft.marker
    let plausible = (marker.plausibleMin ?? 0)...(marker.plausibleMax ?? .infinity)
    guard !plausible.contains(draft.value), let siUnit = marker.siUnit else { return nil }
    let read: MarkerStatus = draft.value > plausible.upperBound ? .criticalHigh : .criticalLow
    // The number as typed, in the other unit: mmol/L for one read in mg/dL, and back.
    let number = draft.entered?.value ?? draft.value
    let inSI = draft.entered.map { UnitConverter.normalize($0.unit) == UnitConverter.normalize(siUnit) } ?? false
    guard
      let other = inSI
        ? number : (try? UnitConverter.convert(number, unit: siUnit, for: marker).value),
      plausible.contains(other),
      let otherDraft = try? EntryPlanner.draft(
        marker, typed: TypedValue(value: number), unit: inSI ? marker.unit : siUnit,
        date: CalendarDate(dayNumber: 0)!, note: nil, existing: [])
    else { return .critical(read) }
    let otherStatus = judge.judgement(of: otherDraft.entry(at: Timestamp(secondsSince1970: 0), source: .fileImport))
      .status
    return otherStatus.isCritical ? .critical(read) : .likelyOtherUnit
  }

  /// A glucose beyond its plausible range: critical as read, or most likely in the other unit.
  enum BeyondPlausible {
    case critical(MarkerStatus)
    case likelyOtherUnit
  }

  /// The unit a bare number of this test is in when it can be in one only: a glucose below
  /// anything plausible in mg/dL is in mmol/L, an ionized calcium above any in mmol/L is in mg/dL
  /// (clinician's second look at stop 36: "random glucose 2.0" was told `--unit mg/dL`).
  func unit(ofBare value: Double, markers: [MarkerDefinition]) -> String? {
    switch self {
    case .glucose:
      guard let glucose = markers.first(where: { $0.key == "fasting-glucose" && $0.isSystemDefined }),
        value < glucose.plausibleMin ?? 0
      else { return nil }
      return glucose.siUnit
    case .ionizedCalcium: return value > Self.ionizedCalciumPlausible.mmol.upperBound ? "mg/dL" : nil
    case .raceAdjustedEGFR: return nil
    }
  }

  /// Ionized calcium's plausible values, editorial as glance's plausible ranges are
  /// (docs/MarkerLibrary.md): far beyond Kost's critical limits either way.
  static let ionizedCalciumPlausible = (mmol: 0.4...2.5, mg: 1.6...10.0)

  /// True when `value` in `unit` is beyond anything plausible for this test: glance's own marker's
  /// plausible range (through `judge`), or ionized calcium's. Such a reading is not judged.
  func isImplausible(_ value: Double, unit: String, judge: MarkerSnapshot?) -> Bool {
    switch self {
    case .glucose, .raceAdjustedEGFR:
      guard let judge, let converted = try? UnitConverter.convert(value, unit: unit, for: judge.definition).value
      else { return false }
      // A glucose beyond glance's plausible range is critical unless the number most likely is
      // in glucose's other unit (`glucoseBeyondPlausible`); zero or less is no reading.
      if self == .glucose {
        guard value > 0 else { return true }
        guard
          let draft = try? EntryPlanner.draft(
            judge.definition, typed: TypedValue(value: value), unit: unit, date: CalendarDate(dayNumber: 0)!,
            note: nil, existing: []),
          let beyond = Self.glucoseBeyondPlausible(draft, judge: judge)
        else { return false }
        guard case .likelyOtherUnit = beyond else { return false }
        return true
      }
      return judge.definition.isOffScale(converted)
    case .ionizedCalcium:
      switch UnitConverter.normalize(unit) {
      case UnitConverter.normalize("mmol/L"): return !Self.ionizedCalciumPlausible.mmol.contains(value)
      case UnitConverter.normalize("mg/dL"): return !Self.ionizedCalciumPlausible.mg.contains(value)
      default: return false
      }
    }
  }

  /// Ionized calcium's status by Kost's limits, in mmol/L or mg/dL (without a unit, in both).
  private func ionizedStatus(_ value: Double, comparator: ValueComparator?, unit: String?) -> MarkerStatus? {
    let (low, high) = Self.ionizedCalciumLimits
    let mg = Self.ionizedCalciumLimitsMgPerDL
    let limits: (low: Double, high: Double)
    let below = comparator == .lessThan || comparator == .lessThanOrEqual
    let above = comparator == .greaterThan || comparator == .greaterThanOrEqual
    switch unit.map(UnitConverter.normalize) {
    case UnitConverter.normalize("mmol/L"): limits = (low, high)
    case UnitConverter.normalize("mg/dL"): limits = mg
    case nil:
      // Without a unit, a value normal in neither unit is critical in both (2.4: above the
      // limit in mmol/L, below it in mg/dL): only values normal in one of them pass. A bound
      // is judged only where both units agree.
      if below { return value <= low ? .criticalLow : nil }
      if above { return value >= mg.high ? .criticalHigh : nil }
      // One plausible in neither unit is not judged (clinician review at stop 37: 40, 12 and
      // 0.3 were called critical).
      guard Self.ionizedCalciumPlausible.mmol.contains(value) || Self.ionizedCalciumPlausible.mg.contains(value)
      else { return nil }
      if (low...high).contains(value) || (mg.low...mg.high).contains(value) { return nil }
      // Below the mmol/L limit, or between the two units' normal values (too high in mmol/L,
      // too low in mg/dL): said on the side of the unit it is nearer.
      return value < low
        ? .criticalLow : value > mg.high ? .criticalHigh : value < (high + mg.low) / 2 ? .criticalHigh : .criticalLow
    default: return nil
    }
    if below { return value <= limits.low ? .criticalLow : nil }
    if above { return value >= limits.high ? .criticalHigh : nil }
    let plausible = limits == mg ? Self.ionizedCalciumPlausible.mg : Self.ionizedCalciumPlausible.mmol
    guard plausible.contains(value) else { return nil }
    return value < limits.low ? .criticalLow : value > limits.high ? .criticalHigh : nil
  }
}
