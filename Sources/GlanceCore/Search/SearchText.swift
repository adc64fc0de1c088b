#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Text prepared for matching: lowercase, accents folded, punctuation turned into spaces.
///
/// "HbA1c", "hba1c", "a1 c" and "A1-C" all share the compact form `hba1c`/`a1c`, so people's
/// spacing and punctuation never decide whether something is found.
public struct SearchText: Hashable, Sendable {
  /// The words as UTF-8 bytes, which matching compares (far cheaper than Characters or Strings).
  let wordBytes: [[UInt8]]
  /// The words run together, as UTF-8 bytes.
  let compactBytes: [UInt8]

  /// Words, lowercased and folded: `["hdl", "cholesterol"]`.
  public var words: [String] { wordBytes.map { String(decoding: $0, as: UTF8.self) } }
  /// The words run together: `hdlcholesterol`.
  public var compact: String { String(decoding: compactBytes, as: UTF8.self) }

  public init(_ text: String) {
    // Plain ASCII (nearly every key, name and alias) is lowered and split byte by byte, straight
    // into the byte forms: the search index builds hundreds of these on every run.
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      var words: [[UInt8]] = []
      var compact: [UInt8] = []
      compact.reserveCapacity(text.utf8.count)
      var start = 0
      for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): compact.append(byte)
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): compact.append(byte + 32)
        default:
          if compact.count > start {
            words.append(Array(compact[start...]))
            start = compact.count
          }
        }
      }
      if compact.count > start { words.append(Array(compact[start...])) }
      wordBytes = words
      compactBytes = compact
      return
    }
    var words: [String] = []
    var current = ""
    for scalar in text.unicodeScalars {
      for folded in SearchText.fold(scalar) {
        if folded.properties.isAlphabetic || folded.properties.numericType != nil {
          current.unicodeScalars.append(folded)
        } else if !current.isEmpty {
          words.append(current)
          current = ""
        }
      }
    }
    if !current.isEmpty { words.append(current) }
    wordBytes = words.map { Array($0.utf8) }
    compactBytes = wordBytes.flatMap { $0 }
  }

  public var isEmpty: Bool { compactBytes.isEmpty }

  /// Lowercase, without accents (é → e, ß → ss), micro/mu signs as "u", full-width forms as
  /// ASCII: what a person typing on any keyboard means by the same word.
  static func fold(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
    let value = scalar.value
    if value < 0x80 {
      return [Unicode.Scalar(UInt8(value)).properties.lowercaseMapping.unicodeScalars.first ?? scalar]
    }
    if value == 0xB5 || value == 0x3BC || value == 0x39C { return ["u"] }
    if value == 0xDF { return ["s", "s"] }
    if (0xFF01...0xFF5E).contains(value), let ascii = Unicode.Scalar(value - 0xFEE0) { return fold(ascii) }
    if let base = latinBase[value] { return [base] }
    return Array(scalar.properties.lowercaseMapping.unicodeScalars)
  }

  /// Accented Latin letters and their base letter.
  static let latinBase: [UInt32: Unicode.Scalar] = {
    let groups: [(String, Unicode.Scalar)] = [
      ("ÀÁÂÃÄÅàáâãäåĀāĂăĄą", "a"), ("ÇçĆćĈĉĊċČč", "c"), ("ĎďĐđ", "d"), ("ÈÉÊËèéêëĒēĔĕĖėĘęĚě", "e"),
      ("ĜĝĞğĠġĢģ", "g"), ("ĤĥĦħ", "h"), ("ÌÍÎÏìíîïĨĩĪīĬĭĮįİı", "i"), ("Ĵĵ", "j"), ("Ķķ", "k"), ("ĹĺĻļĽľĿŀŁł", "l"),
      ("ÑñŃńŅņŇň", "n"), ("ÒÓÔÕÖØòóôõöøŌōŎŏŐő", "o"), ("ŔŕŖŗŘř", "r"), ("ŚśŜŝŞşŠš", "s"), ("ŢţŤťŦŧ", "t"),
      ("ÙÚÛÜùúûüŨũŪūŬŭŮůŰűŲų", "u"), ("Ŵŵ", "w"), ("ÝýÿŶŷŸ", "y"), ("ŹźŻżŽž", "z"), ("Ææ", "a"), ("Œœ", "o"),
    ]
    var table: [UInt32: Unicode.Scalar] = [:]
    for (letters, base) in groups {
      for scalar in letters.unicodeScalars { table[scalar.value] = base }
    }
    return table
  }()
}

/// The Damerau–Levenshtein (optimal string alignment) distance, giving up past `limit`.
public func editDistance<Element: Equatable>(_ a: [Element], _ b: [Element], limit: Int) -> Int {
  if abs(a.count - b.count) > limit { return limit + 1 }
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  var previousPrevious = [Int](repeating: 0, count: b.count + 1)
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    var rowMinimum = current[0]
    for j in 1...b.count {
      let cost = a[i - 1] == b[j - 1] ? 0 : 1
      var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
        value = min(value, previousPrevious[j - 2] + 1)
      }
      current[j] = value
      rowMinimum = min(rowMinimum, value)
    }
    if rowMinimum > limit { return limit + 1 }
    (previousPrevious, previous, current) = (previous, current, previousPrevious)
  }
  return previous[b.count]
}

/// How many typos a word of `length` characters may carry and still match: none for short words
/// (so "ldl" never finds "hdl"), one from 4, two from 10.
func allowedTypos(forLength length: Int) -> Int {
  switch length {
  case ..<4: 0
  case 4..<10: 1
  default: 2
  }
}
