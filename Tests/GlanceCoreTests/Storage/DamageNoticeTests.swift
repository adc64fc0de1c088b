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

  /// Attacker review at stop 40: an HDL reading's unit changed by hand to "mg/L" was listed as
  /// "50 mg/dL ✓" on home, show and prep with no word; only export said so.
  @Test(
    "a reading stored in another unit than its marker's is said, never its value", arguments: ["mg/L", "", "MG/DL"])
  func otherUnit(unit: String) throws {
    var entry = Fixture.entry(Fixture.hdl, 55, on: "2025-05-01")
    entry.unit = unit
    let notice = DamageNotice.of(Self.document([entry]), library: Fixture.library, today: Self.today)
    #expect(notice?.contains("in a unit its marker is not kept in") == true, "\(notice ?? "nil")")
    #expect(notice?.contains("55") != true, "never a value")
    // The edit it names mends it.
    var document = Self.document([entry])
    let edit = try EntryPlanner.edit(
      entry, value: "56", date: nil, note: nil, today: Self.today, document: document, library: Fixture.library)
    document.apply(.putEntry(edit.new))
    #expect(DamageNotice.of(document, library: Fixture.library, today: Self.today) == nil)
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
