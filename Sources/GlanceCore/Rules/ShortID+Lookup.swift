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
  /// The reading a short id names (as `glance show` prints it), or a refusal listing the
  /// readings it fits.
  public func entry(shortID prefix: String, library: MarkerLibrary) throws(IDError) -> MarkerEntry {
    let ids = entries.map(\.id)
    switch ShortID.resolve(prefix, among: ids) {
    case .found(let id):
      guard let entry = entries.first(where: { $0.id == id }) else { throw .noReading(prefix) }
      return entry
    case .notFound: throw .noReading(prefix)
    case .tooShort: throw .tooShort(prefix)
    case .ambiguous(let matches):
      let prefixes = ShortID.prefixes(for: matches, among: ids)
      let lines = matches.compactMap { id -> String? in
        guard let entry = entries.first(where: { $0.id == id }) else { return nil }
        let name = definition(for: entry.markerID, library: library)?.shortName ?? "?"
        return "  \(prefixes[id] ?? prefix)  \(name) \(entry.valueText) on \(DateText.long(entry.dateOfService))"
      }
      throw .ambiguous(prefix, lines)
    }
  }

  /// The visit a short id names (as `glance visits` prints it), or a refusal listing the visits
  /// it fits.
  public func visit(shortID prefix: String) throws(IDError) -> Visit {
    let ids = visits.map(\.id)
    switch ShortID.resolve(prefix, among: ids) {
    case .found(let id):
      guard let visit = visits.first(where: { $0.id == id }) else { throw .noVisit(prefix) }
      return visit
    case .notFound: throw .noVisit(prefix)
    case .tooShort: throw .tooShort(prefix)
    case .ambiguous(let matches):
      let prefixes = ShortID.prefixes(for: ids)
      let lines = matches.compactMap { id in visits.first { $0.id == id } }.map {
        "  \(prefixes[$0.id] ?? prefix)  \(DateText.long($0.date))  \($0.doctorName)  \(VisitsView.typeName($0))"
      }
      throw .ambiguous(prefix, lines)
    }
  }
}
