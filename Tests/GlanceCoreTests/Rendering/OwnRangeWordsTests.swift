import Testing

@testable import GlanceCore

/// Clinician review at stop 37: a custom marker's range is the one the person gave it, and show,
/// its chart, `glance range`, the brief and `--json` called it "the reference range" (a library
/// marker's own target was "your target range" everywhere).
@Suite("Own ranges: called the person's wherever they are shown")
struct OwnRangeWordsTests {
  static let today = Fixture.date("2025-06-01")

  static func snapshot(range: Bool) -> MarkerSnapshot {
    var marker = Fixture.customMarker("Ferritin free", unit: "ng/mL")
    if range { (marker.referenceLow, marker.referenceHigh) = (30, 200) }
    return MarkerSnapshot(
      definition: marker, tracked: nil,
      entries: [Fixture.entry(marker, 250, on: "2025-02-01"), Fixture.entry(marker, 150, on: "2025-05-30")])
  }

  @Test("a custom marker's range is 'your range' in show, its chart, range, the brief's table and --json")
  func customRange() throws {
    let snapshot = Self.snapshot(range: true)
    #expect(snapshot.rangeIsYours)
    let show = ShowView.render(
      snapshot, since: nil, allEntryIDPrefixes: [], today: Self.today, style: .plain)
    #expect(!show.contains("reference range"), "\(show)")
    #expect(show.contains("your range: 30-200 ng/mL"), "\(show)")
    #expect(show.contains("outside your range"), "\(show)")
    let range = RangeView.render(snapshot, change: .show, style: .plain)
    #expect(range.contains("judged against your range: 30-200 ng/mL"), "\(range)")
    let json = JSONOutput.shown(snapshot, since: nil, until: nil, rows: nil, shortIDs: [:], today: Self.today)
    #expect(json.text().contains("\"yours\":true") || json.text().contains("\"yours\": true"), "\(json.text())")
  }

  @Test("a library marker keeps 'the reference range', and a custom marker with no range claims none")
  func others() throws {
    let ldl = MarkerLibrary.builtIn.marker(key: "ldl")!
    let library = MarkerSnapshot(definition: ldl, tracked: nil, entries: [Fixture.entry(ldl, 120, on: "2025-05-30")])
    #expect(!library.rangeIsYours)
    #expect(
      ShowView.render(library, since: nil, allEntryIDPrefixes: [], today: Self.today, style: .plain).contains(
        "reference range"))
    #expect(!Self.snapshot(range: false).rangeIsYours)
  }
}
