#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Short ids as git shows them: the first characters of a UUID (lowercase, no dashes), as many as
/// it takes to tell it apart from the others, at least four.
public enum ShortID {
  public static let minimumLength = 4

  /// The id's hex digits, lowercase, written straight from its bytes.
  public static func hex(_ id: UUID) -> String {
    let digits: StaticString = "0123456789abcdef"
    return withUnsafeBytes(of: id.uuid) { bytes in
      String(unsafeUninitializedCapacity: 32) { buffer in
        for index in 0..<16 {
          buffer[index * 2] = digits.utf8Start[Int(bytes[index] >> 4)]
          buffer[index * 2 + 1] = digits.utf8Start[Int(bytes[index] & 0x0F)]
        }
        return 32
      }
    }
  }

  /// The id in its stored text form (`8F1C2A9E-…`, uppercase), without Foundation's `uuidString`.
  public static func uuidText(_ id: UUID) -> String {
    var writer = JSONWriter(capacity: 40)
    writer.uuid(id)
    let bytes = writer.bytes
    return String(decoding: bytes[1..<(bytes.count - 1)], as: UTF8.self)
  }

  /// The id's first 16 hex digits as a number, and the last 16.
  @inline(__always)
  static func halves(_ id: UUID) -> (UInt64, UInt64) { id.orderKey }

  /// The shortest unique prefix (≥ 4) of each id among `ids`.
  public static func prefixes(for ids: [UUID]) -> [UUID: String] {
    prefixes(for: ids, among: ids)
  }

  /// The shortest prefix (≥ 4) of each of `shown` that no other id of `all` shares.
  public static func prefixes(for shown: [UUID], among all: [UUID]) -> [UUID: String] {
    prefixes(for: shown, amongPrefixes: all.map { halves($0).0 })
  }

  /// The same, with the other ids given by their first 16 hex digits as numbers (what a
  /// display read skims from the file): found from the neighbours in sorted order.
  public static func prefixes(for shown: [UUID], amongPrefixes all: [UInt64]) -> [UUID: String] {
    let sorted = all.sorted()
    var result: [UUID: String] = [:]
    result.reserveCapacity(shown.count)
    for id in shown {
      let key = halves(id).0
      // The first position not below `key`; the id itself sits there.
      var low = 0
      var high = sorted.count
      while low < high {
        let middle = (low + high) / 2
        if sorted[middle] < key { low = middle + 1 } else { high = middle }
      }
      var shared = 0
      if low > 0 { shared = max(shared, (sorted[low - 1] ^ key).leadingZeroBitCount / 4) }
      // The first position above `key`, found by halves too: ids sharing their first 16 digits
      // (a crafted file's 80,000) made a walk over them quadratic (attacker's second look).
      var next = low
      var top = sorted.count
      while next < top {
        let middle = (next + top) / 2
        if sorted[middle] <= key { next = middle + 1 } else { top = middle }
      }
      // Another id with the same first 16 digits (never seen in practice): show them all.
      if next - low > 1 { shared = 31 }
      if next < sorted.count { shared = max(shared, (sorted[next] ^ key).leadingZeroBitCount / 4) }
      let length = min(32, max(minimumLength, shared + 1))
      result[id] = String(hex(id).prefix(length))
    }
    return result
  }

  /// What a typed prefix points at.
  public enum Resolution: Equatable, Sendable {
    case found(UUID)
    case ambiguous([UUID])
    case notFound
    /// Fewer than `minimumLength` characters: too short to trust, as git refuses them too.
    case tooShort
  }

  /// The one id that starts with `prefix` (dashes and case ignored).
  public static func resolve(_ prefix: String, among ids: [UUID]) -> Resolution {
    var nibbles: [UInt8] = []
    for byte in prefix.utf8 where byte != UInt8(ascii: "-") {
      guard let value = hexValue(byte) else { return .notFound }
      nibbles.append(value)
    }
    guard !nibbles.isEmpty, nibbles.count <= 32 else { return .notFound }
    guard nibbles.count >= minimumLength else { return .tooShort }
    let matches = ids.filter { id in
      withUnsafeBytes(of: id.uuid) { bytes in
        for (index, nibble) in nibbles.enumerated() {
          let byte = bytes[index / 2]
          if (index.isMultiple(of: 2) ? byte >> 4 : byte & 0x0F) != nibble { return false }
        }
        return true
      }
    }
    switch matches.count {
    case 0: return .notFound
    case 1: return .found(matches[0])
    default: return .ambiguous(matches)
    }
  }
}
