/// `glance prep`: Next Visit Prep — the visit it is for, one item per marker (critical first),
/// your questions and last time's notes, what came in since the last visit, results grown old,
/// the latest value of each flagged marker (every tracked one with `--all`), upcoming visits and
/// the last visit of each type.
public enum PrepView {
  public static func render(
    insights: [VisitPrepInsight], snapshots: [MarkerSnapshot], visits: [Visit], today: CalendarDate,
    style: OutputStyle
  ) -> String {
    render(
      VisitBrief(name: nil, snapshots: snapshots, items: insights, visits: visits, today: today), all: false,
      style: style)
  }

  public static func render(_ brief: VisitBrief, all: Bool, style: OutputStyle) -> String {
    let insights = brief.items
    let snapshots = brief.snapshots
    let today = brief.today
    // The name as the Markdown and the page show it: "Next Visit Prep for Jane Doe".
    var title = style.paint("Next Visit Prep" + (brief.name.map { " for " + TerminalText.oneLine($0) } ?? ""), .bold)
    if let coming = brief.comingLine { title += "\n" + wrap("For: " + coming, width: style.width, indent: "  ") }
    var sections: [String] = [title]
    // Custom markers are never judged (but for a test's critical limits): said, rather than let
    // "nothing is flagged" reassure.
    var uncheckedNote = brief.ownMarkersNotes.map { "\n" + wrap($0, width: style.width, indent: "") }.joinedText("")
    // Sex not given: say which latest readings depend on it instead of staying silent.
    let dependent = snapshots.filter { snapshot in snapshot.latest.map { snapshot.dependsOnSex($0) } ?? false }
    if !dependent.isEmpty {
      // A lab's bound only may be outside one sex's range (HDL ">1.0 mmol/L").
      let maybe = dependent.contains { $0.latest?.comparator != nil }
      uncheckedNote +=
        "\n"
        + wrap(
          "Your latest \(inWords(dependent.map(\.definition.displayName))) \(maybe ? "may be" : dependent.count == 1 ? "is" : "are") outside the range for women or for men; set glance profile --sex female|male to judge by yours.",
          width: style.width, indent: "")
    }
    if insights.isEmpty {
      sections.append(brief.nothingRaised + uncheckedNote)
    } else {
      let bullet = style.symbol("•", ascii: "*")
      sections.append(
        "Things to bring up:\n"
          + insights.map { "  " + bullet + " " + wrap($0.suggestionText, width: style.width - 4, indent: "    ") }
          .joinedText("\n") + uncheckedNote)
    }
    if !brief.questions.isEmpty {
      sections.append(
        "Your questions:\n"
          + brief.questions.map { visit, notes in
            (visit.map { "  " + wrap($0 + ":", width: style.width - 2, indent: "  ") + "\n" } ?? "")
              + paragraph(notes, style: style)
          }.joinedText("\n"))
    }
    if let last = brief.last, let line = brief.lastLine, let notes = last.notes {
      sections.append(
        wrap("Last time (\(line)):", width: style.width, indent: "  ") + "\n" + paragraph(notes, style: style))
    }
    if let since = sinceLastVisit(brief, style: style) { sections.append(since) }
    if !brief.stale.isEmpty {
      sections.append(brief.stale.map { wrap($0, width: style.width, indent: "") }.joinedText("\n"))
    }
    let listed = all ? brief.latestValues : brief.flagged
    if !listed.isEmpty { sections.append("Latest values:\n" + latestValues(listed, style: style)) }
    let upcoming = brief.visits.filter { $0.date >= today }.sorted { $0.date < $1.date }
    if !upcoming.isEmpty {
      sections.append(
        "Coming up:\n"
          + upcoming.map {
            let line =
              "\(DateText.long($0.date)) (\(DateText.relative($0.date, today: today)))  \(VisitsView.typeName($0)) with \($0.doctorName)"
            return "  "
              + (TextWidth.of(line) + 2 <= style.width ? line : wrap(line, width: style.width - 2, indent: "    "))
          }.joinedText("\n"))
    }
    let last = VisitsView.lastByType(brief.visits, today: today)
    if !last.isEmpty { sections.append(last.joinedText("\n")) }
    return sections.joinedText("\n\n")
  }

  /// A person's own notes, each line wrapped and indented; blank lines dropped.
  static func paragraph(_ text: String, style: OutputStyle) -> String {
    text.split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
      .map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
      .map { "  " + wrap(String($0), width: style.width - 2, indent: "  ") }.joinedText("\n")
  }

  /// "Since your last physical (Nov 1, 2026): 3 readings" and each marker's latest of them,
  /// newest last.
  static func sinceLastVisit(_ brief: VisitBrief, style: OutputStyle) -> String? {
    guard let last = brief.last else { return nil }
    let total = brief.sinceTotal
    let kind = VisitsView.typeName(last).lowercased()
    let header = "Since your last \(kind) (\(DateText.long(last.date))): "
    guard total > 0 else { return wrap(header + "no new readings.", width: style.width, indent: "  ") }
    let shown = brief.sinceLatest
    let names = shown.map { TextWidth.of($0.snapshot.definition.displayName) }.max() ?? 0
    var lines = [wrap(header + brief.sinceCount, width: style.width, indent: "  ")]
    for (snapshot, entry, count) in shown {
      let status = snapshot.status(of: entry)
      let judged = snapshot.asJudged(entry)
      let name =
        "  " + status.badge(style, paddedTo: 2) + " " + TextWidth.pad(snapshot.definition.displayName, to: names)
      let value =
        ValueText.withUnit(judged.value, entry.comparator, judged.unit, places: judged.places) + " on "
        + DateText.compact(entry.dateOfService, today: brief.today) + (count > 1 ? " (the latest of \(count))" : "")
      // Too narrow for one line: the value under the name.
      let line = name + "  " + value
      lines.append(
        TextWidth.of(line) <= style.width
          ? line : LibraryView.trimTrailing(name) + "\n" + String(repeating: " ", count: 6) + value)
    }
    return lines.joinedText("\n")
  }

  /// One row per flagged marker: status, name, latest value, its date and the range it is judged
  /// by, in columns that fit the width (the range moves to its own line when they do not).
  static func latestValues(_ snapshots: [MarkerSnapshot], style: OutputStyle) -> String {
    let rows = snapshots.compactMap { snapshot -> (MarkerSnapshot, MarkerEntry, MarkerStatus)? in
      guard let latest = snapshot.latest, let status = snapshot.status else { return nil }
      return (snapshot, latest, status)
    }
    // As judged: the value and range in the unit a guideline's own figure judged it by.
    let judged = rows.map { snapshot, latest, _ in snapshot.asJudged(latest) }
    let values = zip(rows, judged).map { row, judged in
      ValueText.withUnit(judged.value, row.1.comparator, judged.unit, places: judged.places)
    }
    func range(_ index: Int) -> String? {
      let snapshot = rows[index].0
      return ValueText.range(
        judged[index].range, unit: judged[index].unit, style: style, places: judged[index].places
      )
      .map { (snapshot.rangeIsYours ? "your range: " : "range: ") + $0 }
    }
    let valueWidth = values.map { TextWidth.of($0) }.max() ?? 0
    let dateWidth = rows.map { TextWidth.of(DateText.long($0.1.dateOfService)) }.max() ?? 0
    let names = rows.map { TextWidth.of($0.0.definition.displayName) }.max() ?? 0
    // "!!" is two columns: the other badges are padded to line the names up.
    let badgeWidth = rows.map { TextWidth.of($0.2.symbol(style)) }.max() ?? 1
    func badge(_ status: MarkerStatus) -> String { status.badge(style, paddedTo: badgeWidth) }
    // "  ✓ " + name + " " + value + "  " + date
    let nameWidth = style.width - 3 - badgeWidth - 1 - valueWidth - 2 - dateWidth
    guard nameWidth >= names else {
      // Too narrow for columns: each name on its line, the rest wrapped beneath it.
      return rows.indices.map { index in
        let (snapshot, latest, status) = rows[index]
        var detail = values[index] + " on " + DateText.long(latest.dateOfService)
        if let range = range(index) { detail += ", " + range }
        return "  " + badge(status) + " " + snapshot.definition.displayName + "\n    "
          + wrap(detail, width: style.width - 4, indent: "    ")
      }.joinedText("\n")
    }
    let lines = rows.indices.map { index in
      let (snapshot, latest, status) = rows[index]
      let name = TextWidth.pad(snapshot.definition.displayName, to: names)
      return "  " + badge(status) + " " + name + " " + TextWidth.padLeft(values[index], to: valueWidth) + "  "
        + TextWidth.pad(DateText.long(latest.dateOfService), to: dateWidth)
    }
    // Every range beside its row, or every one under it: some on the row and some under it read
    // as two layouts (newcomer review at stop 34).
    let beside = rows.indices.allSatisfy { index in
      range(index).map { TextWidth.of(lines[index]) + 2 + TextWidth.of($0) <= style.width } ?? true
    }
    return rows.indices.map { index in
      guard let text = range(index) else { return LibraryView.trimTrailing(lines[index]) }
      return beside ? lines[index] + "  " + text : LibraryView.trimTrailing(lines[index]) + "\n    " + text
    }.joinedText("\n")
  }

  /// Wraps `text` at spaces (U+0020) to `width` columns, continuing lines with `indent`. Works on
  /// the bytes, measuring each word once (printable ASCII is a column a byte): a space byte is
  /// always a whole scalar, and prep wraps every sentence it shows.
  static func wrap(_ text: String, width: Int, indent: String) -> String {
    let limit = max(20, width)
    var text = text
    var indent = indent
    return indent.withUTF8 { indent in
      text.withUTF8 { bytes in
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + (bytes.count / limit + 1) * (indent.count + 1))
        var lineWidth = 0
        var lineHasText = false
        var start = 0
        func word(endingAt end: Int) {
          guard end > start else { return }
          let word = UnsafeBufferPointer(rebasing: bytes[start..<end])
          let printableASCII = !word.contains { $0 < 0x20 || $0 >= 0x7F }
          let wordWidth = printableASCII ? word.count : TextWidth.of(String(decoding: word, as: UTF8.self))
          if lineHasText {
            if lineWidth + 1 + wordWidth > limit {
              result.append(0x0A)
              result.append(contentsOf: indent)
              lineWidth = 0
            } else {
              result.append(0x20)
              lineWidth += 1
            }
          }
          result.append(contentsOf: word)
          lineWidth += wordWidth
          lineHasText = true
        }
        for index in 0..<bytes.count where bytes[index] == 0x20 {
          word(endingAt: index)
          start = index + 1
        }
        word(endingAt: bytes.count)
        return String(decoding: result, as: UTF8.self)
      }
    }
  }
}
