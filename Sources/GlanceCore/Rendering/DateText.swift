/// Dates in words: "Feb 15, 2025", "8 months ago".
public enum DateText {
  static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
    "November", "December",
  ]

  /// "Jan" … "Dec".
  /// Said of a month and year without a day ("Jan 2019").
  static let monthOnlyHint =
    "a month without its day; glance keeps the day a reading was taken, so write the day it was taken, or the one you choose for that month, like Jan 15 2019"

  public static func shortMonth(_ month: Int) -> String { String(monthNames[month - 1].prefix(3)) }

  /// "Feb 15, 2025".
  public static func long(_ date: CalendarDate) -> String {
    "\(shortMonth(date.month)) \(date.day), \(date.year)"
  }

  /// "Feb 15" in the current year, else "Feb 15, 2025".
  public static func compact(_ date: CalendarDate, today: CalendarDate) -> String {
    date.year == today.year ? "\(shortMonth(date.month)) \(date.day)" : long(date)
  }

  /// "today", "yesterday", "5 days ago", "3 weeks ago", "8 months ago", "2 years ago", or the same
  /// forward in time ("in 3 weeks").
  public static func relative(_ date: CalendarDate, today: CalendarDate) -> String {
    let days = date.days(until: today)
    if days == 0 { return "today" }
    if days == 1 { return "yesterday" }
    if days == -1 { return "tomorrow" }
    let past = days > 0
    let magnitude = abs(days)
    let earlier = past ? date : today
    let later = past ? today : date
    let months = wholeMonths(from: earlier, to: later)
    let phrase: String
    if magnitude < 14 {
      phrase = counted(magnitude, "day")
    } else if months < 1 {
      phrase = counted(magnitude / 7, "week")
    } else if months < 24 {
      phrase = counted(months, "month")
    } else {
      phrase = counted(months / 12, "year")
    }
    return past ? phrase + " ago" : "in " + phrase
  }

  /// Whole calendar months from `start` to `end` (end ≥ start): Jan 15 → Feb 14 is 0, → Feb 15 is
  /// 1, and Jan 31 → Feb 28 is 1 (a shorter month ends the month).
  public static func wholeMonths(from start: CalendarDate, to end: CalendarDate) -> Int {
    var months = (end.year - start.year) * 12 + (end.month - start.month)
    if end.day < start.day {
      // Not a whole month yet, unless `end` is the last day of a shorter month.
      let lastDay = CalendarDate.daysIn(month: end.month, year: end.year)
      if !(end.day == lastDay && start.day > lastDay) { months -= 1 }
    }
    return max(0, months)
  }

  /// The forms glance reads, for error messages.
  public static let examples =
    "Use a form like 2025-02-15, today, yesterday, \"3 days ago\", \"last tuesday\", \"Feb 15\", \"Feb 15 2025\" or \"15 Feb 2025\"."
}
