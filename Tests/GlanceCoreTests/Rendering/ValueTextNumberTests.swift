import Testing

@testable import GlanceCore

/// `ValueText.number`: at most four decimals, no trailing zeros, no exponent, "-0" never shown.
@Suite("ValueText.number")
struct ValueTextNumberTests {
  @Test(
    "a value is written with at most four decimals and no trailing zeros",
    arguments: [
      (89, "89"), (5.6, "5.6"), (0.5, "0.5"), (1.05, "1.05"), (0.0001, "0.0001"), (0.00004, "0"), (0.00005, "0.0001"),
      (3.14159, "3.1416"), (-2.5, "-2.5"), (-0.00001, "0"), (0, "0"), (-0.0, "0"), (100.1, "100.1"), (99.10, "99.1"),
      (1200, "1200"), (0.1 + 0.2, "0.3"), (7.0001, "7.0001"), (7.001, "7.001"), (7.01, "7.01"), (7.1, "7.1"),
      (123_456_789.0123, "123456789.0123"), (Double.nan, "?"), (Double.infinity, "?"),
    ])
  func number(value: Double, expected: String) {
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
}
