import Testing

@testable import GlanceCore

/// `glance range`'s answer: the range now, and how many readings fall outside it.
@Suite("RangeView")
struct RangeViewTests {
  static func snapshot(_ values: [Double], high: Double?) -> MarkerSnapshot {
    var document = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    document.apply(
      .setTrackedMarkers([
        UserMarker(
          id: .random(), markerID: Fixture.ldl.id, customReferenceLow: nil, customReferenceHigh: high, displayOrder: 0,
          addedAt: Timestamp(Fixture.now))
      ]))
    for (index, value) in values.enumerated() {
      document.apply(.putEntry(Fixture.entry(Fixture.ldl, value, on: "2025-0\(index + 1)-01")))
    }
    return document.snapshot(for: Fixture.ldl)
  }

  @Test(
    "the range and how the readings fare under it",
    arguments: [
      (
        [Double](), 70.0, false,
        ["Your target range for LDL Cholesterol is now up to 70 mg/dL (library default: below 100 mg/dL)."], nil
      ),
      (
        [65], 70, false, ["is now up to 70 mg/dL (library default: below 100 mg/dL)."],
        "Your 1 reading is judged against it: 0 outside, 1 within."
      ),
      ([65, 80, 90], 70, false, ["is now"], "All 3 readings are judged against it: 2 outside, 1 within."),
      (
        [65, 120, 140], nil, true, ["judged against the library's range again"],
        "All 3 readings are judged against it: 2 outside, 1 within."
      ),
    ] as [([Double], Double?, Bool, [String], String?)])
  func render(values: [Double], high: Double?, reset: Bool, first: [String], second: String?) {
    let style = OutputStyle(unicode: true, color: false, width: 80)
    let lines = RangeView.render(Self.snapshot(values, high: high), change: reset ? .reset : .set, style: style).split(
      separator: "\n")
    for part in first { #expect(lines.first?.contains(part) == true, "\(lines)") }
    #expect(lines.count == (second == nil ? 1 : 2))
    if let second { #expect(lines.last.map(String.init) == second) }
  }

  @Test("with no option, range says what the marker is judged by now and how to change it (issue 15)")
  func show() {
    let style = OutputStyle(unicode: true, color: false, width: 80)
    #expect(
      RangeView.render(Self.snapshot([65, 120], high: nil), change: .show, style: style)
        == "LDL Cholesterol is judged against the reference range: below 100 mg/dL.\n"
        + "All 2 readings are judged against it: 1 outside, 1 within.\n"
        + "Set your own with glance range ldl --low L --high H.")
    #expect(
      RangeView.render(Self.snapshot([], high: 70), change: .show, style: style)
        == "LDL Cholesterol is judged against your target range: up to 70 mg/dL (library default: below 100 mg/dL).\n"
        + "Set your own with glance range ldl --low L --high H, or go back with --reset.")
  }
}
