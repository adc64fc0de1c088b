#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads the dates people type: `2025-02-15`, `today`, `yesterday`, `3 days ago`, `2 weeks ago`,
/// `Feb 15`, `Feb 15 2025`, `15 Feb 2025`, `February 15, 2025`; for visits also `tomorrow` and
/// `in 3 weeks`. From lab sheets: `15.02.2025` (dotted dates are always day first), `2/15/2025`
/// (only one day it can be) and `2025-02-15T08:30:00` (the day as written). Forms like
/// `02/03/2025` that mean different days in different countries are refused rather than
/// guessed, unless the order is given (`glance import --dates us|eu`).
public enum DateParser {
  /// Which number of a slashed date comes first: `us` 3/4/2024 is March 4, `eu` April 3.
  public enum DayOrder: String, Sendable, CaseIterable {
    case monthFirst = "us"
    case dayFirst = "eu"
  }

  /// What the date is for; it decides what a date without a year means.
  public enum Purpose: Sendable {
    /// A reading: never in the future; "Dec 15" means the latest Dec 15 not after today.
    case reading
    /// A visit: past or planned; "Dec 15" means Dec 15 of this year.
    case visit
  }

  /// The earliest day glance records anything on.
  public static let earliest = CalendarDate(year: 1900, month: 1, day: 1)!
  /// How far ahead a visit may be planned, in years.
  public static let visitYearsAhead = 10
  /// The longest date text read; anything longer is refused without being looked at.
  static let maximumLength = 64

  public static func parse(
    _ text: String, today: CalendarDate, for purpose: Purpose, order: DayOrder? = nil
  ) throws(EntryError) -> CalendarDate {
    guard text.utf8.count <= maximumLength else { throw .invalidDate(String(text.prefix(maximumLength)) + "…") }
    let date = try parseAny(text, today: today, purpose: purpose, order: order)
    try check(date, today: today, for: purpose)
    return date
  }

  /// A "today" pinned by `--today` or `GLANCE_TODAY`: exactly `YYYY-MM-DD`, from 1900 to
  /// `localToday` (this machine's): a reading saved under a later one is in the future for every
  /// other command, and export and import refuse it (attacker reviews: 2035, and then tomorrow,
  /// refused by an export in another time zone). Nil otherwise.
  public static func pinnedToday(_ text: String, localToday: CalendarDate) -> CalendarDate? {
    guard let date = CalendarDate(iso: text), date >= earliest, date.year <= 9998, date <= localToday else {
      return nil
    }
    return date
  }

  /// The last day a visit can be planned for.
  public static func visitLimit(today: CalendarDate) -> CalendarDate {
    today.adding(months: 12 * visitYearsAhead) ?? CalendarDate(year: 9999, month: 12, day: 31)!
  }

  /// Refuses a day outside what glance records: before 1900, a reading after today, a visit more
  /// than `visitYearsAhead` years ahead. Every entrance (typed, imported) checks dates with this.
  public static func check(_ date: CalendarDate, today: CalendarDate, for purpose: Purpose) throws(EntryError) {
    if date < earliest { throw .dateTooEarly(date) }
    switch purpose {
    case .reading:
      if date > today { throw .futureDate(date) }
    case .visit:
      if date > visitLimit(today: today) { throw .dateTooFarAhead(date) }
    }
  }

  /// The day `text` names, unchecked against what glance records (a period parser checks its own).
  static func parseAny(
    _ text: String, today: CalendarDate, purpose: Purpose, order: DayOrder? = nil
  ) throws(EntryError) -> CalendarDate {
    var trimmed = text.trimmingWhitespace()
    if let date = CalendarDate(iso: trimmed) { return date }
    // A portal's date and time ("2025-02-15T08:30:00-05:00", "03/04/2024 08:15 AM"): the day as
    // written, in the offset the lab wrote it in; the time must be one.
    if let (day, time) = splitTime(trimmed) {
      guard isTime(time) else { throw .invalidDate(trimmed) }
      trimmed = day
      if let date = CalendarDate(iso: trimmed) { return date }
    }
    let lowered = trimmed.lowercased()
    let named: CalendarDate??
    switch lowered {
    case "today", "now": named = today
    case "yesterday": named = today.adding(days: -1)
    case "tomorrow": named = today.adding(days: 1)
    case "last week": named = today.adding(days: -7)
    case "last month": named = today.adding(months: -1)
    case "last year": named = today.adding(months: -12)
    case "next week": named = today.adding(days: 7)
    case "next month": named = today.adding(months: 1)
    default: named = nil
    }
    if let named {
      // Nil only at the calendar's ends (year 1 or 9999).
      guard let date = named else { throw .invalidDate(trimmed) }
      return date
    }
    let words = lowered.replacingEvery(",", with: " ").split(separator: " ").map(String.init)
    // "3 days ago", "a week ago", "in 3 weeks".
    if words.count == 3, words[2] == "ago", let amount = amount(words[0]), let unit = unit(words[1]) {
      return try shift(today, by: -amount, unit, text: trimmed)
    }
    if words.count == 3, words[0] == "in", let amount = amount(words[1]), let unit = unit(words[2]) {
      return try shift(today, by: amount, unit, text: trimmed)
    }
    if let day = weekday(words, today: today, purpose: purpose) {
      guard let date = day else { throw .invalidDate(trimmed) }
      return date
    }
    // Numeric forms with slashes or dots: only year-first is unambiguous.
    for separator: Character in ["/", ".", "-"] where trimmed.contains(separator) && words.count == 1 {
      let parts = trimmed.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
      // NB: ASCII digits only, at most four: `Character.isNumber` is also true of "٢", "２", "½"
      // and "²", which `Int` cannot read, and twenty digits overflow it.
      guard parts.count == 3,
        parts.allSatisfy({ (1...4).contains($0.utf8.count) && $0.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } })
      else { break }
      let numbers = parts.compactMap { Int($0) }
      guard numbers.count == 3 else { break }
      // "20-03-04": day-month-year, or year-month-day as ISO writes it? Never guessed, unless the
      // order is given (attacker's second look at stop 33: read as Mar 20, 2004).
      if separator == "-", order == nil, parts.allSatisfy({ $0.utf8.count <= 2 }) { throw .ambiguousDate(trimmed) }
      // Year first (four digits): that day, or none (attacker review at stop 37: "0000-01-01" was
      // said to be month/day or day/month).
      if parts[0].count == 4 {
        guard let date = CalendarDate(year: numbers[0], month: numbers[1], day: numbers[2]) else {
          throw .invalidDate(trimmed)
        }
        return date
      }
      // 02/03/2025: month/day or day/month? Dotted dates are day first wherever they are
      // written; otherwise only one reading may be possible (a part over 12), or the order given.
      let ambiguous = numbers[0] <= 12 && numbers[1] <= 12 && numbers[0] != numbers[1]
      guard parts[2].count == 4 || (parts[2].count == 2 && (separator == "." || order != nil || !ambiguous)) else {
        if ambiguous && separator != "." { throw .ambiguousDate(trimmed) }
        throw .invalidDate(trimmed)
      }
      // A two-digit year (a spreadsheet's m/d/yy): the latest such year not after today's.
      let year = parts[2].count == 4 ? numbers[2] : twoDigitYear(numbers[2], today: today)
      let dayFirst: Bool
      if separator == "." {
        dayFirst = true
      } else if let order {
        dayFirst = order == .dayFirst
      } else if ambiguous {
        throw .ambiguousDate(trimmed)
      } else {
        dayFirst = numbers[0] > 12
      }
      let (month, day) = dayFirst ? (numbers[1], numbers[0]) : (numbers[0], numbers[1])
      guard let date = CalendarDate(year: year, month: month, day: day) else { throw .invalidDate(trimmed) }
      return date
    }
    // Month-name forms; with hyphens too, as Excel writes them ("15-Jan-2020", "15-Jan-20").
    let hyphened = words.count == 1 && trimmed.contains("-")
    let nameWords = hyphened ? words[0].split(separator: "-", omittingEmptySubsequences: false).map(String.init) : words
    // Three parts, a day of one or two digits and a year of two or four (attacker's second look:
    // "-15-Jan-2020", "0015-Jan-2020" and "15-Jan-02020" were read).
    if hyphened {
      let digits = nameWords.filter { $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
      guard nameWords.count == 3, !nameWords.contains(where: \.isEmpty), digits.count == 2,
        digits.allSatisfy({ [1, 2, 4].contains($0.utf8.count) }), digits.contains(where: { $0.utf8.count <= 2 })
      else { throw .invalidDate(trimmed) }
    }
    var month: Int?
    var day: Int?
    var year: Int?
    for word in nameWords {
      if hyphened, day != nil, year == nil, month != nil, word.utf8.count == 2, let number = Int(word) {
        year = twoDigitYear(number, today: today)
        continue
      }
      if let number = Int(
        word.hasSuffix("st") || word.hasSuffix("nd") || word.hasSuffix("rd") || word.hasSuffix("th")
          ? String(word.dropLast(2)) : word)
      {
        if number >= 1000 {
          guard year == nil else { throw .invalidDate(trimmed) }
          year = number
        } else {
          guard day == nil else { throw .invalidDate(trimmed) }
          day = number
        }
      } else if let named = monthNumber(word) {
        guard month == nil else { throw .invalidDate(trimmed) }
        month = named
      } else {
        throw .invalidDate(trimmed)
      }
    }
    guard let month, let day else { throw .invalidDate(trimmed) }
    if let year {
      guard let date = CalendarDate(year: year, month: month, day: day) else { throw .invalidDate(trimmed) }
      return date
    }
    // No year: for a reading, the latest such day not after today; for a visit, this year's
    // (Feb 29 without a leap year: the nearest leap day in that direction).
    let step = purpose == .reading ? -1 : 1
    var candidateYear = today.year
    for _ in 0..<9 {
      if let date = CalendarDate(year: candidateYear, month: month, day: day),
        purpose == .visit || date <= today
      {
        return date
      }
      candidateYear += step
    }
    throw .invalidDate(trimmed)
  }

  static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

  /// The day a weekday names ("tuesday", "tue", "last tuesday", "next tuesday"): for a reading
  /// the latest on or before today ("last": before today), for a visit the first on or after it
  /// ("next": after today). Nil when `words` name no weekday; .some(nil) at the calendar's end.
  static func weekday(_ words: [String], today: CalendarDate, purpose: Purpose) -> CalendarDate?? {
    let qualified = words.count == 2 && (words[0] == "last" || words[0] == "next")
    let named = qualified ? words[1] : words.count == 1 ? words[0] : ""
    guard named.utf8.count >= 3, let index = weekdays.firstIndex(where: { $0.hasPrefix(named) }) else { return nil }
    let todayIndex = weekday(today)
    let ahead = words.first == "next" || (purpose == .visit && words.first != "last")
    if ahead {
      var days = (index + 1 - todayIndex + 7) % 7
      if days == 0 && qualified { days = 7 }
      return .some(today.adding(days: days))
    }
    var back = (todayIndex - (index + 1) + 7) % 7
    if back == 0 && qualified { back = 7 }
    return .some(today.adding(days: -back))
  }

  /// 1 for Monday through 7 for Sunday.
  static func weekday(_ date: CalendarDate) -> Int {
    // 1970-01-01 was a Thursday.
    ((date.dayNumber % 7 + 7) % 7 + 3) % 7 + 1
  }

  /// 24 → 2024 on a day in 2026; 27 → 1927.
  static func twoDigitYear(_ value: Int, today: CalendarDate) -> Int {
    let century = today.year / 100 * 100
    return century + value <= today.year ? century + value : century - 100 + value
  }

  /// "2025-02-15T08:30:00Z" → ("2025-02-15", "08:30:00Z"); "3/4/2024 08:15 AM" → ("3/4/2024",
  /// "08:15 AM"); "01.11.2026, 10:30" → ("01.11.2026", "10:30"). Nil unless a digit follows the
  /// T or the first space.
  static func splitTime(_ text: String) -> (String, String)? {
    let bytes = Array(text.utf8)
    if bytes.count > 11, bytes[10] == UInt8(ascii: "T"), bytes[11] >= 48 && bytes[11] <= 57 {
      return (String(decoding: bytes[..<10], as: UTF8.self), String(decoding: bytes[11...], as: UTF8.self))
    }
    guard let space = bytes.firstIndex(of: UInt8(ascii: " ")), space + 1 < bytes.count,
      bytes[space + 1] >= 48 && bytes[space + 1] <= 57,
      bytes[..<space].contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") })
    else { return nil }
    // A comma between the date and its time, as a German or Excel export writes it.
    let dayEnd = bytes[space - 1] == UInt8(ascii: ",") ? space - 1 : space
    return (
      String(decoding: bytes[..<dayEnd], as: UTF8.self),
      String(decoding: bytes[(space + 1)...], as: UTF8.self).trimmingWhitespace()
    )
  }

  /// The second of the day a date cell's time names ("01.11.2026 10:30" → 37,800; "8:15 PM" →
  /// 72,900), in UTC when it gives an offset; nil when the cell has no time.
  static func secondOfDay(_ text: String) -> Int? {
    guard let (_, time) = splitTime(text.trimmingWhitespace()) else { return nil }
    return secondOfDay(time: time)
  }

  /// The second of the day a time names ("10:30", "8:15 PM", "08:15:30Z"), nil for anything else.
  /// A time with an offset is counted in UTC ("10:30+01:00" → 09:30, "08:00-05:00" → 13:00), so
  /// one day's times written with different offsets are in the order they happened (attacker
  /// review); the result may then fall outside 0..<86,400.
  static func secondOfDay(time text: String) -> Int? {
    let time = text.trimmingWhitespace()
    guard isTime(time) else { return nil }
    let lower = time.lowercased()
    let pm = lower.hasSuffix("pm")
    let am = lower.hasSuffix("am")
    let digits = time.prefix { $0 != "Z" && $0 != "z" && $0 != "+" && $0 != "-" && $0 != " " && !$0.isLetter }
    let parts = digits.split(separator: ":").map { Int($0.split(separator: ".").first ?? "") ?? 0 }
    guard parts.count >= 2 else { return nil }
    var hour = parts[0]
    if pm, hour < 12 { hour += 12 }
    if am, hour == 12 { hour = 0 }
    var offset = 0
    if let sign = time.lastIndex(where: { $0 == "+" || $0 == "-" }) {
      let fields = time[time.index(after: sign)...].split(separator: ":").map { Int($0) ?? 0 }
      offset = (time[sign] == "-" ? -1 : 1) * ((fields.first ?? 0) * 3600 + (fields.dropFirst().first ?? 0) * 60)
    }
    return hour * 3600 + parts[1] * 60 + (parts.count > 2 ? parts[2] : 0) - offset
  }

  /// A time of day as labs write it: `08:30`, `8:30:15`, `08:30:00.000Z`, `23:30:00-05:00`,
  /// `8:15 AM`, `10:30 Uhr` (German: o'clock). The hour, minutes, seconds and offset must be
  /// real ones.
  static func isTime(_ text: String) -> Bool {
    var rest = Substring(text)
    for suffix in [" am", " pm", "am", "pm", " uhr", "uhr"] where rest.lowercased().hasSuffix(suffix) {
      rest = rest.dropLast(suffix.count)
      break
    }
    var offsetOK = true
    if rest.hasSuffix("Z") || rest.hasSuffix("z") {
      rest = rest.dropLast()
    } else if let sign = rest.lastIndex(where: { $0 == "+" || $0 == "-" }) {
      let offset = rest[rest.index(after: sign)...].split(separator: ":", omittingEmptySubsequences: false)
      offsetOK = offset.count == 2 && number(offset[0], upTo: 14) && number(offset[1], upTo: 59)
      rest = rest[..<sign]
    }
    let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
    guard offsetOK, (2...3).contains(parts.count) else { return false }
    let seconds = parts.count == 3 ? parts[2].split(separator: ".", maxSplits: 1).first ?? "" : "00"
    return number(parts[0], upTo: 23) && number(parts[1], upTo: 59) && number(seconds, upTo: 59)
  }

  /// One or two ASCII digits whose value is at most `limit`; anything else (another script's
  /// digits, a sign, three digits) is not.
  private static func number(_ text: Substring, upTo limit: Int) -> Bool {
    guard (1...2).contains(text.utf8.count), text.utf8.allSatisfy(\.isASCIIDigit), let value = Int(text) else {
      return false
    }
    return value <= limit
  }

  private enum Unit { case day, week, month, year }

  private static func amount(_ word: String) -> Int? {
    if word == "a" || word == "an" || word == "one" { return 1 }
    let spelled = ["two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10]
    if let value = spelled[word] { return value }
    guard let value = Int(word), (0...5000).contains(value) else { return nil }
    return value
  }

  private static func unit(_ word: String) -> Unit? {
    switch word {
    case "day", "days": .day
    case "week", "weeks", "wk", "wks": .week
    case "month", "months", "mo", "mos": .month
    case "year", "years", "yr", "yrs": .year
    default: nil
    }
  }

  private static func shift(_ date: CalendarDate, by amount: Int, _ unit: Unit, text: String) throws(EntryError)
    -> CalendarDate
  {
    let result: CalendarDate?
    switch unit {
    case .day: result = date.adding(days: amount)
    case .week: result = date.adding(days: amount * 7)
    case .month: result = date.adding(months: amount)
    case .year: result = date.adding(months: amount * 12)
    }
    guard let result else { throw .invalidDate(text) }
    return result
  }

  /// True for a month and a year without a day ("Jan 2019", "2019-01", "01/2019"): a sheet of
  /// monthly values (newcomer review at stop 34: refused as "not a date", with nothing saying
  /// the day was missing).
  public static func isMonthOnly(_ text: String) -> Bool {
    let parts = text.lowercased().split { " ,-./".contains($0) }.map(String.init)
    guard parts.count == 2 else { return false }
    func isYear(_ part: String) -> Bool {
      part.utf8.count == 4 && part.utf8.allSatisfy(\.isASCIIDigit) && (1900...2100).contains(Int(part) ?? 0)
    }
    func isMonth(_ part: String) -> Bool {
      monthNumber(part) != nil
        || ((1...2).contains(part.utf8.count) && part.utf8.allSatisfy(\.isASCIIDigit)
          && (1...12).contains(Int(part) ?? 0))
    }
    return (isYear(parts[0]) && isMonth(parts[1])) || (isMonth(parts[0]) && isYear(parts[1]))
  }

  static func monthNumber(_ word: String) -> Int? {
    let cleaned = word.hasSuffix(".") ? String(word.dropLast()) : word
    guard cleaned.count >= 3 else { return nil }
    for (index, name) in DateText.monthNames.enumerated() {
      let lower = name.lowercased()
      if lower.hasPrefix(cleaned) || (cleaned == "sept" && index == 8) { return index + 1 }
    }
    return nil
  }
}
