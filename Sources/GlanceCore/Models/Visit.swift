#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A doctor visit, past or planned, with a free-text scratchpad.
public struct Visit: Codable, Hashable, Sendable, Identifiable {
  public var id: UUID
  public var date: CalendarDate
  public var doctorName: String
  public var visitType: VisitType
  /// The person's own label, used with `.other` ("Dermatology check").
  public var visitTypeLabel: String?
  public var notes: String?
  public var entryTimestamp: Timestamp

  public init(
    id: UUID = .random(), date: CalendarDate, doctorName: String, visitType: VisitType,
    visitTypeLabel: String? = nil, notes: String? = nil, entryTimestamp: Timestamp
  ) {
    self.id = id
    self.date = date
    self.doctorName = doctorName
    self.visitType = visitType
    self.visitTypeLabel = visitTypeLabel
    self.notes = notes
    self.entryTimestamp = entryTimestamp
  }

  /// Newest first: by date, then by when it was logged, then by id.
  public static func newestFirst(_ lhs: Visit, _ rhs: Visit) -> Bool {
    if lhs.date != rhs.date { return lhs.date > rhs.date }
    if lhs.entryTimestamp != rhs.entryTimestamp { return lhs.entryTimestamp > rhs.entryTimestamp }
    return lhs.id.sortsBefore(rhs.id)
  }
}

/// The kinds of visit the PRD names.
public enum VisitType: String, Codable, Sendable, CaseIterable {
  case physical
  case dental
  case vision
  case specialist
  case labWork
  case imaging
  case other

  /// How the type reads in a list ("Dental cleaning" reads better than "dental").
  public var displayName: String {
    switch self {
    case .physical: "Physical"
    case .dental: "Dental cleaning"
    case .vision: "Vision exam"
    case .specialist: "Specialist"
    case .labWork: "Lab work"
    case .imaging: "Imaging"
    case .other: "Other"
    }
  }
}
