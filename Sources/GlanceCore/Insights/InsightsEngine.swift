#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Turns readings into "Next Visit Prep" suggestions (PRD §5.8, DESIGN §6). Deterministic
/// threshold math and trend detection only: no network, no scores, no clinical advice or
/// interpretation (the banned words are listed once, in `InsightsEngineTests.banned`).
///
/// - Critical: the latest reading of a library marker is in one of its critical limits
///   (`ClinicalRules`); the item says such values are usually looked at promptly.
/// - Earlier critical: the latest reading is not critical, but one since `criticalSince` (the last
///   visit) was; said before anything merely out of range, lest "nothing is flagged" reassure.
/// - Out of range: the latest reading is outside the range (a censored value only when every
///   value it can be is outside).
/// - Trend: the marker's trend (`Trend`, the same run the arrow shows) is worth watching: three or
///   more readings ending with the latest, moving one way by more than noise, down for
///   higher-is-better, up for lower-is-better, away from the middle of the range for in-range
///   markers (or further out of range).
///
/// One item per marker: a marker out of range and trending says both in one sentence. Items come
/// most severe first (critical, out of range, trend), in tracking order within each.
/// Custom markers get none: glance knows nothing medical about them.
public enum InsightsEngine {

  /// How many of a marker's latest readings prep looks at: far more than any real run of
  /// steadily worsening readings, and it keeps prep instant for thirty years of daily readings.
  public static let readingsConsidered = 500

  /// Insights for `snapshots`, one per marker, most severe first (critical, critical since
  /// `criticalSince`, out of range, trend); critical items newest first, out-of-range ones
  /// nearest their critical limit first (clinician review: a triglyceride of 20 months ago came
  /// before today's critical potassium, an LDL of 101 before a sodium of 120.5); then by the
  /// library's category order (heart before vitals), then in tracking order. A marker out of range whose readings also trend the
  /// concerning way gets one item that says both.
  public static func insights(
    for snapshots: [MarkerSnapshot], at now: Timestamp, criticalSince: CalendarDate? = nil
  ) -> [VisitPrepInsight] {
    let categories = MarkerLibrary.builtIn.categories.map(\.key)
    // Ranked by twice the status's severity: room for a critical reading since the last visit
    // between the critical and the out of range.
    var result: [(rank: Int, category: Int, order: Int, insight: VisitPrepInsight)] = []
    // Within a rank: the critical newest first, the out of range nearest critical first.
    var within: [UUID: (day: Int, toward: Double)] = [:]
    let setAside = pairedWithSlips(snapshots)
    func recentAverage(_ snapshot: MarkerSnapshot, at now: Timestamp) -> (Int, VisitPrepInsight)? {
      Self.recentAverage(snapshot, at: now, setAside: setAside)
    }
    for snapshot in snapshots {
      // A custom marker gets no insight, but for a reading past a critical limit of the test it
      // is (`MarkerSnapshot.leftOut`: random glucose, ionized calcium).
      guard snapshot.definition.isSystemDefined else {
        guard snapshot.leftOut != nil else { continue }
        let latestCritical = snapshot.latest.map { snapshot.judgement(of: $0).status.isCritical } ?? false
        if let (severity, item) = outOfRange(snapshot, at: now), item.kind == .critical {
          result.append((severity * 2, categories.count, result.count, item))
          within[item.id] = (-(snapshot.latest?.dateOfService.dayNumber ?? 0), -1)
        } else if !latestCritical, let since = criticalSince,
          let earlier = earlierCritical(snapshot, since: since, at: now)
        {
          // Critical since the last visit, the latest not (clinician's second look at stop 36:
          // six critical glucose readings, then a 51, and prep said nothing was flagged).
          result.append((5, categories.count, result.count, earlier))
        } else if let check = beyondPlausible(snapshot, at: now) {
          result.append((4, categories.count, result.count, check))
        }
        continue
      }
      let trend = trend(snapshot, at: now)
      let category = categories.firstIndex(of: snapshot.definition.category) ?? categories.count
      let latestCritical = snapshot.latest.map { snapshot.judgement(of: $0).status.isCritical } ?? false
      if !latestCritical, let since = criticalSince, let earlier = earlierCritical(snapshot, since: since, at: now) {
        result.append((5, category, result.count, earlier))
        // Blood pressure averaging in a stage is said too: one critical reading (a slip kept,
        // systolic 300) does not hide it (clinician and attacker reviews at stop 41).
        if let (severity, average) = recentAverage(snapshot, at: now) {
          result.append((severity * 2, category, result.count, average))
        }
      } else if let (severity, status) = outOfRange(snapshot, trend: trend, at: now) {
        result.append((severity * 2, category, result.count, status))
        within[status.id] = (
          status.kind == .critical ? -(snapshot.latest?.dateOfService.dayNumber ?? 0) : 0, -towardCritical(snapshot)
        )
        // Blood pressure averaging in a higher stage than its latest reading: said as well.
        if let (severity, average) = recentAverage(snapshot, at: now) {
          result.append((severity * 2, category, result.count, average))
        }
      } else if let (severity, average) = recentAverage(snapshot, at: now) {
        result.append((severity * 2, category, result.count, average))
      } else if let trend {
        result.append((2, category, result.count, trend))
      } else if let check = beyondPlausible(snapshot, at: now) {
        result.append((4, category, result.count, check))
      } else if let check = unjudgedBound(snapshot, at: now) {
        // What could be outside comes after what is outside, before a trend.
        result.append((3, category, result.count, check))
      }
    }
    return result.sorted { first, second in
      let a = within[first.insight.id] ?? (0, 0)
      let b = within[second.insight.id] ?? (0, 0)
      return (-first.rank, a.day, a.toward, first.category, first.order)
        < (-second.rank, b.day, b.toward, second.category, second.order)
    }.map(\.insight)
  }

  /// How far the latest reading lies from its range toward the critical limit on its side: 0 at
  /// the bound, 1 at the limit or past it. A marker without a limit on that side (LDL, Lp(a),
  /// hs-CRP) is measured against twice its high bound or half its low one, and counts half:
  /// however far out, it is a longer-term matter than a result a step from a critical limit
  /// (clinician's second look: LDL 240 came before eGFR 16 and BP 178/118). In the marker's own
  /// unit, against the range it is judged by.
  static func towardCritical(_ snapshot: MarkerSnapshot) -> Double {
    guard let value = snapshot.latest?.value else { return 0 }
    let rule = ClinicalRules.rule(for: snapshot.definition.key)
    func toward(_ distance: Double, _ limit: Double?, fallback: Double) -> Double {
      guard let limit else { return min(1, distance / fallback) / 2 }
      return limit > 0 ? min(1, distance / limit) : 1
    }
    if let high = snapshot.range.high, value > high {
      return toward(value - high, rule?.criticalHigh.map { $0.value - high }, fallback: high)
    }
    if let low = snapshot.range.low, value < low {
      return toward(low - value, rule?.criticalLow.map { low - $0.value }, fallback: low / 2)
    }
    return 0
  }

  /// An item for the latest reading from `since` on (a visit's own day included: its results may
  /// have come after it) that was in a critical limit, when the latest reading is not that one,
  /// and the latest on the other side too when there is one: "Your Sodium was 118 mEq/L on Sep
  /// 1, 2026, far below the reference range (135 to 145 mEq/L); your latest, 138 mEq/L on Nov 1,
  /// 2026, is in range." (Clinician review: prep said "Nothing in your readings is flagged" above
  /// "!! Sodium 118"; its second look: glucose 450 and then 40 named only the 40.)
  static func earlierCritical(_ snapshot: MarkerSnapshot, since: CalendarDate, at now: Timestamp) -> VisitPrepInsight? {
    guard let latest = snapshot.latest else { return nil }
    let entries = snapshot.entries
    // Newest first: the latest critical reading on each side.
    var low: MarkerEntry?
    var high: MarkerEntry?
    for index in entries.indices.reversed() {
      let entry = entries[index]
      guard entry.dateOfService >= since else { break }
      guard entry.id != latest.id else { continue }
      let status = snapshot.judgement(of: entry).status
      guard status.isCritical else { continue }
      if status.isLowSide { low = low ?? entry } else { high = high ?? entry }
      if low != nil, high != nil { break }
    }
    // The more recent first.
    let named = [low, high].compactMap { $0 }.sorted { MarkerEntry.chronological($1, $0) }
    guard let first = named.first else { return nil }
    let definition = snapshot.definition
    // Each said in the unit that judged it, as the out-of-range item says its value.
    func said(_ entry: MarkerEntry) -> String { snapshot.judgedText(entry) }
    func side(_ entry: MarkerEntry) -> String { snapshot.judgement(of: entry).status.isLowSide ? "below" : "above" }
    let range = snapshot.judgedRangeInWords(first).map { " (\($0))" } ?? ""
    let other = named.dropFirst().first.map {
      ", and \(said($0)) on \(DateText.long($0.dateOfService)), "
        + (snapshot.isCriticalInsideTarget($0)
          ? "past such a limit too" : "\(snapshot.leftOut == nil ? "far " : "")\(side($0)) it")
    }
    let firstPosition =
      snapshot.isCriticalInsideTarget(first)
      ? "inside your target range\(range) but past a critical limit"
      : "\(snapshot.leftOut == nil ? "far " : "")\(side(first)) \(rangeName(snapshot))\(range)"
    // One beyond what glance takes as plausible: to be checked, as the latest's item says it.
    let beyond = named.filter { snapshot.judgement(of: $0).beyondPlausible }
    let check = beyond.isEmpty ? "" : checkSentence(definition, naming: beyond.map(said)) + " "
    let text =
      "Your \(definition.displayName) \(isPlural(definition) ? "were" : "was") \(said(first)) on \(DateText.long(first.dateOfService)), \(firstPosition)\(other ?? ""); your latest, \(said(latest)) on \(DateText.long(latest.dateOfService)), is \(snapshot.judgement(of: latest).words). "
      + check + "Consider asking your doctor about this result."
    return VisitPrepInsight(
      id: identifier(definition.id, VisitPrepInsight.Kind.earlierCritical.rawValue, first.id),
      markerID: definition.id, kind: .earlierCritical, suggestionText: text,
      triggeringValues: named.reversed() + [latest], generatedAt: now)
  }

  /// The snapshot's `rangeName`, or the critical limit a left-out test is judged by.
  static func rangeName(_ snapshot: MarkerSnapshot) -> String {
    if let leftOut = snapshot.leftOut { return "glance's critical limit for \(leftOut.noun)" }
    return snapshot.rangeName
  }

  static func outOfRange(_ snapshot: MarkerSnapshot, trend: VisitPrepInsight? = nil, at now: Timestamp)
    -> (Int, VisitPrepInsight)?
  {
    guard let latest = snapshot.latest else { return nil }
    let judgement = snapshot.judgement(of: latest)
    let status = judgement.status
    guard status.isOutOfRange else { return nil }
    let definition = snapshot.definition
    let side = status.isLowSide ? "below" : "above"
    let far = status.isCritical ? "far " : ""
    // Said in the unit that judged it: typed in mmol/L and judged by ADA's 5.6 mmol/L, said in mmol/L.
    let judged = snapshot.asJudged(latest)
    let value = ValueText.withUnit(judged.value, latest.comparator, judged.unit, places: judged.places)
    let range = ValueText.rangeInWords(judged.range, unit: judged.unit, places: judged.places).map { " (\($0))" } ?? ""
    let stage =
      judgement.mayBeCritical
      ? ", and may be far \(side) it"
      : judgement.words != status.words && !judgement.asEntered && !judgement.beyondPlausible
        ? ", in the guideline's \(judgement.words)" : ""
    // Critical, and beyond what glance takes as plausible: to be checked as well.
    let check = judgement.beyondPlausible ? " " + checkSentence(definition) : ""
    let next = check + " " + (judgement.criticalSentence ?? "Consider asking your doctor about this result.")
    // The trend, when there is one, in the same sentence: "…, and has increased across your
    // last 3 readings (121 → 135 → 162 mg/dL)."
    let trendClause = trend.map { item -> String in
      ", and " + movement(item.triggeringValues, rising: item.kind == .trendingUp, of: snapshot)
    }
    let position =
      snapshot.leftOut != nil && status.isCritical
      ? judgement.words
      : judgement.insideTarget
        ? "inside your target range\(range) but past a critical limit"
        : "\(far)\(side) \(rangeName(snapshot))\(range)\(stage)"
    // Judged as another unit's reading of the number: "…; read as 20000 /µL (20 10³/µL), far
    // below the reference range".
    let lead = judgement.readAs.map { "; read as \($0), " } ?? ", "
    let text =
      "Your \(definition.displayName) \(isPlural(definition) ? "were" : "was") \(value) on \(DateText.long(latest.dateOfService))\(lead)\(position)\(trendClause ?? "")."
      + next
    let kind: VisitPrepInsight.Kind = status.isCritical ? .critical : .outOfRange
    return (
      status.severity,
      VisitPrepInsight(
        id: identifier(definition.id, kind.rawValue, latest.id), markerID: definition.id, kind: kind,
        suggestionText: text, triggeringValues: trend?.triggeringValues ?? [latest], generatedAt: now)
    )
  }

  /// The markers whose level a guideline judges by an average of readings: blood pressure, by
  /// "the average of ≥2 readings obtained on ≥2 occasions" (2017 ACC/AHA guideline, Whelton et
  /// al.; docs/MarkerLibrary.md).
  static let averagedKeys: Set<String> = ["bp-systolic", "bp-diastolic"]

  /// How many days before the latest reading its average looks back.
  static let averageDays = 30

  /// An item for blood pressure whose latest reading is not out of range while the readings of
  /// the month before it (the latest's day included), on two or more days, average in one of
  /// the guideline's stages: "Your Systolic BP averaged 140 mmHg over your last 15 readings (Oct
  /// 1 to Oct 15, 2026), in the guideline's stage 2 range, though the latest, 118 mmHg on Oct 15,
  /// 2026, was not." (Newcomer review at stop 40: two weeks of 142/92 and then one 118/76, and
  /// prep said nothing was flagged.) The average is judged as it is printed, in whole mmHg.
  static func recentAverage(_ snapshot: MarkerSnapshot, at now: Timestamp, setAside: Set<UUID> = [])
    -> (Int, VisitPrepInsight)?
  {
    let definition = snapshot.definition
    guard averagedKeys.contains(definition.key), let latest = snapshot.latest,
      let start = latest.dateOfService.adding(days: -averageDays)
    else { return nil }
    // Every reading of the window, several a day (clinician's and newcomer's second looks at
    // stop 40: one a day, the day's last, made the typing order decide); never a lab's bound or
    // a slip beyond the plausible range.
    let month = snapshot.entries.filter { $0.dateOfService >= start }
    let window = month.filter {
      $0.comparator == nil && !definition.isOffScale($0.value) && !setAside.contains($0.id)
    }
    guard window.count >= 2, let first = window.first, first.dateOfService < latest.dateOfService else { return nil }
    let average = window.reduce(0) { $0 + $1.value } / Double(window.count)
    let judgement = Judgement.of(average, comparator: nil, range: snapshot.range, rule: snapshot.rule)
    guard judgement.status.isOutOfRange, !judgement.status.isCritical else { return nil }
    // Named when the latest is not out of range, or is in a lower stage than the average
    // (clinician's second look: 14 days of 160 and then a 132 said only "stage 1").
    let latestJudgement = snapshot.judgement(of: latest)
    if latestJudgement.status.isOutOfRange {
      guard latestJudgement.status.isLowSide == judgement.status.isLowSide, !latestJudgement.status.isCritical,
        judgement.words != latestJudgement.words,
        judgement.status.isLowSide ? average < latest.value : average > latest.value
      else { return nil }
    }
    // Printed in whole mmHg, or with a decimal where rounding would move it into another stage
    // (129.5 is not "130 … stage 1": clinician's second look).
    let whole = average.rounded()
    let printed =
      Judgement.of(whole, comparator: nil, range: snapshot.range, rule: snapshot.rule).words == judgement.words
      ? whole : (average * 10).rounded(judgement.status.isLowSide ? .up : .down) / 10
    let unit = " " + snapshot.display.unit
    let stage =
      judgement.words != judgement.status.words
      ? "in the guideline's \(judgement.words)"
      : "\(judgement.status.isLowSide ? "below" : "above") \(rangeName(snapshot))"
    let latestWords =
      latestJudgement.status.isOutOfRange ? "was in the \(latestJudgement.words)" : "was not"
    let text =
      "Your \(definition.displayName) averaged \(ValueText.number(printed))\(unit) over your last \(window.count) readings (\(DateText.long(first.dateOfService)) to \(DateText.long(latest.dateOfService))\(leftOut(month.count - window.count))), \(stage), though the latest, \(snapshot.displayedText(latest)) on \(DateText.long(latest.dateOfService)), \(latestWords). "
      + "Blood pressure is judged by the average of readings on two or more occasions (2017 ACC/AHA guideline). Consider asking your doctor about these readings."
    return (
      judgement.status.severity,
      VisitPrepInsight(
        id: identifier(definition.id, VisitPrepInsight.Kind.recentAverage.rawValue, latest.id),
        markerID: definition.id, kind: .recentAverage, suggestionText: text, triggeringValues: window,
        generatedAt: now)
    )
  }

  /// What an average leaves out of the month it covers, said (clinician's second look at stop
  /// 41: "your last 11 readings" hid that 14 were taken): "; 3 others left out: a lab's bound,
  /// beyond the plausible range, or half of such a pair".
  static func leftOut(_ count: Int) -> String {
    guard count > 0 else { return "" }
    return
      "; \(count) other\(count == 1 ? "" : "s") left out: a lab's bound, beyond the plausible range, or half of such a pair"
  }

  /// The blood-pressure readings whose other half, saved with them as one pair (the only
  /// systolic and the only diastolic of their day and entry time), is a slip beyond the plausible
  /// range: one cuff reading is one measurement, and a slip's other half is not averaged
  /// (clinician review at stop 41: a 40/30 slip's 30 moved the diastolic average a stage). An
  /// import's readings share one entry time: a day with several pairs pairs none.
  static func pairedWithSlips(_ snapshots: [MarkerSnapshot]) -> Set<UUID> {
    struct Moment: Hashable {
      let day: Int
      let time: Timestamp
    }
    guard let systolic = snapshots.first(where: { $0.definition.key == "bp-systolic" }),
      let diastolic = snapshots.first(where: { $0.definition.key == "bp-diastolic" }),
      systolic.entries.contains(where: { systolic.definition.isOffScale($0.value) })
        || diastolic.entries.contains(where: { diastolic.definition.isOffScale($0.value) })
    else { return [] }
    func byMoment(_ snapshot: MarkerSnapshot) -> [Moment: [MarkerEntry]] {
      Dictionary(grouping: snapshot.entries) { Moment(day: $0.dateOfService.dayNumber, time: $0.entryTimestamp) }
    }
    let tops = byMoment(systolic)
    let bottoms = byMoment(diastolic)
    var setAside = Set<UUID>()
    // A slip: beyond the plausible range and not judged. One judged critical there (a kept
    // 300/130) is taken as real, and its other half is averaged (clinician's second look).
    func slip(_ snapshot: MarkerSnapshot, _ entry: MarkerEntry) -> Bool {
      snapshot.definition.isOffScale(entry.value) && !snapshot.judgement(of: entry).status.isCritical
    }
    for (moment, top) in tops {
      guard top.count == 1, let bottom = bottoms[moment], bottom.count == 1 else { continue }
      if slip(systolic, top[0]) { setAside.insert(bottom[0].id) }
      if slip(diastolic, bottom[0]) { setAside.insert(top[0].id) }
    }
    return setAside
  }

  /// Said of a critical reading beyond the plausible range, beside the advice: "This reading is
  /// beyond the range glance takes as plausible: check it against the lab report."
  /// With `naming`, the readings it is said of, where an item names several ("The 1200 mg/dL
  /// reading is …": clinician's second look at stop 41 could not tell which "this" was).
  public static func checkSentence(_ definition: MarkerDefinition, naming: [String] = []) -> String {
    let one = naming.count <= 1
    let subject =
      naming.isEmpty
      ? "This reading is" : one ? "The \(naming[0]) reading is" : "The \(naming.joinedText(" and ")) readings are"
    return
      "\(subject) beyond the range glance takes as plausible: check \(one ? "it" : "them") against \(source(definition))."
  }

  /// What a reading beyond the plausible range is checked against. A tape measure or a cuff is
  /// not a lab (clinician review: waist 92 "against the lab report").
  static func source(_ definition: MarkerDefinition) -> String {
    definition.category == "vitals-body" ? "the measurement" : "the lab report"
  }

  /// An item for a latest reading beyond the plausible range (confirmed when it was saved): not
  /// judged, so named, lest "nothing is flagged" reassure over a 1,900 mg/dL LDL.
  /// A custom marker that is a left-out test (`MarkerSnapshot.leftOut`): beyond what is plausible
  /// for that test ("beyond the range glance can judge for glucose").
  static func beyondPlausible(_ snapshot: MarkerSnapshot, at now: Timestamp) -> VisitPrepInsight? {
    guard let latest = snapshot.latest, latest.comparator == nil else { return nil }
    let definition = snapshot.definition
    var test = ""
    if let leftOut = snapshot.leftOut {
      guard snapshot.judgement(of: latest).status == .indeterminate else { return nil }
      test = " for \(leftOut.noun)"
    } else {
      guard definition.isOffScale(latest.value) else { return nil }
    }
    let text =
      "Your \(definition.displayName) \(isPlural(definition) ? "were" : "was") \(snapshot.displayedText(latest)) on \(DateText.long(latest.dateOfService)), beyond the range glance can judge\(test). Check it against \(source(definition)). Consider asking your doctor about this result."
    return VisitPrepInsight(
      id: identifier(definition.id, VisitPrepInsight.Kind.check.rawValue, latest.id), markerID: definition.id,
      kind: .check, suggestionText: text, triggeringValues: [latest], generatedAt: now)
  }

  /// An item for a latest lab's bound that could be on either side of the range (TSH "<0.5"
  /// against 0.4 to 4.5): not judged, so named, lest "nothing is flagged" stand over a "?"
  /// (clinician review: a possibly suppressed TSH was left out of the doctor's brief).
  static func unjudgedBound(_ snapshot: MarkerSnapshot, at now: Timestamp) -> VisitPrepInsight? {
    guard let latest = snapshot.latest, let comparator = latest.comparator,
      snapshot.judgement(of: latest).status == .indeterminate
    else { return nil }
    let definition = snapshot.definition
    let value = snapshot.judgedText(latest)
    let words = snapshot.judgedRangeInWords(latest).map { " (\($0))" } ?? ""
    // The sides a bound reaches: "<5" against 0.4 to 4.5 could be either (clinician's second look).
    let upTo = comparator == .lessThan || comparator == .lessThanOrEqual
    let range = snapshot.range
    let below = range.low.map { upTo || latest.value < $0 } ?? false
    let above = range.high.map { !upTo || latest.value > $0 } ?? false
    let side = below && above ? "below or above" : below ? "below" : "above"
    let text =
      "Your \(definition.displayName) \(isPlural(definition) ? "were" : "was") \(value) on \(DateText.long(latest.dateOfService)), a lab's bound that could be \(side) \(rangeName(snapshot))\(words): glance cannot tell. Consider asking your doctor about this result."
    return VisitPrepInsight(
      id: identifier(definition.id, VisitPrepInsight.Kind.check.rawValue, latest.id), markerID: definition.id,
      kind: .check, suggestionText: text, triggeringValues: [latest], generatedAt: now)
  }

  static func trend(_ snapshot: MarkerSnapshot, at now: Timestamp) -> VisitPrepInsight? {
    // The arrow's own trend: an arrow worth watching is always an item, and the other way round.
    let trend = snapshot.trend
    guard trend.meaning == .concerning else { return nil }
    let definition = snapshot.definition
    let readings = snapshot.trendReadings(snapshot.entries)
    let run = Array(readings.suffix(Trend.runLength(readings.map(\.value))))
    guard let last = run.last else { return nil }
    let rising = trend.arrow == .up
    let text =
      "Your \(definition.displayName) " + movement(run, rising: rising, of: snapshot) + ". "
      + "Consider asking your doctor whether any changes are recommended."
    return VisitPrepInsight(
      id: identifier(definition.id, rising ? "up" : "down", last.id), markerID: definition.id,
      kind: rising ? .trendingUp : .trendingDown, suggestionText: text, triggeringValues: run, generatedAt: now)
  }

  /// "has increased across your last 3 readings (121 → 135 → 162 mg/dL)".
  static func movement(_ run: [MarkerEntry], rising: Bool, of snapshot: MarkerSnapshot) -> String {
    let definition = snapshot.definition
    let values = run.map { snapshot.displayedValue($0) }.joinedText(" → ")
    let unit = snapshot.display.unit == "%" ? "%" : " " + snapshot.display.unit
    return
      "\(isPlural(definition) ? "have" : "has") \(rising ? "increased" : "decreased") across your last \(run.count) readings (\(values)\(unit))"
  }

  /// "Triglycerides were", "LDL Cholesterol was": a name whose main word ends in a plural s.
  /// Read as bytes: the name before its first bracket, its last letters (a Character split and
  /// trim cost prep 200,000 instructions).
  static func isPlural(_ definition: MarkerDefinition) -> Bool {
    let name = definition.displayName.utf8
    let paren = UInt8(ascii: "(")
    // As a split that omits empty parts: a name that starts with a bracket is what follows it.
    let start = name.firstIndex { $0 != paren } ?? name.endIndex
    var end = name[start...].firstIndex(of: paren) ?? name.endIndex
    while end > start, name[name.index(before: end)] == 0x20 || name[name.index(before: end)] == 0x09 {
      end = name.index(before: end)
    }
    let main = name[start..<end]
    guard main.last == UInt8(ascii: "s") else { return false }
    let before = main.dropLast().last
    return before != UInt8(ascii: "s") && before != UInt8(ascii: "i")
  }

  /// A stable id, so the same readings give the same insight id on every run: FNV-1a of the two
  /// ids' text (uppercase, as `uuidString` writes it) around `kind`, hashed without making it.
  static func identifier(_ marker: UUID, _ kind: String, _ entry: UUID) -> UUID {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func feed(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    func feed(_ id: UUID) {
      let digits: StaticString = "0123456789ABCDEF"
      withUnsafeBytes(of: id.uuid) { raw in
        for (index, byte) in raw.enumerated() {
          if index == 4 || index == 6 || index == 8 || index == 10 { feed(UInt8(ascii: "-")) }
          feed(digits.utf8Start[Int(byte >> 4)])
          feed(digits.utf8Start[Int(byte & 0x0F)])
        }
      }
    }
    feed(marker)
    for byte in kind.utf8 { feed(byte) }
    feed(entry)
    var second = hash
    var bytes = [UInt8](repeating: 0, count: 16)
    for index in 0..<16 {
      if index == 8 { second = hash &* 0x9E37_79B9_7F4A_7C15 }
      bytes[index] = UInt8(truncatingIfNeeded: (index < 8 ? hash : second) >> (UInt64(index % 8) * 8))
    }
    return UUID.version4(bytes)
  }

  /// Every sentence template the engine can produce, filled with sample words: for the test that
  /// scans them for banned words.
  public static let templates: [String] = [
    "Your {marker} was {value} on {date}, above your target range ({range}). Consider asking your doctor about this result.",
    "Your {marker} were {value} on {date}, below the reference range ({range}). Consider asking your doctor about this result.",
    "Your {marker} was {value} on {date}, above the reference range ({range}), in the guideline's {stage}. Consider asking your doctor about this result.",
    "Your {marker} was {value} on {date}, far above the reference range ({range}). \(Judgement.criticalAdvice)",
    "Your {marker} was {value} on {date}, far below the reference range ({range}); your latest, {value} on {date}, is in range. Consider asking your doctor about this result.",
    "Your {marker} was {value} on {date}, above the reference range ({range}), and has increased across your last {n} readings ({values}). Consider asking your doctor about this result.",
    "Your {marker} averaged {value} over your last {n} readings ({date} to {date}), in the guideline's {stage}, though the latest, {value} on {date}, was not. Blood pressure is judged by the average of readings on two or more occasions (2017 ACC/AHA guideline). Consider asking your doctor about these readings.",
    "Your {marker} has increased across your last {n} readings ({values}). Consider asking your doctor whether any changes are recommended.",
    "Your {marker} have decreased across your last {n} readings ({values}). Consider asking your doctor whether any changes are recommended.",
    "Your {marker} was {value} on {date}, beyond the range glance can judge. Check it against the lab report. Consider asking your doctor about this result.",
    "Your {marker} was {value} on {date}, beyond the range glance can judge. Check it against the measurement. Consider asking your doctor about this result.",
  ]
}
