import Foundation
import Testing

@testable import GlanceCore

/// Screens read only the entries they show; what they get must be exactly those entries of a
/// full read, and every id.
@Suite("Reading only the selected entries")
struct SkimReadTests {
  static func selections(for document: GlanceDocument, using generator: inout SeededGenerator) -> [EntrySelection] {
    var result: [EntrySelection] = [
      .all, .latest(0), .latest(1), .latest(3), .latest(12), .latest(1000), .latestAndNoted(0), .latestAndNoted(1),
      .latestAndNoted(3),
    ]
    if let marker = document.entries.randomElement(using: &generator)?.markerID { result.append(.markers([marker])) }
    result.append(.markers(Set(document.trackedMarkers.prefix(2).map(\.markerID))))
    result.append(.markers([UUID()]))
    return result
  }

  @Test("search's selection: every marker's latest readings and every reading with a note, oldest first")
  func latestAndNoted() {
    let entries = [
      Fixture.entry(Fixture.ldl, 120, on: "2024-01-01", note: "fasting"),
      Fixture.entry(Fixture.ldl, 121, on: "2024-02-01"),
      Fixture.entry(Fixture.hdl, 50, on: "2024-03-01", note: ""),
      Fixture.entry(Fixture.hdl, 51, on: "2024-04-01"),
      Fixture.entry(Fixture.ldl, 122, on: "2024-05-01"),
    ]
    func values(_ selection: EntrySelection) -> [Double] { DocumentCodec.select(selection, from: entries).map(\.value) }
    #expect(values(.latestAndNoted(1)) == [120, 50, 51, 122])
    #expect(values(.latestAndNoted(0)) == [120, 50])
    #expect(values(.latestAndNoted(2)) == [120, 121, 50, 51, 122])
    #expect(values(.latest(1)) == [51, 122])
  }

  @Test("a view holds exactly the selected entries of a full read, and all ids", arguments: 0..<60)
  func views(seed: Int) throws {
    var generator = SeededGenerator(seed: UInt64(seed) &+ 300)
    let folder = TemporaryFolder()
    let repository = LocalDataRepository(location: DataLocation(folder: folder.path + "/data"), clock: { Fixture.now })
    let start = randomDocument(using: &generator, valid: true)
    try repository.write(summary: "seed") { transaction in
      transaction.apply(.setTrackedMarkers(start.trackedMarkers))
      transaction.apply(start.customMarkers.map(Operation.putCustomMarker))
      transaction.apply(start.entries.map(Operation.putEntry))
      transaction.apply(start.visits.map(Operation.putVisit))
    }
    let full = try LocalDataRepository(location: repository.location, clock: { Fixture.now }).read()
    for selection in Self.selections(for: full, using: &generator) {
      let view = try LocalDataRepository(location: repository.location, clock: { Fixture.now }).view(
        selecting: selection, allIDs: true)
      #expect(view.document.entries == DocumentCodec.select(selection, from: full.entries), "\(selection)")
      #expect(view.allEntryIDPrefixes == full.entries.map { ShortID.halves($0.id).0 })
      #expect(view.document.trackedMarkers == full.trackedMarkers)
      #expect(view.document.visits == full.visits)
      #expect(view.document.customMarkers == full.customMarkers)
    }
  }

  @Test("a hand-edited or reordered file is read in full instead, with the same result")
  func fallbacks() throws {
    let folder = TemporaryFolder()
    let location = DataLocation(folder: folder.path + "/data")
    let repository = LocalDataRepository(location: location, clock: { Fixture.now })
    for (day, value) in [("2025-01-01", 60.0), ("2025-02-01", 61), ("2025-03-01", 62), ("2025-04-01", 63)] {
      try repository.addEntry(Fixture.entry(Fixture.hdl, value, on: day))
    }
    let full = try LocalDataRepository(location: location).read()
    // Another tool's layout: sorted keys, one key a line.
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(full).write(to: URL(fileURLWithPath: location.dataFile))
    let view = try LocalDataRepository(location: location).view(selecting: .latest(2), allIDs: false)
    #expect(view.document.entries.map(\.value) == [62, 63])
    // Lines out of date order (a hand edit): still the latest two by date.
    var reversed = full
    reversed.entries.reverse()
    try Data(try DocumentCodec.encode(reversed)).write(to: URL(fileURLWithPath: location.dataFile))
    let again = try LocalDataRepository(location: location).view(selecting: .latest(2), allIDs: false)
    #expect(again.document.entries.map(\.value) == [62, 63])
  }

  @Test("the in-memory repository gives the same views")
  func inMemory() throws {
    let repository = InMemoryDataRepository(clock: { Fixture.now })
    for (day, value) in [("2025-01-01", 60.0), ("2025-02-01", 61), ("2025-03-01", 62)] {
      try repository.addEntry(Fixture.entry(Fixture.hdl, value, on: day))
    }
    try repository.addEntry(Fixture.entry(Fixture.ldl, 100, on: "2025-01-15"))
    let view = try repository.view(selecting: .latest(1), allIDs: true)
    #expect(view.document.entries.map(\.value) == [100, 62])
    #expect(view.allEntryIDPrefixes.count == 4)
  }
}
