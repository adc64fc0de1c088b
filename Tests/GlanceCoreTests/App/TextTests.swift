import Testing

@testable import GlanceCore

/// App/Text.swift: trimming helpers (spaces and tabs; or all whitespace, line breaks included) and
/// PathText, NSString's path helpers: `/a/b/c.json` → `/a/b` and `c.json`; `c.json` → `` (the
/// current folder).
@Suite("Text helpers")
struct TextTests {
  @Test(
    "a count reads with its noun, singular only for one, grouped in thousands",
    arguments: [
      (0, "0 readings"), (1, "1 reading"), (2, "2 readings"), (999, "999 readings"), (1_000, "1,000 readings"),
      (100_001, "100,001 readings"), (12_345_678, "12,345,678 readings"), (-1, "-1 readings"),
      (-1_500, "-1,500 readings"),
    ])
  func countedNoun(count: Int, expected: String) {
    #expect(counted(count, "reading") == expected)
  }

  @Test(
    "replacingEvery replaces each scalar, even one a combining mark joins to the next",
    arguments: [
      ("a=b", "=", " = ", "a = b"), ("", "=", "x", ""), ("==", "=", "", ""), ("x", "=", "y", "x"),
      ("say \"hi\"", "\"", "\"\"", "say \"\"hi\"\""), ("a\"\u{301}b", "\"", "\"\"", "a\"\"\u{301}b"),
      ("1,2,3", ",", " ", "1 2 3"), ("é,é", ",", "日本", "é日本é"),
    ] as [(String, Unicode.Scalar, String, String)])
  func replacingEvery(text: String, target: Unicode.Scalar, replacement: String, expected: String) {
    #expect(text.replacingEvery(target, with: replacement) == expected)
    #expect(text.replacingEvery(target, with: replacement).unicodeScalars.elementsEqual(expected.unicodeScalars))
  }

  @Test(
    "spaceSeparated gives the words between U+0020 scalars, ASCII or not, empty words kept or not",
    arguments: [
      "", " ", "   ", "a", " a", "a ", "a  b", "  a b  c  ", "line\r\n next", "x\r\n", "é à", "é  ", "91 → 117",
      " \u{301}a b", "a \u{301} b", "日本 語", "👨‍👩‍👧 family", "tab\tis not a space", "\u{1B}[31m red \u{1B}[0m",
    ])
  func spaceSeparated(text: String) {
    for omitting in [true, false] {
      #expect(scalars(text.spaceSeparated(omittingEmpty: omitting)) == scalarWords(text, omitting: omitting))
    }
    // Where no mark follows a space, the words are those of the Characters' split.
    if !text.contains(" \u{301}") { #expect(text.spaceSeparated() == text.split(separator: " ")) }
  }

  @Test("spaceSeparated agrees with a scalar split on random text of spaces, letters, line breaks and marks")
  func spaceSeparatedRandom() {
    var generator = SeededGenerator(seed: 0x5EED_0001)
    let pieces = [" ", " ", "a", "B", "7", "\r", "\n", "\r\n", "\t", "é", "\u{301}", "日", "🙂", "\u{200D}", "-", "→"]
    for _ in 0..<2_000 {
      let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
        .joined()
      for omitting in [true, false] {
        #expect(
          scalars(text.spaceSeparated(omittingEmpty: omitting)) == scalarWords(text, omitting: omitting),
          "\(Array(text.unicodeScalars))")
      }
      // The words and the spaces between them are the whole text.
      #expect(text.spaceSeparated(omittingEmpty: false).map(String.init).joined(separator: " ") == text)
    }
  }

  private func scalars(_ words: [Substring]) -> [[Unicode.Scalar]] { words.map { Array($0.unicodeScalars) } }

  private func scalarWords(_ text: String, omitting: Bool) -> [[Unicode.Scalar]] {
    text.unicodeScalars.split(separator: " ", omittingEmptySubsequences: omitting).map { Array($0) }
  }

  @Test(
    "trimmingWhitespace drops spaces and tabs at the ends only",
    arguments: [
      ("  hdl  ", "hdl"), ("\tHDL 89\t", "HDL 89"), ("a  b", "a  b"), ("", ""), (" \t ", ""),
      ("\nkeep\n", "\nkeep\n"), (" \nx\n ", "\nx\n"), ("é ", "é"),
    ])
  func whitespace(text: String, expected: String) {
    #expect(text.trimmingWhitespace() == expected)
    #expect(Substring(text).trimmingWhitespace() == expected)
  }

  @Test(
    "trimmingWhitespaceAndNewlines drops every kind of whitespace at the ends",
    arguments: [
      ("  hdl  ", "hdl"), ("\n\tnote\r\n", "note"), ("line one\nline two", "line one\nline two"), ("", ""),
      (" \n\t\r\n ", ""), ("\u{00A0}x\u{2003}", "x"), ("\u{2028}y", "y"),
    ])
  func whitespaceAndNewlines(text: String, expected: String) {
    #expect(text.trimmingWhitespaceAndNewlines() == expected)
  }

  @Test(
    "a path's folder and last part",
    arguments: [
      ("/a/b/c.json", "/a/b", "c.json"), ("c.json", "", "c.json"), ("/c.json", "/", "c.json"),
      ("a/b", "a", "b"), ("./export.csv", ".", "export.csv"), ("/a/b/", "/a/b", ""), ("", "", ""),
      ("/", "/", ""), ("/home/ada/glance data/é.json", "/home/ada/glance data", "é.json"),
    ])
  func paths(path: String, parent: String, last: String) {
    #expect(PathText.parent(path) == parent)
    #expect(PathText.lastComponent(path) == last)
  }

  @Test("folder and last part put back together give the path", arguments: ["/a/b/c.json", "a/b", "/x/y z/w"])
  func roundTrip(path: String) {
    #expect(PathText.parent(path) + "/" + PathText.lastComponent(path) == path)
  }
}

@Suite("filterSharing")
struct FilterSharingTests {
  @Test(
    "keeps exactly what filter keeps, in order",
    arguments: [[], [1], [2], [1, 2, 3, 4], [2, 4, 6], [1, 3, 5], [2, 3, 4, 5, 6, 7, 8]] as [[Int]])
  func sameAsFilter(values: [Int]) {
    #expect(values.filterSharing { $0 % 2 == 0 } == values.filter { $0 % 2 == 0 })
    #expect(values.filterSharing { _ in true } == values)
    #expect(values.filterSharing { _ in false }.isEmpty)
  }
}

/// Attacker review: `glance demo` printed `GLANCE_HOME=/tmp/x;touch PWNED;y/glance-demo-… glance
/// show ldl` for a TMPDIR with a semicolon, and pasting it ran the `touch`.
@Suite("Shell words")
struct ShellWordTests {
  @Test(
    "a path is printed as is when the shell reads it as one word, else single-quoted",
    arguments: [
      ("/tmp/glance-demo-aB3x", "/tmp/glance-demo-aB3x"), ("/tmp/x;touch PWNED;y/d", "'/tmp/x;touch PWNED;y/d'"),
      ("/tmp/my folder", "'/tmp/my folder'"), ("/tmp/it's", "'/tmp/it'\\''s'"), ("/tmp/$HOME", "'/tmp/$HOME'"),
      ("/tmp/a`b`", "'/tmp/a`b`'"), ("", "''"), ("~/x", "'~/x'"),
    ])
  func word(text: String, printed: String) {
    #expect(ShellQuote.word(text) == printed)
  }

  /// Attacker review at stop 36: a custom-marker key from an edited data file was printed raw in
  /// "glance track custom-$(touch …)". Every command glance suggests with a key quotes one the
  /// shell would not read as one plain word; glance's own keys print as they are.
  @Test(
    "a suggested command quotes a marker key the shell would not read as one plain word",
    arguments: [
      ("custom-zed", "custom-zed"), ("custom-$(touch${IFS}x)", "'custom-$(touch${IFS}x)'"), ("ldl", "ldl"),
      // A key glance made from a name in another script prints as it is (it had been
      // `$'custom-\xd0\xba…'`); one that is not a key glance makes is quoted as before.
      ("custom-кетоны-крови", "custom-кетоны-крови"), ("custom-κετόνες", "custom-κετόνες"),
      ("custom-Кетоны", "$'custom-\\xd0\\x9a\\xd0\\xb5\\xd1\\x82\\xd0\\xbe\\xd0\\xbd\\xd1\\x8b'"),
      ("custom-a\u{202E}b", "$'custom-a\\xe2\\x80\\xaeb'"),
      // Scripts without case, with their vowel signs (attacker and newcomer reviews at stop 41).
      ("custom-血糖値", "custom-血糖値"), ("custom-كيتونات-الدم", "custom-كيتونات-الدم"), ("custom-कीटोन", "custom-कीटोन"),
      ("custom-קטונים", "custom-קטונים"), ("custom-케톤", "custom-케톤"),
      // Latin mixed into another script's word would print alike another key: quoted.
      ("custom-кeтоны", "$'custom-\\xd0\\xbae\\xd1\\x82\\xd0\\xbe\\xd0\\xbd\\xd1\\x8b'"),
      // Latin beside another script in its own word, or beside a script without case, is plain
      // (newcomer's second look at stop 41: "Витамин D3", "维生素D" were quoted).
      ("custom-витамин-d3", "custom-витамин-d3"), ("custom-维生素d", "custom-维生素d"),
      // A mark cannot begin a word; a zero-width joiner is no letter.
      ("custom-\u{0301}a", "$'custom-\\xcc\\x81a'"), ("custom-a\u{200D}b", "$'custom-a\\xe2\\x80\\x8db'"),
    ])
  func suggestedKey(key: String, printed: String) {
    #expect(TrackingError.notTracked("Zed", key).message.hasSuffix("glance track \(printed)"))
    #expect(EntryError.markerAfterValue(key).message.hasSuffix("glance add \(printed) VALUE"))
    // Completions offer the keys glance makes, in any script, and nothing a shell would expand.
    #expect(Completions.isSafeKey(key) == (key == printed), "\(key)")
  }

  /// Attacker review at stop 34: a data folder whose path held a TAB was printed with a space in
  /// the suggested `chmod 700 '…'`, which then fixed another folder; a newline or ESC was
  /// printed as `\u{A}` inside single quotes, so the command did not run. Such a path is written
  /// in the shell's `$'…'` quoting, whose escapes bash and zsh read back as the bytes, and the
  /// terminal still gets no control byte.
  @Test(
    "a path with a control or invisible character is quoted so the shell reads back the same bytes",
    arguments: [
      ("/tmp/tab\there", "$'/tmp/tab\\there'"), ("/tmp/a\nb", "$'/tmp/a\\nb'"),
      ("/tmp/e\u{1B}[2J", "$'/tmp/e\\x1b[2J'"),
      ("/tmp/it's\t", "$'/tmp/it\\'s\\t'"), ("/tmp/b\\s\t", "$'/tmp/b\\\\s\\t'"),
      ("/tmp/r\u{202E}l", "$'/tmp/r\\xe2\\x80\\xael'"), ("/tmp/x\u{E0041}", "$'/tmp/x\\xf3\\xa0\\x81\\x81'"),
      // Any character past ASCII as its UTF-8 bytes: read back alike in every locale (in the C
      // locale "é" was printed as \u{E9} inside single quotes).
      ("/home/josé", "$'/home/jos\\xc3\\xa9'"),
    ])
  func controlCharacters(text: String, printed: String) {
    #expect(ShellQuote.path(text) == printed)
    #expect(TerminalText.guarded(printed, asciiOnly: true) == printed)
  }

  @Test("a word with only printable characters is single-quoted as it is, µ and é too")
  func printableWords() {
    #expect(ShellQuote.quote("88 µmol/L") == "'88 µmol/L'")
    #expect(ShellQuote.quote("a\tb") == "$'a\\tb'")
  }
}

/// Attacker review: `add "$big" 5` with a 120 KB name wrote 360 KB of error text; help, library,
/// visit show, edit, import, completions and unknown options echoed it whole.
@Suite("Quoted text")
struct QuotedTests {
  @Test(
    "quoted text is cut at 300 characters, with an ellipsis; shorter text is whole", arguments: [10, 300, 301, 120_000])
  func cut(length: Int) {
    let text = String(repeating: "x", count: length)
    let shown = quoted(text)
    #expect(shown.count == min(length, 300) + 2 + (length > 300 ? 1 : 0))
    #expect(shown.hasSuffix(length > 300 ? "…”" : "x”"))
  }
}

extension QuotedTests {
  /// Attacker's second look: extra words and an import's path still came back whole (15 KB).
  @Test("extra words and an unreadable import's path are cut at 300 characters too")
  func otherMessagesCut() {
    let long = String(repeating: "x", count: 5000)
    #expect(ImportError.unreadable(long).message.count < 400)
    #expect(ImportError.notAFile(long).message.count < 400)
    let parser = CommandLineParser([CommandDeclaration("about", needs: "nothing", summary: "About.")])
    do {
      _ = try parser.parse(["about", long, long])
      Issue.record("accepted")
    } catch {
      #expect(error.message.count < 600, "\(error.message.count)")
    }
  }
}

extension QuotedTests {
  @Test("an undo step's summary is said in at most 300 characters")
  func undoSummaryCut() {
    let step = UndoStep(
      summary: String(repeating: "s", count: 100_000), timestamp: Timestamp(secondsSince1970: 0), operations: [])
    #expect(step.shownSummary.count == 301)
    #expect(
      UndoStep(summary: "add HDL 50", timestamp: Timestamp(secondsSince1970: 0), operations: []).shownSummary
        == "add HDL 50")
  }
}
