#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Everything a person has stored: the one JSON document `LocalDataRepository` keeps.
///
/// Arrays keep a fixed order so the file is stable and diffable: tracked markers by
/// `displayOrder`, custom markers by creation, entries chronologically (see
/// `MarkerEntry.chronological`), visits by date, undo steps oldest first.
public struct GlanceDocument: Codable, Equatable, Sendable {
  /// The `format` marker that tells a glance data file from any other JSON.
  public static let formatName = "glance-data"
  /// The newest schema this build reads and writes.
  public static let currentSchemaVersion = 1
  /// How many changes `undo` can take back.
  public static let undoLimit = 20

  public var format: String
  public var schemaVersion: Int
  public var profile: Profile
  public var trackedMarkers: [UserMarker]
  public var customMarkers: [MarkerDefinition]
  public var entries: [MarkerEntry]
  public var visits: [Visit]
  public var undo: [UndoStep]

  public init(
    profile: Profile, trackedMarkers: [UserMarker] = [], customMarkers: [MarkerDefinition] = [],
    entries: [MarkerEntry] = [], visits: [Visit] = [], undo: [UndoStep] = []
  ) {
    self.format = GlanceDocument.formatName
    self.schemaVersion = GlanceDocument.currentSchemaVersion
    self.profile = profile
    self.trackedMarkers = trackedMarkers
    self.customMarkers = customMarkers
    self.entries = entries
    self.visits = visits
    self.undo = undo
  }

  /// A new, empty document owned by a fresh default profile.
  public static func empty(createdAt: Timestamp) -> GlanceDocument {
    GlanceDocument(profile: Profile(createdAt: createdAt))
  }

  /// Restores the stored orders after a bulk change (an import) or a hand-edited file.
  public mutating func normalizeOrder() {
    trackedMarkers.sort { ($0.displayOrder, $0.addedAt) < ($1.displayOrder, $1.addedAt) }
    entries.sort(by: MarkerEntry.chronological)
    visits.sort { lhs, rhs in Visit.newestFirst(rhs, lhs) }
  }
}

/// One change to a document, small enough to store as an undo step's inverse.
public enum Operation: Equatable, Sendable {
  /// Inserts the entry, or replaces the one with its id.
  indirect case putEntry(MarkerEntry)
  case removeEntry(UUID)
  // NB: the large payloads are boxed, so an operation is the size of an id: the undo of an
  // import is one removeEntry a row, and 500,000 of them took 152 bytes each (an entry's room)
  // before the entry was boxed, 288 before the custom marker was.
  indirect case putVisit(Visit)
  case removeVisit(UUID)
  indirect case putCustomMarker(MarkerDefinition)
  case removeCustomMarker(UUID)
  /// Replaces the whole tracked-marker list (it is short; order matters).
  case setTrackedMarkers([UserMarker])
}

extension Operation {
  /// What undoes replacing a reading or visit, in the order a change's operations are recorded
  /// (reversed into its undo step): the new one, as the change left it, then the old one put
  /// back. The first is what an undo expects to find (`replaced`): an edit whose record has
  /// changed since, or is gone, by a change since dropped with `undo --forget`, is refused, not
  /// undone over it (attacker reviews at stop 40: a deleted reading came back; a later
  /// correction was undone unsaid). A delete's undo is a lone put; applied, the pair puts the old.
  static func replacing(_ putBack: Operation, _ now: Operation) -> [Operation] { [putBack, now] }

  /// What an undo step expects to find of each reading and visit it replaces (the first of a
  /// `replacing` pair, reversed: a put directly followed by a put of the same id; the newest
  /// when a step replaced one twice), and the step without those expectations: runs of puts
  /// stay runs, each id once.
  static func replaced(in operations: [Operation]) -> (
    entries: [UUID: MarkerEntry], visits: [UUID: Visit], operations: [Operation]
  ) {
    var entries: [UUID: MarkerEntry] = [:]
    var visits: [UUID: Visit] = [:]
    var kept: [Operation] = []
    var index = 0
    while index < operations.count {
      if index + 1 < operations.count {
        switch (operations[index], operations[index + 1]) {
        case (.putEntry(let now), .putEntry(let old)) where now.id == old.id:
          if entries[now.id] == nil { entries[now.id] = now }
          index += 1
          continue
        case (.putVisit(let now), .putVisit(let old)) where now.id == old.id:
          if visits[now.id] == nil { visits[now.id] = now }
          index += 1
          continue
        default: break
        }
      }
      kept.append(operations[index])
      index += 1
    }
    return (entries, visits, entries.isEmpty && visits.isEmpty ? operations : kept)
  }
}

/// A change the person can take back with `glance undo`.
public struct UndoStep: Codable, Equatable, Sendable {
  public var id: UUID
  /// What was done, in the words `undo` repeats: "add HDL 89 mg/dL on Feb 15, 2025".
  public var summary: String
  /// The summary as `undo` says it: at most 300 characters (a data file edited by hand may hold
  /// any: attacker's second look, 100,000 were printed in the question).
  public var shownSummary: String { TerminalText.cut(summary) }
  public var timestamp: Timestamp
  /// Applied in order, these put the document back as it was before the change. Empty when
  /// they are kept in a file of their own (`storedOperations`).
  public var operations: [Operation]
  /// Set when the operations are kept in their own file beside the data file (`DataLocation.
  /// undoFile`): how many there are. A change of many records (an import, a `--replace`) is
  /// undone from there, so the data file, and every read and save of it, stays the size of the
  /// data however it arrived.
  public var storedOperations: Int?
  /// The profile before the change, when the change also put another in its place (an import
  /// that replaced everything, or one into an empty folder): undo puts it back.
  public var profileBefore: Profile?

  public init(
    id: UUID = .random(), summary: String, timestamp: Timestamp, operations: [Operation], storedOperations: Int? = nil,
    profileBefore: Profile? = nil
  ) {
    self.id = id
    self.summary = summary
    self.timestamp = timestamp
    self.operations = operations
    self.storedOperations = storedOperations
    self.profileBefore = profileBefore
  }

  /// Steps with more operations than this keep them in a file of their own when saved to disk.
  public static let inlineLimit = 100
  /// The most operations a stored step may hold: a `--replace` of the largest folder glance
  /// keeps (every reading removed and every new one put) with room for its visits.
  public static let storedLimit = InputLimits.readings * 3
}

extension Operation: Codable {
  private enum CodingKeys: String, CodingKey {
    case op, entry, visit, marker, markers, id
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let op = try container.decode(String.self, forKey: .op)
    switch op {
    case "putEntry": self = .putEntry(try container.decode(MarkerEntry.self, forKey: .entry))
    case "removeEntry": self = .removeEntry(try container.decode(UUID.self, forKey: .id))
    case "putVisit": self = .putVisit(try container.decode(Visit.self, forKey: .visit))
    case "removeVisit": self = .removeVisit(try container.decode(UUID.self, forKey: .id))
    case "putCustomMarker":
      self = .putCustomMarker(try container.decode(MarkerDefinition.self, forKey: .marker))
    case "removeCustomMarker": self = .removeCustomMarker(try container.decode(UUID.self, forKey: .id))
    case "setTrackedMarkers":
      self = .setTrackedMarkers(try container.decode([UserMarker].self, forKey: .markers))
    default:
      throw DecodingError.dataCorruptedError(
        forKey: .op, in: container, debugDescription: "Unknown operation \"\(op)\".")
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .op)
    switch self {
    case .putEntry(let entry): try container.encode(entry, forKey: .entry)
    case .removeEntry(let id), .removeVisit(let id), .removeCustomMarker(let id):
      try container.encode(id, forKey: .id)
    case .putVisit(let visit): try container.encode(visit, forKey: .visit)
    case .putCustomMarker(let marker): try container.encode(marker, forKey: .marker)
    case .setTrackedMarkers(let markers): try container.encode(markers, forKey: .markers)
    }
  }

  /// The stored name of the operation (`putEntry`, …).
  public var name: String {
    switch self {
    case .putEntry: "putEntry"
    case .removeEntry: "removeEntry"
    case .putVisit: "putVisit"
    case .removeVisit: "removeVisit"
    case .putCustomMarker: "putCustomMarker"
    case .removeCustomMarker: "removeCustomMarker"
    case .setTrackedMarkers: "setTrackedMarkers"
    }
  }
}

extension GlanceDocument {
  /// Applies one operation and returns the operations that undo it (empty when it changed nothing).
  @discardableResult
  public mutating func apply(_ operation: Operation) -> [Operation] {
    switch operation {
    case .putEntry(let entry):
      let old = removeEntry(id: entry.id)
      let index = entries.insertionIndex(for: entry, by: MarkerEntry.chronological)
      entries.insert(entry, at: index)
      if let old {
        // Undone as "expect it as it is now, put the old one back" (`Operation.replacing`): an
        // undo can then tell an edit, whose reading must still be as it left it, from a delete.
        return old == entry ? [] : Operation.replacing(.putEntry(old), .putEntry(entry))
      }
      return [.removeEntry(entry.id)]
    case .removeEntry(let id):
      return removeEntry(id: id).map { [.putEntry($0)] } ?? []
    case .putVisit(let visit):
      let old = removeVisit(id: visit.id)
      let index = visits.insertionIndex(for: visit) { lhs, rhs in Visit.newestFirst(rhs, lhs) }
      visits.insert(visit, at: index)
      if let old { return old == visit ? [] : Operation.replacing(.putVisit(old), .putVisit(visit)) }
      return [.removeVisit(visit.id)]
    case .removeVisit(let id):
      return removeVisit(id: id).map { [.putVisit($0)] } ?? []
    case .putCustomMarker(let marker):
      if let index = customMarkers.firstIndex(where: { $0.id == marker.id }) {
        let old = customMarkers[index]
        customMarkers[index] = marker
        return old == marker ? [] : [.putCustomMarker(old)]
      }
      customMarkers.append(marker)
      return [.removeCustomMarker(marker.id)]
    case .removeCustomMarker(let id):
      guard let index = customMarkers.firstIndex(where: { $0.id == id }) else { return [] }
      return [.putCustomMarker(customMarkers.remove(at: index))]
    case .setTrackedMarkers(let markers):
      let old = trackedMarkers
      trackedMarkers = markers.sorted { ($0.displayOrder, $0.addedAt) < ($1.displayOrder, $1.addedAt) }
      return old == trackedMarkers ? [] : [.setTrackedMarkers(old)]
    }
  }

  private mutating func removeEntry(id: UUID) -> MarkerEntry? {
    guard let index = entries.index(ofEntry: id) else { return nil }
    return entries.remove(at: index)
  }

  private mutating func removeVisit(id: UUID) -> Visit? {
    guard let index = visits.firstIndex(where: { $0.id == id }) else { return nil }
    return visits.remove(at: index)
  }
}

extension Array {
  /// The first index whose element satisfies `belongsInSecondPartition`, for an array where
  /// every element that does comes after every one that does not (binary search).
  func partitioningIndex(where belongsInSecondPartition: (Element) -> Bool) -> Int {
    var low = startIndex
    var high = endIndex
    while low < high {
      let middle = low + (high - low) / 2
      if belongsInSecondPartition(self[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }

  /// The index at which `element` keeps an array sorted by `areInIncreasingOrder`, after any equal
  /// elements (so appends in order stay cheap).
  func insertionIndex(for element: Element, by areInIncreasingOrder: (Element, Element) -> Bool) -> Int {
    var low = startIndex
    var high = endIndex
    while low < high {
      let middle = low + (high - low) / 2
      if areInIncreasingOrder(element, self[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
