import Testing

@testable import GlanceCore

/// The line `add` prints after saving: how many readings a trend still needs counts what the
/// trend counts (one a day, no `<x` bounds).
@Suite("The saved line")
struct SavedViewTests {
  static func line(_ readings: [(Double, String, ValueComparator?)]) -> String {
    var document = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    var last: MarkerEntry?
    for (index, reading) in readings.enumerated() {
      let entry = Fixture.entry(
        Fixture.hdl, reading.0, on: reading.1, entered: "2025-06-01T12:00:0\(index)Z", comparator: reading.2)
      document.apply(.putEntry(entry))
      last = entry
    }
    return SavedView.line(last!, document: document, library: Fixture.library, style: .plain)
  }

  /// Clinician review: three readings on one morning said "2 of 3", then nothing, as if the
  /// third made a trend.
  @Test(
    "a trend's count is of days, not of same-day repeats or bounds",
    arguments: [
      ([(60, "2025-05-01", nil)], "1 of 3 readings for a trend"),
      ([(60, "2025-05-01", nil), (61, "2025-05-02", nil)], "2 of 3 readings for a trend"),
      ([(60, "2025-05-01", nil), (61, "2025-05-01", nil)], "1 of 3 readings for a trend (one a day counts)"),
      (
        [(60, "2025-05-01", nil), (61, "2025-05-01", nil), (62, "2025-05-01", nil)],
        "1 of 3 readings for a trend (one a day counts)"
      ),
      (
        [(60, "2025-05-01", nil), (61, "2025-05-02", nil), (62, "2025-05-02", nil)],
        "2 of 3 readings for a trend (one a day counts)"
      ),
      ([(60, "2025-05-01", .lessThan), (61, "2025-05-02", nil)], "1 of 3 readings for a trend"),
    ] as [([(Double, String, ValueComparator?)], String)])
  func trendCount(readings: [(Double, String, ValueComparator?)], expected: String) {
    let line = Self.line(readings)
    #expect(line.hasSuffix(" · " + expected), "\(line)")
  }

  @Test("a bound alone (<0.1) is counted by no trend: no count is said")
  func boundAlone() {
    #expect(!Self.line([(60, "2025-05-01", .lessThan)]).contains("for a trend"))
  }

  @Test("three days make a trend: no count is said")
  func noCountOnceEnough() {
    let line = Self.line([
      (60, "2025-05-01", nil), (61, "2025-05-02", nil), (61, "2025-05-02", nil), (62, "2025-05-03", nil),
    ])
    #expect(!line.contains("readings for a trend"), "\(line)")
  }
}
