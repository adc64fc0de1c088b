#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension JSONReader {
  /// A number, or nil for `null`.
  public mutating func readOptionalNumber() throws -> Double? {
    readNullIfPresent() ? nil : try readNumber()
  }

  /// A string, or nil for `null`.
  public mutating func readOptionalString() throws -> String? {
    readNullIfPresent() ? nil : try readString()
  }

  /// A whole number that fits an `Int`.
  public mutating func readInteger() throws -> Int {
    let start = position
    let value = try readNumber()
    guard value == value.rounded(), abs(value) < 1e15 else {
      throw error("Expected a whole number.", at: start)
    }
    return Int(value)
  }

  /// An array of strings.
  public mutating func readStringArray() throws -> [String] {
    var result: [String] = []
    try readArray { reader in result.append(try reader.readString()) }
    return result
  }

  /// A UUID in its 36-character text form (either case), read straight from the bytes.
  public mutating func readUUID() throws -> UUID {
    skipWhitespace()
    let start = position
    if let uuid = rawQuoted(36, { bytes in parseUUID(bytes) }) { return uuid }
    let text = try readString()
    guard let uuid = UUID(uuidString: text) else {
      throw error("Expected an id (a UUID).", at: start)
    }
    return uuid
  }

  /// A calendar date as `YYYY-MM-DD`.
  public mutating func readCalendarDate() throws -> CalendarDate {
    skipWhitespace()
    let start = position
    if let date = rawQuoted(10, { bytes in CalendarDate(isoBytes: bytes) }) { return date }
    _ = try readString()
    throw error("Expected a date as YYYY-MM-DD.", at: start)
  }

  /// A UTC time as `YYYY-MM-DDTHH:MM:SSZ`.
  public mutating func readTimestamp() throws -> Timestamp {
    skipWhitespace()
    let start = position
    if let timestamp = rawQuoted(20, { bytes in Timestamp(isoBytes: bytes) }) { return timestamp }
    _ = try readString()
    throw error("Expected a UTC time as YYYY-MM-DDTHH:MM:SSZ.", at: start)
  }

  /// A string that must be one of `T`'s raw values.
  public mutating func readEnum<T: RawRepresentable>(_ type: T.Type, _ what: String) throws -> T
  where T.RawValue == String {
    skipWhitespace()
    let start = position
    let text = try readString()
    guard let value = T(rawValue: text) else {
      throw error("Expected a known \(what).", at: start)
    }
    return value
  }
}

/// Fails with "… is missing “key”" at the start of the object when a required field was absent.
@inline(__always)
func required<T>(_ value: T?, _ key: String, in what: String, _ reader: borrowing JSONReader, at offset: Int)
  throws -> T
{
  guard let value else { throw reader.error("\(what) is missing \(quoted(key)).", at: offset) }
  return value
}

/// The UUID written as 36 hex characters with dashes at 8, 13, 18 and 23 (either case), or nil.
/// Eight digits at a time (`hexWord`): every command reads two ids a reading.
@inline(__always)
func parseUUID(_ bytes: UnsafeBufferPointer<UInt8>) -> UUID? {
  guard bytes.count == 36, bytes[8] == 0x2D, bytes[13] == 0x2D, bytes[18] == 0x2D, bytes[23] == 0x2D else {
    return nil
  }
  let text = UnsafeRawPointer(bytes.baseAddress!)
  @inline(__always) func word(_ offset: Int) -> UInt64 {
    UInt64(littleEndian: text.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }
  @inline(__always) func half(_ offset: Int) -> UInt64 {
    UInt64(UInt32(littleEndian: text.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
  }
  // 8-4-4-4-12: digits 0…7, 9…12 and 14…17, 19…22 and 24…27, 28…35.
  guard let a = hexWord(word(0)), let b = hexWord(half(9) | half(14) << 32),
    let c = hexWord(half(19) | half(24) << 32), let d = hexWord(word(28))
  else { return nil }
  let high = UInt64(a) << 32 | UInt64(b)
  let low = UInt64(c) << 32 | UInt64(d)
  return UUID(words: (high.bigEndian, low.bigEndian))
}

/// The value of eight hex digits (either case) loaded as a little-endian word, the first digit
/// in the lowest byte; nil when a byte is not a hex digit. All eight at once, without a table.
@inline(__always)
func hexWord(_ word: UInt64) -> UInt32? {
  let top: UInt64 = 0x8080_8080_8080_8080
  guard word & top == 0 else { return nil }
  // Bytes below 0x80 plus at most 0x50 never carry into the next byte: bit 7 of each sum says
  // whether that byte reached the bound.
  let isDigit = (word &+ 0x5050_5050_5050_5050) & ~(word &+ 0x4646_4646_4646_4646) & top  // 0x30…0x39
  let lower = word | 0x2020_2020_2020_2020
  let isLetter = (lower &+ 0x1F1F_1F1F_1F1F_1F1F) & ~(lower &+ 0x1919_1919_1919_1919) & top  // a…f, A…F
  guard isDigit | isLetter == top else { return nil }
  // The low nibble, plus 9 for a letter (bit 6 set): "0"…"9" are 0…9, "a"…"f" 10…15.
  let nibbles = (word & 0x0F0F_0F0F_0F0F_0F0F) &+ ((word >> 6) & 0x0101_0101_0101_0101) &* 9
  // The first digit is the most significant: put it in the highest byte, then pack the nibbles.
  var value = nibbles.byteSwapped
  value = (value | value >> 4) & 0x00FF_00FF_00FF_00FF
  value = (value | value >> 8) & 0x0000_FFFF_0000_FFFF
  value = (value | value >> 16) & 0x0000_0000_FFFF_FFFF
  return UInt32(truncatingIfNeeded: value)
}

/// A value for every byte, as a pointer rather than an array: reading it in a loop over bytes
/// costs no bounds check or reference count. (Read a table into a local before the loop: each
/// use of the global checks its lazy initialisation.)
func byteTable<T>(_ value: (UInt8) -> T) -> UnsafePointer<T> {
  let table = UnsafeMutablePointer<T>.allocate(capacity: 256)
  for byte in 0...255 { (table + Int(byte)).initialize(to: value(UInt8(byte))) }
  return UnsafePointer(table)
}

@inline(__always)
func hexValue(_ byte: UInt8) -> UInt8? {
  switch byte {
  case 48...57: byte - 48
  case 65...70: byte - 55
  case 97...102: byte - 87
  default: nil
  }
}
