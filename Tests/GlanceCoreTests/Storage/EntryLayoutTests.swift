import Foundation
import Testing

@testable import GlanceCore

/// The skim's fixed offsets (`EntryLayout`). The writer, `Codable` and the fast reader's literals
/// are held to the entry's field list by `RecordCodecTests`.
@Suite("EntryLayout: the skim's fixed offsets")
struct EntryLayoutTests {
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
