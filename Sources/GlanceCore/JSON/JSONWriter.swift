/// Writes JSON text into a byte buffer: objects field by field, in the order the caller gives.
///
/// The data file is written with it as a pretty document whose records each sit on one line, so
/// the file stays readable and diffable, a change touches one line, and any JSON tool reads it.
public struct JSONWriter {
  public private(set) var bytes: [UInt8] = []

  public init(capacity: Int = 4096) { bytes.reserveCapacity(capacity) }

  @inline(__always) public mutating func raw(_ text: StaticString) {
    bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  @inline(__always) public mutating func raw(_ byte: UInt8) { bytes.append(byte) }

  public mutating func raw<S: Sequence>(_ other: S) where S.Element == UInt8 {
    bytes.append(contentsOf: other)
  }

  /// A newline followed by `level` × 2 spaces.
  public mutating func newline(indent level: Int) {
    bytes.append(0x0A)
    for _ in 0..<(level * 2) { bytes.append(0x20) }
  }

  /// A JSON string literal with the minimal escapes (quote, backslash, control characters).
  public mutating func string(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      var runStart = 0
      for index in 0..<utf8.count {
        let byte = utf8[index]
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        runStart = index + 1
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        default:
          let hex: [UInt8] = Array("0123456789abcdef".utf8)
          bytes.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        }
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
    }
    bytes.append(UInt8(ascii: "\""))
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
    bytes.append(contentsOf: Array(value.description.utf8))
  }

  public mutating func integer(_ value: Int64) {
    if value == 0 {
      bytes.append(0x30)
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
      if value < 0 { bytes.append(UInt8(ascii: "-")) }
      for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
    }
  }

  public mutating func bool(_ value: Bool) { value ? raw("true") : raw("false") }

  public mutating func null() { raw("null") }

  /// `"key": ` — the key and separator of an object member.
  public mutating func key(_ name: StaticString) {
    bytes.append(UInt8(ascii: "\""))
    raw(name)
    raw("\": ")
  }

  public mutating func key(_ name: String) {
    string(name)
    raw(": ")
  }
}
