#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Short ids as git shows them: the first characters of a UUID (lowercase, no dashes), as many as
/// it takes to tell it apart from the others, at least four.
public enum ShortID {
  public static let minimumLength = 4

  /// The id's hex digits, lowercase.
  public static func hex(_ id: UUID) -> String {
    id.uuidString.lowercased().replacing("-", with: "")
  }

  /// The shortest unique prefix (≥ 4) of each id among `ids`.
  public static func prefixes(for ids: [UUID]) -> [UUID: String] {
    let hexes = ids.map(hex).sorted()
    var lengths: [String: Int] = [:]
    for (index, value) in hexes.enumerated() {
      var length = minimumLength
      for neighbour in [index - 1, index + 1] where hexes.indices.contains(neighbour) {
        let shared = zip(value, hexes[neighbour]).prefix { $0 == $1 }.count
        length = max(length, shared + 1)
      }
      lengths[value] = min(length, 32)
    }
    var result: [UUID: String] = [:]
    for id in ids {
      let value = hex(id)
      result[id] = String(value.prefix(lengths[value] ?? minimumLength))
    }
    return result
  }

  /// What a typed prefix points at.
  public enum Resolution: Equatable, Sendable {
    case found(UUID)
    case ambiguous([UUID])
    case notFound
    /// Fewer than `minimumLength` characters: too short to trust, as git refuses them too.
    case tooShort
  }

  /// The one id that starts with `prefix` (dashes and case ignored).
  public static func resolve(_ prefix: String, among ids: [UUID]) -> Resolution {
    let wanted = prefix.lowercased().replacing("-", with: "")
    guard !wanted.isEmpty, wanted.allSatisfy(\.isHexDigit) else { return .notFound }
    guard wanted.count >= minimumLength else { return .tooShort }
    let matches = ids.filter { hex($0).hasPrefix(wanted) }
    switch matches.count {
    case 0: return .notFound
    case 1: return .found(matches[0])
    default: return .ambiguous(matches)
    }
  }
}
