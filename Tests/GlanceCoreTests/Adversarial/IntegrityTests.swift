import Foundation
import Testing

@testable import GlanceCore

/// A save never writes a file the reader would refuse, and every plan is made on the document read
/// under the write lock: the attacks that once locked a person out of their data.
@Suite("Adversarial: a save never writes a file the reader refuses")
struct IntegrityTests {
  static let today = Fixture.date("2025-06-01")

  /// An export with two custom markers whose names differ only in case, both tracked.
  static func twinExport(existingName: String? = nil) throws -> [UInt8] {
    var document = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    let lower = Fixture.customMarker("Ketones")
    var upper = Fixture.customMarker("KETONES")
    upper.key = "custom-ketones-2"
    document.apply(.putCustomMarker(lower))
    document.apply(.putCustomMarker(upper))
    document.apply(
      .setTrackedMarkers([
        UserMarker(markerID: lower.id, displayOrder: 0, addedAt: Timestamp(Fixture.now)),
        UserMarker(markerID: upper.id, displayOrder: 1, addedAt: Timestamp(Fixture.now)),
      ]))
    document.apply(
      .putEntry(
        MarkerEntry(
          markerID: upper.id, value: 0.4, unit: "mmol/L", dateOfService: Fixture.date("2025-05-01"),
          entryTimestamp: Timestamp(Fixture.now))))
    return try Exporter.json(document)
  }

  @Test(
    "twin custom markers (Ketones, KETONES) import as one marker, tracked once, into a folder with an untracked Ketones",
    arguments: RepositoryKind.allCases)
  func twins(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    try repository.addCustomMarker(Fixture.customMarker("ketones"), tracking: false)
    try Importer.apply(
      Importer.read(Self.twinExport()), replace: false, to: repository, summary: "import", today: Self.today)
    let document = try repository.read()
    #expect(document.customMarkers.count == 1)
    #expect(document.trackedMarkers.map(\.markerID) == [document.customMarkers[0].id])
    #expect(document.entries.map(\.markerID) == [document.customMarkers[0].id])
    // The next change saves, and the file reads back.
    try repository.addEntry(Fixture.entry(Fixture.hdl, 51, on: "2025-05-02"))
    if let folder {
      let bytes = try #require(Foundation.FileManager.default.contents(atPath: folder.path + "/data/glance.json"))
      #expect(throws: Never.self) { try DocumentCodec.decode(bytes) }
    }
  }

  @Test("twins in an empty folder: one marker too", arguments: RepositoryKind.allCases)
  func twinsEmpty(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    try Importer.apply(
      Importer.read(Self.twinExport()), replace: false, to: repository, summary: "import", today: Self.today)
    let document = try repository.read()
    #expect(document.customMarkers.map(\.displayName) == ["Ketones"])
    #expect(document.trackedMarkers.count == 1)
    #expect(document.entries.count == 1)
  }

  @Test(
    "an import planned before another glance tracked the same marker is planned again under the lock",
    arguments: RepositoryKind.allCases)
  func planUnderLock(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    let ferritin = Fixture.library.marker(key: "ferritin")!
    let file = try Importer.read(Array("date,marker_key,value\r\n2025-05-01,ferritin,90\r\n".utf8))
    // What a dry run (or the old code) would have applied: ferritin not tracked yet.
    let early = try Importer.plan(
      file, replace: false, into: repository.read(), library: .builtIn, today: Self.today, now: Timestamp(Fixture.now))
    #expect(early.trackedMarkers.map(\.markerID) == [ferritin.id])
    // Meanwhile another glance adds ferritin 90 (and tracks it).
    try EntryPlanner.save(
      EntryPlanner.plan(
        marker: "ferritin", value: "90", unit: nil, date: "2025-05-01", note: nil, today: Self.today,
        document: repository.read(), library: .builtIn),
      source: .quickAdd, summary: "add", repository: repository)
    let applied = try Importer.apply(file, replace: false, to: repository, summary: "import", today: Self.today)
    #expect(applied.trackedMarkers.isEmpty)
    let document = try repository.read()
    #expect(document.trackedMarkers.filter { $0.markerID == ferritin.id }.count == 1)
    // The file's row equals the reading saved meanwhile: one reading, not two.
    #expect(document.entries.count == 1)
  }

  @Test(
    "a change that would break the file is refused before anything is written",
    arguments: RepositoryKind.allCases)
  func invariantsRefused(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    try repository.addEntry(Fixture.entry(Fixture.hdl, 60, on: "2025-05-01"))
    let before = try repository.read()
    let breakers: [(String, DocumentInvariantError, (inout Transaction) -> Void)] = [
      (
        "tracked twice", .markerTrackedTwice,
        { transaction in
          transaction.apply(
            .setTrackedMarkers(
              transaction.document.trackedMarkers + [
                UserMarker(markerID: Fixture.hdl.id, displayOrder: 5, addedAt: transaction.now),
                UserMarker(markerID: Fixture.hdl.id, displayOrder: 6, addedAt: transaction.now),
              ]))
        }
      ),
      (
        "unknown marker", .entryMarkerUnknown,
        { transaction in
          transaction.apply(
            .putEntry(
              MarkerEntry(
                markerID: UUID(), value: 1, unit: "x", dateOfService: Self.today, entryTimestamp: transaction.now)))
        }
      ),
      (
        "tracked unknown", .trackedMarkerUnknown,
        { transaction in
          transaction.apply(
            .setTrackedMarkers(
              transaction.document.trackedMarkers + [
                UserMarker(markerID: UUID(), displayOrder: 5, addedAt: transaction.now)
              ]))
        }
      ),
      (
        "custom with a library id", .customMarkerReusesLibraryMarker,
        { transaction in
          var marker = Fixture.customMarker("Sneaky")
          marker.id = Fixture.ldl.id
          transaction.apply(.putCustomMarker(marker))
        }
      ),
      (
        "custom with a library key", .duplicateMarkerKey,
        { transaction in
          var marker = Fixture.customMarker("Sneaky")
          marker.key = "hdl"
          transaction.apply(.putCustomMarker(marker))
        }
      ),
      (
        "custom marker removed under its readings", .entryMarkerUnknown,
        { transaction in
          let marker = Fixture.customMarker("Gone")
          transaction.apply(.putCustomMarker(marker))
          transaction.apply(
            .putEntry(
              MarkerEntry(
                markerID: marker.id, value: 1, unit: marker.unit, dateOfService: Self.today,
                entryTimestamp: transaction.now)))
          transaction.apply(.removeCustomMarker(marker.id))
        }
      ),
    ]
    for (name, expected, body) in breakers {
      do {
        try repository.write(summary: name) { body(&$0) }
        Issue.record("\(name): saved")
      } catch {
        #expect(error as? StorageError == .wouldBreakFile(expected), "\(name)")
      }
      #expect(try repository.read() == before, "\(name): nothing changed")
    }
  }

  @Test("a file that already points at a marker this glance does not know stays writable")
  func unknownMarkerFromBefore() throws {
    let folder = TemporaryFolder()
    let location = DataLocation(folder: folder.path + "/data")
    try FileManager.default.createDirectory(
      atPath: location.folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    // Written by a newer glance whose library has a marker this one lacks.
    var document = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    let future = UUID()
    document.apply(.setTrackedMarkers([UserMarker(markerID: future, displayOrder: 0, addedAt: Timestamp(Fixture.now))]))
    document.apply(
      .putEntry(
        MarkerEntry(
          markerID: future, value: 3, unit: "mg/L", dateOfService: Self.today, entryTimestamp: Timestamp(Fixture.now))))
    try Data(DocumentCodec.encode(document)).write(to: URL(fileURLWithPath: location.dataFile))
    let repository = LocalDataRepository(location: location, clock: { Fixture.now })
    try repository.addEntry(Fixture.entry(Fixture.hdl, 51, on: "2025-05-02"))
    let after = try repository.read()
    #expect(after.entries.count == 2)
    #expect(after.entries.contains { $0.markerID == future })
  }

  @Test("applying a long run at once equals applying it one by one: result and undo", arguments: 0..<30)
  func bulkEqualsSequential(seed: Int) {
    var generator = SeededGenerator(seed: UInt64(seed) &+ 1234)
    let start = randomDocument(using: &generator, valid: true)
    // A run of puts (new, replacing, equal to stored) and removes (present, missing), long
    // enough for the bulk path, sometimes naming an id twice.
    var operations: [GlanceCore.Operation] = []
    let markers = Array(Fixture.library.markers.prefix(4))
    for index in 0..<(GlanceDocument.bulkThreshold + Int.random(in: 0...40, using: &generator)) {
      switch Int.random(in: 0..<5, using: &generator) {
      case 0 where !start.entries.isEmpty:
        var entry = start.entries.randomElement(using: &generator)!
        entry.value += 1
        operations.append(.putEntry(entry))
      case 1 where !start.entries.isEmpty:
        operations.append(.putEntry(start.entries.randomElement(using: &generator)!))
      default:
        let marker = markers[index % markers.count]
        operations.append(
          .putEntry(
            MarkerEntry(
              markerID: marker.id, value: Double(index), unit: marker.unit,
              dateOfService: Fixture.date("2000-01-01").adding(days: Int.random(in: 0...9000, using: &generator))!,
              entryTimestamp: Timestamp(secondsSince1970: Int64(index % 3)))))
      }
    }
    var removes: [GlanceCore.Operation] = start.entries.shuffled(using: &generator).prefix(20).map {
      .removeEntry($0.id)
    }
    removes += (0..<GlanceDocument.bulkThreshold).map { _ in .removeEntry(UUID()) }
    // New readings already in order (a sheet's rows usually are), into this folder and an empty one.
    let inOrder: [GlanceCore.Operation] = operations.compactMap {
      guard case .putEntry(let entry) = $0, !start.entries.contains(where: { $0.id == entry.id }) else { return nil }
      return entry
    }.sorted(by: MarkerEntry.chronological).map { .putEntry($0) }
    var empty = start
    empty.entries = []
    for (first, run) in [
      (start, operations), (start, removes.shuffled(using: &generator)), (start, inOrder), (empty, inOrder),
      (empty, operations),
    ] {
      var bulk = first
      let bulkInverse = bulk.apply(run)
      var single = first
      var singleInverse: [GlanceCore.Operation] = []
      var gone = 0
      for operation in run {
        let undone = single.apply(operation)
        if undone.isEmpty, case .removeEntry = operation { gone += 1 }
        singleInverse += undone
      }
      #expect(bulk == single)
      #expect(bulkInverse == singleInverse)
      // The removals that found nothing, counted in bulk as one at a time (`UndoOutcome`), with
      // and without the inverse.
      for inverting in [true, false] {
        var counted = first
        #expect(counted.apply(run, inverting: inverting).goneReadings == gone)
      }
      // Readings put as readings (an import) rather than as operations: the same.
      let readings = run.compactMap { if case .putEntry(let entry) = $0 { entry } else { nil } }
      if readings.count == run.count {
        var viaPut = first
        let applied = viaPut.put(readings, inverting: true)
        #expect(viaPut == single && applied.inverse == singleInverse && applied.changed == !singleInverse.isEmpty)
      }
      // And undoing restores the start.
      for operation in bulkInverse.reversed() { bulk.apply(operation) }
      #expect(bulk == first)
    }
  }
}
