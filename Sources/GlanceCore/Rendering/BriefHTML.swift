/// `glance prep --html`: the brief as one self-contained page to print or show on a phone: inline
/// CSS and SVG, no script, no font, no request of any kind. Status is always a shape and a word,
/// never colour alone, so it reads in black-and-white print and in high contrast.
public enum BriefHTML {
  public static func render(_ brief: VisitBrief) -> String {
    var body: [String] = []
    let title = "Next Visit Prep" + (brief.name.map { " for " + $0 } ?? "")
    body.append("<header><h1>\(escape(title))</h1>")
    var prepared = "Prepared \(DateText.long(brief.today))"
    if let coming = brief.comingLine { prepared += " for: " + coming }
    body.append("<p class=\"sub\">\(escape(prepared)).</p></header>")

    body.append("<section><h2>Things to bring up</h2>")
    if brief.items.isEmpty {
      body.append("<p>\(escape(brief.nothingRaised))</p>")
    } else {
      body.append("<ol class=\"items\">")
      for item in brief.items {
        let critical = item.kind == .critical
        body.append(
          "<li class=\"\(critical ? "critical" : "item")\">"
            + (critical ? "<strong>\(mark(.criticalHigh)) Past a critical limit.</strong> " : "")
            + escape(item.suggestionText) + "</li>")
      }
      body.append("</ol>")
    }
    for note in brief.ownMarkersNotes {
      body.append("<p>\(escape(note))</p>")
    }
    body.append("</section>")

    if !brief.questions.isEmpty {
      body.append(
        "<section><h2>Your questions</h2>"
          + brief.questions.map { visit, notes in
            (visit.map { "<h3>\(escape($0))</h3>" } ?? "") + paragraphs(notes)
          }.joinedText("") + "</section>")
    }
    if let last = brief.last, let line = brief.lastLine, let notes = last.notes {
      body.append(
        "<section><h2>Last time <span class=\"sub\">(\(escape(line)))</span></h2>\(paragraphs(notes))</section>")
    }

    // One chart a marker, however many items name it (`VisitBrief.flagged`).
    let charted = brief.flagged.filter { $0.entries.count >= 1 }
    if !charted.isEmpty {
      // Many charts print five to a row, so a long brief still fits two pages.
      body.append("<section><h2>Trends</h2><div class=\"charts\(charted.count > 8 ? " many" : "")\">")
      for snapshot in charted {
        // Every reading since the first a recent average item speaks of (newcomer review at stop
        // 40: "over your last 15 readings" beside a chart of 12), a slip it left out too
        // (clinician review at stop 41: counting the 15 back dropped the first day).
        let start =
          brief.items.first { $0.kind == .recentAverage && $0.markerID == snapshot.definition.id }?
          .triggeringValues.map(\.dateOfService).min()
        let averaged = start.map { start in snapshot.entries.count { $0.dateOfService >= start } } ?? 0
        body.append(
          chartFigure(
            snapshot, today: brief.today, readings: min(max(chartReadings, averaged), averagedChartReadings)))
      }
      body.append("</div></section>")
    }

    let rows = brief.latestValues
    if !rows.isEmpty {
      body.append("<section class=\"latest\"><h2>Latest values</h2><table>")
      body.append(
        "<thead><tr><th scope=\"col\">Marker</th><th scope=\"col\" class=\"num\">Latest</th><th scope=\"col\">Date</th><th scope=\"col\">Range</th><th scope=\"col\">Status</th></tr></thead><tbody>"
      )
      for snapshot in rows {
        guard let latest = snapshot.latest else { continue }
        let judged = snapshot.asJudged(latest)
        let judgement = snapshot.judgement(of: latest)
        let range = ValueText.rangeInWords(judged.range, unit: judged.unit, places: judged.places) ?? "none"
        body.append(
          "<tr class=\"\(statusClass(judgement.status))\"><td>\(escape(snapshot.definition.displayName))</td>"
            + "<td class=\"num\">\(escape(ValueText.withUnit(judged.value, latest.comparator, judged.unit, places: judged.places)))</td>"
            + "<td class=\"date\">\(DateText.long(latest.dateOfService))</td>"
            + "<td>\(escape((snapshot.rangeIsYours ? "your range: " : "") + range))</td>"
            + "<td>\(judgement.status == .noRange ? "" : mark(judgement.status) + " " + escape(judgement.words))</td></tr>"
        )
      }
      body.append("</tbody></table></section>")
    }

    body.append("<div class=\"columns\">")
    if let last = brief.last {
      let total = brief.sinceTotal
      body.append(
        "<section><h2>Since your last \(escape(VisitsView.typeName(last).lowercased())) <span class=\"sub\">(\(DateText.long(last.date)))</span></h2>"
      )
      if total == 0 {
        body.append("<p>No new readings.</p>")
      } else {
        let rows = brief.sinceLatest
        // Said when a row stands for more than its reading.
        if rows.count < total {
          body.append("<p>\(escape(brief.sinceCount.prefix(1).uppercased() + brief.sinceCount.dropFirst())):</p>")
        }
        body.append("<ul class=\"since\">")
        for (snapshot, entry, count) in rows {
          let judged = snapshot.asJudged(entry)
          let judgement = snapshot.judgement(of: entry)
          body.append(
            "<li>\(escape(snapshot.definition.displayName)): \(escape(ValueText.withUnit(judged.value, entry.comparator, judged.unit, places: judged.places))) on \(DateText.long(entry.dateOfService))"
              + (judgement.status == .noRange
                ? ""
                : " <span class=\"\(statusClass(judgement.status))\">\(mark(judgement.status)) \(escape(judgement.words))</span>")
              + (count > 1 ? ", <span class=\"sub\">the latest of \(count)</span>" : "") + "</li>")
        }
        body.append("</ul>")
      }
      body.append("</section>")
    }
    if !brief.pastYear.isEmpty {
      body.append("<section><h2>Visits in the past year</h2><ul>")
      for visit in brief.pastYear {
        body.append(
          "<li>\(DateText.long(visit.date)): \(escape(VisitsView.typeName(visit))) with \(escape(visit.doctorName))</li>"
        )
      }
      body.append("</ul></section>")
    }
    body.append("</div>")
    if !brief.stale.isEmpty {
      body.append(
        "<section class=\"stale\">" + brief.stale.map { "<p>\(escape($0))</p>" }.joinedText("") + "</section>")
    }
    body.append("<footer><p>\(escape(BriefMarkdown.privacyLine))</p></footer>")

    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(escape(title))</title>
      <style>
      \(css)
      </style>
      </head>
      <body>
      <main>
      \(body.joinedText("\n"))
      </main>
      </body>
      </html>

      """
  }

  // MARK: Pieces

  /// The status as a shape and a word's symbol: never colour alone.
  static func mark(_ status: MarkerStatus) -> String {
    switch status {
    case .normal: "<span class=\"mark\" aria-hidden=\"true\">&#10003;</span>"
    case .watchLow, .watchHigh: "<span class=\"mark\" aria-hidden=\"true\">&#9650;</span>"
    case .low, .high: "<span class=\"mark\" aria-hidden=\"true\">!</span>"
    case .criticalLow, .criticalHigh: "<span class=\"mark\" aria-hidden=\"true\">!!</span>"
    case .indeterminate: "<span class=\"mark\" aria-hidden=\"true\">?</span>"
    case .noRange: ""
    }
  }

  static func statusClass(_ status: MarkerStatus) -> String {
    if status.isCritical { return "critical" }
    if status.isOutOfRange { return "out" }
    if status.isWatch { return "watch" }
    return status == .normal ? "ok" : "plain"
  }

  /// A person's notes, a paragraph a line; blank lines dropped.
  static func paragraphs(_ text: String) -> String {
    text.split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
      .map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
      .map { "<p>\(escape(String($0)))</p>" }.joinedText("")
  }

  /// `&`, `<`, `>`, quotes as entities; control characters dropped (a note's tab or bell has no
  /// meaning on a page).
  static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      case "\t": result += " "
      default:
        if TerminalText.isHidden(scalar) { continue }
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  // MARK: Chart

  /// How many of a marker's latest readings its chart shows.
  public static let chartReadings = 12

  /// At most how many a chart beside a recent average shows: a month of readings three times a
  /// day, and more (the value labels that would overlap are left out).
  static let averagedChartReadings = 120

  /// A small chart of the marker's latest readings: dates on x, the reference band shaded, each
  /// point's status as a shape (circle in range, triangle near a limit, square out of range,
  /// diamond far outside), every value labelled. A lab's bound (`<0.1`) is a hollow circle at
  /// its bound, a slip beyond the plausible range a hollow diamond at the chart's edge: both
  /// shown, neither on the line. `role="img"` with the summary sentence as its name.
  static func chartFigure(_ snapshot: MarkerSnapshot, today: CalendarDate, readings: Int = chartReadings) -> String {
    let definition = snapshot.definition
    let points = Array(snapshot.entries.suffix(readings))
    // The line and the scale: plain readings and lab bounds, never a slip beyond the plausible range.
    func offScale(_ entry: MarkerEntry) -> Bool {
      definition.isOffScale(entry.value) || !ValueParser.isStorable(entry.value)
    }
    let scaled = points.filter { !offScale($0) }
    // Of the readings drawn: over every reading prep considered (500), the sentence under a chart
    // of the latest 12 described a span and counts the chart did not show (newcomer review).
    let summary = TrendSummary.sentence(snapshot, entries: points, today: today)
    let caption =
      "<figcaption>\(escape(definition.displayName)) <span class=\"sub\">(\(escape(snapshot.display.unit)))</span></figcaption>"
    guard !scaled.isEmpty else {
      return "<figure class=\"chart\">\(caption)<p>\(escape(summary))</p></figure>"
    }
    let width = 340.0
    let height = 150.0
    let left = 40.0
    let right = 12.0
    let top = 14.0
    let bottom = 26.0
    // In the person's unit: placed by the unrounded value, labelled as a lab prints it.
    let display = snapshot.display
    let values = scaled.map { display.exact($0.value) }
    let range = snapshot.drawnRange
    let places = snapshot.listPlaces(snapshot.entries)
    let shownRange = snapshot.shownRange(places: places)
    // Every bound is on the axis, so the band shows even when every value is beyond a one-sided
    // range (LDL 108 to 162 against below 100: the band is the strip under the 100 line).
    let bounds = [range.low, range.high].compactMap { $0 }
    let low = min(values.min() ?? 0, bounds.min() ?? .infinity)
    let high = max(values.max() ?? 1, bounds.max() ?? -.infinity)
    // Never a sub-unit axis for a flat history: at least 10% of the value either way.
    let span = max(high - low, abs(high) * 0.2, 1e-9)
    let pad = span * 0.12
    let yMin = low - pad
    let yMax = low + span + pad
    let days = points.map { Double($0.dateOfService.dayNumber) }
    let first = days.min() ?? 0
    let last = days.max() ?? 0
    func x(_ day: Double) -> Double {
      last == first ? left + (width - left - right) / 2 : left + (day - first) / (last - first) * (width - left - right)
    }
    func y(_ value: Double) -> Double { top + (yMax - value) / (yMax - yMin) * (height - top - bottom) }
    var svg: [String] = []
    svg.append(
      "<svg class=\"spark\" viewBox=\"0 0 \(number(width)) \(number(height))\" role=\"img\" aria-label=\"\(escape(summary))\">"
    )
    svg.append("<title>\(escape(summary))</title>")
    // The reference band, shaded, with its bounds drawn as dashed lines.
    if !range.isEmpty {
      let bandTop = y(min(range.high ?? yMax, yMax))
      let bandBottom = y(max(range.low ?? yMin, yMin))
      if bandBottom > bandTop {
        svg.append(
          "<rect class=\"band\" x=\"\(number(left))\" y=\"\(number(bandTop))\" width=\"\(number(width - left - right))\" height=\"\(number(bandBottom - bandTop))\"/>"
        )
      }
      for (bound, shown) in [(range.low, shownRange.low), (range.high, shownRange.high)].compactMap({ pair in
        pair.0.map { ($0, pair.1 ?? $0) }
      }) where bound >= yMin && bound <= yMax {
        svg.append(
          "<line class=\"bound\" x1=\"\(number(left))\" x2=\"\(number(width - right))\" y1=\"\(number(y(bound)))\" y2=\"\(number(y(bound)))\"/>"
        )
        svg.append(
          "<text class=\"axis\" x=\"\(number(left - 4))\" y=\"\(number(y(bound) + 3))\" text-anchor=\"end\">\(escape(ValueText.number(shown, places: snapshot.rangePlaces(places))))</text>"
        )
      }
    }
    // The line through the plain readings, then each point with its shape and value.
    let plain = points.indices.filter { points[$0].comparator == nil && !offScale(points[$0]) }
    let path = plain.map { "\(number(x(days[$0]))),\(number(y(display.exact(points[$0].value))))" }.joinedText(" ")
    if plain.count > 1 { svg.append("<polyline class=\"line\" points=\"\(path)\"/>") }
    // A dense chart (a month of readings beside an average) labels its first, last, lowest and
    // highest reading and every one off the scale, not each: 59 labels 10px apart read as
    // "152" where none was (newcomer review at stop 41).
    var labelled = Set(points.indices)
    if points.count > 2 * chartReadings {
      let byValue = plain.sorted { points[$0].value < points[$1].value }
      labelled = Set([points.indices.first, points.indices.last, byValue.first, byValue.last].compactMap { $0 })
        .union(points.indices.filter { offScale(points[$0]) })
    }
    var labels: [(x: Double, y: Double, text: String)] = []
    for (index, entry) in points.enumerated() {
      let status = snapshot.status(of: entry)
      let cx = x(days[index])
      let cy: Double
      let label: String
      if offScale(entry) {
        // At the edge it went past, labelled with its value: shown, not scaled.
        cy = display.exact(entry.value) > yMax ? top : height - bottom
        svg.append(hollowDiamond(cx, cy))
        // Critical though beyond the plausible range (potassium 1.2): "!!", as its item says
        // (newcomer review at stop 41: "900 ?" under "!! Past a critical limit").
        label = snapshot.displayedValue(entry, places: places) + (status.isCritical ? " !!" : " ?")
      } else if entry.comparator != nil {
        cy = y(display.exact(entry.value))
        svg.append("<circle class=\"censored\" cx=\"\(number(cx))\" cy=\"\(number(cy))\" r=\"4\"/>")
        label = snapshot.displayedValue(entry, places: places)
      } else {
        cy = y(display.exact(entry.value))
        svg.append(shape(status, cx, cy))
        label = snapshot.displayedValue(entry, places: places)
      }
      if labelled.contains(index) { labels.append((cx, cy - 7 > top ? cy - 7 : cy + 14, label)) }
    }
    // The value labels, newest first: one that would overlap a label already placed is left out
    // (newcomer review: 170 and 171 a day apart read "1770"), and none reaches over the axis's
    // labels on the left or past the right edge ("200196"). 9px digits are about 5.2px wide.
    var placed: [(x: Double, y: Double, width: Double)] = []
    var texts: [String] = []
    for (cx, labelY, label) in labels.reversed() {
      let labelWidth = Double(label.count) * 5.2
      let labelX = min(max(cx, left + labelWidth / 2), width - labelWidth / 2)
      if placed.contains(where: { abs($0.x - labelX) < ($0.width + labelWidth) / 2 && abs($0.y - labelY) < 9 }) {
        continue
      }
      placed.append((labelX, labelY, labelWidth))
      texts.append(
        "<text class=\"value\" x=\"\(number(labelX))\" y=\"\(number(labelY))\" text-anchor=\"middle\">\(escape(label))</text>"
      )
    }
    svg.append(contentsOf: texts.reversed())
    // Dates: the first and the last reading.
    let firstDate = points.first.map { DateText.shortMonth($0.dateOfService.month) + " \($0.dateOfService.year)" } ?? ""
    let lastDate = points.last.map { DateText.shortMonth($0.dateOfService.month) + " \($0.dateOfService.year)" } ?? ""
    svg.append(
      "<text class=\"axis\" x=\"\(number(left))\" y=\"\(number(height - 6))\" text-anchor=\"start\">\(firstDate)</text>"
    )
    if points.count > 1 {
      svg.append(
        "<text class=\"axis\" x=\"\(number(width - right))\" y=\"\(number(height - 6))\" text-anchor=\"end\">\(lastDate)</text>"
      )
    }
    svg.append("</svg>")
    return "<figure class=\"chart\">\(caption)\(svg.joinedText(""))<p class=\"summary\">\(escape(summary))</p></figure>"
  }

  /// The point's status as a shape: circle, triangle, square, diamond (critical, with a ring).
  static func shape(_ status: MarkerStatus, _ cx: Double, _ cy: Double) -> String {
    let c = statusClass(status)
    switch status {
    case .watchLow, .watchHigh:
      return
        "<polygon class=\"pt \(c)\" points=\"\(number(cx)),\(number(cy - 5)) \(number(cx - 5)),\(number(cy + 4)) \(number(cx + 5)),\(number(cy + 4))\"/>"
    case .low, .high:
      return "<rect class=\"pt \(c)\" x=\"\(number(cx - 4))\" y=\"\(number(cy - 4))\" width=\"8\" height=\"8\"/>"
    case .criticalLow, .criticalHigh:
      return
        "<polygon class=\"pt \(c)\" points=\"\(number(cx)),\(number(cy - 6)) \(number(cx + 6)),\(number(cy)) \(number(cx)),\(number(cy + 6)) \(number(cx - 6)),\(number(cy))\"/><circle class=\"ring\" cx=\"\(number(cx))\" cy=\"\(number(cy))\" r=\"9\"/>"
    default:
      return "<circle class=\"pt \(c)\" cx=\"\(number(cx))\" cy=\"\(number(cy))\" r=\"4\"/>"
    }
  }

  static func hollowDiamond(_ cx: Double, _ cy: Double) -> String {
    "<polygon class=\"censored\" points=\"\(number(cx)),\(number(cy - 6)) \(number(cx + 6)),\(number(cy)) \(number(cx)),\(number(cy + 6)) \(number(cx - 6)),\(number(cy))\"/>"
  }

  static func number(_ value: Double) -> String { ValueText.number((value * 10).rounded() / 10) }

  static let css = """
    :root { color-scheme: light; }
    body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; color: #111; background: #fff; margin: 0; line-height: 1.4; overflow-wrap: anywhere; }
    h3 { font-size: 1rem; margin: .5rem 0 .2rem; }
    main { max-width: 46rem; margin: 0 auto; padding: 1.2rem; }
    h1 { font-size: 1.5rem; margin: 0 0 .2rem; }
    h2 { font-size: 1.1rem; margin: 1.1rem 0 .4rem; border-bottom: 1px solid #888; padding-bottom: .15rem; }
    .sub { color: #444; font-weight: normal; }
    ol.items li { margin: .3rem 0; }
    li.critical { font-weight: 600; }
    .mark { display: inline-block; min-width: 1.1em; font-weight: 700; }
    .charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); gap: .8rem; }
    figure.chart { margin: 0; border: 1px solid #bbb; border-radius: 4px; padding: .4rem; break-inside: avoid; page-break-inside: avoid; }
    figcaption { font-weight: 600; font-size: .95rem; }
    svg.spark { width: 100%; height: auto; display: block; }
    .summary { font-size: .8rem; color: #333; margin: .2rem 0 0; }
    .band { fill: #e3efe3; }
    .bound { stroke: #5a8a5a; stroke-dasharray: 4 3; stroke-width: 1; }
    .line { fill: none; stroke: #555; stroke-width: 1.2; }
    .pt { stroke: #000; stroke-width: 1; }
    .pt.ok { fill: #2e7d32; }
    .pt.watch { fill: #f9a825; }
    .pt.out { fill: #c62828; }
    .pt.critical { fill: #8e0000; }
    .pt.plain { fill: #777; }
    .ring { fill: none; stroke: #000; stroke-width: 1.5; }
    .censored { fill: #fff; stroke: #000; stroke-width: 1.2; }
    text.value { font-size: 9px; fill: #111; }
    text.axis { font-size: 8px; fill: #333; }
    table { border-collapse: collapse; width: 100%; font-size: .9rem; }
    th, td { text-align: left; padding: .25rem .4rem; border-bottom: 1px solid #ccc; vertical-align: top; }
    th.num, td.num { text-align: right; white-space: nowrap; }
    /* A marker's name breaks between words, never inside one ("Cholestero / l"): its column is
       at least its longest word wide. */
    td:first-child { overflow-wrap: break-word; }
    tr.out td, tr.critical td { font-weight: 600; }
    span.out, span.critical { font-weight: 600; }
    footer { margin-top: 1.4rem; font-size: .85rem; color: #333; border-top: 1px solid #888; padding-top: .4rem; }
    @media (prefers-contrast: more) { .sub, .summary, footer { color: #000; } .band { fill: #d0e0d0; } }
    td.date { white-space: nowrap; }
    .columns { columns: 2 16rem; column-gap: 1.5rem; }
    .columns > section { break-inside: avoid; }
    @media print {
      @page { margin: 12mm; }
      body { font-size: 9pt; line-height: 1.3; }
      main { max-width: none; padding: 0; }
      h1 { font-size: 14pt; }
      h2 { font-size: 10.5pt; margin: .6rem 0 .25rem; break-after: avoid; page-break-after: avoid; }
      /* Four to a row: a brief with nine items still prints on two pages (newcomer review). */
      .charts { grid-template-columns: repeat(4, 1fr); gap: .35rem; }
      .charts.many { grid-template-columns: repeat(5, 1fr); }
      footer { margin-top: .6rem; break-before: avoid; page-break-before: avoid; }
      figure.chart { padding: .2rem; }
      figcaption { font-size: 8.5pt; }
      .summary { font-size: 6.5pt; }
      table { font-size: 8pt; }
      th, td { padding: .1rem .3rem; }
      tr, li { break-inside: avoid; }
      p { margin: .2rem 0; }
      .stale p { margin: 0; }
      li { margin: .1rem 0; }
    }
    """
}
