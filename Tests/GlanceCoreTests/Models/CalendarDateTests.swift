import Foundation
import Testing

@testable import GlanceCore

@Suite("CalendarDate and Timestamp")
struct CalendarDateTests {
  @Test(
    "parses only real YYYY-MM-DD days",
    arguments: [
      ("2025-02-15", true), ("2024-02-29", true), ("2025-02-29", false), ("1900-02-29", false),
      ("2000-02-29", true), ("2025-13-01", false), ("2025-00-10", false), ("2025-04-31", false),
      ("2025-2-15", false), ("25-02-15", false), ("2025/02/15", false), ("2025-02-15T00:00", false),
      ("", false), ("abcd-ef-gh", false), ("0000-01-01", false), ("9999-12-31", true),
    ])
  func parsing(text: String, valid: Bool) {
    let date = CalendarDate(iso: text)
    #expect((date != nil) == valid)
    if let date { #expect(date.iso == text) }
  }

  @Test("day numbers round-trip across eras", arguments: [-719_162, -1, 0, 1, 11_016, 20_000, 2_932_896])
  func dayNumbers(day: Int) throws {
    let date = try #require(CalendarDate(dayNumber: day))
    #expect(date.dayNumber == day)
  }

  @Test("the epoch and known days")
  func knownDays() {
    #expect(CalendarDate(year: 1970, month: 1, day: 1)!.dayNumber == 0)
    #expect(CalendarDate(iso: "2025-02-15")!.dayNumber == 20_134)
    #expect(CalendarDate(iso: "2024-03-01")!.adding(days: -1)!.iso == "2024-02-29")
  }

  @Test(
    "adding months clamps to the month's end",
    arguments: [
      ("2025-03-31", -1, "2025-02-28"), ("2024-03-31", -1, "2024-02-29"), ("2025-01-31", 1, "2025-02-28"),
      ("2025-12-15", 1, "2026-01-15"), ("2025-01-15", -13, "2023-12-15"), ("2024-02-29", 12, "2025-02-28"),
    ])
  func addingMonths(start: String, months: Int, expected: String) {
    #expect(CalendarDate(iso: start)!.adding(months: months)!.iso == expected)
  }

  @Test(
    "today follows the wall clock of the given time zone",
    arguments: [
      ("Pacific/Kiritimati", "2025-02-16"), ("America/Adak", "2025-02-15"), ("UTC", "2025-02-15"),
      ("Asia/Tokyo", "2025-02-16"), ("America/Los_Angeles", "2025-02-15"),
    ])
  func todayInZones(zone: String, expected: String) throws {
    // 2025-02-15 20:00 UTC.
    let instant = Date(timeIntervalSince1970: 1_739_649_600)
    let timeZone = try #require(TimeZone(identifier: zone))
    #expect(CalendarDate.today(at: instant, in: timeZone).iso == expected)
  }

  @Test(
    "today from seconds and a UTC offset rounds toward the past, before 1970 too",
    arguments: [
      (0, 0, "1970-01-01"), (86_399, 0, "1970-01-01"), (86_400, 0, "1970-01-02"),
      (-1, 0, "1969-12-31"), (-86_400, 0, "1969-12-31"), (-86_401, 0, "1969-12-30"),
      // 2025-02-15 20:00 UTC seen from +14 h, −10 h, +5:45 and −3:30.
      (1_739_649_600, 50_400, "2025-02-16"), (1_739_649_600, -36_000, "2025-02-15"),
      (1_739_649_600, 20_700, "2025-02-16"), (1_739_649_600, -12_600, "2025-02-15"),
      // 2024-02-29 23:30 UTC: a quarter-hour either side of midnight.
      (1_709_249_400, 1_800, "2024-03-01"), (1_709_249_400, 1_799, "2024-02-29"),
      // Outside the calendar glance keeps, or past Int's edge: the fallback day.
      (Int.max, 3_600, "1970-01-01"), (Int.min, -3_600, "1970-01-01"), (400_000_000_000, 0, "1970-01-01"),
    ])
  func todayFromOffset(seconds: Int, offset: Int, expected: String) {
    #expect(CalendarDate.today(secondsSince1970: seconds, utcOffset: offset).iso == expected)
  }

  @Test("a stored date reads back as the same day under any TZ setting")
  func codableIgnoresTimeZone() throws {
    let date = CalendarDate(iso: "2025-02-15")!
    let data = try JSONEncoder().encode([date])
    #expect(String(decoding: data, as: UTF8.self) == "[\"2025-02-15\"]")
    #expect(try JSONDecoder().decode([CalendarDate].self, from: data) == [date])
  }

  @Test(
    "timestamps are whole seconds in UTC",
    arguments: [
      ("2025-02-15T09:30:00Z", true), ("1970-01-01T00:00:00Z", true), ("2025-02-15T24:00:00Z", false),
      ("2025-02-15T09:30:00.5Z", false), ("2025-02-15T09:30:00+01:00", false), ("2025-02-15 09:30:00Z", false),
      ("1969-12-31T23:59:59Z", true),
    ])
  func timestamps(text: String, valid: Bool) {
    let value = Timestamp(iso: text)
    #expect((value != nil) == valid)
    if let value { #expect(value.iso == text) }
  }

  @Test("a timestamp drops fractions so a round trip is exact")
  func timestampRounding() {
    let stamp = Timestamp(Date(timeIntervalSince1970: 1_739_611_800.987))
    #expect(stamp.iso == "2025-02-15T09:30:00Z")
    #expect(Timestamp(iso: stamp.iso) == stamp)
    #expect(Timestamp(secondsSince1970: -1).iso == "1969-12-31T23:59:59Z")
  }
}
