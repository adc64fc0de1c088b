#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A "Next Visit Prep" suggestion, computed from readings and never stored (PRD §6).
public struct VisitPrepInsight: Equatable, Sendable, Identifiable {
  public enum Kind: String, Equatable, Sendable {
    /// The latest reading is in a critical limit: far outside the range.
    case critical
    /// A reading since the last visit was in a critical limit, and the latest is not.
    case earlierCritical
    /// The latest reading is outside the target range.
    case outOfRange
    /// Blood pressure whose latest reading is not out of range, but whose readings of the last
    /// month, on two or more days, average in a guideline's stage (2017 ACC/AHA).
    case recentAverage
    /// Three or more consecutive readings rising the concerning way.
    case trendingUp
    /// Three or more consecutive readings falling the concerning way.
    case trendingDown
    /// The latest reading is beyond what is plausible (a slip the person confirmed): it cannot be
    /// judged, and "nothing is flagged" must not be said over it.
    case check
  }

  public var id: UUID
  /// The `MarkerDefinition.id` of the marker it is about.
  public var markerID: UUID
  public var kind: Kind
  /// The plain-language suggestion: "Your LDL Cholesterol has increased across your last 3
  /// readings (121 → 135 → 162 mg/dL). Consider asking your doctor whether any changes are
  /// recommended."
  public var suggestionText: String
  /// The readings that triggered it, oldest first (provenance).
  public var triggeringValues: [MarkerEntry]
  public var generatedAt: Timestamp

  public init(
    id: UUID, markerID: UUID, kind: Kind, suggestionText: String, triggeringValues: [MarkerEntry],
    generatedAt: Timestamp
  ) {
    self.id = id
    self.markerID = markerID
    self.kind = kind
    self.suggestionText = suggestionText
    self.triggeringValues = triggeringValues
    self.generatedAt = generatedAt
  }
}
