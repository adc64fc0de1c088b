#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A day on the calendar — not an instant — stored and printed as `YYYY-MM-DD`.
///
/// A lab draw on Feb 15 stays Feb 15 whatever the time zone of the machine reading the file, so
/// dates of service and visit dates are never `Date` values. Only conversions at the edges
/// (`today(in:)`, adding days) touch a `Calendar`, and they use the Gregorian calendar in UTC so no
/// daylight-saving gap can move a day.
public struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let year: Int
  public let month: Int
  public let day: Int

  /// The day it is at `now` where it is latest on Earth (UTC+14, Kiribati): the last day a
  /// reading saved anywhere can be dated. A file's readings up to it are taken, wherever glance
  /// runs, so a backup made a day ahead restores here, and what one glance took every other
  /// takes (attacker reviews at stop 33: a window counted from each computer's today differed).
  public static func latestAnywhere(_ now: Timestamp) -> CalendarDate {
    today(secondsSince1970: Int(now.secondsSince1970), utcOffset: 14 * 3600)
  }

  /// The last day a file's reading may have: today here, or later where it is already tomorrow.
  public static func latestInFile(today: CalendarDate, now: Timestamp) -> CalendarDate {
    max(today, latestAnywhere(now))
  }

  /// Creates a date when the year, month and day name a real day (1…9999), or nil.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month), day >= 1,
      day <= CalendarDate.daysIn(month: month, year: year)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// Parses exactly `YYYY-MM-DD` (four, two and two digits); anything else is nil.
  public init?(iso text: some StringProtocol) {
    var text = String(text)
    guard let date = text.withUTF8({ CalendarDate(isoBytes: $0) }) else { return nil }
    self = date
  }

  /// Parses exactly `YYYY-MM-DD` from UTF-8 bytes.
  @inline(__always)
  public init?(isoBytes bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      let year = digits(bytes, 0, 4), let month = digits(bytes, 5, 2), let day = digits(bytes, 8, 2)
    else { return nil }
    self.init(year: year, month: month, day: day)
  }

  /// `YYYY-MM-DD`, the stored form.
  public var iso: String {
    func pad(_ value: Int, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
  }

  public var description: String { iso }

  public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  public static func isLeap(_ year: Int) -> Bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  }

  public static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Days since 1970-01-01 (negative before), by the proleptic Gregorian calendar.
  public var dayNumber: Int {
    // Howard Hinnant's days_from_civil.
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = (month + 9) % 12
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  /// The date `dayNumber` days after 1970-01-01, or nil outside years 1…9999.
  public init?(dayNumber: Int) {
    let z = dayNumber + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    self.init(year: year, month: month, day: day)
  }

  /// The date `days` later (earlier when negative), or nil outside years 1…9999.
  public func adding(days: Int) -> CalendarDate? {
    CalendarDate(dayNumber: dayNumber + days)
  }

  /// The date `months` later (earlier when negative), the day clamped to the month's last day
  /// (Mar 31 minus one month is Feb 28 or 29), or nil outside years 1…9999.
  public func adding(months: Int) -> CalendarDate? {
    let total = year * 12 + (month - 1) + months
    let newYear = total / 12
    let newMonth = total % 12 + 1
    guard total >= 0, (1...9999).contains(newYear) else { return nil }
    return CalendarDate(
      year: newYear, month: newMonth,
      day: min(day, CalendarDate.daysIn(month: newMonth, year: newYear)))
  }

  /// Whole days from `self` to `other` (positive when `other` is later).
  public func days(until other: CalendarDate) -> Int { other.dayNumber - dayNumber }

  /// Today on the wall calendar of `timeZone` at `now`.
  public static func today(at now: Date = Date(), in timeZone: TimeZone = .current) -> CalendarDate {
    today(
      secondsSince1970: Int(now.timeIntervalSince1970.rounded(.down)), utcOffset: timeZone.secondsFromGMT(for: now))
  }

  /// Today on a wall clock `utcOffset` seconds ahead of UTC (behind when negative), at
  /// `secondsSince1970` seconds after 1970-01-01 00:00 UTC. Outside years 1…9999 it is 1970-01-01.
  public static func today(secondsSince1970: Int, utcOffset: Int) -> CalendarDate {
    let (seconds, overflow) = secondsSince1970.addingReportingOverflow(utcOffset)
    let days = seconds / 86_400 - (seconds % 86_400 < 0 ? 1 : 0)
    return (overflow ? nil : CalendarDate(dayNumber: days)) ?? CalendarDate(year: 1970, month: 1, day: 1)!
  }
}

/// The number written by `count` ASCII digits at `offset`, or nil.
@inline(__always)
func digits(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int, _ count: Int) -> Int? {
  var value = 0
  for index in offset..<(offset + count) {
    let digit = Int(bytes[index]) &- 48
    guard digit >= 0, digit <= 9 else { return nil }
    value = value * 10 + digit
  }
  return value
}

extension CalendarDate: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let date = CalendarDate(iso: text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "Expected a date as YYYY-MM-DD, found \"\(text)\".")
    }
    self = date
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(iso)
  }
}
