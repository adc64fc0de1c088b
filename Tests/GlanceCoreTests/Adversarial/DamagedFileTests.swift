import Foundation
import Testing

@testable import GlanceCore

/// Every command that reads a damaged file says so. The fast display read (home, show, prep,
/// search) decodes only the readings it shows; it must still notice any damage a full read would
/// refuse, anywhere in the file.
@Suite("Adversarial: a damaged file is never shown as healthy")
struct DamagedFileDisplayTests {
  static func sample() throws -> [UInt8] {
    var document = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    document.apply(
      .setTrackedMarkers([
        UserMarker(markerID: Fixture.hdl.id, displayOrder: 0, addedAt: Timestamp(Fixture.now)),
        UserMarker(markerID: Fixture.ldl.id, displayOrder: 1, addedAt: Timestamp(Fixture.now)),
      ]))
    for index in 0..<6 {
      let day = Fixture.date("2025-01-01").adding(days: index * 10)!.iso
      document.apply(
        .putEntry(Fixture.entry(Fixture.hdl, 50 + Double(index), on: day, note: index == 2 ? "é \"q\"" : nil)))
      document.apply(.putEntry(Fixture.entry(Fixture.ldl, 120.5, on: day, comparator: index == 3 ? .lessThan : nil)))
    }
    document.apply(.putVisit(Fixture.visit("2025-02-01")))
    return try DocumentCodec.encode(document)
  }

  static let selections: [EntrySelection] = [.latest(12), .latest(1), .markers([Fixture.hdl.id]), .markers([])]

  @Test("each byte of the file changed in turn: whenever a full read refuses it, every display read says so")
  func everyByte() throws {
    let original = try Self.sample()
    let folder = TemporaryFolder()
    let location = DataLocation(folder: folder.path + "/data")
    try FileManager.default.createDirectory(
      atPath: location.folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    var generator = SeededGenerator(seed: 2026)
    let replacements: [UInt8] =
      Array("0123456789abcdefABCDEF\"\\{}[],: -.eZT".utf8) + [0x00, 0x0A, 0x1B, 0x7F, 0xC3, 0xFF]
    var refused = 0
    for position in original.indices {
      var bytes = original
      repeat {
        bytes[position] = replacements.randomElement(using: &generator)!
      } while bytes[position] == original[position]
      let fullReadRefuses = (try? DocumentCodec.decode(bytes)) == nil
      guard fullReadRefuses else { continue }
      refused += 1
      try Data(bytes).write(to: URL(fileURLWithPath: location.dataFile))
      for selection in Self.selections {
        let repository = LocalDataRepository(location: location, clock: { Fixture.now })
        do {
          _ = try repository.view(selecting: selection, allIDs: true)
          #expect(repository.notice != nil, "byte \(position) → \(bytes[position]), \(selection): shown as healthy")
        } catch let error as StorageError {
          guard case .damaged = error else {
            Issue.record("byte \(position): \(error)")
            continue
          }
        }
      }
    }
    #expect(refused > original.count / 3, "the mutations mostly made files a full read refuses")
  }

  /// Attacker review at stop 34: a data file saved by an editor that writes a UTF-8 byte-order
  /// mark (Windows Notepad's "UTF-8 with BOM") was "damaged" to every command (exit 74), while
  /// other hand edits a reader takes (CRLF, a reformatting) were read.
  @Test("a file that starts with a byte-order mark reads as the file without it, in every read")
  func byteOrderMark() throws {
    let plain = try Self.sample()
    let marked = [0xEF, 0xBB, 0xBF] + plain
    #expect(try DocumentCodec.decode(marked) == DocumentCodec.decode(plain))
    let selected = try DocumentCodec.decode(marked, selecting: .latest(2))
    #expect(selected.document.entries == (try DocumentCodec.decode(plain, selecting: .latest(2))).document.entries)
    // Only at the start: anywhere else it is not JSON.
    #expect(throws: (any Error).self) {
      try DocumentCodec.decode(Array(plain.prefix(1)) + [0xEF, 0xBB, 0xBF] + plain.dropFirst())
    }
  }

  @Test("two readings that share an id are refused by the display read too")
  func sharedID() throws {
    var text = String(decoding: try Self.sample(), as: UTF8.self)
    let document = try DocumentCodec.decode(Array(text.utf8))
    let first = ShortID.uuidText(document.entries[0].id)
    let second = ShortID.uuidText(document.entries[5].id)
    text = text.replacingOccurrences(of: second, with: first)
    let folder = TemporaryFolder()
    let location = DataLocation(folder: folder.path + "/data")
    try FileManager.default.createDirectory(
      atPath: location.folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    try Data(text.utf8).write(to: URL(fileURLWithPath: location.dataFile))
    let repository = LocalDataRepository(location: location, clock: { Fixture.now })
    #expect(throws: StorageError.self) { try repository.view(selecting: .latest(12), allIDs: true) }
  }
}
