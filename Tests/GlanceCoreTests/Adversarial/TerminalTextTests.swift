import Testing

@testable import GlanceCore

/// Everything glance prints passes one function that shows control characters instead of
/// obeying them; glance's own colours get through only with the run's token.
@Suite("Adversarial: control characters are shown, never obeyed")
struct TerminalTextTests {
  @Test(
    "each hostile character is shown as \\u{…}",
    arguments: [
      ("\u{1B}[2J", "\\u{1B}[2J"), ("a\u{1B}]52;c;SGFja2Vk\u{07}b", "a\\u{1B}]52;c;SGFja2Vk\\u{7}b"),
      ("\u{1B}]8;;http://x\u{1B}\\link", "\\u{1B}]8;;http://x\\u{1B}\\link"), ("evil\u{202E}txt", "evil\\u{202E}txt"),
      ("a\u{08}b", "a\\u{8}b"), ("a\rb", "a\\u{D}b"), ("a\u{0}b", "a\\u{0}b"), ("a\u{7F}b", "a\\u{7F}b"),
      ("a\u{9B}31m", "a\\u{9B}31m"), ("\u{2066}x\u{2069}", "\\u{2066}x\\u{2069}"), ("a\u{200F}b", "a\\u{200F}b"),
      ("line\u{2028}sep", "line\\u{2028}sep"), ("tab\there", "tab here"), ("two\nlines", "two\nlines"),
      ("csv\r\nrow", "csv\r\nrow"), ("over\rwrite\r", "over\\u{D}write\\u{D}"),
      ("plain ✓ 89 mg/dL", "plain ✓ 89 mg/dL"), ("עברית العربية 中文 😀 é", "עברית العربية 中文 😀 é"),
      // Invisible characters that hide or join text (attacker review: U+FEFF reached the
      // terminal); the joiners of emoji and of scripts stay.
      ("a\u{FEFF}b", "a\\u{FEFF}b"), ("a\u{200B}b", "a\\u{200B}b"), ("a\u{2060}b", "a\\u{2060}b"),
      ("a\u{2064}b", "a\\u{2064}b"), ("a\u{FFF9}b", "a\\u{FFF9}b"), ("👨\u{200D}👩", "👨\u{200D}👩"),
      ("می\u{200C}خواهم", "می\u{200C}خواهم"), ("a\u{AD}b", "a\\u{AD}b"), ("a\u{34F}b", "a\\u{34F}b"),
      ("a\u{3164}b", "a\\u{3164}b"), ("a\u{FFA0}b", "a\\u{FFA0}b"), ("a\u{1D173}b", "a\\u{1D173}b"),
      // The deprecated format characters (attacker review at stop 34: shown raw by show).
      ("a\u{206A}b", "a\\u{206A}b"), ("a\u{206F}b", "a\\u{206F}b"),
      // Shorthand and hieroglyph format controls (attacker's second look at stop 34).
      ("a\u{1BCA0}b", "a\\u{1BCA0}b"), ("a\u{1BCA3}b", "a\\u{1BCA3}b"), ("a\u{13430}b", "a\\u{13430}b"),
      ("a\u{1343F}b", "a\\u{1343F}b"),
      ("a\u{E0001}b", "a\\u{E0001}b"), ("a\u{115F}b", "a\\u{115F}b"),
    ])
  func table(text: String, shown: String) {
    #expect(TerminalText.guarded(text) == shown)
    #expect(TerminalText.guarded(text, colorToken: "123;") == shown)
  }

  @Test("glance's colours pass with the token; the same codes without it are shown")
  func colours() {
    var style = OutputStyle(unicode: true, color: true, width: 80)
    style.colorToken = "4711;"
    let painted = style.paint("in range", .green)
    #expect(TerminalText.guarded(painted, colorToken: "4711;") == "\u{1B}[32min range\u{1B}[0m")
    // A note holding a colour code of its own, or guessing a wrong token, stays visible.
    #expect(TerminalText.guarded("\u{1B}[31mred", colorToken: "4711;") == "\\u{1B}[31mred")
    #expect(TerminalText.guarded("\u{1B}[1234;31mred", colorToken: "4711;") == "\\u{1B}[1234;31mred")
    // Without a token (colour off, a pipe), every escape is shown.
    #expect(TerminalText.guarded(painted) == "\\u{1B}[4711;32min range\\u{1B}[4711;0m")
    // A token followed by anything but a short colour number is not a colour code.
    #expect(TerminalText.guarded("\u{1B}[4711;2J", colorToken: "4711;") == "\\u{1B}[4711;2J")
    // For measuring: glance's codes kept token and all (guarding again gives the same screen),
    // every other escape shown as it will be.
    let note = painted + " \u{1B}[31mred\u{7}"
    let measured = TerminalText.guarded(note, colorToken: "4711;", keepingColorCodes: true)
    #expect(measured == painted + " \\u{1B}[31mred\\u{7}")
    #expect(TerminalText.guarded(measured, colorToken: "4711;") == TerminalText.guarded(note, colorToken: "4711;"))
    #expect(TextWidth.of(measured) == TextWidth.of("in range \\u{1B}[31mred\\u{7}"))
  }

  @Test("what comes out holds no control byte but the line feed", arguments: 0..<5)
  func property(seed: Int) {
    var generator = SeededGenerator(seed: UInt64(seed) &+ 909)
    for _ in 0..<2000 {
      // Raw scalars: C0, DEL and C1 controls, and the bidi and separator block.
      let text = String(
        String.UnicodeScalarView(
          (0..<Int.random(in: 0...30, using: &generator)).compactMap { _ in
            Unicode.Scalar(
              [
                UInt32.random(in: 0...0xA0, using: &generator), UInt32.random(in: 0x2000...0x2070, using: &generator),
                UInt32.random(in: 0xFEF0...0xFFFD, using: &generator), 0x180E, 0xAD, 0x34F, 0x115F, 0x3164,
                UInt32.random(in: 0x1D170...0x1D17B, using: &generator),
                UInt32.random(in: 0xE0000...0xE0080, using: &generator),
              ]
              .randomElement(using: &generator)!)
          }))
      let out = TerminalText.guarded(text)
      let scalars = Array(out.unicodeScalars)
      for (index, scalar) in scalars.enumerated() where TerminalText.isHidden(scalar) || scalar == "\t" {
        #expect(scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n", "\(out.debugDescription)")
      }
    }
  }

  @Test("names typed on the command line refuse control characters; notes keep line breaks")
  func entrances() {
    #expect(throws: EntryError.controlCharacter("The name")) {
      try CustomMarkerPlanner.make(
        name: "hd\u{1B}]52;c;x\u{07}l", unit: "mg/dL", low: nil, high: nil, direction: nil, existing: [])
    }
    #expect(throws: EntryError.controlCharacter("The doctor's name")) {
      try VisitPlanner.make(
        date: "2025-01-01", doctor: "Dr.\nLee", type: "physical", label: nil, notes: nil,
        today: Fixture.date("2025-06-01"), now: Timestamp(Fixture.now))
    }
    #expect(throws: Never.self) {
      try VisitPlanner.make(
        date: "2025-01-01", doctor: "Dr. Lee", type: "physical", label: nil, notes: "line one\nline two",
        today: Fixture.date("2025-06-01"), now: Timestamp(Fixture.now))
    }
  }
}
