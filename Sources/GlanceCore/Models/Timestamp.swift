#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An instant in whole seconds, stored as ISO 8601 in UTC (`2025-02-15T09:30:00Z`).
///
/// Whole seconds make a save → load round trip exact; `JSONEncoder`'s `.iso8601` strategy drops
/// fractions and its default strategy stores seconds since 2001, so neither is used.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Seconds since 1970-01-01T00:00:00Z.
  public let secondsSince1970: Int64

  public init(secondsSince1970: Int64) { self.secondsSince1970 = secondsSince1970 }

  /// The instant `date`, rounded down to the whole second.
  public init(_ date: Date) {
    self.secondsSince1970 = Int64(date.timeIntervalSince1970.rounded(.down))
  }

  /// This instant on the system clock.
  public static func now() -> Timestamp { Timestamp(Date()) }

  public var date: Date { Date(timeIntervalSince1970: TimeInterval(secondsSince1970)) }

  /// The UTC calendar day this instant falls on.
  public var utcDay: CalendarDate {
    let days = secondsSince1970 >= 0 ? secondsSince1970 / 86_400 : (secondsSince1970 - 86_399) / 86_400
    return CalendarDate(dayNumber: Int(days)) ?? CalendarDate(year: 1970, month: 1, day: 1)!
  }

  /// `YYYY-MM-DDTHH:MM:SSZ`.
  public var iso: String {
    let day = utcDay
    let secondsOfDay = Int(secondsSince1970 - Int64(day.dayNumber) * 86_400)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return
      "\(day.iso)T\(two(secondsOfDay / 3600)):\(two(secondsOfDay / 60 % 60)):\(two(secondsOfDay % 60))Z"
  }

  /// Parses exactly `YYYY-MM-DDTHH:MM:SSZ`.
  public init?(iso text: some StringProtocol) {
    var text = String(text)
    guard let value = text.withUTF8({ Timestamp(isoBytes: $0) }) else { return nil }
    self = value
  }

  /// Parses exactly `YYYY-MM-DDTHH:MM:SSZ` from UTF-8 bytes.
  @inline(__always)
  public init?(isoBytes bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count == 20, bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
      bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "Z"),
      let day = CalendarDate(isoBytes: UnsafeBufferPointer(rebasing: bytes[0..<10])),
      let hour = digits(bytes, 11, 2), let minute = digits(bytes, 14, 2), let second = digits(bytes, 17, 2),
      hour < 24, minute < 60, second < 60
    else { return nil }
    self.secondsSince1970 = Int64(day.dayNumber) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
  }

  /// True when `bytes` are exactly a time `init(isoBytes:)` reads, checked without working out
  /// the instant (the fast display read checks every reading's).
  @inline(__always)
  static func isValid(isoBytes bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard bytes.count == 20, bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
      bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "Z"),
      CalendarDate(isoBytes: UnsafeBufferPointer(rebasing: bytes[0..<10])) != nil,
      let hour = digits(bytes, 11, 2), let minute = digits(bytes, 14, 2), let second = digits(bytes, 17, 2)
    else { return false }
    return hour < 24 && minute < 60 && second < 60
  }

  public var description: String { iso }

  public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
    lhs.secondsSince1970 < rhs.secondsSince1970
  }
}

extension Timestamp: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let value = Timestamp(iso: text) else {
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription: "Expected a UTC time as YYYY-MM-DDTHH:MM:SSZ, found \"\(text)\".")
    }
    self = value
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(iso)
  }
}
