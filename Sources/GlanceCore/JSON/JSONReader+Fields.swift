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
      throw error("Expected an id (a UUID), found \"\(text.prefix(40))\".", at: start)
    }
    return uuid
  }

  /// A calendar date as `YYYY-MM-DD`.
  public mutating func readCalendarDate() throws -> CalendarDate {
    skipWhitespace()
    let start = position
    if let date = rawQuoted(10, { bytes in CalendarDate(isoBytes: bytes) }) { return date }
    let text = try readString()
    throw error("Expected a date as YYYY-MM-DD, found \"\(text.prefix(40))\".", at: start)
  }

  /// A UTC time as `YYYY-MM-DDTHH:MM:SSZ`.
  public mutating func readTimestamp() throws -> Timestamp {
    skipWhitespace()
    let start = position
    if let timestamp = rawQuoted(20, { bytes in Timestamp(isoBytes: bytes) }) { return timestamp }
    let text = try readString()
    throw error("Expected a UTC time as YYYY-MM-DDTHH:MM:SSZ, found \"\(text.prefix(40))\".", at: start)
  }

  /// A string that must be one of `T`'s raw values.
  public mutating func readEnum<T: RawRepresentable>(_ type: T.Type, _ what: String) throws -> T
  where T.RawValue == String {
    skipWhitespace()
    let start = position
    let text = try readString()
    guard let value = T(rawValue: text) else {
      throw error("\"\(text.prefix(40))\" is not a known \(what).", at: start)
    }
    return value
  }
}

/// Fails with "… is missing “key”" at the start of the object when a required field was absent.
@inline(__always)
func required<T>(_ value: T?, _ key: String, in what: String, _ reader: borrowing JSONReader, at offset: Int)
  throws -> T
{
  guard let value else { throw reader.error("\(what) is missing “\(key)”.", at: offset) }
  return value
}

/// The UUID written as 36 hex characters with dashes at 8, 13, 18 and 23 (either case), or nil.
@inline(__always)
func parseUUID(_ bytes: UnsafeBufferPointer<UInt8>) -> UUID? {
  guard bytes.count == 36, bytes[8] == 0x2D, bytes[13] == 0x2D, bytes[18] == 0x2D, bytes[23] == 0x2D else {
    return nil
  }
  // Two 64-bit halves from 32 hex digits; 0xFF in the table marks a non-hex byte.
  var high: UInt64 = 0
  var low: UInt64 = 0
  var bad: UInt8 = 0
  let table = hexDigits
  let text = bytes.baseAddress!
  @inline(__always) func take(_ range: Range<Int>, into value: inout UInt64) {
    for index in range {
      let digit = table[Int(text[index])]
      bad |= digit
      value = value << 4 | UInt64(digit & 0x0F)
    }
  }
  take(0..<8, into: &high)
  take(9..<13, into: &high)
  take(14..<18, into: &high)
  take(19..<23, into: &low)
  take(24..<36, into: &low)
  guard bad & 0xF0 == 0 else { return nil }
  return UUID(words: (high.bigEndian, low.bigEndian))
}

/// Hex digit values by byte; 0xFF for bytes that are not hex digits.
nonisolated(unsafe) let hexDigits = byteTable { byte -> UInt8 in
  switch byte {
  case 48...57: byte - 48
  case 65...70: byte - 55
  case 97...102: byte - 87
  default: 0xFF
  }
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
