import Foundation
import Testing

@testable import GlanceCore

/// Saves copy unchanged records from the old file instead of re-encoding them. Whatever a change
/// does, the file must come out exactly as a full encode of the new document would write it.
@Suite("Saving by copying unchanged records")
struct SpliceSaveTests {
  /// A repository that never falls back to the whole-document check, so the splice path alone
  /// is what is tested.
  static func repository(_ folder: TemporaryFolder) -> LocalDataRepository {
    LocalDataRepository(
      location: DataLocation(folder: folder.path + "/data"), clock: { Fixture.now })
  }

  @Test("random changes leave a file byte-identical to a full encode", arguments: 0..<60)
  func randomChanges(seed: Int) throws {
    var generator = SeededGenerator(seed: UInt64(seed) &+ 77)
    let folder = TemporaryFolder()
    let repository = Self.repository(folder)
    let start = randomDocument(using: &generator, valid: true)
    try repository.write(summary: "seed") { transaction in
      transaction.apply(.setTrackedMarkers(start.trackedMarkers))
      transaction.apply(start.customMarkers.map(Operation.putCustomMarker))
      transaction.apply(start.entries.map(Operation.putEntry))
      transaction.apply(start.visits.map(Operation.putVisit))
    }
    for round in 0..<8 {
      let fresh = Self.repository(folder)
      let before = try fresh.read()
      switch Int.random(in: 0..<5, using: &generator) {
      case 0 where !before.entries.isEmpty:
        try fresh.deleteEntry(before.entries.randomElement(using: &generator)!.id)
      case 1 where !before.entries.isEmpty:
        var entry = before.entries.randomElement(using: &generator)!
        entry.value = storableDouble(using: &generator)
        entry.note = randomText(using: &generator)
        entry.dateOfService = CalendarDate(dayNumber: Int.random(in: 0...20_000, using: &generator))!
        try fresh.updateEntry(entry)
      case 2:
        _ = try fresh.undo()
      default:
        let marker =
          before.trackedMarkers.randomElement(using: &generator).flatMap {
            before.definition(for: $0.markerID, library: .builtIn)
          } ?? Fixture.hdl
        let entries = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
          MarkerEntry(
            markerID: marker.id, value: storableDouble(using: &generator), unit: marker.unit,
            dateOfService: CalendarDate(dayNumber: Int.random(in: 0...20_000, using: &generator))!,
            entryTimestamp: Timestamp(secondsSince1970: Int64.random(in: 0...2_000_000_000, using: &generator)),
            note: Bool.random(using: &generator) ? randomText(using: &generator) : nil)
        }
        try fresh.addEntries(entries, summary: "round \(round)")
      }
      let bytes = try #require(FileManager.default.contents(atPath: folder.path + "/data/glance.json"))
      let document = try DocumentCodec.decode(bytes)
      #expect(Array(bytes) == (try DocumentCodec.encode(document)), "round \(round)")
    }
  }

  @Test("a hand-formatted file is copied as it is where unchanged and still reads the same")
  func handFormatted() throws {
    let folder = TemporaryFolder()
    let repository = Self.repository(folder)
    try repository.addEntry(Fixture.entry(Fixture.hdl, 60, on: "2025-01-01"))
    try repository.addEntry(Fixture.entry(Fixture.hdl, 62, on: "2025-02-01"))
    let path = folder.path + "/data/glance.json"
    // Re-key the entries the way another tool might: other key order, other spacing.
    let document = try DocumentCodec.decode(try #require(FileManager.default.contents(atPath: path)))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(document).write(to: URL(fileURLWithPath: path))
    let fresh = Self.repository(folder)
    try fresh.addEntry(Fixture.entry(Fixture.hdl, 64, on: "2025-03-01"))
    let after = try DocumentCodec.decode(try #require(FileManager.default.contents(atPath: path)))
    #expect(after.entries.map(\.value) == [60, 62, 64])
    #expect(after.undo.count == 3)
  }
}
