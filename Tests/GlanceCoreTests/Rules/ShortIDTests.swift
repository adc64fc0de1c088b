import Foundation
import Testing

@testable import GlanceCore

/// DESIGN §5: `ID` is a short id prefix, as git does: the first hex digits of the id (no dashes,
/// lowercase), at least four, as many as it takes to be unique; typed prefixes ignore case and dashes.
@Suite("ShortID")
struct ShortIDTests {
  static func id(_ text: String) -> UUID { UUID(uuidString: text)! }

  static let abcdef = id("ABCDEF01-2345-6789-ABCD-EF0123456789")
  static let abcd12 = id("abcd1234-0000-0000-0000-000000000000")
  static let across1 = id("abcdef01-2345-0000-0000-000000000000")
  static let across2 = id("abcdef01-2399-0000-0000-000000000000")
  static let other = id("01234567-89ab-cdef-0123-456789abcdef")

  @Test(
    "ids made from bytes keep the bytes and set only the version-4 and variant bits",
    arguments: [
      ((0..<16).map(UInt8.init), "00010203-0405-4607-8809-0A0B0C0D0E0F"),
      ([UInt8](repeating: 0xFF, count: 16), "FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF"),
      ([UInt8](repeating: 0, count: 16), "00000000-0000-4000-8000-000000000000"),
    ])
  func version4(bytes: [UInt8], expected: String) {
    #expect(UUID.version4(bytes).uuidString == expected)
  }

  @Test("an id made from its two words is the same id, byte for byte", arguments: 0..<50)
  func wordsRoundTrip(run: Int) {
    let id = UUID()
    #expect(UUID(words: id.words) == id, "run \(run)")
    #expect(UUID(words: id.words).uuidString == id.uuidString)
  }

  @Test("new ids are random version-4 UUIDs: the version and variant bits set, none repeated")
  func randomIDs() {
    let ids = (0..<10_000).map { _ in UUID.random() }
    #expect(Set(ids).count == ids.count)
    for id in ids.prefix(200) {
      let text = Array(id.uuidString)
      #expect(text[14] == "4", "\(id)")
      #expect("89AB".contains(text[19]), "\(id)")
      #expect(UUID(uuidString: id.uuidString) == id)
    }
    // Every other hex digit varies (a stuck byte would show as one value in all of them).
    let digits = ids.map { Array($0.uuidString) }
    for position in [0, 7, 9, 15, 20, 35] {
      #expect(Set(digits.map { $0[position] }).count == 16, "position \(position)")
    }
  }

  @Test("the words are the id's bytes in order, and the decoder's fast path builds the same id")
  func wordsOfKnownID() {
    let known = UUID(uuidString: "01234567-89AB-4CDE-8F01-23456789ABCD")!
    #expect(known.words == (UInt64(0x0123_4567_89AB_4CDE).bigEndian, UInt64(0x8F01_2345_6789_ABCD).bigEndian))
    #expect(Array("01234567-89ab-4cde-8f01-23456789abcd".utf8).withUnsafeBufferPointer { parseUUID($0) } == known)
  }

  @Test("an insight's id depends only on its marker, kind and reading")
  func insightIdentifier() {
    let first = InsightsEngine.identifier(Self.abcdef, "up", Self.other)
    #expect(first == InsightsEngine.identifier(Self.abcdef, "up", Self.other))
    #expect(first != InsightsEngine.identifier(Self.abcdef, "down", Self.other))
    #expect(first != InsightsEngine.identifier(Self.other, "up", Self.abcdef))
    #expect(first.uuidString.dropFirst(14).first == "4")
  }

  @Test("the hex form is 32 lowercase digits without dashes")
  func hex() {
    #expect(ShortID.hex(Self.abcdef) == "abcdef0123456789abcdef0123456789")
    #expect(ShortID.hex(Self.other) == "0123456789abcdef0123456789abcdef")
  }

  @Test(
    "each id gets the shortest unique prefix, never under four",
    arguments: [
      // Alone: four digits.
      ([abcdef], ["abcd"]),
      // Nothing shared: four each.
      ([abcdef, other], ["abcd", "0123"]),
      // Four shared: five each.
      ([abcdef, abcd12], ["abcde", "abcd1"]),
      // Ten shared across the first dash: eleven each; the unrelated one stays at four.
      ([across1, across2, other], ["abcdef01234", "abcdef01239", "0123"]),
    ])
  func prefixes(ids: [UUID], expected: [String]) {
    let prefixes = ShortID.prefixes(for: ids)
    #expect(ids.map { prefixes[$0] } == expected)
  }

  @Test("each id is extended against its nearest neighbour on either side")
  func neighbours() {
    let a = Self.id("12345678-0000-0000-0000-000000000000")
    let b = Self.id("1234567a-0000-0000-0000-000000000000")
    let c = Self.id("12345fff-0000-0000-0000-000000000000")
    // a and b share 7 digits (need 8); b and c share 5 (need 6).
    let prefixes = ShortID.prefixes(for: [c, a, b])
    #expect(prefixes[a] == "12345678")
    #expect(prefixes[b] == "1234567a")
    #expect(prefixes[c] == "12345f")
  }

  @Test(
    "prefixes of many random ids are unique, resolve back, and one digit fewer would not", arguments: [1, 2, 50, 500])
  func randomIDs(count: Int) {
    let ids = (0..<count).map { _ in UUID() }
    let prefixes = ShortID.prefixes(for: ids)
    #expect(Set(prefixes.values).count == ids.count)
    for id in ids {
      let prefix = prefixes[id]!
      #expect(prefix.count >= ShortID.minimumLength)
      #expect(ShortID.hex(id).hasPrefix(prefix))
      #expect(ShortID.resolve(prefix, among: ids) == .found(id))
      if prefix.count > ShortID.minimumLength {
        guard case .ambiguous = ShortID.resolve(String(prefix.dropLast()), among: ids) else {
          Issue.record("\(prefix) is longer than it needs to be")
          continue
        }
      }
    }
  }

  @Test(
    "a typed prefix is found whatever its case and dashes",
    arguments: [
      "abcde", "ABCDE", "AbCdE", "abcdef01", "ABCDEF01-2345", "abcd-ef", "a-b-c-d-e",
      "abcdef01-2345-6789-abcd-ef0123456789", "ABCDEF0123456789ABCDEF0123456789",
    ])
  func found(prefix: String) {
    #expect(ShortID.resolve(prefix, among: [Self.abcdef, Self.abcd12, Self.other]) == .found(Self.abcdef))
  }

  @Test(
    "a prefix two ids share is ambiguous and names both",
    arguments: ["abcd", "ABCD", "ab-cd", "abcdef01", "abcdef0123"])
  func ambiguous(prefix: String) {
    #expect(
      ShortID.resolve(prefix, among: [Self.across1, Self.across2, Self.other])
        == .ambiguous([Self.across1, Self.across2]))
  }

  @Test(
    "a prefix nothing starts with is not found",
    arguments: ["ffff", "abce", "0124", "abcdef0123456789abcdef01234567890", "bcde"])
  func notFound(prefix: String) {
    #expect(ShortID.resolve(prefix, among: [Self.abcdef, Self.abcd12, Self.other]) == .notFound)
  }

  @Test(
    "text that is not hex is not found, even when its hex part would match",
    arguments: ["", "-", "----", "zzzz", "abcg", "abcd!", "ab cd", " abcd", "abcd ", "0x0123", "#abcd", "abçd"])
  func notHex(prefix: String) {
    #expect(ShortID.resolve(prefix, among: [Self.abcdef, Self.abcd12, Self.other]) == .notFound)
  }

  @Test("nothing is found among no ids")
  func noIDs() {
    #expect(ShortID.resolve("abcd", among: []) == .notFound)
    #expect(ShortID.prefixes(for: []).isEmpty)
  }
}
