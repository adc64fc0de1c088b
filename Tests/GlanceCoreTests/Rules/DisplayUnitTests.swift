import Foundation
import Testing

@testable import GlanceCore

/// Issue 13, item 4 (its core): a stored value shown in the person's unit, with a lab's decimals;
/// a value typed in that unit as typed; never a rounding that contradicts the reading's status.
@Suite("Display units")
struct DisplayUnitTests {
  static func marker(_ key: String) -> MarkerDefinition { Fixture.library.marker(key: key)! }

  @Test(
    "a stored value in the SI unit, as a lab prints it",
    arguments: [
      ("ldl", 131.0, 3.4), ("total-cholesterol", 200, 5.2), ("fasting-glucose", 99, 5.5), ("creatinine", 1.0, 88),
      ("a1c", 6.5, 48), ("a1c", 5.7, 39), ("weight", 180, 81.6), ("waist", 40, 101.6), ("calcium", 9.5, 2.37),
      ("hemoglobin", 13.8, 138), ("potassium", 4.2, 4.2), ("vitamin-d", 30, 75),
    ] as [(String, Double, Double)])
  func converted(key: String, stored: Double, shown: Double) throws {
    let marker = Self.marker(key)
    let unit = DisplayUnit.preferred(marker, system: .si, choice: nil)
    #expect(unit.unit == marker.siUnit)
    let entry = Fixture.entry(marker, stored, on: "2024-01-15")
    #expect(unit.value(of: entry, marker: marker) == shown)
  }

  @Test("a value typed in the shown unit is shown as typed; in the marker's own unit, as a lab prints it")
  func asTyped() throws {
    let ldl = Self.marker("ldl")
    let draft = try EntryPlanner.draft(
      ldl, valueText: "3.4", unit: "mmol/L", date: Fixture.date("2024-01-15"), note: nil, existing: [])
    let entry = draft.entry(at: Timestamp(Fixture.now), source: .quickAdd)
    #expect(DisplayUnit.preferred(ldl, system: .si, choice: nil).value(of: entry, marker: ldl) == 3.4)
    // Stored as 131.5 mg/dL (a digit more than a lab prints, so nothing is lost); shown as a lab
    // prints 3.4 mmol/L (131.48 mg/dL), 131: rounded once, not from the stored 131.5 (clinician
    // review: glucose 2.8 mmol/L showed as 51 mg/dL, where a lab prints 50).
    #expect(entry.value == 131.5)
    #expect(DisplayUnit.own(ldl).value(of: entry, marker: ldl) == 131)
    #expect(DisplayUnit.own(ldl).value(of: Fixture.entry(ldl, 131.25, on: "2024-01-15"), marker: ldl) == 131.25)
  }

  @Test(
    "rounding never puts a value on the other side of a bound than its status",
    arguments: [
      // LDL below 100 mg/dL is below 2.586 mmol/L: 99 is 2.56 (not "2.6", which is not below 2.6).
      ("ldl", 99.0, 2.56), ("ldl", 100, 2.6), ("ldl", 98, 2.5),
      // Fasting glucose 70–<100: 99.5 mg/dL is 5.52 mmol/L, in range either way.
      ("fasting-glucose", 99.5, 5.5), ("fasting-glucose", 100, 5.6),
    ] as [(String, Double, Double)])
  func boundaries(key: String, stored: Double, shown: Double) throws {
    let marker = Self.marker(key)
    let unit = DisplayUnit.preferred(marker, system: .si, choice: nil)
    let entry = Fixture.entry(marker, stored, on: "2024-01-15")
    let range = marker.defaultRange
    let value = unit.value(of: entry, marker: marker, range: range)
    #expect(value == shown)
    let shownRange = unit.range(range, exactly: true)
    #expect(range.isAbove(stored) == shownRange.isAbove(value) && range.isBelow(stored) == shownRange.isBelow(value))
  }

  @Test(
    "which unit a marker is shown in",
    arguments: [
      ("ldl", nil, nil, "mg/dL"), ("ldl", UnitSystem.si, nil, "mmol/L"), ("ldl", .si, "mg/dl", "mg/dL"),
      ("ldl", nil, "MMOL/L", "mmol/L"), ("tsh", .si, nil, "mIU/L"), ("weight", nil, "kg", "kg"),
      ("weight", .conventional, nil, "lb"), ("hemoglobin", nil, "mmol/L", "mmol/L"), ("ldl", .si, "kg", "mmol/L"),
      ("bp-systolic", .si, nil, "mmHg"),
    ] as [(String, UnitSystem?, String?, String)])
  func preferred(key: String, system: UnitSystem?, choice: String?, unit: String) {
    #expect(DisplayUnit.preferred(Self.marker(key), system: system, choice: choice).unit == unit)
  }

  @Test("a range in the SI unit; a custom marker has only its own unit")
  func ranges() throws {
    let ldl = Self.marker("ldl")
    let si = DisplayUnit.preferred(ldl, system: .si, choice: nil)
    let range = si.range(ldl.defaultRange)
    #expect(range.high == 2.6 && range.highStrict && range.low == nil)
    let steps = Fixture.customMarker("Steps", unit: "steps")
    #expect(DisplayUnit.preferred(steps, system: .si, choice: "kg").isOwn)
    #expect(DisplayUnit.of(steps, unit: "mmol/L") == nil)
  }
}
