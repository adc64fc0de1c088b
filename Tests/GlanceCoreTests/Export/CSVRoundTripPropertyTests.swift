import Foundation
import Testing

@testable import GlanceCore

/// The CSVs `glance export` writes come back through `glance import` as the same readings and
/// visits, for thousands of random records with the text that breaks naive CSV code (quotes,
/// commas, line breaks, formulas, emoji, right-to-left script): into an empty folder, and
/// exported again, byte for byte. Custom markers come back from their name and unit (a CSV has no
/// ranges: the JSON export is the complete backup).
@Suite("CSV round trips over random records")
struct CSVRoundTripPropertyTests {
  static let today = Fixture.date("2026-11-22")
  static let now = Timestamp(Fixture.now)

  static func randomDocument(seed: Int) -> GlanceDocument {
    var generator = SeededGenerator(seed: UInt64(seed) &+ 77_000)
    var document = GlanceDocument.empty(createdAt: now)
    var markers = Array(MarkerLibrary.builtIn.markers.shuffled(using: &generator).prefix(8))
    for index in 0..<Int.random(in: 0...2, using: &generator) {
      // Names as people give them; the unit may be anything.
      let marker = Fixture.customMarker(
        ["Blood Ketones", "Steps", "Sleep Score", "Grip, Left \"Hand\""][
          index * 2 + Int.random(in: 0...1, using: &generator)],
        unit: ["mmol/L", "steps", "points", "kg"].randomElement(using: &generator)!)
      document.apply(.putCustomMarker(marker))
      markers.append(marker)
    }
    let sources: [SourceType] = [.quickAdd, .batchEntry, .fileImport]
    for _ in 0..<200 {
      let marker = markers.randomElement(using: &generator)!
      // Values as labs print them: up to two decimals, sometimes a bound.
      let value = Double(Int.random(in: 0...40_000, using: &generator)) / 100
      let comparator: ValueComparator? =
        Int.random(in: 0..<8, using: &generator) == 0 ? ValueComparator.allCases.randomElement(using: &generator) : nil
      let note = Bool.random(using: &generator) ? randomText(using: &generator) : nil
      var entry = MarkerEntry(
        markerID: marker.id, value: value, comparator: comparator, unit: marker.unit,
        dateOfService: today.adding(days: -Int.random(in: 0...9000, using: &generator))!,
        entryTimestamp: now, note: note?.isEmpty == true ? nil : note)
      // Some typed in the SI unit, as add keeps them: the value converted, the typed one beside it.
      if let siUnit = marker.siUnit, marker.siFactor != nil, Int.random(in: 0..<4, using: &generator) == 0,
        // As typed: a number of at most 4 decimals, read from its text.
        let typed = Double(ValueText.number(value / 10)),
        let conversion = try? UnitConverter.convert(typed, unit: siUnit, for: marker),
        let original = conversion.original
      {
        entry.value = conversion.value
        entry.entered = EnteredValue(value: original.value, unit: original.unit)
      }
      entry.sourceType = sources.randomElement(using: &generator)!
      document.apply(.putEntry(entry))
    }
    for _ in 0..<20 {
      let type = VisitType.allCases.randomElement(using: &generator)!
      // Names are one line of plain text (every entrance refuses control characters in them).
      let doctor = plainText(randomText(using: &generator)).trimmingWhitespaceAndNewlines()
      let notes = randomText(using: &generator)
      let label = type == .other ? "Eye Clinic" : nil
      document.apply(
        .putVisit(
          Visit(
            date: today.adding(days: Int.random(in: -3000...90, using: &generator))!,
            doctorName: doctor.isEmpty ? "Dr. Lee" : doctor, visitType: type, visitTypeLabel: label,
            notes: notes.trimmingWhitespaceAndNewlines().isEmpty ? nil : notes, entryTimestamp: now)))
    }
    return document
  }

  static func importInto(_ repository: InMemoryDataRepository, _ text: String) throws {
    try Importer.apply(Importer.read(Array(text.utf8)), replace: false, to: repository, summary: "import", today: today)
  }

  @Test("readings: export, import into an empty store, export again: the same bytes", arguments: 0..<20)
  func readings(seed: Int) throws {
    let document = Self.randomDocument(seed: seed)
    let csv = Exporter.readingsCSV(document, library: .builtIn)
    let repository = InMemoryDataRepository(clock: { Fixture.now })
    try Self.importInto(repository, csv)
    let restored = try repository.read()
    #expect(restored.entries.count == document.entries.count)
    #expect(Exporter.readingsCSV(restored, library: .builtIn) == csv, "seed \(seed)")
    #expect(Set(restored.customMarkers.map(\.key)) == Set(document.customMarkers.map(\.key)))
    // A second import of the same file adds nothing.
    let again = try Importer.plan(
      Array(csv.utf8), replace: false, into: restored, library: .builtIn, today: Self.today, now: Self.now)
    #expect(again.entries.isEmpty && again.customMarkers.isEmpty && again.duplicates == document.entries.count)
  }

  @Test("a CSV backup restores every reading exactly: every digit of the value and of the value as typed")
  func exactValues() throws {
    var generator = SeededGenerator(seed: 0xD161_7500)
    var document = GlanceDocument.empty(createdAt: Self.now)
    let values: [Double] =
      [1.234567, 45.00001, 5.55555, 0.00001, 1e-7, 1e-14, 0.1 + 0.2, 999_999_999.999, -0.000123456789, 1.0 / 3]
      + (0..<200).map { _ in storableDouble(using: &generator) }
    for (index, value) in values.enumerated() {
      var entry = Fixture.entry(
        Fixture.ldl, value, on: Self.today.adding(days: -index)!.iso, comparator: index % 7 == 0 ? .lessThan : nil)
      // Typed in mmol/L, as add keeps it: the value converted, every digit of both kept.
      if index % 3 == 0, let conversion = try? UnitConverter.convert(value / 100, unit: "mmol/L", for: Fixture.ldl),
        let original = conversion.original
      {
        entry.value = conversion.value
        entry.entered = EnteredValue(value: original.value, unit: original.unit)
      }
      document.apply(.putEntry(entry))
    }
    #expect(document.entries.filter { $0.entered(for: Fixture.ldl) != nil }.count > 20)
    let csv = Exporter.readingsCSV(document, library: .builtIn)
    let repository = InMemoryDataRepository(clock: { Fixture.now })
    try Self.importInto(repository, csv)
    let restored = try repository.read().entries.sorted { $0.id.sortsBefore($1.id) }
    let original = document.entries.sorted { $0.id.sortsBefore($1.id) }
    #expect(restored.map(\.value) == original.map(\.value))
    #expect(restored.map(\.comparator) == original.map(\.comparator))
    #expect(restored.map { $0.entered(for: Fixture.ldl) } == original.map { $0.entered(for: Fixture.ldl) })
  }

  @Test(
    "a CSV export opened in a spreadsheet and saved again imports back: slashed dates, semicolons and decimal commas")
  func resavedBySpreadsheet() throws {
    var document = GlanceDocument.empty(createdAt: Self.now)
    for (index, value) in [61.5, 48.25, 3.75, 120.0, 0.5].enumerated() {
      document.apply(
        .putEntry(Fixture.entry(Fixture.ldl, value, on: "2025-0\(index + 1)-1\(index + 3)", note: "n, \(index)")))
    }
    let rows = try CSV.parse(Exporter.readingsCSV(document, library: .builtIn))
    let dateColumn = try #require(rows[0].firstIndex(of: "date"))
    let valueColumn = try #require(rows[0].firstIndex(of: "value"))
    // US dates: 2025-01-13 → 1/13/2025.
    func us(_ iso: String) -> String {
      let parts = iso.split(separator: "-").map { String(Int($0)!) }
      return "\(parts[1])/\(parts[2])/\(parts[0])"
    }
    let american = rows.enumerated().map { index, row in
      index == 0 ? row : row.enumerated().map { $0.offset == dateColumn ? us($0.element) : $0.element }
    }
    // Europe: semicolons between columns, decimal commas in the numbers.
    let european = rows.enumerated().map { index, row in
      index == 0
        ? row
        : row.enumerated().map { $0.offset == valueColumn ? $0.element.replacingEvery(".", with: ",") : $0.element }
    }
    for (name, sheet, delimiter) in [("us", american, ","), ("eu", european, ";")] {
      let text =
        sheet.map { row in
          row.map { cell in
            cell.contains(delimiter) || cell.contains("\"")
              ? "\"" + cell.replacingEvery("\"", with: "\"\"") + "\"" : cell
          }
          .joined(separator: delimiter)
        }.joined(separator: "\r\n") + "\r\n"
      let repository = InMemoryDataRepository(clock: { Fixture.now })
      try Self.importInto(repository, text)
      let restored = try repository.read().entries
      #expect(restored.map(\.dateOfService) == document.entries.map(\.dateOfService), "\(name)")
      #expect(restored.map(\.value) == document.entries.map(\.value), "\(name)")
      #expect(restored.map(\.note) == document.entries.map(\.note), "\(name)")
    }
  }

  @Test("an entered time a spreadsheet rewrote is named in the summary, not dropped without a word (newcomer review)")
  func unreadEnteredIsNamed() throws {
    let csv =
      "date,marker_key,marker,value,unit,entered\r\n2025-01-13,ldl,LDL,120,mg/dL,11/23/2026 23:16\r\n"
      + "2025-01-14,ldl,LDL,121,mg/dL,2025-01-14T08:00:00Z\r\n"
    let plan = try Importer.plan(
      Array(csv.utf8), replace: false, into: .empty(createdAt: Self.now), library: .builtIn, today: Self.today,
      now: Self.now)
    #expect(plan.entries.count == 2)
    let summary = plan.summary(library: .builtIn, customMarkers: [], dryRun: true)
    #expect(summary.contains("entered in 1 row"), "\(summary)")
    #expect(summary.contains("“11/23/2026 23:16”"), "\(summary)")
    // A dry run shows the first readings as read (the README says so for every sheet).
    #expect(summary.contains("row 2: Jan 13, 2025, LDL Cholesterol 120 mg/dL"), "\(summary)")
  }

  @Test("visits: export, import into an empty store, export again: the same bytes", arguments: 0..<20)
  func visits(seed: Int) throws {
    let document = Self.randomDocument(seed: seed)
    let csv = Exporter.visitsCSV(document)
    let repository = InMemoryDataRepository(clock: { Fixture.now })
    try Self.importInto(repository, csv)
    let restored = try repository.read()
    #expect(Exporter.visitsCSV(restored) == csv, "seed \(seed)")
    let again = try Importer.plan(
      Array(csv.utf8), replace: false, into: restored, library: .builtIn, today: Self.today, now: Self.now)
    #expect(again.isEmpty)
  }

  @Test("a visits CSV never replaces everything: the readings would be lost")
  func visitsReplaceRefused() {
    let csv = Exporter.visitsCSV(Self.randomDocument(seed: 1))
    #expect(throws: ImportError.visitsCannotReplace) {
      try Importer.plan(
        Array(csv.utf8), replace: true, into: Self.randomDocument(seed: 2), library: .builtIn, today: Self.today,
        now: Self.now)
    }
  }

  @Test("a visits file with a bad row names the row and its column; nothing is imported")
  func visitsProblems() {
    let csv =
      "date,type,label,doctor,notes\r\n2026-01-05,dentl,,Dr. Lee,\r\n2026-02-05,physical,,,\r\n,lab,,Dr. Lee,\r\n"
    #expect(
      throws: ImportError.problems([
        "row 2: “dentl” is not a visit type glance knows. Use physical, dental, vision, specialist, lab, imaging or other (with --label for other).",
        "row 3: the doctor cell is empty.", "row 4: the date cell is empty.",
      ])
    ) {
      try Importer.plan(
        Array(csv.utf8), replace: false, into: .empty(createdAt: Self.now), library: .builtIn, today: Self.today,
        now: Self.now)
    }
  }

  @Test("a custom marker's readings land on the marker of that name already here, not a copy")
  func customByName() throws {
    var document = GlanceDocument.empty(createdAt: Self.now)
    let here = Fixture.customMarker("Blood Ketones")
    document.apply(.putCustomMarker(here))
    let csv =
      "date,marker_key,marker,value,unit,status,note,source\r\n"
      + "2026-01-02,custom-blood-ketones-2,Blood ketones,0.4,mmol/L,,,quickAdd\r\n"
    let plan = try Importer.plan(
      Array(csv.utf8), replace: false, into: document, library: .builtIn, today: Self.today, now: Self.now)
    #expect(plan.customMarkers.isEmpty)
    #expect(plan.entries.map(\.markerID) == [here.id])
  }

  @Test("an unknown library-looking key is refused, never made up", arguments: ["vitamin-k2", "custom-x"])
  func unknownKey(key: String) {
    // custom-x has no name or unit to make a marker from.
    let name = key == "custom-x" ? "" : "Vitamin K2"
    let csv = "date,marker_key,marker,value,unit\r\n2026-01-02,\(key),\(name),1,\(key == "custom-x" ? "" : "ng/mL")\r\n"
    #expect(throws: ImportError.self) {
      try Importer.plan(
        Array(csv.utf8), replace: false, into: .empty(createdAt: Self.now), library: .builtIn, today: Self.today,
        now: Self.now)
    }
  }
}
