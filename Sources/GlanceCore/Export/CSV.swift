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
    public var cells = InputLimits.cells

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
    try bytes.withUnsafeBufferPointer { bytes throws(ParseError) in
      try table(bytes, delimiter: delimiter, limits: limits).map { Array($0) }
    }
  }

  /// Parses `bytes` as `parse(_:delimiter:limits:)` does, into one table of cells. With
  /// `release`, it is told how far the parse has read about every `releaseStep` bytes, at the
  /// end of a row: the bytes before are not looked at again, and their memory can go. With
  /// `droppingTrailingEmpty`, a row below the first ends at its last cell that holds something
  /// (an importer reads a missing cell as an empty one): a sheet whose 2,000 columns are mostly
  /// empty holds only what it says.
  static func table(
    _ bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8, limits: Limits = .standard, releaseStep: Int = 1 << 20,
    droppingTrailingEmpty: Bool = false, releasing release: ((Int) -> Void)? = nil
  ) throws(ParseError) -> Table {
    var parser = CSVParser(delimiter: delimiter, limits: limits)
    parser.dropsTrailingEmpty = droppingTrailingEmpty
    parser.release = release.map { (releaseStep, $0) }
    try parser.run(bytes)
    return Table(cells: parser.cells, ends: parser.ends)
  }

  /// A parsed file's rows, their cells in one array. NB: a row of its own for each of 500,000
  /// rows cost 48 bytes more a row, and freed, left holes between the notes that stayed: the
  /// process kept 56 MB it no longer used.
  public struct Table: RandomAccessCollection, Sendable {
    private let cells: [String]
    /// Where each row ends in `cells`.
    private let ends: [Int]
    /// Rows before this one are left out (`droppingFirst`).
    private let first: Int

    init(cells: [String], ends: [Int], first: Int = 0) {
      (self.cells, self.ends, self.first) = (cells, ends, first)
    }

    /// The rows as arrays (tests, small files).
    public init(_ rows: [[String]]) {
      var ends: [Int] = []
      var count = 0
      for row in rows {
        count += row.count
        ends.append(count)
      }
      self.init(cells: Array(rows.joined()), ends: ends)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { ends.count - first }

    public subscript(index: Int) -> Row {
      let row = index + first
      return Row(cells: cells, start: row == 0 ? 0 : ends[row - 1], end: ends[row])
    }

    /// The rows below the first (a header).
    public var droppingFirst: Table { Table(cells: cells, ends: ends, first: Swift.min(first + 1, ends.count)) }
  }

  /// One row of a `Table`: its cells, indexed from 0.
  public struct Row: RandomAccessCollection, Sendable {
    private let cells: [String]
    private let start: Int
    private let end: Int

    fileprivate init(cells: [String], start: Int, end: Int) {
      (self.cells, self.start, self.end) = (cells, start, end)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { end - start }
    public subscript(index: Int) -> String { cells[start + index] }
  }
}

/// The state of one CSV parse (see `CSV.parse`).
private struct CSVParser {
  let delimiter: UInt8
  let limits: CSV.Limits
  /// Every row's cells, one after another, and where each row ends.
  var cells: [String] = []
  var ends: [Int] = []
  var line = 1
  /// Where the row being read starts in `cells`.
  private var rowStart = 0
  /// Empty cells read and not kept yet: kept when a cell after them holds something.
  private var pendingEmpty = 0
  var dropsTrailingEmpty = false
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
    if dropsTrailingEmpty, field.isEmpty, !ends.isEmpty {
      pendingEmpty += 1
    } else {
      for _ in 0..<pendingEmpty { cells.append("") }
      pendingEmpty = 0
      cells.append(String(decoding: field, as: UTF8.self))
    }
    field.removeAll(keepingCapacity: true)
    fieldWasQuoted = false
    guard cells.count <= limits.cells else {
      throw error(
        "The file has more than \(InputLimits.text(limits.cells)) cells; split it and import the parts.")
    }
    guard cells.count + pendingEmpty - rowStart <= limits.columns else {
      throw error("A row has more than \(InputLimits.text(limits.columns)) columns; glance reads at most that many.")
    }
  }

  private mutating func endRow() throws(CSV.ParseError) {
    if rowHasContent || !field.isEmpty {
      try endField()
      pendingEmpty = 0
      ends.append(cells.count)
      rowStart = cells.count
      // The header line and `rows` rows below it: a CSV export of the most readings a folder
      // keeps (one a row) imports again.
      guard ends.count <= limits.rows + 1 else {
        throw error(
          "The file has more than \(InputLimits.text(limits.rows)) rows below its header; split it and import the parts."
        )
      }
    }
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
    // At most a cell for each delimiter and line break, and one: sized once, as growing 3
    // million cells by doubling held two buffers of them. Only the room used becomes memory;
    // past 8 million cells (a file of commas) the table grows as it must.
    var breaks = 1
    for byte in buffer where byte == delimiter || byte == lf || byte == cr { breaks += 1 }
    cells.reserveCapacity(min(breaks, 1 << 23))
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
