import Foundation
import Testing

@testable import GlanceCore

/// DESIGN §5 "Values": a unit after the value when it differs from the marker's is converted only
/// with that marker's own factor; unknown units are refused. MarkerData: SI = (conventional − offset)
/// × factor, so conventional = SI ÷ factor + offset, rounded to one decimal more than the lab prints.
@Suite("UnitConverter")
struct UnitConverterTests {
  static func marker(_ key: String) -> MarkerDefinition { Fixture.library.marker(key: key)! }

  @Test("no unit, or an empty one, means the marker's own", arguments: ["ldl", "a1c", "wbc", "lpa"])
  func noUnit(key: String) throws {
    #expect(try UnitConverter.convert(89, unit: nil, for: Self.marker(key)) == .init(value: 89, original: nil))
    #expect(try UnitConverter.convert(89, unit: "", for: Self.marker(key)) == .init(value: 89, original: nil))
  }

  @Test(
    "the marker's own unit in any case, spacing or µ spelling keeps the value as typed",
    arguments: [
      ("ldl", "mg/dL"), ("ldl", "MG/DL"), ("ldl", "mg/dl"), ("ldl", "mg / dL"), ("ldl", " mg/dL "),
      ("a1c", "%"), ("a1c", "percent"), ("a1c", "Percent"), ("a1c", "% of total Hgb"),
      ("fasting-insulin", "µIU/mL"), ("fasting-insulin", "μIU/mL"), ("fasting-insulin", "uIU/mL"),
      ("fasting-insulin", "mIU/L"), ("iron", "ug/dL"), ("iron", "mcg/dL"),
      ("wbc", "10³/µL"), ("wbc", "K/uL"), ("wbc", "K/µL"), ("wbc", "k/ul"), ("wbc", "x10^3/uL"),
      ("wbc", "10^3/µL"), ("wbc", "x10E3/uL"), ("wbc", "10*3/uL"), ("wbc", "thou/mm3"),
      ("platelets", "K/uL"), ("weight", "lb"), ("weight", "lbs"), ("weight", "LBS"), ("weight", "pounds"),
      ("egfr", "mL/min/1.73m²"), ("egfr", "mL/min/1.73 m2"), ("bp-systolic", "mm Hg"), ("bp-systolic", "mmHg"),
      ("alt", "IU/L"), ("alt", "units/L"), ("waist", "inches"), ("waist", "in."),
    ])
  func ownUnit(key: String, unit: String) throws {
    let conversion = try UnitConverter.convert(12.5, unit: unit, for: Self.marker(key))
    #expect(conversion.value == 12.5)
    #expect(conversion.original == nil)
  }

  @Test(
    "SI values are converted with the marker's own factor",
    arguments: [
      // 3.2 ÷ 0.02586 = 123.743… → 123.7 (mg/dL, 0 lab decimals + 1).
      ("ldl", 3.2, "mmol/L", 123.7),
      // 5.5 ÷ 0.0555 = 99.099… → 99.1.
      ("fasting-glucose", 5.5, "mmol/L", 99.1),
      // 1.0 ÷ 0.02586 = 38.67… → 38.7 (HDL), 1.7 ÷ 0.01129 = 150.57… → 150.6 (triglycerides).
      ("hdl", 1.0, "mmol/L", 38.7), ("triglycerides", 1.7, "mmol/L", 150.6),
      // 48 ÷ 10.9314 + 2.152 = 6.543… → 6.54 (%, 1 lab decimal + 1): about 6.5%.
      ("a1c", 48, "mmol/mol", 6.54),
      // 42 ÷ 10.9314 + 2.152 = 5.994… → 5.99.
      ("a1c", 42, "mmol/mol", 5.99),
      // 88.4 ÷ 88.4 = 1 ; 100 ÷ 88.4 = 1.1312… → 1.131 (2 lab decimals + 1).
      ("creatinine", 88.4, "µmol/L", 1.0), ("creatinine", 100, "umol/L", 1.131),
      ("creatinine", 100, "μmol/L", 1.131), ("creatinine", 100, "UMOL/L", 1.131),
      // 70 ÷ 0.45359237 = 154.3235… → 154.32.
      ("weight", 70, "kg", 154.32),
      // 40 ÷ 10 = 4.0 g/dL; 75 ÷ 2.496 = 30.048… → 30.0 ng/mL; 1.0 ÷ 0.01 = 100 mg/dL.
      ("albumin", 40, "g/L", 4.0), ("vitamin-d", 75, "nmol/L", 30.0), ("apob", 1.0, "g/L", 100),
      // A factor of 1 still says it converted: 7.0 10⁹/L is 7.0 10³/µL.
      ("wbc", 7.0, "10⁹/L", 7.0), ("wbc", 7.0, "10^9/L", 7.0), ("sodium", 140, "mmol/L", 140),
    ])
  func siConversions(key: String, value: Double, unit: String, expected: Double) throws {
    let marker = Self.marker(key)
    let conversion = try UnitConverter.convert(value, unit: unit, for: marker)
    #expect(conversion.value == expected)
    #expect(conversion.original?.value == value)
    #expect(conversion.original?.unit == marker.siUnit)
  }

  @Test("a converted LDL of 3.2 mmol/L is judged as 123.7 mg/dL: above range")
  func convertedValueIsJudged() throws {
    let value = try UnitConverter.convert(3.2, unit: "mmol/L", for: Fixture.ldl).value
    #expect(MarkerStatus.of(value, in: Fixture.ldl.defaultRange) == .high)
  }

  @Test(
    "units the marker does not know are refused, naming the units it takes",
    arguments: [
      ("ldl", "mmol", ["mg/dL", "mmol/L"]), ("ldl", "g/L", ["mg/dL", "mmol/L"]), ("ldl", "mg", ["mg/dL", "mmol/L"]),
      ("hdl", "µmol/L", ["mg/dL", "mmol/L"]), ("a1c", "mmol/L", ["%", "mmol/mol"]),
      ("fasting-glucose", "mg/L", ["mg/dL", "mmol/L"]), ("tsh", "pmol/L", ["mIU/L"]),
      ("weight", "stone", ["lb", "kg"]), ("weight", "g", ["lb", "kg"]), ("hs-crp", "g/L", ["mg/L", "mg/dL"]),
      ("creatinine", "mmol/L", ["mg/dL", "µmol/L"]),
    ])
  func unknownUnits(key: String, unit: String, accepted: [String]) {
    let marker = Self.marker(key)
    #expect(throws: EntryError.unknownUnit(unit: unit, marker: marker.shortName, accepted: accepted)) {
      try UnitConverter.convert(1, unit: unit, for: marker)
    }
  }

  @Test("Lp(a) in nmol/L is refused: there is no fixed factor between nmol/L and mg/dL")
  func lpaNanomoles() {
    let lpa = Self.marker("lpa")
    do throws(EntryError) {
      let conversion = try UnitConverter.convert(75, unit: "nmol/L", for: lpa)
      Issue.record("Lp(a) 75 nmol/L was accepted as \(conversion.value) mg/dL")
    } catch {
      switch error {
      case .unknownUnit(let unit, let marker, _), .noConversion(let unit, let marker):
        #expect(unit == "nmol/L")
        #expect(marker == "Lp(a)")
      default: Issue.record("unexpected error \(error)")
      }
    }
  }

  @Test("an SI unit without a factor is refused as having no conversion")
  func noFactor() {
    let marker = MarkerDefinition(
      id: UUID(), key: "test", displayName: "Test", category: "general", unit: "mg/dL", siUnit: "nmol/L",
      direction: .inRange, isSystemDefined: true)
    #expect(throws: EntryError.noConversion(unit: "nmol/L", marker: "Test")) {
      try UnitConverter.convert(75, unit: "nmol/L", for: marker)
    }
  }

  @Test(
    "normalising erases only the differences in how labs print one unit",
    arguments: [
      ("mg/dL", "mg/dl"), ("µmol/L", "umol/l"), ("μmol/L", "umol/l"), ("10³/µL", "103/ul"), ("x10^3/µL", "103/ul"),
      ("10*3/uL", "103/ul"), ("10⁹/L", "109/l"), ("kg/m²", "kg/m2"), (" mm Hg ", "mmhg"),
    ])
  func normalize(unit: String, expected: String) {
    #expect(UnitConverter.normalize(unit) == expected)
    #expect(UnitConverter.normalizeCharacters(unit) == expected)
  }

  /// Speed issue: normalising read bytes instead of Characters; it must say what the rule as
  /// first written says, combining marks and letters beyond ASCII included.
  @Test("normalising by bytes gives exactly what normalising by Characters gives", arguments: 0..<10)
  func normalizeBytes(seed: Int) {
    var generator = SeededGenerator(seed: UInt64(seed) &+ 1234)
    let pieces = [
      "m", "G", "/", "L", "dL", " ", "^", "*", "×", "µ", "μ", "³", "²", "⁹", "x", "X", "10", "1", "0", "\u{301}",
      "\u{308}", "Ä", "é", "K", "ﬁ", "\r\n", "\n", "İ", "ß", "%", "日", "👍", "\u{2079}\u{301}", "\u{E2}",
    ]
    for _ in 0..<3000 {
      let text = (0..<Int.random(in: 0...7, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
        .joined()
      #expect(UnitConverter.normalize(text) == UnitConverter.normalizeCharacters(text), "\(text.debugDescription)")
    }
  }
}
