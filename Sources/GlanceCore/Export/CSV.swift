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
      // Apostrophes of the person's own before a formula character get one more, so
      // `unprotect` gives them back.
      if startsWithFormula(text) { text = "'" + text }
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

  /// Undoes the formula protection of a text cell glance wrote (`'=1+2` → `=1+2`, `''=x` →
  /// `'=x`), as a spreadsheet reads a leading apostrophe.
  public static func unprotect(_ text: String) -> String {
    guard text.unicodeScalars.first == "'", startsWithFormula(text) else { return text }
    return String(text.unicodeScalars.dropFirst())
  }

  /// True when `text`, after any apostrophes, starts with a character a spreadsheet takes for
  /// a formula.
  static func startsWithFormula(_ text: String) -> Bool {
    text.unicodeScalars.first { $0 != "'" }.map(formulaStarts.contains) ?? false
  }

  /// A malformed CSV file: where, and what.
  public struct ParseError: Error, Equatable, Sendable {
    public var line: Int
    public var message: String
  }

  /// How much of a file the parser reads before refusing it.
  public struct Limits: Sendable {
    public var rows = InputLimits.rows
    public var columns = InputLimits.columns
    public var cellBytes = InputLimits.cellBytes

    public static let standard = Limits()
  }

  /// Parses CSV text into rows of fields: a leading BOM is dropped, records may end in CRLF, LF
  /// or CR, quoted fields may hold commas, quotes (`""`) and line breaks.
  public static func parse(_ text: String) throws(ParseError) -> [[String]] {
    try parse(Array(text.utf8))
  }

  /// Parses UTF-8 CSV bytes, one pass over the bytes ("\r\n" is a single Character in Swift,
  /// so the text is never split as Characters). Past `limits` the file is refused.
  public static func parse(_ bytes: [UInt8], delimiter: UInt8 = UInt8(ascii: ","), limits: Limits = .standard)
    throws(ParseError) -> [[String]]
  {
    var parser = CSVParser(delimiter: delimiter, limits: limits)
    do {
      try bytes.withUnsafeBufferPointer { try parser.run($0) }
    } catch let error as ParseError {
      throw error
    } catch {
      throw ParseError(line: parser.line, message: "The file could not be read.")
    }
    return parser.rows
  }

  /// Parses `bytes` as `parse(_:delimiter:limits:)` does, calling `release` with how far it has
  /// read about every `releaseStep` bytes, at the end of a row: the bytes before are not looked
  /// at again, and their memory can go.
  static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8, limits: Limits = .standard,
    releaseStep: Int = 1 << 20, releasing release: @escaping (Int) -> Void
  ) throws(ParseError) -> [[String]] {
    var parser = CSVParser(delimiter: delimiter, limits: limits)
    parser.release = (releaseStep, release)
    try parser.run(bytes)
    return parser.rows
  }
}

/// The state of one CSV parse (see `CSV.parse`).
private struct CSVParser {
  let delimiter: UInt8
  let limits: CSV.Limits
  var rows: [[String]] = []
  var line = 1
  private var row: [String] = []
  /// The fields of the last row.
  private var width = 1
  private var field: [UInt8] = []
  private var fieldWasQuoted = false
  private var rowHasContent = false
  /// Told how far the parse has read, about every `step` bytes (`CSV.parse(_:…releasing:)`).
  var release: (step: Int, body: (Int) -> Void)?
  private var released = 0

  init(delimiter: UInt8, limits: CSV.Limits) {
    self.delimiter = delimiter
    self.limits = limits
  }

  private func error(_ message: String) -> CSV.ParseError { CSV.ParseError(line: line, message: message) }

  private mutating func endField() throws(CSV.ParseError) {
    guard isValidUTF8(field) else { throw error("A cell is not UTF-8 text.") }
    // NB: sized like the row before it: growing 13 fields by doubling took four allocations a row.
    if row.isEmpty { row.reserveCapacity(width) }
    row.append(String(decoding: field, as: UTF8.self))
    field.removeAll(keepingCapacity: true)
    fieldWasQuoted = false
    guard row.count <= limits.columns else {
      throw error("A row has more than \(InputLimits.text(limits.columns)) columns; glance reads at most that many.")
    }
  }

  private mutating func endRow() throws(CSV.ParseError) {
    if rowHasContent || !field.isEmpty {
      try endField()
      width = row.count
      rows.append(row)
      // The header line and `rows` rows below it: a CSV export of the most readings a folder
      // keeps (one a row) imports again.
      guard rows.count <= limits.rows + 1 else {
        throw error(
          "The file has more than \(InputLimits.text(limits.rows)) rows below its header; split it and import the parts."
        )
      }
    }
    row = []
    rowHasContent = false
  }

  private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) throws(CSV.ParseError) {
    field.append(contentsOf: bytes)
    guard field.count <= limits.cellBytes else {
      throw error("A cell is longer than \(InputLimits.text(limits.cellBytes)) bytes.")
    }
  }

  mutating func run(_ buffer: UnsafeBufferPointer<UInt8>) throws(CSV.ParseError) {
    let quote = UInt8(ascii: "\"")
    let cr = UInt8(ascii: "\r")
    let lf = UInt8(ascii: "\n")
    var index = 0
    let count = buffer.count
    if count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { index = 3 }
    while index < count {
      let byte = buffer[index]
      if byte == quote {
        guard field.isEmpty, !fieldWasQuoted else {
          throw error("A quote appears inside a field that does not start with one.")
        }
        fieldWasQuoted = true
        rowHasContent = true
        index += 1
        // The quoted part: up to the closing quote; "" is a quote inside it.
        while true {
          var end = index
          while end < count, buffer[end] != quote {
            if buffer[end] == lf || (buffer[end] == cr && (end + 1 == count || buffer[end + 1] != lf)) { line += 1 }
            end += 1
          }
          try append(buffer[index..<end])
          guard end < count else { throw error("A quoted field is never closed.") }
          if end + 1 < count, buffer[end + 1] == quote {
            field.append(quote)
            index = end + 2
            continue
          }
          index = end + 1
          break
        }
        continue
      }
      if byte == delimiter {
        try endField()
        rowHasContent = true
        index += 1
        continue
      }
      if byte == cr || byte == lf {
        if byte == cr, index + 1 < count, buffer[index + 1] == lf { index += 1 }
        try endRow()
        line += 1
        index += 1
        if let release, index - released >= release.step {
          release.body(index)
          released = index
        }
        continue
      }
      if fieldWasQuoted { throw error("Text follows the closing quote of a field.") }
      // A plain run up to the next special byte, copied in one piece.
      var end = index + 1
      while end < count {
        let next = buffer[end]
        if next == delimiter || next == quote || next == cr || next == lf { break }
        end += 1
      }
      try append(buffer[index..<end])
      rowHasContent = true
      index = end
    }
    try endRow()
  }
}

/// True when `bytes` are well-formed UTF-8.
private func isValidUTF8(_ bytes: [UInt8]) -> Bool {
  bytes.allSatisfy { $0 < 0x80 } || bytes.withUnsafeBufferPointer { isValidUTF8($0) }
}
