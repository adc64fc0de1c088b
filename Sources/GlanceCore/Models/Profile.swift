#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The silent default owner of all data; there is exactly one in this version.
public struct Profile: Codable, Hashable, Sendable, Identifiable {
  public var id: UUID
  public var name: String
  public var createdAt: Timestamp
  /// For sex-specific reference ranges (hemoglobin, HDL, ferritin, …); nil when not given, and
  /// then such markers are judged by the range both sexes share, saying where it depends on sex.
  public var sex: Sex?
  /// The units results are shown in; nil until chosen (at setup, with `glance units`, or when
  /// the person confirms the guess from the first unit they type), and then the library's own.
  public var units: UnitSystem?
  /// A unit chosen for one marker (`glance units ldl mmol/L`), each "key=unit"; it wins over
  /// `units`. Nil when there is none.
  public var markerUnits: [String]?

  /// The name a profile has until the person gives one; the brief names no one then.
  public static let unnamed = "Me"

  public init(
    id: UUID = .random(), name: String = Profile.unnamed, createdAt: Timestamp, sex: Sex? = nil,
    units: UnitSystem? = nil, markerUnits: [String]? = nil
  ) {
    self.id = id
    self.name = name
    self.createdAt = createdAt
    self.sex = sex
    self.units = units
    self.markerUnits = markerUnits
  }

  /// Every unit the file names for the marker with `key`, in its order (glance writes one; a
  /// hand-edited file may hold more, and the first that names a unit of the marker wins).
  public func unitChoices(for key: String) -> [String] {
    guard let markerUnits else { return [] }
    return markerUnits.compactMap { choice in
      guard let split = choice.firstIndex(of: "="), choice[..<split] == key else { return nil }
      return String(choice[choice.index(after: split)...])
    }
  }

  /// Chooses `unit` for the marker with `key` (nil: back to `units`), replacing an earlier choice.
  public mutating func setUnitChoice(_ unit: String?, for key: String) {
    var choices = (markerUnits ?? []).filter { !$0.hasPrefix(key + "=") }
    if let unit { choices.append(key + "=" + unit) }
    markerUnits = choices.isEmpty ? nil : choices.sorted()
  }
}

/// The sex a reference range is written for.
public enum Sex: String, Codable, Sendable, CaseIterable {
  case female
  case male

  /// "women", "men": as a range is said.
  public var plural: String { self == .female ? "women" : "men" }

  /// An answer to "female or male?": `.some(nil)` for "unspecified" (or "skip"), nil for an
  /// answer that is neither.
  public static func answer(_ text: String) -> Sex?? {
    switch text.trimmingWhitespace().lowercased() {
    case "female", "f", "woman", "women": return .some(.female)
    case "male", "m", "man", "men": return .some(.male)
    case "unspecified", "none", "skip", "-", "": return .some(nil)
    default: return nil
    }
  }
}
