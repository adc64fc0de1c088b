import Foundation
import Testing

@testable import GlanceCore

/// ImportRows: a file's rows in chunks, each let go once `addRows` made its readings (speed issue:
/// a large sheet's rows and readings were all held at once).
@Suite("ImportRows")
struct ImportRowsTests {
  static func row(_ line: Int) throws -> ImportRow {
    let draft = try EntryPlanner.draft(
      Fixture.hdl, typed: TypedValue(value: Double(line % 90 + 20)), unit: nil, date: Fixture.date("2025-01-01"),
      note: nil, existing: [])
    return ImportRow(draft: draft, source: .fileImport, id: nil, line: line)
  }

  @Test(
    "rows read back by index and come out chunk by chunk in order, each chunk once",
    arguments: [
      0, 1, ImportRows.chunkSize - 1, ImportRows.chunkSize, ImportRows.chunkSize + 1, 3 * ImportRows.chunkSize + 7,
    ]
  )
  func chunks(count: Int) throws {
    var rows = ImportRows()
    var added = 0
    // Appended one by one and in runs (a blood pressure cell gives two rows).
    while added < count {
      if added % 3 == 0, added + 2 <= count {
        rows += [try Self.row(added), try Self.row(added + 1)]
        added += 2
      } else {
        rows.append(try Self.row(added))
        added += 1
      }
    }
    #expect(rows.count == count)
    #expect(rows.map(\.line) == Array(0..<count))
    #expect(ImportRows(rows).map(\.line) == Array(0..<count))
    var taken: [Int] = []
    while let chunk = rows.takeChunk() {
      #expect(chunk.first == taken.count)
      #expect(chunk.chunk.rows.count <= ImportRows.chunkSize)
      #expect(!chunk.chunk.rows.isEmpty)
      taken += chunk.chunk.rows.map(\.line)
    }
    #expect(taken == Array(0..<count))
    #expect(rows.takeChunk() == nil)
  }

  @Test("a copy of the rows is a value: appending to one, or taking its chunks, leaves the other as it was")
  func valueSemantics() throws {
    var rows = ImportRows([try Self.row(0), try Self.row(1)])
    var copy = rows
    copy.append(try Self.row(2))
    #expect(rows.map(\.line) == [0, 1])
    #expect(copy.map(\.line) == [0, 1, 2])
    rows.append(try Self.row(9))
    #expect(rows.map(\.line) == [0, 1, 9])
    #expect(copy.map(\.line) == [0, 1, 2])
    _ = copy.takeChunk()
    #expect(rows.map(\.line) == [0, 1, 9])
  }

  /// Duplicates of stored readings, rows the file repeats and same-day ids fall on both sides
  /// of chunk boundaries.
  @Test("a sheet of several chunks imports every row once, in its order, counting what it already has")
  func acrossChunks() throws {
    let rowCount = 2 * ImportRows.chunkSize + 500
    var csv = "Date,HDL,Note\n"
    var expected: [(String, Double, String)] = []
    var day = Fixture.date("1990-01-01")
    for index in 0..<rowCount {
      if index % 10 == 0 { day = day.adding(days: 1)! }
      let value = Double(40 + index % 50)
      csv += "\(day.iso),\(Int(value)),n\(index % 7)\n"
      expected.append((day.iso, value, "n\(index % 7)"))
    }
    // Stored: the readings of rows 4095 and 4096 (either side of the first boundary).
    var document = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    for index in [ImportRows.chunkSize - 1, ImportRows.chunkSize] {
      let (iso, value, note) = expected[index]
      document.entries.append(Fixture.entry(Fixture.hdl, value, on: iso, note: note))
    }
    let plan = try Importer.plan(
      Array(csv.utf8), replace: false, into: document, library: .builtIn, today: Fixture.date("2026-01-01"),
      now: Timestamp(Fixture.now))
    #expect(plan.duplicates == 2)
    let kept = expected.enumerated().filter { ![ImportRows.chunkSize - 1, ImportRows.chunkSize].contains($0.offset) }
    #expect(plan.entries.count == kept.count)
    #expect(plan.entries.map(\.dateOfService.iso) == kept.map(\.element.0))
    #expect(plan.entries.map(\.value) == kept.map(\.element.1))
    #expect(plan.entries.map(\.note) == kept.map(\.element.2))
    #expect(Set(plan.entries.map(\.id)).count == plan.entries.count)
    // A day's readings keep the file's order: their ids rise in it.
    for (a, b) in zip(plan.entries, plan.entries.dropFirst()) where a.dateOfService == b.dateOfService {
      #expect(a.id.sortsBefore(b.id))
    }
  }
}
