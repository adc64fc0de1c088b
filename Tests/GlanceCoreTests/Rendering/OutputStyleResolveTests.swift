import Testing

@testable import GlanceCore

/// How a run's style is chosen: colour only on a terminal without NO_COLOR (or TERM=dumb) unless
/// --color says otherwise; Unicode when the locale is UTF-8 and --ascii is not given; the width
/// from --width, else the terminal, else COLUMNS, else 80.
@Suite("OutputStyle.resolve")
struct OutputStyleResolveTests {
  static let utf8 = ["LANG": "en_US.UTF-8"]

  @Test(
    "colour follows --color, the terminal, NO_COLOR and TERM",
    arguments: [
      (OutputStyle.ColorChoice.auto, true, [:], true),
      (.auto, false, [:], false),
      (.auto, true, ["NO_COLOR": "1"], false),
      (.auto, true, ["NO_COLOR": ""], true),  // set but empty: not a request (no-color.org)
      (.auto, true, ["TERM": "dumb"], false),
      (.auto, true, ["TERM": "xterm-256color"], true),
      (.always, false, ["NO_COLOR": "1"], true),
      (.never, true, [:], false),
    ] as [(OutputStyle.ColorChoice, Bool, [String: String], Bool)])
  func color(choice: OutputStyle.ColorChoice, terminal: Bool, environment: [String: String], expected: Bool) {
    let style = OutputStyle.resolve(
      color: choice, ascii: false, width: nil, environment: environment, stdoutIsTerminal: terminal,
      terminalColumns: 100)
    #expect(style.color == expected)
  }

  @Test(
    "the width comes from --width, else the terminal, else COLUMNS (20 or more), else 80",
    arguments: [
      (Int?.some(60), true, Int?.some(120), ["COLUMNS": "100"], 60),
      (nil, true, 120, ["COLUMNS": "100"], 120),
      (nil, true, 0, ["COLUMNS": "100"], 100),  // a terminal that reports no size
      (nil, false, 120, ["COLUMNS": "100"], 100),  // piped: the terminal's size is not ours
      (nil, false, nil, ["COLUMNS": "12"], 80),
      (nil, false, nil, ["COLUMNS": "wide"], 80),
      (nil, false, nil, [:], 80),
    ] as [(Int?, Bool, Int?, [String: String], Int)])
  func width(requested: Int?, terminal: Bool, columns: Int?, environment: [String: String], expected: Int) {
    let style = OutputStyle.resolve(
      color: .never, ascii: false, width: requested, environment: environment, stdoutIsTerminal: terminal,
      terminalColumns: columns)
    #expect(style.width == expected)
  }

  @Test(
    "Unicode needs a UTF-8 locale (LC_ALL, then LC_CTYPE, then LANG) and no --ascii",
    arguments: [
      (false, ["LANG": "en_US.UTF-8"], true), (false, ["LANG": "C.utf8"], true), (false, ["LANG": "C"], false),
      (false, [:], false), (false, ["LC_ALL": "C", "LANG": "en_US.UTF-8"], false),
      (false, ["LC_ALL": "", "LC_CTYPE": "de_DE.UTF-8", "LANG": "C"], true),
      (false, ["LC_CTYPE": "POSIX", "LANG": "en_US.UTF-8"], false), (true, ["LANG": "en_US.UTF-8"], false),
      (false, ["LANG": "utf"], false),
    ] as [(Bool, [String: String], Bool)])
  func unicode(ascii: Bool, environment: [String: String], expected: Bool) {
    let style = OutputStyle.resolve(
      color: .never, ascii: ascii, width: nil, environment: environment, stdoutIsTerminal: false,
      terminalColumns: nil)
    #expect(style.unicode == expected)
  }
}
