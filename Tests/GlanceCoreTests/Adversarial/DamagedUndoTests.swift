import Foundation
import Testing

@testable import GlanceCore

/// Attacker review: an undo step edited by hand put back a reading dated 2099, or in "furlong",
/// with "Undid: …" and exit 0 (every export then refused the folder); one with a value beyond
/// what glance keeps, or of no marker, stopped with exit 70, "a bug". The step's records are
/// checked as an import checks them before anything is applied: a damaged data file (exit 74).
@Suite("A hand-edited undo step")
struct DamagedUndoTests {
  static func entry(date: String = "2025-05-01", value: Double = 50, unit: String = "mg/dL", marker: UUID? = nil)
    -> MarkerEntry
  {
    MarkerEntry(
      markerID: marker ?? Fixture.hdl.id, value: value, unit: unit, dateOfService: Fixture.date(date),
      entryTimestamp: Timestamp(Fixture.now))
  }

  static let damaged: [(String, MarkerEntry)] = [
    ("a reading in the future", entry(date: "2099-01-01")), ("a unit not its marker's", entry(unit: "furlong")),
    ("a value glance does not keep", entry(value: 1e300)), ("a marker glance does not know", entry(marker: UUID())),
  ]

  @Test(
    "an undo step that would put back a record glance refuses is refused as a damaged file, nothing undone",
    arguments: RepositoryKind.allCases, damaged.indices)
  func refused(kind: RepositoryKind, index: Int) throws {
    var document = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    document.apply(.putEntry(Self.entry(value: 61)))
    document.undo = [
      UndoStep(
        id: UUID(), summary: "delete HDL", timestamp: Timestamp(Fixture.now),
        operations: [.putEntry(Self.damaged[index].1)])
    ]
    let repository: any DataRepository
    let folder = TemporaryFolder()
    switch kind {
    case .inMemory: repository = InMemoryDataRepository(document: document, clock: { Fixture.now })
    case .local:
      let location = DataLocation(folder: folder.path + "/data")
      try PosixFileSystem().makeDirectory(location.folder, mode: 0o700)
      let bytes = try DocumentCodec.encode(document)
      try ExportWriter.write(bytes, to: location.dataFile)
      repository = LocalDataRepository(location: location, clock: { Fixture.now })
    }
    let error = try #require(throws: UndoError.self) { try repository.undo(expecting: nil) }
    #expect(error.kind == .dataFile, "\(Self.damaged[index].0)")
    #expect(error.message.contains("Nothing was undone") && error.message.contains("undo --forget"))
    let after = try repository.read()
    #expect(after.entries.map(\.value) == [61] && after.undo.count == 1)
  }
}
