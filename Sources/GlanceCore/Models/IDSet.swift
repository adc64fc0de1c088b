#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A set of ids in an open-addressing table keyed by the ids' own random bits: hashing 100,000
/// UUIDs with SipHash costs milliseconds that a load or a save does not have.
struct IDSet: Sendable {
  private var slots: [(UInt64, UInt64)]
  private var used: [Bool]
  private var mask: Int
  private(set) var count = 0

  var isEmpty: Bool { count == 0 }

  /// A set with room for `capacity` ids before it grows.
  init(capacity: Int = 8) {
    var size = 16
    while size < capacity * 2 { size <<= 1 }
    slots = [(UInt64, UInt64)](repeating: (0, 0), count: size)
    used = [Bool](repeating: false, count: size)
    mask = size - 1
  }

  init(_ ids: some Sequence<UUID>, capacity: Int = 8) {
    self.init(capacity: capacity)
    for id in ids { insert(id) }
  }

  /// Both words mixed into the low bits: a multiply alone carries bits only upwards, so ids that
  /// differ only in their last bytes (the high bits of the little-endian word; a crafted file's
  /// sequential ids) all took one slot, and 80,000 of them took seconds (attacker's second look).
  @inline(__always) func slot(for key: (UInt64, UInt64)) -> Int {
    var mixed = (key.0 &* 0x9E37_79B9_7F4A_7C15) ^ key.1
    mixed ^= mixed >> 32
    mixed &*= 0xD6E8_FEB8_6659_FD93
    mixed ^= mixed >> 32
    return Int(truncatingIfNeeded: mixed) & mask
  }

  /// Adds `id`; false when it was already there.
  @discardableResult
  mutating func insert(_ id: UUID) -> Bool {
    if (count + 1) * 2 > slots.count { grow() }
    let key = id.words
    var index = slot(for: key)
    while used[index] {
      if slots[index] == key { return false }
      index = (index + 1) & mask
    }
    used[index] = true
    slots[index] = key
    count += 1
    return true
  }

  @inline(__always) func contains(_ id: UUID) -> Bool {
    let key = id.words
    var index = slot(for: key)
    while used[index] {
      if slots[index] == key { return true }
      index = (index + 1) & mask
    }
    return false
  }

  private mutating func grow() {
    let old = zip(slots, used).filter(\.1).map(\.0)
    self = IDSet(capacity: slots.count)
    for key in old { insert(UUID(words: key)) }
  }
}

/// The first id that appears twice, or nil.
func firstDuplicate(_ ids: [UUID]) -> UUID? {
  guard ids.count > 1 else { return nil }
  var seen = IDSet(capacity: ids.count)
  for id in ids where !seen.insert(id) { return id }
  return nil
}
