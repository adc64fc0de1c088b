import Foundation
import Testing

@testable import GlanceCore

/// `show` lists the latest 20 readings, with a line that says how many earlier ones there are and
/// how to list them (`--all`, `-n N`); the chart and the summary cover every reading. A marker
/// with 25,000 readings then prints one screen, not 25,000 lines (speed and CLI issues).
@Suite("show: the latest readings, -n and --all")
struct ShowRowsTests {
  static let today = CalendarDate(iso: "2026-11-22")!

  static func snapshot(_ count: Int) -> MarkerSnapshot {
    let entries = (0..<count).map { index in
      Fixture.entry(Fixture.ldl, Double(100 + index % 40), on: today.adding(days: index - count)!.iso)
    }.sorted(by: MarkerEntry.chronological)
    return MarkerSnapshot(definition: Fixture.ldl, tracked: nil, entries: entries)
  }

  @Test(
    "how many rows -n, --all and --since ask for",
    arguments: [
      (nil, false, false, 20), (nil, false, true, nil), (nil, true, false, nil), (nil, true, true, nil),
      ("5", false, false, 5), ("5", false, true, 5), ("1", false, false, 1), ("007", false, false, 7),
      ("1000000", false, false, 1_000_000),
    ] as [(String?, Bool, Bool, Int?)])
  func rows(last: String?, all: Bool, since: Bool, expected: Int?) throws {
    #expect(try ShowView.rows(last: last, all: all, since: since) == expected)
  }

  @Test(
    "-n that is not a count of readings is a usage error naming what it takes",
    arguments: ["0", "-3", "1.5", "1e3", "", " 5", "٣", "5x", "1000001", "99999999999999999999", "twenty"])
  func notACount(text: String) {
    #expect(throws: ShowRowsError.notACount(text)) { try ShowView.rows(last: text, all: false, since: false) }
    #expect(ShowRowsError.notACount(text).kind == .usage)
    #expect(ShowRowsError.notACount(text).message.hasPrefix("-n takes how many of the latest readings"))
  }

  @Test("-n with --all is refused")
  func both() {
    #expect(throws: ShowRowsError.both) { try ShowView.rows(last: "5", all: true, since: false) }
  }

  static func tableLines(_ text: String) -> [Substring] {
    text.split(separator: "\n").filter { $0.hasPrefix("  ") && $0.contains(" mg/dL") }
  }

  @Test(
    "the table lists the latest rows, oldest of them first, under a line naming the earlier ones",
    arguments: [(25, 20, 5), (20, 20, 0), (3, 20, 0), (25, nil, 0), (25, 1, 24), (25_000, 20, 24_980)]
      as [(Int, Int?, Int)])
  func table(count: Int, rows: Int?, earlier: Int) {
    let snapshot = Self.snapshot(count)
    let text = ShowView.render(
      snapshot, since: nil, rows: rows, allEntryIDPrefixes: snapshot.entries.map { ShortID.halves($0.id).0 },
      today: Self.today, style: .plain)
    let listed = Self.tableLines(text)
    #expect(listed.count == count - earlier)
    let latest = DateText.long(snapshot.entries.last!.dateOfService)
    #expect(listed.last?.contains(latest) == true)
    let hint =
      "\(grouped(earlier)) earlier reading\(earlier == 1 ? "" : "s"): glance show ldl --all (or -n N for the latest N)"
    #expect(text.contains(hint) == (earlier > 0))
    if earlier == 0 { #expect(!text.contains("earlier reading")) }
    // The summary still speaks of every reading.
    #expect(text.contains("\(grouped(count)) reading"))
  }

  @Test("the earlier-readings line wraps to the width, as every line of the screen does", arguments: [40, 60, 80])
  func hintWraps(width: Int) {
    let marker = Fixture.library.marker(key: "bp-systolic")!
    let entries = (0..<30).map { Fixture.entry(marker, Double(110 + $0), on: Self.today.adding(days: $0 - 30)!.iso) }
    let snapshot = MarkerSnapshot(definition: marker, tracked: nil, entries: entries)
    var style = OutputStyle.plain
    style.width = width
    let text = ShowView.render(snapshot, since: nil, rows: 20, allEntryIDPrefixes: [], today: Self.today, style: style)
    let hint = text.split(separator: "\n").drop { !$0.hasPrefix("10 earlier") }.prefix(3)
    #expect(hint.first?.hasPrefix("10 earlier readings:") == true)
    #expect(hint.allSatisfy { TextWidth.of(String($0)) <= width }, "\(hint)")
    #expect(hint.joined(separator: " ").contains("glance show bp-systolic --all (or -n N for the latest N)"))
  }

  @Test(
    "a critical value among the earlier readings is named in their line, with its value and date",
    arguments: [
      ([], nil), ([2], "one of them far outside the range (6.8 mEq/L on"),
      ([2, 5], "2 of them far outside the range (the latest 6.8 mEq/L on"),
    ] as [([Int], String?)])
  func earlierCritical(critical: [Int], expected: String?) {
    let marker = Fixture.library.marker(key: "potassium")!
    let entries = (0..<30).map { index in
      Fixture.entry(marker, critical.contains(index) ? 6.8 : 4.2, on: Self.today.adding(days: index - 30)!.iso)
    }
    let snapshot = MarkerSnapshot(definition: marker, tracked: nil, entries: entries)
    let text = ShowView.render(snapshot, since: nil, rows: 20, allEntryIDPrefixes: [], today: Self.today, style: .plain)
      .split(separator: "\n").joined(separator: " ")
    if let expected {
      #expect(text.contains(expected), "\(text)")
      let latest = DateText.long(entries[critical.last!].dateOfService)
      #expect(text.contains("6.8 mEq/L on \(latest))"))
    } else {
      #expect(!text.contains("far outside the range ("))
    }
    #expect(text.contains("10 earlier readings"))
  }

  @Test("with --since, the line names the period, so --all lists the rest of it")
  func earlierSince() {
    let snapshot = Self.snapshot(40)
    let since = Self.today.adding(days: -30)!
    let text = ShowView.render(
      snapshot, since: since, rows: 5, allEntryIDPrefixes: [], today: Self.today, style: .plain
    )
    .split(separator: "\n").joined(separator: " ")
    #expect(text.contains("25 earlier readings: glance show ldl --since \(since.iso) --all"), "\(text)")
  }
}
