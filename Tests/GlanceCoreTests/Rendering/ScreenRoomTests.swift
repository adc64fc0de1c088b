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

  /// Newcomer review at stop 34: a visit's note was cut to 40 columns and then wrapped at 80,
  /// "…from March.\n    Sho…".
  @Test("search's visit and note rows fit 80 columns, their notes cut to the room left")
  func searchNotes() throws {
    var document = Self.document()
    document.apply(
      .putVisit(
        Fixture.visit(
          "2026-10-02", doctor: "Dr. Patel",
          notes: "Recheck lipids and A1c in 6 months. Continue the diet from March. Should we talk about statins?")))
    let ldl = Fixture.library.markers.first { $0.key == "ldl" }!
    document.apply(
      .putEntry(Fixture.entry(ldl, 131, on: "2026-10-02", note: "Dr. Patel said to recheck it in six months, fasting")))
    let results = try SearchResults.search("patel", in: document, library: Fixture.library)
    let text = SearchView.render(
      results, document: document, library: Fixture.library, allEntryIDPrefixes: [], style: .plain)
    for line in text.split(separator: "\n") { #expect(TextWidth.of(line) <= 80, "\(line)") }
    #expect(text.contains("Recheck lipids"), "\(text)")
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

  /// Newcomer review at stop 34: with a critical "!!" row, ALT's and AST's long names, eGFR's
  /// "mL/min/1.73m²" and a date of another year, home at 80 columns was 81 wide (each such row's
  /// date wrapped under it), had no sparklines though every short name fitted beside them, and
  /// its legend left "readings" alone on a line.
  @Test("home with long names, a long unit and a critical row fits 80 and 60 columns, sparklines at 80")
  func homeCrowded() {
    var document = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    for (order, (key, values)) in [
      ("total-cholesterol", [210.0, 205, 177]), ("alt", [30.0, 35, 41]), ("ast", [25.0, 27, 29]),
      ("egfr", [75.0, 72, 70]), ("potassium", [4.4, 5.1, 6.9]), ("vitamin-d", [30.0, 35, 39]),
      ("non-hdl", [150.0, 160, 164]), ("hemoglobin", [14.0, 14.5, 14.9]),
    ].enumerated() {
      let marker = Fixture.library.markers.first { $0.key == key }!
      for (index, value) in values.enumerated() {
        document.apply(.putEntry(Fixture.entry(marker, value, on: "202\(index + 3)-0\(index + 1)-14")))
      }
      document.trackedMarkers.append(
        UserMarker(markerID: marker.id, displayOrder: order, addedAt: Timestamp(Fixture.now)))
    }
    for width in [80, 60] {
      let text = HomeView.render(
        document.trackedSnapshots(library: Fixture.library), today: Self.today,
        style: OutputStyle(unicode: true, width: width))
      // The critical sentence is prose, wrapped at its spaces as it is printed.
      for line in text.split(separator: "\n") where !line.hasPrefix("The latest") {
        #expect(TextWidth.of(line) <= width, "\(width): \(line)")
      }
      if width == 80 {
        let rows = text.split(separator: "\n").prefix(8)
        #expect(rows.allSatisfy { $0.contains("▁") || $0.contains("█") }, "\(text)")
      }
    }
  }

  // 66 columns: where "TSH (Thyroid-Stimulating Hormone)" does not fit beside the sparklines (at
  // 70 it does, since home no longer counts an empty trend column: stop 34).
  /// Attacker's second look at stop 34: with ASCII only, a custom name past ASCII was cut to the
  /// column and then printed escaped, three times as wide, and the row wrapped.
  @Test("home with ASCII only measures a name as it is printed, escaped")
  func homeASCIINames() {
    var document = Self.document()
    var marker = Fixture.customMarker("Cétonémie éèêëéèêë", unit: "mmol/L")
    marker.shortName = marker.displayName
    document.apply(.putCustomMarker(marker))
    document.apply(.putEntry(Fixture.entry(marker, 1.2, on: "2026-03-15")))
    document.trackedMarkers.append(UserMarker(markerID: marker.id, displayOrder: 9, addedAt: Timestamp(Fixture.now)))
    let style = OutputStyle(unicode: false, width: 80)
    let text = HomeView.render(document.trackedSnapshots(library: Fixture.library), today: Self.today, style: style)
    for line in TerminalText.guarded(text, asciiOnly: true).split(separator: "\n") {
      #expect(TextWidth.of(line) <= 80, "\(line)")
    }
  }

  @Test("home at 66 columns shows TSH by its short name, its sparklines, and no wide blank column")
  func home() {
    let document = Self.document()
    let text = HomeView.render(
      document.trackedSnapshots(library: Fixture.library), today: Self.today,
      style: OutputStyle(unicode: true, width: 66))
    let rows = text.split(separator: "\n").prefix(3).map(String.init)
    #expect(rows.allSatisfy { $0.contains("▁") || $0.contains("█") }, "\(text)")
    #expect(rows.contains { $0.contains("TSH ") } && !text.contains("Thyroid"), "\(text)")
    // The column is as wide as its longest name shown.
    #expect(text.contains("Total Cholesterol   244 mg/dL") && text.contains("TSH                1.90"), "\(text)")
  }
}
