/// Reads a choice from a numbered list: `1 3`, `1,3`, `2-4`, `all`.
public enum SelectionParser {
  /// The chosen 1-based numbers, in the order given, without repeats; nil when the text is not a
  /// selection (so it can be treated as a search instead).
  public static func parse(_ text: String, count: Int) -> [Int]? {
    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
    if trimmed == "all" || trimmed == "*" { return Array(1...max(1, count)).filter { $0 <= count } }
    let pieces = trimmed.split { $0 == " " || $0 == "," }
    guard !pieces.isEmpty else { return nil }
    var result: [Int] = []
    for piece in pieces {
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

import Foundation
