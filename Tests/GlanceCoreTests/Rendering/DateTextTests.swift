import Testing

@testable import GlanceCore

/// PRD §5.7 "Last dental cleaning: 8 months ago": how long ago (or how soon) a day is, in words.
/// Days for a few days, weeks under a month, whole calendar months under 24, then years.
@Suite("DateText relative dates")
struct DateTextTests {
  @Test(
    "the past in words",
    arguments: [
      ("2026-03-10", "2026-03-10", "today"), ("2026-03-09", "2026-03-10", "yesterday"),
      ("2026-02-28", "2026-03-01", "yesterday"), ("2024-02-29", "2024-03-01", "yesterday"),
      ("2025-12-31", "2026-01-01", "yesterday"),
      ("2026-03-08", "2026-03-10", "2 days ago"), ("2026-03-05", "2026-03-10", "5 days ago"),
      // Weeks while under a month.
      ("2026-02-24", "2026-03-10", "2 weeks ago"), ("2026-02-18", "2026-03-10", "2 weeks ago"),
      ("2026-02-17", "2026-03-10", "3 weeks ago"), ("2026-02-11", "2026-03-10", "3 weeks ago"),
      ("2024-02-29", "2024-03-28", "4 weeks ago"),
      // Whole calendar months.
      ("2026-02-10", "2026-03-10", "1 month ago"), ("2026-02-01", "2026-03-01", "1 month ago"),
      ("2026-01-31", "2026-03-01", "1 month ago"), ("2024-02-29", "2024-03-29", "1 month ago"),
      ("2025-07-10", "2026-03-10", "8 months ago"), ("2025-07-11", "2026-03-10", "7 months ago"),
      ("2025-07-31", "2026-03-31", "8 months ago"), ("2025-07-31", "2026-03-30", "7 months ago"),
      ("2025-06-30", "2026-03-01", "8 months ago"), ("2025-07-01", "2026-02-28", "7 months ago"),
      ("2024-02-29", "2025-03-01", "12 months ago"), ("2024-02-29", "2025-02-27", "11 months ago"),
      ("2024-03-11", "2026-03-10", "23 months ago"),
      // Years from 24 months.
      ("2024-03-10", "2026-03-10", "2 years ago"), ("2023-04-10", "2026-03-10", "2 years ago"),
      ("2023-03-10", "2026-03-10", "3 years ago"), ("2016-02-29", "2026-03-01", "10 years ago"),
    ])
  func past(date: String, today: String, expected: String) {
    #expect(DateText.relative(Fixture.date(date), today: Fixture.date(today)) == expected)
  }

  @Test(
    "the future in words",
    arguments: [
      ("2026-03-11", "tomorrow"), ("2026-03-12", "in 2 days"),
      ("2026-03-24", "in 2 weeks"), ("2026-03-31", "in 3 weeks"), ("2026-04-10", "in 1 month"),
      ("2026-11-10", "in 8 months"), ("2026-11-09", "in 7 months"), ("2028-03-10", "in 2 years"),
    ])
  func future(date: String, expected: String) {
    #expect(DateText.relative(Fixture.date(date), today: Fixture.date("2026-03-10")) == expected)
  }

  @Test(
    "whole calendar months between two days",
    arguments: [
      ("2026-03-10", "2026-03-10", 0), ("2026-03-10", "2026-04-09", 0), ("2026-03-10", "2026-04-10", 1),
      ("2026-01-31", "2026-02-27", 0), ("2026-01-31", "2026-03-01", 1), ("2026-01-31", "2026-03-30", 1),
      ("2026-01-31", "2026-03-31", 2), ("2026-01-15", "2026-02-14", 0), ("2026-01-15", "2026-02-15", 1),
      ("2025-07-10", "2026-03-10", 8), ("2025-07-31", "2026-03-30", 7), ("2025-12-31", "2026-01-30", 0),
      ("2024-02-29", "2024-03-28", 0), ("2024-02-29", "2024-03-29", 1), ("2024-02-29", "2025-03-01", 12),
      ("2023-03-01", "2024-02-29", 11), ("2024-03-11", "2026-03-10", 23), ("2024-03-10", "2026-03-10", 24),
      ("2016-02-29", "2026-03-01", 120),
    ])
  func wholeMonths(start: String, end: String, months: Int) {
    #expect(DateText.wholeMonths(from: Fixture.date(start), to: Fixture.date(end)) == months)
  }

  @Test("an end before the start is no months, not a negative count")
  func reversed() {
    #expect(DateText.wholeMonths(from: Fixture.date("2026-03-10"), to: Fixture.date("2025-03-10")) == 0)
  }

  @Test(
    "a day and the same number of months later always count as that many whole months",
    arguments: [1, 2, 5, 11, 12, 13, 23, 24, 25, 48])
  func addingMonthsAgrees(months: Int) {
    // Start days that exist in every month, so no end is clamped.
    for start in ["2025-01-15", "2024-02-28", "2023-08-01", "2025-12-28"].map(Fixture.date) {
      let end = start.adding(months: months)!
      #expect(DateText.wholeMonths(from: start, to: end) == months, "\(start.iso) → \(end.iso)")
    }
  }

  @Test(
    "long and compact dates",
    arguments: [
      ("2025-02-15", "Feb 15, 2025", "Feb 15, 2025"), ("2026-02-15", "Feb 15, 2026", "Feb 15"),
      ("2026-12-01", "Dec 1, 2026", "Dec 1"), ("2024-02-29", "Feb 29, 2024", "Feb 29, 2024"),
    ])
  func longAndCompact(date: String, long: String, compact: String) {
    #expect(DateText.long(Fixture.date(date)) == long)
    #expect(DateText.compact(Fixture.date(date), today: Fixture.date("2026-03-10")) == compact)
  }
}
