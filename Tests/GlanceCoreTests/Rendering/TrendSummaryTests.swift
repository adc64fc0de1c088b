import Testing

@testable import GlanceCore

/// The one sentence under a chart, in the PRD's words.
@Suite("TrendSummary")
struct TrendSummaryTests {
  static let today = Fixture.date("2026-11-22")

  static func sentence(_ marker: MarkerDefinition, _ readings: [(String, Double)], range: ReferenceRange? = nil)
    -> String
  {
    let snapshot = ChartGoldenTests.snapshot(marker, readings, range: range)
    return TrendSummary.sentence(snapshot, entries: snapshot.entries, today: today)
  }

  /// Newcomer review at stop 34: a systolic of 127 ("▲ elevated" on every other line) was
  /// "within the reference range" under a chart whose legend says 90 to <120. A reading beyond
  /// the range that its guideline's stages word without "out of range" is said in those words.
  @Test(
    "a blood pressure beyond the range but only elevated is said so, never within the range",
    arguments: [
      ([("2026-11-21", 127.0)], "1 reading, 127 mmHg on Nov 21, 2026, elevated (above the reference range)."),
      (
        [("2026-10-01", 112.0), ("2026-11-21", 127)],
        "2 readings, from 112 to 127 mmHg, 1 of 2 above the reference range (elevated), the latest among them."
      ),
      (
        [("2026-10-01", 125.0), ("2026-11-21", 112)],
        "2 readings, from 125 to 112 mmHg, 1 of 2 above the reference range (elevated), the latest within it."
      ),
      ([("2026-11-21", 112.0)], "1 reading, 112 mmHg on Nov 21, 2026, within the reference range."),
      (
        [("2026-10-01", 124.0), ("2026-11-21", 127)],
        "2 readings, from 124 to 127 mmHg, all above the reference range (the latest elevated)."
      ),
      // Out of range, its stage said too (clinician's second look at stop 34: 135 was only
      // "outside the reference range" where add and prep say "stage 1 range").
      ([("2026-11-21", 135.0)], "1 reading, 135 mmHg on Nov 21, 2026, above the reference range (stage 1 range)."),
      // Outside once, the latest elevated: never "within it" (clinician's third look).
      (
        [("2026-09-01", 118.0), ("2026-10-01", 134), ("2026-11-01", 125)],
        "1 of 3 outside the reference range, the latest elevated (above it)."
      ),
      (
        [("2026-10-01", 118.0), ("2026-11-21", 135)],
        "2 readings, from 118 to 135 mmHg, 1 of 2 outside the reference range, the latest above it (stage 1 range)."
      ),
    ] as [([(String, Double)], String)])
  func elevatedIsNotWithin(readings: [(String, Double)], tail: String) throws {
    let systolic = try #require(Fixture.library.marker(key: "bp-systolic"))
    let sentence = Self.sentence(systolic, readings)
    #expect(sentence.hasSuffix(tail), "\(sentence)")
  }

  /// Newcomer review: "over the past 1 day".
  @Test(
    "the period counted back from today, in words",
    arguments: [
      ("2026-11-21", "the past day"), ("2026-11-22", "the past day"), ("2026-11-19", "the past 3 days"),
      ("2026-11-01", "the past 3 weeks"), ("2026-10-20", "the past month"), ("2026-08-01", "the past 3 months"),
      ("2025-11-22", "the past year"), ("2023-11-01", "the past 3 years"),
    ])
  func period(start: String, phrase: String) {
    #expect(TrendSummary.periodPhrase(from: Fixture.date(start), to: Self.today) == phrase)
  }

  @Test(
    "sentences for each shape of history",
    arguments: [
      (
        [("2024-11-02", 95.0), ("2025-05-20", 80), ("2026-03-12", 70)],
        "HDL Cholesterol over the past 2 years: 3 readings, trending down from 95 to 70 mg/dL, all within the reference range."
      ),
      // A fall within biological variation (95 → 93 → 90, 5%; HDL needs 22.9%) is not a trend.
      (
        [("2024-11-02", 95.0), ("2025-05-20", 93), ("2026-03-12", 90)],
        "HDL Cholesterol over the past 2 years: 3 readings, between 90 and 95 mg/dL, most recently 90, all within the reference range."
      ),
      (
        [("2026-10-30", 89.0)],
        "HDL Cholesterol: 1 reading, 89 mg/dL on Oct 30, 2026, within the reference range."
      ),
      (
        [("2026-05-30", 38.0), ("2026-10-30", 45)],
        "HDL Cholesterol over the past 5 months: 2 readings, from 38 to 45 mg/dL, 1 of 2 outside the reference range, the latest within it."
      ),
      // A rise at the end of a long fall is the latest readings' trend, not the period's
      // (newcomer review: ten years of weight loss read "trending up from 167 to 169").
      (
        [
          ("2021-01-10", 95.0), ("2022-01-10", 90), ("2023-01-10", 80), ("2024-01-10", 45), ("2025-01-10", 55),
          ("2026-01-10", 70),
        ],
        "HDL Cholesterol over the past 5 years: 6 readings, between 45 and 95 mg/dL, trending up across the latest 3 from 45 to 70 mg/dL, 1 of 6 within the range both sexes share but outside the range for one of them (set glance profile --sex)."
      ),
      // One reading judged by the range both sexes share: "within", never "it within" (clinician review).
      (
        [("2024-01-15", 48.0)],
        "HDL Cholesterol: 1 reading, 48 mg/dL on Jan 15, 2024, within the range both sexes share but outside the range for one of them (set glance profile --sex)."
      ),
      // One value throughout: never "between 62 and 62" (clinician review).
      (
        [("2026-01-10", 62.0), ("2026-04-10", 62), ("2026-07-10", 62)],
        "HDL Cholesterol over the past 10 months: 3 readings, all 62 mg/dL, all within the reference range."
      ),
      // One reading beyond the plausible range: not judged, never "within" (clinician review).
      (
        [("2026-07-10", 900.0)],
        "HDL Cholesterol: 1 reading, 900 mg/dL on Jul 10, 2026, not judged: beyond the plausible range."
      ),
      // A slip beyond the plausible range beside one value: the value, and the slip as the latest.
      (
        [("2026-01-10", 62.0), ("2026-07-10", 900)],
        "HDL Cholesterol over the past 10 months: 2 readings (1 off the scale), 62 mg/dL, most recently 900, the one on the scale within the reference range."
      ),
      (
        [("2026-01-10", 60.0), ("2026-04-10", 50), ("2026-07-10", 55)],
        "HDL Cholesterol over the past 10 months: 3 readings, between 50 and 60 mg/dL, most recently 55, all within the reference range."
      ),
      (
        [("2026-11-01", 30.0), ("2026-11-08", 35), ("2026-11-15", 39)],
        "HDL Cholesterol over the past 3 weeks: 3 readings, trending up from 30 to 39 mg/dL, all outside the reference range."
      ),
      (
        [("2025-11-22", 60.0), ("2026-05-01", 61)],
        "HDL Cholesterol over the past year: 2 readings, from 60 to 61 mg/dL, all within the reference range."
      ),
      // An off-scale slip (890) is counted but kept out of the trend, as the chart keeps it off the scale.
      (
        [("2025-11-22", 95.0), ("2026-02-01", 890), ("2026-05-01", 80), ("2026-09-01", 70)],
        "HDL Cholesterol over the past year: 4 readings (1 off the scale), trending down from 95 to 70 mg/dL, the others within the reference range."
      ),
      (
        [("2026-01-10", 60.0), ("2026-04-10", 890), ("2026-07-10", 55)],
        "HDL Cholesterol over the past 10 months: 3 readings (1 off the scale), from 60 to 55 mg/dL, the others within the reference range."
      ),
    ] as [([(String, Double)], String)])
  func sentences(readings: [(String, Double)], expected: String) {
    #expect(Self.sentence(Fixture.hdl, readings) == expected)
  }

  @Test("a latest reading above a one-sided range says so")
  func above() {
    #expect(
      Self.sentence(Fixture.ldl, [("2026-11-01", 131)])
        == "LDL Cholesterol: 1 reading, 131 mg/dL on Nov 1, 2026, above the reference range.")
  }

  @Test("an earlier critical reading is named even when the latest is back in range or the trend is what is said")
  func earlierCritical() {
    let potassium = MarkerLibrary.builtIn.marker(key: "potassium")!
    #expect(
      Self.sentence(potassium, [("2026-09-01", 4.2), ("2026-10-01", 6.8), ("2026-11-01", 4.4)])
        == "Potassium over the past 2 months: 3 readings, between 4.2 and 6.8 mEq/L, most recently 4.4, 1 of 3 outside the reference range (1 far outside it), the latest within it."
    )
    #expect(
      Self.sentence(potassium, [("2026-09-01", 5.4), ("2026-10-01", 6.8), ("2026-11-01", 5.5)])
        == "Potassium over the past 2 months: 3 readings, between 5.4 and 6.8 mEq/L, most recently 5.5, all outside the reference range (1 far outside it)."
    )
    // Nothing critical, nothing added.
    #expect(
      Self.sentence(potassium, [("2026-09-01", 4.2), ("2026-11-01", 5.5)])
        == "Potassium over the past 2 months: 2 readings, from 4.2 to 5.5 mEq/L, 1 of 2 outside the reference range, the latest above it."
    )
  }

  @Test("no range, no range clause")
  func noRange() {
    let weight = MarkerLibrary.builtIn.marker(key: "weight")!
    #expect(
      Self.sentence(weight, [("2026-09-01", 180), ("2026-10-01", 178)])
        == "Body Weight over the past 2 months: 2 readings, from 180.0 to 178.0 lb.")
  }

  @Test("a bound the lab printed keeps its comparator in the sentence")
  func comparator() {
    let snapshot = ChartGoldenTests.snapshot(Fixture.hdl, [("2026-01-10", 60.0), ("2026-07-10", 65)])
    var entries = snapshot.entries
    entries[0].comparator = .greaterThan
    #expect(
      TrendSummary.sentence(snapshot, entries: entries, today: Self.today)
        == "HDL Cholesterol over the past 10 months: 2 readings, from >60 to 65 mg/dL, all within the reference range.")
  }
}
