/// What reaches a terminal: text, never instructions to it.
///
/// A note, a doctor's name, a custom marker, a spreadsheet header or a word typed on the command
/// line can hold control characters: ESC starts sequences that clear the screen, write the
/// clipboard (OSC 52) or make links (OSC 8); CR and backspace overwrite what was printed; bidi
/// overrides reorder it. Everything glance prints passes `guarded` on its way out, which shows
/// such characters as `\u{1B}` instead of obeying them.
///
/// glance's own colours are the one exception, and data cannot forge them: `OutputStyle.paint`
/// writes each colour code with a token that is new every run (`ESC [ token code m`), and
/// `guarded` turns exactly those back into plain colour codes; any other escape is shown.
public enum TerminalText {
  /// `text` as it may be printed: C0 controls but the line feed (and CR LF), DEL, C1 controls, bidi
  /// overrides and isolates, and the line and paragraph separators shown as `\u{…}` (a tab as
  /// a space); with `colorToken`, glance's own colour codes (made with that token) kept.
  ///
  /// With `asciiOnly` (a terminal whose locale is not UTF-8, where a byte such as 0x9B inside
  /// "Û" acts as a control code) every character beyond ASCII is shown as `\u{…}` too.
  ///
  /// With `keepingColorCodes`, glance's own colour codes stay as they are, token and all: the
  /// text as it will be shown, for measuring before the console guards it (an escaped ESC is 8
  /// columns wide, not none).
  public static func guarded(
    _ text: String, colorToken: String? = nil, asciiOnly: Bool = false, keepingColorCodes: Bool = false
  ) -> String {
    guard needsGuard(text) || (asciiOnly && !text.utf8.allSatisfy({ $0 < 0x80 })) else { return text }
    var result = String.UnicodeScalarView()
    let token = colorToken.map { Array($0.unicodeScalars) } ?? []
    let scalars = Array(text.unicodeScalars)
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "\u{1B}", !token.isEmpty, let end = colorCodeEnd(scalars, at: index, token: token) {
        // ESC [ token digits m → ESC [ digits m
        result.append("\u{1B}")
        result.append("[")
        result.append(contentsOf: scalars[(index + 2 + (keepingColorCodes ? 0 : token.count))...end])
        index = end + 1
        continue
      }
      if scalar == "\t" {
        result.append(" ")
      } else if scalar == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" {
        // A line end (a CSV's CRLF) is no attack; a lone CR overwrites the line and is shown.
        result.append(scalar)
      } else if isHidden(scalar) {
        result.append(contentsOf: visible(scalar).unicodeScalars)
      } else if asciiOnly && !scalar.isASCII {
        // glance's own typography spelled out (µIU/mL as uIU/mL); anything else escaped.
        result.append(contentsOf: (ascii(scalar) ?? visible(scalar)).unicodeScalars)
      } else {
        result.append(scalar)
      }
      index += 1
    }
    return String(result)
  }

  /// `text` for a place that is one line (a name, a cell or a word quoted in a message): line
  /// breaks shown as `\u{A}` too, so a file or a typed word cannot forge a line of output.
  public static func oneLine(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if scalar == "\n" || scalar == "\r" {
        result.append(contentsOf: visible(scalar).unicodeScalars)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// The form a hidden character is shown in: `\u{1B}`.
  static func visible(_ scalar: Unicode.Scalar) -> String {
    "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
  }

  /// The ASCII a lab or a typewriter would print for a character of glance's own text (units,
  /// symbols, punctuation), or nil for one it does not know.
  static func ascii(_ scalar: Unicode.Scalar) -> String? {
    switch scalar {
    case "µ", "μ": "u"
    // NB: a power as labs type it without superscripts: "10³/µL" as "103/uL" read as 103.
    case "²": "^2"
    case "³": "^3"
    case "⁹": "^9"
    case "·", "•": "."
    case "→": "->"
    case "←": "<-"
    case "↑": "^"
    case "↓": "v"
    case "…": "..."
    case "—": "--"
    case "–", "‐", "−": "-"
    case "“", "”": "\""
    case "‘", "’": "'"
    case "≥": ">="
    case "≤": "<="
    case "×": "x"
    case "✓": "+"
    case "▲": "^"
    case "✖": "x"
    case "●": "o"
    case "\u{00A0}": " "
    default: nil
    }
  }

  /// True for a character a terminal obeys or that reorders text, rather than shows.
  static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x09, 0x0B...0x1F, 0x7F...0x9F: true
    // Bidi marks, embeddings and isolates, and the deprecated format characters (206A…206F,
    // attacker review at stop 34).
    case 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x206F: true
    // Invisible: zero-width space, word joiner and invisible operators, the byte-order mark,
    // interlinear annotation marks. Not ZWNJ/ZWJ (200C, 200D): scripts and emoji need them.
    case 0x180E, 0x200B, 0x2060...0x2064, 0xFEFF, 0xFFF9...0xFFFB: true
    // Soft hyphen, combining grapheme joiner, Hangul fillers, musical formatting, tag characters
    // (attacker's second look).
    case 0x00AD, 0x034F, 0x115F, 0x1160, 0x3164, 0xFFA0, 0x1D173...0x1D17A, 0xE0000...0xE007F: true
    // Shorthand and hieroglyph format controls (attacker's second look at stop 34).
    case 0x1BCA0...0x1BCA3, 0x13430...0x1343F: true
    default: false
    }
  }

  /// Where `ESC [ token digits m` starting at `start` ends (the index of its `m`), or nil.
  private static func colorCodeEnd(_ scalars: [Unicode.Scalar], at start: Int, token: [Unicode.Scalar]) -> Int? {
    var index = start + 1
    guard index < scalars.count, scalars[index] == "[" else { return nil }
    index += 1
    guard index + token.count <= scalars.count, Array(scalars[index..<(index + token.count)]) == token else {
      return nil
    }
    index += token.count
    let digitsStart = index
    while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
    guard index > digitsStart, index - digitsStart <= 3, index < scalars.count, scalars[index] == "m" else {
      return nil
    }
    return index
  }

  /// True when `text` holds anything `guarded` changes; checked on bytes, since nearly every
  /// line is plain.
  static func needsGuard(_ text: String) -> Bool {
    var utf8 = text.utf8.makeIterator()
    var previous: (UInt8, UInt8) = (0, 0)
    while let byte = utf8.next() {
      if byte < 0x20 && byte != 0x0A { return true }
      if byte == 0x7F { return true }
      // C1 controls: C2 80…C2 9F. U+061C: D8 9C. U+200E…U+202E and U+2066…U+2069: E2 80 … / E2 81 ….
      if previous.1 == 0xC2 && (0x80...0x9F).contains(byte) { return true }
      if previous.1 == 0xD8 && byte == 0x9C { return true }
      // U+200B: E2 80 8B. U+2060…U+2064: E2 81 A0…A4. U+180E: E1 A0 8E. U+FEFF: EF BB BF.
      // U+FFF9…U+FFFB: EF BF B9…BB.
      if previous.0 == 0xE2 && previous.1 == 0x80
        && (byte == 0x8B || byte == 0x8E || byte == 0x8F || (0xA8...0xAE).contains(byte))
      {
        return true
      }
      // U+2066…U+206F (isolates, then the deprecated format characters): E2 81 A6…AF.
      if previous.0 == 0xE2 && previous.1 == 0x81 && ((0xA6...0xAF).contains(byte) || (0xA0...0xA4).contains(byte)) {
        return true
      }
      if previous.0 == 0xE1 && previous.1 == 0xA0 && byte == 0x8E { return true }
      // U+00AD: C2 AD. U+034F: CD 8F. U+115F, U+1160: E1 85 9F/A0. U+3164: E3 85 A4. U+FFA0:
      // EF BE A0. U+1D173…U+1D17A: F0 9D 85 B3…BA. Tags U+E0000…U+E007F: F3 A0 80/81 ….
      if previous.1 == 0xC2 && byte == 0xAD { return true }
      if previous.1 == 0xCD && byte == 0x8F { return true }
      if previous.0 == 0xE1 && previous.1 == 0x85 && (byte == 0x9F || byte == 0xA0) { return true }
      if previous.0 == 0xE3 && previous.1 == 0x85 && byte == 0xA4 { return true }
      if previous.0 == 0xEF && previous.1 == 0xBE && byte == 0xA0 { return true }
      if previous.0 == 0x9D && previous.1 == 0x85 && (0xB3...0xBA).contains(byte) { return true }
      if previous.0 == 0xF3 && previous.1 == 0xA0 && (byte == 0x80 || byte == 0x81) { return true }
      // U+1BCA0…U+1BCA3: F0 9B B2 A0…A3. U+13430…U+1343F: F0 93 90 B0…BF.
      if previous.0 == 0x9B && previous.1 == 0xB2 && (0xA0...0xA3).contains(byte) { return true }
      if previous.0 == 0x93 && previous.1 == 0x90 && (0xB0...0xBF).contains(byte) { return true }
      if previous.0 == 0xEF && previous.1 == 0xBB && byte == 0xBF { return true }
      if previous.0 == 0xEF && previous.1 == 0xBF && (0xB9...0xBB).contains(byte) { return true }
      previous = (previous.1, byte)
    }
    return false
  }
}

/// Every line of every screen within the width (issue 15): a line a screen drew wider is wrapped
/// at its spaces, its continuation indented two columns past the line's own indent, as a person
/// would set it. Colour codes take no columns; a single word wider than the line stays whole,
/// unless it has no ASCII in it (`TerminalText.pieces`).
public enum TextFit {
  public static func fit(_ text: String, width: Int) -> String {
    let limit = max(20, width)
    // Most screens already fit: nothing is rebuilt then.
    if text.utf8.count <= limit { return text }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.contains(where: { TextWidth.of(String($0)) > limit }) else { return text }
    return lines.map { line -> String in
      let line = String(line)
      return TextWidth.of(line) <= limit ? line : wrap(line, limit: limit)
    }.joinedText("\n")
  }

  private static func wrap(_ line: String, limit: Int) -> String {
    let leading = line.prefix { $0 == " " }.count
    return wrap(
      String(line.dropFirst(leading)), width: limit, first: String(repeating: " ", count: leading),
      rest: String(repeating: " ", count: min(leading + 2, limit / 2))
    ).joinedText("\n")
  }

  /// `text` in lines of at most `width` columns, broken at spaces: the first line starts with
  /// `first`, the others with `rest`. Runs of spaces inside a line (a table's alignment) are kept,
  /// but never carried to the start of a new line; a word wider than a line stands alone, unless
  /// it has no ASCII in it (then it is broken between characters). The one
  /// word wrapper for help and for screens that drew a line too wide.
  public static func wrap(_ text: String, width: Int, first: String = "", rest: String = "") -> [String] {
    let room = max(1, width - TextWidth.of(rest))
    let words = text.spaceSeparated(omittingEmpty: false).flatMap { pieces(String($0), fitting: room) }
    var lines: [String] = []
    var line = first
    var lineWidth = TextWidth.of(first)
    var hasWord = false
    for word in words {
      let wordWidth = TextWidth.of(word)
      if hasWord && lineWidth + 1 + wordWidth > width {
        while line.hasSuffix(" ") { line.removeLast() }
        lines.append(line)
        line = rest
        lineWidth = TextWidth.of(rest)
        hasWord = false
      }
      // The spaces that aligned columns are not carried to the new line.
      if !hasWord && word.isEmpty { continue }
      line += (hasWord ? " " : "") + word
      lineWidth += (hasWord ? 1 : 0) + wordWidth
      hasWord = true
    }
    lines.append(line)
    return lines
  }

  /// `word` in pieces of at most `room` columns when it is wider and has no ASCII in it (a long
  /// run of CJK text: attacker's third look at stop 34, a 60-character note ran past --width).
  /// A word with ASCII stays whole: a path or a command broken over two lines would not paste.
  static func pieces(_ word: String, fitting room: Int) -> [String] {
    guard word.utf8.count > room, !word.utf8.contains(where: { $0 < 0x80 }), TextWidth.of(word) > room else {
      return [word]
    }
    var pieces: [String] = []
    var piece = ""
    var pieceWidth = 0
    for character in word {
      let characterWidth = TextWidth.of(String(character))
      if pieceWidth > 0 && pieceWidth + characterWidth > room {
        pieces.append(piece)
        (piece, pieceWidth) = ("", 0)
      }
      piece.append(character)
      pieceWidth += characterWidth
    }
    if !piece.isEmpty { pieces.append(piece) }
    return pieces
  }
}
