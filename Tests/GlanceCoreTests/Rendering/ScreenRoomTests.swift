import Testing

@testable import GlanceCore

/// Newcomer review at stop 33: at 80 columns, search's marker rows were 85 wide (their dates
/// wrapped on a terminal), and home's name column was sized for "TSH (Thyroid-Stimulating
/// Hormone)" while "TSH" was printed, leaving 20 blank columns and no sparklines.
@Suite("Columns as wide as what they hold")
struct ScreenRoomTests {
  static let today = Fixture.date("2026-11-22")

  static func document() -> GlanceDocument {
    var document = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    var order = 0
    for (key, values) in [
      ("ldl", [130.0, 124, 120]), ("total-cholesterol", [210, 205, 244]), ("tsh", [2.1, 2.3, 1.9]),
    ] {
      let marker = Fixture.library.markers.first { $0.key == key }!
      for (index, value) in values.enumerated() {
        document.apply(.putEntry(Fixture.entry(marker, value, on: "2026-0\(index + 1)-15")))
      }
      document.trackedMarkers.append(
        UserMarker(markerID: marker.id, displayOrder: order, addedAt: Timestamp(Fixture.now)))
      order += 1
    }
    return document
  }

  @Test("search's marker rows fit 80 columns without wrapping")
  func search() throws {
    let document = Self.document()
    let results = try SearchResults.search("cholesterol", in: document, library: Fixture.library)
    let text = SearchView.render(
      results, document: document, library: Fixture.library, allEntryIDPrefixes: [], style: .plain)
    for line in text.split(separator: "\n") { #expect(TextWidth.of(line) <= 80, "\(line)") }
    #expect(text.contains("244 mg/dL on Mar 15, 2026"), "\(text)")
  }

  @Test("home at 70 columns shows TSH by its short name, its sparklines, and no wide blank column")
  func home() {
    let document = Self.document()
    let text = HomeView.render(
      document.trackedSnapshots(library: Fixture.library), today: Self.today,
      style: OutputStyle(unicode: true, width: 70))
    let rows = text.split(separator: "\n").prefix(3).map(String.init)
    #expect(rows.allSatisfy { $0.contains("▁") || $0.contains("█") }, "\(text)")
    #expect(rows.contains { $0.contains("TSH ") } && !text.contains("Thyroid"), "\(text)")
    // The column is as wide as its longest name shown.
    #expect(text.contains("Total Cholesterol  244 mg/dL"), "\(text)")
  }
}
