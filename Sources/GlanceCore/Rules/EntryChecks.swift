#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A question to ask before a reading is saved (PRD §9). Nothing is saved until it is answered.
public struct EntryCheck: Equatable, Sendable {
  public enum Kind: Equatable, Sendable {
    /// Outside the marker's plausible range.
    case implausible
    /// About ten times off the person's usual value; `suggestion` is what they probably meant.
    case tenfold(suggestion: Double)
    /// The number reads as the marker's SI unit (5.5 for LDL is 5.5 mmol/L, 213 mg/dL):
    /// `suggestion` is the value converted, `entered` the number as typed with the SI unit (5.5 mmol/L).
    case unitSlip(suggestion: Double, entered: EnteredValue)
    /// The same marker, value and date is already stored.
    case duplicate
    /// "glucose" or "blood sugar" was typed: glance tracks fasting glucose only.
    case fasting
    /// The value is another test's (a calcium in ionized calcium's range): is it this one?
    case otherTest
  }

  public var kind: Kind
  /// The question in the PRD's words: "You entered HDL of 890 mg/dL. This seems unusual — would
  /// you like to double-check?"
  public var question: String { head + (advised ? " " + Judgement.criticalAdvice : "") + tail }
  /// The question before and after the critical advice, said between them when `advised`.
  private var head: String
  private var tail = ""
  /// A reading the question names is critical: the advice follows what it says of it.
  private(set) var advised = false

  public init(kind: Kind, question: String) {
    self.kind = kind
    head = question
  }

  /// The question with the critical advice after `question`, then `then`, when `critical` says
  /// a reading it names is critical (clinician review at stop 37: a unit-slip question about
  /// hemoglobin 7 g/dL said "far below the range" and nothing more).
  static func advising(_ kind: Kind, _ question: String, critical: Bool, then: String = "") -> EntryCheck {
    guard critical else { return EntryCheck(kind: kind, question: question + then) }
    var check = EntryCheck(kind: kind, question: question)
    check.tail = then
    check.advised = true
    return check
  }

  /// The same question without the critical advice, for one asked after a question that gave it.
  func withoutAdvice() -> EntryCheck {
    var check = self
    check.advised = false
    return check
  }
}

/// The checks a new reading goes through before it is saved.
///
/// Custom markers get only the duplicate check: glance knows no plausible range or usual scale
/// for them (PRD §9). A future date is refused outright by `DateParser`, never asked about.
public enum EntryChecks {
  /// How far from exactly ten times (as a factor) still counts as "about 10×": 7× to 14×.
  static let tenfoldWindow = 7.0...14.0

  /// The questions for a new reading of `marker`, given the marker's `existing` readings.
  /// `unitTyped` is true when the person typed a unit: a number with a unit cannot be a unit slip.
  /// `typed`: the value as typed, when it was in another unit than the marker's own; questions
  /// then say it, and suggest, in that unit (an SI reader never retypes a number in lb).
  public static func check(
    value: Double, comparator: ValueComparator?, date: CalendarDate, marker: MarkerDefinition,
    existing: [MarkerEntry], unitTyped: Bool = false, typed: EnteredValue? = nil
  ) -> [EntryCheck] {
    var checks = questions(
      value: value, comparator: comparator, marker: marker, usual: usual(of: existing), unitTyped: unitTyped,
      typed: typed)
    if checks.isEmpty, !unitTyped,
      let slip = historySlip(value, comparator: comparator, marker: marker, existing: existing)
    {
      checks.append(slip)
    }
    if existing.contains(where: { $0.dateOfService == date && $0.value == value && $0.comparator == comparator }) {
      // With its unit (newcomer review at stop 37: "a PSA entry of 5.1" named none).
      let shown = typed?.text(comparator) ?? ValueText.withUnit(value, comparator, marker.unit)
      checks.append(
        EntryCheck(
          kind: .duplicate,
          question:
            "You already have \(article(marker.shortName)) \(marker.shortName) entry of \(shown) for this date. Add anyway?"
        ))
    }
    return checks
  }

  /// The questions about the value itself (no duplicate check), given the person's `usual` value
  /// of the marker: a unit slip, a tenfold slip, or an implausible value, at most one of them.
  /// `add`, `batch` and spreadsheet imports all ask these.
  public static func questions(
    value: Double, comparator: ValueComparator?, marker: MarkerDefinition, usual: Double?, unitTyped: Bool,
    typed: EnteredValue? = nil
  ) -> [EntryCheck] {
    guard marker.isSystemDefined else { return [] }
    let shown = typed?.text(comparator) ?? ValueText.withUnit(value, comparator, marker.unit)
    // A value ten times the usual is most often a missed decimal point (56 for 5.6): that
    // question wins. A value a tenth of it (16 for a usual 150) is more often the SI unit.
    // When both fit a value ten times the usual, the one nearer the usual wins (A1c 41 after
    // 5.9 is 41 mmol/mol, A1c 56 after 5.6 is 5.6).
    // A lab's bound (<5.5) is asked about as its number; only the tenfold guess needs a plain value.
    let tenfold = comparator == nil ? tenfoldSuggestion(value, marker: marker, usual: usual) : nil
    let slip = unitTyped ? nil : unitSlip(value, marker: marker, usual: usual)
    let slipWins: Bool
    if let slip, let tenfold, tenfold < value, let usual {
      slipWins = apart(slip.value, usual) < apart(tenfold, usual)
    } else if let slip, tenfold != nil, let usual {
      // A tenth of the usual: the SI unit when that reading is near the usual, as `unitSlip`
      // weighs it (glucose 16 after 150 is 288 mg/dL); else a dropped digit (an LDL of 13 after
      // 130 is not 13 mmol/L, 503 mg/dL: clinician review at stop 34).
      slipWins = apart(slip.value, usual) < apart(value, usual).squareRoot()
    } else {
      slipWins = slip != nil
    }
    // A value critical as typed says so: the question offers a reading that is not (clinician's
    // second look at stop 34: hemoglobin 6.5 g/dL was asked as 6.5 mmol/L, 10.5 g/dL, and nothing
    // said 6.5 g/dL is far below the range; the third look: platelets 25 asked only "Did you mean
    // 250?").
    let rule = ClinicalRules.rule(for: marker.key)
    // Not one beyond anything plausible: a slip, saved as "?" (clinician review at stop 40:
    // hemoglobin 135 g/dL was "far above the range … contacting your care team").
    let criticalAsTyped =
      comparator == nil && !isImplausible(value, marker) && (rule?.isCritical(value) ?? false)
      ? " As typed, \(shown) is far \(rule?.criticalLow?.contains(value) == true ? "below" : "above") the range."
      : ""
    // The reading a dropped-digit question offers, when it is critical itself (clinician's
    // review this session: platelets 350 was asked "Did you mean 35?", far below the range).
    func offeredCritical(_ offered: Double, _ shown: String) -> String {
      guard comparator == nil, let rule, rule.isCritical(offered) else { return "" }
      return " As \(shown), it is far \(rule.criticalLow?.contains(offered) == true ? "below" : "above") the range."
    }
    let ionized = typed == nil && !unitTyped && comparator == nil ? ionizedNote(value, marker: marker) : ""
    if slipWins, let slip {
      var critical = criticalAsTyped
      // The reading offered, when it is critical too (WBC 150 /µL is 0.15 10³/µL).
      if comparator == nil, rule?.isCritical(slip.value) ?? false {
        let side = rule?.criticalLow?.contains(slip.value) == true ? "below" : "above"
        critical += " As \(slip.entered.text(nil)), it is far \(side) the range."
      }
      // The dropped digit that lost to it is named too (clinician's second look at stop 34:
      // glucose 9 after 95 was asked only as 9 mmol/L, 162 mg/dL; 90 was never offered).
      // Ten times the number only when that is near the usual: else a digit may be missing
      // anywhere (clinician's third look at stop 34: glucose 9 after 95 and 97 offered 90).
      // A tenth of the number (a decimal point left out) only when it is the usual: A1c 40 after
      // 5.6 is 40 mmol/mol, and no digit is missing (newcomer review at stop 36).
      let digit =
        tenfold.map { tenfold in
          guard let usual, apart(tenfold, usual) > 1.05 else {
            return " If you meant \(ValueText.number(tenfold)), cancel and type \(ValueText.number(tenfold))."
          }
          guard tenfold > value else { return "" }
          let shown = ValueText.number(UnitConverter.round(usual, decimals: marker.decimals))
          return " If a digit was left out (your usual is about \(shown)), cancel and type the full number."
        } ?? ""
      // Below or above the range as typed, said when not far (clinician review at stop 37: a
      // first hemoglobin of 8.5 g/dL was offered as 8.5 mmol/L, 13.7 g/dL, and never said to be
      // below the range as typed).
      let range = marker.defaultRange
      let outside =
        !critical.isEmpty || comparator != nil || isImplausible(value, marker)
        ? ""
        : range.isBelow(value)
          ? " As typed, \(shown) is below the range."
          : range.isAbove(value) ? " As typed, \(shown) is above the range." : ""
      return [
        .advising(
          .unitSlip(suggestion: slip.value, entered: slip.entered),
          "You entered \(marker.shortName) of \(shown). Was that \(slip.entered.text(comparator)) (\(savedText(slip.value, comparator, slip.entered, marker)))?"
            + outside + critical, critical: !critical.isEmpty, then: digit + ionized)
      ]
    }
    if let suggestion = tenfold, let typed {
      // In the unit typed: "Did you mean 81 kg?", saved with what it stands for.
      // Ten times or a tenth of the number typed, never through the stored value's rounding
      // (UACR 35 mg/mmol after 3.5 asked "Did you mean 3.4997 mg/mmol?": clinician's review
      // this session).
      let mean = EnteredValue(
        value: UnitConverter.round(suggestion > value ? typed.value * 10 : typed.value / 10, decimals: 6),
        unit: typed.unit)
      let converted = (try? UnitConverter.convert(mean.value, unit: mean.unit, for: marker).value) ?? suggestion
      let critical = criticalAsTyped + offeredCritical(converted, mean.text(comparator))
      return [
        .advising(
          .unitSlip(suggestion: converted, entered: mean),
          "You entered \(marker.shortName) of \(shown), about \(suggestion > value ? "a tenth of" : "10 times") your usual. Did you mean \(mean.text(comparator))?"
            + critical, critical: !critical.isEmpty)
      ]
    }
    if let suggestion = tenfold {
      // The SI reading that lost to it is named too: A1c 59 after 5.9% is 5.9, or 59 mmol/mol
      // (7.5%) from a UK report (newcomer review: only 5.9 was offered).
      // Said critical when it is (clinician's second look this session: platelets 2500 after 250
      // offered 2500 /µL, 2.5 10³/µL, without a word).
      let otherCritical = slip.map { offeredCritical($0.value, $0.entered.text(comparator)) } ?? ""
      let other = slip.map {
        " If it was \($0.entered.text(comparator)) (\(savedText($0.value, comparator, $0.entered, marker))), cancel and type the unit."
          + otherCritical
      }
      let critical = criticalAsTyped + offeredCritical(suggestion, ValueText.number(suggestion))
      return [
        .advising(
          .tenfold(suggestion: suggestion),
          "You entered \(marker.shortName) of \(shown), about \(suggestion > value ? "a tenth of" : "10 times") your usual. Did you mean \(ValueText.number(suggestion))?"
            + critical + (other ?? ""), critical: !(critical + otherCritical).isEmpty, then: ionized)
      ]
    }
    if let other = ionizedCalcium(value, marker: marker, shown: shown)
      ?? creatinineAsEGFR(value, marker: marker, shown: shown)
    {
      return [other]
    }
    if isImplausible(value, marker) {
      let critical = unitTyped ? nil : criticalInSI(value, comparator: comparator, marker: marker)
      // A decimal point left out (potassium 68 for 6.8): the number a tenth as large, when that is
      // plausible, is named, and said critical when it is (clinician's second look this session:
      // potassium 68 after 4.2 was only "unusual").
      var tenth = ""
      var tenthPlain = ""
      if comparator == nil, typed == nil, !unitTyped, critical == nil {
        let candidate = UnitConverter.round(value / 10, decimals: max(marker.decimals, 2))
        if !isImplausible(candidate, marker) {
          tenthPlain = "If you meant \(ValueText.number(candidate)), cancel and type \(ValueText.number(candidate)). "
          tenth =
            "If you meant \(ValueText.number(candidate)), cancel and type \(ValueText.number(candidate))."
            + offeredCritical(candidate, ValueText.number(candidate)) + " "
        }
      }
      // The advice before the question, so "Save it anyway?" ends it; left out after a fasting
      // question that gave it (`EntryCheck.withoutAdvice`).
      let advised = critical != nil || !tenth.isEmpty && tenth != tenthPlain
      return [
        .advising(
          .implausible,
          "You entered \(marker.shortName) of \(shown). This seems unusual: please double-check it."
            + (critical.map { " \($0)" } ?? "") + (tenth.isEmpty ? "" : " " + tenth.dropLast()), critical: advised,
          then: " "
            + (typed == nil && !unitTyped && comparator == nil ? ionizedNote(value, marker: marker, inline: true) : "")
            + "Save it anyway?")
      ]
    }
    return []
  }

  /// The question for a bare number when the marker's last readings (two or three of them) were
  /// all typed in one other unit and the number is plausible in it too: vitamin D 40 after 60
  /// and 55 nmol/L was saved as 40 ng/mL "in range" (clinician review); as 40 nmol/L it is 16.
  static func historySlip(
    _ value: Double, comparator: ValueComparator?, marker: MarkerDefinition, existing: [MarkerEntry]
  ) -> EntryCheck? {
    guard marker.isSystemDefined, existing.count >= 2, let unit = typedUnit(of: latest(existing), marker: marker),
      let converted = try? UnitConverter.convert(value, unit: unit, for: marker).value,
      !isImplausible(converted, marker)
    else { return nil }
    let entered = EnteredValue(value: value, unit: unit)
    return EntryCheck(
      kind: .unitSlip(suggestion: converted, entered: entered),
      question:
        "You entered \(marker.shortName) of \(ValueText.withUnit(value, comparator, marker.unit)); your last readings were typed in \(unit). Was that \(entered.text(comparator)) (\(savedText(converted, comparator, entered, marker)))?"
    )
  }

  /// The three latest of `entries` by date, in one pass: a marker can hold 25,000 readings.
  static func latest(_ entries: some Sequence<MarkerEntry>) -> [MarkerEntry] {
    var last: [MarkerEntry] = []
    for entry in entries { keepLatest(entry, in: &last) }
    return last
  }

  /// Keeps `last` the three latest readings by date seen so far.
  static func keepLatest(_ entry: MarkerEntry, in last: inout [MarkerEntry]) {
    if last.count < 3 {
      last.append(entry)
    } else if let oldest = last.indices.min(by: { last[$0].dateOfService < last[$1].dateOfService }),
      entry.dateOfService >= last[oldest].dateOfService
    {
      last[oldest] = entry
    }
  }

  /// The one unit the marker's `latest` readings (two or three) were all typed in, when it is not
  /// the marker's own: a bare number is then asked about in it.
  static func typedUnit(of latest: [MarkerEntry], marker: MarkerDefinition) -> String? {
    guard latest.count >= 2, let unit = latest.first?.entered(for: marker)?.unit,
      UnitConverter.normalize(unit) != UnitConverter.normalize(marker.unit),
      latest.allSatisfy({
        $0.entered(for: marker).map { UnitConverter.normalize($0.unit) } == UnitConverter.normalize(unit)
      })
    else { return nil }
    return unit
  }

  /// "As 2.5 mmol/L it would be 45 mg/dL, far below the range: then type the unit." for a value
  /// whose SI reading is plausible and critical, which `unitSlip` does not offer to save (calcium
  /// 1.2 is more often an ionized calcium than a total of 4.8 mg/dL) but must not hide
  /// (clinician's second look: glucose 2.5 was only "unusual"). Nil otherwise.
  static func criticalInSI(_ value: Double, comparator: ValueComparator?, marker: MarkerDefinition) -> String? {
    guard let rule = ClinicalRules.rule(for: marker.key) else { return nil }
    // The SI unit first, then a lab's other unit (WBC 1500 is 1500 /µL, a critical 1.5 10³/µL:
    // it was only "unusual" at stop 34).
    for unit in slipUnits(marker) {
      guard let converted = try? UnitConverter.convert(value, unit: unit, for: marker).value,
        !isImplausible(converted, marker), rule.isCritical(converted)
      else { continue }
      let entered = EnteredValue(value: value, unit: unit)
      let side = rule.criticalLow?.contains(converted) == true ? "below" : "above"
      return
        "As \(entered.text(comparator)) it would be \(savedText(converted, comparator, entered, marker)), far \(side) the range: then type the unit."
    }
    return nil
  }

  /// The units a bare number may have been typed in by slip: the marker's SI unit, then any
  /// other unit labs report it in with a fixed factor (hemoglobin in mmol/L, cell counts per
  /// µL). A factor near 1 (sodium, ferritin) cannot slip.
  static func slipUnits(_ marker: MarkerDefinition) -> [String] {
    var units: [String] = []
    if let siUnit = marker.siUnit, let factor = marker.siFactor, canSlip(factor) { units.append(siUnit) }
    units += UnitConverter.otherUnits.compactMap { other in
      guard other.key == marker.key, let factor = other.factor, canSlip(factor) else { return nil }
      return other.unit
    }
    return units
  }

  /// The question for a bare number read in the person's unit (`glance units si`) that fits the
  /// marker's own unit better: beyond anything the marker can be in the person's unit, or (as
  /// `unitSlip` weighs it the other way) far from their usual where the number in the marker's
  /// own unit is near it (weight 176 after 80 and 81 kg): "You entered LDL of 130 mmol/L. Was
  /// that 130 mg/dL (3.4 mmol/L)?" Nil otherwise.
  public static func ownUnitSlip(
    _ typed: TypedValue, readIn unit: String, converted: Double, marker: MarkerDefinition, usual: Double? = nil
  ) -> EntryCheck? {
    // Asked when the reading in the marker's own unit is critical too, and said (attacker's
    // second look at stop 37: an SI reader's hemoglobin 6, 6 g/dL, was asked only "unusual").
    guard marker.isSystemDefined, !isImplausible(typed.value, marker), typed.value > 0, converted > 0,
      let display = DisplayUnit.of(marker, unit: unit), !display.isOwn
    else { return nil }
    let ownCritical =
      typed.comparator == nil && isImplausible(converted, marker)
      && (ClinicalRules.rule(for: marker.key)?.isCritical(typed.value) ?? false)
    if !ownCritical, ClinicalRules.rule(for: marker.key)?.isCritical(typed.value) ?? false { return nil }
    if !isImplausible(converted, marker) {
      // A factor near 1 (ferritin, sodium) cannot slip.
      guard typed.comparator == nil, canSlip(display.factor) else { return nil }
      if let usual, usual > 0 {
        let readAway = apart(converted, usual)
        let gap = min(2, apart(converted, typed.value) * 0.9)
        guard readAway >= gap, apart(typed.value, usual) < readAway.squareRoot() else { return nil }
      } else {
        // No readings yet: out of range as read, in range in the marker's own unit (ALT 30 is
        // 30 U/L, not 30 µkat/L).
        let range = marker.defaultRange
        let readOut = range.isAbove(converted) || range.isBelow(converted)
        let ownIn = !range.isEmpty && !range.isAbove(typed.value) && !range.isBelow(typed.value)
        guard readOut && ownIn else { return nil }
      }
    }
    let own = EnteredValue(value: typed.value, unit: marker.unit)
    let asRead = EnteredValue(value: typed.value, unit: display.unit)
    // As read in the person's unit, past a critical limit or outside the range: said, with the
    // advice (clinician review at stop 37: magnesium 2.0 mmol/L, critical, was asked only "Was
    // that 2 mg/dL?").
    let rule = ClinicalRules.rule(for: marker.key)
    let range = marker.defaultRange
    let asTyped: String
    let critical =
      typed.comparator == nil && !isImplausible(converted, marker) && (rule?.isCritical(converted) ?? false)
    if critical {
      asTyped =
        " As typed, \(asRead.text(nil)) is far \(rule?.criticalLow?.contains(converted) == true ? "below" : "above") the range."
    } else if typed.comparator == nil, !isImplausible(converted, marker),
      range.isBelow(converted) || range.isAbove(converted)
    {
      asTyped = " As typed, \(asRead.text(nil)) is \(range.isBelow(converted) ? "below" : "above") the range."
    } else {
      asTyped = ""
    }
    let offered =
      ownCritical
      ? " As \(own.text(nil)), it is far \(rule?.criticalLow?.contains(typed.value) == true ? "below" : "above") the range."
      : ""
    return .advising(
      .unitSlip(suggestion: typed.value, entered: own),
      "You entered \(marker.shortName) of \(asRead.text(typed.comparator)). Was that \(own.text(typed.comparator)) (\(ValueText.withUnit(display.value(typed.value), typed.comparator, display.unit, places: display.decimals)))?"
        + asTyped + offered, critical: critical || ownCritical)
  }

  /// `checks` of a bare number read in the person's unit (`readIn`), with `ownUnitSlip`'s
  /// question when it applies: one slip question, the marker's own unit or a tenfold slip in the
  /// person's unit ("33" after 3.2 and 3.3 mmol/L is 3.3 mmol/L, not 33 mg/dL), whichever is
  /// nearer the usual. `add`, `batch`, `edit` and spreadsheet imports all ask it.
  public static func readIn(
    _ unit: String, typed: TypedValue, converted: Double, marker: MarkerDefinition, usual: Double?,
    checks: [EntryCheck]
  ) -> [EntryCheck] {
    guard let slip = ownUnitSlip(typed, readIn: unit, converted: converted, marker: marker, usual: usual) else {
      return checks
    }
    let tenfold = checks.first { check in
      if case .unitSlip = check.kind { return true }
      return false
    }
    if let tenfold, case .unitSlip(let other, _) = tenfold.kind, let usual,
      abs(other - usual) < abs(typed.value - usual)
    {
      return checks
    }
    return [slip]
      + checks.filter { check in
        if case .unitSlip = check.kind { return false }
        return check.kind != .implausible
      }
  }

  /// The person's usual value: the median of their plain readings (censored ones say too little).
  public static func usual(of existing: [MarkerEntry]) -> Double? {
    median(existing.filter { $0.comparator == nil }.map(\.value))
  }

  /// The value `value` stands for when it was typed in the marker's SI unit, when that is the
  /// likelier reading (issue 11): read as SI it is plausible, and as typed it is implausible, or
  /// at least twice as far from the person's usual (the median of their readings) and more than
  /// twice as far as the SI reading, or (with no readings yet) out of range where the SI reading
  /// is in range, or critical as typed. Markers whose SI factor is near 1 (sodium, ferritin)
  /// cannot slip.
  public static func unitSlip(_ value: Double, marker: MarkerDefinition, usual: Double?)
    -> (value: Double, entered: EnteredValue)?
  {
    guard marker.isSystemDefined, value > 0 else { return nil }
    let units = slipUnits(marker)
    let rule = ClinicalRules.rule(for: marker.key)
    // A plausible value critical as typed is asked about whenever the SI reading is plausible,
    // critical or not: glucose 25 mg/dL ("!! far below") may be 25 mmol/L, 450 mg/dL, the
    // opposite emergency (clinician review); saved unseen it was the first.
    let typedCritical = !isImplausible(value, marker) && (rule?.isCritical(value) ?? false)
    for unit in units {
      guard let converted = try? UnitConverter.convert(value, unit: unit, for: marker).value, converted > 0,
        !isImplausible(converted, marker)
      else { continue }
      // Otherwise a reading that would be critical in that unit is not the likelier one (calcium
      // 1.2 is ionized calcium in mmol/L, not a total calcium of 4.8 mg/dL): not offered, and
      // no other unit offered in its place (clinician's second look: calcium 3.3 was asked about
      // as 3.3 mEq/L, 6.61 mg/dL, where 3.3 mmol/L is 13.2 mg/dL, critical). `criticalInSI`
      // names it in the question instead.
      if !typedCritical, rule?.isCritical(converted) ?? false { return nil }
      let slip = (converted, EnteredValue(value: value, unit: unit))
      if isImplausible(value, marker) || typedCritical { return slip }
      if let usual, usual > 0 {
        // Twice as far as usual; for a unit with a small factor (hemoglobin mmol/L, 1.61) at
        // least nine tenths of the factor, so 8.5 after 13.8 g/dL is asked about.
        let typedAway = apart(value, usual)
        let gap = min(2, apart(converted, value) * 0.9)
        if typedAway >= gap && apart(converted, usual) < typedAway.squareRoot() { return slip }
        continue
      }
      let range = marker.defaultRange
      let typedOut = range.isAbove(value) || range.isBelow(value)
      let convertedIn = !range.isEmpty && !range.isAbove(converted) && !range.isBelow(converted)
      if typedOut && convertedIn { return slip }
    }
    return nil
  }

  /// A suggested value converted from `entered`, as the saved reading will be shown in the
  /// marker's own unit (rounded once, as a lab prints it): the question, its choices and the
  /// Saved line say one number (glucose 25 mmol/L is "450", not "450.5" then "450").
  public static func savedText(
    _ value: Double, _ comparator: ValueComparator?, _ entered: EnteredValue, _ marker: MarkerDefinition
  ) -> String {
    let entry = MarkerEntry(
      markerID: marker.id, value: value, comparator: comparator, unit: marker.unit, entered: entered,
      dateOfService: CalendarDate(dayNumber: 0)!, entryTimestamp: Timestamp(secondsSince1970: 0))
    return MarkerSnapshot(definition: marker, tracked: nil, entries: []).displayedText(entry)
  }

  /// Below this an eGFR (mL/min/1.73m²) is far more often a creatinine in mg/dL typed under
  /// eGFR's name ("kidney function 1.1") than a measured one: an editorial slip-catching bound,
  /// as the plausible ranges are (docs/MarkerLibrary.md).
  static let eGFRAskedBelow = 4.0

  /// The question for a plausible eGFR under `eGFRAskedBelow`: a creatinine's value (clinician
  /// review at stop 33: saved as an eGFR of kidney failure with no question). Nil otherwise.
  static func creatinineAsEGFR(_ value: Double, marker: MarkerDefinition, shown: String) -> EntryCheck? {
    guard marker.isSystemDefined, marker.key == "egfr", !isImplausible(value, marker), value < eGFRAskedBelow
    else { return nil }
    return EntryCheck(
      kind: .otherTest,
      question:
        "You entered eGFR of \(shown): about the values of a creatinine in mg/dL, a different test that eGFR is calculated from. As eGFR it would be far below 15, the lowest of KDIGO's categories. Is it eGFR? If not, nothing is saved; for creatinine, use: glance add creatinine VALUE"
    )
  }

  /// How many times apart two positive values are (≥ 1); half the distance on a log scale is
  /// the square root.
  /// True when `a` and `b`, readings of `marker` drawn together and typed in two units of
  /// different scales, are one result printed in both (a German lab's HbA1c of 6.1% and 43
  /// mmol/mol; newcomer review at stop 38): the values each printed number stands for (5.7% is
  /// 5.65 to 5.75%) overlap (clinician's look at stop 39: 5.7% and 38 mmol/mol are one 5.66%).
  /// A lab's bound is never the same result as a number; mmol/L and mEq/L of potassium are one
  /// scale, so 4 and 4.04 are two results.
  /// `places`: the decimals each was printed with, when known ("5.50": 2; attacker's second look
  /// at stop 39: read as 5.5, it matched 100 mg/dL).
  static func sameResult(
    _ a: MarkerEntry, _ b: MarkerEntry, marker: MarkerDefinition, places: (Int?, Int?) = (nil, nil)
  ) -> Bool {
    guard a.comparator == nil, b.comparator == nil, let first = printedSpan(a, marker: marker, places: places.0),
      let second = printedSpan(b, marker: marker, places: places.1), first.scale != second.scale
    else { return false }
    return first.span.overlaps(second.span)
  }

  /// The values `entry`'s printed number stands for, in the marker's unit (half its last digit
  /// either side, at least a lab's decimals), and its unit's scale; nil for a unit not known.
  static func printedSpan(_ entry: MarkerEntry, marker: MarkerDefinition, places printed: Int? = nil) -> (
    span: ClosedRange<Double>, scale: [Double]
  )? {
    let typed = entry.typed(for: marker)
    let own = UnitConverter.normalize(typed.unit) == UnitConverter.normalize(marker.unit)
    guard let unit = own ? DisplayUnit.own(marker) : DisplayUnit.of(marker, unit: typed.unit) else { return nil }
    let places = printed ?? max(decimals(of: typed.value), (own ? marker.decimals : unit.decimals) ?? 0)
    let half = 0.5 / (0..<places).reduce(1.0) { scale, _ in scale * 10 }
    let (low, high) = (unit.stored(typed.value - half), unit.stored(typed.value + half))
    guard low.isFinite, high.isFinite else { return nil }
    return (min(low, high)...max(low, high), [unit.factor, unit.offset])
  }

  /// The decimals `value` was written with (6.1: 1, 43: 0), up to 6.
  static func decimals(of value: Double) -> Int {
    var (scaled, places) = (value, 0)
    while places < 6, abs(scaled - scaled.rounded()) > 1e-9 * max(1, abs(scaled)) {
      scaled *= 10
      places += 1
    }
    return places
  }

  static func apart(_ a: Double, _ b: Double) -> Double { max(a / b, b / a) }

  /// A factor far enough from 1 that a number in one unit reads wrongly in the other.
  static func canSlip(_ factor: Double) -> Bool { factor > 1.5 || factor < 0.67 }

  static func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    return sorted.count.isMultiple(of: 2)
      ? (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2 : sorted[sorted.count / 2]
  }

  /// Ionized calcium in adults, 1.16 to 1.32 mmol/L (4.64 to 5.28 mg/dL; the handbook it comes
  /// from is named in docs/MarkerLibrary.md, "Words for other tests"), is a different test from
  /// total calcium, whose critical low is 6.5 mg/dL (1.62 mmol/L, `ClinicalRules`).
  static let ionizedRange = "1.16 to 1.32 mmol/L, 4.64 to 5.28 mg/dL"

  /// For a bare calcium number that reads as ionized calcium's kind of value in mg/dL or in
  /// mmol/L (plausible, and at or below total calcium's critical low: the `ionizedCalcium`
  /// question's rule, applied to either reading), the sentence naming that test, led by a space;
  /// "" otherwise. Whatever else a bare 1.2 or 5.0 is asked (as 1.2 mmol/L, a total of 4.8 mg/dL
  /// "far below"; as 5 mEq/L), it may be the other test (clinician review at stop 35).
  /// `inline`: said before the question's yes or no, the command in brackets, and led by nothing
  /// (a yes/no prompt after a command read as part of it).
  static func ionizedNote(_ value: Double, marker: MarkerDefinition, inline: Bool = false) -> String {
    guard marker.isSystemDefined, marker.key == "calcium", let low = ClinicalRules.rule(for: marker.key)?.criticalLow
    else { return "" }
    func ionizedLike(_ total: Double) -> Bool { !isImplausible(total, marker) && low.contains(total) }
    let unit: String
    if let siUnit = marker.siUnit, let mgdL = try? UnitConverter.convert(value, unit: siUnit, for: marker).value,
      ionizedLike(mgdL)
    {
      unit = siUnit
    } else if ionizedLike(value) {
      unit = marker.unit
    } else {
      return ""
    }
    let command = "glance custom \"Ionized calcium\" --unit \(unit)"
    let test =
      "It is also about the values of ionized calcium (\(ionizedRange)), a different test glance does not track"
    return inline
      ? test + " (for it, cancel and add your own marker: \(command)). "
      : " " + test + "; for it, cancel and add your own marker: " + command
  }

  /// The question for a total calcium that is plausible but at or below its critical low limit
  /// (4 to 6.5 mg/dL, 1.0 to 1.62 mmol/L): ionized calcium's values, saved as a critical total
  /// calcium with no question (clinician review: "calcium 1.2 mmol/L"). Nil for other markers.
  static func ionizedCalcium(_ value: Double, marker: MarkerDefinition, shown: String) -> EntryCheck? {
    guard marker.isSystemDefined, marker.key == "calcium", !isImplausible(value, marker),
      let low = ClinicalRules.rule(for: marker.key)?.criticalLow, low.contains(value)
    else { return nil }
    return EntryCheck(
      kind: .otherTest,
      question:
        "You entered Calcium of \(shown): about the values of ionized calcium (\(ionizedRange)), a different test. As total calcium, the one glance tracks, it is far below the range. \(Judgement.criticalAdvice) Is it total calcium? If not, nothing is saved; for ionized calcium, add your own marker: glance custom \"Ionized calcium\" --unit mmol/L"
    )
  }

  /// The question when a glucose was named without saying fasting ("glucose", "blood sugar"):
  /// a non-fasting reading judged by the fasting range would be flagged for nothing.
  public static let fastingQuestion = fastingQuestion(unit: "mg/dL")

  /// The same, naming `unit` (the one the person reads glucose in) for the custom marker.
  public static func fastingQuestion(unit: String) -> EntryCheck { fastingQuestion(noun: "glucose", unit: unit) }

  /// The question for `marker` (fasting glucose or fasting insulin) named without "fasting".
  /// `critical`: the value as typed is past a critical limit, fasting or not; said before the
  /// way out, so a "no" never hides it (clinician's second look this session: "add glucose 30",
  /// answered no, said only "Nothing was changed").
  /// `own`: the person's own marker for such readings and the command that records this one in
  /// it (newcomer's second look at stop 37: `add glucose 130` told someone who had made "Random
  /// glucose" to make it, and that command then failed).
  public static func fastingQuestion(
    for marker: MarkerDefinition, unit: String, critical: Bool = false, own: String? = nil
  ) -> EntryCheck {
    fastingQuestion(
      noun: marker.key == "fasting-insulin" ? "insulin" : "glucose", unit: unit, critical: critical, own: own)
  }

  /// The question for an imported `draft`'s marker named without "fasting", suggesting the
  /// custom marker in the unit the file gave it when that is the marker's SI unit ("Glucose" in
  /// mmol/L: newcomer review at stop 35 was told `--unit mg/dL`), else in the marker's own.
  static func fastingQuestion(for draft: EntryDraft) -> EntryCheck {
    let marker = draft.marker
    var unit = marker.unit
    if let typed = draft.entered?.unit, let siUnit = marker.siUnit,
      UnitConverter.normalize(typed) == UnitConverter.normalize(siUnit)
    {
      unit = siUnit
    }
    return fastingQuestion(for: marker, unit: unit)
  }

  static func fastingQuestion(noun: String, unit: String, critical: Bool = false, own: String? = nil) -> EntryCheck {
    let note =
      critical
      ? " Fasting or not, as typed it is past a critical limit for \(noun). " + Judgement.criticalAdvice : ""
    return EntryCheck(
      kind: .fasting,
      question:
        "glance tracks fasting \(noun) (nothing to eat for at least 8 hours before the test); "
        + (own.map { "a non-fasting reading goes in your own marker: \($0)." }
          ?? "track non-fasting readings in a marker of your own: glance custom \"Random \(noun)\" --unit \(unit).")
        + "\(note) Was this a fasting reading? If not, nothing is saved."
    )
  }

  /// "(A name "Fasting glucose" says so.)", for a file's name or header of `marker`.
  /// `answersAll`: `--fasting yes|no` answers it for every such reading of the file (a
  /// spreadsheet; a FHIR file's observations are named by their codes).
  public static func fastingNameHint(_ place: String, _ marker: MarkerDefinition, answersAll: Bool = false) -> String {
    "(A \(place) \"Fasting \(marker.key == "fasting-insulin" ? "insulin" : "glucose")\" says so"
      + (answersAll ? "; --fasting yes or --fasting no answers it for every such reading of the file.)" : ".)")
  }

  /// What a note (or a name) says of fasting: false when it says the sample was not fasting
  /// ("non-fasting", "not fasting", "random", "after breakfast", "nicht nüchtern"), true when it
  /// says fasting ("fasting", "fasted", "nüchtern", "à jeun"), nil when it says neither.
  public static func saysFasting(_ text: String?) -> Bool? {
    guard let text, !text.isEmpty else { return nil }
    let words = SearchText(text).words
    guard !words.isEmpty else { return nil }
    var fasting = false
    for (index, word) in words.enumerated() {
      if notFastingWords.contains(word) { return false }
      let next = index + 1 < words.count ? words[index + 1] : ""
      if word == "after", meals.contains(next) { return false }
      if word == "post", meals.contains(next) || next == "prandial" { return false }
      guard fastingWords.contains(word) || word == "fast" else { continue }
      // "not fasting", "non à jeun", "n. nüchtern", "wasn't fasting": a negation just before;
      // "fasting: no", "Fasting: N": an answer just after (attacker's and clinician's second
      // looks at stop 37: each had been read as fasting).
      if words[max(0, index - 3)..<index].contains(where: negations.contains) { return false }
      let after = index + 2 < words.count ? words[index + 2] : ""
      if ["no", "n", "nein", "false", "nee", "non"].contains(next), !meals.contains(after) { return false }
      if word != "fast" { fasting = true }
    }
    // "fasting status unknown": it says nothing either way.
    if fasting, words.contains(where: ["unknown", "unclear", "unsure", "uncertain", "maybe", "possibly"].contains) {
      return nil
    }
    return fasting ? true : nil
  }

  static let fastingWords: Set<String> = [
    "fasting", "fasted", "nuchtern", "nuchter", "jeun", "ayunas", "digiuno", "jejum",
  ]
  static let notFastingWords: Set<String> = [
    "nonfasting", "nonfasted", "unfasted", "random", "postprandial", "casual", "ate",
  ]
  static let negations: Set<String> = [
    "non", "not", "no", "n", "nicht", "niet", "kein", "keine", "sans", "sin", "senza", "without", "didn", "didnt",
    "wasn", "wasnt", "nao", "never",
  ]
  static let meals: Set<String> = ["breakfast", "lunch", "dinner", "meal", "meals", "eating", "food", "snack"]

  /// True when `text` names glucose without saying it was fasting.
  public static func isUnqualifiedGlucose(_ text: String, marker: MarkerDefinition) -> Bool {
    // Insulin too: glance's is fasting insulin (clinician review at stop 34: "insulin" was saved
    // as fasting insulin with no question).
    guard marker.isSystemDefined, marker.key == "fasting-glucose" || marker.key == "fasting-insulin" else {
      return false
    }
    let compact = SearchText(text).compact
    // NB: bytes, not `contains(String)`, which would pull in _StringProcessing (CLAUDE.md).
    // Fasting in German (nüchtern), Dutch (nuchter, nuchtere: NHG-Standaard Diabetes mellitus
    // type 2), French (à jeun), Spanish (en ayunas), Italian (a digiuno) and Portuguese (em
    // jejum) says so too.
    let saysFasting = ["fasting", "nuchter", "jeun", "ayunas", "digiuno", "jejum"].contains { word in
      SearchService.contains(Array(compact.utf8), Array(word.utf8))
    }
    // "NBZ" is Nüchternblutzucker (clinician's second look at stop 37).
    return !saysFasting && !["fbg", "fbs", "fpg", "ifg", "nbz"].contains(compact)
  }

  /// The question for a blood pressure whose second number is not below its first (85/130 was
  /// probably typed the wrong way round). Its yes saves what was typed, so it asks exactly that.
  public static func swappedBloodPressure(systolic: Double, diastolic: Double) -> EntryCheck? {
    guard diastolic >= systolic else { return nil }
    return EntryCheck(
      kind: .implausible,
      question:
        "You entered blood pressure \(ValueText.number(systolic))/\(ValueText.number(diastolic)). The first (systolic) number is normally the higher one. Save it as typed?"
    )
  }

  /// True outside the plausible range of a library marker.
  public static func isImplausible(_ value: Double, _ marker: MarkerDefinition) -> Bool {
    guard marker.isSystemDefined else { return false }
    if let min = marker.plausibleMin, value < min { return true }
    if let max = marker.plausibleMax, value > max { return true }
    return false
  }

  /// The likely intended value when `value` is about 10× above or below the person's usual (the
  /// median of their readings), and the corrected value is plausible.
  public static func tenfoldSuggestion(_ value: Double, marker: MarkerDefinition, existing: [MarkerEntry]) -> Double? {
    tenfoldSuggestion(value, marker: marker, usual: usual(of: existing))
  }

  public static func tenfoldSuggestion(_ value: Double, marker: MarkerDefinition, usual: Double?) -> Double? {
    guard marker.isSystemDefined, let usual, value > 0 else { return nil }
    guard usual > 0 else { return nil }
    let ratio = value / usual
    let candidate: Double
    if tenfoldWindow.contains(ratio) {
      candidate = value / 10
    } else if tenfoldWindow.contains(1 / ratio) {
      candidate = value * 10
    } else {
      return nil
    }
    let rounded = UnitConverter.round(candidate, decimals: max(marker.decimals, 2))
    return isImplausible(rounded, marker) ? nil : rounded
  }

  /// "an" before a vowel sound of the short names glance uses ("an HDL", "an A1c", "a TSH").
  static func article(_ name: String) -> String {
    guard let first = name.first else { return "a" }
    // Initialisms read letter by letter: "an HDL", "an LDL", "an ALT"; words by their sound.
    let letterNames: Set<Character> = ["A", "E", "F", "H", "I", "L", "M", "N", "O", "R", "S", "X"]
    let isInitialism = name.count <= 5 && name.filter(\.isLetter).allSatisfy(\.isUppercase)
    if isInitialism { return letterNames.contains(first) ? "an" : "a" }
    return "aeiouAEIOU".contains(first) ? "an" : "a"
  }
}
