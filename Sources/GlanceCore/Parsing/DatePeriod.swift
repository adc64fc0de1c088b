/// A stretch of days, both ends included: what `--since` and `--until` read. A period names
/// a day (`2025-02-15`, `"3 months ago"`, `Feb 15`, `monday`), a month (`2024-03`,
/// `"March 2024"`, `march`, `"last month"`), a year (`2024`, `"this year"`) or a week
/// (`"last week"`); `--since` takes its first day and `--until` its last.
public struct DatePeriod: Equatable, Sendable {
  public var start: CalendarDate
  public var end: CalendarDate

  public init(start: CalendarDate, end: CalendarDate) {
    (self.start, self.end) = (start, end)
  }

  /// One day.
  public init(day: CalendarDate) { self.init(start: day, end: day) }

  /// The period `text` names, as of `today`. A day without a year is the latest such day not
  /// after today, a month without a year the latest that has begun, a weekday the latest on or
  /// before today (`last monday`: before today). Never before 1900.
  public static func parse(_ text: String, today: CalendarDate) throws(PeriodError) -> DatePeriod {
    guard text.utf8.count <= DateParser.maximumLength else {
      throw .unreadable(String(text.prefix(DateParser.maximumLength)) + "…")
    }
    let trimmed = text.trimmingWhitespace()
    let period = try read(trimmed, today: today)
    guard period.end >= DateParser.earliest else { throw .tooEarly(trimmed) }
    return DatePeriod(start: max(period.start, DateParser.earliest), end: period.end)
  }

  private static func read(_ text: String, today: CalendarDate) throws(PeriodError) -> DatePeriod {
    let lowered = text.lowercased()
    let words = lowered.replacingEvery(",", with: " ").split(separator: " ").map(String.init)
    func month(_ year: Int, _ month: Int) throws(PeriodError) -> DatePeriod {
      guard let start = CalendarDate(year: year, month: month, day: 1),
        let end = CalendarDate(year: year, month: month, day: CalendarDate.daysIn(month: month, year: year))
      else { throw .unreadable(text) }
      return DatePeriod(start: start, end: end)
    }
    func year(_ year: Int) throws(PeriodError) -> DatePeriod {
      guard let start = CalendarDate(year: year, month: 1, day: 1),
        let end = CalendarDate(year: year, month: 12, day: 31)
      else { throw .unreadable(text) }
      return DatePeriod(start: start, end: end)
    }
    func week(endingAfter days: Int) throws(PeriodError) -> DatePeriod {
      // Weeks run Monday to Sunday, as ISO 8601 counts them.
      guard let monday = today.adding(days: -(DateParser.weekday(today) - 1) + days),
        let sunday = monday.adding(days: 6)
      else { throw .unreadable(text) }
      return DatePeriod(start: monday, end: sunday)
    }
    switch lowered {
    case "this week": return try week(endingAfter: 0)
    case "last week": return try week(endingAfter: -7)
    case "this month": return try month(today.year, today.month)
    case "last month":
      return today.month == 1 ? try month(today.year - 1, 12) : try month(today.year, today.month - 1)
    case "this year": return try year(today.year)
    case "last year": return try year(today.year - 1)
    default: break
    }
    // 2024
    if isDigits(lowered, count: 4), let number = Int(lowered) { return try year(number) }
    // 2024-03, 2024/03
    for separator: Character in ["-", "/"] {
      let parts = lowered.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
      if parts.count == 2, isDigits(parts[0], count: 4), (1...2).contains(parts[1].utf8.count),
        isDigits(parts[1], count: parts[1].utf8.count), let number = Int(parts[0]), let monthNumber = Int(parts[1]),
        (1...12).contains(monthNumber)
      {
        return try month(number, monthNumber)
      }
    }
    // March 2024, 2024 March, march
    if words.count <= 2, let name = words.first(where: { DateParser.monthNumber($0) != nil }),
      let monthNumber = DateParser.monthNumber(name)
    {
      let rest = words.filter { $0 != name }
      if rest.isEmpty, words.count == 1 {
        return try month(monthNumber <= today.month ? today.year : today.year - 1, monthNumber)
      }
      if rest.count == 1, isDigits(rest[0], count: 4), let number = Int(rest[0]) {
        return try month(number, monthNumber)
      }
    }
    // monday, mon, last monday: the latest on or before today (DateParser reads them)
    if words.first != "next", let named = DateParser.weekday(words, today: today, purpose: .reading) {
      guard let day = named else { throw .unreadable(text) }
      return DatePeriod(day: day)
    }
    do {
      return DatePeriod(day: try DateParser.parseAny(text, today: today, purpose: .reading))
    } catch {
      if case .ambiguousDate = error { throw .ambiguous(text) }
      throw .unreadable(text)
    }
  }

  private static func isDigits(_ text: String, count: Int) -> Bool {
    text.utf8.count == count && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
  }
}

/// A `--since` or `--until` glance cannot read, or one that selects no day it keeps.
public enum PeriodError: GlanceError, Equatable {
  case unreadable(String)
  case ambiguous(String)
  case tooEarly(String)
  /// The option's text and the first day it names, after today.
  case afterToday(String, CalendarDate)
  /// `--since` and `--until` texts whose days leave nothing between them.
  case reversed(String, String)

  public var message: String {
    switch self {
    case .unreadable(let text):
      "glance can't read the period \(quoted(text)). Use a day (2025-02-15, \"3 months ago\", \"Feb 15\", monday), a month (2024-03, \"March 2024\", \"last month\"), a year (2024, \"this year\") or \"last week\"."
    case .ambiguous(let text):
      "\(quoted(text)) could mean two different days (month/day or day/month). Use a form like 2025-02-15."
    case .tooEarly(let text): "\(quoted(text)) is before 1900; glance keeps nothing that early."
    case .afterToday(let text, let start):
      "\(quoted(text)) begins on \(DateText.long(start)), after today, so there are no readings from then on."
    case .reversed(let since, let until):
      "--since \(quoted(since)) begins after --until \(quoted(until)) ends, so nothing is between them."
    }
  }

  public var kind: ErrorKind { .refused }
}
