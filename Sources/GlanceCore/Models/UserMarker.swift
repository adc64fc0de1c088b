#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// "I track this marker": the person's own layer over a `MarkerDefinition`.
public struct UserMarker: Codable, Hashable, Sendable, Identifiable {
  public var id: UUID
  /// The `MarkerDefinition.id` this tracks (library or custom).
  public var markerID: UUID
  /// "Your target range"; when both are nil the definition's default applies.
  public var customReferenceLow: Double?
  public var customReferenceHigh: Double?
  /// Position on the home screen, 0 first.
  public var displayOrder: Int
  public var addedAt: Timestamp

  public init(
    id: UUID = .random(), markerID: UUID, customReferenceLow: Double? = nil,
    customReferenceHigh: Double? = nil, displayOrder: Int, addedAt: Timestamp
  ) {
    self.id = id
    self.markerID = markerID
    self.customReferenceLow = customReferenceLow
    self.customReferenceHigh = customReferenceHigh
    self.displayOrder = displayOrder
    self.addedAt = addedAt
  }

  /// True when the person set their own target range.
  public var hasCustomRange: Bool { customReferenceLow != nil || customReferenceHigh != nil }

  /// The range readings are judged against: the person's own when set, else the default.
  public func effectiveRange(for definition: MarkerDefinition) -> ReferenceRange {
    hasCustomRange
      ? ReferenceRange(low: customReferenceLow, high: customReferenceHigh) : definition.defaultRange
  }
}
