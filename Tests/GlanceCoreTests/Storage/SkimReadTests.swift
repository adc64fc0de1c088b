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

  @Test(
    "checking each line once (a small file) reads every file, damaged or not, as checking each line as it is skimmed does",
    arguments: 0..<40)
  func checkOnceMatchesCheckAsSkimmed(seed: Int) throws {
    var generator = SeededGenerator(seed: UInt64(seed) &+ 8_808)
    let document = randomDocument(using: &generator, valid: true)
    let clean = try DocumentCodec.encode(document)
    typealias Outcome = (entries: [MarkerEntry], ids: [UInt64], skimmed: Bool)?
    func read(_ bytes: [UInt8], _ selection: EntrySelection, checkOnceLimit: Int) -> Outcome {
      guard
        let (view, _, ids, paths) = try? DocumentCodec.decode(
          bytes, selecting: selection, skimCheckingOnceUpTo: checkOnceLimit)
      else { return nil }
      return (view.entries, ids, paths.skims == 1)
    }
    // The file as written, then with one byte changed somewhere in its entries.
    var files = [clean]
    let text = String(decoding: clean, as: UTF8.self)
    if let entries = text.range(of: "\"entries\": [")?.upperBound.utf16Offset(in: text),
      let visits = text.range(of: "\"visits\": ")?.lowerBound.utf16Offset(in: text), visits > entries + 1
    {
      let replacements: [UInt8] = [0x22, 0x5C, 0x0A, 0x7D, 0x2C, 0x30, 0x39, 0x2D, 0x00, 0xFF, 0xC3, 0x20, 0x41, 0x7B]
      for _ in 0..<12 {
        var damaged = clean
        damaged[Int.random(in: entries..<visits, using: &generator)] = replacements.randomElement(using: &generator)!
        files.append(damaged)
      }
    }
    for (index, bytes) in files.enumerated() {
      let full = try? DocumentCodec.decode(bytes)
      for selection in Self.selections(for: document, using: &generator) where selection != .all {
        let once = read(bytes, selection, checkOnceLimit: .max)
        let asSkimmed = read(bytes, selection, checkOnceLimit: 0)
        #expect(once?.entries == asSkimmed?.entries, "file \(index), \(selection)")
        #expect(once?.ids == asSkimmed?.ids, "file \(index), \(selection)")
        // Both are what a full read selects; a file the full reader refuses, both refuse.
        #expect(once?.entries == full.map { DocumentCodec.select(selection, from: $0.entries) })
        if index == 0 { #expect(once?.skimmed == true && asSkimmed?.skimmed == true, "\(selection)") }
      }
    }
  }

  @Test(
    "a note's key in a unit or a note's text is not taken for a note",
    arguments: [#"x", "note": "y"#, #"", "note": ""#, #"\", "note": "#, "\u{1}\", \"note\": \""])
  func noteKeyInText(text: String) throws {
    var document = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    var marker = Fixture.customMarker("Zinc", unit: text)
    marker.referenceLow = nil
    document.apply(.putCustomMarker(marker))
    for (day, note) in [("2025-01-01", nil), ("2025-02-01", text), ("2025-03-01", nil), ("2025-04-01", nil)] {
      var entry = Fixture.entry(marker, 1, on: day, note: note)
      entry.unit = text
      document.apply(.putEntry(entry))
    }
    let bytes = try DocumentCodec.encode(document)
    for selection in [EntrySelection.latestAndNoted(0), .latestAndNoted(1), .latest(1)] {
      for limit in [0, Int.max] {
        let (view, _, _, paths) = try DocumentCodec.decode(bytes, selecting: selection, skimCheckingOnceUpTo: limit)
        #expect(view.entries == DocumentCodec.select(selection, from: document.entries), "\(selection) \(limit)")
        #expect(paths.skims == 1 && paths.fallbacks == 0)
      }
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
