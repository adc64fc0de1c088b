import Foundation
import Testing

@testable import GlanceCore

/// Clinician review at stop 36: glance refuses "random glucose 30" and "ionized calcium 0.6",
/// says they are past a critical limit, and tells the person to track them with `glance custom
/// "Random glucose"`. Once they did, the same readings were saved and shown as "·": add, home,
/// prep and an import said nothing. A custom marker that is such a test is judged against its
/// critical limits (the ones glance applies while it leaves the test out), and only them.
@Suite("Custom markers for a test glance judges for critical limits only")
struct LeftOutCriticalCustomTests {
  static let now = Timestamp(Fixture.now)

  static func snapshot(_ name: String, unit: String, _ value: Double, comparator: ValueComparator? = nil)
    -> MarkerSnapshot
  {
    let marker = Fixture.customMarker(name, unit: unit)
    return MarkerSnapshot(
      definition: marker, tracked: nil,
      entries: [Fixture.entry(marker, value, on: "2025-05-30", comparator: comparator)])
  }

  @Test(
    "a custom marker that is random glucose, a meter's glucose or ionized calcium is judged by its critical limits",
    arguments: [
      ("Random glucose", "mg/dL", 30.0, nil, MarkerStatus.criticalLow),
      ("Random glucose", "mg/dL", 480, nil, .criticalHigh), ("Random glucose", "mg/dL", 120, nil, nil),
      ("Random glucose", "mmol/L", 2.5, nil, .criticalLow), ("Random glucose", "mmol/L", 6.1, nil, nil),
      ("Random glucose", "mg/dL", 20, .lessThan, .criticalLow), ("Random glucose", "mg/dL", 100, .lessThan, nil),
      ("Meter glucose", "mg/dL", 35, nil, .criticalLow), ("Glucose 2h", "mmol/L", 25, nil, .criticalHigh),
      ("Ionized calcium", "mmol/L", 0.6, nil, .criticalLow), ("Ionized calcium", "mmol/L", 1.7, nil, .criticalHigh),
      ("Ionized calcium", "mmol/L", 1.2, nil, nil), ("Ionized calcium", "mg/dL", 3.0, nil, .criticalLow),
      // At each limit and a step inside it, in either unit (no reading passed over unjudged).
      ("Random glucose", "mg/dL", 50, nil, .criticalLow), ("Random glucose", "mg/dL", 51, nil, nil),
      ("Random glucose", "mg/dL", 400, nil, .criticalHigh), ("Random glucose", "mg/dL", 399, nil, nil),
      ("Random glucose", "mmol/L", 2.8, nil, .criticalLow), ("Random glucose", "mmol/L", 2.9, nil, nil),
      ("Random glucose", "mmol/L", 22.2, nil, .criticalHigh), ("Random glucose", "mmol/L", 22.1, nil, nil),
      // Any other custom marker is not judged, nor one in a unit glance cannot read for the test.
      ("Ketones", "mmol/L", 0.1, nil, nil), ("Random glucose", "mg", 30, nil, nil),
      // Only the names glance refuses as such a test: a glucose SD or a pleural-fluid glucose is
      // another thing (clinician's second look at stop 36).
      ("Glucose SD", "mg/dL", 30, nil, nil), ("Pleural fluid glucose", "mg/dL", 30, nil, nil),
      ("Estimated average glucose", "mg/dL", 45, nil, nil),
      // Nor one that names a statistic of the test (third look at stop 36), nor one in a unit its
      // limits cannot be read in (g/L).
      ("Meter glucose SD", "mg/dL", 35, nil, nil), ("Random glucose CV", "mg/dL", 30, nil, nil),
      ("Ionized calcium SD", "mmol/L", 0.6, nil, nil), ("Random glucose", "g/L", 0.3, nil, nil),
      // Above glucose's plausible maximum: a hyperglycaemic crisis, critical (third look).
      ("Random glucose", "mg/dL", 900, nil, .criticalHigh), ("Random glucose", "mmol/L", 50, nil, .criticalHigh),
      // Below its plausible minimum, and no plausible reading in glucose's other unit (no slip to
      // fear): a severe low (clinician review at stop 37: a meter's 1.1 mmol/L was "?"). Or
      // critical in the other unit too (2.5 mg/dL, or 2.5 mmol/L: 45 mg/dL).
      ("Meter glucose", "mmol/L", 1.1, nil, .criticalLow), ("Random glucose", "mmol/L", 0.5, nil, .criticalLow),
      ("Random glucose", "mg/dL", 2.5, nil, .criticalLow),
      // Any name an import judges as a glucose (clinician and attacker reviews at stop 37: a
      // "Whole blood glucose" or "CGM glucose" of 30 was "·").
      ("Whole blood glucose", "mg/dL", 30, nil, .criticalLow), ("CGM glucose", "mmol/L", 2.5, nil, .criticalLow),
      ("Sensor glucose", "mg/dL", 120, nil, nil), ("Post-meal glucose", "mg/dL", 450, nil, .criticalHigh),
      ("Blutzucker 2h", "mg/dL", 30, nil, .criticalLow), ("Glucose, whole blood", "mg/dL", 30, nil, .criticalLow),
      ("Urine glucose", "mg/dL", 30, nil, nil),
      // German labs' "BZ" (Blutzucker; attacker review at stop 37: a BZ of 35 was left out unsaid).
      ("BZ", "mg/dL", 35, nil, .criticalLow), ("BZ 2h", "mmol/L", 30, nil, .criticalHigh),
    ] as [(String, String, Double, ValueComparator?, MarkerStatus?)])
  func judged(name: String, unit: String, value: Double, comparator: ValueComparator?, expected: MarkerStatus?) {
    let snapshot = Self.snapshot(name, unit: unit, value, comparator: comparator)
    let judgement = snapshot.judgement(of: snapshot.entries[0])
    if let expected {
      #expect(judgement.status == expected, "\(judgement)")
      #expect(judgement.words.hasSuffix("glance's critical limit for \(snapshot.leftOut?.noun ?? "?")"))
    } else {
      #expect(!judgement.status.isCritical, "\(judgement)")
    }
  }

  /// Clinician's and attacker's second looks at stop 36: glucose 2.5 in a mg/dL marker, 50 in a
  /// mmol/L one and ionized calcium 5.0 mmol/L were saved with no flag, or called critical.
  @Test(
    "a reading beyond anything plausible for the test is not judged, and said",
    arguments: [
      ("Ionized calcium", "mmol/L", 5.0), ("Ionized calcium", "mg/dL", 1.2), ("Ionized calcium", "mmol/L", 0.3),
      // Beyond glucose's plausible range in the marker's unit, and a reading in its other unit
      // that is plausible and not critical: most likely typed in that unit, so not judged either
      // way (clinician's second look at stop 37: 16 in a mg/dL marker, 288 mg/dL as mmol/L, was
      // "below the critical limit"; 90 in a mmol/L one "above" it). Zero or less is no reading.
      ("Meter glucose", "mg/dL", 16), ("Meter glucose", "mg/dL", 5.5), ("Random glucose", "mg/dL", 15),
      ("Random glucose", "mmol/L", 90), ("Random glucose", "mg/dL", 0), ("Random glucose", "mmol/L", 0),
    ])
  func implausible(name: String, unit: String, value: Double) throws {
    let snapshot = Self.snapshot(name, unit: unit, value)
    let judgement = snapshot.judgement(of: snapshot.entries[0])
    #expect(judgement.status == .indeterminate, "\(judgement)")
    #expect(judgement.words.hasPrefix("beyond the plausible range for"), "\(judgement.words)")
    let items = InsightsEngine.insights(for: [snapshot], at: Self.now)
    #expect(items.first?.kind == .check, "\(items)")
  }

  /// Clinician's second look at stop 36: six critical glucose readings in eleven days, then a
  /// 51, and prep said nothing was flagged.
  @Test("prep names a critical reading since the last visit when the latest is not")
  func earlierCritical() throws {
    let marker = Fixture.customMarker("Random glucose", unit: "mg/dL")
    let snapshot = MarkerSnapshot(
      definition: marker, tracked: nil,
      entries: [Fixture.entry(marker, 30, on: "2025-05-20"), Fixture.entry(marker, 51, on: "2025-05-30")])
    #expect(snapshot.judgement(of: snapshot.entries[1]).words == "within glance's critical limits for glucose")
    let items = InsightsEngine.insights(for: [snapshot], at: Self.now, criticalSince: Fixture.date("2025-05-01"))
    let item = try #require(items.first)
    #expect(item.kind == .earlierCritical)
    #expect(
      item.suggestionText.contains(
        "30 mg/dL on May 20, 2025, below glance's critical limit for glucose; your latest, 51 mg/dL on May 30, 2025, is within glance's critical limits for glucose."
      ), "\(item.suggestionText)")
  }

  /// Clinician's second look at stop 36: home said such a marker was "far outside its range", a
  /// range it does not have.
  @Test("home says such a reading is past a critical limit, beside a library marker far outside its range")
  func homeSentence() throws {
    let potassium = try #require(Fixture.library.marker(key: "potassium"))
    let library = MarkerSnapshot(
      definition: potassium, tracked: nil, entries: [Fixture.entry(potassium, 7.0, on: "2025-05-30")])
    let sentence = try #require(
      HomeView.criticalSentence([library, Self.snapshot("Random glucose", unit: "mg/dL", 30)]))
    #expect(
      sentence
        == "The latest Potassium (May 30, 2025) reading is far outside its range. The latest Random glucose (May 30, 2025) reading is past a critical limit. "
        + Judgement.criticalAdvice, "\(sentence)")
  }

  /// Clinician review at stop 38: with a range of its own, show said such a reading was "far
  /// below" the person's range, and home's advice spoke of "this far outside the range": it is
  /// critical by glance's limit for the test, not by its distance from their range.
  @Test("with a range of its own, show and home say such a reading is past glance's critical limit")
  func withRange() throws {
    var marker = Fixture.customMarker("Random glucose", unit: "mg/dL")
    (marker.referenceLow, marker.referenceHigh) = (70, 140)
    for values in [[40.0], [100, 40], [30, 40]] {
      let snapshot = MarkerSnapshot(
        definition: marker, tracked: nil,
        entries: values.enumerated().map { Fixture.entry(marker, $1, on: "2025-05-\(20 + $0)") })
      let summary = ShowView.summary(
        snapshot, entries: snapshot.entries, period: nil, today: Fixture.date("2025-06-01"))
      #expect(summary.contains("glance's critical limit"), "\(summary)")
      #expect(!summary.contains("far "), "\(summary)")
    }
    let home = try #require(HomeView.criticalSentence([Self.snapshot("Random glucose", unit: "mg/dL", 30)]))
    #expect(home.hasSuffix(Judgement.criticalInsideAdvice) && !home.contains("this far"), "\(home)")
  }

  /// Clinician's look at stop 39: 112, 110, 109 and then 19 (beyond anything plausible for a
  /// glucose in mg/dL, "?") made "trending down across the latest 3 from 112 to 19 mg/dL".
  @Test("a reading beyond the plausible range for the test is left out of trends, as a library marker's is")
  func implausibleOutOfTrends() throws {
    let marker = Fixture.customMarker("Random glucose", unit: "mg/dL")
    let entries = [112.0, 110, 109, 19].enumerated().map { Fixture.entry(marker, $1, on: "2025-05-2\($0)") }
    let snapshot = MarkerSnapshot(definition: marker, tracked: nil, entries: entries)
    #expect(snapshot.status(of: entries[3]) == .indeterminate)
    #expect(snapshot.trendReadings(entries).map(\.value) == [112, 110, 109])
    let summary = ShowView.summary(snapshot, entries: entries, period: nil, today: Fixture.date("2025-06-01"))
    #expect(!summary.contains("to 19"), "\(summary)")
    // Judged critical, yet past anything plausible: out of the trend too (attacker's second look).
    let far = [90.0, 110, 130, 90_000, 150].enumerated().map { Fixture.entry(marker, $1, on: "2025-05-2\($0)") }
    let farSnapshot = MarkerSnapshot(definition: marker, tracked: nil, entries: far)
    #expect(farSnapshot.trendReadings(far).map(\.value) == [90, 110, 130, 150])
  }

  @Test("a new custom marker is told what glance checks of it")
  func checksNote() {
    #expect(
      CustomMarkerPlanner.checksNote(Fixture.customMarker("Random glucose", unit: "mg/dL")).contains(
        "critical limits of glucose only"))
    #expect(CustomMarkerPlanner.checksNote(Fixture.customMarker("Ketones")).hasPrefix("Custom markers get no"))
    // With a target range the person gave it, judged by that too: not "only", and no "knows no
    // range" (named at stop 36).
    var ranged = Fixture.customMarker("Random glucose", unit: "mg/dL")
    ranged.referenceHigh = 140
    let note = CustomMarkerPlanner.checksNote(ranged)
    #expect(note.contains("critical limits of glucose and against your target range"), "\(note)")
    #expect(!note.contains("only") && !note.contains("knows no range"), "\(note)")
    #expect(
      CustomMarkerPlanner.checksNote(Fixture.customMarker("Random glucose", unit: "g/L")).hasPrefix(
        "Custom markers get no"))
  }

  @Test("prep names such a reading past a critical limit, with the advice, and says what is checked")
  func prep() throws {
    let critical = Self.snapshot("Random glucose", unit: "mg/dL", 30)
    let items = InsightsEngine.insights(for: [critical], at: Self.now)
    let item = try #require(items.first)
    #expect(item.kind == .critical)
    #expect(item.suggestionText.contains("below glance's critical limit for glucose"), "\(item.suggestionText)")
    // The advice speaks of the limit, not of a range the marker does not have (clinician review
    // at stop 37).
    #expect(item.suggestionText.hasSuffix(Judgement.criticalInsideAdvice), "\(item.suggestionText)")
    // Not critical: no item, as for any custom marker.
    #expect(InsightsEngine.insights(for: [Self.snapshot("Random glucose", unit: "mg/dL", 120)], at: Self.now).isEmpty)
    let text = PrepView.render(
      insights: items, snapshots: [critical, Self.snapshot("Ketones", unit: "mmol/L", 0.4)], visits: [],
      today: Fixture.date("2025-06-01"), style: .plain
    ).replacingOccurrences(of: "\n", with: " ")
    #expect(text.contains("Your own markers (Ketones) are not judged"), "\(text)")
    #expect(
      text.contains("Your own markers (Random glucose) are checked only against the critical limits"), "\(text)")
  }

  /// Clinician's second look at stop 36: a dry run, and an import refused for another row, named
  /// no critical reading going into such a custom marker.
  @Test("a dry run and a refused import name a critical reading going into such a custom marker")
  func importNamesCritical() throws {
    var document = GlanceDocument.empty(createdAt: Self.now)
    document.customMarkers = [Fixture.customMarker("Random glucose", unit: "mg/dL")]
    func plan(_ text: String) throws -> ImportPlan {
      try Importer.plan(
        Importer.read(Array(text.utf8)), replace: false, into: document, library: Fixture.library,
        today: Fixture.date("2026-11-20"), now: Self.now)
    }
    let dry = try plan("Date,Test,Result,Units\n2026-11-12,Random glucose,34,mg/dL\n2026-11-12,HDL,55,mg/dL\n")
    let summary = dry.summary(library: Fixture.library, customMarkers: document.customMarkers, dryRun: true)
    #expect(summary.contains("Past a critical limit: Random glucose 34 mg/dL on Nov 12, 2026."), "\(summary)")
    let refused = try #require(throws: ImportError.self) {
      try plan("Date,Test,Result,Units\n2026-11-12,Random glucose,34,mg/dL\n2026-11-12,HDL,55,furlongs\n")
    }
    #expect(refused.message.contains("Random glucose on Nov 12, 2026"), "\(refused.message)")
    #expect(!refused.message.contains("34"), "\(refused.message)")
  }

  /// The same review: a lab's "5.0 mmol/L" was named "Potassium 5 mmol/L" in the line of the
  /// lab's critical flags.
  @Test("an import names a value typed in another unit with a lab's decimals")
  func typedWithDecimals() throws {
    var file = try Importer.read(Array("Date,Test,Result,Units,Flag\n2026-11-12,Potassium,5.0,mmol/L,HH\n".utf8))
    file.dayOrder = nil
    let plan = try Importer.plan(
      file, replace: false, into: .empty(createdAt: Self.now), library: Fixture.library,
      today: Fixture.date("2026-11-20"), now: Self.now)
    #expect(plan.labCritical == ["Potassium 5.0 mmol/L on Nov 12, 2026"], "\(plan.labCritical)")
  }
}
