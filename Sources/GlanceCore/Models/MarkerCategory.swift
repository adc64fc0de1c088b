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

  public init(id: UUID, key: String, name: String, displayOrder: Int) {
    self.id = id
    self.key = key
    self.name = name
    self.displayOrder = displayOrder
  }

  /// The category of every custom marker; it is not in the library file.
  public static let custom = MarkerCategory(
    id: UUID(uuidString: "00000000-0000-4000-8000-00000000C057")!, key: "custom", name: "Custom",
    displayOrder: 1_000)
}
