#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A strict, allocation-light pull parser over UTF-8 bytes, used to decode the data file, the
/// marker library and imports.
///
/// It exists because Foundation's decoders are slow (~40 MB/s) and, on Linux, report no position
/// for an error. This reader accepts exactly RFC 8259 JSON — no trailing commas, no `NaN`, no
/// leading zeros, no invalid UTF-8, no control characters inside strings — and every error says
/// the line and column where it happened.
public struct JSONReader: ~Copyable {
  @usableFromInline let base: UnsafePointer<UInt8>
  @usableFromInline let count: Int
  /// Offset of the next unread byte.
  public private(set) var position: Int = 0
  private var depth = 0
  private var seenKeys: [[(Int, Int)]] = []
  /// Keys of an object with many of them, by depth: past `linearKeys` the duplicate check hashes
  /// (a linear scan made a 100,000-key object take a minute).
  private var manyKeys: [Int: Set<[UInt8]>] = [:]
  /// Keys written with escapes (`"v\u0061lue"`) at each depth, as text: compared as what they
  /// say, so an escape cannot repeat a key unseen (attacker's second look).
  private var escapedKeys: [Int: Set<String>] = [:]
  private static let linearKeys = 32
  /// Short strings read before (units, sources), reused instead of made again: where each
  /// first stood in the bytes, and the string made then.
  private var internedSpans: [(start: Int, count: Int, head: UInt64)] = []
  private var internedTexts: [String] = []
  private static let maximumDepth = 128
  /// The most significant digits a number may have: glance writes 17 at most.
  static let maximumDigits = 40
  /// Which way each record was read; a canonical file takes no fallback (`ReadPathTests`).
  var paths = ReadPaths()

  /// Runs `body` with a reader over `bytes`; the reader must not escape.
  public static func read<T>(
    _ bytes: some ContiguousBytes, _ body: (inout JSONReader) throws -> T
  ) throws -> T {
    try bytes.withUnsafeBytes { raw in
      let typed = raw.bindMemory(to: UInt8.self)
      // An empty buffer has no base address; point at a harmless byte instead.
      var empty: UInt8 = 0
      return try withUnsafePointer(to: &empty) { emptyPointer in
        var reader = JSONReader(base: typed.baseAddress ?? emptyPointer, count: typed.count)
        // A UTF-8 byte-order mark, which some editors write first (attacker review at stop 34: a
        // data file saved so was "damaged"), is passed over; JSON itself has none.
        if typed.count >= 3, typed[0] == 0xEF, typed[1] == 0xBB, typed[2] == 0xBF { reader.position = 3 }
        return try body(&reader)
      }
    }
  }

  private init(base: UnsafePointer<UInt8>, count: Int) {
    self.base = base
    self.count = count
  }

  // MARK: Structure

  /// Fails unless only whitespace is left.
  public mutating func expectEnd() throws {
    skipWhitespace()
    if position < count { throw error("Unexpected text after the end of the document.") }
  }

  /// Reads an object, calling `body` with each key; `body` must consume the value.
  /// A key that appears twice is an error.
  public mutating func readObject(_ body: (inout JSONReader, JSONKey) throws -> Void) throws {
    try enter()
    try expect(UInt8(ascii: "{"), "an object (“{”)")
    skipWhitespace()
    if peek() == UInt8(ascii: "}") {
      position += 1
      depth -= 1
      return
    }
    // The raw bytes of each key seen so far at this depth, for the duplicate check; the arrays
    // are reused, so reading a record allocates nothing for its keys.
    while seenKeys.count <= depth { seenKeys.append([]) }
    seenKeys[depth].removeAll(keepingCapacity: true)
    manyKeys[depth] = nil
    // NB: touched only when a key had escapes (glance's own never do): a read of 100,000 records
    // pays nothing for the check.
    if !escapedKeys.isEmpty { escapedKeys[depth] = nil }
    defer {
      manyKeys[depth] = nil
      if !escapedKeys.isEmpty { escapedKeys[depth] = nil }
    }
    while true {
      skipWhitespace()
      let key = try readKey()
      var repeated = false
      if seenKeys[depth].count < JSONReader.linearKeys {
        for (start, count) in seenKeys[depth]
        where count == key.count && memcmp(base + start, base + key.start, count) == 0 {
          repeated = true
        }
        seenKeys[depth].append((key.start, key.count))
        if seenKeys[depth].count == JSONReader.linearKeys {
          manyKeys[depth] = Set(seenKeys[depth].map { Array(UnsafeBufferPointer(start: base + $0.0, count: $0.1)) })
        }
      } else {
        repeated = !manyKeys[depth, default: []].insert(
          Array(UnsafeBufferPointer(start: base + key.start, count: key.count))
        ).inserted
      }
      if let decoded = key.decoded {
        let bytes = Array(decoded.utf8)
        repeated =
          repeated || !escapedKeys[depth, default: []].insert(decoded).inserted
          || manyKeys[depth]?.contains(bytes) == true
          || seenKeys[depth].contains { $0.1 == bytes.count && memcmp(base + $0.0, bytes, bytes.count) == 0 }
      } else if !escapedKeys.isEmpty, let escaped = escapedKeys[depth], escaped.contains(key.string) {
        repeated = true
      }
      if repeated {
        position = key.start - 1
        // NB: not the key itself: in a hand-edited data file it could be anything typed there.
        throw error("A key appears twice in the same object.")
      }
      skipWhitespace()
      try expect(UInt8(ascii: ":"), "“:” after a key")
      skipWhitespace()
      try body(&self, key)
      skipWhitespace()
      guard let next = peek() else { throw error("The document ends inside an object.") }
      position += 1
      if next == UInt8(ascii: "}") { break }
      if next != UInt8(ascii: ",") {
        position -= 1
        throw error("Expected “,” or “}” in an object.")
      }
    }
    depth -= 1
  }

  /// A key: its raw bytes when it has no escapes (the common case, compared without allocating),
  /// else its decoded text.
  private mutating func readKey() throws -> JSONKey {
    guard position < count, base[position] == UInt8(ascii: "\"") else {
      throw error(position < count ? "Expected a key (a string)." : "The document ends where a key was expected.")
    }
    let start = position + 1
    var index = start
    var high: UInt8 = 0
    while index < count, base[index] != UInt8(ascii: "\""), base[index] != UInt8(ascii: "\\"), base[index] >= 0x20 {
      high |= base[index]
      index += 1
    }
    if index < count, base[index] == UInt8(ascii: "\"") {
      position = index + 1
      // NB: ASCII keys (all of glance's) need no UTF-8 check; Swift's generic validator is slow.
      if high >= 0x80, !isValidUTF8(UnsafeBufferPointer(start: base + start, count: index - start)) {
        position = start
        throw error("A string is not valid UTF-8.")
      }
      return JSONKey(base: base, start: start, count: index - start, decoded: nil)
    }
    // Escapes or an error: the full string reader decides.
    let text = try readString()
    return JSONKey(base: base, start: start, count: position - 1 - start, decoded: text)
  }

  /// Reads an array, calling `body` once per element; `body` must consume the element.
  public mutating func readArray(_ body: (inout JSONReader) throws -> Void) throws {
    try enter()
    try expect(UInt8(ascii: "["), "an array (“[”)")
    skipWhitespace()
    if peek() == UInt8(ascii: "]") {
      position += 1
      depth -= 1
      return
    }
    while true {
      skipWhitespace()
      try body(&self)
      skipWhitespace()
      guard let next = peek() else { throw error("The document ends inside an array.") }
      position += 1
      if next == UInt8(ascii: "]") { break }
      if next != UInt8(ascii: ",") {
        position -= 1
        throw error("Expected “,” or “]” in an array.")
      }
    }
    depth -= 1
  }

  /// Skips any value, checking that it is well-formed.
  public mutating func skipValue() throws {
    skipWhitespace()
    switch peek() {
    case UInt8(ascii: "{"): try readObject { reader, _ in try reader.skipValue() }
    case UInt8(ascii: "["): try readArray { reader in try reader.skipValue() }
    case UInt8(ascii: "\""): _ = try readString()
    case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try readBool()
    case UInt8(ascii: "n"): try readNull()
    case nil: throw error("The document ends where a value was expected.")
    default: _ = try readNumber()
    }
  }

  // MARK: Scalars

  /// True, and consumes it, when the next value is `null`.
  public mutating func readNullIfPresent() -> Bool {
    skipWhitespace()
    if position + 4 <= count, base[position] == UInt8(ascii: "n"), base[position + 1] == UInt8(ascii: "u"),
      base[position + 2] == UInt8(ascii: "l"), base[position + 3] == UInt8(ascii: "l")
    {
      position += 4
      return true
    }
    return false
  }

  public mutating func readNull() throws {
    if !readNullIfPresent() { throw error("Expected null.") }
  }

  public mutating func readBool() throws -> Bool {
    skipWhitespace()
    if matches("true") {
      position += 4
      return true
    }
    if matches("false") {
      position += 5
      return false
    }
    throw error("Expected true or false.")
  }

  /// Reads a string that is usually one of a few (a unit, a source): a plain string seen before
  /// is returned without being made again. Known strings are told apart by length and first
  /// eight bytes, so the usual short unit is matched without a `memcmp` call.
  public mutating func readInternedString() throws -> String {
    skipWhitespace()
    if position < count, base[position] == UInt8(ascii: "\"") {
      let start = position + 1
      var end = start
      let limit = Swift.min(count, start + 25)
      // NB: the global read once: inside the loop its lazy-initialisation check ran every byte.
      let stops = stopsPlainString
      while end < limit, !stops[Int(base[end])] { end += 1 }
      if end < count, base[end] == UInt8(ascii: "\"") {
        let length = end - start
        // The first eight bytes as one number (zero past the end of a shorter string).
        var head: UInt64 = 0
        if start + 8 <= count {
          head = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
          if length < 8 { head &= (1 << (8 * UInt64(length))) &- 1 }
        } else {
          for offset in 0..<length { head |= UInt64(base[start + offset]) << (8 * UInt64(offset)) }
        }
        for index in internedSpans.indices {
          let known = internedSpans[index]
          if known.head == head, known.count == length,
            length <= 8 || memcmp(base + known.start + 8, base + start + 8, length - 8) == 0
          {
            position = end + 1
            return internedTexts[index]
          }
        }
        let text = try readString()
        if internedSpans.count < 32 {
          internedSpans.append((start, length, head))
          internedTexts.append(text)
        }
        return text
      }
    }
    return try readString()
  }

  /// Reads a string, decoding escapes; invalid UTF-8 and raw control characters are errors.
  public mutating func readString() throws -> String {
    skipWhitespace()
    try expect(UInt8(ascii: "\""), "a string (“\"”)")
    let start = position
    // Fast path: no escapes and plain ASCII or valid UTF-8 up to the closing quote.
    var index = start
    var sawEscape = false
    var high: UInt8 = 0
    while index < count {
      let byte = base[index]
      if byte == UInt8(ascii: "\"") { break }
      if byte == UInt8(ascii: "\\") {
        sawEscape = true
        index += 2
        continue
      }
      if byte < 0x20 {
        position = index
        throw error("A string contains a raw control character; it must be escaped.")
      }
      high |= byte
      index += 1
    }
    guard index < count else {
      position = start - 1
      throw error("A string is not closed.")
    }
    if !sawEscape {
      let buffer = UnsafeBufferPointer(start: base + start, count: index - start)
      if high >= 0x80, !isValidUTF8(buffer) {
        position = start
        throw error("A string is not valid UTF-8.")
      }
      position = index + 1
      return String(decoding: buffer, as: UTF8.self)
    }
    return try readEscapedString(from: start)
  }

  private mutating func readEscapedString(from start: Int) throws -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(32)
    position = start
    while true {
      guard position < count else { throw error("A string is not closed.") }
      let byte = base[position]
      if byte == UInt8(ascii: "\"") {
        position += 1
        break
      }
      if byte < 0x20 { throw error("A string contains a raw control character; it must be escaped.") }
      if byte != UInt8(ascii: "\\") {
        bytes.append(byte)
        position += 1
        continue
      }
      position += 1
      guard position < count else { throw error("A string is not closed.") }
      let escape = base[position]
      position += 1
      switch escape {
      case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
      case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
      case UInt8(ascii: "/"): bytes.append(UInt8(ascii: "/"))
      case UInt8(ascii: "b"): bytes.append(0x08)
      case UInt8(ascii: "f"): bytes.append(0x0C)
      case UInt8(ascii: "n"): bytes.append(0x0A)
      case UInt8(ascii: "r"): bytes.append(0x0D)
      case UInt8(ascii: "t"): bytes.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = try readHex4()
        if (0xD800...0xDBFF).contains(scalar) {
          guard position + 1 < count, base[position] == UInt8(ascii: "\\"),
            base[position + 1] == UInt8(ascii: "u")
          else { throw error("A string has an unpaired surrogate escape.") }
          position += 2
          let low = try readHex4()
          guard (0xDC00...0xDFFF).contains(low) else {
            throw error("A string has an unpaired surrogate escape.")
          }
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalar) {
          throw error("A string has an unpaired surrogate escape.")
        }
        guard let unicode = Unicode.Scalar(scalar) else {
          throw error("A string has an invalid escape.")
        }
        bytes.append(contentsOf: Array(String(Character(unicode)).utf8))
      default:
        position -= 2
        throw error("A string has an invalid escape “\\\(Character(Unicode.Scalar(escape)))”.")
      }
    }
    guard bytes.withUnsafeBufferPointer(isValidUTF8) else { throw error("A string is not valid UTF-8.") }
    return String(decoding: bytes, as: UTF8.self)
  }

  private mutating func readHex4() throws -> UInt32 {
    guard position + 4 <= count else { throw error("A string has a short \\u escape.") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = base[position]
      let digit: UInt32
      switch byte {
      case 48...57: digit = UInt32(byte - 48)
      case 65...70: digit = UInt32(byte - 55)
      case 97...102: digit = UInt32(byte - 87)
      default: throw error("A string has an invalid \\u escape.")
      }
      value = value * 16 + digit
      position += 1
    }
    return value
  }

  /// Reads a number by JSON's grammar; it is always finite.
  public mutating func readNumber() throws -> Double {
    skipWhitespace()
    let start = position
    var index = position
    var negative = false
    if index < count, base[index] == UInt8(ascii: "-") {
      negative = true
      index += 1
    }
    // Integer part: 0, or a non-zero digit followed by digits.
    var mantissa: UInt64 = 0
    var digits = 0
    var exponent = 0
    guard index < count, base[index].isASCIIDigit else { throw error("Expected a number.") }
    if base[index] == UInt8(ascii: "0") {
      index += 1
      if index < count, base[index].isASCIIDigit {
        position = index
        throw error("A number has a leading zero.")
      }
    } else {
      while index < count, base[index].isASCIIDigit {
        if digits < 19 {
          mantissa = mantissa * 10 + UInt64(base[index] - 48)
          if mantissa != 0 { digits += 1 }
        } else {
          exponent += 1
          digits += 1
        }
        index += 1
      }
    }
    if index < count, base[index] == UInt8(ascii: ".") {
      index += 1
      guard index < count, base[index].isASCIIDigit else {
        position = index
        throw error("A number has no digits after its decimal point.")
      }
      while index < count, base[index].isASCIIDigit {
        if digits < 19 {
          mantissa = mantissa * 10 + UInt64(base[index] - 48)
          if mantissa != 0 { digits += 1 }
          exponent -= 1
        } else {
          digits += 1
        }
        index += 1
      }
    }
    if index < count, base[index] == UInt8(ascii: "e") || base[index] == UInt8(ascii: "E") {
      index += 1
      var exponentNegative = false
      if index < count, base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-") {
        exponentNegative = base[index] == UInt8(ascii: "-")
        index += 1
      }
      guard index < count, base[index].isASCIIDigit else {
        position = index
        throw error("A number has no digits in its exponent.")
      }
      var value = 0
      while index < count, base[index].isASCIIDigit {
        if value < 100_000 { value = value * 10 + Int(base[index] - 48) }
        index += 1
      }
      exponent += exponentNegative ? -value : value
    }
    // More digits than any number glance writes (17), or a lab prints: never read as a rounded
    // value without a word (attacker review at stop 37: a 5,000-digit number was kept).
    guard digits <= Self.maximumDigits else {
      position = start
      throw error("A number has more than \(Self.maximumDigits) digits.")
    }
    position = index
    // Clinger's fast path: exact when the mantissa and the power of ten are both exact doubles.
    if digits <= 15, abs(exponent) <= 22 {
      var value = Double(mantissa)
      if exponent < 0 {
        value /= powersOfTen[-exponent]
      } else if exponent > 0 {
        value *= powersOfTen[exponent]
      }
      return negative ? -value : value
    }
    let text = String(decoding: UnsafeBufferPointer(start: base + start, count: index - start), as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      position = start
      // NB: the number itself is not repeated: it may be a health value from the data file.
      throw error("A number is too large.")
    }
    // A number that is not zero but reads as zero (1e-400) would be kept as 0 without a word.
    guard value != 0 || digits == 0 else {
      position = start
      throw error("A number is too small to read (it is not zero, and would read as zero).")
    }
    return value
  }

  // MARK: Helpers

  /// Consumes `literal` when the bytes at the current position are exactly it.
  @inline(__always)
  mutating func consume(_ literal: StaticString) -> Bool {
    let length = literal.utf8CodeUnitCount
    guard position + length <= count, memcmp(base + position, literal.utf8Start, length) == 0 else { return false }
    position += length
    return true
  }

  /// Goes back to `offset` (after a fast path gave up).
  mutating func restore(_ offset: Int) { position = offset }

  /// When the next value is a string of exactly `length` plain bytes, passes them to `parse`; on
  /// success consumes the string. Nil (and nothing consumed) otherwise, for the slow path.
  @inline(__always)
  /// `length` bytes parsed by `parse` (no quotes around them), or nil with nothing consumed.
  mutating func raw<T>(_ length: Int, _ parse: (UnsafeBufferPointer<UInt8>) -> T?) -> T? {
    guard position + length <= count, let value = parse(UnsafeBufferPointer(start: base + position, count: length))
    else { return nil }
    position += length
    return value
  }

  mutating func rawQuoted<T>(_ length: Int, _ parse: (UnsafeBufferPointer<UInt8>) -> T?) -> T? {
    guard position + length + 2 <= count, base[position] == UInt8(ascii: "\""),
      base[position + length + 1] == UInt8(ascii: "\"")
    else { return nil }
    guard let value = parse(UnsafeBufferPointer(start: base + position + 1, count: length)) else { return nil }
    position += length + 2
    return value
  }

  /// The next byte after whitespace, not consumed.
  public mutating func peekAfterWhitespace() -> UInt8? {
    skipWhitespace()
    return peek()
  }

  @inline(__always) private func peek() -> UInt8? { position < count ? base[position] : nil }

  private func matches(_ word: StaticString) -> Bool {
    let length = word.utf8CodeUnitCount
    guard position + length <= count else { return false }
    let pointer = word.utf8Start
    for offset in 0..<length where base[position + offset] != pointer[offset] { return false }
    return true
  }

  @inline(__always) public mutating func skipWhitespace() {
    while position < count {
      switch base[position] {
      case 0x20, 0x0A, 0x0D, 0x09: position += 1
      default: return
      }
    }
  }

  private mutating func expect(_ byte: UInt8, _ what: String) throws {
    guard position < count else { throw error("The document ends where \(what) was expected.") }
    guard base[position] == byte else { throw error("Expected \(what).") }
    position += 1
  }

  private mutating func enter() throws {
    depth += 1
    if depth > JSONReader.maximumDepth { throw error("The document is nested too deeply.") }
  }

  /// An error at the current position, with its line and column.
  public func error(_ message: String) -> JSONError { error(message, at: position) }

  /// An error at byte `offset`, with its line and column.
  public func error(_ message: String, at offset: Int) -> JSONError {
    var line = 1
    var lineStart = 0
    let end = min(offset, count)
    var index = 0
    while index < end {
      if base[index] == 0x0A {
        line += 1
        lineStart = index + 1
      }
      index += 1
    }
    return JSONError(message: message, offset: end, line: line, column: end - lineStart + 1)
  }
}

/// True when `bytes` are well-formed UTF-8 (no overlongs, surrogates or values past U+10FFFF).
/// Hand-written because the standard library's validator is generic and slow here.
func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
  var index = 0
  let count = bytes.count
  while index < count {
    let lead = bytes[index]
    if lead < 0x80 {
      index += 1
      continue
    }
    let length: Int
    let minimum: UInt32
    var scalar: UInt32
    switch lead {
    case 0xC2...0xDF: (length, minimum, scalar) = (2, 0x80, UInt32(lead & 0x1F))
    case 0xE0...0xEF: (length, minimum, scalar) = (3, 0x800, UInt32(lead & 0x0F))
    case 0xF0...0xF4: (length, minimum, scalar) = (4, 0x10000, UInt32(lead & 0x07))
    default: return false
    }
    guard index + length <= count else { return false }
    for offset in 1..<length {
      let continuation = bytes[index + offset]
      guard continuation & 0xC0 == 0x80 else { return false }
      scalar = scalar << 6 | UInt32(continuation & 0x3F)
    }
    if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return false }
    index += length
  }
  return true
}

/// An object key as read: compared with string literals without allocating.
public struct JSONKey: CustomStringConvertible {
  let base: UnsafePointer<UInt8>
  let start: Int
  let count: Int
  /// Set when the key had escapes; then it, not the raw bytes, is the key.
  let decoded: String?

  /// The key as text.
  public var string: String {
    decoded ?? String(decoding: UnsafeBufferPointer(start: base + start, count: count), as: UTF8.self)
  }

  public var description: String { string }

  /// True when the key is `literal`.
  public static func == (key: JSONKey, literal: StaticString) -> Bool {
    if let decoded = key.decoded { return decoded == literal.description }
    return key.count == literal.utf8CodeUnitCount && memcmp(key.base + key.start, literal.utf8Start, key.count) == 0
  }

  /// Lets `switch key { case "id": … }` match without allocating.
  public static func ~= (pattern: StaticString, key: JSONKey) -> Bool { key == pattern }
}

/// What is wrong with a JSON text, and where (1-based line and column, 0-based byte offset).
public struct JSONError: Error, Equatable, Sendable, CustomStringConvertible {
  public var message: String
  public var offset: Int
  public var line: Int
  public var column: Int

  public var description: String { "line \(line), column \(column): \(message)" }
}

private let powersOfTen: [Double] = [
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17,
  1e18, 1e19, 1e20, 1e21, 1e22,
]

/// Bytes that end the plain part of a string: the closing quote, an escape, a control character.
nonisolated(unsafe) let stopsPlainString = byteTable { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }

/// Which way a decode read its records: the fast path for the layout `DocumentCodec.encode`
/// writes, or a fallback. A fallback is correct but slow, and silent: a field added to the
/// writer but not to a fast reader shows up here, not as a failing read.
public struct ReadPaths: Equatable, Sendable {
  /// Entries read in the writer's exact layout (`readCanonicalEntry`).
  public var canonicalEntries = 0
  /// Entries that needed the general reader (a hand edit, another key order).
  public var generalEntries = 0
  /// Tracked markers that needed the general reader (`readCanonicalUserMarker` gave up).
  public var generalTrackedMarkers = 0
  /// Entry arrays skimmed for a screen, and those the skim gave up on (read in full instead).
  public var skims = 0
  public var skimFallbacks = 0

  public init() {}

  /// Reads that left a fast path.
  public var fallbacks: Int { generalEntries + generalTrackedMarkers + skimFallbacks }
}
