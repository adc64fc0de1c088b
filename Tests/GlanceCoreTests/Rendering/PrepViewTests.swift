import Foundation
import Testing

@testable import GlanceCore

/// DESIGN §5 `glance prep`: the insights, the latest value of each flagged marker, upcoming visits,
/// last visit by type. Nothing flagged: one neutral line, no "all good" (PRD §5.7, §5.8).
@Suite("PrepView")
struct PrepViewTests {
  static let today = Fixture.date("2025-06-01")
  static let now = Timestamp(Fixture.now)
  static let wide = OutputStyle(unicode: true, color: false, width: 400)

  static func snapshot(_ marker: MarkerDefinition, _ readings: [(String, Double)]) -> MarkerSnapshot {
    MarkerSnapshot(
      definition: marker, tracked: nil, entries: readings.map { Fixture.entry(marker, $0.1, on: $0.0) })
  }

  static func render(_ snapshots: [MarkerSnapshot], visits: [Visit] = [], style: OutputStyle = wide) -> String {
    PrepView.render(
      insights: InsightsEngine.insights(for: snapshots, at: now), snapshots: snapshots, visits: visits,
      today: today, style: style)
  }

  static let calm = [
    snapshot(Fixture.hdl, [("2025-01-10", 60), ("2025-03-10", 62), ("2025-05-10", 61)]),
    snapshot(Fixture.ldl, [("2025-01-10", 80), ("2025-03-10", 75), ("2025-05-10", 70)]),
  ]

  static let flagged = [
    snapshot(Fixture.hdl, [("2025-01-10", 60), ("2025-03-10", 62), ("2025-05-10", 61)]),
    snapshot(Fixture.ldl, [("2024-06-10", 121), ("2024-12-10", 135), ("2025-05-10", 162)]),
  ]

  @Test("nothing flagged: one neutral line and no “all good”", arguments: [OutputStyle.plain, wide])
  func nothingFlagged(style: OutputStyle) {
    let text = Self.render(Self.calm, style: style)
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "a heading and one line:\n\(text)")
    let lowered = text.lowercased()
    for phrase in ["all good", "everything looks good", "looks great", "healthy", "nothing to worry"] {
      #expect(!lowered.contains(phrase), "\(text)")
    }
    for hidden in ["HDL", "LDL", "Coming up", "Consider asking"] {
      #expect(!text.contains(hidden), "\(text)")
    }
  }

  static let latestRows = [
    snapshot(MarkerLibrary.builtIn.marker(key: "bp-systolic")!, [("2025-05-18", 131)]),
    snapshot(Fixture.ldl, [("2025-05-01", 162)]),
    snapshot(Fixture.a1c, [("2025-05-01", 6.1)]),
  ]

  @Test(
    "latest values fit the width: columns, the range on its own line, or each name on its own line",
    arguments: [
      (
        100,
        """
          ! Blood Pressure (Systolic)  131 mmHg  May 18, 2025  range: 90 to <120 mmHg
          ! LDL Cholesterol           162 mg/dL  May 1, 2025   range: below 100 mg/dL
          ! Hemoglobin A1c                 6.1%  May 1, 2025   range: below 5.7%
        """
      ),
      (
        60,
        """
          ! Blood Pressure (Systolic)  131 mmHg  May 18, 2025
            range: 90 to <120 mmHg
          ! LDL Cholesterol           162 mg/dL  May 1, 2025
            range: below 100 mg/dL
          ! Hemoglobin A1c                 6.1%  May 1, 2025
            range: below 5.7%
        """
      ),
      (
        40,
        """
          ! Blood Pressure (Systolic)
            131 mmHg on May 18, 2025, range: 90
            to <120 mmHg
          ! LDL Cholesterol
            162 mg/dL on May 1, 2025, range:
            below 100 mg/dL
          ! Hemoglobin A1c
            6.1% on May 1, 2025, range: below
            5.7%
        """
      ),
    ])
  func latestValuesWidth(width: Int, expected: String) {
    let text = PrepView.latestValues(Self.latestRows, style: OutputStyle(unicode: true, color: false, width: width))
    #expect(text == expected)
    for line in text.split(separator: "\n") {
      #expect(TextWidth.of(String(line)) <= width && !line.hasSuffix(" "), "\(line)")
    }
  }

  @Test("no readings at all is the same neutral line")
  func noReadings() {
    let text = Self.render([])
    #expect(text.split(separator: "\n").count == 2, "\(text)")
    #expect(!text.lowercased().contains("all good"))
  }

  @Test("flagged: every insight, then the latest value of each flagged marker only")
  func flaggedMarkers() throws {
    let text = Self.render(Self.flagged)
    let insights = InsightsEngine.insights(for: Self.flagged, at: Self.now)
    #expect(insights.count == 1, "one item per marker")
    for insight in insights {
      #expect(text.contains(insight.suggestionText), "\(text)")
    }
    let lines = text.split(separator: "\n").map(String.init)
    let row = try #require(
      lines.first { $0.contains("LDL Cholesterol") && $0.contains("162 mg/dL") && !$0.contains("Consider") }, "\(text)")
    #expect(row.contains("May 10, 2025"))
    // HDL is not flagged, so it has no row.
    #expect(!text.contains("HDL"), "\(text)")
  }

  @Test("long suggestions wrap to the width and lose no words")
  func wrapping() {
    let style = OutputStyle(unicode: true, color: false, width: 60)
    let text = Self.render(Self.flagged, style: style)
    let insights = InsightsEngine.insights(for: Self.flagged, at: Self.now)
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    for insight in insights {
      #expect(words.contains(insight.suggestionText), "\(text)")
    }
  }

  @Test(
    "wrapping breaks at spaces before the width (never under 20), keeps long words whole, counts wide characters twice",
    arguments: [
      ("one two three four five six seven", 10, "one two three four\n    five six seven"),
      // Exactly the width fits; one more column breaks.
      ("aaaaaaaaa bbbbbbbbbb", 20, "aaaaaaaaa bbbbbbbbbb"),
      ("aaaaaaaaa bbbbbbbbbbb", 20, "aaaaaaaaa\n    bbbbbbbbbbb"),
      ("x abcdefghijklmnopqrstuvwxyz y", 20, "x\n    abcdefghijklmnopqrstuvwxyz\n    y"),
      ("  spaced   out  ", 40, "spaced out"),
      ("", 40, ""),
      ("日本語日本語 日本語日本語 日本語", 20, "日本語日本語\n    日本語日本語 日本語"),
      ("café au lait is fine here", 24, "café au lait is fine\n    here"),
    ])
  func wrap(text: String, width: Int, expected: String) {
    #expect(PrepView.wrap(text, width: width, indent: "    ") == expected)
  }

  @Test("wrapping by bytes gives what wrapping word by word gives", arguments: 0..<20)
  func wrapMatchesWords(seed: Int) {
    // The word-by-word wrap prep used before it worked on bytes.
    func reference(_ text: String, width: Int, indent: String) -> String {
      let limit = max(20, width)
      var result = ""
      var lineWidth = 0
      var lineHasText = false
      for word in text.unicodeScalars.split(separator: " ").map({ String(String.UnicodeScalarView($0)) }) {
        let wordWidth = TextWidth.of(word)
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
    var generator = SeededGenerator(seed: UInt64(seed) &+ 606)
    let pieces = [
      "a", "word", "  ", " ", "→", "µIU/mL", "m²", "日本語", "e\u{301}", "\u{1B}[1m", "\u{1B}[0m", "\t", "\n", "\u{7F}",
      "café", "👩‍⚕️", "\u{200D}", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    ]
    for _ in 0..<200 {
      let text = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
        pieces.randomElement(using: &generator)! + (Bool.random(using: &generator) ? " " : "")
      }.joined()
      let width = Int.random(in: 0...90, using: &generator)
      let indent = ["", "  ", "    ", "→ "].randomElement(using: &generator)!
      #expect(PrepView.wrap(text, width: width, indent: indent) == reference(text, width: width, indent: indent))
    }
  }

  @Test("upcoming visits are listed under “Coming up”, soonest first")
  func upcoming() throws {
    let visits = [
      Fixture.visit("2025-09-01", doctor: "Dr. Later", type: .dental),
      Fixture.visit("2025-06-20", doctor: "Dr. Patel", type: .physical),
      Fixture.visit("2024-10-01", doctor: "Dr. Past", type: .vision),
    ]
    let text = Self.render(Self.flagged, visits: visits)
    let lines = text.split(separator: "\n").map(String.init)
    let heading = try #require(lines.firstIndex { $0.hasPrefix("Coming up") }, "\(text)")
    // The soonest is also the visit the brief is for, named under the title.
    #expect(lines[1] == "For: Physical with Dr. Patel on Jun 20, 2025 (in 2 weeks)", "\(text)")
    let listed = Array(lines[heading...])
    let soon = try #require(listed.firstIndex { $0.contains("Dr. Patel") && $0.contains("Jun 20, 2025") })
    let later = try #require(listed.firstIndex { $0.contains("Dr. Later") && $0.contains("Sep 1, 2025") })
    #expect(soon < later)
    // A past visit is not coming up; it shows as the last of its type.
    #expect(!lines.contains { $0.contains("Dr. Past") }, "\(text)")
    #expect(lines.contains { $0.hasPrefix("Last vision exam: 8 months ago") }, "\(text)")
    #expect(!lines.contains { $0.hasPrefix("Last dental cleaning") }, "a planned visit is no last visit:\n\(text)")
  }

  @Test("the last visit of each type shows after the flagged markers")
  func lastVisitByType() throws {
    let visits = [
      Fixture.visit("2024-10-01", type: .dental), Fixture.visit("2023-10-01", type: .dental),
      Fixture.visit("2025-03-01", type: .physical),
    ]
    let text = Self.render(Self.flagged, visits: visits)
    let lines = text.split(separator: "\n").map(String.init)
    let dental = try #require(lines.firstIndex { $0.hasPrefix("Last dental cleaning: 8 months ago") }, "\(text)")
    #expect(lines.contains { $0.hasPrefix("Last physical: 3 months ago") }, "\(text)")
    let ldlRow = try #require(lines.firstIndex { $0.contains("162 mg/dL") && !$0.contains("Consider") })
    #expect(ldlRow < dental)
    #expect(lines.filter { $0.hasPrefix("Last dental cleaning") }.count == 1)
  }
}
