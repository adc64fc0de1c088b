import Testing

@testable import GlanceCore

/// DESIGN §6 "Status": out of range below low / above high (a value on a bound is in range); watch
/// within 10% of the range's width of a bound (one-sided: within 10% of the bound); else normal;
/// none without a range. Expected values are worked out from those words, not from the code.
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
    "a low-only range (HDL ≥ 40) watches within 10% of 40, i.e. up to 44",
    arguments: [
      (39, MarkerStatus.low), (39.99, .low), (40, .watchLow), (43.5, .watchLow), (44, .watchLow),
      (44.1, .normal), (60, .normal), (500, .normal),
    ])
  func lowOnly(value: Double, expected: MarkerStatus) {
    #expect(MarkerStatus.of(value, in: Self.range(40, nil)) == expected)
  }

  @Test(
    "a high-only range (LDL ≤ 99) watches within 9.9 of 99, i.e. from 89.1",
    arguments: [
      (0, MarkerStatus.normal), (50, .normal), (89, .normal), (89.09, .normal),
      (89.1, .watchHigh), (95, .watchHigh), (99, .watchHigh),
      (99.01, .high), (162, .high),
    ])
  func highOnly(value: Double, expected: MarkerStatus) {
    #expect(MarkerStatus.of(value, in: Self.range(nil, 99)) == expected)
  }

  @Test(
    "decimal bounds: A1c ≤ 5.6 watches from 5.04",
    arguments: [
      (4.8, MarkerStatus.normal), (5.03, .normal), (5.04, .watchHigh), (5.4, .watchHigh), (5.6, .watchHigh),
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
    "a negative one-sided low (≥ −10) watches within 1 of the bound",
    arguments: [
      (-10.5, MarkerStatus.low), (-10, .watchLow), (-9.5, .watchLow), (-9, .watchLow), (-8.99, .normal), (5, .normal),
    ])
  func negativeLowOnly(value: Double, expected: MarkerStatus) {
    #expect(MarkerStatus.of(value, in: Self.range(-10, nil)) == expected)
  }

  @Test(
    "a negative one-sided high (≤ −5) watches within 0.5 of the bound",
    arguments: [
      (-20, MarkerStatus.normal), (-5.51, .normal), (-5.5, .watchHigh), (-5, .watchHigh), (-4.99, .high),
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

  @Test("library ranges judge library values: HDL 44 is watch, LDL 89.1 is watch, A1c 5.7 is high")
  func libraryRanges() {
    #expect(MarkerStatus.of(44, in: Fixture.hdl.defaultRange) == .watchLow)
    #expect(MarkerStatus.of(44.1, in: Fixture.hdl.defaultRange) == .normal)
    #expect(MarkerStatus.of(89.1, in: Fixture.ldl.defaultRange) == .watchHigh)
    #expect(MarkerStatus.of(89, in: Fixture.ldl.defaultRange) == .normal)
    #expect(MarkerStatus.of(5.7, in: Fixture.a1c.defaultRange) == .high)
  }
}
