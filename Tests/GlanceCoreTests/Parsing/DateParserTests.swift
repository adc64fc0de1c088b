import Foundation
import Testing

@testable import GlanceCore

/// DESIGN §5 "Dates accepted everywhere": `2025-02-15`, `today`, `yesterday`, `3 days ago`,
/// `2 weeks ago`, `Feb 15`, `Feb 15 2025`, `15 Feb 2025`; for visits also `tomorrow` and `in 3 weeks`.
/// Ambiguous forms (`02/03/2025`) are refused; readings cannot be in the future; visits can.
@Suite("DateParser")
struct DateParserTests {
  /// A Tuesday.
  static let today = Fixture.date("2026-03-10")

  static func parse(_ text: String, today: CalendarDate = today, _ purpose: DateParser.Purpose) throws(EntryError)
    -> String
  {
    try DateParser.parse(text, today: today, for: purpose).iso
  }

  /// Newcomer review at stop 33: Excel's "15-Jan-2020" was "not a date glance reads", and `add
  /// --date "last tuesday"` was refused though `show --since "last tuesday"` read it.
  @Test(
    "a day-month-year with hyphens (Excel's) and a weekday name are read",
    arguments: [
      ("15-Jan-2020", DateParser.Purpose.reading, "2020-01-15"), ("15-jan-2020", .reading, "2020-01-15"),
      ("3-Feb-2025", .reading, "2025-02-03"), ("15-Jan-20", .reading, "2020-01-15"),
      ("Jan-15-2020", .reading, "2020-01-15"),
      // Today, 2026-03-10, is a Tuesday.
      ("tuesday", .reading, "2026-03-10"), ("last tuesday", .reading, "2026-03-03"), ("Monday", .reading, "2026-03-09"),
      ("last sunday", .reading, "2026-03-08"), ("fri", .reading, "2026-03-06"), ("tuesday", .visit, "2026-03-10"),
      ("next tuesday", .visit, "2026-03-17"), ("friday", .visit, "2026-03-13"), ("next monday", .visit, "2026-03-16"),
    ])
  func hyphensAndWeekdays(text: String, purpose: DateParser.Purpose, expected: String) throws {
    #expect(try Self.parse(text, purpose) == expected)
  }

  /// Attacker's second look at stop 33: "20-03-04" was read as Mar 20, 2004 (2020-03-04 is as
  /// likely), and malformed hyphen forms were read.
  @Test(
    "hyphenated dates that are ambiguous or malformed are refused",
    arguments: [
      "20-03-04", "13-01-20", "-15-Jan-2020", "15--Jan--2020", "0015-Jan-2020", "15-Jan-02020", "15-Jan-",
      "15-Jan-2020-", "1-2-Jan-2020",
    ])
  func hyphensRefused(text: String) {
    #expect(throws: EntryError.self) { try Self.parse(text, .reading) }
  }

  @Test(
    "every form reads the same for readings and visits when the day is not in the future",
    arguments: [
      ("2025-02-15", "2025-02-15"), ("2026-03-10", "2026-03-10"), ("today", "2026-03-10"), ("Today", "2026-03-10"),
      ("yesterday", "2026-03-09"), (" yesterday ", "2026-03-09"), ("YESTERDAY", "2026-03-09"),
      ("0 days ago", "2026-03-10"), ("1 day ago", "2026-03-09"), ("3 days ago", "2026-03-07"),
      ("three days ago", "2026-03-07"), ("10 days ago", "2026-02-28"), ("2 weeks ago", "2026-02-24"),
      ("a week ago", "2026-03-03"), ("1 week ago", "2026-03-03"), ("6 months ago", "2025-09-10"),
      ("1 month ago", "2026-02-10"), ("2 years ago", "2024-03-10"), ("a year ago", "2025-03-10"),
      ("Feb 15", "2026-02-15"), ("feb 15", "2026-02-15"), ("Feb 15 2025", "2025-02-15"),
      ("Feb 15, 2025", "2025-02-15"), ("15 Feb 2025", "2025-02-15"), ("February 15, 2025", "2025-02-15"),
      ("15 February 2025", "2025-02-15"), ("Jan 1", "2026-01-01"), ("Mar 10", "2026-03-10"),
      ("Dec 31 2025", "2025-12-31"), ("2025/02/15", "2025-02-15"),
    ])
  func pastForms(text: String, expected: String) throws {
    #expect(try Self.parse(text, .reading) == expected)
    #expect(try Self.parse(text, .visit) == expected)
  }

  @Test(
    "a day without a year later in the year than today: last year for a reading, this year for a visit",
    arguments: [
      ("Mar 11", "2025-03-11", "2026-03-11"), ("sept 3", "2025-09-03", "2026-09-03"),
      ("Sep 3", "2025-09-03", "2026-09-03"), ("September 3", "2025-09-03", "2026-09-03"),
      ("Dec 15", "2025-12-15", "2026-12-15"), ("15 Dec", "2025-12-15", "2026-12-15"),
    ])
  func noYear(text: String, reading: String, visit: String) throws {
    #expect(try Self.parse(text, .reading) == reading)
    #expect(try Self.parse(text, .visit) == visit)
  }

  @Test(
    "visits may be in the future",
    arguments: [
      ("tomorrow", "2026-03-11"), ("in 3 weeks", "2026-03-31"), ("in a week", "2026-03-17"),
      ("in 2 days", "2026-03-12"), ("in 2 months", "2026-05-10"), ("in 1 year", "2027-03-10"),
      ("2026-04-01", "2026-04-01"), ("Feb 15 2027", "2027-02-15"),
    ])
  func futureVisits(text: String, expected: String) throws {
    #expect(try Self.parse(text, .visit) == expected)
  }

  @Test(
    "readings cannot be in the future",
    arguments: [
      ("tomorrow", "2026-03-11"), ("in 3 weeks", "2026-03-31"), ("in 2 days", "2026-03-12"),
      ("2026-03-11", "2026-03-11"), ("2027-01-01", "2027-01-01"), ("Feb 15 2027", "2027-02-15"),
      ("Mar 11 2026", "2026-03-11"),
    ])
  func futureReadings(text: String, date: String) {
    #expect(throws: EntryError.futureDate(Fixture.date(date))) { try Self.parse(text, .reading) }
  }

  @Test(
    "numeric day/month orders that could mean two days are refused as ambiguous",
    arguments: ["02/03/2025", "2/3/2025", "02-03-2025", "02/03/25", "12/11/2025", "1/12/2025"])
  func ambiguous(text: String) {
    for purpose in [DateParser.Purpose.reading, .visit] {
      #expect(throws: EntryError.ambiguousDate(text)) { try Self.parse(text, purpose) }
    }
  }

  /// Attacker review at stop 37: "0000-01-01" was said to be month/day or day/month.
  @Test(
    "a year-first date with no such day is a date glance cannot read, never an ambiguous one",
    arguments: ["0000-01-01", "0000-12-31", "2025-02-30", "2025-00-10"])
  func yearFirstNoSuchDay(text: String) {
    #expect(throws: EntryError.invalidDate(text)) { try Self.parse(text, .reading) }
  }

  @Test(
    "lab-sheet forms: dotted dates day first, slashed dates when only one day is possible, a portal's date and time",
    arguments: [
      ("15.02.2025", "2025-02-15"), ("1.2.2025", "2025-02-01"), ("02.03.2025", "2025-03-02"),
      ("13/02/2025", "2025-02-13"), ("2/13/2025", "2025-02-13"), ("1/15/2022", "2022-01-15"),
      ("15-01-2022", "2022-01-15"), ("02/02/2025", "2025-02-02"), ("2025-02-15T08:30:00", "2025-02-15"),
      ("2025-02-15T23:30:00-05:00", "2025-02-15"), ("2025-02-15T00:10:00+09:00", "2025-02-15"),
      ("2025-02-15 08:30", "2025-02-15"), ("2025-02-15T08:30:00.000Z", "2025-02-15"),
      ("03/14/2024 08:15 AM", "2024-03-14"), ("1/15/2024 10:30", "2024-01-15"), ("15.01.2024 08:15", "2024-01-15"),
      ("3/14/19", "2019-03-14"), ("14.03.24", "2024-03-14"), ("02.03.25", "2025-03-02"), ("13/02/25", "2025-02-13"),
      ("3/14/27", "1927-03-14"),
    ])
  func labSheetForms(text: String, expected: String) throws {
    #expect(try Self.parse(text, .reading) == expected)
  }

  @Test(
    "a given order reads the ambiguous forms; a dotted date stays day first; a day the order makes impossible is refused",
    arguments: [
      ("02/03/2025", DateParser.DayOrder.monthFirst, "2025-02-03"), ("02/03/2025", .dayFirst, "2025-03-02"),
      ("2-3-2025", .dayFirst, "2025-03-02"), ("02.03.2025", .monthFirst, "2025-03-02"),
      ("13/02/2025", .monthFirst, nil),
      ("2/13/2025", .dayFirst, nil), ("2025-02-03", .dayFirst, "2025-02-03"),
    ] as [(String, DateParser.DayOrder, String?)])
  func givenOrder(text: String, order: DateParser.DayOrder, expected: String?) throws {
    if let expected {
      #expect(try DateParser.parse(text, today: Self.today, for: .reading, order: order).iso == expected)
    } else {
      #expect(throws: EntryError.invalidDate(text)) {
        try DateParser.parse(text, today: Self.today, for: .reading, order: order)
      }
    }
  }

  @Test(
    "garbage and impossible days are refused as unreadable",
    arguments: [
      "", "soon", "last someday", "15/13/2025", "15.13.2025", "32.01.2025", "2/30/2025", "2024-01-15T25:00:00Z",
      "2024-01-15T99:99:99Z",
      "2024-01-15T08:00:00+99:00", "03/14/2024 25:00", "03/14/2024 08:61 AM", "2024-01-15T0٨:30:00Z",
      "2024-01-15T08:30+٠١:00",
      "03/14/2024 ０8:15", "2024-01-15 8", "15.01.2024 noon",
      "30.02.2025", "2025-02-15Tnoon", "2025-02-15 noon", "Feb 30 2025", "Feb 29 2025",
      "2025-02-30", "2025-13-01", "2025/2/30", "Feb", "15", "2025", "Feb 15 2025 2026", "Feb Mar 15",
      "an hour ago", "3 fortnights ago", "in three", "Febuary 15", "Fe 15", "15th of Feb",
    ])
  func unreadable(text: String) {
    for purpose in [DateParser.Purpose.reading, .visit] {
      #expect(throws: EntryError.invalidDate(text)) { try Self.parse(text, purpose) }
    }
  }

  /// Newcomer review at stop 34: a sheet of monthly values ("Jan 2019") was refused as "not a
  /// date glance reads", with nothing saying the day was missing. It is still refused (a reading
  /// has its day), and the refusal says what is missing.
  @Test(
    "a month and year without a day is refused with what is missing",
    arguments: [
      ("Jan 2019", true), ("January 2019", true), ("2019-01", true), ("01/2019", true), ("Sept. 2024", true),
      ("Jan 15", false), ("2019", false), ("13/2019", false), ("Jan 15 2019", false), ("soon", false),
    ])
  func monthOnly(text: String, monthOnly: Bool) throws {
    #expect(DateParser.isMonthOnly(text) == monthOnly)
    guard monthOnly else { return }
    #expect(throws: EntryError.invalidDate(text)) { try Self.parse(text, .reading) }
    #expect(EntryError.invalidDate(text).message.contains("without its day"))
    let file = try Importer.read(Array("Date,HDL\n\(text),55\n".utf8))
    let error = #expect(throws: ImportError.self) {
      try Importer.plan(
        file, replace: false, into: .empty(createdAt: Timestamp(Fixture.now)), library: Fixture.library,
        today: Self.today, now: Timestamp(Fixture.now))
    }
    #expect(error?.message.contains("without its day") == true, "\(String(describing: error))")
    // Many such rows are said once, with how many (newcomer review this session).
    let many = try Importer.read(Array("Date,HDL\n\(text),55\n\(text),56\n\(text),57\n".utf8))
    let manyError = #expect(throws: ImportError.self) {
      try Importer.plan(
        many, replace: false, into: .empty(createdAt: Timestamp(Fixture.now)), library: Fixture.library,
        today: Self.today, now: Timestamp(Fixture.now))
    }
    let message = manyError?.message ?? ""
    #expect(message.components(separatedBy: "without its day").count == 2, "\(message)")
    #expect(message.contains("and 2 more rows like it"), "\(message)")
  }

  @Test(
    "leap days and month ends",
    arguments: [
      ("2024-02-29", "yesterday", "2024-02-28"), ("2024-02-29", "1 year ago", "2023-02-28"),
      ("2024-02-29", "4 years ago", "2020-02-29"), ("2024-02-29", "1 month ago", "2024-01-29"),
      ("2024-02-29", "Feb 29", "2024-02-29"), ("2024-03-01", "yesterday", "2024-02-29"),
      ("2026-03-10", "Feb 29", "2024-02-29"), ("2026-03-10", "Feb 29 2024", "2024-02-29"),
      ("2026-03-31", "1 month ago", "2026-02-28"), ("2024-03-31", "1 month ago", "2024-02-29"),
      ("2026-05-31", "1 month ago", "2026-04-30"), ("2026-01-01", "yesterday", "2025-12-31"),
      ("2026-01-05", "Dec 30", "2025-12-30"), ("2026-03-31", "3 months ago", "2025-12-31"),
    ])
  func leapAndMonthEnds(today: String, text: String, expected: String) throws {
    #expect(try Self.parse(text, today: Fixture.date(today), .reading) == expected)
  }

  @Test("on a leap day, tomorrow for a visit is March 1")
  func leapTomorrow() throws {
    #expect(try Self.parse("tomorrow", today: Fixture.date("2024-02-29"), .visit) == "2024-03-01")
    #expect(try Self.parse("tomorrow", today: Fixture.date("2025-02-28"), .visit) == "2025-03-01")
  }

  // MARK: three time zones

  /// Dates are calendar values: the zone decides only what "today" is; from then on every form is
  /// arithmetic on the calendar.
  @Test(
    "today comes from the zone's wall clock; yesterday is the day before it in every zone",
    arguments: [
      // 2026-03-10 23:30 UTC: Kiritimati (+14) is on Mar 11 13:30, Adak (−9, daylight time) on
      // Mar 10 14:30, Berlin (+1) on Mar 11 00:30.
      ("Pacific/Kiritimati", 1_773_185_400, "2026-03-11", "2026-03-10"),
      ("America/Adak", 1_773_185_400, "2026-03-10", "2026-03-09"),
      ("Europe/Berlin", 1_773_185_400, "2026-03-11", "2026-03-10"),
      // 2024-02-29 23:30 UTC: Kiritimati on Mar 1, Adak (−10) on Feb 29, Berlin (+1) on Mar 1.
      ("Pacific/Kiritimati", 1_709_249_400, "2024-03-01", "2024-02-29"),
      ("America/Adak", 1_709_249_400, "2024-02-29", "2024-02-28"),
      ("Europe/Berlin", 1_709_249_400, "2024-03-01", "2024-02-29"),
    ])
  func timeZones(zone: String, seconds: Int, today: String, yesterday: String) throws {
    let timeZone = try #require(TimeZone(identifier: zone))
    let date = CalendarDate.today(at: Date(timeIntervalSince1970: TimeInterval(seconds)), in: timeZone)
    #expect(date.iso == today)
    #expect(try Self.parse("today", today: date, .reading) == today)
    #expect(try Self.parse("yesterday", today: date, .reading) == yesterday)
    #expect(try Self.parse("1 day ago", today: date, .reading) == yesterday)
    #expect(try Self.parse(yesterday, today: date, .reading) == yesterday)
    #expect(throws: EntryError.self) { try Self.parse("tomorrow", today: date, .reading) }
  }

  @Test(
    "months and years ago count from that zone's today",
    arguments: [
      ("Pacific/Kiritimati", "2026-02-11", "2025-09-11", "2025-03-11", "2026-02-15"),
      ("America/Adak", "2026-02-10", "2025-09-10", "2025-03-10", "2026-02-15"),
      ("Europe/Berlin", "2026-02-11", "2025-09-11", "2025-03-11", "2026-02-15"),
    ])
  func monthsInZones(zone: String, oneMonth: String, sixMonths: String, oneYear: String, feb15: String) throws {
    let timeZone = try #require(TimeZone(identifier: zone))
    // 2026-03-10 23:30 UTC: already Mar 11 in Kiritimati and Berlin, still Mar 10 in Adak.
    let date = CalendarDate.today(at: Date(timeIntervalSince1970: 1_773_185_400), in: timeZone)
    #expect(try Self.parse("1 month ago", today: date, .reading) == oneMonth)
    #expect(try Self.parse("6 months ago", today: date, .reading) == sixMonths)
    #expect(try Self.parse("a year ago", today: date, .reading) == oneYear)
    #expect(try Self.parse("Feb 15", today: date, .reading) == feb15)
    #expect(try Self.parse("15 Feb 2026", today: date, .reading) == feb15)
  }

  @Test(
    "the same typed forms in each zone land on that zone's days",
    arguments: [
      ("Pacific/Kiritimati", "2026-03-04", "2026-03-11", "2026-03-12"),
      ("America/Adak", "2026-03-03", "2025-03-11", "2026-03-11"),
      ("Europe/Berlin", "2026-03-04", "2026-03-11", "2026-03-12"),
    ])
  func formsInZones(zone: String, weekAgo: String, readingMar11: String, tomorrow: String) throws {
    let timeZone = try #require(TimeZone(identifier: zone))
    let date = CalendarDate.today(at: Date(timeIntervalSince1970: 1_773_185_400), in: timeZone)
    #expect(try Self.parse("a week ago", today: date, .reading) == weekAgo)
    // "Mar 11" is today in Kiritimati and Berlin, but still a day ahead in Adak: last year for a reading.
    #expect(try Self.parse("Mar 11", today: date, .visit) == "2026-03-11")
    #expect(try Self.parse("Mar 11", today: date, .reading) == readingMar11)
    #expect(try Self.parse("tomorrow", today: date, .visit) == tomorrow)
  }
}
