import Foundation
import Testing

@testable import GlanceCore

/// A marker's fields live in one box shared by its copies; it must still behave as a value.
@Suite("MarkerDefinition as a value")
struct MarkerDefinitionTests {
  @Test("changing a copy leaves the original and every other copy as they were")
  func copiesAreIndependent() {
    let original = Fixture.ldl
    var changed = original
    let untouched = original
    changed.displayName = "Mine"
    changed.referenceHigh = 70
    changed.aliases.append("bad cholesterol, mine")
    #expect(original.displayName == "LDL Cholesterol" && untouched.displayName == "LDL Cholesterol")
    #expect(
      original.referenceHigh == 100 && original == untouched && original == MarkerLibrary.builtIn.marker(key: "ldl"))
    #expect(changed != original && changed.displayName == "Mine" && changed.referenceHigh == 70)
    // Equal fields are equal and hash alike, whichever box holds them.
    var rebuilt = changed
    rebuilt.displayName = "LDL Cholesterol"
    rebuilt.referenceHigh = original.referenceHigh
    rebuilt.aliases = original.aliases
    #expect(rebuilt == original && Set([rebuilt, original]).count == 1)
  }

  @Test("Codable reads and writes the same keys as the fields")
  func codable() throws {
    let marker = Fixture.customMarker()
    let data = try JSONEncoder().encode(marker)
    #expect(try JSONDecoder().decode(MarkerDefinition.self, from: data) == marker)
    let keys = try (JSONSerialization.jsonObject(with: data) as? [String: Any]).map { Set($0.keys) }
    #expect(keys?.isSuperset(of: ["id", "key", "displayName", "unit", "direction", "isSystemDefined"]) == true)
  }
}
