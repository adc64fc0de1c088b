import Foundation
import Testing

@testable import GlanceCore

/// CustomMarkerError: refusals of `glance custom`, each a sentence that says what to do
/// (CLAUDE.md: errors are warm sentences with the fix), and all exit 65 (README: input refused).
@Suite("CustomMarkerPlanner: refusals")
struct CustomMarkerPlannerFailureTests {
  static func make(
    _ name: String = "Blood Ketones", unit: String = "mmol/L", low: String? = nil, high: String? = nil,
    existing: [MarkerDefinition] = []
  ) throws -> MarkerDefinition {
    try CustomMarkerPlanner.make(name: name, unit: unit, low: low, high: high, direction: nil, existing: existing)
  }

  static func failure(_ body: () throws -> MarkerDefinition) -> CustomMarkerError? {
    do {
      _ = try body()
      return nil
    } catch {
      return error as? CustomMarkerError
    }
  }

  @Test("a missing name is asked for with an example of the whole command")
  func emptyName() throws {
    let failure = try #require(Self.failure { try Self.make("  ") })
    #expect(failure == .emptyName)
    #expect(failure.message.contains("glance custom \""))
    #expect(failure.message.contains("--unit"))
    #expect(failure.kind == .refused)
  }

  /// Attacker review at stop 40: "???" became `custom-marker`, which `add ???` could not reach,
  /// and "!!!" was then "already a marker called ???".
  @Test("a name without a letter or digit is refused with an example", arguments: ["???", "!!!", "--", "(+)"])
  func nameWithoutWords(name: String) throws {
    let failure = try #require(Self.failure { try Self.make(name) })
    #expect(failure == .noWords)
    #expect(failure.message.contains("letter or digit"))
    #expect(failure.kind == .refused)
  }

  @Test("a missing unit is asked for with an example")
  func emptyUnit() throws {
    let failure = try #require(Self.failure { try Self.make(unit: "\t") })
    #expect(failure == .emptyUnit)
    #expect(failure.message.contains("--unit "))
    #expect(failure.kind == .refused)
  }

  @Test("a range the wrong way round names both ends as typed")
  func rangeOrder() throws {
    let failure = try #require(Self.failure { try Self.make(low: "2.5", high: "0.5") })
    #expect(failure.message.contains("2.5"))
    #expect(failure.message.contains("0.5"))
    #expect(failure.message.contains("below"))
    #expect(failure.kind == .refused)
  }

  @Test("a name already in use names the marker and how to see it")
  func nameTaken() throws {
    let failure = try #require(Self.failure { try Self.make("hdl cholesterol", existing: Fixture.library.markers) })
    #expect(failure == .nameTaken("HDL Cholesterol"))
    #expect(failure.message.contains("“HDL Cholesterol”"))
    #expect(failure.message.contains("glance library 'HDL Cholesterol'"))
    #expect(failure.kind == .refused)
  }

  @Test("a bound that is not a plain number is refused as the value it is")
  func plainNumber() throws {
    #expect(try CustomMarkerPlanner.plainNumber("0.25") == 0.25)
    #expect(try CustomMarkerPlanner.plainNumber("-3") == -3)
    #expect(throws: EntryError.invalidValue("<5")) { try CustomMarkerPlanner.plainNumber("<5") }
    #expect(throws: EntryError.invalidValue("5 mg")) { try CustomMarkerPlanner.plainNumber("5 mg") }
  }
}
