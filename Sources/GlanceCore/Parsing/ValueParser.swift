#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A value as a person typed it: the number, a lab comparator if any, and a unit if one was
/// written onto the number (`3.2mmol/L`).
public struct TypedValue: Equatable, Sendable {
  public var value: Double
  public var comparator: ValueComparator?
  public var unit: String?

  public init(value: Double, comparator: ValueComparator? = nil, unit: String? = nil) {
    self.value = value
    self.comparator = comparator
    self.unit = unit
  }
}

/// Reads values by a strict decimal grammar: `89`, `5.6`, `.5`, `-2`, `<0.5`, `>=90`, `≤ 1`.
///
/// Never `nan`, `inf`, hex, exponents, thousands separators or an empty string: `Double(String)`
/// accepts several of those, and a NaN saved once would make every later save fail.
public enum ValueParser {
  /// The largest value glance keeps, either way: far beyond any lab figure, and small enough that
  /// every screen can print it. Every entrance (typed, batch, imported) refuses larger ones.
  public static let maximumMagnitude = 1e9
  static let maximumMagnitudeText = "1,000,000,000"
  /// The longest value text read.
  static let maximumLength = 64
  /// The most digits a typed value may have: what a double holds exactly.
  static let maximumDigits = 15

  /// The smallest value other than 0 glance keeps, either way: the smallest a typed value of
  /// `maximumDigits` digits can be. (Attacker review: a FHIR value of 1e-320 was printed with
  /// 320 digits, widening `show` to 359 columns.)
  public static let minimumMagnitude = 1e-14

  /// True for a value glance can store and show: finite, within `maximumMagnitude`, and 0 or at
  /// least `minimumMagnitude`.
  public static func isStorable(_ value: Double) -> Bool {
    value.isFinite && abs(value) <= maximumMagnitude && (value == 0 || abs(value) >= minimumMagnitude)
  }

  /// A value as glance's CSV export writes it, every digit kept (`ValueText.exact`): a
  /// comparator, then a plain decimal; nil for anything else (then `parse` reads it as typed).
  static func parseExact(_ text: String) -> TypedValue? {
    var rest = Substring(text.trimmingWhitespace())
    guard rest.utf8.count <= 400 else { return nil }
    var comparator: ValueComparator?
    for candidate in [ValueComparator.lessThanOrEqual, .greaterThanOrEqual, .lessThan, .greaterThan]
    where rest.hasPrefix(candidate.rawValue) {
      comparator = candidate
      rest = rest.dropFirst(candidate.rawValue.count)
      break
    }
    let number = rest.utf8.first == UInt8(ascii: "-") ? rest.utf8.dropFirst() : rest.utf8[...]
    let whole = number.prefix { $0 >= 0x30 && $0 <= 0x39 }
    let tail = number.dropFirst(whole.count)
    guard !whole.isEmpty,
      tail.isEmpty
        || (tail.first == UInt8(ascii: ".") && tail.count > 1
          && tail.dropFirst().allSatisfy { $0 >= 0x30 && $0 <= 0x39 }),
      let value = Double(String(rest)), isStorable(value)
    else { return nil }
    return TypedValue(value: value, comparator: comparator)
  }

  /// Parses `text`; a unit written directly after the number is returned separately.
  public static func parse(_ text: String) throws(EntryError) -> TypedValue {
    guard text.utf8.count <= maximumLength else { throw .invalidValue(String(text.prefix(maximumLength)) + "…") }
    let trimmed = text.trimmingWhitespace()
    guard !trimmed.isEmpty else { throw .emptyValue }
    var rest = Substring(trimmed)
    var comparator: ValueComparator?
    for (prefix, value) in [
      ("<=", ValueComparator.lessThanOrEqual), (">=", .greaterThanOrEqual), ("≤", .lessThanOrEqual),
      ("≥", .greaterThanOrEqual), ("<", .lessThan), (">", .greaterThan),
    ] where rest.hasPrefix(prefix) {
      comparator = value
      rest = rest.dropFirst(prefix.count).drop { $0 == " " }
      break
    }
    var number = ""
    var index = rest.startIndex
    if index < rest.endIndex, rest[index] == "-" || rest[index] == "+" {
      if rest[index] == "-" { number.append("-") }
      index = rest.index(after: index)
    }
    var digitsBefore = 0
    var digitsAfter = 0
    var sawPoint = false
    while index < rest.endIndex {
      let character = rest[index]
      if character.isASCII, character.isNumber {
        if sawPoint { digitsAfter += 1 } else { digitsBefore += 1 }
        number.append(character)
      } else if character == ".", !sawPoint {
        sawPoint = true
        number.append(character)
      } else {
        break
      }
      index = rest.index(after: index)
    }
    let unitText = rest[index...].trimmingWhitespace()
    guard digitsBefore + digitsAfter > 0, !(sawPoint && digitsAfter == 0 && digitsBefore == 0) else {
      throw .invalidValue(trimmed)
    }
    if sawPoint && digitsAfter == 0 { throw .invalidValue(trimmed) }
    // A comma straight after digits is a decimal comma or a thousands separator: ambiguous.
    if unitText.hasPrefix(",") { throw .decimalComma(trimmed) }
    guard digitsBefore + digitsAfter <= maximumDigits else { throw .tooManyDigits(trimmed) }
    if let first = unitText.first, !(first.isLetter || first == "%" || first == "µ" || first == "μ" || first == "/") {
      throw .invalidValue(trimmed)
    }
    // Exponents (1e5) and hex (0x1p3) are numbers to Swift but not to a lab report.
    let unitCharacters = Array(unitText)
    if unitCharacters.count >= 2, unitCharacters[0] == "e" || unitCharacters[0] == "E",
      unitCharacters[1].isNumber || unitCharacters[1] == "+" || unitCharacters[1] == "-"
    {
      throw .invalidValue(trimmed)
    }
    // A letter o or l among digits ("1o5" typed from paper) is a number mistyped, not the unit
    // "o5" (newcomer review).
    if unitCharacters.count >= 2, "oOlI".contains(unitCharacters[0]), unitCharacters[1].isNumber {
      throw .invalidValue(trimmed)
    }
    if number.hasSuffix("0"), digitsBefore == 1, !sawPoint, let first = unitCharacters.first,
      first == "x" || first == "X"
    {
      throw .invalidValue(trimmed)
    }
    let normalized = number.hasPrefix(".") ? "0" + number : number.hasPrefix("-.") ? "-0" + number.dropFirst() : number
    guard let value = Double(normalized), value.isFinite else { throw .invalidValue(trimmed) }
    guard isStorable(value) else { throw .valueTooLarge(trimmed) }
    return TypedValue(value: value, comparator: comparator, unit: unitText.isEmpty ? nil : unitText)
  }
}
