#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension UUID {
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
