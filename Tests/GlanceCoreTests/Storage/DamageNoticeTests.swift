import Foundation
import Testing

@testable import GlanceCore

/// Attacker review at stop 37: a data file changed by hand (an entry's marker id pointing nowhere,
/// a reading dated 2090) read silently on home, show and prep; only `export` said so.
@Suite("A data file changed by hand is said on every read")
struct DamageNoticeTests {
  static let today = Fixture.date("2025-06-01")

  static func document(_ entries: [MarkerEntry], custom: [MarkerDefinition] = []) -> GlanceDocument {
    var document = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    document.customMarkers = custom
    document.entries = entries
    return document
  }

  @Test(
    "a reading of no known marker, or dated after tomorrow, is said; tomorrow (another zone) is not",
    arguments: [
      (false, "2025-05-01", nil), (true, "2025-05-01", "a marker glance does not know"),
      (false, "2090-07-08", "dated Jul 8, 2090, after today"), (false, "2025-06-02", nil),
      (true, "2090-07-08", "a marker glance does not know"),
    ] as [(Bool, String, String?)])
  func said(unknownMarker: Bool, day: String, words: String?) {
    var entry = Fixture.entry(Fixture.hdl, 55, on: day)
    if unknownMarker { entry.markerID = UUID.random() }
    let notice = DamageNotice.of(Self.document([entry]), library: Fixture.library, today: Self.today)
    if let words {
      #expect(notice?.contains(words) == true, "\(notice ?? "nil")")
      #expect(notice?.contains("55") != true, "never a value")
    } else {
      #expect(notice == nil)
    }
  }

  @Test("a custom marker's reading is a known marker's")
  func custom() {
    let ketones = Fixture.customMarker()
    let notice = DamageNotice.of(
      Self.document([Fixture.entry(ketones, 0.4, on: "2025-05-01")], custom: [ketones]), library: Fixture.library,
      today: Self.today)
    #expect(notice == nil)
  }
}
