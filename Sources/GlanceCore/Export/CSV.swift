/// RFC 4180 CSV: CRLF records, quotes where needed, and cells that can never become a live
/// spreadsheet formula.
public enum CSV {
  /// A cell: text (protected against formula injection) or a number (written by a fixed
  /// formatter and never prefixed, so `-5` stays a number).
  public enum Cell: Equatable, Sendable {
    case text(String)
    case number(Double)
  }

  /// Characters that make a spreadsheet treat a cell as a formula (OWASP, ASVS 1.2.10). Checked
  /// as scalars: "=" followed by a combining mark is one Character but still starts a formula.
  static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r", "\n"]

  /// The file: every row, each ended by CRLF.
  public static func encode(_ rows: [[Cell]]) -> String {
    var output = ""
    for row in rows {
      // A row of one empty cell is written as "" so it is not read back as no row at all.
      output += row == [.text("")] ? "\"\"" : row.map(field).joinedText(",")
      output += "\r\n"
    }
    return output
  }

  /// Appends one record (CRLF-terminated) to `output`, as `encode` would write it.
  public static func append(_ row: [Cell], to output: inout [UInt8]) {
    if row == [.text("")] {
      output.append(contentsOf: "\"\"\r\n".utf8)
      return
    }
    for (index, cell) in row.enumerated() {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      switch cell {
      case .number(let value): output.append(contentsOf: ValueText.number(value).utf8)
      case .text(let text):
        // Plain text (the usual cell) is copied as it is; anything else goes through `field`.
        if let first = text.utf8.first, first != UInt8(ascii: "'"), !formulaStartBytes.contains(first),
          !text.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 < 0x20 || $0 == 0xEF })
        {
          output.append(contentsOf: text.utf8)
        } else {
          output.append(contentsOf: field(cell).utf8)
        }
      }
    }
    output.append(contentsOf: [0x0D, 0x0A])
  }

  static let formulaStartBytes: Set<UInt8> = [
    UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D, 0x0A,
  ]

  static func field(_ cell: Cell) -> String {
    var text: String
    switch cell {
    case .number(let value): return ValueText.number(value)
    case .text(let value):
      text = value
      // A leading apostrophe of the person's own before a formula character is doubled, so
      // `unprotect` gives it back.
      let scalars = text.unicodeScalars
      if let first = scalars.first,
        formulaStarts.contains(first) || (first == "'" && scalars.dropFirst().first.map(formulaStarts.contains) == true)
      {
        text = "'" + text
      }
    }
    // Quote what would break the record, and a leading BOM that a reader would strip. Scalars
    // again: a quote or comma with a combining mark after it is still one to a CSV reader.
    if text.unicodeScalars.first == "\u{FEFF}"
      || text.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" })
    {
      return "\"" + text.replacingEvery("\"", with: "\"\"") + "\""
    }
    return text
  }

  /// Undoes the formula protection of a text cell glance wrote (`'=1+2` → `=1+2`).
  public static func unprotect(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard scalars.first == "'", let second = scalars.dropFirst().first, formulaStarts.contains(second) else {
      return text
    }
    return String(scalars.dropFirst())
  }

  /// A malformed CSV file: where, and what.
  public struct ParseError: Error, Equatable, Sendable {
    public var line: Int
    public var message: String
  }

  /// Parses CSV text into rows of fields: a leading BOM is dropped, records may end in CRLF, LF
  /// or CR, quoted fields may hold commas, quotes (`""`) and line breaks. Works on Unicode
  /// scalars, since "\r\n" is a single Character in Swift.
  public static func parse(_ text: String) throws(ParseError) -> [[String]] {
    var scalars = Array(text.unicodeScalars)
    if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
    var rows: [[String]] = []
    var row: [String] = []
    var field = String.UnicodeScalarView()
    var index = 0
    var line = 1
    var inQuotes = false
    var fieldWasQuoted = false
    var rowHasContent = false
    func endField() {
      row.append(String(field))
      field = String.UnicodeScalarView()
      fieldWasQuoted = false
    }
    while index < scalars.count {
      let scalar = scalars[index]
      if inQuotes {
        if scalar == "\"" {
          if index + 1 < scalars.count, scalars[index + 1] == "\"" {
            field.append("\"")
            index += 2
            continue
          }
          inQuotes = false
          index += 1
          continue
        }
        if scalar == "\n" { line += 1 }
        field.append(scalar)
        index += 1
        continue
      }
      switch scalar {
      case "\"":
        guard field.isEmpty, !fieldWasQuoted else {
          throw ParseError(line: line, message: "A quote appears inside a field that does not start with one.")
        }
        inQuotes = true
        fieldWasQuoted = true
        rowHasContent = true
      case ",":
        endField()
        rowHasContent = true
      case "\r", "\n":
        if scalar == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" { index += 1 }
        if rowHasContent || !field.isEmpty {
          endField()
          rows.append(row)
        }
        row = []
        rowHasContent = false
        line += 1
      default:
        if fieldWasQuoted {
          throw ParseError(line: line, message: "Text follows the closing quote of a field.")
        }
        field.append(scalar)
        rowHasContent = true
      }
      index += 1
    }
    if inQuotes { throw ParseError(line: line, message: "A quoted field is never closed.") }
    if rowHasContent || !field.isEmpty {
      endField()
      rows.append(row)
    }
    return rows
  }
}
