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

  /// Attacker's second look: a step putting back a custom marker of 400,000 other names (every
  /// search then took minutes), or tracking an unknown marker or one twice (exit 70).
  static var manyNames: MarkerDefinition {
    var marker = Fixture.customMarker()
    marker.aliases = (0..<21).map { "ketone name \($0)" }
    return marker
  }
  static let operations: [(String, [GlanceCore.Operation])] =
    damaged.map { ($0.0, [.putEntry($0.1)]) } + [
      ("a custom marker of too many other names", [.putCustomMarker(manyNames)]),
      (
        "an unknown marker tracked",
        [.setTrackedMarkers([UserMarker(markerID: UUID(), displayOrder: 0, addedAt: Timestamp(Fixture.now))])]
      ),
      (
        "a marker tracked twice",
        [
          .setTrackedMarkers(
            [0, 1].map { UserMarker(markerID: Fixture.hdl.id, displayOrder: $0, addedAt: Timestamp(Fixture.now)) })
        ]
      ),
    ]

  @Test(
    "an undo step that would put back a record glance refuses is refused as a damaged file, nothing undone",
    arguments: RepositoryKind.allCases, operations.indices)
  func refused(kind: RepositoryKind, index: Int) throws {
    var document = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    document.apply(.putEntry(Self.entry(value: 61)))
    document.undo = [
      UndoStep(
        id: UUID(), summary: "delete HDL", timestamp: Timestamp(Fixture.now), operations: Self.operations[index].1)
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
    #expect(error.kind == .dataFile, "\(Self.operations[index].0)")
    #expect(error.message.contains("Nothing was undone") && error.message.contains("undo --forget"))
    let after = try repository.read()
    #expect(after.entries.map(\.value) == [61] && after.undo.count == 1)
  }
}

extension DamagedUndoTests {
  @Test(
    "an undo step that would put back a profile whose name glance refuses is refused",
    arguments: RepositoryKind.allCases)
  func profileName(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    try repository.addEntry(Fixture.entry(Fixture.hdl, 50, on: "2025-05-01"), summary: "add HDL")
    var document = try repository.read()
    let bad = Profile(name: "A\u{1B}[2J" + String(repeating: "n", count: 300), createdAt: Timestamp(Fixture.now))
    document.undo[document.undo.count - 1].profileBefore = bad
    let replaced = InMemoryDataRepository(document: document, clock: { Fixture.now })
    #expect(throws: UndoError.damagedStep) { try replaced.undo(expecting: nil) }
  }
}

/// Attacker's second look: a data file edited by hand to give a custom marker 400,000 other names
/// made every search take minutes; search reads a custom marker's first 20.
@Suite("A custom marker's other names, as search reads them")
struct SearchedAliasesTests {
  @Test("search and name checks read a custom marker's first 20 other names; a library marker's all")
  func first20() {
    var marker = Fixture.customMarker()
    marker.aliases = (0..<400).map { "ketone name \($0)" }
    #expect(marker.searchAliases.count == 20)
    #expect(marker.answers(to: SearchText("ketone name 19").compact))
    #expect(!marker.answers(to: SearchText("ketone name 30").compact))
    let ldl = Fixture.library.marker(key: "ldl")!
    #expect(ldl.searchAliases == ldl.aliases)
  }
}
