#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A short id that points at nothing, or at several things.
public enum IDError: GlanceError, Equatable {
  case noReading(String)
  case noVisit(String)
  case tooShort(String)
  /// The prefix, and one line per record it fits.
  case ambiguous(String, [String])

  public var message: String {
    switch self {
    case .noReading(let prefix):
      "No reading has the id \(quoted(prefix)). The ids are in the first column of glance show MARKER."
    case .noVisit(let prefix):
      "No visit has the id \(quoted(prefix)). The ids are in the first column of glance visits."
    case .tooShort(let prefix):
      "\(quoted(prefix)) is too short to be sure which one you mean. Type at least \(ShortID.minimumLength) characters of the id."
    case .ambiguous(let prefix, let lines):
      "\(quoted(prefix)) fits more than one:\n" + lines.joinedText("\n") + "\nType a few more characters of the id."
    }
  }

  public var kind: ErrorKind { .refused }
}

extension GlanceDocument {
  /// The other half of a blood pressure saved together with `entry` (the same day and moment),
  /// or nil: deleting one half says the other is kept.
  public func bloodPressurePartner(of entry: MarkerEntry, library: MarkerLibrary) -> MarkerEntry? {
    guard let systolic = library.marker(key: "bp-systolic"), let diastolic = library.marker(key: "bp-diastolic")
    else { return nil }
    let other: UUID
    switch entry.markerID {
    case systolic.id: other = diastolic.id
    case diastolic.id: other = systolic.id
    default: return nil
    }
    return entries.first {
      $0.markerID == other && $0.dateOfService == entry.dateOfService && $0.entryTimestamp == entry.entryTimestamp
    }
  }

  /// The reading a short id names (as `glance show` prints it), or a refusal listing the
  /// readings it fits.
  public func entry(shortID prefix: String, library: MarkerLibrary) throws(IDError) -> MarkerEntry {
    try Self.record(prefix, in: entries, notFound: .noReading(prefix)) {
      let name = definition(for: $0.markerID, library: library)?.shortName ?? "?"
      return "\(name) \(displayedText($0, library: library)) on \(DateText.long($0.dateOfService))"
    }
  }

  /// The visit a short id names (as `glance visits` prints it), or a refusal listing the visits
  /// it fits.
  public func visit(shortID prefix: String) throws(IDError) -> Visit {
    try Self.record(prefix, in: visits, notFound: .noVisit(prefix)) {
      "\(DateText.long($0.date))  \($0.doctorName)  \(VisitsView.typeName($0))"
    }
  }

  /// The one record of `records` a short id names; when it fits several, each is listed as its
  /// shortest telling prefix and `describe`.
  private static func record<Record: Identifiable>(
    _ prefix: String, in records: [Record], notFound: IDError,
    describe: (Record) -> String
  ) throws(IDError) -> Record where Record.ID == UUID {
    let ids = records.map(\.id)
    switch ShortID.resolve(prefix, among: ids) {
    case .found(let id):
      guard let record = records.first(where: { $0.id == id }) else { throw notFound }
      return record
    case .notFound: throw notFound
    case .tooShort: throw .tooShort(prefix)
    case .ambiguous(let matches):
      let shown = ShortID.prefixes(for: matches, among: ids)
      let lines = matches.compactMap { id in records.first { $0.id == id } }.map {
        "  \(shown[$0.id] ?? prefix)  \(describe($0))"
      }
      throw .ambiguous(prefix, lines)
    }
  }
}
