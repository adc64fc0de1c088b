import Foundation

/// Text prepared for matching: lowercase, accents folded, punctuation turned into spaces.
///
/// "HbA1c", "hba1c", "a1 c" and "A1-C" all share the compact form `hba1c`/`a1c`, so people's
/// spacing and punctuation never decide whether something is found.
public struct SearchText: Hashable, Sendable {
  /// Words, lowercased and folded: `["hdl", "cholesterol"]`.
  public let words: [String]
  /// The words run together: `hdlcholesterol`.
  public let compact: String

  public init(_ text: String) {
    var folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
      .lowercased()
    // µ and μ (micro and mu) are how labs write "u" in units.
    folded = folded.replacingOccurrences(of: "µ", with: "u").replacingOccurrences(of: "μ", with: "u")
    var words: [String] = []
    var current = ""
    for scalar in folded.unicodeScalars {
      if CharacterSet.alphanumerics.contains(scalar) {
        current.unicodeScalars.append(scalar)
      } else if !current.isEmpty {
        words.append(current)
        current = ""
      }
    }
    if !current.isEmpty { words.append(current) }
    self.words = words
    self.compact = words.joined()
  }

  public var isEmpty: Bool { compact.isEmpty }
}

/// The Damerau–Levenshtein (optimal string alignment) distance, giving up past `limit`.
public func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
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
