#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A group of library markers, shown in `displayOrder` ("Heart", "Metabolic", …).
public struct MarkerCategory: Codable, Hashable, Sendable, Identifiable {
  public var id: UUID
  /// Stable machine name: `heart`, `vitals-body`.
  public var key: String
  public var name: String
  public var displayOrder: Int
  /// What people call the group when they mean all of it: "lipid panel", "vitals", "cbc".
  public var aliases: [String]

  public init(id: UUID, key: String, name: String, displayOrder: Int, aliases: [String] = []) {
    self.id = id
    self.key = key
    self.name = name
    self.displayOrder = displayOrder
    self.aliases = aliases
  }

  private enum CodingKeys: String, CodingKey { case id, key, name, displayOrder, aliases }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(UUID.self, forKey: .id), key: try container.decode(String.self, forKey: .key),
      name: try container.decode(String.self, forKey: .name),
      displayOrder: try container.decode(Int.self, forKey: .displayOrder),
      aliases: try container.decodeIfPresent([String].self, forKey: .aliases) ?? [])
  }

  /// The category of every custom marker; it is not in the library file.
  public static let custom = MarkerCategory(
    id: UUID(uuidString: "00000000-0000-4000-8000-00000000C057")!, key: "custom", name: "Custom",
    displayOrder: 1_000)
}
