import Foundation
import Testing

@testable import GlanceCore

/// Charts, the home screen and `show` as exact text (re-record with GLANCE_RECORD=1).
@Suite("Golden text: charts, home, show")
struct ChartGoldenTests {
  static let unicode = OutputStyle(unicode: true, color: false, width: 80)
  static let today = Fixture.date("2026-11-22")

  /// A snapshot of `marker` with readings (date, value) in order.
  static func snapshot(
    _ marker: MarkerDefinition, _ readings: [(String, Double)], range: ReferenceRange? = nil,
    comparators: [Int: ValueComparator] = [:], notes: [Int: String] = [:]
  ) -> MarkerSnapshot {
    var generator = SeededGenerator(seed: 1)
    let entries = readings.enumerated().map { index, reading in
      var entry = Fixture.entry(marker, reading.1, on: reading.0, note: notes[index], comparator: comparators[index])
      entry.id = UUID(
        uuid: (
          UInt8(index), UInt8(truncatingIfNeeded: generator.next()), 0xAB, 0xCD, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0,
          UInt8(index)
        ))
      return entry
    }
    let tracked = UserMarker(
      markerID: marker.id, customReferenceLow: range?.low, customReferenceHigh: range?.high, displayOrder: 0,
      addedAt: Fixture.time("2020-01-01T00:00:00Z"))
    return MarkerSnapshot(definition: marker, tracked: tracked, entries: entries)
  }

  static func show(_ snapshot: MarkerSnapshot, style: OutputStyle = unicode) -> String {
    ShowView.render(
      snapshot, entries: snapshot.entries, shortIDs: ShortID.prefixes(for: snapshot.entries.map(\.id)), today: today,
      style: style) + "\n"
  }

  static let hdlHistory: [(String, Double)] = [
    ("2024-11-02", 95), ("2025-02-15", 93), ("2025-05-20", 96), ("2025-09-01", 91), ("2026-03-12", 90),
    ("2026-10-30", 89),
  ]

  /// Newcomer review: a weight chart (no range) said "● in range".
  @Test("a chart of a marker without a range has no in- or out-of-range legend")
  func legendWithoutRange() throws {
    let weight = try #require(MarkerLibrary.builtIn.marker(key: "weight"))
    let snapshot = Self.snapshot(weight, [("2026-01-01", 180), ("2026-03-01", 178), ("2026-06-01", 176)])
    let chart = TrendChart.render(snapshot, entries: snapshot.entries, style: Self.unicode)
    #expect(chart.contains("● a reading") && !chart.contains("in range") && !chart.contains("out of range"), "\(chart)")
    let ldl = Self.snapshot(Fixture.ldl, [("2026-01-01", 130), ("2026-03-01", 120), ("2026-06-01", 110)])
    #expect(TrendChart.render(ldl, entries: ldl.entries, style: Self.unicode).contains("● in range"))
  }

  @Test("no readings: an encouraging prompt")
  func noReadings() {
    assertGolden(Self.show(Self.snapshot(Fixture.hdl, [])), named: "show-0-readings.txt")
  }

  @Test("one reading: one dot and the nudge to add another")
  func oneReading() {
    assertGolden(Self.show(Self.snapshot(Fixture.ldl, [("2026-10-30", 131)])), named: "show-1-reading.txt")
  }

  @Test("two readings: joined dots, no trend")
  func twoReadings() {
    assertGolden(
      Self.show(Self.snapshot(Fixture.ldl, [("2026-04-30", 118), ("2026-10-30", 131)])), named: "show-2-readings.txt")
  }

  @Test("three or more: the trend, the list and the summary")
  func manyReadings() {
    assertGolden(
      Self.show(Self.snapshot(Fixture.hdl, Self.hdlHistory, notes: [5: "fasting"])), named: "show-hdl-6-readings.txt")
  }

  @Test("a ten-year span is labelled by years")
  func tenYears() {
    let readings = (0..<11).map { ("\(2016 + $0)-0\(1 + $0 % 9)-15", Double(110 + ($0 * 7) % 40)) }
    assertGolden(Self.show(Self.snapshot(Fixture.ldl, readings)), named: "show-10-years.txt")
  }

  @Test("a one-month span is labelled by days")
  func oneMonth() {
    let readings = [
      ("2026-10-01", 132.0), ("2026-10-08", 128), ("2026-10-15", 125), ("2026-10-22", 121), ("2026-10-29", 119),
    ]
    let systolic = MarkerLibrary.builtIn.marker(key: "bp-systolic")!
    assertGolden(Self.show(Self.snapshot(systolic, readings)), named: "show-1-month.txt")
  }

  @Test("a two-sided range is a band")
  func twoSidedBand() {
    let readings = [("2025-01-10", 2.1), ("2025-07-10", 3.4), ("2026-01-10", 4.2), ("2026-07-10", 4.9)]
    assertGolden(Self.show(Self.snapshot(Fixture.tsh, readings)), named: "show-band.txt")
  }

  @Test("a one-sided range near the readings is one line")
  func oneSidedLine() {
    let readings = [("2025-01-10", 88.0), ("2025-07-10", 97), ("2026-01-10", 104), ("2026-07-10", 112)]
    assertGolden(Self.show(Self.snapshot(Fixture.ldl, readings)), named: "show-one-sided.txt")
  }

  @Test("an outlier beyond the plausible range does not flatten the chart")
  func outlier() {
    var readings = Self.hdlHistory
    readings.insert(("2025-06-01", 890), at: 3)
    assertGolden(Self.show(Self.snapshot(Fixture.hdl, readings)), named: "show-outlier.txt")
  }

  @Test("ASCII mode carries the same information")
  func ascii() {
    let style = OutputStyle(unicode: false, color: false, width: 80)
    assertGolden(
      Self.show(
        Self.snapshot(
          Fixture.tsh, [("2025-01-10", 2.1), ("2025-07-10", 3.4), ("2026-01-10", 4.2), ("2026-07-10", 4.9)]),
        style: style), named: "show-ascii.txt")
  }

  @Test("a narrow terminal gets a narrow chart")
  func narrow() {
    let style = OutputStyle(unicode: true, color: false, width: 40)
    assertGolden(Self.show(Self.snapshot(Fixture.hdl, Self.hdlHistory), style: style), named: "show-narrow-40.txt")
  }

  @Test("comparator values are charted at their bound and listed as printed")
  func comparators() {
    let psa = MarkerLibrary.builtIn.marker(key: "psa")!
    assertGolden(
      Self.show(
        Self.snapshot(
          psa, [("2024-01-10", 0.1), ("2025-01-10", 0.4), ("2026-01-10", 0.6)], comparators: [0: .lessThan])),
      named: "show-comparator.txt")
  }

  @Test("colour wraps symbols in escape codes and never stands alone")
  func colour() {
    let style = OutputStyle(unicode: true, color: true, width: 60)
    let text = Self.show(Self.snapshot(Fixture.ldl, [("2026-04-30", 118), ("2026-10-30", 131)]), style: style)
    #expect(text.contains("\u{1B}[31m✖\u{1B}[0m"))
    #expect(text.contains("\u{1B}[31m!\u{1B}[0m"))
  }

  @Test("the home screen, wide and narrow, Unicode and ASCII", arguments: [(100, true), (60, true), (80, false)])
  func home(width: Int, unicode: Bool) {
    let library = MarkerLibrary.builtIn
    let snapshots = [
      Self.snapshot(Fixture.hdl, Self.hdlHistory),
      Self.snapshot(Fixture.ldl, [("2025-10-30", 121), ("2026-04-30", 135), ("2026-10-30", 162)]),
      Self.snapshot(Fixture.a1c, [("2026-04-30", 5.5), ("2026-10-30", 5.6)]),
      Self.snapshot(Fixture.tsh, [("2026-10-30", 2.3)]),
      Self.snapshot(library.marker(key: "vitamin-d")!, []),
    ]
    let style = OutputStyle(unicode: unicode, color: false, width: width)
    assertGolden(
      HomeView.render(snapshots, today: Self.today, style: style) + "\n",
      named: "home-\(width)-\(unicode ? "unicode" : "ascii").txt")
  }

  @Test("the home screen with nothing tracked welcomes and points to setup and demo")
  func welcome() {
    let text = HomeView.render([], today: Self.today, style: Self.unicode)
    #expect(text.contains("glance setup"))
    #expect(text.contains("glance demo"))
  }
}
