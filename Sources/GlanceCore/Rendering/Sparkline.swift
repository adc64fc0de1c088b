/// A one-line sketch of the latest values: ▁▂▃▄▅▆▇█ (ASCII: _.-=+*#).
public enum Sparkline {
  static let unicodeLevels = Array("▁▂▃▄▅▆▇█")
  static let asciiLevels = Array("_.-=+*#")

  /// The last `count` values, scaled between their own minimum and maximum.
  public static func render(_ values: [Double], count: Int = 12, style: OutputStyle) -> String {
    let shown = values.suffix(count)
    guard shown.count >= 2, let low = shown.min(), let high = shown.max() else { return "" }
    let levels = style.unicode ? unicodeLevels : asciiLevels
    return String(
      shown.map { value -> Character in
        guard high > low else { return levels[levels.count / 2] }
        let position = (value - low) / (high - low)
        return levels[(position * Double(levels.count - 1)).rounded().clampedInt(0...(levels.count - 1))]
      })
  }
}
