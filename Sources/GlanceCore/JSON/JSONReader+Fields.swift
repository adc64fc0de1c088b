import Foundation

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

  /// A UUID in its 36-character text form.
  public mutating func readUUID() throws -> UUID {
    skipWhitespace()
    let start = position
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
    let text = try readString()
    guard let date = CalendarDate(iso: text) else {
      throw error("Expected a date as YYYY-MM-DD, found \"\(text.prefix(40))\".", at: start)
    }
    return date
  }

  /// A UTC time as `YYYY-MM-DDTHH:MM:SSZ`.
  public mutating func readTimestamp() throws -> Timestamp {
    skipWhitespace()
    let start = position
    let text = try readString()
    guard let timestamp = Timestamp(iso: text) else {
      throw error(
        "Expected a UTC time as YYYY-MM-DDTHH:MM:SSZ, found \"\(text.prefix(40))\".", at: start)
    }
    return timestamp
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
