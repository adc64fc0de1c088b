import Foundation
import Testing

@testable import GlanceCore

/// Every input has a limit and a clear refusal.
@Suite("Adversarial: every input has a limit")
struct InputLimitTests {
  @Test("a line longer than the limit is refused before its end arrives")
  func longLine() {
    var buffer = LineBuffer(limit: 10)
    buffer.feed(Array("hdl 62\nldl 1".utf8))
    #expect(buffer.next() == .line("hdl 62"))
    #expect(buffer.next() == .needMore)
    buffer.feed([UInt8](repeating: 0, count: 20))
    #expect(buffer.next() == .tooLong)
  }

  @Test("lines end in LF or CRLF; the last may have no line end")
  func lines() {
    var buffer = LineBuffer()
    buffer.feed(Array("a\r\nb\n\nc".utf8))
    #expect(buffer.next() == .line("a"))
    #expect(buffer.next() == .line("b"))
    #expect(buffer.next() == .line(""))
    #expect(buffer.next() == .needMore)
    buffer.finish()
    #expect(buffer.next() == .line("c"))
    #expect(buffer.isExhausted)
  }

  @Test("notes, names and units past their limits are refused with the limit in words")
  func textLimits() {
    let long = String(repeating: "a", count: InputLimits.noteCharacters + 1)
    #expect(throws: EntryError.tooLong(what: "The note", limit: InputLimits.noteCharacters)) {
      try EntryPlanner.note(long)
    }
    #expect(
      EntryError.tooLong(what: "The note", limit: 2000).message
        == "The note is longer than glance keeps (2,000 characters). Shorten it and try again.")
    #expect(throws: EntryError.tooLong(what: "The name", limit: InputLimits.nameCharacters)) {
      try CustomMarkerPlanner.make(
        name: String(repeating: "k", count: 201), unit: "u", low: nil, high: nil, direction: nil, existing: [])
    }
  }

  @Test("a CSV past its row, column or cell limits is refused with the line")
  func csvLimits() {
    var limits = CSV.Limits()
    limits.rows = 3
    // A header and three rows below it are within the limit; a fourth row is not.
    #expect((try? CSV.parse(Array("h\na\nb\nc\n".utf8), limits: limits))?.count == 4)
    #expect(throws: CSV.ParseError.self) { try CSV.parse(Array("h\na\nb\nc\nd\n".utf8), limits: limits) }
    limits = CSV.Limits()
    limits.columns = 4
    #expect(throws: CSV.ParseError.self) { try CSV.parse(Array("a,b,c,d,e\n".utf8), limits: limits) }
    limits = CSV.Limits()
    limits.cellBytes = 8
    #expect(throws: CSV.ParseError.self) { try CSV.parse(Array("\"123456789\"\n".utf8), limits: limits) }
    #expect(throws: CSV.ParseError.self) { try CSV.parse(Array("123456789\n".utf8), limits: limits) }
  }

  /// Attacker review: 50,000 rows of 2,000 empty cells aborted glance (it ran out of memory);
  /// a file past the cells it holds was not refused.
  @Test("a CSV past its cells is refused with the line; an importer keeps no empty cells that end a row")
  func csvCells() throws {
    var limits = CSV.Limits()
    limits.cells = 10
    let commas = String(repeating: ",", count: 1_500)
    let text = "Date,HDL,Note" + commas + "\n" + (0..<5).map { "2024-01-0\($0 + 1),5\($0)" + commas + "\n" }.joined()
    let bytes = Array(text.utf8)
    #expect(throws: CSV.ParseError.self) { try CSV.parse(bytes, limits: limits) }
    limits.cells = 1_503 + 10
    let table = try bytes.withUnsafeBufferPointer {
      try CSV.table($0, delimiter: UInt8(ascii: ","), limits: limits, droppingTrailingEmpty: true)
    }
    // The header keeps every cell (its empty titles are columns); the rows end at their value.
    #expect(table.map(\.count) == [1_503, 2, 2, 2, 2, 2])
    #expect(Array(table[3]) == ["2024-01-03", "52"])
    // An empty cell before one that holds something stays in its place.
    let gap = try Array("a,b,c\n,,x,,\n,,\n".utf8).withUnsafeBufferPointer {
      try CSV.table($0, delimiter: UInt8(ascii: ","), droppingTrailingEmpty: true)
    }
    #expect(gap.map { Array($0) } == [["a", "b", "c"], ["", "", "x"], []])
    // Past the cells, an import is refused with the line, and the limit named.
    limits.cells = 5
    let refused = try? Array("Date,HDL\n2024-01-01,1\n2024-01-02,2\n2024-01-03,3\n".utf8).withUnsafeBufferPointer {
      try CSV.table($0, delimiter: UInt8(ascii: ","), limits: limits, droppingTrailingEmpty: true)
    }
    #expect(refused == nil)
    #expect(throws: CSV.ParseError(line: 1, message: "The file has more than 5 cells; split it and import the parts."))
    {
      try CSV.parse(Array("a,b,c,d,e,f\n".utf8), limits: limits)
    }
    // The sheet with 1,500 empty columns imports as the sheet without them.
    let plain = "Date,HDL,Note\n" + (0..<5).map { "2024-01-0\($0 + 1),5\($0)\n" }.joined()
    let wide = try Importer.plan(
      bytes, replace: false, into: .empty(createdAt: Timestamp(Fixture.now)), library: .builtIn,
      today: Fixture.date("2025-01-01"), now: Timestamp(Fixture.now))
    let narrow = try Importer.plan(
      Array(plain.utf8), replace: false, into: .empty(createdAt: Timestamp(Fixture.now)), library: .builtIn,
      today: Fixture.date("2025-01-01"), now: Timestamp(Fixture.now))
    #expect(wide.entries.map(\.value) == narrow.entries.map(\.value))
    #expect(wide.entries.count == 5)
  }

  @Test("an import file past its limit, and an endless one, is refused")
  func fileLimits() throws {
    #expect(throws: ImportError.tooLarge(limit: InputLimits.fileBytes)) {
      try Importer.read([UInt8](repeating: 0x20, count: InputLimits.fileBytes + 1))
    }
    let folder = TemporaryFolder()
    #expect(throws: ImportError.notAFile(folder.path)) { try Importer.readFile(folder.path) }
    #expect(throws: ImportError.unreadable("there is no file at \(folder.path)/none.csv")) {
      try Importer.readFile(folder.path + "/none.csv")
    }
  }

  @Test("a spreadsheet with thousands of columns that name nothing is read in one pass, and said briefly")
  func manyColumns() throws {
    let names = (0..<InputLimits.columns - 2).map { "Col \($0)" }
    let text = "Date,HDL," + names.joined(separator: ",") + "\n2025-01-01,61\n"
    let plan = try Importer.plan(
      Array(text.utf8), replace: false, into: .empty(createdAt: Timestamp(Fixture.now)), library: .builtIn,
      today: Fixture.date("2025-06-01"), now: Timestamp(Fixture.now))
    #expect(plan.entries.count == 1)
    #expect(plan.unmatchedColumns.count == names.count)
    let summary = plan.summary(library: .builtIn, customMarkers: [], dryRun: true)
    #expect(summary.contains("and \(names.count - 20) more"))
    #expect(summary.count < 2000)
    #expect(ImportError.noMarkerColumns(names).message.count < 2000)
  }

  @Test("values a JSON file brings that no entrance accepts are refused, not stored")
  func jsonValues() throws {
    var document = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    document.apply(.putEntry(Fixture.entry(Fixture.hdl, 1e308, on: "2025-01-01")))
    #expect(throws: ImportError.self) {
      try Importer.plan(
        Exporter.json(document), replace: false, into: .empty(createdAt: Timestamp(Fixture.now)), library: .builtIn,
        today: Fixture.date("2025-06-01"), now: Timestamp(Fixture.now))
    }
    for (name, change) in [
      ("future", { (entry: inout MarkerEntry) in entry.dateOfService = Fixture.date("2030-01-01") }),
      ("before 1900", { (entry: inout MarkerEntry) in entry.dateOfService = Fixture.date("1850-01-01") }),
      ("unit", { (entry: inout MarkerEntry) in entry.unit = "furlongs" }),
      ("source", { (entry: inout MarkerEntry) in entry.sourceType = SourceType(rawValue: "\u{1B}[2J") }),
      ("marker", { (entry: inout MarkerEntry) in entry.markerID = UUID() }),
    ] as [(String, (inout MarkerEntry) -> Void)] {
      var bad = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
      var entry = Fixture.entry(Fixture.hdl, 50, on: "2025-01-01")
      change(&entry)
      bad.apply(.putEntry(entry))
      #expect(throws: ImportError.self, "\(name)") {
        try Importer.plan(
          Exporter.json(bad), replace: false, into: .empty(createdAt: Timestamp(Fixture.now)), library: .builtIn,
          today: Fixture.date("2025-06-01"), now: Timestamp(Fixture.now))
      }
    }
    // A unit the marker knows is converted, as `add` would.
    var si = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    var entry = Fixture.entry(Fixture.ldl, 2.5, on: "2025-01-01")
    entry.unit = "mmol/L"
    si.apply(.putEntry(entry))
    let plan = try Importer.plan(
      Exporter.json(si), replace: false, into: .empty(createdAt: Timestamp(Fixture.now)), library: .builtIn,
      today: Fixture.date("2025-06-01"), now: Timestamp(Fixture.now))
    #expect(plan.entries.map(\.unit) == ["mg/dL"])
  }

  @Test("a custom marker that takes a library marker's id is refused; one with a library key gets its own")
  func customMarkers() throws {
    var document = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    var sneaky = Fixture.customMarker("Sneaky")
    sneaky.id = Fixture.hdl.id
    document.apply(.putCustomMarker(sneaky))
    #expect(throws: ImportError.self) {
      try Importer.plan(
        Exporter.json(document), replace: false, into: .empty(createdAt: Timestamp(Fixture.now)), library: .builtIn,
        today: Fixture.date("2025-06-01"), now: Timestamp(Fixture.now))
    }
    var keyed = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    var other = Fixture.customMarker("Grip strength")
    other.key = "hdl"
    keyed.apply(.putCustomMarker(other))
    let plan = try Importer.plan(
      Exporter.json(keyed), replace: false, into: .empty(createdAt: Timestamp(Fixture.now)), library: .builtIn,
      today: Fixture.date("2025-06-01"), now: Timestamp(Fixture.now))
    #expect(plan.customMarkers.map(\.key) == ["custom-grip-strength"])
  }
}
