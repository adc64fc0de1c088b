import Testing

@testable import GlanceCore

/// Issue 15, item 3: `show --since/--until` take periods; the summary names the period with its
/// years instead of counting back from today, and a period with no readings says where they are.
@Suite("show: --since and --until periods")
struct ShowPeriodTests {
  /// A Monday.
  static let today = Fixture.date("2026-11-23")

  /// LDL on the 15th of every month from Jan 2024 to Oct 2026.
  static let snapshot: MarkerSnapshot = {
    var entries: [MarkerEntry] = []
    for year in 2024...2026 {
      for month in 1...12 where year < 2026 || month <= 10 {
        entries.append(
          Fixture.entry(Fixture.ldl, Double(100 + month), on: CalendarDate(year: year, month: month, day: 15)!.iso))
      }
    }
    return MarkerSnapshot(definition: Fixture.ldl, tracked: nil, entries: entries)
  }()

  static func render(_ since: String?, _ until: String?, rows: Int? = nil) throws -> String {
    let period = try ShowView.period(since: since, until: until, today: today)
    return ShowView.render(
      snapshot, since: period.since, until: period.until, rows: rows, allEntryIDPrefixes: [], today: today,
      style: .plain)
  }

  @Test(
    "the readings listed and the words the summary names the period with",
    arguments: [
      ("2024", "2024", 12, "LDL Cholesterol from Jan 1, 2024 to Dec 31, 2024: 12 readings"),
      (
        "March 2025", "March 2025", 1,
        "LDL Cholesterol from Mar 1, 2025 to Mar 31, 2025: 1 reading, 103 mg/dL on Mar 15, 2025"
      ),
      ("2025-03", "2025-06", 4, "LDL Cholesterol from Mar 1, 2025 to Jun 30, 2025: 4 readings"),
      (nil, "2024", 12, "LDL Cholesterol up to Dec 31, 2024: 12 readings"),
      ("2025-01-01", nil, 22, "LDL Cholesterol since Jan 1, 2025: 22 readings"),
      ("last month", nil, 1, "LDL Cholesterol since Oct 1, 2026: 1 reading, 110 mg/dL on Oct 15, 2026"),
      // An end after today is read up to today.
      ("2026", "this year", 10, "LDL Cholesterol from Jan 1, 2026 to Nov 23, 2026: 10 readings"),
    ] as [(String?, String?, Int, String)])
  func period(since: String?, until: String?, count: Int, words: String) throws {
    let text = try Self.render(since, until)
    #expect(
      text.split(separator: "\n").filter { $0.contains(" mg/dL") || $0.hasPrefix("  ") && $0.contains(", 20") }
        .count >= count)
    #expect(text.replacingEvery("\n", with: " ").contains(words), "\(text)")
    #expect(!text.contains("over the past"))
  }

  @Test("a period with no readings says so and where the readings are")
  func empty() throws {
    let text = try Self.render("2020", "2022")
    #expect(
      text
        == "No LDL Cholesterol readings from Jan 1, 2020 to Dec 31, 2022; 34 readings are from Jan 15, 2024 to Oct 15, 2026."
    )
  }

  @Test("the earlier-readings line repeats both ends of the period")
  func hint() throws {
    let text = try Self.render("2024", "2025", rows: 3)
    #expect(text.contains("21 earlier readings: glance show ldl --since 2024-01-01 --until 2025-12-31 --all"))
  }

  @Test("a period that begins after today, or ends before it begins, is refused with its days")
  func refused() throws {
    #expect(throws: PeriodError.afterToday("tomorrow", Fixture.date("2026-11-24"))) {
      try ShowView.period(since: "tomorrow", until: nil, today: Self.today)
    }
    #expect(
      PeriodError.afterToday("tomorrow", Fixture.date("2026-11-24")).message
        == "“tomorrow” begins on Nov 24, 2026, after today, so there are no readings from then on.")
    #expect(throws: PeriodError.reversed("2025", "2024")) {
      try ShowView.period(since: "2025", until: "2024", today: Self.today)
    }
    // The same period on both sides is one period, not reversed.
    #expect(try ShowView.period(since: "monday", until: "monday", today: Self.today).since == Self.today)
  }

  @Test("two equal readings are 'both', never 'from 6.1 to 6.1'")
  func equalPair() {
    let a1c = Fixture.library.marker(key: "a1c")!
    let entries = [Fixture.entry(a1c, 6.1, on: "2025-03-01"), Fixture.entry(a1c, 6.1, on: "2026-02-01")]
    let snapshot = MarkerSnapshot(definition: a1c, tracked: nil, entries: entries)
    let text = TrendSummary.sentence(snapshot, entries: entries, today: Self.today, period: "since Jan 1, 2025")
    #expect(text.hasPrefix("Hemoglobin A1c since Jan 1, 2025: 2 readings, both 6.1%"), "\(text)")
  }
}
