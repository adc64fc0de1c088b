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
