import Foundation

/// Numbers as people read them on a lab report: `89`, `5.6`, `<0.5`, `123.7`.
public enum ValueText {
  /// The shortest form with at most four decimals; no trailing zeros, no exponent.
  public static func number(_ value: Double) -> String {
    guard value.isFinite else { return "?" }
    let rounded = (value * 10_000).rounded() / 10_000
    if rounded == rounded.rounded(), abs(rounded) < 1e15 {
      return String(Int64(rounded))
    }
    var text = String(format: "%.4f", rounded)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
  }

  /// The value with its lab comparator: `<0.5`, `>=90`.
  public static func value(_ value: Double, _ comparator: ValueComparator?) -> String {
    (comparator?.rawValue ?? "") + number(value)
  }

  /// `89 mg/dL`, `5.6 %` → `5.6%`.
  public static func withUnit(_ value: Double, _ comparator: ValueComparator?, _ unit: String) -> String {
    let text = self.value(value, comparator)
    return unit == "%" ? text + "%" : text + " " + unit
  }

  /// "40–60", "at least 40", "up to 99" (ASCII: "40-60").
  public static func range(_ range: ReferenceRange, unit: String, style: OutputStyle) -> String? {
    let suffix = unit == "%" ? "%" : " " + unit
    switch (range.low, range.high) {
    case (let low?, let high?): return number(low) + style.symbol("–", ascii: "-") + number(high) + suffix
    case (let low?, nil): return "at least " + number(low) + suffix
    case (nil, let high?): return "up to " + number(high) + suffix
    case (nil, nil): return nil
    }
  }
}

extension MarkerEntry {
  /// `89 mg/dL`.
  public var valueText: String { ValueText.withUnit(value, comparator, unit) }
}
