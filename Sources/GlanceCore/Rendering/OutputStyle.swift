/// How output may look on this terminal: Unicode or plain ASCII, colour or not, how wide.
public struct OutputStyle: Equatable, Sendable {
  public var unicode: Bool
  public var color: Bool
  public var width: Int
  /// Written inside each colour code `paint` makes, so the one output function
  /// (`TerminalText.guarded`) can tell glance's colours from escapes in the data. The console
  /// sets a new one every run; empty writes plain colour codes (golden tests).
  public var colorToken = ""
  /// True when lines wider than `width` are wrapped as they are printed (`TextFit`): on a
  /// terminal, or when `--width` asked for a width. In a pipe without it lines stay whole, for grep.
  public var wrapsLines = false

  public init(unicode: Bool = true, color: Bool = false, width: Int = 80) {
    self.unicode = unicode
    self.color = color
    self.width = width
  }

  /// The widths glance draws for, whatever the terminal or COLUMNS says (`--width` takes the same).
  public static let widthRange = 20...1000

  /// `--color`: colour on a terminal unless NO_COLOR or TERM=dumb says otherwise, or always, or never.
  public enum ColorChoice: String, Equatable, Sendable { case auto, always, never }

  /// The style for a run: the options given, the environment (NO_COLOR, TERM, LC_ALL / LC_CTYPE /
  /// LANG, COLUMNS) and the terminal, if standard output is one (`terminalColumns` is its width).
  public static func resolve(
    color choice: ColorChoice, ascii: Bool, width requested: Int?, environment: [String: String],
    stdoutIsTerminal: Bool, terminalColumns: Int?
  ) -> OutputStyle {
    let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    let color: Bool
    switch choice {
    case .always: color = true
    case .never: color = false
    case .auto: color = stdoutIsTerminal && !noColor && environment["TERM"] != "dumb"
    }
    var width = 80
    if let requested {
      width = requested
    } else if stdoutIsTerminal, let terminalColumns, terminalColumns > 0 {
      width = min(max(terminalColumns, widthRange.lowerBound), widthRange.upperBound)
    } else if let columns = environment["COLUMNS"].flatMap(Int.init), columns >= widthRange.lowerBound {
      // NB: clamped like --width: COLUMNS=999999999 once had a chart ask for 24 GB.
      width = min(columns, widthRange.upperBound)
    }
    var style = OutputStyle(unicode: !ascii && localeIsUTF8(environment), color: color, width: width)
    style.wrapsLines = stdoutIsTerminal || requested != nil
    return style
  }

  /// True when the effective locale (LC_ALL, then LC_CTYPE, then LANG) is UTF-8.
  public static func localeIsUTF8(_ environment: [String: String]) -> Bool {
    let locale =
      [environment["LC_ALL"], environment["LC_CTYPE"], environment["LANG"]]
      .compactMap { $0 }.first { !$0.isEmpty } ?? ""
    // NB: compared as bytes; String.contains(String) starts up a whole substring searcher.
    let lowered = Array(locale.lowercased().utf8)
    return [Array("utf-8".utf8), Array("utf8".utf8)].contains { needle in
      lowered.count >= needle.count
        && (0...(lowered.count - needle.count)).contains { lowered[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
  }

  /// Plain ASCII, no colour, 80 columns: what tests and pipes get.
  public static let plain = OutputStyle(unicode: false, color: false, width: 80)

  /// The ANSI colours glance uses, always paired with a symbol or word.
  public enum Color: String, Sendable {
    case green = "32"
    case amber = "33"
    case red = "31"
    case blue = "34"
    case dim = "2"
    case bold = "1"
  }

  /// `text` wrapped in the colour's escape codes when colour is on.
  public func paint(_ text: String, _ color: Color?) -> String {
    guard self.color, let color, !text.isEmpty else { return text }
    return "\u{1B}[\(colorToken)\(color.rawValue)m\(text)\u{1B}[\(colorToken)0m"
  }

  /// The Unicode symbol, or its ASCII stand-in.
  public func symbol(_ unicode: String, ascii: String) -> String { self.unicode ? unicode : ascii }
}

/// Display widths, so columns line up with accents, emoji and CJK text.
public enum TextWidth {
  /// Columns `text` takes in a terminal (wide characters 2, combining marks 0, escapes 0).
  public static func of(_ text: some StringProtocol) -> Int {
    // Printable ASCII, the usual case, is one column a byte.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
    var width = 0
    var inEscape = false
    for scalar in text.unicodeScalars {
      if inEscape {
        if scalar == "m" { inEscape = false }
        continue
      }
      if scalar == "\u{1B}" {
        inEscape = true
        continue
      }
      width += columns(scalar)
    }
    return width
  }

  static func columns(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value >= 0x20 && value < 0x7F { return 1 }
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if value == 0x200D || (0xFE00...0xFE0F).contains(value) { return 0 }
    if (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
      || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
      || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
      || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1F64F).contains(value)
      || (0x1F900...0x1F9FF).contains(value) || (0x20000...0x3FFFD).contains(value)
    {
      return 2
    }
    return 1
  }

  /// `text` padded with spaces to `width` columns (never cut).
  public static func pad(_ text: String, to width: Int) -> String {
    let missing = width - of(text)
    return missing > 0 ? text + String(repeating: " ", count: missing) : text
  }

  /// `text` padded on the left to `width` columns.
  public static func padLeft(_ text: String, to width: Int) -> String {
    let missing = width - of(text)
    return missing > 0 ? String(repeating: " ", count: missing) + text : text
  }

  /// `text` cut to at most `width` columns, ending in an ellipsis when cut.
  public static func truncate(_ text: String, to width: Int, unicode: Bool = true) -> String {
    guard of(text) > width else { return text }
    let ellipsis = unicode ? "…" : "..."
    let room = width - of(ellipsis)
    guard room > 0 else { return String(ellipsis.prefix(max(0, width))) }
    var result = ""
    var used = 0
    for character in text {
      let columns = of(String(character))
      if used + columns > room { break }
      result.append(character)
      used += columns
    }
    return result + ellipsis
  }
}
