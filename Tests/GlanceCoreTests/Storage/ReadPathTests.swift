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
    return try DocumentCodec.encode(document)
  }

  @Test("every entry of a file glance wrote is read in the writer's layout", arguments: 0..<8)
  func fullRead(seed: Int) throws {
    let bytes = try Self.canonicalBytes(seed: seed)
    let (document, _, _, paths) = try DocumentCodec.decode(bytes, selecting: .all)
    #expect(paths.fallbacks == 0)
    #expect(paths.canonicalEntries == document.entries.count)
    #expect(document.entries.count > 100)
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
    let index = try #require(lines.firstIndex { $0.hasPrefix("    {\"id\": ") && $0.contains("\"markerID\"") })
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
}
