import Foundation
import Testing

@testable import GlanceCore

/// The id table every load, save and import uses: its slots must spread ids that differ
/// anywhere, since a crafted file chooses its ids.
@Suite("IDSet")
struct IDSetTests {
  /// Attacker's second look: ids differing only in their last bytes (Python's
  /// `uuid.UUID(int=i, version=4)`) all took one slot; 80,000 of them made an import take 10 s
  /// and every later command seconds.
  @Test(
    "ids that differ only in their first, middle or last bytes spread over the table's slots",
    arguments: [0, 5, 15])
  func spread(byte: Int) {
    let count = 4096
    var set = IDSet(capacity: count)
    var slots = Set<Int>()
    for number in 0..<count {
      var bytes = [UInt8](repeating: 0, count: 16)
      bytes[byte] = UInt8(number & 0xFF)
      bytes[byte == 15 ? 14 : byte + 1] = UInt8(number >> 8)
      let id = UUID.version4(bytes)
      let inserted = set.insert(id)
      #expect(inserted)
      slots.insert(set.slot(for: id.words))
    }
    #expect(set.count == count)
    // Random placement fills about 1 - 1/e of the slots with as many ids as a quarter of them;
    // one slot for all was the fault.
    #expect(slots.count > count / 2, "\(slots.count) slots for \(count) ids")
  }
}
