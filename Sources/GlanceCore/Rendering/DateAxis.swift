/// Date labels for a time axis that suit the span: years, months or days.
enum DateAxis {
  struct Label: Equatable {
    /// The tick's column.
    var column: Int
    var text: String
    /// Where the text starts: at its tick, or left of it so that it ends within the width.
    var textColumn: Int
  }

  /// Labels between `start` and `end`, placed by `column`, none overlapping, within `width`.
  static func labels(from start: CalendarDate, to end: CalendarDate, width: Int, column: (CalendarDate) -> Int)
    -> [Label]
  {
    let span = start.days(until: end)
    // Candidate dates and how to name each, given the date of the label placed before it.
    var candidates: [CalendarDate] = []
    let name: (CalendarDate, CalendarDate?) -> String
    if span == 0 {
      candidates = [start]
      name = { date, _ in DateText.long(date) }
    } else if span >= 730 {
      let firstYear = start.month == 1 && start.day == 1 ? start.year : start.year + 1
      candidates = (firstYear...max(firstYear, end.year)).compactMap { CalendarDate(year: $0, month: 1, day: 1) }
        .filter { $0 <= end }
      name = { date, _ in String(date.year) }
    } else if span >= 60 {
      // NB: `adding` is nil only past year 9999: the loops stop there instead of trapping.
      var month = CalendarDate(year: start.year, month: start.month, day: 1)
      if let first = month, first < start { month = first.adding(months: 1) }
      while let current = month, current <= end {
        candidates.append(current)
        month = current.adding(months: 1)
      }
      name = { date, previous in
        previous?.year == date.year
          ? DateText.shortMonth(date.month) : "\(DateText.shortMonth(date.month)) \(date.year)"
      }
    } else {
      let step = span <= 10 ? 1 : span <= 20 ? 2 : 7
      var day: CalendarDate? = start
      while let current = day, current <= end {
        candidates.append(current)
        day = current.adding(days: step)
      }
      name = { date, previous in
        previous.map { ($0.year, $0.month) == (date.year, date.month) } == true
          ? String(date.day) : "\(DateText.shortMonth(date.month)) \(date.day)"
      }
    }
    // Keep labels that fit without touching the one before; thin them until they do.
    for stride in 1...max(1, candidates.count) {
      var placed: [Label] = []
      var previous: CalendarDate?
      var nextFree = 0
      var fits = true
      for (index, date) in candidates.enumerated() where index % stride == 0 {
        let text = name(date, previous)
        let x = min(max(0, column(date)), width - 1)
        // A label ends within the width (the line holds one column past the axis): the last one
        // sits left of its tick rather than run off the screen (newcomer review at stop 34:
        // "Mar 2026" ran 6 columns past 80 and "2026" wrapped onto a line of its own).
        let start = min(x, width + 1 - text.count)
        if start < nextFree || start < 0 {
          fits = false
          break
        }
        placed.append(Label(column: x, text: text, textColumn: start))
        previous = date
        nextFree = start + text.count + 2
      }
      if fits { return placed }
    }
    return []
  }
}
