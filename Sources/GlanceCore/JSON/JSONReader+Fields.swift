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
  var raw: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
  let ok = withUnsafeMutableBytes(of: &raw) { output -> Bool in
    var index = 0
    for byteIndex in 0..<16 {
      if index == 8 || index == 13 || index == 18 || index == 23 { index += 1 }
      guard let high = hexValue(bytes[index]), let low = hexValue(bytes[index + 1]) else { return false }
      output[byteIndex] = high << 4 | low
      index += 2
    }
    return true
  }
  return ok ? UUID(uuid: raw) : nil
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
