/// `glance prep`: Next Visit Prep — the insights, the latest value of each flagged marker,
/// upcoming visits and the last visit of each type.
public enum PrepView {
  public static func render(
    insights: [VisitPrepInsight], snapshots: [MarkerSnapshot], visits: [Visit], today: CalendarDate,
    style: OutputStyle
  ) -> String {
    var sections: [String] = [style.paint("Next Visit Prep", .bold)]
    if insights.isEmpty {
      sections.append("Nothing in your readings is flagged for your next visit.")
    } else {
      let bullet = style.symbol("•", ascii: "*")
      sections.append(
        "Things to bring up:\n"
          + insights.map { "  " + bullet + " " + wrap($0.suggestionText, width: style.width - 4, indent: "    ") }
          .joinedText("\n"))
      let flagged = snapshots.filter { snapshot in insights.contains { $0.markerID == snapshot.definition.id } }
      let rows = flagged.compactMap { snapshot -> String? in
        guard let latest = snapshot.latest, let status = snapshot.status else { return nil }
        let range =
          ValueText.range(snapshot.range, unit: snapshot.definition.unit, style: style).map { "  your range: \($0)" }
          ?? ""
        return "  " + status.badge(style) + " " + TextWidth.pad(snapshot.definition.displayName, to: 28) + " "
          + TextWidth.padLeft(latest.valueText, to: 12) + "  " + DateText.long(latest.dateOfService) + range
      }
      sections.append("Latest values:\n" + rows.joinedText("\n"))
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

  /// Wraps `text` at spaces to `width` columns, continuing lines with `indent`.
  static func wrap(_ text: String, width: Int, indent: String) -> String {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ") {
      if !current.isEmpty, TextWidth.of(current) + 1 + TextWidth.of(String(word)) > max(20, width) {
        lines.append(current)
        current = String(word)
      } else {
        current += (current.isEmpty ? "" : " ") + word
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines.joinedText("\n" + indent)
  }
}
