import Foundation
import Testing

@testable import GlanceCore

/// `ClinicalRules` is complete, consistent with the library, and written down in
/// `docs/MarkerLibrary.md` (the table there is generated from it: re-record with GLANCE_RECORD=1).
@Suite("Clinical rules")
struct ClinicalRulesTests {
  static let start = "<!-- clinical-rules:start -->"
  static let end = "<!-- clinical-rules:end -->"

  @Test("every library marker has exactly one rule, in library order, and every rule names its source")
  func complete() {
    #expect(ClinicalRules.all.map(\.key) == Fixture.library.markers.map(\.key))
    for rule in ClinicalRules.all {
      #expect(!rule.source.isEmpty, "\(rule.key)")
    }
  }

  @Test("critical limits lie outside the reference range, stages above the high bound and in order")
  func consistent() throws {
    for rule in ClinicalRules.all {
      let marker = try #require(Fixture.library.marker(key: rule.key))
      let range = marker.defaultRange
      if let low = rule.criticalLow {
        #expect(range.isBelow(low.value) || low.value < (range.low ?? .infinity), "\(rule.key)")
      }
      if let high = rule.criticalHigh { #expect(range.isAbove(high.value), "\(rule.key)") }
      if let first = rule.stages.first { #expect(first.from >= (range.high ?? 0), "\(rule.key)") }
      #expect(rule.stages.map(\.from) == rule.stages.map(\.from).sorted(), "\(rule.key)")
      if let critical = rule.criticalHigh, let last = rule.stages.last { #expect(last.from < critical.value) }
      // A critical limit is inside the plausible range: a real critical value is never called a slip.
      if let high = rule.criticalHigh, let max = marker.plausibleMax { #expect(high.value < max, "\(rule.key)") }
      if let low = rule.criticalLow, let min = marker.plausibleMin { #expect(low.value > min, "\(rule.key)") }
    }
  }

  /// The table `docs/MarkerLibrary.md` holds between its markers.
  static func table() -> String {
    func limit(_ limit: ClinicalRule.Limit?) -> String { limit?.text() ?? "" }
    var lines = [
      "| marker | judged range | men / women | critical low | critical high | plausible (asked) | trend needs | source |",
      "|---|---|---|---|---|---|---|---|",
    ]
    for rule in ClinicalRules.all {
      let marker = Fixture.library.marker(key: rule.key)!
      var range = ValueText.rangeInWords(marker.defaultRange, unit: marker.unit) ?? "none"
      if !rule.stages.isEmpty {
        range += "; " + rule.stages.map { "\($0.words) from \(ValueText.number($0.from))" }.joined(separator: ", ")
      }
      if let si = rule.siRange, let unit = marker.siUnit, let words = ValueText.rangeInWords(si, unit: unit) {
        range += "; entered in \(unit): \(words)"
      }
      let plausible = "\(ValueText.number(marker.plausibleMin ?? 0))–\(ValueText.number(marker.plausibleMax ?? 0))"
      let change = rule.minimumChangePercent.map { "≥ \(ValueText.number(($0 * 10).rounded() / 10))%" } ?? "any change"
      let sexes = [rule.male, rule.female].compactMap { $0 }.compactMap {
        ValueText.rangeInWords($0, unit: marker.unit)
      }.joined(separator: " / ")
      lines.append(
        "| `\(rule.key)` | \(range) | \(sexes) | \(limit(rule.criticalLow)) | \(limit(rule.criticalHigh)) | \(plausible) | \(change) | \(rule.source) |"
      )
    }
    return lines.joined(separator: "\n")
  }

  @Test("docs/MarkerLibrary.md lists every limit with its source")
  func documented() throws {
    let path = packageRoot + "/docs/MarkerLibrary.md"
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let startRange = try #require(text.range(of: Self.start))
    let endRange = try #require(text.range(of: Self.end))
    let current = String(text[startRange.upperBound..<endRange.lowerBound])
    let expected = "\n" + Self.table() + "\n"
    if isRecording {
      try (String(text[..<startRange.upperBound]) + expected + String(text[endRange.lowerBound...]))
        .write(toFile: path, atomically: false, encoding: .utf8)
      return
    }
    #expect(current == expected, "Run GLANCE_RECORD=1 swift test --filter ClinicalRulesTests")
  }
}
