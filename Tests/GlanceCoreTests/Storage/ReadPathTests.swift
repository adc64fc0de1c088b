import Foundation
import Testing

@testable import GlanceCore

/// Every fast reader falls back silently to a general one, so a field added to the writer but
/// not to a fast reader would make reads slower while every other test passes. These tests count
/// which path each read took: a file glance wrote takes no fallback.
@Suite("Read paths: a canonical file takes no fallback")
struct ReadPathTests {
  static func canonicalBytes(seed: Int) throws -> [UInt8] {
    var document = CSVRoundTripPropertyTests.randomDocument(seed: seed)
    document.undo = DocumentCodecTests.sample.undo
    let added = Timestamp(secondsSince1970: 1_700_000_000)
    document.trackedMarkers += [
      UserMarker(markerID: Fixture.hdl.id, customReferenceLow: 45, displayOrder: 90, addedAt: added),
      UserMarker(
        markerID: Fixture.ldl.id, customReferenceLow: 0.5, customReferenceHigh: 70, displayOrder: 91, addedAt: added),
    ]
    return try DocumentCodec.encode(document)
  }

  @Test("every entry of a file glance wrote is read in the writer's layout", arguments: 0..<8)
  func fullRead(seed: Int) throws {
    let bytes = try Self.canonicalBytes(seed: seed)
    let (document, _, _, paths) = try DocumentCodec.decode(bytes, selecting: .all)
    #expect(paths.fallbacks == 0)
    #expect(paths.canonicalEntries == document.entries.count)
    #expect(document.entries.count > 100)
    #expect(document.trackedMarkers.contains { $0.hasCustomRange }, "tracked markers, ranges too, on the fast path")
  }

  @Test(
    "a screen's read skims every entry line and decodes only what it shows, without falling back",
    arguments: [EntrySelection.latest(12), .latest(1), .markers([Fixture.hdl.id, Fixture.ldl.id]), .markers([])])
  func skim(selection: EntrySelection) throws {
    for seed in 0..<4 {
      let bytes = try Self.canonicalBytes(seed: seed)
      let (document, _, ids, paths) = try DocumentCodec.decode(bytes, selecting: selection)
      #expect(paths.skims == 1)
      #expect(paths.fallbacks == 0)
      #expect(paths.canonicalEntries == document.entries.count)
      #expect(ids.count == (try DocumentCodec.decode(bytes).entries.count))
    }
  }

  @Test("the counters see a fallback: a hand-edited line (keys in another order) takes the general reader")
  func fallbackIsCounted() throws {
    var text = String(decoding: try Self.canonicalBytes(seed: 1), as: UTF8.self)
    // The first entry line with its first two keys swapped: still a valid entry.
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let index = try #require(lines.firstIndex { $0.hasPrefix("    {\"id\": ") && $0.contains("\"dateOfService\"") })
    let line = lines[index]
    let idPart = try #require(line.range(of: "{\"id\": \"")).upperBound
    let id = String(line[idPart...].prefix(36))
    let marker = try #require(line.range(of: ", \"markerID\": \"")).upperBound
    let markerID = String(line[marker...].prefix(36))
    var edited = lines
    edited[index] = line.replacingOccurrences(
      of: "{\"id\": \"\(id)\", \"markerID\": \"\(markerID)\"", with: "{\"markerID\": \"\(markerID)\", \"id\": \"\(id)\""
    )
    #expect(edited[index] != line)
    text = edited.joined(separator: "\n")
    let (_, _, _, full) = try DocumentCodec.decode(Array(text.utf8), selecting: .all)
    #expect(full.generalEntries == 1)
    let (_, _, _, skim) = try DocumentCodec.decode(Array(text.utf8), selecting: .latest(12))
    #expect(skim.skimFallbacks == 1)
  }

  @Test("a tracked marker in another key order is read, and counted as a fallback")
  func trackedMarkerFallbackIsCounted() throws {
    let marker = UserMarker(
      markerID: Fixture.hdl.id, customReferenceLow: 40, displayOrder: 0, addedAt: Timestamp(secondsSince1970: 0))
    var writer = JSONWriter()
    writer.writeUserMarker(marker)
    let line = writer.withBytes { String(decoding: $0, as: UTF8.self) }
    let canonical = try JSONReader.read(Array(line.utf8)) { (try $0.readUserMarker(), $0.paths) }
    #expect(canonical.0 == marker && canonical.1.fallbacks == 0)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    let sorted = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    let general = try JSONReader.read(Array(sorted)) { (try $0.readUserMarker(), $0.paths) }
    #expect(general.0 == marker && general.1.generalTrackedMarkers == 1 && general.1.fallbacks == 1)
  }
}
