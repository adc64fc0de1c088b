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
    let conversion = try UnitConverter.convert(value, unit: unit, for: marker)
    var entry = Fixture.entry(marker, conversion.value, on: "2026-01-01")
    entry.comparator = comparator
    entry.entered = conversion.original.map { EnteredValue(value: $0.value, unit: $0.unit) }
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
    "a value entered in the SI unit is judged by the guideline's SI figure, not after conversion (ADA Standards of Care, Table 2.2/2.5; KDIGO 2012)",
    arguments: [
      // KDIGO: A1 <3 mg/mmol. 3.0 mg/mmol is 26.55 mg/g, under 30 mg/g: it was "in range".
      ("uacr", 3.0, "mg/mmol", MarkerStatus.high), ("uacr", 3.3, "mg/mmol", .high), ("uacr", 2.9, "mg/mmol", .normal),
      ("uacr", 26.55, nil, .normal),
      // ADA: FPG <5.6 mmol/L. 5.58 mmol/L is 100.5 mg/dL: it was "above range".
      ("fasting-glucose", 5.58, "mmol/L", .watchHigh), ("fasting-glucose", 5.6, "mmol/L", .high),
      ("fasting-glucose", 100.5, nil, .high), ("fasting-glucose", 4.6, "mmol/L", .normal),
      // ADA pairs 70 mg/dL with 3.9 mmol/L: 3.9 is in range, 3.85 below it.
      ("fasting-glucose", 3.9, "mmol/L", .watchLow), ("fasting-glucose", 3.85, "mmol/L", .low),
      // ADA: A1c <39 mmol/mol. 38.8 mmol/mol is 5.70%: it was "above range".
      ("a1c", 38.8, "mmol/mol", .normal), ("a1c", 39, "mmol/mol", .high), ("a1c", 5.7, nil, .high),
      // Critical limits stay with the converted value: 25 mmol/L is 450 mg/dL.
      ("fasting-glucose", 25, "mmol/L", .criticalHigh), ("fasting-glucose", 2.5, "mmol/L", .criticalLow),
      // No SI figure of its own (NHLBI states mg/dL): judged after conversion, as before.
      ("ldl", 2.58, "mmol/L", .normal), ("ldl", 2.6, "mmol/L", .high),
    ] as [(String, Double, String?, MarkerStatus)])
  func siCutOffs(key: String, value: Double, unit: String?, status: MarkerStatus) throws {
    #expect(try Self.judge(key, value, unit: unit).status == status)
  }

  @Test("when the SI figure and the converted value disagree, the words say which unit judged it")
  func siCutOffWords() throws {
    let judgement = try Self.judge("uacr", 3.0, unit: "mg/mmol")
    #expect(judgement.words == "above range, judged in mg/mmol: below 3 mg/mmol")
    // Where both agree, the plain words.
    #expect(try Self.judge("uacr", 40, unit: "mg/mmol").words == "above range")
    #expect(try Self.judge("uacr", 2, unit: "mg/mmol").words == "in range")
  }

  @Test("a person's own target range judges the converted value, whatever unit it was typed in")
  func siCutOffYieldsToOwnRange() throws {
    let marker = Self.marker("uacr")
    var entry = Fixture.entry(marker, 26.55, on: "2026-01-01")
    entry.entered = EnteredValue(value: 3, unit: "mg/mmol")
    let own = UserMarker(
      markerID: marker.id, customReferenceLow: nil, customReferenceHigh: 40, displayOrder: 0, addedAt: Self.now)
    #expect(MarkerSnapshot(definition: marker, tracked: own, entries: [entry]).status(of: entry) == .normal)
    #expect(MarkerSnapshot(definition: marker, tracked: nil, entries: [entry]).status(of: entry) == .high)
  }

  @Test(
    "every SI figure is the guideline's own rounding of its conventional bound (within 12%), in the marker's SI unit"
  )
  func siFiguresMatchTheirBounds() throws {
    let withSI = ClinicalRules.all.filter { $0.siRange != nil }
    #expect(Set(withSI.map(\.key)) == ["fasting-glucose", "a1c", "uacr"])
    for rule in withSI {
      let marker = Self.marker(rule.key)
      let si = try #require(rule.siRange)
      let unit = try #require(marker.siUnit)
      for (siBound, bound) in [(si.low, marker.defaultRange.low), (si.high, marker.defaultRange.high)] {
        #expect((siBound == nil) == (bound == nil), "\(rule.key)")
        guard let siBound, let bound else { continue }
        let converted = try UnitConverter.convert(siBound, unit: unit, for: marker).value
        // KDIGO rounds "for pragmatic reasons": 3 mg/mmol is 26.55 mg/g against 30 (11.5%).
        #expect(abs(converted - bound) / bound < 0.12, "\(rule.key): \(siBound) \(unit) is \(converted)")
      }
      #expect(si.highStrict == marker.defaultRange.highStrict && si.lowStrict == marker.defaultRange.lowStrict)
    }
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
      // Endocrine Society 2012: severe hypertriglyceridemia is 1000–1999 mg/dL, 1000 included
      // (clinician review: 1000 was a plain "!").
      ("triglycerides", 1000, .criticalHigh), ("triglycerides", 999, .high),
      // KDIGO 2012 G5, kidney failure, is below 15 (clinician review: 14 read like 59).
      ("egfr", 14, .criticalLow), ("egfr", 14.9, .criticalLow), ("egfr", 15, .low), ("egfr", 59, .low),
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

  @Test("prep puts critical items first, then out of range, then trends, one item per marker")
  func prepOrder() throws {
    let snapshots = [
      Self.snapshot("hdl", [(90, nil), (70, nil), (50, nil)]),  // trend only
      Self.snapshot("ldl", [(60, nil), (80, nil), (140, nil)]),  // out of range and trend: one item
      Self.snapshot("tsh", [(2.0, nil)]),  // nothing
      Self.snapshot("triglycerides", [(160, nil)]),  // out of range
      Self.snapshot("potassium", [(6.8, nil)]),  // critical
    ]
    let insights = InsightsEngine.insights(for: snapshots, at: Self.now)
    #expect(insights.map(\.kind) == [.critical, .outOfRange, .outOfRange, .trendingDown])
    #expect(insights[1].suggestionText.contains("above the reference range (below 100 mg/dL), and has increased"))
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

  /// Clinician's second look: potassium "<2.9" was "! below range", and glucose ">350" "! above
  /// range", with nothing said of the critical limit either may be past.
  @Test(
    "a lab's bound outside the range that reaches a critical limit says it may be far outside",
    arguments: [
      ("potassium", 2.9, ValueComparator.lessThan, true), ("fasting-glucose", 350, .greaterThan, true),
      ("potassium", 2.8, .lessThanOrEqual, false),  // every value it can be is critical: "!!" already
      ("ldl", 190, .greaterThan, false),  // no critical limit
    ])
  func censoredMayBeCritical(key: String, value: Double, comparator: ValueComparator, may: Bool) throws {
    let judgement = try Self.judge(key, value, comparator)
    #expect(judgement.mayBeCritical == may)
    #expect(judgement.words.hasSuffix("and may be far \(comparator == .greaterThan ? "above" : "below") it") == may)
    if may {
      #expect(!judgement.status.isCritical && judgement.status.isOutOfRange)
      var entry = Fixture.entry(Self.marker(key), value, on: "2026-01-01")
      entry.comparator = comparator
      let snapshot = MarkerSnapshot(definition: Self.marker(key), tracked: nil, entries: [entry])
      let item = try #require(InsightsEngine.insights(for: [snapshot], at: Self.now).first)
      #expect(item.suggestionText.contains("), and may be far "), "\(item.suggestionText)")
      #expect(!item.suggestionText.contains("guideline's"), "\(item.suggestionText)")
    }
  }

  @Test("a censored value raises no out-of-range item unless every value it can be is out of range")
  func censoredPrep() {
    let uacr = Self.snapshot("uacr", [(30, .lessThan)])
    #expect(InsightsEngine.insights(for: [uacr], at: Self.now).isEmpty)
    // "<5" could be above 3: not out of range, but named as a bound glance cannot judge.
    let crp = Self.snapshot("hs-crp", [(5, .lessThan)])
    #expect(InsightsEngine.insights(for: [crp], at: Self.now).map(\.kind) == [.check])
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
      ("a1c", 5.1, .normal), ("ldl", 95, .normal), ("egfr", 62, .normal),
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

  /// Clinician review at stop 33: with a target of 2 to 7, potassium 6.8 was "far above your
  /// target range (2 to 7 mEq/L)" in prep and show, and range counted it "1 outside, 0 within".
  /// It stays critical (a lab's limit, not the person's), and is said to be inside the target.
  @Test("a critical reading inside the person's own target range is said to be inside it, past a critical limit")
  func criticalInsideTarget() throws {
    let potassium = Self.marker("potassium")
    let entries = [Fixture.entry(potassium, 6.8, on: "2026-01-01")]
    let tracked = UserMarker(
      markerID: potassium.id, customReferenceLow: 2, customReferenceHigh: 7, displayOrder: 0, addedAt: Self.now)
    let own = MarkerSnapshot(definition: potassium, tracked: tracked, entries: entries)
    #expect(own.status(of: entries[0]) == .criticalHigh)
    #expect(own.isCriticalInsideTarget(entries[0]))
    // Its words wherever they go: the saved line, tables, --json, the CSV's status (clinician's
    // second look: they still said "far above range").
    #expect(own.judgement(of: entries[0]).words == "past a critical limit, inside your target range")
    #expect(own.judgement(of: entries[0]).criticalSentence == Judgement.criticalInsideAdvice)
    var document = GlanceDocument.empty(createdAt: Self.now)
    document.apply(.putEntry(entries[0]))
    document.apply(.setTrackedMarkers([tracked]))
    #expect(
      Exporter.readingsCSV(document, library: Fixture.library).contains(
        "past a critical limit, inside your target range"))
    let item = try #require(InsightsEngine.insights(for: [own], at: Self.now).first)
    #expect(item.kind == .critical)
    #expect(
      item.suggestionText
        == "Your Potassium was 6.8 mEq/L on Jan 1, 2026, inside your target range (2.0 to 7.0 mEq/L) but past a critical limit. \(Judgement.criticalInsideAdvice)"
    )
    let summary = ShowView.summary(own, entries: entries, period: nil, today: Fixture.date("2026-01-02"))
    #expect(summary.contains("inside your target range but past a critical limit"), "\(summary)")
    #expect(!summary.contains("far above"), "\(summary)")
    #expect(
      HomeView.criticalSentence([own])
        == "The latest Potassium reading is inside your target range but past a critical limit. \(Judgement.criticalInsideAdvice)"
    )
    #expect(
      HomeView.render([own], today: Fixture.date("2026-01-02"), style: .plain).contains(
        "The latest Potassium reading is inside your target range but past a critical limit."))
    let range = RangeView.render(own, change: .set, style: .plain)
    #expect(
      range.contains("judged against it: 0 outside, 1 within (1 past a critical limit)."), "\(range)")
    #expect(range.contains("Your range takes in values past a critical limit"), "\(range)")
    // Outside the target too: worded as before.
    let far = MarkerSnapshot(definition: potassium, tracked: nil, entries: entries)
    #expect(!far.isCriticalInsideTarget(entries[0]))
    #expect(
      try #require(InsightsEngine.insights(for: [far], at: Self.now).first).suggestionText.contains(
        "far above the reference range"))
    #expect(!RangeView.render(far, change: .show, style: .plain).contains("takes in values"))
  }

  /// Clinician's second look at stop 33: a target typed in SI was stored converted and rounded
  /// (free T4 20 pmol/L as 1.554 ng/dL), so a reading of exactly 20 pmol/L was "above" the
  /// person's own bound; and the warning that a target takes in critical values missed the SI
  /// limits (glucose from 2.8 mmol/L).
  @Test(
    "a reading on the person's own bound typed in SI is within it",
    arguments: [
      ("free-t4", "10", "20", "pmol/L", 20.0), ("free-t4", "10", "20", "pmol/L", 10),
      ("ldl", "1.0", "2.6", "mmol/L", 2.6),
      ("hdl", "1.0", "3.0", "mmol/L", 1.0), ("fasting-glucose", "3.0", "6.0", "mmol/L", 3.0),
      ("creatinine", "60", "110", "µmol/L", 110), ("calcium", "2.2", "2.6", "mmol/L", 2.6),
    ])
  func siTargetBounds(key: String, low: String, high: String, unit: String, value: Double) throws {
    let marker = Self.marker(key)
    let range = try CustomMarkerPlanner.targetRange(low: low, high: high, for: marker, defaultUnit: unit)
    let tracked = UserMarker(
      markerID: marker.id, customReferenceLow: range.low, customReferenceHigh: range.high, displayOrder: 0,
      addedAt: Self.now)
    let converted = try UnitConverter.convert(value, unit: unit, for: marker)
    var entry = Fixture.entry(marker, converted.value, on: "2026-01-01")
    entry.entered = EnteredValue(value: value, unit: unit)
    let snapshot = MarkerSnapshot(definition: marker, tracked: tracked, entries: [entry])
    #expect(!snapshot.status(of: entry).isOutOfRange, "\(key) \(value) \(unit): \(snapshot.status(of: entry))")
  }

  @Test("a target typed in SI that takes in an SI critical limit is warned about")
  func siTargetTakesInCritical() throws {
    for (key, low, high) in [("fasting-glucose", "2.8", "6"), ("calcium", "2.1", "3.24")] {
      let marker = Self.marker(key)
      let range = try CustomMarkerPlanner.targetRange(low: low, high: high, for: marker, defaultUnit: marker.siUnit)
      let tracked = UserMarker(
        markerID: marker.id, customReferenceLow: range.low, customReferenceHigh: range.high, displayOrder: 0,
        addedAt: Self.now)
      #expect(MarkerSnapshot(definition: marker, tracked: tracked, entries: []).targetTakesInCritical, "\(key)")
    }
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
    // Its range is the person's: said so, not "not checked" (named at stop 36).
    #expect(text.contains("are judged only by the range you gave them"), "\(text)")
  }

  // MARK: 3. Unit slips

  static func entries(_ key: String, _ values: [Double]) -> [MarkerEntry] {
    values.enumerated().map { index, value in
      Fixture.entry(marker(key), value, on: Fixture.date("2024-01-01").adding(months: index)!.iso)
    }
  }

  /// Clinician's second look at stop 34: hemoglobin 6.5 g/dL, critical, was asked "Was that 6.5
  /// mmol/L (10.5 g/dL)?", a reassuring reading, and nothing said 6.5 g/dL is far below the range.
  @Test(
    "a unit-slip question about a value critical as typed says it is",
    arguments: [
      ("hemoglobin", 6.5, "As typed, 6.5 g/dL is far below the range. " + Judgement.criticalAdvice),
      ("hemoglobin", 12.5, nil),
      // Both readings critical: each said (a count per µL), the advice once.
      (
        "wbc", 150,
        "As typed, 150 10³/µL is far above the range. As 150 /µL, it is far below the range. "
          + Judgement.criticalAdvice
      ),
      // Clinician review at stop 37: the question left out the advice a critical value brings
      // (hemoglobin 7, glucose 35 offered as 35 mmol/L, magnesium 1.0), and never said that a
      // first hemoglobin of 8.5 g/dL, offered as 8.5 mmol/L (13.7 g/dL), is below the range as
      // typed.
      ("hemoglobin", 7, "As typed, 7 g/dL is far below the range. " + Judgement.criticalAdvice),
      (
        "fasting-glucose", 35,
        "As typed, 35 mg/dL is far below the range. As 35 mmol/L, it is far above the range. "
          + Judgement.criticalAdvice
      ),
      ("magnesium", 1.0, "As typed, 1 mg/dL is far below the range. " + Judgement.criticalAdvice),
      ("hemoglobin", 8.5, "As typed, 8.5 g/dL is below the range."),
      // Beyond anything plausible as typed: a slip, never "contact your care team" (clinician
      // review at stop 40: hemoglobin 135, WBC 6500 and glucose 6.1 were; saved, each is "?").
      ("hemoglobin", 135, nil), ("wbc", 6500, nil), ("fasting-glucose", 6.1, nil),
    ] as [(String, Double, String?)])
  func criticalAsTyped(key: String, value: Double, said: String?) throws {
    let checks = EntryChecks.check(
      value: value, comparator: nil, date: Fixture.date("2026-01-01"), marker: Self.marker(key), existing: [])
    let question = checks.first { if case .unitSlip = $0.kind { true } else { false } }?.question ?? ""
    if let said {
      #expect(question.hasSuffix(said), "\(checks)")
    } else {
      #expect(!question.contains("As typed"), "\(checks)")
    }
  }

  /// Clinician review at stop 34: an LDL of 13 after a usual 130 asked "Was that 13 mmol/L (503
  /// mg/dL)?", a total cholesterol of 20 after 200 about 773 mg/dL: a dropped digit read as a
  /// rare extreme. A tenth of the usual is the SI unit only when that reading is near the usual
  /// (glucose 16 after 150 is 288 mg/dL), as `unitSlip` weighs it; else the digit was dropped.
  @Test(
    "a tenth of the usual asks about a dropped digit unless the SI reading is near the usual",
    arguments: [
      ("ldl", 13.0, [130.0, 130], "tenfold"), ("total-cholesterol", 20, [200.0, 200], "tenfold"),
      ("fasting-glucose", 16, [140.0, 150], "slip"), ("ldl", 3.4, [130.0, 130], "slip"),
    ] as [(String, Double, [Double], String)])
  func droppedDigit(key: String, typed: Double, earlier: [Double], expected: String) {
    let checks = EntryChecks.check(
      value: typed, comparator: nil, date: Fixture.date("2026-11-01"), marker: Self.marker(key),
      existing: Self.entries(key, earlier))
    let kind: String? = checks.first.map { check in
      switch check.kind {
      case .tenfold: "tenfold"
      case .unitSlip: "slip"
      default: "other"
      }
    }
    #expect(kind == expected, "\(checks)")
    // A value critical as typed says so in the dropped-digit question too (clinician's third look).
    let platelets = EntryChecks.check(
      value: 25, comparator: nil, date: Fixture.date("2026-11-01"), marker: Self.marker("platelets"),
      existing: Self.entries("platelets", [250, 240]))
    #expect(platelets.first?.question.contains("As typed, 25 10³/µL is far below the range.") == true, "\(platelets)")
    // The other reading is named in the question too (clinician's second look at stop 34).
    // Ten times the number only when that is near the usual; else a digit may be missing
    // anywhere (clinician's third look at stop 34: glucose 9 after 95 and 97 offered 90).
    if expected == "slip", key == "fasting-glucose" {
      #expect(
        checks.first?.question.hasSuffix(
          "If a digit was left out (your usual is about 145), cancel and type the full number.") == true,
        "\(checks)")
    }
    // The reading offered, when critical itself, says so (clinician's review this session).
    let offered = EntryChecks.check(
      value: 350, comparator: nil, date: Fixture.date("2026-11-01"), marker: Self.marker("platelets"),
      existing: Self.entries("platelets", [30, 32]))
    #expect(
      offered.first?.question.contains("Did you mean 35? As 35, it is far below the range.") == true, "\(offered)")
    // A decimal point left out past the plausible range, and the SI reading offered beside a
    // dropped digit, are said critical when they are (clinician's second look this session).
    let potassium = EntryChecks.check(
      value: 68, comparator: nil, date: Fixture.date("2026-11-01"), marker: Self.marker("potassium"),
      existing: Self.entries("potassium", [4.2, 4.3]))
    #expect(
      potassium.first?.question.contains("If you meant 6.8, cancel and type 6.8. As 6.8, it is far above the range.")
        == true, "\(potassium)")
    let plateletSlip = EntryChecks.check(
      value: 2500, comparator: nil, date: Fixture.date("2026-11-01"), marker: Self.marker("platelets"),
      existing: Self.entries("platelets", [250, 240]))
    #expect(
      plateletSlip.first?.question.contains("cancel and type the unit. As 2500 /µL, it is far below the range.")
        == true,
      "\(plateletSlip)")
    // Typed in a unit: ten times or a tenth of the number typed (UACR 35 mg/mmol after 3.5 had
    // asked "Did you mean 3.4997 mg/mmol?").
    let uacr = try? EntryPlanner.draft(
      Self.marker("uacr"), valueText: "35 mg/mmol", unit: nil, date: Fixture.date("2026-11-01"), note: nil,
      existing: Self.entries("uacr", [31.0, 31.0]))
    #expect(
      uacr?.checks.first?.question.contains("Did you mean 3.5 mg/mmol?") == true, "\(String(describing: uacr?.checks))")
    for (earlier, ending) in [
      ([95.0, 97], "If a digit was left out (your usual is about 96), cancel and type the full number."),
      ([90.0, 91], "If you meant 90, cancel and type 90."),
    ] {
      let glucose = EntryChecks.check(
        value: 9, comparator: nil, date: Fixture.date("2026-11-01"), marker: Self.marker("fasting-glucose"),
        existing: Self.entries("fasting-glucose", earlier))
      #expect(glucose.first?.question.hasSuffix(ending) == true, "\(glucose)")
    }
    // Ten times the usual, read in the SI unit: a tenth of the number is a decimal point left
    // out, offered only when that is the usual; never "a digit was left out" (newcomer review at
    // stop 36: A1c 40 after 5.6 was told a digit may be missing).
    let a1c = EntryChecks.check(
      value: 40, comparator: nil, date: Fixture.date("2026-11-01"), marker: Self.marker("a1c"),
      existing: Self.entries("a1c", [5.6, 5.6]))
    let question = a1c.first?.question ?? ""
    #expect(question.contains("Was that 40 mmol/mol (5.8%)?") && !question.contains("digit"), "\(question)")
    #expect(!question.contains("If you meant 4"), "\(question)")
  }

  @Test(
    "a number that reads as the SI unit is asked about as a unit slip, not saved or guessed tenfold",
    arguments: [
      // (marker, typed, earlier readings, expected converted value or nil for no slip question)
      ("ldl", 5.5, [190.0], 212.7),  // 5.5 mmol/L ≈ 213 mg/dL, after an LDL of 190
      ("ldl", 5.5, [], 212.7),  // below the plausible range as mg/dL
      ("fasting-glucose", 16, [140.0, 150], 288.3),  // not "Did you mean 160?"
      ("fasting-glucose", 16, [], 288.3),
      ("free-t4", 8, [], 0.622),  // 8 pmol/L, not 8 ng/dL
      ("magnesium", 0.8, [], 1.94),  // 0.8 mmol/L is normal
      ("magnesium", 0.8, [2.0, 2.1], 1.94),
      ("creatinine", 80, [], 0.905),  // µmol/L
      ("vitamin-d", 75, [], 30),  // nmol/L, with no history
      // Not slips: plausible as typed and near the usual, or the SI reading is implausible.
      ("vitamin-d", 75, [70.0, 72], nil),
      ("ldl", 95, [], nil), ("fasting-glucose", 45, [100.0], nil), ("hdl", 20, [50.0], nil),
      ("magnesium", 2.0, [], nil), ("sodium", 14, [], nil),  // factor 1: no slip possible
      // Hemoglobin in mmol/L (factor 1.611, clinician review): 8.5 mmol/L is this person's usual
      // 13.7 g/dL. A smaller factor needs a smaller gap, but still a gap as wide as the factor.
      ("hemoglobin", 8.5, [13.7, 13.9], 13.7), ("hemoglobin", 8.6, [14.2], 13.86),
      ("hemoglobin", 11.0, [13.8], nil), ("hemoglobin", 12.9, [13.7, 13.9], nil), ("hemoglobin", 9.5, [12.0], nil),
      // Critical as typed and plausible in SI, even where that is critical too: asked, never saved
      // unseen (clinician review: glucose 25 after 5.5 mmol/L became "!! far below", where 25
      // mmol/L is 450 mg/dL, the opposite emergency).
      ("fasting-glucose", 25, [99.1], 450.5), ("fasting-glucose", 25, [], 450.5), ("fasting-glucose", 30, [], 540.5),
      ("fasting-glucose", 300, [], nil),  // 300 mmol/L is not plausible
      // An A1c of 10–18% is common in uncontrolled diabetes; as mmol/mol it would be under the
      // non-diabetic range (clinician review at stop 37: 14 was offered as 14 mmol/mol, 3.4%).
      ("a1c", 14, [], nil), ("a1c", 9.5, [], nil), ("a1c", 18, [], nil), ("a1c", 41, [], 5.9),
      // A conventional 20% (the plausible maximum) may be 20 mmol/mol (3.98%, above the floor).
      ("a1c", 20, [], 3.98),
    ] as [(String, Double, [Double], Double?)])
  func unitSlips(key: String, typed: Double, earlier: [Double], expected: Double?) {
    let marker = Self.marker(key)
    let checks = EntryChecks.check(
      value: typed, comparator: nil, date: Fixture.date("2026-11-01"), marker: marker,
      existing: Self.entries(key, earlier))
    let slip = checks.compactMap { check -> Double? in
      if case .unitSlip(let value, _) = check.kind { return value }
      return nil
    }.first
    #expect(slip == expected)
    if expected != nil {
      #expect(!checks.contains { if case .tenfold = $0.kind { true } else { false } })
      #expect(checks.first?.question.contains("Was that \(ValueText.number(typed)) ") == true)
      // The number asked about is the number option 1 saves, as the saved reading is shown
      // (newcomer review: "213" then "212.7"; since rounding once, "450.5" then "450").
      guard case .unitSlip(let value, let entered) = checks.first?.kind else { return }
      let saved = MarkerEntry(
        markerID: marker.id, value: value, unit: marker.unit, entered: entered,
        dateOfService: Fixture.date("2026-11-01"), entryTimestamp: Self.now)
      let shown = MarkerSnapshot(definition: marker, tracked: nil, entries: []).displayedText(saved)
      #expect(checks.first?.question.contains("(\(shown))?") == true, "\(checks.first?.question ?? "") \(shown)")
    }
  }

  @Test("a number typed with its unit is never a unit slip")
  func typedUnitNoSlip() throws {
    let draft = try EntryPlanner.draft(
      Self.marker("ldl"), valueText: "5.5", unit: "mg/dL", date: Fixture.date("2026-11-01"), note: nil, existing: [])
    #expect(!draft.checks.contains { if case .unitSlip = $0.kind { true } else { false } })
  }

  @Test(
    "a unit with a fixed factor is converted; one without is refused without inviting a slip",
    arguments: [
      ("hs-crp", 0.5, "mg/dL", 5.0),  // CRP mg/dL × 10 = mg/L
      ("hemoglobin", 8.5, "mmol/L", 13.7),  // g/dL × 0.6206 = mmol/L
      ("lpa", 80, "nmol/L", nil),  // no fixed conversion (ACC/AHA 2018)
    ] as [(String, Double, String, Double?)])
  func otherUnits(key: String, value: Double, unit: String, expected: Double?) throws {
    let marker = Self.marker(key)
    if let expected {
      let converted = try UnitConverter.convert(value, unit: unit, for: marker).value
      #expect(abs(converted - expected) < 0.05)
    } else {
      #expect(throws: EntryError.self) { try UnitConverter.convert(value, unit: unit, for: marker) }
      do {
        _ = try UnitConverter.convert(value, unit: unit, for: marker)
      } catch {
        #expect(!error.message.contains("leave the unit out to use"))
      }
    }
  }

  @Test(
    "blood pressure typed the wrong way round is asked about",
    arguments: [
      ("85/130", true), ("120/120", true), ("130/85", false),
    ])
  func swappedBloodPressure(text: String, asked: Bool) throws {
    let drafts = try EntryPlanner.plan(
      marker: "bp", value: text, unit: nil, date: nil, note: nil, today: Fixture.date("2026-11-22"),
      document: .empty(createdAt: Self.now), library: Fixture.library)
    // One question whose yes is what a yes does: save as typed (it once asked "was it typed the
    // wrong way round?", and a yes saved it as typed).
    let question = drafts.flatMap(\.checks).contains {
      $0.question.contains("normally the higher one") && $0.question.hasSuffix("Save it as typed?")
    }
    #expect(question == asked)
  }

  // MARK: 7. Sex-specific ranges

  @Test(
    "sex-specific ranges (WHO 2024 hemoglobin, WHO 2020 ferritin, NHLBI HDL, MedlinePlus)",
    arguments: [
      // (marker, value, sex, status, words contain)
      ("hemoglobin", 12.7, Sex?.none, MarkerStatus.watchLow, "range depends on sex: below it for men"),
      ("hemoglobin", 12.7, .male, .low, "below range"),
      ("hemoglobin", 12.7, .female, .normal, "in range"),
      ("hemoglobin", 16.0, .female, .high, "above range"),
      ("ferritin", 13, nil, .low, "below range"),  // below 15 for everyone
      ("ferritin", 13, .female, .low, "below range"),
      ("hdl", 45, nil, .watchLow, "below it for women"),
      ("hdl", 45, .female, .low, "below range"),
      ("hdl", 45, .male, .normal, "in range"),
      ("hematocrit", 38, nil, .watchLow, "below it for men"),
      ("creatinine", 1.2, nil, .watchHigh, "above it for women"),
      ("uric-acid", 6.5, nil, .watchHigh, "above it for women"),
      ("waist", 37, nil, .watchHigh, "above it for women"),
      ("waist", 37, .male, .normal, "in range"),
    ] as [(String, Double, Sex?, MarkerStatus, String)])
  func sexRanges(key: String, value: Double, sex: Sex?, status: MarkerStatus, words: String) {
    let marker = Self.marker(key)
    let entry = Fixture.entry(marker, value, on: "2026-01-01")
    let judgement = MarkerSnapshot(definition: marker, tracked: nil, entries: [entry], sex: sex).judgement(of: entry)
    #expect(judgement.status == status)
    #expect(judgement.words.contains(words), "\(judgement.words)")
  }

  @Test("the person's own target range wins over sex-specific ones")
  func customRangeWins() {
    let hdl = Self.marker("hdl")
    let tracked = UserMarker(markerID: hdl.id, customReferenceLow: 60, displayOrder: 0, addedAt: Self.now)
    let entry = Fixture.entry(hdl, 55, on: "2026-01-01")
    let snapshot = MarkerSnapshot(definition: hdl, tracked: tracked, entries: [entry], sex: .male)
    #expect(snapshot.judgement(of: entry).status == .low)
  }

  @Test("the sex is kept in the data file and read back; undo leaves it", arguments: [Sex.female, .male])
  func sexStored(sex: Sex) throws {
    let folder = TemporaryFolder()
    let repository = LocalDataRepository(location: DataLocation(folder: folder.path), clock: { Fixture.now })
    try repository.setSex(sex)
    #expect(try LocalDataRepository(location: DataLocation(folder: folder.path)).read().profile.sex == sex)
    #expect(try repository.read().undo.isEmpty)
    try repository.setSex(nil)
    #expect(try LocalDataRepository(location: DataLocation(folder: folder.path)).read().profile.sex == nil)
  }

  @Test(
    "answers to the sex question",
    arguments: [
      ("female", Sex??.some(.female)), ("F", .some(.female)), ("men", .some(.male)), ("", .some(nil)),
      ("unspecified", .some(nil)), ("yes", nil),
    ])
  func sexAnswers(text: String, expected: Sex??) {
    #expect(Sex.answer(text) == expected)
  }

  // MARK: Clinician review

  @Test(
    "a two-sided range has no good direction; the arrow and the prep item are the same run",
    arguments: [
      // (marker, readings, arrow, meaning, prep item)
      ("creatinine", [0.7, 0.9, 1.2], Trend.Arrow.up, Trend.Meaning.neutral, false),
      // From the bottom of the range to near its top: "rising", never "good".
      ("potassium", [3.7, 4.4, 5.1], .up, .neutral, false),
      ("fasting-glucose", [70.0, 85, 99], .up, .neutral, false),
      ("potassium", [4.4, 4.9, 5.1], .up, .concerning, true),  // away from the middle
      ("tsh", [1.0, 2, 4], .up, .concerning, true),
      ("hdl", [40.0, 50, 60], .up, .good, false),  // a sourced direction: higher is better
      ("ldl", [60.0, 65, 70, 75, 80], .up, .concerning, true),  // the whole run, 33%
    ] as [(String, [Double], Trend.Arrow, Trend.Meaning, Bool)])
  func oneTrendRule(key: String, values: [Double], arrow: Trend.Arrow, meaning: Trend.Meaning, item: Bool) {
    let snapshot = Self.snapshot(key, values.map { ($0, nil) })
    #expect(snapshot.trend == Trend(arrow: arrow, meaning: meaning))
    let items = InsightsEngine.insights(for: [snapshot], at: Self.now).filter { $0.kind != .outOfRange }
    #expect(!items.isEmpty == item)
    #expect(!items.isEmpty == (snapshot.trend.meaning == .concerning))
  }

  @Test("show says a critical value is far outside and what that usually means; home's legend names !!")
  func criticalOnShowAndHome() {
    let potassium = Self.marker("potassium")
    let snapshot = Self.snapshot("potassium", [(4.0, nil), (6.8, nil)])
    let text = ShowView.render(
      snapshot, entries: snapshot.entries, shortIDs: [:], today: Fixture.date("2026-11-22"), style: .plain)
    #expect(text.replacingOccurrences(of: "\n", with: " ").contains("the latest far above it"))
    #expect(text.replacingOccurrences(of: "\n", with: " ").contains(Judgement.criticalAdvice))
    let home = HomeView.render(
      [snapshot, Self.snapshot("hdl", [(60, nil)])], today: Fixture.date("2026-11-22"), style: .plain)
    #expect(home.contains("!! far outside"))
    // Clinician review: home showed "!! Potassium 6.8" with no sentence, where the docs say the
    // advice is said on home too.
    #expect(
      home.contains("The latest Potassium (Feb 1, 2024) reading is far outside its range. " + Judgement.criticalAdvice),
      "\(home)")
    let calm = HomeView.render([Self.snapshot("hdl", [(60, nil)])], today: Fixture.date("2026-11-22"), style: .plain)
    #expect(!calm.contains(Judgement.criticalAdvice))
    let two = HomeView.render(
      [snapshot, Self.snapshot("sodium", [(118, nil)])], today: Fixture.date("2026-11-22"), style: .plain)
    // Each with its day (newcomer review this session: a 13-month-old glucose had none).
    #expect(
      two.contains(
        "The latest Potassium (Feb 1, 2024) and Sodium (Jan 1, 2024) readings are far outside their ranges."),
      "\(two)")
    // A plural name reads as one reading (clinician's second look: "Triglycerides is far outside").
    #expect(
      HomeView.criticalSentence(["Triglycerides"])?.hasPrefix("The latest Triglycerides reading is far outside") == true
    )
    _ = potassium
  }

  @Test("a hemoglobin in mmol/L typed without its unit is asked about; BMI 24.95 is normal (NHLBI: overweight from 25)")
  func moreSlips() throws {
    let checks = EntryChecks.check(
      value: 8.5, comparator: nil, date: Fixture.date("2026-01-01"), marker: Self.marker("hemoglobin"), existing: [])
    #expect(checks.first?.question.contains("Was that 8.5 mmol/L (13.7 g/dL)?") == true)
    #expect(try Self.judge("bmi", 24.95).status == .watchHigh)
    #expect(try Self.judge("bmi", 25).status == .high)
  }

  // MARK: Clinician re-review

  @Test("glucose named without 'fasting' asks whether it was fasting; 'fasting glucose' and fbg do not")
  func fastingQuestion() throws {
    // Clinician review at stop 34: "insulin" was saved as fasting insulin with no question.
    for (word, asked) in [
      ("glucose", true), ("blood sugar", true), ("sugar", true), ("fasting glucose", false),
      ("fbg", false), ("fasting-glucose", false), ("insulin", true), ("fasting insulin", false),
      ("fasting-insulin", false),
    ] {
      let drafts = try EntryPlanner.plan(
        marker: word, value: "95", unit: nil, date: nil, note: nil, today: Fixture.date("2026-11-22"),
        document: .empty(createdAt: Self.now), library: Fixture.library)
      let question = drafts[0].checks.first { $0.kind == .fasting }?.question
      #expect((question != nil) == asked, "\(word)")
      if let question {
        let noun = drafts[0].marker.key == "fasting-insulin" ? "insulin" : "glucose"
        #expect(question.hasPrefix("glance tracks fasting \(noun) "), "\(question)")
        #expect(question.contains("glance custom \"Random \(noun)\""), "\(question)")
      }
    }
  }

  @Test(
    "a reading that would be critical in the other unit is not offered as a unit slip",
    arguments: [("calcium", 1.2), ("hemoglobin", 35)])
  func noCriticalSlip(key: String, value: Double) {
    let checks = EntryChecks.check(
      value: value, comparator: nil, date: Fixture.date("2026-01-01"), marker: Self.marker(key), existing: [])
    #expect(!checks.contains { if case .unitSlip = $0.kind { true } else { false } }, "\(checks)")
  }

  /// Clinician's second look: calcium 3.3 was asked about as 3.3 mEq/L (6.61 mg/dL), a low
  /// value, where 3.3 mmol/L is 13.2 mg/dL, critical; glucose 2.5 was only "unusual", though
  /// 2.5 mmol/L is 45 mg/dL, critical. The SI reading is never passed over for another unit, and
  /// a critical one is named in the question (not offered to save: calcium 1.2 is more often an
  /// ionized calcium than a total of 4.8 mg/dL).
  @Test(
    "a value implausible as typed whose SI reading is critical is asked about with that reading named",
    arguments: [
      ("calcium", 3.3, "As 3.3 mmol/L it would be 13.2 mg/dL, far above the range"),
      ("fasting-glucose", 2.5, "As 2.5 mmol/L it would be 45 mg/dL, far below the range"),
      ("calcium", 1.2, "As 1.2 mmol/L it would be 4.8 mg/dL, far below the range"),
      // Stop 34: a count per µL, a lab's other unit, was only "unusual" (WBC 1500 is 1.5 10³/µL).
      ("wbc", 1500, "As 1500 /µL it would be 1.5 10³/µL, far below the range"),
      ("platelets", 15000, "As 15000 /µL it would be 15 10³/µL, far below the range"),
    ])
  func criticalInSINamed(key: String, value: Double, hint: String) throws {
    let checks = EntryChecks.check(
      value: value, comparator: nil, date: Fixture.date("2026-01-01"), marker: Self.marker(key), existing: [])
    #expect(!checks.contains { if case .unitSlip = $0.kind { true } else { false } }, "\(checks)")
    let question = try #require(checks.first { $0.kind == .implausible }?.question)
    #expect(question.contains(hint), "\(question)")
  }

  /// Clinician review at stop 33: "kidney function 1.1" (a creatinine in mg/dL, under the lay
  /// name of eGFR) was saved as an eGFR of 1.1, "!! far below range", with no question.
  @Test(
    "an eGFR under 4, a creatinine's value, asks which test it is",
    arguments: [
      ("egfr", 1.1, true), ("kidney function", 1.3, true), ("egfr", 3.9, true), ("egfr", 4, false), ("egfr", 12, false),
      ("egfr", 0.8, false),
    ] as [(String, Double, Bool)])
  func creatinineAsEGFR(word: String, value: Double, asked: Bool) throws {
    let drafts = try EntryPlanner.plan(
      marker: word, value: ValueText.number(value), unit: nil, date: nil, note: nil,
      today: Fixture.date("2026-11-22"), document: .empty(createdAt: Self.now), library: Fixture.library)
    let question = drafts[0].checks.first { $0.kind == .otherTest }?.question
    #expect((question != nil) == asked, "\(drafts[0].checks)")
    if let question {
      #expect(question.contains("creatinine") && question.contains("Is it eGFR?"), "\(question)")
    }
    // Below the plausible floor it is still asked to be checked.
    if value < 1 { #expect(drafts[0].checks.contains { $0.kind == .implausible }) }
  }

  /// Clinician review: "calcium 1.2 mmol/L" (an ionized calcium's value, 1.16 to 1.32 mmol/L)
  /// was saved as a total calcium of 4.8 mg/dL, "!! far below range", with no question.
  @Test(
    "a calcium in ionized calcium's range, critical as a total calcium, asks which test it is",
    arguments: [
      (1.2, "mmol/L", true), (4.8, "mg/dL", true), (1.0, "mmol/L", true), (6.5, "mg/dL", true), (6.6, nil, false),
      (2.3, "mmol/L", false), (9.5, nil, false),
    ] as [(Double, String?, Bool)])
  func ionizedCalcium(value: Double, unit: String?, asked: Bool) throws {
    let drafts = try EntryPlanner.plan(
      marker: "calcium", value: ValueText.number(value), unit: unit, date: nil, note: nil,
      today: Fixture.date("2026-11-22"), document: .empty(createdAt: Self.now), library: Fixture.library)
    let question = drafts[0].checks.first { $0.kind == .otherTest }?.question
    #expect((question != nil) == asked, "\(drafts[0].checks)")
    if let question {
      #expect(question.contains("ionized calcium (1.16 to 1.32 mmol/L") && question.contains("Is it total calcium?"))
      // Critical as total calcium: said with the advice, before the way out (clinician's second
      // look at stop 36: the fasting question said it, this one did not).
      #expect(question.contains(Judgement.criticalAdvice + " Is it total calcium?"), "\(question)")
    }
    // A bare 4.8 is asked about too: first whether it was 4.8 mEq/L (9.6 mg/dL).
    if asked, unit == "mg/dL" {
      let bare = try EntryPlanner.plan(
        marker: "calcium", value: ValueText.number(value), unit: nil, date: nil, note: nil,
        today: Fixture.date("2026-11-22"), document: .empty(createdAt: Self.now), library: Fixture.library)
      #expect(!bare[0].checks.isEmpty)
    }
  }

  /// Clinician review at stop 35: a bare calcium of 1.2 was asked about only as 1.2 mmol/L, a
  /// total of 4.8 mg/dL "far below the range", and 5.0 only as 5 mEq/L (10.0 mg/dL): both are
  /// ionized calcium's values (1.2 mmol/L, 5.0 mg/dL), a different test, and neither question
  /// said so. Whichever question a bare number gets, it names ionized calcium when the number
  /// read in either unit is that test's kind of value (at or below total calcium's critical low).
  @Test(
    "a bare calcium that reads as an ionized calcium in either unit names that test in its question",
    arguments: [
      ("1.2", "mmol/L", true), ("1.0", "mmol/L", true), ("1.3", "mmol/L", true), ("5.0", "mg/dL", true),
      ("4.8", "mg/dL", true), ("6.0", "mg/dL", true), ("2.4", nil, false), ("3.3", nil, false),
      ("9.5", nil, false), ("0.3", nil, false),
    ] as [(String, String?, Bool)])
  func bareIonizedCalcium(value: String, unit: String?, named: Bool) throws {
    let drafts = try EntryPlanner.plan(
      marker: "calcium", value: value, unit: nil, date: nil, note: nil, today: Fixture.date("2026-11-22"),
      document: .empty(createdAt: Self.now), library: Fixture.library)
    let questions = drafts[0].checks.map(\.question)
    if named || value != "9.5" { #expect(!questions.isEmpty, "\(value)") }
    let text = questions.joined(separator: " ")
    #expect(text.contains("ionized calcium (1.16 to 1.32 mmol/L, 4.64 to 5.28 mg/dL)") == named, "\(text)")
    if let unit, named {
      #expect(text.contains("glance custom \"Ionized calcium\" --unit \(unit)"), "\(text)")
    }
    // A yes-or-no question ends with its question, not a command it suggests (on a terminal
    // "[y/N]" followed the command as if part of it).
    for check in drafts[0].checks where check.kind == .implausible {
      #expect(check.question.hasSuffix("Save it anyway?"), "\(check.question)")
    }
    // Never twice in one question.
    for question in questions {
      #expect(question.components(separatedBy: "ionized calcium (").count <= 2, "\(question)")
    }
  }

  @Test("magnesium and calcium in mEq/L are converted (divalent: 1 mEq/L = 0.5 mmol/L)")
  func milliequivalents() throws {
    #expect(abs(try UnitConverter.convert(1.6, unit: "mEq/L", for: Self.marker("magnesium")).value - 1.94) < 0.01)
    #expect(abs(try UnitConverter.convert(4.8, unit: "mEq/L", for: Self.marker("calcium")).value - 9.62) < 0.01)
  }

  /// Clinician and newcomer reviews at stop 33: WBC 1500 /uL and platelets 35000 /uL (FHIR's
  /// UCUM) were left out, a Quest sheet's "Thousand/uL" refused the whole file; critical counts
  /// were lost. UCUM: 1 /µL = 0.001 × 10³/µL.
  @Test(
    "cell counts per microlitre and in thousands are read as 10³/µL",
    arguments: [
      ("wbc", 1500.0, "/uL", 1.5), ("wbc", 1500, "cells/µL", 1.5), ("platelets", 35000, "/µL", 35),
      ("platelets", 250000, "/mm3", 250), ("wbc", 6200, "cells/mm3", 6.2), ("wbc", 6.2, "Thousand/uL", 6.2),
      ("platelets", 250, "Thousand/µL", 250), ("wbc", 6.2, "x10E3/uL", 6.2),
    ])
  func cellCounts(key: String, value: Double, unit: String, expected: Double) throws {
    #expect(abs(try UnitConverter.convert(value, unit: unit, for: Self.marker(key)).value - expected) < 1e-9)
  }

  /// Beyond the plausible range, on a side with no critical limit, or most likely another unit's
  /// number, zero, or far beyond: neither judged nor called in range; named to be checked.
  @Test(
    "a kept value beyond the plausible range that no critical limit judges is not judged: check the report",
    arguments: [
      ("ldl", 1900.0), ("triglycerides", 1.7), ("bp-systolic", 40), ("tsh", 0.0001),
      // Past a critical limit as typed, but most likely a number in another unit the test is
      // reported in, plausible and not critical there (clinician and attacker reviews at stop
      // 41: a UK sheet's hemoglobin 135 g/L, creatinine 80 µmol/L, glucose 5.2 mmol/L, free T4
      // 15 pmol/L, kept with --yes, were "!!" with the care-team advice).
      ("hemoglobin", 135), ("creatinine", 80), ("fasting-glucose", 5.2), ("fasting-glucose", 9), ("free-t4", 15),
      ("platelets", 250_000), ("wbc", 7500), ("hematocrit", 0.42),
      // Zero or less: an empty cell, no reading (attacker review at stop 41).
      ("potassium", 0), ("sodium", 0), ("hemoglobin", -5),
      // Ten times beyond the plausible bound: no measurement in any unit (a hand-edited 1e300).
      ("potassium", 1e300), ("potassium", 101), ("sodium", 9),
      // A dropped digit, far below the bound (newcomer review at stop 41).
      ("sodium", 14), ("potassium", 0.42), ("hemoglobin", 1.0),
    ])
  func offScaleNotJudged(key: String, value: Double) throws {
    let judgement = try Self.judge(key, value)
    #expect(judgement.status == .indeterminate)
    #expect(judgement.words.contains("check it against the report"))
    // Prep names it to be checked: never "nothing is flagged" over it.
    let items = InsightsEngine.insights(for: [Self.snapshot(key, [(value, nil)])], at: Self.now)
    #expect(items.map(\.kind) == [.check])
    let source = Self.marker(key).category == "vitals-body" ? "the measurement" : "the lab report"
    #expect(
      items.first?.suggestionText.contains("beyond the range glance can judge. Check it against \(source)") == true)
    // A tape measure is not a lab (clinician review: waist 920).
    let waist = InsightsEngine.insights(for: [Self.snapshot("waist", [(920, nil)])], at: Self.now)
    #expect(waist.first?.suggestionText.contains("Check it against the measurement.") == true, "\(waist)")
  }

  /// Attacker's second look at stop 41: platelets 20000 and hemoglobin 60, most likely 20000 /µL
  /// (20 10³/µL) and 60 g/L (6.0 g/dL), critically LOW, were called "far above"; platelets 30000
  /// and glucose 1.5 (critical as 30 10³/µL and 1.5 mmol/L) became "?"; a bare glucose 2.8 was
  /// "?" where 2.8 mmol/L is critical. Far beyond the plausible range, a number another unit
  /// explains is judged as that reading, in its direction, and said so.
  @Test(
    "a number far beyond the plausible range that another unit explains is judged as that reading",
    arguments: [
      ("platelets", 20_000.0, MarkerStatus.criticalLow, "20 10³/µL"), ("platelets", 30_000, .criticalLow, "30 10³/µL"),
      ("hemoglobin", 60, .criticalLow, "6.0 g/dL"), ("wbc", 1500, .criticalLow, "1.5 10³/µL"),
      ("fasting-glucose", 1.5, .criticalLow, "1.5 mmol/L"), ("fasting-glucose", 2.8, .criticalLow, "2.8 mmol/L"),
      ("hemoglobin", 135, .indeterminate, ""), ("platelets", 250_000, .indeterminate, ""),
    ])
  func readAsOtherUnit(key: String, value: Double, status: MarkerStatus, reading: String) throws {
    let judgement = try Self.judge(key, value)
    #expect(judgement.status == status, "\(judgement.words)")
    #expect(judgement.beyondPlausible)
    if status.isCritical {
      #expect(judgement.words.contains("read as"), "\(judgement.words)")
      #expect(judgement.words.contains(reading), "\(judgement.words)")
      let items = InsightsEngine.insights(for: [Self.snapshot(key, [(value, nil)])], at: Self.now)
      let text = items.first?.suggestionText ?? ""
      #expect(text.contains("far below the") && text.contains("read as"), "\(text)")
    }
  }

  /// A number typed with its unit is that unit's: glucose 60 mmol/L (1,081 mg/dL, the
  /// hyperosmolar state) is critical, not a plausible 60 mg/dL (clinician's second look at stop
  /// 41: it was "?"), as are triglycerides 150 mmol/L; hemoglobin 2.0 g/dL stays critical, read
  /// in mmol/L (3.2 g/dL) it is critical too.
  @Test("a value typed with its unit is judged in it, never explained away as the marker's own unit")
  func typedInOtherUnit() throws {
    #expect(try Self.judge("fasting-glucose", 60, unit: "mmol/L").status == .criticalHigh)
    #expect(try Self.judge("fasting-glucose", 83, unit: "mmol/L").status == .criticalHigh)
    #expect(try Self.judge("triglycerides", 150, unit: "mmol/L").status == .criticalHigh)
    #expect(try Self.judge("hemoglobin", 2.0).status == .criticalLow)
    #expect(try Self.judge("fasting-glucose", 900).status == .criticalHigh)
  }

  /// What docs/MarkerLibrary.md says of values beyond the plausible range holds for every rule:
  /// each plausible bound lies past the critical limit on its side, so a value beyond it is
  /// never judged less than critical there.
  @Test("every plausible bound lies past the critical limit on its side")
  func plausibleBeyondCritical() throws {
    for rule in ClinicalRules.all where rule.criticalLow != nil || rule.criticalHigh != nil {
      let marker = try #require(Fixture.library.marker(key: rule.key), "\(rule.key)")
      if let limit = rule.criticalLow, let bound = marker.plausibleMin {
        #expect(limit.contains(bound) && limit.contains(bound.nextDown), "\(rule.key) \(bound)")
      }
      if let limit = rule.criticalHigh, let bound = marker.plausibleMax {
        #expect(limit.contains(bound) && limit.contains(bound.nextUp), "\(rule.key) \(bound)")
      }
    }
  }

  /// Clinician review at stop 40: a confirmed fasting glucose of 900 (HHS), a potassium of 1.2 or
  /// a hemoglobin of 2.0 was "?", a value to check, and not "!!". Such values are real, if rare,
  /// and past the critical limit on their side: critical, with the care-team advice, and still
  /// named as beyond what glance takes as plausible. Every plausible bound lies past the critical
  /// limit on its side, so no value beyond it is judged less than critical there.
  @Test(
    "a confirmed value beyond the plausible range and past a critical limit is critical, and to be checked",
    arguments: [
      ("potassium", 15.0, MarkerStatus.criticalHigh), ("potassium", 1.2, .criticalLow),
      ("fasting-glucose", 900, .criticalHigh), ("fasting-glucose", 2.0, .criticalLow),
      ("hemoglobin", 2.0, .criticalLow),
      ("sodium", 95, .criticalLow), ("triglycerides", 6000, .criticalHigh), ("bp-systolic", 300, .criticalHigh),
      ("platelets", 0.5, .criticalLow), ("egfr", 0.5, .criticalLow), ("potassium", 99, .criticalHigh),
      // Far beyond, but a tenth is critical too: no digit slip explains it away.
      ("triglycerides", 12_000, .criticalHigh), ("potassium", 25, .criticalHigh),
      // Within twice the bound, whatever another unit makes of it (clinician's second look at
      // stop 41: creatinine 28 mg/dL, glucose 16 mg/dL); above it no digit is dropped (glucose
      // 2,000 mg/dL, systolic 600 stay critical, to be checked); monotonic up to ten times.
      ("creatinine", 28, .criticalHigh), ("fasting-glucose", 16, .criticalLow),
      ("fasting-glucose", 2000, .criticalHigh),
      ("fasting-glucose", 5000, .criticalHigh), ("bp-systolic", 600, .criticalHigh),
    ])
  func offScaleCritical(key: String, value: Double, status: MarkerStatus) throws {
    #expect(Self.marker(key).isOffScale(value))
    let judgement = try Self.judge(key, value)
    #expect(judgement.status == status)
    #expect(judgement.words.contains("check it against the report"), "\(judgement.words)")
    #expect(judgement.criticalSentence == Judgement.criticalAdvice)
    let items = InsightsEngine.insights(for: [Self.snapshot(key, [(value, nil)])], at: Self.now)
    #expect(items.map(\.kind) == [.critical])
    let text = items.first?.suggestionText ?? ""
    #expect(text.contains("far \(status.isLowSide ? "below" : "above") the"), "\(text)")
    let source = Self.marker(key).category == "vitals-body" ? "the measurement" : "the lab report"
    #expect(text.contains("beyond the range glance takes as plausible: check it against \(source)."), "\(text)")
    #expect(text.hasSuffix(Judgement.criticalAdvice), "\(text)")
    #expect(!text.contains("guideline's"), "\(text)")
    // show's summary (and its --json) says it too (newcomer review at stop 41).
    let snapshot = Self.snapshot(key, [(value, nil)])
    let summary = ShowView.summary(snapshot, entries: snapshot.entries, period: nil, today: Fixture.date("2026-11-22"))
    #expect(summary.contains("beyond the range glance takes as plausible: check it against \(source)."), "\(summary)")
    #expect(summary.hasSuffix(Judgement.criticalAdvice), "\(summary)")
  }

  @Test("with no sex given, show and prep say a value depends on sex instead of 'within range'")
  func sexUnsaid() {
    let snapshot = Self.snapshot("hemoglobin", [(12.7, nil)])
    let show = ShowView.render(
      snapshot, entries: snapshot.entries, shortIDs: [:], today: Fixture.date("2026-11-22"), style: .plain)
    let flat = show.replacingOccurrences(of: "\n", with: " ")
    #expect(!flat.contains("within the reference range"))
    #expect(flat.contains("outside the range for one of them (set glance profile --sex)"))
    let prep = PrepView.render(
      insights: [], snapshots: [snapshot], visits: [], today: Fixture.date("2026-11-22"), style: .plain)
    #expect(prep.replacingOccurrences(of: "\n", with: " ").contains("set glance profile --sex female|male"))
  }
}
