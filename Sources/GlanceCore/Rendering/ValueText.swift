#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Numbers as people read them on a lab report: `89`, `5.6`, `<0.5`, `123.7`.
public enum ValueText {
  /// The shortest form with at most four decimals; no trailing zeros, no exponent.
  public static func number(_ value: Double) -> String {
    guard value.isFinite else { return "?" }
    // Four decimals at most, written from an integer count of ten-thousandths: exact digits,
    // no exponent, no trailing zeros.
    let scaled = (value * 10_000).rounded()
    guard abs(scaled) < 9e15 else { return String(Int64(value.rounded())) }
    let units = Int64(scaled)
    let whole = units.magnitude / 10_000
    var fraction = String(units.magnitude % 10_000)
    fraction = String(repeating: "0", count: 4 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    let sign = units < 0 ? "-" : ""
    let text = sign + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
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

  /// "40 to 60 mg/dL", "at least 40 mg/dL", "up to 99 mg/dL": for sentences.
  public static func rangeInWords(_ range: ReferenceRange, unit: String) -> String? {
    let suffix = unit == "%" ? "%" : " " + unit
    switch (range.low, range.high) {
    case (let low?, let high?): return number(low) + (unit == "%" ? "%" : "") + " to " + number(high) + suffix
    case (let low?, nil): return "at least " + number(low) + suffix
    case (nil, let high?): return "up to " + number(high) + suffix
    case (nil, nil): return nil
    }
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
