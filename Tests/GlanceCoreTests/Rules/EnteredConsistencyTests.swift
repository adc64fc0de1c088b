import Foundation
import Testing

@testable import GlanceCore

/// Attacker review of the stored value as entered: a pair that glance would not keep is dropped
/// as the file is read; a pair that does not convert into the reading's value is never used to
/// judge, shown, exported or imported. UACR 500 mg/g "entered as 0.1 mg/mmol" was judged ✓.
@Suite("The value as entered is used only when it is the reading's value")
struct EnteredConsistencyTests {
  static let uacr = MarkerLibrary.builtIn.marker(key: "uacr")!
  static let today = Fixture.date("2026-11-22")

  static func entry(_ value: Double, entered: EnteredValue?) -> MarkerEntry {
    var entry = Fixture.entry(uacr, value, on: "2026-11-01")
    entry.entered = entered
    return entry
  }

  @Test(
    "a pair that disagrees with the value is ignored; one that converts to it judges by the SI cut-off",
    arguments: [
      (500, 0.1, "high", false), (26.55, 50, "normal", false), (26.55, 3, "high", true), (500, -0.0, "high", false),
      (25.66, 2.9, "normal", true),
    ] as [(Double, Double, String, Bool)])
  func consistency(value: Double, typed: Double, status: String, used: Bool) throws {
    // Shown as typed where KDIGO's SI figure judges it otherwise than the mg/g one (3 mg/mmol is
    // A2, 26.55 mg/g is not); 2.9 mg/mmol is normal either way, and shown in mg/g.
    let asTyped = used && status == "high"
    let entry = Self.entry(value, entered: EnteredValue(value: typed, unit: "mg/mmol"))
    #expect((entry.entered(for: Self.uacr) != nil) == used)
    let snapshot = MarkerSnapshot(definition: Self.uacr, tracked: nil, entries: [entry])
    let judged = JSONOutput.status(snapshot.status(of: entry))
    #expect(judged.hasSuffix(status), "\(value) mg/g as \(typed) mg/mmol → \(judged)")
    #expect((snapshot.asJudged(entry).value == typed) == asTyped)
    // show lists the typed form only when it is the value's.
    let screen = ShowView.render(snapshot, entries: [entry], shortIDs: [:], today: Self.today, style: .plain)
    // With the decimal labs print in mg/mmol.
    #expect(screen.contains("\(ValueText.number(typed, places: 1)) mg/mmol") == used, "\(screen)")
    // The CSV's entered_as likewise; and a JSON import drops a pair that disagrees.
    var document = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    document.entries = [entry]
    let csv = Exporter.readingsCSV(document, library: .builtIn)
    #expect(csv.contains("mg/mmol") == used, "\(csv)")
    var imported = entry
    try JSONImportPlanner.check(&imported, marker: Self.uacr, today: Self.today)
    #expect((imported.entered != nil) == used)
  }

  @Test(
    "a pair glance would not keep is dropped as the file is read, so exports import again",
    arguments: [
      ("1e300", "\"mg/mmol\""), ("3", "\"\""), ("3", "\"mg/mmol\\u001b[31m\""), ("3", "\"mg/\\nmmol\""),
      ("3", "\"\(String(repeating: "m", count: 200))\""), ("-1e10", "\"mg/mmol\""),
    ])
  func droppedOnRead(value: String, unit: String) throws {
    var document = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    document.entries = [Self.entry(26.55, entered: EnteredValue(value: 3, unit: "mg/mmol"))]
    let text = String(decoding: try DocumentCodec.encode(document), as: UTF8.self)
    let edited = text.replacingOccurrences(of: "\"enteredValue\": 3", with: "\"enteredValue\": \(value)")
      .replacingOccurrences(of: "\"enteredUnit\": \"mg/mmol\"", with: "\"enteredUnit\": \(unit)")
    #expect(edited != text)
    let read = try DocumentCodec.decode(Array(edited.utf8))
    #expect(read.entries.first?.entered == nil, "\(value) \(unit)")
    #expect(read.entries.first?.value == 26.55)
    // What it exports imports again.
    var imported = try #require(
      try DocumentCodec.decode(try Exporter.json(read), formats: [Exporter.formatName]).entries.first)
    try JSONImportPlanner.check(&imported, marker: Self.uacr, today: Self.today)
  }
}

/// Clinician review: UACR 3.0 mg/mmol (26.55 mg/g, judged above KDIGO's 3 mg/mmol) was drawn on
/// the 30 mg/g line, 3.5 mg/g higher than it is.
@Suite("A reading judged as typed is drawn at its own height")
struct EnteredChartTests {
  @Test("the chart puts UACR 26.55 mg/g on the same row whether it was typed in mg/g or in mg/mmol")
  func sameRow() throws {
    let uacr = MarkerLibrary.builtIn.marker(key: "uacr")!
    func rows(typedInSI: Bool) -> [Int] {
      var earlier = Fixture.entry(uacr, 25.66, on: "2026-10-01")
      var latest = Fixture.entry(uacr, 26.55, on: "2026-11-20")
      if typedInSI {
        earlier.entered = EnteredValue(value: 2.9, unit: "mg/mmol")
        latest.entered = EnteredValue(value: 3, unit: "mg/mmol")
      }
      let snapshot = MarkerSnapshot(definition: uacr, tracked: nil, entries: [earlier, latest])
      #expect((snapshot.status(of: latest) == .high) == typedInSI)
      let chart = TrendChart.render(snapshot, entries: snapshot.entries, style: OutputStyle(unicode: true))
      let lines = chart.split(separator: "\n").filter { !$0.contains("in range") }
      // The rows holding a reading's mark (● in range, ✖ out of range).
      return lines.indices.filter { lines[$0].contains("●") || lines[$0].contains("✖") }
    }
    #expect(rows(typedInSI: true) == rows(typedInSI: false))
  }
}
