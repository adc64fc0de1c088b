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
    let entry = Self.entry(value, entered: EnteredValue(value: typed, unit: "mg/mmol"))
    #expect((entry.entered(for: Self.uacr) != nil) == used)
    let snapshot = MarkerSnapshot(definition: Self.uacr, tracked: nil, entries: [entry])
    let judged = JSONOutput.status(snapshot.status(of: entry))
    #expect(judged.hasSuffix(status), "\(value) mg/g as \(typed) mg/mmol → \(judged)")
    #expect(snapshot.asJudged(entry).value == (used ? typed : value))
    // show lists the typed form only when it is the value's.
    let screen = ShowView.render(snapshot, entries: [entry], shortIDs: [:], today: Self.today, style: .plain)
    #expect(screen.contains("(\(ValueText.number(typed)) mg/mmol)") == used, "\(screen)")
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
