import Testing

@testable import GlanceCore

/// DESIGN §5 "Values": a plain decimal (`89`, `5.6`; never `nan`, `inf`, hex or an empty string); a
/// comparator value as labs print it (`<0.5`, `>90`), kept with its comparator; a unit after the value.
@Suite("ValueParser")
struct ValueParserTests {
  @Test(
    "plain decimals",
    arguments: [
      ("89", 89.0), ("5.6", 5.6), (".5", 0.5), ("-2", -2), ("0", 0), ("0.0", 0), ("-.5", -0.5),
      ("007", 7), ("123.70", 123.7), ("  89  ", 89), ("0.001", 0.001), ("1200", 1200),
      ("1000000000", 1e9), ("-1000000000", -1e9), ("999999999.99", 999_999_999.99),
    ])
  func plain(text: String, expected: Double) throws {
    let typed = try ValueParser.parse(text)
    #expect(typed == TypedValue(value: expected, comparator: nil, unit: nil))
  }

  @Test(
    "comparator values keep their comparator and their bound (never 0)",
    arguments: [
      ("<0.5", 0.5, ValueComparator.lessThan), (">90", 90, .greaterThan), ("<=1", 1, .lessThanOrEqual),
      (">=90", 90, .greaterThanOrEqual), ("≤1", 1, .lessThanOrEqual), ("≥ 2", 2, .greaterThanOrEqual),
      ("< 0.5", 0.5, .lessThan), ("> 90", 90, .greaterThan), ("<.5", 0.5, .lessThan), ("<=  1", 1, .lessThanOrEqual),
    ])
  func comparators(text: String, value: Double, comparator: ValueComparator) throws {
    let typed = try ValueParser.parse(text)
    #expect(typed == TypedValue(value: value, comparator: comparator, unit: nil))
  }

  @Test(
    "a unit written after the number comes back separately",
    arguments: [
      ("3.2mmol/L", 3.2, "mmol/L"), ("89 mg/dL", 89, "mg/dL"), ("89mg/dL", 89, "mg/dL"),
      ("5.6%", 5.6, "%"), ("5.6 %", 5.6, "%"), ("48 mmol/mol", 48, "mmol/mol"),
      ("88.4µmol/L", 88.4, "µmol/L"), ("88.4 μmol/L", 88.4, "μmol/L"), ("70 kg", 70, "kg"),
      ("6.2 /min", 6.2, "/min"), ("89 mg/dL  ", 89, "mg/dL"),
    ])
  func attachedUnits(text: String, value: Double, unit: String) throws {
    let typed = try ValueParser.parse(text)
    #expect(typed == TypedValue(value: value, comparator: nil, unit: unit))
  }

  @Test("a comparator and a unit together", arguments: [("<0.5 mg/dL", 0.5), ("<0.5mg/dL", 0.5)])
  func comparatorAndUnit(text: String, value: Double) throws {
    #expect(try ValueParser.parse(text) == TypedValue(value: value, comparator: .lessThan, unit: "mg/dL"))
  }

  @Test("empty and blank input is refused as empty", arguments: ["", " ", "   ", "\t"])
  func empty(text: String) {
    #expect(throws: EntryError.emptyValue) { try ValueParser.parse(text) }
  }

  @Test(
    "words for non-numbers are refused, never saved as NaN or infinity",
    arguments: ["nan", "NaN", "NAN", "-nan", "inf", "Inf", "-inf", "+inf", "infinity", "Infinity", "-infinity"])
  func nanAndInfinity(text: String) {
    #expect(throws: EntryError.invalidValue(text)) { try ValueParser.parse(text) }
  }

  @Test(
    "hex and exponents are numbers to Swift but not to a lab report",
    arguments: ["0x10", "0X10", "0x1p3", "-0x10", "1e5", "1E5", "1E-3", "1e+2", "2.5e3", "1e-3 mg/dL"])
  func hexAndExponents(text: String) {
    #expect(throws: EntryError.invalidValue(text)) { try ValueParser.parse(text) }
  }

  /// Newcomer review: "1o5" typed from a paper sheet was refused as the unknown unit "o5"; a letter
  /// o or l among digits is a number mistyped, said as one.
  @Test("a letter o or l among digits is a mistyped number, not a unit", arguments: ["1o5", "1O5", "2l5", "5.o"])
  func lettersAmongDigits(text: String) {
    #expect(throws: EntryError.invalidValue(text)) { try ValueParser.parse(text) }
  }

  @Test("a unit that starts with o or l after a space is still a unit", arguments: ["5 ohm", "2 l"])
  func unitsStartingWithThoseLetters(text: String) throws {
    #expect(try ValueParser.parse(text).unit != nil)
  }

  @Test("a comma is refused as a decimal comma or thousands separator", arguments: ["5,6", "1,200", "0,5", "<5,6"])
  func commas(text: String) {
    #expect(throws: EntryError.decimalComma(text)) { try ValueParser.parse(text) }
  }

  @Test(
    "text that is not a number is refused and quoted back",
    arguments: [
      "abc", ".", "-", "-.", "1.2.3", "<", ">=", "mg/dL", "--5", "1..2", "five", "#5", "$5", "½",
    ])
  func notNumbers(text: String) {
    #expect(throws: EntryError.invalidValue(text)) { try ValueParser.parse(text) }
  }

  @Test(
    "16 or more digits are beyond what a lab prints and beyond Double's exact range",
    arguments: ["1234567890123456", "12345678901234567890", "0.000000000000001", "1234567890.1234567"])
  func tooManyDigits(text: String) {
    #expect(throws: EntryError.tooManyDigits(text)) { try ValueParser.parse(text) }
    // The refusal says the limit (attacker review: it said only "not a number glance can record").
    #expect(EntryError.tooManyDigits(text).message.contains("more than 15 digits"))
  }

  @Test(
    "values beyond a billion either way are refused at the door (every screen can print what is kept)",
    arguments: ["1000000000.1", "-1000000001", "123456789012345", "999999999999999", "<2000000000"])
  func tooLarge(text: String) {
    #expect(throws: EntryError.valueTooLarge(text)) { try ValueParser.parse(text) }
  }

  @Test("the refused text is quoted back trimmed")
  func trimmedInError() {
    #expect(throws: EntryError.invalidValue("abc")) { try ValueParser.parse("  abc  ") }
    #expect(throws: EntryError.decimalComma("5,6")) { try ValueParser.parse(" 5,6 ") }
  }

  @Test("every accepted value is finite", arguments: ["89", "5.6", ".5", "-2", "<0.5", ">90", "999999999"])
  func finite(text: String) throws {
    #expect(try ValueParser.parse(text).value.isFinite)
  }
}
