#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension UUID {
  /// A version-4 UUID (RFC 4122 variant) made of the 16 `bytes`, with the version and variant
  /// bits set: for ids derived from a seed or a hash, which must come out the same on every run.
  static func version4(_ bytes: [UInt8]) -> UUID {
    precondition(bytes.count == 16, "a UUID is 16 bytes")
    var words: (UInt64, UInt64) = (0, 0)
    withUnsafeMutableBytes(of: &words) { $0.copyBytes(from: bytes) }
    return version4(words: words)
  }

  /// A new random (version 4) id from the system's secure generator: one `getrandom` call a
  /// number, where Foundation's `UUID()` opens, reads and closes /dev/urandom every time.
  public static func random() -> UUID {
    var generator = SystemRandomNumberGenerator()
    return version4(words: (generator.next(), generator.next()))
  }

  /// The 16 bytes of `words` with the version (4) and variant (RFC 4122) bits set.
  private static func version4(words: (UInt64, UInt64)) -> UUID {
    var words = words
    withUnsafeMutableBytes(of: &words) { bytes in
      bytes[6] = (bytes[6] & 0x0F) | 0x40
      bytes[8] = (bytes[8] & 0x3F) | 0x80
    }
    return UUID(words: words)
  }

  /// The id made of two numbers as `words` gives them. A UUID is its 16 bytes, so this is a
  /// plain copy; `UUID(uuid:)` is a call into Foundation, and decoding makes two ids a reading.
  @inline(__always)
  init(words: (UInt64, UInt64)) {
    if MemoryLayout<UUID>.size == 16 {
      self = unsafeBitCast(words, to: UUID.self)
    } else {
      self = UUID(uuid: unsafeBitCast(words, to: uuid_t.self))
    }
  }

  /// The id as two numbers: comparing those is two instructions, where `==` on `UUID` is a call
  /// into Foundation. Used in loops over every entry.
  @inline(__always)
  var words: (UInt64, UInt64) {
    withUnsafeBytes(of: uuid) {
      ($0.loadUnaligned(fromByteOffset: 0, as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    }
  }
}

extension UUID {
  /// The id as two big-endian numbers: they order ids exactly as their text (`uuidString`)
  /// does, without making the text.
  @inline(__always)
  var orderKey: (UInt64, UInt64) {
    withUnsafeBytes(of: uuid) {
      (
        UInt64(bigEndian: $0.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
        UInt64(bigEndian: $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
      )
    }
  }

  /// True when `self` sorts before `other` as text.
  @inline(__always)
  func sortsBefore(_ other: UUID) -> Bool { orderKey < other.orderKey }

  /// A new random id that sorts after `other`: a version-4 one when a few draws find one, else
  /// one drawn from the ids above it (an `other` near the top leaves little room: retrying could
  /// take millions of draws). Nil only when nothing sorts after `other` (all bits set).
  static func random(after other: UUID) -> UUID? {
    for _ in 0..<64 {
      let candidate = UUID.random()
      if other.sortsBefore(candidate) { return candidate }
    }
    var generator = SystemRandomNumberGenerator()
    let (high, low) = other.orderKey
    let key: (UInt64, UInt64)
    if high < UInt64.max {
      key = (UInt64.random(in: (high + 1)...UInt64.max, using: &generator), generator.next())
    } else if low < UInt64.max {
      key = (high, UInt64.random(in: (low + 1)...UInt64.max, using: &generator))
    } else {
      return nil
    }
    return UUID(words: (key.0.bigEndian, key.1.bigEndian))
  }
}

extension Array where Element == MarkerEntry {
  /// The position of the entry with `id`, scanning without copying entries.
  func index(ofEntry id: UUID) -> Int? {
    let wanted = id.words
    return withUnsafeBufferPointer { buffer in
      for index in buffer.indices where buffer[index].id.words == wanted { return index }
      return nil
    }
  }
}
