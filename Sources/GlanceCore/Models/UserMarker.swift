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

  /// The range readings are judged against: a bound the person set, and on a side they did not,
  /// the marker's own (`own`: the library's, or the one for their sex), strict where it is
  /// (second looks at stop 37: a kept "below 100" had become "up to 100", and a kept low end
  /// stayed at the sex the person had when they set the other). A person's bound on the wrong
  /// side of the marker's own (a restored file) stands alone.
  public func effectiveRange(own: ReferenceRange) -> ReferenceRange {
    guard hasCustomRange else { return own }
    let low = customReferenceLow ?? own.low
    let high = customReferenceHigh ?? own.high
    if let low, let high, low >= high { return ReferenceRange(low: customReferenceLow, high: customReferenceHigh) }
    return ReferenceRange(
      low: low, high: high, lowStrict: customReferenceLow == nil && own.lowStrict,
      highStrict: customReferenceHigh == nil && own.highStrict)
  }
}
