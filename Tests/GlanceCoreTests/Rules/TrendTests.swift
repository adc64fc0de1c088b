import Testing

@testable import GlanceCore

/// DESIGN §6 / PRD §5.3 "Trend arrow": the last 3 readings by date; strictly rising ↑, strictly
/// falling ↓, otherwise none; fewer than 3: none. Good or concerning follows the marker's direction;
/// for in-range markers moving away from the middle of the range is concerning, and a two-sided
/// range has no "good" direction (issue 11, clinician review: creatinine 0.7 → 1.2 is not good news).
@Suite("Trend")
struct TrendTests {
  static let band = ReferenceRange(low: 40, high: 60)
  static let noBounds = ReferenceRange(low: nil, high: nil)

  @Test(
    "the arrow follows the last three values only",
    arguments: [
      ([1.0, 2, 3], Trend.Arrow.up), ([3.0, 2, 1], .down),
      ([1.0, 3, 2], .none), ([3.0, 1, 2], .none), ([2.0, 2, 2], .none),
      ([1.0, 2, 2], .none), ([2.0, 2, 3], .none), ([3.0, 3, 1], .none),
      // Only the last three count, whatever came before.
      ([100.0, 1, 2, 3], .up), ([0.0, 3, 2, 1], .down), ([1.0, 2, 3, 2], .none), ([3.0, 2, 1, 2], .none),
      ([1.0, 2, 3, 4, 5, 1, 2, 3], .up), ([9.0, 8, 1, 2, 3], .up),
      // Tiny steps still count as strict.
      ([5.6, 5.61, 5.62], .up), ([0.001, 0.0005, 0.0001], .down), ([-1.0, -2, -3], .down),
    ])
  func arrows(values: [Double], expected: Trend.Arrow) {
    #expect(Trend.of(values, direction: .higherIsBetter, range: Self.band).arrow == expected)
  }

  @Test(
    "fewer than three readings show no arrow",
    arguments: [[Double](), [89], [80, 89], [89, 80]])
  func tooFew(values: [Double]) {
    for direction in Direction.allCases {
      #expect(Trend.of(values, direction: direction, range: Self.band) == .none)
    }
  }

  @Test(
    "no arrow means neutral, whatever the direction",
    arguments: Direction.allCases)
  func noArrowIsNeutral(direction: Direction) {
    let trend = Trend.of([50, 55, 50], direction: direction, range: Self.band)
    #expect(trend.arrow == .none)
    #expect(trend.meaning == .neutral)
    #expect(Trend.of([50, 50, 50], direction: direction, range: Self.band) == .none)
  }

  @Test(
    "higher is better: up is good, down is concerning",
    arguments: [
      ([80.0, 85, 89], Trend.Arrow.up, Trend.Meaning.good), ([95.0, 92, 89], .down, .concerning),
      ([30.0, 35, 39], .up, .good), ([45.0, 41, 38], .down, .concerning),
    ])
  func higherIsBetter(values: [Double], arrow: Trend.Arrow, meaning: Trend.Meaning) {
    // Ranges every value is inside: out of range, a trend is never good (below).
    for range in [ReferenceRange(low: 20, high: 200), ReferenceRange(low: 20, high: nil), Self.noBounds] {
      let trend = Trend.of(values, direction: .higherIsBetter, range: range)
      #expect(trend == Trend(arrow: arrow, meaning: meaning))
    }
  }

  @Test(
    "lower is better: up is concerning, down is good",
    arguments: [
      ([121.0, 135, 162], Trend.Arrow.up, Trend.Meaning.concerning), ([162.0, 135, 121], .down, .good),
      ([5.4, 5.5, 5.6], .up, .concerning), ([5.9, 5.7, 5.5], .down, .good),
    ])
  func lowerIsBetter(values: [Double], arrow: Trend.Arrow, meaning: Trend.Meaning) {
    for range in [ReferenceRange(low: 1, high: 200), ReferenceRange(low: nil, high: 200), Self.noBounds] {
      let trend = Trend.of(values, direction: .lowerIsBetter, range: range)
      #expect(trend == Trend(arrow: arrow, meaning: meaning))
    }
  }

  @Test(
    "in range (40–60, middle 50): away from the middle is concerning, towards it is only rising or falling",
    arguments: [
      // Above the middle.
      ([52.0, 55, 58], Trend.Arrow.up, Trend.Meaning.concerning), ([58.0, 55, 52], .down, .neutral),
      // Out of range (above 60): further out is concerning; coming back is not yet good.
      ([61.0, 65, 70], .up, .concerning), ([70.0, 65, 61], .down, .neutral),
      // Below the middle.
      ([48.0, 45, 42], .down, .concerning), ([42.0, 45, 48], .up, .neutral),
      ([39.0, 35, 30], .down, .concerning), ([30.0, 35, 39], .up, .neutral),
      // Crossing the middle: judged by where it started and where it ended up.
      ([45.0, 50, 56], .up, .concerning), ([44.0, 50, 55], .up, .neutral),
      ([55.0, 50, 44], .down, .concerning), ([56.0, 50, 45], .down, .neutral),
    ])
  func inRange(values: [Double], arrow: Trend.Arrow, meaning: Trend.Meaning) {
    #expect(Trend.of(values, direction: .inRange, range: Self.band) == Trend(arrow: arrow, meaning: meaning))
  }

  @Test(
    "in range without a two-sided range has no middle, so the arrow is neutral",
    arguments: [
      (ReferenceRange(low: 40, high: nil), [41.0, 45, 50]), (ReferenceRange(low: nil, high: 99), [90.0, 80, 70]),
      (ReferenceRange(low: nil, high: nil), [1.0, 2, 3]),
    ])
  func inRangeWithoutMiddle(range: ReferenceRange, values: [Double]) {
    let trend = Trend.of(values, direction: .inRange, range: range)
    #expect(trend.arrow != .none)
    #expect(trend.meaning == .neutral)
  }

  @Test("in range judges only the last three: an earlier swing does not count")
  func inRangeLastThree() {
    // 30 → 58 → 52 → 55 → 58 is falling then rising; the last three (52, 55, 58) rise away from 50.
    let trend = Trend.of([30, 58, 52, 55, 58], direction: .inRange, range: Self.band)
    #expect(trend == Trend(arrow: .up, meaning: .concerning))
  }

  /// Clinician review: potassium 4.0, 5.0 and 6.1 on one morning showed "↑ watch" and prep said
  /// it "has increased across your last 3 readings".
  @Test(
    "a day's repeats are not a trend: each day counts once, with its last reading",
    arguments: [
      ([("2026-11-01", 4.0), ("2026-11-01", 5.0), ("2026-11-01", 6.1)], Trend.Arrow.none),
      ([("2026-10-01", 4.0), ("2026-10-15", 5.0), ("2026-11-01", 6.1)], .up),
      // The third day's redraw (4.3 after a hemolysed 6.1) is that day's value.
      ([("2026-10-01", 4.0), ("2026-10-15", 5.0), ("2026-11-01", 6.1), ("2026-11-01", 4.3)], .none),
      ([("2026-10-01", 4.0), ("2026-10-01", 3.0), ("2026-10-15", 5.0), ("2026-11-01", 6.1)], .up),
      ([("2026-10-01", 6.0), ("2026-10-15", 5.0), ("2026-10-15", 4.5), ("2026-11-01", 3.6)], .down),
    ] as [([(String, Double)], Trend.Arrow)])
  func oneReadingADay(readings: [(String, Double)], arrow: Trend.Arrow) throws {
    let potassium = try #require(Fixture.library.marker(key: "potassium"))
    let entries = readings.map { Fixture.entry(potassium, $0.1, on: $0.0) }
    let trend = Trend.of(
      entries, definition: potassium, range: ReferenceRange(low: potassium.referenceLow, high: potassium.referenceHigh))
    #expect(trend.arrow == arrow)
    #expect(Trend.readings(entries, of: potassium).map(\.dateOfService).count == Set(readings.map(\.0)).count)
  }

  @Test("the middle of a range is the midpoint of its bounds; one-sided ranges have none")
  func middle() {
    #expect(ReferenceRange(low: 40, high: 60).middle == 50)
    #expect(ReferenceRange(low: 0.4, high: 4.5).middle == 2.45)
    #expect(ReferenceRange(low: -2, high: 2).middle == 0)
    #expect(ReferenceRange(low: 40, high: nil).middle == nil)
    #expect(ReferenceRange(low: nil, high: 99).middle == nil)
  }
}
