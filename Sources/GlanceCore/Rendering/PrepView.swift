/// `glance prep`: Next Visit Prep — the insights, the latest value of each flagged marker,
/// upcoming visits and the last visit of each type.
public enum PrepView {
  public static func render(
    insights: [VisitPrepInsight], snapshots: [MarkerSnapshot], visits: [Visit], today: CalendarDate,
    style: OutputStyle
  ) -> String {
    var sections: [String] = [style.paint("Next Visit Prep", .bold)]
    // Custom markers are never judged: say so rather than let "nothing is flagged" reassure.
    let unchecked = snapshots.filter { !$0.definition.isSystemDefined && $0.latest != nil }.map(
      \.definition.displayName)
    var uncheckedNote =
      unchecked.isEmpty
      ? ""
      : "\n"
        + wrap(
          "Your own markers (\(unchecked.joinedText(", "))) are not checked by glance: it knows no range or trend rule for them.",
          width: style.width, indent: "")
    // Sex not given: say which latest readings depend on it instead of staying silent.
    let dependent = snapshots.filter { snapshot in snapshot.latest.map { snapshot.dependsOnSex($0) } ?? false }
    if !dependent.isEmpty {
      uncheckedNote +=
        "\n"
        + wrap(
          "Your latest \(dependent.map(\.definition.displayName).joinedText(", ")) \(dependent.count == 1 ? "is" : "are") outside the range for women or for men; set glance profile --sex female|male to judge by yours.",
          width: style.width, indent: "")
    }
    if insights.isEmpty {
      sections.append(
        (unchecked.isEmpty
          ? "Nothing in your readings is flagged for your next visit."
          : "Nothing in your library markers' readings is flagged for your next visit.") + uncheckedNote)
    } else {
      let bullet = style.symbol("•", ascii: "*")
      sections.append(
        "Things to bring up:\n"
          + insights.map { "  " + bullet + " " + wrap($0.suggestionText, width: style.width - 4, indent: "    ") }
          .joinedText("\n") + uncheckedNote)
      let flagged = snapshots.filter { snapshot in insights.contains { $0.markerID == snapshot.definition.id } }
      sections.append("Latest values:\n" + latestValues(flagged, style: style))
    }
    let upcoming = visits.filter { $0.date >= today }.sorted { $0.date < $1.date }
    if !upcoming.isEmpty {
      sections.append(
        "Coming up:\n"
          + upcoming.map {
            "  \(DateText.long($0.date)) (\(DateText.relative($0.date, today: today)))  \(VisitsView.typeName($0)) with \($0.doctorName)"
          }.joinedText("\n"))
    }
    let last = VisitsView.lastByType(visits, today: today)
    if !last.isEmpty { sections.append(last.joinedText("\n")) }
    return sections.joinedText("\n\n")
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
    let values = zip(rows, judged).map { row, judged in ValueText.withUnit(judged.value, row.1.comparator, judged.unit)
    }
    func range(_ index: Int) -> String? {
      let snapshot = rows[index].0
      return ValueText.range(judged[index].range, unit: judged[index].unit, style: style)
        .map { (snapshot.hasCustomRange ? "your range: " : "range: ") + $0 }
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
    return rows.indices.map { index in
      let (snapshot, latest, status) = rows[index]
      let name = TextWidth.pad(snapshot.definition.displayName, to: names)
      var line =
        "  " + badge(status) + " " + name + " " + TextWidth.padLeft(values[index], to: valueWidth) + "  "
        + TextWidth.pad(DateText.long(latest.dateOfService), to: dateWidth)
      if let text = range(index) {
        line =
          TextWidth.of(line) + 2 + TextWidth.of(text) <= style.width
          ? line + "  " + text : LibraryView.trimTrailing(line) + "\n    " + text
      }
      return LibraryView.trimTrailing(line)
    }.joinedText("\n")
  }

  /// Wraps `text` at spaces to `width` columns, continuing lines with `indent`. Measures each
  /// word once: re-measuring the line for every word made prep's sentences quadratic.
  static func wrap(_ text: String, width: Int, indent: String) -> String {
    let limit = max(20, width)
    var result = ""
    var lineWidth = 0
    var lineHasText = false
    for word in text.split(separator: " ") {
      let wordWidth = TextWidth.of(String(word))
      if lineHasText {
        if lineWidth + 1 + wordWidth > limit {
          result += "\n" + indent
          lineWidth = 0
        } else {
          result += " "
          lineWidth += 1
        }
      }
      result += word
      lineWidth += wordWidth
      lineHasText = true
    }
    return result
  }
}
