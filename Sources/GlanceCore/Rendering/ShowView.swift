#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `glance show`: the chart, the latest readings, and one sentence that sums them all up.
public enum ShowView {
  /// How many readings the table lists unless asked for more (`-n N`, `--all`).
  public static let defaultRows = 20
  /// The most `-n` takes: more than any history holds.
  public static let maximumRows = InputLimits.readings

  /// How many rows to list for `-n N` / `--all` (nil: every reading). With `--since` and
  /// neither, every reading of that period: the person chose how far back to look.
  public static func rows(last text: String?, all: Bool, since: Bool) throws(ShowRowsError) -> Int? {
    if all {
      guard text == nil else { throw .both }
      return nil
    }
    guard let text else { return since ? nil : defaultRows }
    guard !text.isEmpty, text.utf8.count <= 8, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
      let count = Int(text),
      count >= 1, count <= maximumRows
    else { throw .notACount(text) }
    return count
  }

  /// The days `--since` and `--until` select: from the first day of one period to the last
  /// day of the other. Refused when it begins after today or ends before it begins.
  public static func period(since: String?, until: String?, today: CalendarDate) throws(PeriodError) -> (
    since: CalendarDate?, until: CalendarDate?
  ) {
    let start = try since.map { (text: String) throws(PeriodError) in
      let period = try DatePeriod.parse(text, today: today)
      guard period.start <= today else { throw .afterToday(text, period.start) }
      return period.start
    }
    let end = try until.map { (text: String) throws(PeriodError) in try DatePeriod.parse(text, today: today).end }
    if let start, let end, let since, let until, end < start { throw .reversed(since, until) }
    return (start, end)
  }

  /// The screen for the readings from `since` to `until` (all when nil), the latest `rows` of
  /// them listed (all when nil), each with an id short enough to type and long enough to tell
  /// apart from every stored reading (`allEntryIDPrefixes`). The chart and the summary cover them all.
  public static func render(
    _ snapshot: MarkerSnapshot, since: CalendarDate?, until: CalendarDate? = nil, rows: Int? = nil,
    allEntryIDPrefixes: [UInt64], today: CalendarDate, style: OutputStyle
  ) -> String {
    let entries = Self.entries(snapshot, since: since, until: until)
    if entries.isEmpty, let first = snapshot.entries.first, let latest = snapshot.latest {
      let range =
        first.dateOfService == latest.dateOfService
        ? "on \(DateText.long(first.dateOfService))"
        : "from \(DateText.long(first.dateOfService)) to \(DateText.long(latest.dateOfService))"
      return
        "No \(snapshot.definition.displayName) readings \(periodWords(since: since, until: until, today: today)); "
        + "\(counted(snapshot.entries.count, "reading")) \(snapshot.entries.count == 1 ? "is" : "are") \(range)."
    }
    let listed = rows.map { Array(entries.suffix($0)) } ?? entries
    let shortIDs = ShortID.prefixes(for: listed.map(\.id), amongPrefixes: allEntryIDPrefixes)
    return render(
      snapshot, entries: entries, listed: listed.count, since: since, until: until, shortIDs: shortIDs, today: today,
      style: style)
  }

  /// The sentence under the chart, with the critical advice when the latest is critical: the
  /// screen and `--json` say the same.
  public static func summary(
    _ snapshot: MarkerSnapshot, entries: [MarkerEntry], period: String?, today: CalendarDate,
    style: OutputStyle = .plain
  ) -> String {
    var summary = TrendSummary.sentence(snapshot, entries: entries, today: today, period: period, style: style)
    if let last = entries.last, case let judgement = snapshot.judgement(of: last),
      let sentence = judgement.criticalSentence
    {
      // Critical, and beyond what glance takes as plausible: to be checked, as prep says it
      // (newcomer review at stop 41: show said only the advice over a kept sodium of 95).
      if judgement.beyondPlausible {
        summary += " " + InsightsEngine.checkSentence(snapshot.definition)
      }
      summary += " " + sentence
    }
    return summary
  }

  /// The readings from `since` to `until`, both included (all when both are nil), oldest first.
  public static func entries(_ snapshot: MarkerSnapshot, since: CalendarDate?, until: CalendarDate?) -> [MarkerEntry] {
    guard since != nil || until != nil else { return snapshot.entries }
    return snapshot.entries.filterSharing { entry in
      (since.map { entry.dateOfService >= $0 } ?? true) && (until.map { entry.dateOfService <= $0 } ?? true)
    }
  }

  /// "since Mar 1, 2024", "up to Dec 31, 2024", "from Mar 1, 2024 to Mar 31, 2024": a period as
  /// the summary names it, with its years, so "Nov 24" typed on Nov 23 says which Nov 24.
  public static func periodWords(since: CalendarDate?, until: CalendarDate?, today: CalendarDate) -> String {
    let end = until.map { min($0, today) }
    switch (since, end) {
    case (let since?, let end?) where since == end: return "on \(DateText.long(since))"
    case (let since?, let end?): return "from \(DateText.long(since)) to \(DateText.long(end))"
    case (let since?, nil): return "since \(DateText.long(since))"
    case (nil, let end?): return "up to \(DateText.long(end))"
    case (nil, nil): return ""
    }
  }

  /// The screen for `entries`, listing the latest `listed` of them (all when nil).
  public static func render(
    _ snapshot: MarkerSnapshot, entries: [MarkerEntry], listed: Int? = nil, since: CalendarDate? = nil,
    until: CalendarDate? = nil, shortIDs: [UUID: String], today: CalendarDate, style: OutputStyle
  ) -> String {
    let definition = snapshot.definition
    guard !entries.isEmpty else {
      return """
        \(style.paint(definition.displayName, .bold)) (\(snapshot.display.unit))

        No readings yet. Your first one starts the chart:
          glance add \(ShellQuote.key(definition.key)) VALUE [--date D]
        """
    }
    var sections = [TrendChart.render(snapshot, entries: entries, style: style)]
    // Only when it is the whole history: a period holding one of 44 readings needs no invitation.
    if entries.count == 1, snapshot.entries.count == 1 {
      sections.append("Add another reading to start seeing your trend.")
    }
    let shown = Array(entries.suffix(listed ?? entries.count))
    // Every value and the range with the decimals the whole list needs (`listPlaces`).
    var table = table(snapshot, entries: shown, shortIDs: shortIDs, style: style, places: snapshot.listPlaces(entries))
    if shown.count < entries.count {
      let hint = earlierReadings(snapshot, entries.dropLast(shown.count), since: since, until: until)
      // Wrapped like the summary: a long key must not run past the width.
      table = style.paint(PrepView.wrap(hint, width: style.width, indent: ""), .dim) + "\n" + table
    }
    sections.append(table)
    let period = since == nil && until == nil ? nil : periodWords(since: since, until: until, today: today)
    let summary = Self.summary(snapshot, entries: entries, period: period, today: today, style: style)
    sections.append(PrepView.wrap(summary, width: style.width, indent: ""))
    return sections.joinedText("\n\n")
  }

  /// "280 earlier readings, 2 of them far outside the range (the latest 6.8 mEq/L on Nov 20,
  /// 2025): glance show potassium --all (or -n N for the latest N)". A critical value is named
  /// even when it is not among the rows listed.
  static func earlierReadings(
    _ snapshot: MarkerSnapshot, _ earlier: ArraySlice<MarkerEntry>, since: CalendarDate?, until: CalendarDate? = nil
  ) -> String {
    var text = counted(earlier.count, "earlier reading")
    let critical = earlier.filter { snapshot.status(of: $0).isCritical }
    if let latest = critical.last {
      let value = snapshot.displayedText(latest)
      text +=
        critical.count == 1
        ? ", one of them far outside the range (\(value) on \(DateText.long(latest.dateOfService)))"
        : ", \(grouped(critical.count)) of them far outside the range (the latest \(value) on \(DateText.long(latest.dateOfService)))"
    }
    let period = (since.map { " --since \($0.iso)" } ?? "") + (until.map { " --until \($0.iso)" } ?? "")
    return text + ": glance show \(ShellQuote.key(snapshot.definition.key))\(period) --all (or -n N for the latest N)"
  }

  /// The readings, oldest first: short id, date, value and unit (and as entered, when converted),
  /// status symbol, note.
  static func table(
    _ snapshot: MarkerSnapshot, entries: [MarkerEntry], shortIDs: [UUID: String], style: OutputStyle,
    places: Int? = nil
  ) -> String {
    let ids = entries.map { shortIDs[$0.id] ?? ShortID.hex($0.id).prefix(4).description }
    let dates = entries.map { DateText.long($0.dateOfService) }
    // Each row judged once, for its value and its status.
    let judgements = entries.map { snapshot.judgement(of: $0) }
    // A value typed in another unit shows it too: "26.5 mg/g (3 mg/mmol)".
    let values = zip(entries, judgements).map { snapshot.listedText($0, places: places, judged: $1) }
    let idWidth = max(2, ids.map(\.count).max() ?? 0)
    let dateWidth = dates.map(\.count).max() ?? 0
    let valueWidth = values.map { TextWidth.of($0) }.max() ?? 0
    let noteRoom = max(10, style.width - 2 - idWidth - 2 - dateWidth - 2 - valueWidth - 2 - 1 - 2)
    var lines = [
      style.paint(
        LibraryView.trimTrailing(
          "  " + TextWidth.pad("id", to: idWidth) + "  " + TextWidth.pad("date", to: dateWidth) + "  "
            + TextWidth.padLeft("value", to: valueWidth) + "     note"), .dim)
    ]
    for (index, entry) in entries.enumerated() {
      let status = judgements[index].status
      let note =
        entry.note.map { firstLine($0) }.map { TextWidth.truncate($0, to: noteRoom, unicode: style.unicode) } ?? ""
      lines.append(
        LibraryView.trimTrailing(
          "  " + TextWidth.pad(ids[index], to: idWidth) + "  " + TextWidth.pad(dates[index], to: dateWidth) + "  "
            + TextWidth.padLeft(values[index], to: valueWidth) + "  " + status.badge(style) + "  " + note))
    }
    return lines.joinedText("\n")
  }

  public static func firstLine(_ text: String) -> String {
    let line =
      text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }.first.map(String.init)
      ?? ""
    return line.count < text.count ? line + " …" : line
  }
}

/// The one-sentence summary under a chart, as the PRD's accessibility summary words it:
/// "HDL Cholesterol over the past 2 years: 6 readings, trending down from 95 to 89 mg/dL, all
/// within your target range."
public enum TrendSummary {
  /// `period` names the days the readings were chosen from ("since Jan 1, 2025"); without
  /// it the sentence counts back from today ("over the past 2 years").
  public static func sentence(
    _ snapshot: MarkerSnapshot, entries: [MarkerEntry], today: CalendarDate, period chosen: String? = nil,
    style: OutputStyle = .plain
  ) -> String {
    let definition = snapshot.definition
    guard let first = entries.first, let last = entries.last else {
      return "\(definition.displayName): no readings yet."
    }
    let unit = snapshot.display.unit == "%" ? "%" : " " + snapshot.display.unit
    var parts: [String] = []
    if entries.count == 1 {
      parts.append("1 reading, \(snapshot.judgedText(last)) on \(DateText.long(last.dateOfService))")
    } else {
      // Off-scale readings (almost surely slips) stay in the count but out of the description,
      // as on the chart; the trend counts only plain readings (no censored value).
      var scaled = entries.filterSharing { !definition.isOffScale($0.value) }
      if scaled.isEmpty { scaled = entries }
      let offScale = entries.count - scaled.count
      parts.append(counted(entries.count, "reading") + (offScale > 0 ? " (\(offScale) off the scale)" : ""))
      let places = snapshot.listPlaces(entries)
      func text(_ entry: MarkerEntry) -> String { snapshot.displayedValue(entry, places: places) }
      // The latest as judged: one judged as typed in another unit is named in it, as its row
      // leads with it ("most recently 2.59 mmol/L", never "100" beside "all within" below 100).
      func recent(_ entry: MarkerEntry) -> String { snapshot.judgedInTypedUnit(entry) ?? text(entry) }
      // Readings of one value, each judged as typed in another unit: named so, as their rows
      // lead with it ("both 2.59 mmol/L", never "both 100 mg/dL, all within" below 100:
      // newcomer review at stop 38).
      func sameAsJudged(_ entries: [MarkerEntry]) -> String? {
        let typed = Set(entries.map { snapshot.judgedInTypedUnit($0) })
        return typed.count == 1 ? typed.first ?? nil : nil
      }
      let readings = snapshot.trendReadings(entries)
      let trend = Trend.of(readings, definition: definition, range: snapshot.range)
      if trend.arrow != .none, let last = readings.last {
        let run = Trend.runLength(readings.map(\.value))
        let start = readings[readings.count - run]
        let word = trend.arrow == .up ? "up" : "down"
        if run >= scaled.count {
          parts.append("trending \(word) from \(text(start)) to \(text(last))\(unit)")
        } else {
          // The trend is the latest run's, not the period's: ten years that fell from 181 lb
          // must not read "trending up from 167 to 169" (newcomer review).
          let low = scaled.min { $0.value < $1.value }!
          let high = scaled.max { $0.value < $1.value }!
          parts.append(
            "between \(text(low)) and \(text(high))\(unit), trending \(word) across the latest \(run) from \(text(start)) to \(text(last))\(unit)"
          )
        }
      } else if scaled.count == 2, text(scaled[0]) == text(scaled[1]) {
        parts.append("both " + (sameAsJudged(scaled) ?? "\(text(scaled[0]))\(unit)"))
      } else if scaled.count == 2 {
        parts.append("from \(text(scaled[0])) to \(text(scaled[1]))\(unit)")
      } else {
        let low = scaled.min { $0.value < $1.value }!
        let high = scaled.max { $0.value < $1.value }!
        let latest = text(last) == text(scaled.last!) ? "" : ", most recently \(recent(last))"
        // One value throughout (a slip beside it is counted off the scale): never "between 190 and 190".
        parts.append(
          text(low) == text(high)
            ? (scaled.count == 1
              ? "\(text(low))\(unit)" : "all " + (sameAsJudged(scaled) ?? "\(text(low))\(unit)")) + latest
            : "between \(text(low)) and \(text(high))\(unit), most recently \(recent(last))")
      }
    }
    if !snapshot.range.isEmpty {
      let name = snapshot.rangeName
      // Each reading judged once.
      let judgements = entries.map { snapshot.judgement(of: $0) }
      // A critical reading inside the person's own target is not outside it (said apart).
      let inside = judgements.map(\.insideTarget)
      let statuses = zip(judgements, inside).map { $1 ? MarkerStatus.normal : $0.status }
      let outside = statuses.filter(\.isOutOfRange).count
      let insideCritical = inside.filter { $0 }.count
      // Critical readings are named even when the latest is back in range.
      let critical = statuses.filter(\.isCritical).count
      // Your own marker for a test glance judges by its critical limits only (a random glucose):
      // critical by glance's limit for the test, not by how far it is from your range (clinician
      // review at stop 38: "far below your range").
      let far =
        critical == 0
        ? ""
        : snapshot.leftOut.map { " (\(grouped(critical)) past glance's critical limits for \($0.noun))" }
          ?? " (\(grouped(critical)) far outside it)"
      // A slip beyond the plausible range is already counted "off the scale".
      let unknown = zip(entries, statuses).filter { $1 == .indeterminate && !definition.isOffScale($0.value) }.count
      let sexDependent = judgements.filter(\.dependsOnSex).count
      let latest = statuses.last ?? .normal
      let side = (latest.isCritical && snapshot.leftOut == nil ? "far " : "") + (latest.isLowSide ? "below" : "above")
      let pastLimit =
        latest.isCritical ? snapshot.leftOut.map { " and glance's critical limit for \($0.noun)" } ?? "" : ""
      // The guideline's stage of an out-of-range latest reading, as add and prep word it
      // ("stage 1 range": clinician's second look at stop 34).
      let stage =
        latest.isOutOfRange && !(snapshot.rule?.stages.isEmpty ?? true) && !latest.isCritical
        ? judgements.last.map { " (\($0.words))" } ?? "" : ""
      // Beyond the range, in words its guideline's stages give without "out of range" (a
      // systolic of 127 is "elevated", never "within the reference range": newcomer review).
      // As judged: a value typed in SI is judged by the SI cut-off (LDL 2.59 mmol/L is within).
      let staged = zip(entries, zip(judgements, statuses)).map { entry, judged -> String? in
        guard !judged.1.isOutOfRange, judged.1 != .indeterminate, entry.comparator == nil else { return nil }
        let asJudged = snapshot.asJudged(entry)
        return asJudged.range.isAbove(asJudged.value) || asJudged.range.isBelow(asJudged.value) ? judged.0.words : nil
      }
      func stagedSideWord(_ index: Int) -> String {
        let asJudged = snapshot.asJudged(entries[index])
        return asJudged.range.isAbove(asJudged.value) ? "above" : "below"
      }
      if outside == 0 && unknown == 0, let words = staged.last(where: { $0 != nil }) ?? nil {
        let count = staged.filter { $0 != nil }.count
        let stagedSide = staged.indices.last { staged[$0] != nil }.map { index in
          let asJudged = snapshot.asJudged(entries[index])
          return asJudged.range.isAbove(asJudged.value)
        }
        let beyondName = "\(stagedSide == false ? "below" : "above") \(name)"
        parts.append(
          entries.count == 1
            ? "\(words) (\(beyondName))"
            : count == entries.count
              ? "all \(beyondName) (the latest \(words))"
              : "\(grouped(count)) of \(grouped(entries.count)) \(beyondName) (\(words)), the latest "
                + (staged.last! != nil ? "among them" : "within it"))
      } else if outside == 0 && unknown == 0 && sexDependent > 0 {
        // One reading: "…, within the range both sexes share…" (never "it within").
        let subject =
          sexDependent == entries.count
          ? (entries.count == 1 ? "" : "all ") : "\(grouped(sexDependent)) of \(grouped(entries.count)) "
        parts.append(
          subject + "within the range both sexes share but outside the range for one of them (set glance profile --sex)"
        )
      } else if outside == 0 && unknown == 0 {
        // Slips off the scale are not judged: "the others", never "all" over a 900 mg/dL HDL.
        let offScale = entries.filter { $0.comparator == nil && definition.isOffScale($0.value) }.count
        let others = entries.count - offScale
        parts.append(
          offScale == 0
            ? (entries.count == 1 ? "within \(name)" : "all within \(name)")
            : others == 0
              ? (entries.count == 1 ? "not judged: beyond the plausible range" : "none judged")
              // "the other" read as the slip (attacker review at stop 40).
              : others == 1 ? "the one on the scale within \(name)" : "the others within \(name)")
      } else if outside == 0 {
        parts.append("none outside \(name) (\(unknown) that cannot be judged)")
      } else if outside == entries.count {
        parts.append(entries.count == 1 ? "\(side) \(name)\(pastLimit)\(stage)" : "all outside \(name)\(far)")
      } else {
        // A latest reading beyond the range in a stage's words is not "within it" (clinician's
        // third look at stop 34: 134 then 125 ended "the latest within it").
        let latestStaged = staged.last.flatMap { $0 }.map { "\($0) (\(stagedSideWord(staged.count - 1)) it)" }
        let position =
          latest.isOutOfRange
          ? "\(side) it\(pastLimit)\(stage)" : latest == .indeterminate ? "not judged" : latestStaged ?? "within it"
        parts.append("\(grouped(outside)) of \(grouped(entries.count)) outside \(name)\(far), the latest \(position)")
      }
      if insideCritical > 0 {
        if entries.count == 1 {
          parts[parts.count - 1] = Judgement.insideTargetWords
        } else {
          parts.append(
            "\(grouped(insideCritical)) inside it but past a critical limit"
              + (inside.last == true ? ", the latest among them" : ""))
        }
      }
    }
    let period =
      chosen.map { " " + $0 }
      ?? (first.dateOfService == today || entries.count == 1
        ? "" : " over \(periodPhrase(from: first.dateOfService, to: today))")
    return "\(definition.displayName)\(period): \(parts.joinedText(", "))."
  }

  /// "the past 2 years", "the past 8 months", "the past 3 weeks", "the past 5 days".
  static func periodPhrase(from start: CalendarDate, to today: CalendarDate) -> String {
    let days = max(0, start.days(until: today))
    let months = DateText.wholeMonths(from: start, to: max(start, today))
    if months >= 24 { return "the past \(counted(months / 12, "year"))" }
    if months == 12 { return "the past year" }
    if months == 1 { return "the past month" }
    if months >= 1 { return "the past \(counted(months, "month"))" }
    if days >= 14 { return "the past \(counted(days / 7, "week"))" }
    // "the past day", never "the past 1 day" (newcomer review).
    return days <= 1 ? "the past day" : "the past \(counted(days, "day"))"
  }
}

/// `-n` was not a count of readings, or came with `--all`.
public enum ShowRowsError: Error, Equatable, Sendable {
  case notACount(String)
  case both
}

extension ShowRowsError: GlanceError {
  public var message: String {
    switch self {
    case .notACount(let text):
      "-n takes how many of the latest readings to list, a whole number from 1 to \(grouped(ShowView.maximumRows)); \(quoted(text.prefix(40))) is not one."
    case .both: "Use -n N for the latest N readings, or --all for every one, not both."
    }
  }

  public var kind: ErrorKind { .usage }
}
