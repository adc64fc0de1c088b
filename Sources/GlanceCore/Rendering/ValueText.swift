#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Numbers as people read them on a lab report: `89`, `5.6`, `<0.5`, `123.7`.
public enum ValueText {
  /// The shortest form with at most four decimals; no trailing zeros, no exponent.
  public static func number(_ value: Double) -> String {
    guard value.isFinite else { return "?" }
    // Four decimals at most, written from an integer count of ten-thousandths: exact digits,
    // no exponent, no trailing zeros.
    let scaled = (value * 10_000).rounded()
    // Below what four decimals show ("<0.00001" was shown as "<0"): three significant digits.
    if scaled == 0, value != 0 {
      let factor = pow(10, 2 - floor(log10(value.magnitude)))
      // NB: past 1e-305 the factor is no longer a number: every digit then.
      return factor.isFinite ? exact((value * factor).rounded() / factor) : exact(value)
    }
    // NB: beyond what glance stores (a hand-edited file): shown, never converted to an integer,
    // which would trap for anything past 9.2e18.
    guard abs(scaled) < 9e15 else { return abs(value) < 9e15 ? String(Int64(value.rounded())) : "\(value)" }
    let units = Int64(scaled)
    var text = units < 0 ? "-" : ""
    text += String(units.magnitude / 10_000)
    // The trailing zeros dropped as numbers: removing Characters from a String costs thousands
    // of instructions each, and prep writes a hundred numbers.
    var fraction = units.magnitude % 10_000
    if fraction != 0 {
      var places = 4
      while fraction % 10 == 0 {
        fraction /= 10
        places -= 1
      }
      let digits = String(fraction)
      text += "." + String(repeating: "0", count: places - digits.utf8.count) + digits
    }
    return text == "-0" ? "0" : text
  }

  /// `number`, with at least `places` decimals (at most four) as a lab prints a unit's values:
  /// `6.0` mmol/L, not `6`. Nil places: `number`.
  /// Every digit of `value`: the shortest decimal that reads back as exactly it, never with an
  /// exponent (`0.00001`, not `1e-05`). For backups (the CSV export), so a restore gives back each
  /// reading as it was; `ValueParser.parseExact` reads it.
  public static func exact(_ value: Double) -> String {
    guard value.isFinite else { return "?" }
    guard value != 0 else { return "0" }
    // Swift's description is the shortest text that reads back: "1.234567", "1e-05", "1.5e+20".
    var text = Substring(value.magnitude.description)
    var exponent = 0
    if let mark = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      exponent = Int(text[text.index(after: mark)...]) ?? 0
      text = text[..<mark]
    }
    let whole = text.prefix { $0 != "." }
    let fraction = text.dropFirst(whole.count + 1)
    var digits = Array((whole + fraction).utf8)
    var point = whole.utf8.count + exponent
    while digits.count > 1, digits.first == UInt8(ascii: "0") {
      digits.removeFirst()
      point -= 1
    }
    while digits.count > 1, digits.last == UInt8(ascii: "0"), digits.count > point { digits.removeLast() }
    var result: [UInt8] = value < 0 ? [UInt8(ascii: "-")] : []
    if point <= 0 {
      result += Array("0.".utf8) + [UInt8](repeating: UInt8(ascii: "0"), count: -point) + digits
    } else if point >= digits.count {
      result += digits + [UInt8](repeating: UInt8(ascii: "0"), count: point - digits.count)
    } else {
      result += digits[..<point] + [UInt8(ascii: ".")] + digits[point...]
    }
    return String(decoding: result, as: UTF8.self)
  }

  public static func number(_ value: Double, places: Int?) -> String {
    let text = number(value)
    guard let places, places > 0, value.isFinite, !text.contains("e") else { return text }
    let wanted = min(places, 4)
    let present = text.firstIndex(of: ".").map { text.distance(from: $0, to: text.endIndex) - 1 }
    guard let present else { return text + "." + String(repeating: "0", count: wanted) }
    return present >= wanted ? text : text + String(repeating: "0", count: wanted - present)
  }

  /// The value with its lab comparator: `<0.5`, `>=90`.
  public static func value(_ value: Double, _ comparator: ValueComparator?, places: Int? = nil) -> String {
    (comparator?.rawValue ?? "") + number(value, places: places)
  }

  /// `89 mg/dL`, `5.6 %` → `5.6%`.
  public static func withUnit(_ value: Double, _ comparator: ValueComparator?, _ unit: String, places: Int? = nil)
    -> String
  {
    let text = self.value(value, comparator, places: places)
    return unit == "%" ? text + "%" : text + " " + unit
  }

  /// "40 to 60 mg/dL", "at least 40 mg/dL", "up to 99 mg/dL", "below 100 mg/dL", "70 to below
  /// 100 mg/dL": for sentences. A strict bound is said as the guideline says it.
  public static func rangeInWords(_ range: ReferenceRange, unit: String, places: Int? = nil) -> String? {
    bounds(range, unit: unit, dash: " to ", strictHigh: "below ", places: places)
  }

  /// "40–60", "at least 40", "up to 99", "below 100", "70 to <100" (ASCII: "40-60").
  public static func range(_ range: ReferenceRange, unit: String, style: OutputStyle, places: Int? = nil) -> String? {
    bounds(range, unit: unit, dash: style.symbol("–", ascii: "-"), strictHigh: "<", places: places)
  }

  static func bounds(_ range: ReferenceRange, unit: String, dash: String, strictHigh: String, places: Int? = nil)
    -> String?
  {
    func number(_ value: Double) -> String { Self.number(value, places: places) }
    let suffix = unit == "%" ? "%" : " " + unit
    let percent = unit == "%" ? "%" : ""
    switch (range.low, range.high) {
    case (let low?, let high?):
      let lowText = (range.lowStrict ? "more than " : "") + number(low) + percent
      if range.highStrict { return lowText + " to " + strictHigh + number(high) + suffix }
      return lowText + (range.lowStrict ? " to " : dash) + number(high) + suffix
    case (let low?, nil): return (range.lowStrict ? "more than " : "at least ") + number(low) + suffix
    case (nil, let high?): return (range.highStrict ? "below " : "up to ") + number(high) + suffix
    case (nil, nil): return nil
    }
  }
}

extension MarkerEntry {
  /// `89 mg/dL`.
  public var valueText: String { ValueText.withUnit(value, comparator, unit) }
}

extension Double {
  /// This number as a whole number within `range` (the nearest end outside it, the lower end for
  /// NaN): a stored value far beyond what glance keeps (a hand-edited 1e308) must never trap a
  /// conversion while a screen is drawn.
  func clampedInt(_ range: ClosedRange<Int> = -1_000_000...1_000_000) -> Int {
    guard !isNaN else { return range.lowerBound }
    if self <= Double(range.lowerBound) { return range.lowerBound }
    if self >= Double(range.upperBound) { return range.upperBound }
    return Int(self)
  }
}
