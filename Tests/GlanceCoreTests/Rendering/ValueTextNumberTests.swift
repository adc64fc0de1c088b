import Testing

@testable import GlanceCore

/// `ValueText.number`: at most four decimals, no trailing zeros, no exponent, "-0" never shown.
@Suite("ValueText.number")
struct ValueTextNumberTests {
  @Test(
    "a value is written with at most four decimals and no trailing zeros",
    arguments: [
      (89, "89"), (5.6, "5.6"), (0.5, "0.5"), (1.05, "1.05"), (0.0001, "0.0001"), (0.00005, "0.0001"),
      (3.14159, "3.1416"), (-2.5, "-2.5"), (0, "0"), (-0.0, "0"), (100.1, "100.1"), (99.10, "99.1"),
      (1200, "1200"), (0.1 + 0.2, "0.3"), (7.0001, "7.0001"), (7.001, "7.001"), (7.01, "7.01"), (7.1, "7.1"),
      (123_456_789.0123, "123456789.0123"), (Double.nan, "?"), (Double.infinity, "?"),
    ])
  func number(value: Double, expected: String) {
    #expect(ValueText.number(value) == expected)
  }

  @Test(
    "a value below what four decimals show is written with three significant digits, never as 0 (attacker review: <0.00001 showed as <0)",
    arguments: [
      (0.00004, "0.00004"), (-0.00001, "-0.00001"), (0.0000123456, "0.0000123"), (0.0000499, "0.0000499"),
      (1e-7, "0.0000001"), (5e-324, "0." + String(repeating: "0", count: 323) + "5"),
    ])
  func tiny(value: Double, expected: String) {
    #expect(ValueText.number(value) == expected)
  }

  @Test("on random values it writes what the rule's first, String-trimming spelling wrote")
  func sameAsBefore() {
    var generator = SeededGenerator(seed: 0x0123_4567)
    for _ in 0..<20_000 {
      let value =
        Bool.random(using: &generator)
        ? Double(Int.random(in: -9_999_999...9_999_999, using: &generator)) / 10_000
        : randomDouble(using: &generator)
      // Values that four decimals would show as 0 have their own rule (`tiny`).
      guard (value * 10_000).rounded() != 0 || value == 0 else { continue }
      #expect(ValueText.number(value) == reference(value), "\(value)")
    }
  }

  /// The rule as it was first written: trailing zeros removed from the text.
  private func reference(_ value: Double) -> String {
    guard value.isFinite else { return "?" }
    let scaled = (value * 10_000).rounded()
    guard abs(scaled) < 9e15 else { return abs(value) < 9e15 ? String(Int64(value.rounded())) : "\(value)" }
    let units = Int64(scaled)
    var fraction = String(units.magnitude % 10_000)
    fraction = String(repeating: "0", count: 4 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    let text = (units < 0 ? "-" : "") + String(units.magnitude / 10_000) + (fraction.isEmpty ? "" : "." + fraction)
    return text == "-0" ? "0" : text
  }

  @Test("every digit: the exact text reads back as the value, has no exponent, and is the usual text for 4 decimals")
  func exact() {
    var generator = SeededGenerator(seed: 0xE8AC7)
    var values: [Double] = [
      0, -0.0, 1, 89, 5.6, 0.1, 0.00001, 1e-7, 5e-324, 2.2250738585072014e-308, 1e9, -1e9, 0.1 + 0.2,
    ]
    for _ in 0..<5_000 {
      values.append(storableDouble(using: &generator))
      values.append(Double(bitPattern: UInt64.random(in: 0...0x41CD_CD65_0000_0000, using: &generator)))
      values.append(Double(Int.random(in: -100_000_000...100_000_000, using: &generator)) / 10_000)
    }
    for value in values where ValueParser.isStorable(value) {
      let text = ValueText.exact(value)
      #expect(Double(text) == value, "\(value): \(text)")
      #expect(!text.contains("e") && !text.contains("E"), "\(text)")
      #expect(ValueParser.parseExact(text)?.value == value, "\(text)")
      // A value of at most 4 decimals is written as the screens write it.
      if (value * 10_000).rounded() / 10_000 == value, abs(value) < 1e9 {
        #expect(text == ValueText.number(value), "\(value)")
      }
    }
  }

  @Test(
    "what the exact reader takes, and what it leaves to the reader of typed values",
    arguments: [
      ("89", 89.0, nil), ("<0.5", 0.5, ValueComparator.lessThan), (">=90", 90, .greaterThanOrEqual),
      ("-1.5", -1.5, nil),
      (" 7 ", 7, nil), ("1.", nil, nil), (".5", nil, nil), ("1e5", nil, nil), ("+1", nil, nil), ("1,000", nil, nil),
      ("5 mg/dL", nil, nil), ("1000000001", nil, nil), ("0x10", nil, nil), ("", nil, nil), ("<", nil, nil),
    ] as [(String, Double?, ValueComparator?)])
  func parseExact(text: String, value: Double?, comparator: ValueComparator?) {
    let parsed = ValueParser.parseExact(text)
    #expect(parsed?.value == value)
    if value != nil { #expect(parsed?.comparator == comparator && parsed?.unit == nil) }
  }
}
