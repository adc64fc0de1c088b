import Foundation
import Testing

@testable import GlanceCore

/// Issue 11: medical judgement a clinician would sign. Each table cites the source of its rule
/// (the figures themselves live in `ClinicalRules` and `docs/MarkerLibrary.md`).
@Suite("Clinical judgement")
struct ClinicalJudgementTests {
  static let now = Timestamp(Fixture.now)

  static func marker(_ key: String) -> MarkerDefinition { Fixture.library.marker(key: key)! }

  /// The judgement of one reading of `key`, typed as `value` in `unit` (converted as `add` does).
  static func judge(_ key: String, _ value: Double, unit: String? = nil, _ comparator: ValueComparator? = nil) throws
    -> Judgement
  {
    let marker = marker(key)
    let converted = try UnitConverter.convert(value, unit: unit, for: marker).value
    var entry = Fixture.entry(marker, converted, on: "2026-01-01")
    entry.comparator = comparator
    return MarkerSnapshot(definition: marker, tracked: nil, entries: [entry]).judgement(of: entry)
  }

  static func snapshot(_ key: String, _ values: [(Double, ValueComparator?)]) -> MarkerSnapshot {
    let marker = marker(key)
    let entries = values.enumerated().map { index, pair in
      var entry = Fixture.entry(marker, pair.0, on: Fixture.date("2024-01-01").adding(months: index)!.iso)
      entry.comparator = pair.1
      return entry
    }
    return MarkerSnapshot(definition: marker, tracked: nil, entries: entries)
  }

  // MARK: 1. Boundaries as the guideline states them

  @Test(
    "a strict guideline bound is judged as written, in range just under it (ADA, NHLBI ATP III, KDIGO 2012)",
    arguments: [
      // ADA: normal fasting glucose <100 mg/dL (<5.6 mmol/L); 5.5 mmol/L is 99.1 mg/dL.
      ("fasting-glucose", 5.5, "mmol/L", false), ("fasting-glucose", 99.5, nil, false),
      ("fasting-glucose", 100, nil, true),
      // ADA: A1c normal <5.7% (<39 mmol/mol); 38 mmol/mol is 5.63%.
      ("a1c", 38, "mmol/mol", false), ("a1c", 5.65, nil, false), ("a1c", 5.7, nil, true),
      ("a1c", 39, "mmol/mol", true),
      // NHLBI: LDL optimal <100 mg/dL; 2.58 mmol/L is 99.8 mg/dL.
      ("ldl", 2.58, "mmol/L", false), ("ldl", 99.9, nil, false), ("ldl", 100, nil, true),
      ("total-cholesterol", 199.9, nil, false), ("total-cholesterol", 200, nil, true),
      ("triglycerides", 149.5, nil, false), ("triglycerides", 150, nil, true),
      // KDIGO: A1 <30 mg/g; A2 starts at 30.
      ("uacr", 29.9, nil, false), ("uacr", 30, nil, true),
      // Inclusive bounds stay inclusive: HDL ≥40 is in range at 40; hs-CRP ≤3.0.
      ("hdl", 40, nil, false), ("hdl", 39.9, nil, true), ("hs-crp", 3.0, nil, false), ("hs-crp", 3.1, nil, true),
    ] as [(String, Double, String?, Bool)])
  func strictBounds(key: String, value: Double, unit: String?, outOfRange: Bool) throws {
    #expect(try Self.judge(key, value, unit: unit).status.isOutOfRange == outOfRange)
  }

  @Test(
    "a strict bound is shown as the guideline writes it",
    arguments: [
      ("ldl", "below 100 mg/dL"), ("fasting-glucose", "70 to below 100 mg/dL"), ("hdl", "at least 40 mg/dL"),
      ("alt", "up to 36 U/L"),
    ])
  func strictBoundWords(key: String, words: String) {
    #expect(ValueText.rangeInWords(Self.marker(key).defaultRange, unit: Self.marker(key).unit) == words)
  }

  // MARK: 2. Critical values

  @Test(
    "critical values are critical, mild ones are not (lab critical-value lists; ACC/AHA 2017 crisis)",
    arguments: [
      ("potassium", 6.8, MarkerStatus.criticalHigh), ("fasting-glucose", 450, .criticalHigh),
      ("sodium", 118, .criticalLow), ("hemoglobin", 6.2, .criticalLow), ("platelets", 15, .criticalLow),
      ("calcium", 13.5, .criticalHigh), ("bp-systolic", 190, .criticalHigh), ("bp-diastolic", 125, .criticalHigh),
      ("bp-systolic", 180, .criticalHigh), ("bp-diastolic", 120, .criticalHigh),
      ("potassium", 2.8, .criticalLow), ("magnesium", 1.0, .criticalLow),
      // Out of range, not critical.
      ("ldl", 101, .high), ("potassium", 6.1, .high), ("sodium", 121, .low), ("fasting-glucose", 399, .high),
      ("hemoglobin", 7.1, .low), ("bp-systolic", 179, .high),
    ] as [(String, Double, MarkerStatus)])
  func critical(key: String, value: Double, expected: MarkerStatus) throws {
    let judgement = try Self.judge(key, value)
    #expect(judgement.status == expected)
    if expected.isCritical {
      #expect(judgement.words.hasPrefix("far "))
      #expect(judgement.badge(.plain) == "!!")
    }
  }

  @Test("prep puts critical items first, then out of range, then trends; a critical item says so")
  func prepOrder() throws {
    let snapshots = [
      Self.snapshot("ldl", [(80, nil), (110, nil), (140, nil)]),  // trend and out of range
      Self.snapshot("hdl", [(60, nil)]),  // nothing
      Self.snapshot("ldl", [(101, nil)]),  // out of range
      Self.snapshot("potassium", [(6.8, nil)]),  // critical
    ]
    let insights = InsightsEngine.insights(for: snapshots, at: Self.now)
    #expect(insights.map(\.kind) == [.critical, .outOfRange, .outOfRange, .trendingUp])
    let critical = try #require(insights.first)
    #expect(critical.suggestionText.contains("far above the reference range"))
    #expect(critical.suggestionText.hasSuffix(Judgement.criticalAdvice))
  }

  // MARK: 5. Censored values

  @Test(
    "a censored value is in range, out of range or indeterminate by what it can be",
    arguments: [
      ("uacr", 30, ValueComparator.lessThan, MarkerStatus.normal),  // every value under 30: A1
      ("uacr", 30, .lessThanOrEqual, .indeterminate),  // 30 itself is A2
      ("hs-crp", 5, .lessThan, .indeterminate),  // could be 1 or 4
      ("hs-crp", 3, .lessThan, .normal),
      ("egfr", 60, .greaterThan, .normal),  // never "near the low end"
      ("egfr", 90, .greaterThanOrEqual, .normal),
      ("ferritin", 5, .lessThan, .low),  // every value under the low bound of 11
      ("ferritin", 20, .lessThan, .indeterminate),
      ("psa", 0.1, .lessThan, .normal),
      ("tsh", 0.01, .lessThan, .low),
      ("fasting-glucose", 500, .greaterThan, .criticalHigh),
      ("fasting-glucose", 150, .greaterThan, .high),
      ("potassium", 3.0, .lessThan, .low),  // every value under 3.0 is below 3.7
      ("potassium", 4.0, .lessThan, .indeterminate),  // 3.9 is in range, 3.5 below
    ] as [(String, Double, ValueComparator, MarkerStatus)])
  func censored(key: String, value: Double, comparator: ValueComparator, expected: MarkerStatus) throws {
    #expect(try Self.judge(key, value, comparator).status == expected)
  }

  @Test("a censored value raises no out-of-range item unless every value it can be is out of range")
  func censoredPrep() {
    let uacr = Self.snapshot("uacr", [(30, .lessThan)])
    #expect(InsightsEngine.insights(for: [uacr], at: Self.now).isEmpty)
    let crp = Self.snapshot("hs-crp", [(5, .lessThan)])
    #expect(InsightsEngine.insights(for: [crp], at: Self.now).isEmpty)
    let egfr = Self.snapshot("egfr", [(60, .greaterThan)])
    #expect(egfr.status == .normal)
  }

  @Test("a censored value neither forms nor breaks a trend")
  func censoredTrend() {
    // PSA <0.01 → <0.05 → <0.1: only the assay's reporting limit changed.
    let psa = Self.snapshot("psa", [(0.01, .lessThan), (0.05, .lessThan), (0.1, .lessThan)])
    #expect(psa.trend == .none)
    #expect(InsightsEngine.insights(for: [psa], at: Self.now).isEmpty)
    // A censored reading between plain ones is passed over, not a break in the run.
    let ldl = Self.snapshot("ldl", [(60, nil), (70, nil), (50, .lessThan), (90, nil)])
    #expect(ldl.trend.arrow == .up)
    #expect(InsightsEngine.insights(for: [ldl], at: Self.now).map(\.kind) == [.trendingUp])
  }

  // MARK: 6. Real trends

  @Test("a trend is never good while the latest reading is out of range")
  func neverGoodOutOfRange() {
    // Potassium 3.0 → 4.4 → 5.8 (range 3.7–5.2) moves towards the middle and beyond it.
    let potassium = Self.snapshot("potassium", [(3.0, nil), (4.4, nil), (5.8, nil)])
    #expect(potassium.trend.arrow == .up)
    #expect(potassium.trend.meaning == .concerning)
  }

  @Test("a reading beyond the plausible range (a confirmed slip) stays out of the trend")
  func offScaleOutOfTrend() {
    let hdl = Self.snapshot("hdl", [(70, nil), (60, nil), (890, nil), (50, nil)])
    #expect(hdl.trend == Trend(arrow: .down, meaning: .concerning))
  }

  @Test("every minimum change comes from a reference change value (Fraser 2001: √2 · 1.96 · √(CVA² + CVI²))")
  func referenceChangeValue() {
    #expect(abs(ClinicalRules.rcv(cvi: 6, cva: 0) - 16.6) < 0.05)
    #expect(abs(ClinicalRules.rcv(cvi: 17.7, cva: 0.9) - 49.1) < 0.1)
    for rule in ClinicalRules.all {
      if let change = rule.minimumChangePercent { #expect(change > 0 && change < 500, "\(rule.key)") }
    }
  }

  // MARK: 9. Smaller

  @Test(
    "blood pressure uses the guideline's stages (2017 ACC/AHA)",
    arguments: [
      ("bp-systolic", 115.0, MarkerStatus.normal, "in range"), ("bp-systolic", 119, .watchHigh, "near the high end"),
      ("bp-systolic", 120, .watchHigh, "elevated"),
      ("bp-systolic", 129, .watchHigh, "elevated"), ("bp-systolic", 130, .high, "stage 1 range"),
      ("bp-systolic", 140, .high, "stage 2 range"), ("bp-diastolic", 79, .watchHigh, "near the high end"),
      ("bp-diastolic", 80, .high, "stage 1 range"), ("bp-diastolic", 90, .high, "stage 2 range"),
    ] as [(String, Double, MarkerStatus, String)])
  func bloodPressureStages(key: String, value: Double, status: MarkerStatus, words: String) throws {
    let judgement = try Self.judge(key, value)
    #expect(judgement.status == status)
    #expect(judgement.words == words)
  }

  @Test(
    "a low bound with no clinical meaning is not flagged; a one-sided range has no 'near' band",
    arguments: [
      ("alt", 3.0, MarkerStatus.normal), ("ast", 2, .normal), ("ggt", 1, .normal),
      ("resting-hr", 52, .watchLow), ("resting-hr", 49, .low),
      // No source gives a "near" band for a one-sided limit.
      ("a1c", 5.1, .normal), ("hdl", 41, .normal), ("ldl", 95, .normal),
    ] as [(String, Double, MarkerStatus)])
  func unflaggedLows(key: String, value: Double, expected: MarkerStatus) throws {
    #expect(try Self.judge(key, value).status == expected)
    #expect(
      InsightsEngine.insights(for: [Self.snapshot(key, [(value, nil)])], at: Self.now).isEmpty == !expected.isOutOfRange
    )
  }

  @Test("prep says 'the reference range' unless the person set their own target")
  func referenceVersusTarget() throws {
    let ldl = Self.marker("ldl")
    let entries = [Fixture.entry(ldl, 130, on: "2026-01-01")]
    let plain = MarkerSnapshot(definition: ldl, tracked: nil, entries: entries)
    let text = try #require(InsightsEngine.insights(for: [plain], at: Self.now).first).suggestionText
    #expect(text.contains("above the reference range (below 100 mg/dL)"))
    let tracked = UserMarker(markerID: ldl.id, customReferenceHigh: 70, displayOrder: 0, addedAt: Self.now)
    let own = MarkerSnapshot(definition: ldl, tracked: tracked, entries: entries)
    let ownText = try #require(InsightsEngine.insights(for: [own], at: Self.now).first).suggestionText
    #expect(ownText.contains("above your target range (up to 70 mg/dL)"))
  }

  @Test("prep says custom markers are not checked instead of 'nothing is flagged'")
  func customMarkersNotChecked() {
    var custom = Fixture.customMarker()
    custom.referenceHigh = 1
    let snapshot = MarkerSnapshot(
      definition: custom, tracked: nil, entries: [Fixture.entry(custom, 5, on: "2026-01-01")])
    let text = PrepView.render(
      insights: [], snapshots: [snapshot], visits: [], today: Fixture.date("2026-11-22"), style: .plain)
    #expect(!text.contains("Nothing in your readings is flagged"))
    #expect(text.contains("are not checked by glance"))
  }
}
