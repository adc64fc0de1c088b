/// Splits input into lines as it arrives, refusing a line longer than `limit` bytes instead of
/// waiting for its end (`glance batch < /dev/zero` would otherwise read until memory runs out).
public struct LineBuffer: Sendable {
  /// What `next` found.
  public enum Line: Equatable, Sendable {
    case line(String)
    /// More bytes are needed (call `feed`, or `finish` at the end of input).
    case needMore
    case tooLong
  }

  public let limit: Int
  private var pending: [UInt8] = []
  private var start = 0
  private var ended = false

  public init(limit: Int = InputLimits.lineBytes) { self.limit = limit }

  /// Adds bytes that were read.
  public mutating func feed(_ bytes: some Sequence<UInt8>) {
    if start > 0 {
      pending.removeFirst(start)
      start = 0
    }
    pending.append(contentsOf: bytes)
  }

  /// No more bytes will come: what is left is the last line.
  public mutating func finish() { ended = true }

  /// True when every line has been taken and input has ended.
  public var isExhausted: Bool { ended && start >= pending.count }

  /// The next line without its line ending (LF or CRLF).
  public mutating func next() -> Line {
    if let newline = pending[start...].firstIndex(of: 0x0A) {
      guard newline - start <= limit else { return .tooLong }
      var end = newline
      if end > start, pending[end - 1] == 0x0D { end -= 1 }
      let line = String(decoding: pending[start..<end], as: UTF8.self)
      start = newline + 1
      return .line(line)
    }
    if pending.count - start > limit { return .tooLong }
    if ended, start < pending.count {
      var end = pending.count
      if pending[end - 1] == 0x0D { end -= 1 }
      let line = String(decoding: pending[start..<end], as: UTF8.self)
      start = pending.count
      return .line(line)
    }
    return .needMore
  }
}

/// A line of input was longer than glance reads.
public struct InputTooLong: GlanceError, Equatable {
  public init() {}

  public var message: String {
    "A line of input is longer than glance reads (\(InputLimits.text(InputLimits.lineBytes)) bytes). Nothing was changed."
  }

  public var kind: ErrorKind { .refused }
}
