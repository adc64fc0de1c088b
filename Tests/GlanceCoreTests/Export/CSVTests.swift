import Foundation
import Testing

@testable import GlanceCore

/// RELIABILITY.md "CSV" / DESIGN §5 export: RFC 4180 — CRLF records, fields with `,` `"` CR or LF
/// quoted, inner quotes doubled, a BOM stripped on import. A text cell starting with = + - @ tab
/// CR or LF gets a leading `'` (OWASP formula injection); numbers are never prefixed.
@Suite("CSV")
struct CSVTests {
  // MARK: encode

  @Test(
    "records end in CRLF and fields are quoted only when they must be",
    arguments: [
      ([[CSV.Cell.text("a"), .text("b")]], "a,b\r\n"),
      ([[.text("a")], [.text("b")]], "a\r\nb\r\n"),
      ([[.text("a,b"), .text("c")]], "\"a,b\",c\r\n"),
      ([[.text("say \"hi\"")]], "\"say \"\"hi\"\"\"\r\n"),
      ([[.text("\"")]], "\"\"\"\"\r\n"),
      ([[.text("line\nbreak")]], "\"line\nbreak\"\r\n"),
      ([[.text("cr\rhere")]], "\"cr\rhere\"\r\n"),
      ([[.text("crlf\r\nhere")]], "\"crlf\r\nhere\"\r\n"),
      ([[.text(""), .text("")]], ",\r\n"),
      ([[.text("semi;colon"), .text("tab\tinside")]], "semi;colon,tab\tinside\r\n"),
      ([[.text("😀 עברית العربية 👩‍⚕️ 中文 é")]], "😀 עברית العربية 👩‍⚕️ 中文 é\r\n"),
      // A combining mark after a quote or comma makes one Character, but a CSV reader sees the
      // quote or comma all the same.
      ([[.text("a\"\u{301}b")]], "\"a\"\"\u{301}b\"\r\n"),
      ([[.text("a,\u{301}b")]], "\"a,\u{301}b\"\r\n"),
      ([[CSV.Cell]](), ""),
    ])
  func encode(rows: [[CSV.Cell]], expected: String) {
    #expect(CSV.encode(rows) == expected)
    // The export writes row by row with `append`; it must give the same bytes.
    var bytes: [UInt8] = []
    for row in rows { CSV.append(row, to: &bytes) }
    #expect(bytes == Array(expected.utf8))
  }

  @Test(
    "a text cell that could start a formula gets a leading apostrophe",
    arguments: [
      ("=1+2", "'=1+2"), ("+1", "'+1"), ("-5", "'-5"), ("@SUM(A1)", "'@SUM(A1)"), ("\tx", "'\tx"),
      ("\rx", "\"'\rx\""), ("\nx", "\"'\nx\""), ("\r\nx", "\"'\r\nx\""),
      ("=HYPERLINK(\"http://x\",\"y\")", "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\""),
      ("=1,2", "\"'=1,2\""),
      // "=" with a combining mark is one Character, but a spreadsheet still sees "=" first.
      ("=\u{301}1+2", "'=\u{301}1+2"), ("'=\u{301}1", "''=\u{301}1"),
      // Only the first character matters.
      ("a=1", "a=1"), ("1-2", "1-2"), ("x@y", "x@y"), ("<0.5", "<0.5"),
    ])
  func formulaProtection(text: String, expected: String) {
    #expect(CSV.encode([[.text(text)]]) == expected + "\r\n")
    var bytes: [UInt8] = []
    CSV.append([.text(text)], to: &bytes)
    #expect(bytes == Array((expected + "\r\n").utf8))
  }

  @Test(
    "numbers are written plainly and never prefixed",
    arguments: [(-5.0, "-5"), (89, "89"), (5.6, "5.6"), (0.1, "0.1"), (-0.5, "-0.5"), (0, "0"), (1234.25, "1234.25")])
  func numbers(value: Double, expected: String) {
    #expect(CSV.encode([[.number(value), .text("x")]]) == expected + ",x\r\n")
  }

  @Test(
    "unprotect takes back only the apostrophe glance added",
    arguments: ["=1+2", "+1", "-5", "@x", "\tx", "\nx", "=\u{301}1"])
  func unprotect(text: String) {
    #expect(CSV.unprotect("'" + text) == text)
    #expect(CSV.unprotect(text) == text)
  }

  @Test("an apostrophe before ordinary text stays", arguments: ["'quoted'", "'", "it's", "'a"])
  func apostrophes(text: String) {
    #expect(CSV.unprotect(text) == text)
  }

  @Test(
    "any text comes back from its cell as it was, the person's own apostrophes too (attacker review: '=x came back as ''=x)",
    arguments: ["'=x", "''=x", "'''+1", "'+ve result", "'-", "'\tx", "'", "''", "'a", "=x", "'=\u{301}1", "a'=x"])
  func apostropheRoundTrip(text: String) throws {
    let cell = CSV.encode([[.text(text), .text("end")]])
    let parsed = try CSV.parse(cell)
    #expect(parsed.count == 1 && CSV.unprotect(parsed[0][0]) == text, "\(cell)")
    var bytes: [UInt8] = []
    CSV.append([.text(text), .text("end")], to: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == cell)
  }

  // MARK: parse

  @Test(
    "parses records with any line ending, quoted fields, escapes and empty fields",
    arguments: [
      ("a,b\r\n1,2\r\n", [["a", "b"], ["1", "2"]]),
      ("a,b\n1,2\n", [["a", "b"], ["1", "2"]]),
      ("a,b\r1,2\r", [["a", "b"], ["1", "2"]]),
      ("a,b\r\n1,2\n3,4\r5,6", [["a", "b"], ["1", "2"], ["3", "4"], ["5", "6"]]),
      ("\u{FEFF}a,b\r\n1,2\r\n", [["a", "b"], ["1", "2"]]),
      ("a,b", [["a", "b"]]),
      ("\"line1\nline2\",x\r\n", [["line1\nline2", "x"]]),
      ("\"line1\r\nline2\",x", [["line1\r\nline2", "x"]]),
      ("\"a \"\"b\"\"\",c", [["a \"b\"", "c"]]),
      ("\"\"\"\"", [["\""]]),
      ("\"a,b\",c", [["a,b", "c"]]),
      ("a,,c\r\n,,\r\n", [["a", "", "c"], ["", "", ""]]),
      ("\"\",x", [["", "x"]]),
      ("x,\"\"", [["x", ""]]),
      ("😀,עברית\r\n", [["😀", "עברית"]]),
      ("", []),
    ])
  func parse(text: String, expected: [[String]]) throws {
    #expect(try CSV.parse(text) == expected)
  }

  @Test(
    "malformed quotes are refused with the line they are on",
    arguments: [
      ("a,b\r\n\"open", 2), ("a,b\r\nx\"y,z", 2), ("\"a\"b,c", 1), ("a\nb\nc\"d", 3),
      // A line break inside a quoted field is a line of the file.
      ("\"x\ny\",ok\r\nbad\"quote", 3),
    ])
  func malformed(text: String, line: Int) {
    do {
      let rows = try CSV.parse(text)
      Issue.record("accepted: \(rows)")
    } catch {
      #expect(error.line == line, "\(error.message)")
      #expect(!error.message.isEmpty)
    }
  }

  // MARK: round trip

  @Test("random text survives encode → parse → unprotect", arguments: 0..<20)
  func roundTrip(seed: Int) throws {
    var generator = SeededGenerator(seed: UInt64(seed) &+ 4242)
    var rows: [[String]] = []
    while rows.count < 100 {
      let count = Int.random(in: 1...6, using: &generator)
      var row = (0..<count).map { _ in randomText(using: &generator) }
      // NB: left out, reported as open: a row of one empty cell is written as a bare CRLF and read
      // back as no row; a file whose first cell starts with U+FEFF loses it as a BOM.
      if row == [""] { continue }
      if rows.isEmpty { row[0] = String(row[0].unicodeScalars.drop { $0 == "\u{FEFF}" }) }
      rows.append(row)
    }
    let encoded = CSV.encode(rows.map { $0.map(CSV.Cell.text) })
    let parsed = try CSV.parse(encoded).map { $0.map(CSV.unprotect) }
    #expect(parsed.count == rows.count)
    for (index, row) in rows.enumerated() where index < parsed.count {
      #expect(parsed[index] == row, "row \(index)")
    }
    // No field of the file starts a formula.
    let raw = try CSV.parse(encoded)
    for field in raw.joined() {
      if let first = field.unicodeScalars.first {
        #expect(!CSV.formulaStarts.contains(first), "\(field.debugDescription)")
      }
    }
  }

  /// Speed issue: a sheet's bytes are let go as the parse passes them. The released bytes are
  /// zeroed here, as the kernel does: a parse that looked back at them would read differently.
  @Test("a parse that lets go of what it passed gives the same rows or the same refusal", arguments: 0..<20)
  func releasing(seed: Int) throws {
    var generator = SeededGenerator(seed: UInt64(seed) &+ 777)
    let alphabet: [UInt8] = Array("ab1,\"\r\n;\t=+- ".utf8) + [0xC3, 0xA9, 0xFF, 0xEF, 0xBB, 0xBF]
    for round in 0..<300 {
      var bytes: [UInt8]
      if round % 2 == 0 {
        var rows: [[String]] = []
        for _ in 0..<Int.random(in: 1...30, using: &generator) {
          rows.append((0..<Int.random(in: 1...4, using: &generator)).map { _ in randomText(using: &generator) })
        }
        bytes = Array(CSV.encode(rows.map { $0.map(CSV.Cell.text) }).utf8)
      } else {
        bytes = (0..<Int.random(in: 0...300, using: &generator)).map { _ in
          alphabet.randomElement(using: &generator)!
        }
      }
      let delimiter = [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t")].randomElement(using: &generator)!
      let step = Int.random(in: 1...64, using: &generator)
      let whole = Result { () throws(CSV.ParseError) in try CSV.parse(bytes, delimiter: delimiter) }
      var copy = bytes
      var releases: [Int] = []
      let released = copy.withUnsafeMutableBufferPointer { buffer in
        let base = buffer.baseAddress
        return Result { () throws(CSV.ParseError) in
          try CSV.table(UnsafeBufferPointer(buffer), delimiter: delimiter, releaseStep: step) { end in
            releases.append(end)
            base?.update(repeating: 0, count: end)
          }.map { Array($0) }
        }
      }
      switch (whole, released) {
      case (.success(let a), .success(let b)): #expect(a == b)
      case (.failure(let a), .failure(let b)): #expect(a == b)
      default: Issue.record("\(whole) but \(released) for \(bytes)")
      }
      #expect(releases == releases.sorted() && releases.allSatisfy { $0 <= bytes.count })
    }
  }

  @Test("a table's rows are the parsed rows, below the header too; rows made from arrays read back as given")
  func table() throws {
    let text = "h1,h2\r\na,\"b,c\"\n\nx\n,\n\"q\"\"\",,z\n"
    let rows = try CSV.parse(text)
    let table = try Array(text.utf8).withUnsafeBufferPointer { try CSV.table($0, delimiter: UInt8(ascii: ",")) }
    #expect(table.map { Array($0) } == rows)
    #expect(table.droppingFirst.map { Array($0) } == Array(rows.dropFirst()))
    #expect(table.droppingFirst.droppingFirst.first.map { Array($0) } == rows[2])
    #expect(table.droppingFirst[0].count == 2 && table.droppingFirst[0][1] == "b,c")
    for arrays in [[], [[]], [["a"], [], ["b", "c"]], rows] as [[[String]]] {
      #expect(CSV.Table(arrays).map { Array($0) } == arrays)
    }
    #expect(CSV.Table([["only"]]).droppingFirst.isEmpty)
    #expect(CSV.Table([]).droppingFirst.isEmpty)
  }

  @Test("numbers survive encode → parse as the same value")
  func numberRoundTrip() throws {
    var generator = SeededGenerator(seed: 99)
    let values = (0..<2000).map { _ in Double(Int.random(in: -1_000_000...1_000_000, using: &generator)) / 100 }
    let parsed = try CSV.parse(CSV.encode(values.map { [.number($0)] }))
    #expect(parsed.map { Double($0[0]) } == values)
  }
}
