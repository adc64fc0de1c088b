import Foundation
import Testing

@testable import GlanceCore

/// MarkerSnapshot: "One marker as the screens show it: its definition, the person's settings, its
/// readings and what they add up to (status of the latest, trend of the last three)."
@Suite("MarkerSnapshot")
struct MarkerSnapshotTests {
  static let added = Timestamp(Fixture.now)

  static func document(
    tracked: [(MarkerDefinition, ReferenceRange?)], entries: [MarkerEntry], custom: [MarkerDefinition] = []
  ) -> GlanceDocument {
    var document = GlanceDocument.empty(createdAt: added)
    for marker in custom { document.apply(.putCustomMarker(marker)) }
    document.apply(
      .setTrackedMarkers(
        tracked.enumerated().map { index, item in
          UserMarker(
            markerID: item.0.id, customReferenceLow: item.1?.low, customReferenceHigh: item.1?.high,
            displayOrder: index, addedAt: added)
        }))
    for entry in entries.shuffled() { document.apply(.putEntry(entry)) }
    return document
  }

  static let hdlReadings = [
    Fixture.entry(Fixture.hdl, 70, on: "2023-01-10"), Fixture.entry(Fixture.hdl, 62, on: "2024-01-10"),
    Fixture.entry(Fixture.hdl, 55, on: "2024-06-10"),
    Fixture.entry(Fixture.hdl, 38, on: "2025-01-10"),
  ]
  static let ldlReadings = [Fixture.entry(Fixture.ldl, 120, on: "2024-02-01")]

  @Test("status, trend and range come from the latest readings and the default range")
  func defaultRange() {
    let snapshot = MarkerSnapshot(definition: Fixture.hdl, tracked: nil, entries: Self.hdlReadings)
    #expect(snapshot.range == Fixture.hdl.defaultRange)
    #expect(!snapshot.hasCustomRange)
    #expect(snapshot.latest?.value == 38)
    #expect(snapshot.status == .low)
    #expect(snapshot.trend == Trend(arrow: .down, meaning: .concerning))
    #expect(snapshot.status(of: Self.hdlReadings[0]) == MarkerStatus.of(70, in: Fixture.hdl.defaultRange))
  }

  @Test("a target range of the person's own replaces the default for every reading")
  func customRange() {
    let tracked = UserMarker(
      markerID: Fixture.hdl.id, customReferenceLow: 60, customReferenceHigh: 90, displayOrder: 0, addedAt: Self.added)
    let snapshot = MarkerSnapshot(definition: Fixture.hdl, tracked: tracked, entries: Self.hdlReadings)
    #expect(snapshot.range == ReferenceRange(low: 60, high: 90))
    #expect(snapshot.hasCustomRange)
    #expect(snapshot.status(of: Self.hdlReadings[2]) == .low)
  }

  @Test("without readings there is no latest, no status and no trend")
  func noReadings() {
    let snapshot = MarkerSnapshot(definition: Fixture.ldl, tracked: nil, entries: [])
    #expect(snapshot.latest == nil)
    #expect(snapshot.status == nil)
    #expect(snapshot.trend == .none)
  }

  @Test("entries are grouped by marker, each group oldest first, none lost")
  func entriesByMarker() {
    let document = Self.document(tracked: [], entries: Self.hdlReadings + Self.ldlReadings)
    let groups = document.entriesByMarker()
    #expect(Set(groups.keys) == [Fixture.hdl.id, Fixture.ldl.id])
    #expect(groups[Fixture.hdl.id]?.map(\.value) == [70, 62, 55, 38])
    #expect(groups[Fixture.ldl.id]?.map(\.value) == [120])
    #expect(GlanceDocument.empty(createdAt: Self.added).entriesByMarker().isEmpty)
  }

  @Test("tracked snapshots follow the home-screen order, with each marker's readings oldest first")
  func trackedSnapshots() {
    let custom = Fixture.customMarker()
    let ketones = Fixture.entry(custom, 0.4, on: "2025-03-01")
    let document = Self.document(
      tracked: [
        (Fixture.ldl, nil), (custom, nil), (Fixture.hdl, ReferenceRange(low: 50, high: nil)), (Fixture.tsh, nil),
      ],
      entries: Self.hdlReadings + Self.ldlReadings + [ketones, Fixture.entry(Fixture.a1c, 5.4, on: "2025-01-01")],
      custom: [custom])
    let snapshots = document.trackedSnapshots(library: .builtIn)
    #expect(snapshots.map(\.definition.id) == [Fixture.ldl.id, custom.id, Fixture.hdl.id, Fixture.tsh.id])
    #expect(snapshots[0].entries.map(\.value) == [120])
    #expect(snapshots[1].entries == [ketones])
    #expect(snapshots[2].entries.map(\.value) == [70, 62, 55, 38])
    #expect(snapshots[2].range == ReferenceRange(low: 50, high: nil))
    #expect(snapshots[3].entries.isEmpty)
    // A1c has a reading but is not tracked: not on the home screen.
    #expect(!snapshots.contains { $0.definition.id == Fixture.a1c.id })
  }

  @Test("a tracked marker whose definition is gone is left out")
  func unknownDefinition() {
    let gone = Fixture.customMarker("Gone")
    let document = Self.document(tracked: [(gone, nil), (Fixture.hdl, nil)], entries: Self.hdlReadings)
    #expect(document.trackedSnapshots(library: .builtIn).map(\.definition.id) == [Fixture.hdl.id])
  }

  @Test("with a recent limit, each snapshot holds only its latest readings", arguments: [1, 2, 3, 4, 10])
  func recentLimit(limit: Int) {
    let document = Self.document(
      tracked: [(Fixture.hdl, nil), (Fixture.ldl, nil)], entries: Self.hdlReadings + Self.ldlReadings)
    let limited = document.trackedSnapshots(library: .builtIn, recentLimit: limit)
    #expect(limited[0].entries.map(\.value) == Array([70.0, 62, 55, 38].suffix(limit)))
    #expect(limited[1].entries.map(\.value) == [120])
  }

  @Test("a recent limit keeps the same latest readings as no limit, for any document", arguments: 0..<25)
  func recentLimitMatches(seed: Int) {
    var generator = SeededGenerator(seed: UInt64(seed) &+ 4_000)
    let document = randomDocument(using: &generator)
    let limit = Int.random(in: 1...6, using: &generator)
    let full = document.trackedSnapshots(library: .builtIn)
    let limited = document.trackedSnapshots(library: .builtIn, recentLimit: limit)
    #expect(limited.map(\.definition.id) == full.map(\.definition.id))
    for (all, recent) in zip(full, limited) {
      #expect(recent.entries == Array(all.entries.suffix(limit)))
      #expect(recent.status == all.status)
      // The trend is the run ending at the latest reading: a limit that holds the whole run
      // keeps it (a longer run is cut, and its change measured over the readings kept).
      // (Censored and off-scale readings are not in a run: count the readings a run can use.)
      let run = Trend.runLength(Trend.readings(all.entries, of: all.definition).map(\.value))
      if Trend.readings(recent.entries, of: all.definition).count >= run { #expect(recent.trend == all.trend) }
    }
  }

  @Test("grouping by marker, with any limit and any wanted set, keeps what a plain filter keeps", arguments: 0..<25)
  func groupingMatchesFilter(seed: Int) {
    var generator = SeededGenerator(seed: UInt64(seed) &+ 9_000)
    let document = randomDocument(using: &generator)
    let present = Array(Set(document.entries.map(\.markerID)))
    // Some markers with readings, and sometimes one with none.
    var wanted = Set(present.filter { _ in Bool.random(using: &generator) })
    if Bool.random(using: &generator) { wanted.insert(Fixture.ldl.id) }
    let limit = Bool.random(using: &generator) ? Int.random(in: 1...5, using: &generator) : nil
    for only in [wanted, nil] {
      let groups = document.entryIndicesByMarker(recentLimit: limit, only: only)
      let expectedIDs = Set(present).filter { only?.contains($0) ?? true }
      #expect(Set(groups.keys) == expectedIDs)
      for id in expectedIDs {
        let all = document.entries.indices.filter { document.entries[$0].markerID == id }
        #expect(groups[id] == Array(all.suffix(limit ?? all.count)), "seed \(seed)")
      }
    }
  }

  @Test("the snapshot of one marker works for tracked and untracked markers alike")
  func snapshotForOne() {
    let document = Self.document(
      tracked: [(Fixture.hdl, ReferenceRange(low: 60, high: nil))], entries: Self.hdlReadings + Self.ldlReadings)
    let hdl = document.snapshot(for: Fixture.hdl)
    #expect(hdl.tracked?.markerID == Fixture.hdl.id)
    #expect(hdl.entries.map(\.value) == [70, 62, 55, 38])
    #expect(hdl.range == ReferenceRange(low: 60, high: nil))
    let ldl = document.snapshot(for: Fixture.ldl)
    #expect(ldl.tracked == nil)
    #expect(ldl.entries.map(\.value) == [120])
    #expect(ldl.range == Fixture.ldl.defaultRange)
    #expect(document.snapshot(for: Fixture.tsh).entries.isEmpty)
  }

  @Test("a definition is found in the library or among the custom markers, else nil")
  func definitionLookup() {
    let custom = Fixture.customMarker()
    let document = Self.document(tracked: [], entries: [], custom: [custom])
    #expect(document.definition(for: Fixture.hdl.id, library: .builtIn) == Fixture.hdl)
    #expect(document.definition(for: custom.id, library: .builtIn) == custom)
    #expect(document.definition(for: UUID(), library: .builtIn) == nil)
  }
}
