import Testing

@testable import GlanceCore

/// Trend's presentation: ↑ ↓ (ASCII ^ v) or nothing; the badge colours the arrow by what it means
/// (DESIGN §6: always a symbol with the colour, never colour alone); the words say "rising, good",
/// "falling, worth watching", "no clear trend" for screen readers and summaries.
@Suite("Trend: symbol, badge and words")
struct TrendPresentationTests {
  static let arrows: [Trend.Arrow] = [.up, .down, .none]
  static let meanings: [Trend.Meaning] = [.good, .concerning, .neutral]
  static let unicode = OutputStyle(unicode: true, color: false, width: 80)
  static let colour = OutputStyle(unicode: true, color: true, width: 80)

  @Test("the symbol is the arrow, in Unicode or ASCII, whatever it means", arguments: arrows, meanings)
  func symbol(arrow: Trend.Arrow, meaning: Trend.Meaning) {
    let trend = Trend(arrow: arrow, meaning: meaning)
    let (unicode, ascii) =
      switch arrow {
      case .up: ("↑", "^")
      case .down: ("↓", "v")
      case .none: ("", "")
      }
    #expect(trend.symbol(Self.unicode) == unicode)
    #expect(trend.symbol(.plain) == ascii)
  }

  @Test("without colour the badge is just the symbol", arguments: arrows, meanings)
  func plainBadge(arrow: Trend.Arrow, meaning: Trend.Meaning) {
    let trend = Trend(arrow: arrow, meaning: meaning)
    #expect(trend.badge(Self.unicode) == trend.symbol(Self.unicode))
    #expect(trend.badge(.plain) == trend.symbol(.plain))
  }

  @Test(
    "with colour, good is green, concerning amber, neutral uncoloured; the symbol is always there",
    arguments: arrows, meanings)
  func colourBadge(arrow: Trend.Arrow, meaning: Trend.Meaning) {
    let trend = Trend(arrow: arrow, meaning: meaning)
    let badge = trend.badge(Self.colour)
    let symbol = trend.symbol(Self.colour)
    #expect(TextWidth.of(badge) == TextWidth.of(symbol))
    guard arrow != .none else {
      #expect(badge == "")
      return
    }
    #expect(badge.contains(symbol))
    switch meaning {
    case .good: #expect(badge == Self.colour.paint(symbol, .green))
    case .concerning: #expect(badge == Self.colour.paint(symbol, .amber))
    case .neutral: #expect(badge == symbol)
    }
  }

  @Test("the words name the direction and, when it matters, whether it is good", arguments: arrows, meanings)
  func words(arrow: Trend.Arrow, meaning: Trend.Meaning) {
    let words = Trend(arrow: arrow, meaning: meaning).words
    switch arrow {
    case .none:
      #expect(words == "no clear trend")
      return
    case .up: #expect(words.hasPrefix("rising"))
    case .down: #expect(words.hasPrefix("falling"))
    }
    switch meaning {
    case .good: #expect(words.hasSuffix("(good)"))
    case .concerning: #expect(words.hasSuffix("(worth watching)"))
    case .neutral: #expect(words == "rising" || words == "falling")
    }
  }

  @Test("no trend is no arrow, no badge and 'no clear trend'")
  func none() {
    #expect(Trend.none.symbol(Self.unicode) == "")
    #expect(Trend.none.badge(Self.colour) == "")
    #expect(Trend.none.words == "no clear trend")
  }
}
