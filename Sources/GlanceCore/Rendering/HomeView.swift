/// The home screen: every tracked marker on one line.
public enum HomeView {
  /// Columns a sparkline needs; narrower terminals get none.
  public static let sparklineWidth = 12

  public static func render(_ snapshots: [MarkerSnapshot], today: CalendarDate, style: OutputStyle) -> String {
    guard !snapshots.isEmpty else { return welcome(style: style) }
    struct Row {
      var status: MarkerStatus
      var name: String
      var shortName: String
      var value: String
      var unit: String
      var trend: String
      var date: String
      var spark: String
    }
    // Measured as printed: with ASCII only, a name past ASCII is printed escaped (`\u{E9}`), and
    // cut before that it ran past the width (attacker's second look at stop 34).
    func printed(_ name: String) -> String { style.unicode ? name : TerminalText.guarded(name, asciiOnly: true) }
    let rows = snapshots.map { snapshot -> Row in
      guard let latest = snapshot.latest, let status = snapshot.status else {
        return Row(
          status: .noRange, name: printed(snapshot.definition.displayName),
          shortName: printed(snapshot.definition.shortName), value: "", unit: "no readings yet", trend: "", date: "",
          spark: "")
      }
      let trend = snapshot.trend
      var trendText = trend.badge(style)
      if trend.arrow != .none {
        switch trend.meaning {
        case .good: trendText += " " + style.paint("good", .green)
        case .concerning: trendText += " " + style.paint("watch", .amber)
        case .neutral: break
        }
      }
      // As judged: typed in a unit a guideline judges by its own figure, shown in that unit.
      let judged = snapshot.asJudged(latest)
      return Row(
        status: status, name: printed(snapshot.definition.displayName),
        shortName: printed(snapshot.definition.shortName),
        value: ValueText.value(judged.value, latest.comparator, places: judged.places), unit: judged.unit,
        trend: trendText, date: DateText.compact(latest.dateOfService, today: today),
        // The readings a trend counts: no lab-reported bound, no slip beyond the plausible range.
        spark: Sparkline.render(
          snapshot.trendReadings(snapshot.entries).map(\.value), count: sparklineWidth, style: style))
    }
    let valueWidth = rows.map { TextWidth.of($0.value) }.max() ?? 0
    let unitWidth = rows.filter { !$0.value.isEmpty }.map { TextWidth.of($0.unit) }.max() ?? 0
    let trendWidth = rows.map { TextWidth.of($0.trend) }.max() ?? 0
    let dateWidth = rows.map { TextWidth.of($0.date) }.max() ?? 0
    // "!!" is two columns wide: every other badge is padded to match, so the names line up.
    let statusWidth = rows.map { TextWidth.of($0.status.symbol(style)) }.max() ?? 1
    // "  " badge " " name "  " value " " unit ["  " trend] "  " date (newcomer review at stop
    // 34: the badge's second column and an empty trend column were not counted, and rows with
    // a critical badge were a column too wide, their dates wrapped).
    let fixed =
      3 + statusWidth + 2 + valueWidth + 1 + unitWidth + (trendWidth > 0 ? 2 + trendWidth : 0) + 2 + dateWidth
    // A name that does not fit gives way to its short form ("TSH") before the sparklines do, and
    // the column is as wide as the names shown (newcomer review at stop 33: sized for "TSH
    // (Thyroid-Stimulating Hormone)", it left 20 blank columns and no sparklines at 80).
    func shown(_ row: Row, room: Int) -> String {
      TextWidth.of(row.name) <= room || row.shortName.isEmpty ? row.name : row.shortName
    }
    // Sparklines where every name fits beside them as it would without (a name over 24 columns
    // in its short form, one still longer cut to 24, as before).
    let roomWithSparkline = style.width - fixed - 2 - sparklineWidth
    let longestWithSparkline = rows.map { TextWidth.of(shown($0, room: min(24, roomWithSparkline))) }.max() ?? 0
    let showSparkline = roomWithSparkline >= min(longestWithSparkline, 24)
    let room = showSparkline ? roomWithSparkline : style.width - fixed
    // At 40 columns a name gives way first (down to 6 columns: "Blood…") before a row wraps.
    let nameWidth = max(6, min(rows.map { TextWidth.of(shown($0, room: room)) }.max() ?? 0, room))
    var lines: [String] = []
    for var row in rows {
      row.name = shown(row, room: nameWidth)
      var line =
        "  " + row.status.badge(style, paddedTo: statusWidth) + " "
        + TextWidth.pad(TextWidth.truncate(row.name, to: nameWidth, unicode: style.unicode), to: nameWidth)
        + "  " + TextWidth.padLeft(row.value, to: valueWidth) + " " + TextWidth.pad(row.unit, to: unitWidth)
      if trendWidth > 0 { line += "  " + TextWidth.pad(row.trend, to: trendWidth) }
      line += "  " + TextWidth.pad(row.date, to: dateWidth)
      if showSparkline, !row.spark.isEmpty { line += "  " + style.paint(row.spark, .blue) }
      lines.append(LibraryView.trimTrailing(line))
    }
    // A critical value is said in words, as add, show and prep say it (clinician review: home
    // showed the "!!" alone).
    if let sentence = criticalSentence(snapshots) {
      lines.append("")
      lines.append(style.paint(sentence, .red))
    }
    lines.append("")
    lines.append(style.paint(legend(style, showing: Set(rows.map(\.status)), width: style.width), .dim))
    return lines.joinedText("\n")
  }

  /// "The latest Potassium reading is far outside its range. Values this far…": said by home,
  /// and by an import that leaves a marker's latest reading critical. Nil for no names. Said of
  /// the reading, so a plural name reads right ("The latest Triglycerides reading is").
  public static func criticalSentence(_ names: [String], advice: Bool = true) -> String? {
    criticalSentence(names, pastLimit: [], advice: advice)
  }

  /// The same, with `pastLimit`: markers of one's own judged only against a test's critical
  /// limits (a random glucose), said past a critical limit, not "far outside its range", a range
  /// they do not have (clinician's second look at stop 36).
  static func criticalSentence(_ names: [String], pastLimit: [String], advice: Bool = true) -> String? {
    var sentences: [String] = []
    if !names.isEmpty {
      sentences.append(
        "The latest \(inWords(names)) \(names.count == 1 ? "reading is" : "readings are") far outside "
          + "\(names.count == 1 ? "its range" : "their ranges").")
    }
    if !pastLimit.isEmpty {
      sentences.append(
        "The latest \(inWords(pastLimit)) \(pastLimit.count == 1 ? "reading is" : "readings are") past a critical limit."
      )
    }
    guard !sentences.isEmpty else { return nil }
    // Past a limit only: the advice speaks of the limit, not of a range (clinician review at
    // stop 38).
    let words = names.isEmpty ? Judgement.criticalInsideAdvice : Judgement.criticalAdvice
    return sentences.joinedText(" ") + (advice ? " \(words)" : "")
  }

  /// The day from which home says an untracked marker's critical latest reading: a year back,
  /// as prep names a result old (`VisitBrief.staleMonths`).
  public static func untrackedSince(today: CalendarDate) -> CalendarDate {
    today.adding(months: -VisitBrief.staleMonths) ?? today
  }

  /// Under home: the untracked markers whose latest reading is critical, each with its day and
  /// how to follow it again; nil for none (`GlanceDocument.untrackedCriticalSnapshots`).
  public static func untrackedCritical(_ snapshots: [MarkerSnapshot]) -> String? {
    guard !snapshots.isEmpty else { return nil }
    let names = snapshots.map { snapshot in
      "\(snapshot.definition.displayName) (\(snapshot.latest.map { DateText.long($0.dateOfService) } ?? ""))"
    }
    let keys = snapshots.map { ShellQuote.key($0.definition.key) }.joinedText(" ")
    // A lab's bound that may be past the limit ("<2.9") is said so.
    let definite = snapshots.allSatisfy { snapshot in
      snapshot.latest.map { snapshot.status(of: $0).isCritical } ?? false
    }
    return
      "Not on your list, but \(definite ? "past" : "past, or maybe past,") a critical limit: the latest \(inWords(names)) "
      + "\(names.count == 1 ? "reading" : "readings"). \(Judgement.criticalInsideAdvice) "
      + "glance track \(keys) shows \(names.count == 1 ? "it" : "them") here again."
  }

  /// The same, for the tracked markers whose latest reading is critical; one inside the person's
  /// own target range is said to be inside it.
  /// `advice` false: without the critical sentence's advice, said already above it (an import's
  /// summary that named a lab's critical flags: attacker's second look at stop 34).
  public static func criticalSentence(_ snapshots: [MarkerSnapshot], advice: Bool = true) -> String? {
    let latest = snapshots.compactMap { snapshot in snapshot.latest.map { (snapshot, snapshot.judgement(of: $0)) } }
      .filter { $0.1.status.isCritical }
    let inside = latest.filter { $0.1.insideTarget }.map(\.0)
    let outside = latest.filter { !$0.1.insideTarget }.map(\.0)
    // Each with its day, so an old result is not read as today's (newcomer review this session:
    // a 13-month-old glucose said "Consider contacting your care team soon" with no date).
    func named(_ snapshot: MarkerSnapshot) -> String {
      "\(snapshot.definition.displayName) (\(snapshot.latest.map { DateText.long($0.dateOfService) } ?? ""))"
    }
    let outsideSentence = criticalSentence(
      outside.filter { $0.leftOut == nil }.map(named), pastLimit: outside.filter { $0.leftOut != nil }.map(named),
      advice: advice)
    guard !inside.isEmpty else { return outsideSentence }
    let names = inside.map(\.definition.displayName)
    let insideSentence =
      "The latest \(inWords(names)) \(names.count == 1 ? "reading is" : "readings are") "
      + "\(Judgement.insideTargetWords)."
    guard let outsideSentence else { return insideSentence + " " + Judgement.criticalInsideAdvice }
    return insideSentence + " " + outsideSentence
  }

  /// What the symbols mean, so colour is never the only signal; "!!" and "?" only when shown.
  /// Within `width`, a line breaks between two symbols' words, never inside them (newcomer
  /// review at stop 34: "readings" alone on a line at 80 columns).
  public static func legend(_ style: OutputStyle, showing: Set<MarkerStatus> = [], width: Int? = nil) -> String {
    var parts = [
      MarkerStatus.normal.symbol(style) + " in range", MarkerStatus.watchHigh.symbol(style) + " near a limit",
      MarkerStatus.high.symbol(style) + " out of range",
    ]
    if showing.contains(.criticalLow) || showing.contains(.criticalHigh) {
      parts.append(MarkerStatus.criticalHigh.symbol(style) + " far outside")
    }
    if showing.contains(.indeterminate) { parts.append(MarkerStatus.indeterminate.symbol(style) + " can't tell") }
    parts.append(style.symbol("↑↓", ascii: "^v") + " last 3 readings")
    guard let width, TextWidth.of(parts.joinedText("   ")) > width else { return parts.joinedText("   ") }
    var lines: [String] = []
    for part in parts {
      if let last = lines.last, TextWidth.of(last) + 3 + TextWidth.of(part) <= width {
        lines[lines.count - 1] = last + "   " + part
      } else {
        lines.append(part)
      }
    }
    return lines.joinedText("\n")
  }

  static func welcome(style: OutputStyle) -> String {
    """
    Welcome to glance: your health numbers at a glance, kept on this computer only.

    You're not following any markers yet. To start:
      glance setup            choose the markers you track (about a minute)
      glance add hdl 62       or simply record a reading; the marker is tracked for you
      glance demo             look around with a sample history first (your data stays untouched)
    """
  }
}
