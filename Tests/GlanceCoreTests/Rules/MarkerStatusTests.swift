import Testing

@testable import GlanceCore

/// DESIGN §6 "Status": out of range below low / above high (a value on an inclusive bound is in
/// range, on a strict one out); watch within 10% of a two-sided range's width of a bound; a
/// one-sided range has no watch band (issue 11: no guideline defines "near" a one-sided limit);
/// else normal; none without a range. Expected values are worked out from those words.
@Suite("MarkerStatus")
struct MarkerStatusTests {
  static func range(_ low: Double?, _ high: Double?) -> ReferenceRange { ReferenceRange(low: low, high: high) }

  @Test(
    "a two-sided range of 40–60 has a watch zone of 2 at each end, bounds inclusive",
    arguments: [
      (39.99, MarkerStatus.low), (0, .low), (-5, .low),
      (40, .watchLow), (41, .watchLow), (42, .watchLow),
      (42.01, .normal), (50, .normal), (57.99, .normal),
      (58, .watchHigh), (59, .watchHigh), (60, .watchHigh),
      (60.01, .high), (1000, .high),
    ])
  func twoSided(value: Double, expected: MarkerStatus) {
    #expect(MarkerStatus.of(value, in: Self.range(40, 60)) == expected)
  }

  @Test(
    "a low-only range (HDL ≥ 40) has no watch band",
    arguments: [
      (39, MarkerStatus.low), (39.99, .low), (40, .normal), (43.5, .normal), (44, .normal),
      (44.1, .normal), (60, .normal), (500, .normal),
    ])
  func lowOnly(value: Double, expected: MarkerStatus) {
    #expect(MarkerStatus.of(value, in: Self.range(40, nil)) == expected)
  }

  @Test(
    "a high-only range (≤ 99) has no watch band",
    arguments: [
      (0, MarkerStatus.normal), (50, .normal), (89, .normal), (89.09, .normal),
      (89.1, .normal), (95, .normal), (99, .normal),
      (99.01, .high), (162, .high),
    ])
  func highOnly(value: Double, expected: MarkerStatus) {
    #expect(MarkerStatus.of(value, in: Self.range(nil, 99)) == expected)
  }

  @Test(
    "decimal bounds: ≤ 5.6 is in range up to 5.6",
    arguments: [
      (4.8, MarkerStatus.normal), (5.03, .normal), (5.04, .normal), (5.4, .normal), (5.6, .normal),
      (5.61, .high), (5.7, .high),
    ])
  func decimalHighOnly(value: Double, expected: MarkerStatus) {
    #expect(MarkerStatus.of(value, in: Self.range(nil, 5.6)) == expected)
  }

  @Test(
    "decimal bounds: creatinine 0.6–1.3 has a watch zone of 0.07",
    arguments: [
      (0.59, MarkerStatus.low), (0.6, .watchLow), (0.67, .watchLow), (0.68, .normal), (1.0, .normal),
      (1.22, .normal), (1.23, .watchHigh), (1.3, .watchHigh), (1.31, .high),
    ])
  func decimalTwoSided(value: Double, expected: MarkerStatus) {
    #expect(MarkerStatus.of(value, in: Self.range(0.6, 1.3)) == expected)
  }

  @Test(
    "decimal bounds: TSH 0.4–4.5 has a watch zone of 0.41",
    arguments: [
      (0.39, MarkerStatus.low), (0.4, .watchLow), (0.81, .watchLow), (0.82, .normal), (4.08, .normal),
      (4.09, .watchHigh), (4.5, .watchHigh), (4.51, .high),
    ])
  func tsh(value: Double, expected: MarkerStatus) {
    #expect(MarkerStatus.of(value, in: Self.range(0.4, 4.5)) == expected)
  }

  @Test(
    "a range across zero (−2…2) has a watch zone of 0.4",
    arguments: [
      (-2.01, MarkerStatus.low), (-2, .watchLow), (-1.6, .watchLow), (-1.59, .normal), (0, .normal),
      (1.59, .normal), (1.6, .watchHigh), (2, .watchHigh), (2.01, .high),
    ])
  func acrossZero(value: Double, expected: MarkerStatus) {
    #expect(MarkerStatus.of(value, in: Self.range(-2, 2)) == expected)
  }

  @Test(
    "a range starting at zero (0…10): zero is on the bound, so in range and watched",
    arguments: [
      (-0.01, MarkerStatus.low), (0, .watchLow), (1, .watchLow), (1.01, .normal), (8.99, .normal),
      (9, .watchHigh), (10, .watchHigh), (10.01, .high),
    ])
  func fromZero(value: Double, expected: MarkerStatus) {
    #expect(MarkerStatus.of(value, in: Self.range(0, 10)) == expected)
  }

  @Test(
    "a negative one-sided low (≥ −10)",
    arguments: [
      (-10.5, MarkerStatus.low), (-10, .normal), (-9.5, .normal), (-9, .normal), (-8.99, .normal), (5, .normal),
    ])
  func negativeLowOnly(value: Double, expected: MarkerStatus) {
    #expect(MarkerStatus.of(value, in: Self.range(-10, nil)) == expected)
  }

  @Test(
    "a negative one-sided high (≤ −5)",
    arguments: [
      (-20, MarkerStatus.normal), (-5.51, .normal), (-5.5, .normal), (-5, .normal), (-4.99, .high),
    ])
  func negativeHighOnly(value: Double, expected: MarkerStatus) {
    #expect(MarkerStatus.of(value, in: Self.range(nil, -5)) == expected)
  }

  @Test(
    "a zero one-sided high (≤ 0): below is normal, above is high",
    arguments: [(-1, MarkerStatus.normal), (-0.5, .normal), (0.01, .high), (3, .high)])
  func zeroHighOnly(value: Double, expected: MarkerStatus) {
    #expect(MarkerStatus.of(value, in: Self.range(nil, 0)) == expected)
  }

  @Test("without bounds there is no status to give", arguments: [-1_000.0, 0, 5.6, 89, 1e9])
  func noRange(value: Double) {
    #expect(MarkerStatus.of(value, in: Self.range(nil, nil)) == .noRange)
  }

  @Test(
    "only low and high are out of range; only the two watch cases are watch",
    arguments: [
      (MarkerStatus.low, true, false), (.high, true, false), (.watchLow, false, true), (.watchHigh, false, true),
      (.normal, false, false), (.noRange, false, false),
    ])
  func flags(status: MarkerStatus, outOfRange: Bool, watch: Bool) {
    #expect(status.isOutOfRange == outOfRange)
    #expect(status.isWatch == watch)
  }

  @Test("library ranges judge library values: HDL 40 is in range, LDL 99.9 in range, 100 high, A1c 5.7 high")
  func libraryRanges() {
    #expect(MarkerStatus.of(40, in: Fixture.hdl.defaultRange) == .normal)
    #expect(MarkerStatus.of(39.9, in: Fixture.hdl.defaultRange) == .low)
    #expect(MarkerStatus.of(99.9, in: Fixture.ldl.defaultRange) == .normal)
    #expect(MarkerStatus.of(100, in: Fixture.ldl.defaultRange) == .high)
    #expect(MarkerStatus.of(5.69, in: Fixture.a1c.defaultRange) == .normal)
    #expect(MarkerStatus.of(5.7, in: Fixture.a1c.defaultRange) == .high)
  }

  @Test(
    "a strict bound: the bound itself is out of range",
    arguments: [
      (69.9, MarkerStatus.low), (70, .watchLow), (99.9, .watchHigh), (100, .high),
    ])
  func strictHigh(value: Double, expected: MarkerStatus) {
    #expect(MarkerStatus.of(value, in: ReferenceRange(low: 70, high: 100, highStrict: true)) == expected)
    #expect(MarkerStatus.of(60, in: ReferenceRange(low: 60, high: nil, lowStrict: true)) == .low)
  }
}
