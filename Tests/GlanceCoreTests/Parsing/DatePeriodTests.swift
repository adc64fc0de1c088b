import Testing

@testable import GlanceCore

/// Issue 15, item 3: `--since` and `--until` read periods as hledger and jrnl do: a year, a
/// month, a week, a weekday or any day `add --date` reads; `--since` takes the first day, `--until`
/// the last.
@Suite("Date periods")
struct DatePeriodTests {
  /// A Monday.
  static let today = Fixture.date("2026-11-23")

  @Test(
    "each form names its first and last day",
    arguments: [
      ("2024", "2024-01-01", "2024-12-31"), (" 2024 ", "2024-01-01", "2024-12-31"),
      ("2024-03", "2024-03-01", "2024-03-31"), ("2024/3", "2024-03-01", "2024-03-31"),
      ("2024-02", "2024-02-01", "2024-02-29"), ("2023-02", "2023-02-01", "2023-02-28"),
      ("March 2024", "2024-03-01", "2024-03-31"), ("mar 2024", "2024-03-01", "2024-03-31"),
      ("2024 March", "2024-03-01", "2024-03-31"), ("Sept 2025", "2025-09-01", "2025-09-30"),
      // A month without a year: the latest one that has begun.
      ("march", "2026-03-01", "2026-03-31"), ("November", "2026-11-01", "2026-11-30"),
      ("december", "2025-12-01", "2025-12-31"),
      ("this month", "2026-11-01", "2026-11-30"), ("last month", "2026-10-01", "2026-10-31"),
      ("this year", "2026-01-01", "2026-12-31"), ("last year", "2025-01-01", "2025-12-31"),
      // Weeks run Monday to Sunday.
      ("this week", "2026-11-23", "2026-11-29"), ("last week", "2026-11-16", "2026-11-22"),
      // A weekday: the latest on or before today; "last": before today.
      ("monday", "2026-11-23", "2026-11-23"), ("last monday", "2026-11-16", "2026-11-16"),
      ("tuesday", "2026-11-17", "2026-11-17"), ("last tue", "2026-11-17", "2026-11-17"),
      ("Sunday", "2026-11-22", "2026-11-22"), ("fri", "2026-11-20", "2026-11-20"),
      // Any day add --date reads.
      ("2025-02-15", "2025-02-15", "2025-02-15"), ("yesterday", "2026-11-22", "2026-11-22"),
      ("3 months ago", "2026-08-23", "2026-08-23"), ("Feb 15", "2026-02-15", "2026-02-15"),
      ("Nov 24", "2025-11-24", "2025-11-24"), ("15 Feb 2025", "2025-02-15", "2025-02-15"),
      ("tomorrow", "2026-11-24", "2026-11-24"),
      // Never before 1900.
      ("1900", "1900-01-01", "1900-12-31"),
    ])
  func reads(text: String, start: String, end: String) throws {
    let period = try DatePeriod.parse(text, today: Self.today)
    #expect(period.start.iso == start, "\(text)")
    #expect(period.end.iso == end, "\(text)")
  }

  @Test(
    "anything else is refused with the forms it takes, never guessed",
    arguments: [
      "", "soon", "2024-13", "2024-00", "20245", "March 2024 2025", "March 32", "mo", "last", "last fortnight",
      "02/03/2025", "2024-3-", "٢٠٢٤", "２０２４", "9999999999999999999999", "1899", "1899-12",
      String(repeating: "2", count: 200), "monday\u{1B}[2J",
    ])
  func refused(text: String) {
    #expect(throws: PeriodError.self) { try DatePeriod.parse(text, today: Self.today) }
  }

  @Test("an ambiguous slashed day is refused as ambiguous")
  func ambiguous() {
    #expect(throws: PeriodError.ambiguous("02/03/2025")) { try DatePeriod.parse("02/03/2025", today: Self.today) }
  }

  @Test(
    "weekday numbering matches a known calendar",
    arguments: [
      ("2026-11-23", 1), ("2026-11-29", 7), ("1970-01-01", 4), ("2000-02-29", 2), ("1900-01-01", 1),
    ])
  func weekday(date: String, number: Int) {
    #expect(DateParser.weekday(Fixture.date(date)) == number)
  }

  @Test("every period, typed any way, ends on or after it starts (property)")
  func ordered() throws {
    var generator = SystemRandomNumberGenerator()
    let words = [
      "2024", "2025-06", "march", "last", "this", "week", "month", "year", "monday", "sun", "3", "days",
      "ago", "Feb", "15", "2019", "-", "/", "dec",
    ]
    for _ in 0..<2000 {
      let text = (0..<Int.random(in: 1...3, using: &generator)).map { _ in words.randomElement(using: &generator)! }
        .joined(separator: " ")
      guard let period = try? DatePeriod.parse(text, today: Self.today) else { continue }
      #expect(period.start <= period.end, "\(text)")
      #expect(period.start >= DateParser.earliest, "\(text)")
    }
  }
}
