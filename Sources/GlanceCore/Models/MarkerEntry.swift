#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One recorded value of one marker on one date of service.
///
/// Entries point at the `MarkerDefinition.id`, not at the tracked-marker row, so untracking a
/// marker keeps its readings and tracking it again brings them back.
public struct MarkerEntry: Codable, Hashable, Sendable, Identifiable {
  public var id: UUID
  public var markerID: UUID
  /// The value in `unit`; for a comparator value (`<0.5`) the bound itself.
  public var value: Double
  /// Set when the lab printed a bound rather than a number (`<0.5`, `>90`).
  public var comparator: ValueComparator?
  public var unit: String
  public var dateOfService: CalendarDate
  public var entryTimestamp: Timestamp
  public var note: String?
  public var sourceType: SourceType

  public init(
    id: UUID = .random(), markerID: UUID, value: Double, comparator: ValueComparator? = nil, unit: String,
    dateOfService: CalendarDate, entryTimestamp: Timestamp, note: String? = nil,
    sourceType: SourceType = .quickAdd
  ) {
    self.id = id
    self.markerID = markerID
    self.value = value
    self.comparator = comparator
    self.unit = unit
    self.dateOfService = dateOfService
    self.entryTimestamp = entryTimestamp
    self.note = note
    self.sourceType = sourceType
  }

  /// Oldest first: by date of service, then by when it was entered, then by id.
  public static func chronological(_ lhs: MarkerEntry, _ rhs: MarkerEntry) -> Bool {
    if lhs.dateOfService != rhs.dateOfService { return lhs.dateOfService < rhs.dateOfService }
    if lhs.entryTimestamp != rhs.entryTimestamp { return lhs.entryTimestamp < rhs.entryTimestamp }
    return lhs.id.sortsBefore(rhs.id)
  }
}

/// How a lab qualified a value it could not measure exactly.
public enum ValueComparator: String, Codable, Sendable, CaseIterable {
  case lessThan = "<"
  case greaterThan = ">"
  case lessThanOrEqual = "<="
  case greaterThanOrEqual = ">="
}

/// Where an entry came from; an open set so later sources need no migration.
public struct SourceType: RawRepresentable, Codable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  public static let quickAdd = SourceType(rawValue: "quickAdd")
  public static let batchEntry = SourceType(rawValue: "batchEntry")
  public static let fileImport = SourceType(rawValue: "import")
  public static let demo = SourceType(rawValue: "demo")
  /// Every source this glance writes; an import brings in no other.
  public static let known: Set<SourceType> = [.quickAdd, .batchEntry, .fileImport, .demo]

  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(String.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
