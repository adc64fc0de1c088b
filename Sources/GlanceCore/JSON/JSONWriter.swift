#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes JSON text into a byte buffer: objects field by field, in the order the caller gives.
///
/// The data file is written with it as a pretty document whose records each sit on one line, so
/// the file stays readable and diffable, a change touches one line, and any JSON tool reads it.
public struct JSONWriter {
  private var buffer: ByteBuffer

  public init(capacity: Int = 4096) { buffer = ByteBuffer(capacity: capacity) }

  /// Bytes handed on by `spill` and no longer held: the text held starts there.
  public private(set) var spilled = 0

  /// The text written so far (none of it spilled).
  public var bytes: [UInt8] {
    precondition(spilled == 0, "part of the text was spilled")
    return buffer.array
  }

  /// Runs `body` over the text written so far (none of it spilled), without copying it.
  public func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    precondition(spilled == 0, "part of the text was spilled")
    return try body(UnsafeRawBufferPointer(start: buffer.base, count: buffer.count))
  }

  /// Bytes written so far, spilled or held.
  public var count: Int { spilled + buffer.count }

  /// Bytes held: written since the last `spill`.
  public var held: Int { buffer.count }

  /// Runs `body` over the text held (it starts at byte `spilled` of the whole text).
  public func withHeldBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try body(UnsafeRawBufferPointer(start: buffer.base, count: buffer.count))
  }

  /// Hands the text held to `body` and lets it go, keeping the buffer for what comes next: a
  /// large file is written as it is encoded instead of held whole. Nothing is let go when
  /// `body` throws.
  public mutating func spill(_ body: (UnsafeRawBufferPointer) throws -> Void) rethrows {
    try withHeldBytes(body)
    spilled += buffer.count
    if isKnownUniquelyReferenced(&buffer) { buffer.removeAll() } else { buffer = ByteBuffer(capacity: 4096) }
  }

  @inline(__always) public mutating func raw(_ text: StaticString) {
    append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  @inline(__always) public mutating func raw(_ byte: UInt8) {
    if !isKnownUniquelyReferenced(&buffer) { buffer = buffer.copy() }
    buffer.append(byte)
  }

  /// Bytes copied as they are (a record reused from the old file).
  @inline(__always) public mutating func append(_ bytes: UnsafeRawBufferPointer) {
    if !isKnownUniquelyReferenced(&buffer) { buffer = buffer.copy() }
    buffer.append(bytes)
  }

  public mutating func raw<S: Sequence>(_ other: S) where S.Element == UInt8 {
    for byte in other { raw(byte) }
  }

  /// A newline followed by `level` × 2 spaces.
  public mutating func newline(indent level: Int) {
    raw(0x0A)
    for _ in 0..<(level * 2) { raw(0x20) }
  }

  /// A JSON string literal with the minimal escapes (quote, backslash, control characters).
  public mutating func string(_ text: String) {
    raw(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      var runStart = 0
      for index in 0..<utf8.count {
        let byte = utf8[index]
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
        append(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(utf8)[runStart..<index]))
        runStart = index + 1
        raw(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): raw(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): raw(UInt8(ascii: "\\"))
        case 0x0A: raw(UInt8(ascii: "n"))
        case 0x0D: raw(UInt8(ascii: "r"))
        case 0x09: raw(UInt8(ascii: "t"))
        case 0x08: raw(UInt8(ascii: "b"))
        case 0x0C: raw(UInt8(ascii: "f"))
        default:
          let hex: StaticString = "0123456789abcdef"
          raw("u00")
          raw(hex.utf8Start[Int(byte >> 4)])
          raw(hex.utf8Start[Int(byte & 0xF)])
        }
      }
      append(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(utf8)[runStart..<utf8.count]))
    }
    raw(UInt8(ascii: "\""))
  }

  /// A finite number in its shortest round-trip form; whole numbers without a fraction (`89`).
  /// Non-finite values have no JSON form: the caller must reject them first.
  public mutating func number(_ value: Double) {
    precondition(value.isFinite, "JSON has no form for \(value)")
    // Whole numbers up to 2^53 are exact integers; write them without a fraction.
    if value == value.rounded(), abs(value) <= 9_007_199_254_740_992 {
      if value == 0 && value.sign == .minus {
        raw("-0")
      } else {
        integer(Int64(value))
      }
      return
    }
    for byte in value.description.utf8 { raw(byte) }
  }

  public mutating func integer(_ value: Int64) {
    if value == 0 {
      raw(0x30)
      return
    }
    var magnitude = value.magnitude
    var digits:
      (
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
      ) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var count = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
      while magnitude > 0 {
        buffer[count] = UInt8(magnitude % 10) + 0x30
        magnitude /= 10
        count += 1
      }
      if value < 0 { raw(UInt8(ascii: "-")) }
      for index in stride(from: count - 1, through: 0, by: -1) { raw(buffer[index]) }
    }
  }

  public mutating func bool(_ value: Bool) { value ? raw("true") : raw("false") }

  public mutating func null() { raw("null") }

  /// `"key": ` — the key and separator of an object member.
  public mutating func key(_ name: StaticString) {
    raw(UInt8(ascii: "\""))
    raw(name)
    raw("\": ")
  }

  public mutating func key(_ name: String) {
    string(name)
    raw(": ")
  }
}

/// A growable byte buffer written through a pointer: appending a byte is a store, not a call
/// into Array's generic machinery.
final class ByteBuffer {
  private(set) var base: UnsafeMutablePointer<UInt8>
  private(set) var count = 0
  private var capacity: Int
  private var mapped: Bool

  init(capacity: Int) {
    // A large buffer has room for the largest file glance keeps: an estimate 2 MB short of a
    // 280 MB file grew it by copying into a 556 MB one, and both were held at once.
    (base, mapped, self.capacity) = LargeMemory.allocate(max(16, capacity), room: InputLimits.storedFileBytes)
  }

  deinit { LargeMemory.free(base, capacity: capacity, mapped: mapped) }

  @inline(__always) func append(_ byte: UInt8) {
    if count == capacity { grow(to: count + 1) }
    base[count] = byte
    count += 1
  }

  @inline(__always) func append(_ bytes: UnsafeRawBufferPointer) {
    guard bytes.count > 0 else { return }
    if count + bytes.count > capacity { grow(to: count + bytes.count) }
    (UnsafeMutableRawPointer(base) + count).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
    count += bytes.count
  }

  private func grow(to needed: Int) {
    var newCapacity = capacity * 2
    while newCapacity < needed { newCapacity *= 2 }
    let larger = LargeMemory.allocate(newCapacity, room: newCapacity)
    larger.base.update(from: base, count: count)
    LargeMemory.free(base, capacity: capacity, mapped: mapped)
    (base, mapped, capacity) = larger
  }

  /// Empties the buffer, keeping its memory.
  func removeAll() { count = 0 }

  func copy() -> ByteBuffer {
    let other = ByteBuffer(capacity: capacity)
    other.append(UnsafeRawBufferPointer(start: base, count: count))
    return other
  }

  var array: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }
}
