import Foundation
import Testing

@testable import GlanceCore

/// One field list for a stored reading (`EntryLayout`): the writer writes its keys in its order,
/// `Codable` knows the same keys, and the fast readers' literals come from it.
@Suite("EntryLayout: one field list per stored reading")
struct EntryLayoutTests {
  /// The keys of one written entry line, in order.
  static func writtenKeys(_ entry: MarkerEntry) throws -> [String] {
    var writer = JSONWriter()
    writer.writeEntry(entry)
    let line = writer.withBytes { String(decoding: $0, as: UTF8.self) }
    #expect(line.utf8.starts(with: EntryLayout.idOpening.utf8Array))
    let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    // Keys in the order they appear in the line.
    let keys = object.keys.sorted {
      line.range(of: "\"\($0)\": ")!.lowerBound < line.range(of: "\"\($1)\": ")!.lowerBound
    }
    return keys
  }

  @Test("the writer writes the listed keys in the listed order; an optional left out when nil")
  func writerOrder() throws {
    var entry = Fixture.entry(Fixture.hdl, 89, on: "2025-02-15", note: "fasting")
    entry.comparator = .lessThan
    entry.entered = EnteredValue(value: 2.3, unit: "mmol/L")
    #expect(try Self.writtenKeys(entry) == EntryLayout.keys)
    entry.comparator = nil
    entry.entered = nil
    entry.note = nil
    #expect(try Self.writtenKeys(entry) == EntryLayout.keys.filter { !EntryLayout.optionalKeys.contains($0) })
  }

  @Test("Codable's keys are the listed keys")
  func codableAgrees() throws {
    var entry = Fixture.entry(Fixture.hdl, 89, on: "2025-02-15", note: "fasting")
    entry.comparator = .greaterThan
    entry.entered = EnteredValue(value: 2.3, unit: "mmol/L")
    let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(entry)) as? [String: Any])
    #expect(Set(object.keys) == Set(EntryLayout.keys))
  }

  @Test("the fixed-width start of a line is as long as the layout says")
  func fixedStart() {
    let line = Array("{\"id\": \"".utf8)
    #expect(EntryLayout.idOpening.utf8Array == line)
    let start =
      "{\"id\": \"\(String(repeating: "a", count: 36))\", \"markerID\": \"\(String(repeating: "b", count: 36))\", \"dateOfService\": \"2025-02-15"
    #expect(start.utf8.count == EntryLayout.idOpening.utf8CodeUnitCount + EntryLayout.fixedRest)
  }
}

extension StaticString {
  var utf8Array: [UInt8] { withUTF8Buffer { Array($0) } }
}
