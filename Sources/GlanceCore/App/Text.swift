// Small text helpers, so GlanceCore needs only FoundationEssentials: full Foundation (with ICU)
// makes a static binary 8 times larger and slower to start.

extension UInt8 {
  /// "0" to "9".
  @inline(__always) var isASCIIDigit: Bool { self >= 0x30 && self <= 0x39 }
  /// "A" to "Z" as "a" to "z"; every other byte as it is.
  @inline(__always) var lowercasedASCII: UInt8 { self >= 0x41 && self <= 0x5A ? self + 0x20 : self }
}

extension StringProtocol {
  /// Without leading and trailing spaces and tabs.
  public func trimmingWhitespace() -> String {
    trimming { $0 == " " || $0 == "\t" }
  }

  /// Without leading and trailing whitespace, line breaks included.
  public func trimmingWhitespaceAndNewlines() -> String {
    trimming { $0.isWhitespace }
  }

  /// Every `target` scalar replaced by `replacement`, even where a combining mark follows it (a
  /// `"` before U+0301 is one Character, but still a quote to a CSV reader). The standard
  /// library's `replacing(_:with:)` lives in `_StringProcessing`, and using it links the whole
  /// regex engine into the binary: thousands more relocations for every run to pay at start-up.
  public func replacingEvery(_ target: Unicode.Scalar, with replacement: String) -> String {
    var result = String.UnicodeScalarView()
    for scalar in unicodeScalars {
      if scalar == target { result.append(contentsOf: replacement.unicodeScalars) } else { result.append(scalar) }
    }
    return String(result)
  }

  private func trimming(_ drop: (Character) -> Bool) -> String {
    guard let first = firstIndex(where: { !drop($0) }) else { return "" }
    let last = lastIndex(where: { !drop($0) })!
    return String(self[first...last])
  }
}

extension String {
  /// The words between spaces (U+0020). The standard library's `split(separator: " ")` walks
  /// Characters, which costs thousands of instructions a word on a screen with an arrow in it;
  /// this looks at bytes: a space byte is always a whole scalar. A combining mark after a space
  /// begins the next word here (a Character split would keep it on the space).
  func spaceSeparated(omittingEmpty: Bool = true) -> [Substring] {
    var words: [Substring] = []
    var start = utf8.startIndex
    var index = start
    while index != utf8.endIndex {
      if utf8[index] == 0x20 {
        if !omittingEmpty || start != index { words.append(Substring(unicodeScalars[start..<index])) }
        start = utf8.index(after: index)
      }
      index = utf8.index(after: index)
    }
    if !omittingEmpty || start != index { words.append(Substring(unicodeScalars[start..<index])) }
    return words
  }
}

extension Array where Element == String {
  /// The strings joined with `separator`. The standard library's `joined(separator:)` is generic
  /// and looks up a protocol conformance at run time on first use, which costs a short command
  /// a noticeable share of its time.
  public func joinedText(_ separator: String = "") -> String {
    var result = ""
    result.reserveCapacity(reduce(0) { $0 + $1.utf8.count } + Swift.max(0, count - 1) * separator.utf8.count)
    for (index, text) in enumerated() {
      if index > 0 { result += separator }
      result += text
    }
    return result
  }
}

extension ArraySlice where Element == String {
  /// The strings joined with `separator`; see `Array.joinedText(_:)`.
  public func joinedText(_ separator: String = "") -> String { Array(self).joinedText(separator) }
}

/// "1 reading", "2 readings", "100,001 readings": a count with its noun, grouped in thousands as
/// people read them.
public func counted(_ count: Int, _ word: String) -> String {
  "\(grouped(count)) \(word)\(count == 1 ? "" : "s")"
}

/// "100,001": a number grouped in thousands.
public func grouped(_ count: Int) -> String {
  var digits = String(count.magnitude)
  var groups = ""
  while digits.count > 3 {
    groups = "," + digits.suffix(3) + groups
    digits.removeLast(3)
  }
  return "\(count < 0 ? "-" : "")\(digits)\(groups)"
}

/// "A", "A and B", "A, B and C": a few names in a sentence.
func inWords(_ items: [String]) -> String {
  items.count < 2 ? items.joinedText("") : items.dropLast().joinedText(", ") + " and " + items.last!
}

/// At most `limit` of `items` joined with ", ", then "and N more": a list from a file can be long.
func listed(_ items: [String], limit: Int = 20) -> String {
  let shown = items.prefix(limit).joinedText(", ")
  return items.count > limit ? shown + " and \(items.count - limit) more" : shown
}

/// Path helpers (NSString's live in full Foundation).
public enum PathText {
  /// The folder part of `path`: `/a/b/c.json` → `/a/b`, `c.json` → `` (the current folder).
  public static func parent(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    if slash == path.startIndex { return "/" }
    return String(path[..<slash])
  }

  /// `path` for prose, on one line: a newline, a carriage return or a TAB in a folder's name
  /// shown as `\u{A}`, `\u{D}`, `\u{9}` (attacker's third look at stop 34: a newline in a
  /// folder's name put a forged line, "  chmod 700 …", above the real fix). Other hidden
  /// characters are escaped on the way to the terminal (`TerminalText.guarded`).
  public static func shown(_ path: String) -> String {
    guard path.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else { return path }
    var result = String.UnicodeScalarView()
    for scalar in path.unicodeScalars {
      if scalar == "\n" || scalar == "\r" || scalar == "\t" {
        result.append(contentsOf: TerminalText.visible(scalar).unicodeScalars)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// The last part of `path`: `/a/b/c.json` → `c.json`.
  public static func lastComponent(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }
}

/// `text` in quotation marks for a message, on one line (`TerminalText.oneLine`): what a person
/// typed or a file held, repeated so they can fix it, never forging a line of its own.
/// Text a person or a file supplied, in quotes, on one line, and cut at 300 characters (attacker
/// review: a 120 KB argument was echoed whole, three times, in one refusal).
public func quoted(_ text: some StringProtocol) -> String { "“" + TerminalText.oneLine(TerminalText.cut(text)) + "”" }

extension TerminalText {
  /// `text` cut at `limit` characters, with an ellipsis: what a message repeats of an input.
  public static func cut(_ text: some StringProtocol, limit: Int = 300) -> String {
    // Only the first characters are walked: counting a long text's would be the cost this avoids.
    text.utf8.count > limit && text.prefix(limit + 1).count > limit ? String(text.prefix(limit)) + "…" : String(text)
  }
}

/// Paths in commands glance suggests, quoted for a POSIX shell: a folder named
/// `a'; echo INJECTED; echo '` must stay one word when the person pastes the command.
public enum ShellQuote {
  /// `text` in single quotes, each `'` inside written as `'\''`; with a control or invisible
  /// character, in the shell's `$'…'` quoting instead (`bytes`): the terminal gets none of them
  /// raw, and a TAB is not printed as a space (attacker review at stop 34: the suggested `chmod`
  /// then fixed another folder).
  public static func quote(_ text: String) -> String {
    let text = TerminalText.cut(text)
    guard text.unicodeScalars.contains(where: { $0 == "\t" || $0 == "\n" || TerminalText.isHidden($0) }) else {
      return "'" + text.replacingEvery("'", with: "'\\''") + "'"
    }
    return bytes(text)
  }

  /// A path in a command to paste: as `quote`, but with any character past ASCII written as its
  /// UTF-8 bytes (`$'/home/jos\xc3\xa9'`), which bash and zsh read back alike in every locale (in
  /// the C locale "é" was printed as `\u{E9}` inside quotes, and `$'\u200b'` is read per locale:
  /// attacker's second look at stop 34).
  public static func path(_ text: String) -> String {
    let text = TerminalText.cut(text)
    return text.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F }) ? bytes(text) : quote(text)
  }

  /// `text` in `$'…'`, printable ASCII as it is and every other byte escaped (`\t`, `\xc3\xa9`).
  static func bytes(_ text: String) -> String {
    var quoted = "$'"
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\\"): quoted += "\\\\"
      case UInt8(ascii: "'"): quoted += "\\'"
      case 0x09: quoted += "\\t"
      case 0x0A: quoted += "\\n"
      case 0x0D: quoted += "\\r"
      case 0x20..<0x7F: quoted.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16)
        quoted += "\\x" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    return quoted + "'"
  }

  /// What a shell word may hold beside letters and digits, unquoted (`word`).
  static let plainPunctuation = Set("/._-+:@%,=".utf8)

  /// A marker key as one shell word: as it is when glance could have made it (a custom marker's
  /// key in any script: `custom-кетоны-крови`, `custom-血糖値`; nothing a shell reads specially:
  /// `CustomMarkerPlanner.isPrintableKey`), else as `word` quotes it. (It had been
  /// `$'custom-\xd0\xba…'`.)
  public static func key(_ key: String) -> String {
    CustomMarkerPlanner.isPrintableKey(key) ? key : word(key)
  }

  /// A path as one shell word: as it is when it holds only letters, digits and `/._-+:@%,=` (a
  /// path glance made), else quoted as `path`, so a hint pasted into a shell runs nothing else.
  public static func word(_ text: String) -> String {
    let plain =
      !text.isEmpty && text.utf8.first != UInt8(ascii: "~")
      && text.utf8.allSatisfy { byte in
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
          || plainPunctuation.contains(byte)
      }
    return plain ? text : path(text)
  }
}

extension Array {
  /// The elements that pass `isIncluded`, in order; this very array (no copy) when all of them
  /// do, as when a screen's read already selected one marker's readings.
  func filterSharing(_ isIncluded: (Element) throws -> Bool) rethrows -> [Element] {
    guard let firstOut = try firstIndex(where: { try !isIncluded($0) }) else { return self }
    var kept = Array(self[..<firstOut])
    for element in self[(firstOut + 1)...] where try isIncluded(element) { kept.append(element) }
    return kept
  }
}
