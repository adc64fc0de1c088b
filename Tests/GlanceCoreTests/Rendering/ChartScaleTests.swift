import Testing

@testable import GlanceCore

/// Issue 15: a chart's axis never zooms into noise. It spans at least a tenth of the values (and
/// four of the marker's smallest printed steps), and a marker printed in whole numbers gets no
/// tick between them: glucose 100 against a limit of 99 had a 99–100 axis with a "99.5" tick.
@Suite("Chart scale")
struct ChartScaleTests {
  @Test(
    "the axis spans a sensible minimum and never ticks below the marker's precision",
    arguments: [
      // values, decimals, smallest span, no tick finer than
      ([100.0, 99], 0, 10.0, 1.0), ([118.0, 120, 119], 0, 11.9, 1.0), ([5.6, 5.7], 1, 0.56, 0.1),
      ([6.1, 6.1], 1, 0.61, 0.1), ([0.01, 0.02], 2, 0.04, 0.01), ([40.0, 180], 0, 140, 1.0),
    ] as [([Double], Int, Double, Double)])
  func minimumSpan(values: [Double], decimals: Int, span: Double, finest: Double) {
    let scale = TrendChart.Scale(values: values, targetRows: 9, decimals: decimals)
    #expect(scale.maximum - scale.minimum >= span - 1e-9, "\(scale.ticks)")
    let steps = zip(scale.ticks.dropFirst(), scale.ticks).map { $0 - $1 }
    #expect(steps.allSatisfy { $0 >= finest - 1e-9 }, "\(scale.ticks)")
    #expect(scale.minimum <= values.min()! && scale.maximum >= values.max()!)
    // Values that are never negative get no negative axis.
    #expect(scale.minimum >= 0 || values.min()! < 0, "\(scale.ticks)")
  }
}

/// Newcomer review at stop 34: at 80 columns the last date label ("Mar 2026") ran 6 columns past
/// the edge, and the terminal put "2026" on a line of its own. A label ends within the width; the
/// last one may sit left of its tick.
@Suite("Chart date labels")
struct ChartDateLabelTests {
  @Test("every chart's date labels end within its width", arguments: [80, 60, 40, 100])
  func labelsFit(width: Int) {
    let spans: [[(String, Double)]] = [
      [("2024-11-05", 112), ("2025-02-11", 118), ("2025-06-20", 106), ("2026-03-03", 98)],
      [("2024-12-01", 112), ("2026-03-30", 98)], [("2016-01-10", 130), ("2026-11-01", 120)],
      [("2026-10-01", 130), ("2026-11-20", 120)], [("2026-11-01", 130), ("2026-11-09", 120)],
    ]
    for readings in spans {
      let snapshot = ChartGoldenTests.snapshot(Fixture.ldl, readings)
      let chart = TrendChart.render(
        snapshot, entries: snapshot.entries, style: OutputStyle(unicode: true, width: width))
      let lines = chart.split(separator: "\n")
      // The axis and the labels under it (the legend is prose, wrapped as it is printed).
      guard let axis = lines.firstIndex(where: { $0.contains("└") }) else {
        Issue.record("no axis: \(chart)")
        continue
      }
      for line in lines[axis...].prefix(2) {
        #expect(TextWidth.of(line) <= width, "\(width) \(readings.first!.0): \(line)")
      }
      // Each label still names a tick: none is dropped for want of room at the edge.
      #expect(lines[axis + 1].contains { $0.isNumber }, "\(chart)")
    }
  }
}
