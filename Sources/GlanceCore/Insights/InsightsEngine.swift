#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Turns readings into "Next Visit Prep" suggestions (PRD §5.8, DESIGN §6). Deterministic
/// threshold math and trend detection only: no network, no scores, no clinical advice or
/// interpretation (the banned words are listed once, in `InsightsEngineTests.banned`).
///
/// - Out of range: the latest reading of a library marker is outside its target range.
/// - Trend: the last three or more consecutive readings each moved the concerning way for the
///   marker's direction (down for higher-is-better, up for lower-is-better, away from the middle
///   of the range for in-range markers). The insight names the whole run, not just three.
///
/// Custom markers get none: glance knows nothing medical about them.
public enum InsightsEngine {
  /// The shortest run of readings that counts as a trend.
  public static let minimumRun = 3

  /// How many of a marker's latest readings prep looks at: far more than any real run of
  /// steadily worsening readings, and it keeps prep instant for thirty years of daily readings.
  public static let readingsConsidered = 500

  /// Insights for `snapshots`, in their order; for each marker the out-of-range one first.
  public static func insights(for snapshots: [MarkerSnapshot], at now: Timestamp) -> [VisitPrepInsight] {
    var result: [VisitPrepInsight] = []
    for snapshot in snapshots where snapshot.definition.isSystemDefined {
      if let insight = outOfRange(snapshot, at: now) { result.append(insight) }
      if let insight = trend(snapshot, at: now) { result.append(insight) }
    }
    return result
  }

  static func outOfRange(_ snapshot: MarkerSnapshot, at now: Timestamp) -> VisitPrepInsight? {
    guard let latest = snapshot.latest else { return nil }
    let status = snapshot.status(of: latest)
    guard status.isOutOfRange else { return nil }
    let definition = snapshot.definition
    let side = status == .high ? "above" : "below"
    let range = ValueText.rangeInWords(snapshot.range, unit: definition.unit) ?? ""
    let text =
      "Your \(definition.displayName) \(isPlural(definition) ? "were" : "was") \(latest.valueText) on \(DateText.long(latest.dateOfService)), \(side) your target range (\(range)). "
      + "Consider asking your doctor about this result."
    return VisitPrepInsight(
      id: identifier(definition.id, "outOfRange", latest.id), markerID: definition.id, kind: .outOfRange,
      suggestionText: text, triggeringValues: [latest], generatedAt: now)
  }

  static func trend(_ snapshot: MarkerSnapshot, at now: Timestamp) -> VisitPrepInsight? {
    let run = concerningRun(snapshot.entries, direction: snapshot.definition.direction, range: snapshot.range)
    guard run.count >= minimumRun, let first = run.first, let last = run.last else { return nil }
    let definition = snapshot.definition
    let rising = last.value > first.value
    let values = run.map { ValueText.value($0.value, $0.comparator) }.joinedText(" → ")
    let unit = definition.unit == "%" ? "%" : " " + definition.unit
    let text =
      "Your \(definition.displayName) \(isPlural(definition) ? "have" : "has") \(rising ? "increased" : "decreased") across your last \(run.count) readings (\(values)\(unit)). "
      + "Consider asking your doctor whether any changes are recommended."
    return VisitPrepInsight(
      id: identifier(definition.id, rising ? "up" : "down", last.id), markerID: definition.id,
      kind: rising ? .trendingUp : .trendingDown, suggestionText: text, triggeringValues: run, generatedAt: now)
  }

  /// The longest run of readings, ending with the latest, in which every step moved the
  /// concerning way (and, for in-range markers, in one direction).
  public static func concerningRun(_ entries: [MarkerEntry], direction: Direction, range: ReferenceRange)
    -> [MarkerEntry]
  {
    guard entries.count >= 2 else { return [] }
    func concerning(_ a: Double, _ b: Double) -> Bool {
      switch direction {
      case .higherIsBetter: return b < a
      case .lowerIsBetter: return b > a
      case .inRange:
        guard let middle = range.middle else { return false }
        return abs(b - middle) > abs(a - middle)
      }
    }
    var start = entries.count - 1
    let rising = entries[entries.count - 1].value > entries[entries.count - 2].value
    while start > 0 {
      let a = entries[start - 1].value
      let b = entries[start].value
      guard concerning(a, b), (b > a) == rising, a != b else { break }
      start -= 1
    }
    let run = Array(entries[start...])
    return run.count >= 2 ? run : []
  }

  /// "Triglycerides were", "LDL Cholesterol was": a name whose main word ends in a plural s.
  static func isPlural(_ definition: MarkerDefinition) -> Bool {
    let name = definition.displayName.split(separator: "(").first.map { $0.trimmingWhitespace() } ?? ""
    return name.hasSuffix("s") && !name.hasSuffix("ss") && !name.hasSuffix("is")
  }

  /// A stable id, so the same readings give the same insight id on every run.
  static func identifier(_ marker: UUID, _ kind: String, _ entry: UUID) -> UUID {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in Array((marker.uuidString + kind + entry.uuidString).utf8) {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    var second = hash
    var bytes = [UInt8](repeating: 0, count: 16)
    for index in 0..<16 {
      if index == 8 { second = hash &* 0x9E37_79B9_7F4A_7C15 }
      bytes[index] = UInt8(truncatingIfNeeded: (index < 8 ? hash : second) >> (UInt64(index % 8) * 8))
    }
    return UUID.version4(bytes)
  }

  /// Every sentence template the engine can produce, filled with sample words: for the test that
  /// scans them for banned words.
  public static let templates: [String] = [
    "Your {marker} was {value} on {date}, above your target range ({range}). Consider asking your doctor about this result.",
    "Your {marker} were {value} on {date}, below your target range ({range}). Consider asking your doctor about this result.",
    "Your {marker} has increased across your last {n} readings ({values}). Consider asking your doctor whether any changes are recommended.",
    "Your {marker} have decreased across your last {n} readings ({values}). Consider asking your doctor whether any changes are recommended.",
  ]
}
