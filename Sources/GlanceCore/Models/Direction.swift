/// Which way a marker is better, which decides whether a trend is good or concerning.
public enum Direction: String, Codable, Sendable, CaseIterable {
  /// Higher values are better (HDL, eGFR).
  case higherIsBetter
  /// Lower values are better (LDL, A1c).
  case lowerIsBetter
  /// Best inside the range; moving away from its middle is concerning (TSH, sodium, potassium).
  case inRange
}
