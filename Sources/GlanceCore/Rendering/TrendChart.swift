#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The hero of `glance show`: readings placed by date on a time axis, the target range as a
/// band (a one-sided range as a single line), points marked by status.
///
/// Readings beyond the marker's plausible range are drawn at the chart's edge with an arrow
/// instead of stretching the scale, so one slip never flattens years of readings.
public enum TrendChart {
  /// About how many rows the plot area has (9 to 13, so that every tick sits on a row).
  public static let targetHeight = 10

  public static func render(_ snapshot: MarkerSnapshot, entries: [MarkerEntry]? = nil, style: OutputStyle) -> String {
    let entries = entries ?? snapshot.entries
    guard !entries.isEmpty else { return "" }
    let definition = snapshot.definition
    // Drawn in the person's unit: values and bounds converted (unrounded, so each sits where it
    // is), and judged, as everywhere, by the stored value against the stored range.
    let display = snapshot.display
    let range = snapshot.drawnRange
    let listPlaces = snapshot.listPlaces(entries)
    let glyphs = Glyphs(style)

    // Which readings are drawn to scale: not slips, and nothing beyond what glance keeps (a
    // hand-edited 1e308 would overflow the scale).
    func offScale(_ value: Double) -> Bool { definition.isOffScale(value) || !ValueParser.isStorable(value) }
    var scaled = entries.map(\.value).filter { !offScale($0) }.map { display.exact($0) }
    if scaled.isEmpty {
      scaled = entries.map {
        display.exact(min(max($0.value, -ValueParser.maximumMagnitude), ValueParser.maximumMagnitude))
      }
    }
    let clipping = scaled.count < entries.count
    // A bound joins the scale when it is near the readings; a far one would squash them flat.
    let dataLow = scaled.min()!
    let dataHigh = scaled.max()!
    let reach = max(dataHigh - dataLow, abs(dataHigh) * 0.15)
    let bounds = [range.low, range.high].compactMap { $0 }.filter { $0 >= dataLow - reach && $0 <= dataHigh + reach }
    let scale = Scale(
      values: scaled + bounds, targetRows: targetHeight, decimals: display.decimals ?? definition.decimals)
    let height = scale.rows

    // The plot area.
    let labels = scale.ticks.map { ValueText.number($0) }
    let labelWidth = max(labels.map(\.count).max() ?? 1, 3)
    let plotWidth = max(10, style.width - labelWidth - 3)
    var canvas = Canvas(width: plotWidth, height: height)

    // The band (rows whose value lies in the range) or the bound line.
    let band = BandRows(range: range, scale: scale)
    if let rows = band.rows {
      for row in rows {
        for column in 0..<plotWidth { canvas.set(column, row, glyphs.band, .green, onlyIfEmpty: true) }
      }
    } else if let row = band.line, (0..<height).contains(row) {
      for column in 0..<plotWidth { canvas.set(column, row, glyphs.boundLine, .green, onlyIfEmpty: true) }
    }

    // Where each reading goes.
    let first = entries.first!.dateOfService.dayNumber
    let last = entries.last!.dateOfService.dayNumber
    let span = last - first
    func column(for date: CalendarDate) -> Int {
      guard span > 0 else { return plotWidth / 2 }
      let fraction = Double(date.dayNumber - first) / Double(span)
      return 1 + (fraction * Double(plotWidth - 3)).rounded().clampedInt()
    }
    struct Point {
      var column: Int
      var row: Int
      var glyph: String
      var color: OutputStyle.Color?
      var severity: Int
      /// A bound the lab reported (`<0.1`): drawn as its comparator, joined to nothing, so a
      /// change in the assay's reporting limit never looks like a change in the person.
      var censored = false
      /// A slip beyond the plausible range, drawn at the chart's edge: joined to nothing either,
      /// so a line from the edge never reads as a fall (attacker review at stop 40: a line ran
      /// down from a 900 mg/dL HDL's arrow to 55).
      var atEdge = false
    }
    let points = entries.map { entry -> Point in
      var point = place(entry)
      if let comparator = entry.comparator {
        point.glyph = comparator == .lessThan || comparator == .lessThanOrEqual ? "<" : ">"
        point.censored = true
      }
      return point
    }
    func place(_ entry: MarkerEntry) -> Point {
      let judgement = snapshot.judgement(of: entry)
      let status = judgement.status
      let x = column(for: entry.dateOfService)
      if clipping && offScale(entry.value) {
        let above = display.exact(entry.value) > (scaled.max() ?? display.exact(entry.value))
        return Point(
          column: x, row: above ? 0 : height - 1, glyph: above ? glyphs.offTop : glyphs.offBottom, color: .red,
          severity: 3, atEdge: true)
      }
      // Placed by where the value is against the band: a guideline's watch stage above the range
      // (blood pressure "elevated") is drawn above the band, not clamped into it.
      // A reading judged in the unit it was typed in (UACR 3 mg/mmol, 26.55 mg/g) is drawn at its
      // height on this axis: its mark says how it was judged, its place never moves it.
      // Read as an SI lab prints it, the band is the printed range the status was judged by.
      let side: MarkerStatus =
        snapshot.isPrinted
        ? status
        : snapshot.range.isAbove(entry.value)
          ? .high : snapshot.range.isBelow(entry.value) ? .low : judgement.asEntered ? .normal : status
      let row = band.place(scale.row(for: display.exact(entry.value)), status: side, height: height)
      switch status {
      case .criticalLow, .criticalHigh:
        return Point(column: x, row: row, glyph: glyphs.out, color: .red, severity: 3)
      case .low, .high: return Point(column: x, row: row, glyph: glyphs.out, color: .red, severity: 2)
      case .watchLow, .watchHigh: return Point(column: x, row: row, glyph: glyphs.watch, color: .amber, severity: 1)
      case .normal, .noRange, .indeterminate:
        return Point(column: x, row: row, glyph: glyphs.normal, color: .blue, severity: 0)
      }
    }

    // Lines between consecutive plain readings, then the readings on top (the worst status wins
    // a cell).
    let plain = points.filter { !$0.censored && !$0.atEdge }
    for (a, b) in zip(plain, plain.dropFirst()) {
      let steps = max(abs(b.column - a.column), abs(b.row - a.row)) * 2
      guard steps > 0 else { continue }
      for step in 1..<steps {
        let t = Double(step) / Double(steps)
        let x = (Double(a.column) + t * Double(b.column - a.column)).rounded().clampedInt()
        let y = (Double(a.row) + t * Double(b.row - a.row)).rounded().clampedInt()
        canvas.set(x, y, glyphs.line, .blue, onlyIfEmpty: false, unlessPoint: true)
      }
    }
    var severityAt: [Int: Int] = [:]
    for point in points {
      let key = point.row * plotWidth + point.column
      if let existing = severityAt[key], existing > point.severity { continue }
      severityAt[key] = point.severity
      canvas.setPoint(point.column, point.row, point.glyph, point.color)
    }

    // Assemble: title, rows with y labels, x axis, x labels, legend.
    var lines: [String] = []
    lines.append(style.paint(definition.displayName, .bold) + " (\(display.unit))")
    let tickRows = Dictionary(scale.ticks.enumerated().map { (scale.row(for: $0.element), labels[$0.offset]) }) {
      first, _ in first
    }
    for row in 0..<height {
      let label =
        tickRows[row].map { TextWidth.padLeft($0, to: labelWidth) } ?? String(repeating: " ", count: labelWidth)
      let axis = tickRows[row] != nil ? glyphs.tick : glyphs.axis
      lines.append(
        LibraryView.trimTrailing(label + " " + style.paint(axis, .dim) + canvas.render(row: row, style: style)))
    }
    let xLabels = DateAxis.labels(
      from: entries.first!.dateOfService, to: entries.last!.dateOfService, width: plotWidth, column: column)
    var axisLine = Array(repeating: glyphs.horizontal, count: plotWidth)
    var labelLine = Array(repeating: " ", count: plotWidth + 12)
    for label in xLabels {
      axisLine[label.column] = glyphs.xTick
      for (offset, character) in label.text.enumerated() where label.textColumn + offset < labelLine.count {
        labelLine[label.textColumn + offset] = String(character)
      }
    }
    lines.append(String(repeating: " ", count: labelWidth) + " " + style.paint(glyphs.corner + axisLine.joined(), .dim))
    lines.append(LibraryView.trimTrailing(String(repeating: " ", count: labelWidth + 2) + labelLine.joined()))
    let boundRows = [range.low, range.high].compactMap { $0 }.map { scale.row(for: $0) }
    let offChart: String? =
      boundRows.isEmpty
      ? nil
      : boundRows.allSatisfy({ $0 > height - 1 })
        ? "below the chart"
        : boundRows.allSatisfy({ $0 < 0 }) ? "above the chart" : nil
    lines.append(
      legend(
        range: snapshot.shownRange(places: listPlaces), unit: display.unit, offChart: offChart, outliers: clipping,
        glyphs: glyphs,
        style: style,
        rangeName: snapshot.rangeName.hasPrefix("the ") ? String(snapshot.rangeName.dropFirst(4)) : snapshot.rangeName,
        censored: points.contains { $0.censored },
        places: snapshot.rangePlaces(listPlaces)))
    return lines.joinedText("\n")
  }

  static func legend(
    range: ReferenceRange, unit: String, offChart: String?, outliers: Bool, glyphs: Glyphs, style: OutputStyle,
    rangeName: String = "reference range", censored: Bool = false, places: Int? = nil
  ) -> String {
    // Without a range (weight) no reading is in or out of one (newcomer review: "● in range").
    var parts =
      range.low == nil && range.high == nil
      ? [style.paint(glyphs.normal, .blue) + " a reading"]
      : [
        style.paint(glyphs.normal, .blue) + " in range", style.paint(glyphs.watch, .amber) + " near a limit",
        style.paint(glyphs.out, .red) + " out of range",
      ]
    if let text = ValueText.range(range, unit: unit, style: style, places: places) {
      let mark = range.low != nil && range.high != nil ? glyphs.band : glyphs.boundLine
      parts.append(
        style.paint(mark, .green) + " \(rangeName): " + text
          + (offChart.map { " (\($0))" } ?? ""))
    }
    if outliers { parts.append(glyphs.offTop + glyphs.offBottom + " off the scale (see the list)") }
    if censored { parts.append("< > a limit the lab reported, not joined") }
    // As many parts a line as the width allows.
    var lines: [String] = []
    for part in parts {
      if let last = lines.last, TextWidth.of(last) + 2 + TextWidth.of(part) <= style.width {
        lines[lines.count - 1] = last + "  " + part
      } else {
        lines.append(part)
      }
    }
    return lines.joinedText("\n")
  }

  /// Which rows show the range, and where a reading may sit so its place agrees with its status:
  /// rows are coarse, so a reading in range is never drawn outside the band, nor one out of
  /// range inside it (at most one row from where rounding put it).
  struct BandRows {
    /// Rows of a two-sided band (top row first), nil for a one-sided or no range.
    var rows: ClosedRange<Int>?
    /// The row of a one-sided range's bound.
    var line: Int?
    var range: ReferenceRange

    init(range: ReferenceRange, scale: Scale) {
      self.range = range
      let height = scale.rows
      switch (range.low, range.high) {
      case (let low?, let high?):
        // Rows whose own value lies within the range; a range thinner than a row gets the row of
        // its middle.
        let exactTop = scale.exactRow(for: high)
        let exactBottom = scale.exactRow(for: low)
        var top = exactTop.rounded(.up).clampedInt()
        var bottom = exactBottom.rounded(.down).clampedInt()
        if top > bottom {
          top = ((exactTop + exactBottom) / 2).rounded().clampedInt()
          bottom = top
        }
        top = max(0, top)
        bottom = min(height - 1, bottom)
        rows = top <= bottom ? top...bottom : nil
      case (let bound?, nil), (nil, let bound?):
        line = scale.row(for: bound)
      case (nil, nil):
        break
      }
    }

    /// The row for a reading that rounding put at `row`, moved into or out of the band to match
    /// its status, and kept on the chart.
    func place(_ row: Int, status: MarkerStatus, height: Int) -> Int {
      var row = row
      if let rows {
        switch status {
        case .normal, .watchLow, .watchHigh: row = min(max(row, rows.lowerBound), rows.upperBound)
        case .high, .criticalHigh: row = min(row, rows.lowerBound - 1)
        case .low, .criticalLow: row = max(row, rows.upperBound + 1)
        case .noRange, .indeterminate: break
        }
      } else if let line {
        switch status {
        case .high, .criticalHigh: row = min(row, line - 1)
        case .low, .criticalLow: row = max(row, line + 1)
        case .normal, .watchLow, .watchHigh:
          if range.high != nil { row = max(row, line) } else { row = min(row, line) }
        case .noRange, .indeterminate: break
        }
      }
      return min(height - 1, max(0, row))
    }
  }

  /// The characters of a chart, Unicode or ASCII.
  struct Glyphs {
    let normal, watch, out, line, band, boundLine, offTop, offBottom: String
    let axis, tick, corner, horizontal, xTick: String

    init(_ style: OutputStyle) {
      if style.unicode {
        (normal, watch, out, line, band, boundLine, offTop, offBottom) = ("●", "▲", "✖", "·", "░", "┄", "↑", "↓")
        (axis, tick, corner, horizontal, xTick) = ("│", "┤", "└", "─", "┬")
      } else {
        (normal, watch, out, line, band, boundLine, offTop, offBottom) = ("o", "~", "!", ".", ":", "-", "^", "v")
        (axis, tick, corner, horizontal, xTick) = ("|", "+", "+", "-", "+")
      }
    }
  }

  /// The y scale: round tick values and the row of any value.
  struct Scale {
    let minimum: Double
    let maximum: Double
    let ticks: [Double]
    let rows: Int

    /// `decimals`: how many the marker is printed with. The axis spans at least a tenth of the
    /// values' size and four of the marker's smallest steps, and ticks no finer than one step: a
    /// whole-number marker never gets a "99.5" tick, and noise never fills the chart's height.
    init(values: [Double], targetRows: Int, decimals: Int = 1) {
      var low = values.min() ?? 0
      var high = values.max() ?? 1
      let precision = pow(10, -Double(max(0, min(decimals, 6))))
      let minimumSpan = max(4 * precision, max(abs(low), abs(high)) * 0.1)
      if high - low < minimumSpan {
        let pad = (minimumSpan - (high - low)) / 2
        let nonNegative = low >= 0
        low -= pad
        high += pad
        // Values that cannot be negative keep the axis at zero or above.
        if nonNegative && low < 0 {
          high -= low
          low = 0
        }
      }
      let step = max(Scale.niceStep((high - low) / 4), precision)
      minimum = (low / step).rounded(.down) * step
      var top = (high / step).rounded(.up) * step
      if top <= minimum { top = minimum + step }
      maximum = top
      var ticks: [Double] = []
      var tick = minimum
      while tick <= maximum + step / 2 {
        ticks.append((tick / step).rounded() * step)
        tick += step
      }
      self.ticks = ticks
      // Ticks fall exactly on rows: each of the n intervals spans the same whole number of rows.
      let intervals = max(1, ticks.count - 1)
      let rowsPerInterval = max(1, Int((Double(targetRows - 1) / Double(intervals)).rounded()))
      rows = intervals * rowsPerInterval + 1
    }

    /// 1, 2 or 5 times a power of ten, at least `raw`.
    static func niceStep(_ raw: Double) -> Double {
      let magnitude = pow(10, (log10(raw)).rounded(.down))
      for factor in [1.0, 2, 5, 10] where factor * magnitude >= raw * 0.999 { return factor * magnitude }
      return 10 * magnitude
    }

    /// The row (0 at the top) where `value` belongs; may lie outside 0..<rows.
    func row(for value: Double) -> Int { exactRow(for: value).rounded().clampedInt() }

    /// The fractional row of `value`.
    func exactRow(for value: Double) -> Double { (maximum - value) / (maximum - minimum) * Double(rows - 1) }
  }

  /// A grid of cells with colours.
  struct Canvas {
    struct Cell {
      var text = " "
      var color: OutputStyle.Color?
      var isPoint = false
      var isEmpty = true
    }
    var cells: [[Cell]]

    init(width: Int, height: Int) { cells = Array(repeating: Array(repeating: Cell(), count: width), count: height) }

    mutating func set(
      _ column: Int, _ row: Int, _ text: String, _ color: OutputStyle.Color?, onlyIfEmpty: Bool,
      unlessPoint: Bool = false
    ) {
      guard cells.indices.contains(row), cells[row].indices.contains(column) else { return }
      if onlyIfEmpty && !cells[row][column].isEmpty { return }
      if unlessPoint && cells[row][column].isPoint { return }
      cells[row][column] = Cell(text: text, color: color, isPoint: false, isEmpty: false)
    }

    mutating func setPoint(_ column: Int, _ row: Int, _ text: String, _ color: OutputStyle.Color?) {
      guard cells.indices.contains(row), cells[row].indices.contains(column) else { return }
      cells[row][column] = Cell(text: text, color: color, isPoint: true, isEmpty: false)
    }

    func render(row: Int, style: OutputStyle) -> String {
      cells[row].map { style.paint($0.text, $0.color) }.joined()
    }
  }
}
