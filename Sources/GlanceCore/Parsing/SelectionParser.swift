#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads a choice from a numbered list: `1 3`, `1,3`, `2-4`, `all`.
public enum SelectionParser {
  /// The chosen 1-based numbers, in the order given, without repeats; nil when the text is not a
  /// selection (so it can be treated as a search instead).
  public static func parse(_ text: String, count: Int) -> [Int]? {
    let trimmed = text.trimmingWhitespace().lowercased()
    if trimmed == "all" || trimmed == "*" { return Array(1..<(count + 1)) }
    guard count > 0 else { return nil }
    let pieces = trimmed.split { $0 == " " || $0 == "," }
    guard !pieces.isEmpty else { return nil }
    var result: [Int] = []
    for piece in pieces {
      guard piece.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") }) else { return nil }
      let bounds = piece.split(separator: "-", omittingEmptySubsequences: false)
      if bounds.count == 1, let number = Int(bounds[0]), (1...count).contains(number) {
        if !result.contains(number) { result.append(number) }
      } else if bounds.count == 2, let low = Int(bounds[0]), let high = Int(bounds[1]), low <= high,
        (1...count).contains(low), (1...count).contains(high)
      {
        for number in low...high where !result.contains(number) { result.append(number) }
      } else {
        return nil
      }
    }
    return result
  }
}
