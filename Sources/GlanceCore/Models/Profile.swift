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

  public init(id: UUID = .random(), name: String = "Me", createdAt: Timestamp) {
    self.id = id
    self.name = name
    self.createdAt = createdAt
  }
}
