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
    var bytes = bytes
    bytes[6] = (bytes[6] & 0x0F) | 0x40
    bytes[8] = (bytes[8] & 0x3F) | 0x80
    return UUID(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9], bytes[10],
        bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
  }

  /// A new random (version 4) id from the system's secure generator: one `getrandom` call a
  /// number, where Foundation's `UUID()` opens, reads and closes /dev/urandom every time.
  public static func random() -> UUID {
    var generator = SystemRandomNumberGenerator()
    var words: (UInt64, UInt64) = (generator.next(), generator.next())
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
