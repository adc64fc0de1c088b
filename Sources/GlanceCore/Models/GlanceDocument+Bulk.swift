#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// Many operations at once. An import of 100,000 readings, its undo, or a `--replace` is a long
// run of `putEntry` or `removeEntry`; applied one at a time, each is a scan and an array insert,
// and the whole grows with the square of the rows. A run is applied in one pass instead, with
// exactly the result and the inverse operations of applying it one at a time.

extension GlanceDocument {
  /// Runs shorter than this are applied one at a time (no table to build).
  static let bulkThreshold = 16

  /// Applies `operations` in order; returns the operations that undo them, in the order
  /// applying them one by one would have produced.
  public mutating func apply(_ operations: [Operation]) -> [Operation] {
    apply(operations, inverting: true).inverse
  }

  /// What applying operations did: the operations that undo them (when inverting), whether
  /// anything changed, and how many removals of a reading or visit found none to remove (an
  /// undo says them: `UndoOutcome`).
  struct Applied {
    var inverse: [Operation] = []
    var changed = false
    var goneReadings = 0
    var goneVisits = 0
  }

  /// Applies `operations`; with `inverting`, returns the operations that undo them too (an undo,
  /// which records none, skips building a table of 100,000 removed readings).
  mutating func apply(_ operations: [Operation], inverting: Bool) -> Applied {
    var inverse: [Operation] = []
    var changed = false
    var goneReadings = 0
    var goneVisits = 0
    var start = 0
    while start < operations.count {
      let kind = BulkKind(operations[start])
      var end = start + 1
      if kind != nil {
        while end < operations.count, BulkKind(operations[end]) == kind { end += 1 }
      }
      let run = operations[start..<end]
      if !inverting, kind == .removeEntry, run.count >= Self.bulkThreshold, let removed = removeEntries(run) {
        changed = changed || removed > 0
        goneReadings += run.count - removed
      } else if let kind, run.count >= Self.bulkThreshold, let undone = applyRun(run, kind) {
        changed = changed || !undone.isEmpty
        // A removal's inverse is one put for each record found.
        if kind == .removeEntry { goneReadings += run.count - undone.count }
        if kind == .removeVisit { goneVisits += run.count - undone.count }
        // NB: the first run's inverse is taken as it is, not copied.
        if inverting { if inverse.isEmpty { inverse = undone } else { inverse += undone } }
      } else {
        for operation in run {
          let undone = apply(operation)
          changed = changed || !undone.isEmpty
          if undone.isEmpty, case .removeEntry = operation { goneReadings += 1 }
          if undone.isEmpty, case .removeVisit = operation { goneVisits += 1 }
          if inverting { inverse += undone }
        }
      }
      start = end
    }
    return Applied(inverse: inverse, changed: changed, goneReadings: goneReadings, goneVisits: goneVisits)
  }

  /// Removes the entries a run of `removeEntry` names, keeping no record of them; returns how
  /// many were there. Nil when the run names one id twice.
  private mutating func removeEntries(_ run: ArraySlice<Operation>) -> Int? {
    var ids = IDSet(capacity: run.count)
    for operation in run {
      guard case .removeEntry(let id) = operation, ids.insert(id) else { return nil }
    }
    let before = entries.count
    entries.removeAll { ids.contains($0.id) }
    return before - entries.count
  }

  private enum BulkKind {
    case putEntry, removeEntry, putVisit, removeVisit

    init?(_ operation: Operation) {
      switch operation {
      case .putEntry: self = .putEntry
      case .removeEntry: self = .removeEntry
      case .putVisit: self = .putVisit
      case .removeVisit: self = .removeVisit
      default: return nil
      }
    }
  }

  /// Puts `incoming` as a run of `putEntry` would, without an operation for each first (an
  /// import's 100,000 readings); returns the operations that undo it, and whether it changed
  /// anything.
  mutating func put(_ incoming: [MarkerEntry], inverting: Bool) -> Applied {
    if incoming.count >= Self.bulkThreshold, let undone = putEntries(incoming) {
      return Applied(inverse: inverting ? undone : [], changed: !undone.isEmpty)
    }
    // A few, or one id twice: as the operations, one at a time.
    return apply(incoming.map(Operation.putEntry), inverting: inverting)
  }

  /// The bulk path of a run of `putEntry`: nil when it names one id twice.
  private mutating func putEntries(_ incoming: [MarkerEntry]) -> [Operation]? {
    guard let olds = entries.bulkPut(incoming, by: MarkerEntry.chronological) else { return nil }
    var inverse: [Operation] = []
    inverse.reserveCapacity(incoming.count)
    for entry in incoming {
      if let old = olds[entry.id] {
        if old != entry { inverse += Operation.replacing(.putEntry(old), .putEntry(entry)) }
      } else {
        inverse.append(.removeEntry(entry.id))
      }
    }
    return inverse
  }

  /// Nil when the run names one id twice: then it is applied one at a time.
  private mutating func applyRun(_ run: ArraySlice<Operation>, _ kind: BulkKind) -> [Operation]? {
    switch kind {
    case .putEntry:
      // NB: arrays sized once (compactMap grows by doubling, holding two buffers of 100,000).
      var incoming: [MarkerEntry] = []
      incoming.reserveCapacity(run.count)
      for operation in run { if case .putEntry(let entry) = operation { incoming.append(entry) } }
      return putEntries(incoming)
    case .removeEntry:
      var ids: [UUID] = []
      ids.reserveCapacity(run.count)
      for operation in run { if case .removeEntry(let id) = operation { ids.append(id) } }
      guard let olds = entries.bulkRemove(ids) else { return nil }
      var inverse: [Operation] = []
      inverse.reserveCapacity(olds.count)
      for id in ids { if let old = olds[id] { inverse.append(.putEntry(old)) } }
      return inverse
    case .putVisit:
      let incoming = run.compactMap { if case .putVisit(let visit) = $0 { visit } else { nil } }
      guard let olds = visits.bulkPut(incoming, by: { Visit.newestFirst($1, $0) }) else { return nil }
      return incoming.flatMap { visit -> [Operation] in
        guard let old = olds[visit.id] else { return [.removeVisit(visit.id)] }
        return old == visit ? [] : Operation.replacing(.putVisit(old), .putVisit(visit))
      }
    case .removeVisit:
      let ids = run.compactMap { if case .removeVisit(let id) = $0 { id } else { nil } }
      guard let olds = visits.bulkRemove(ids) else { return nil }
      return ids.compactMap { olds[$0].map(Operation.putVisit) }
    }
  }
}

extension Array where Element: Identifiable, Element.ID == UUID {
  /// Puts every element of `incoming` (ids all different) into this array, kept sorted by
  /// `areInIncreasingOrder`, replacing elements with the same id; returns the replaced ones by
  /// id. Nil, with nothing changed, when `incoming` names an id twice.
  mutating func bulkPut(_ incoming: [Element], by areInIncreasingOrder: (Element, Element) -> Bool)
    -> [UUID: Element]?
  {
    var ids = IDSet(capacity: incoming.count)
    for element in incoming where !ids.insert(element.id) { return nil }
    let olds = removeAll(in: ids)
    // NB: a file's rows are usually in order already: then they are not copied to be sorted,
    // and an empty array takes them as they are (an import of 100,000 readings held five
    // copies of them at once).
    let inOrder = incoming.indices.dropFirst().allSatisfy { !areInIncreasingOrder(incoming[$0], incoming[$0 - 1]) }
    let sorted = inOrder ? incoming : incoming.sorted(by: areInIncreasingOrder)
    if isEmpty {
      self = sorted
      return olds
    }
    // The usual import adds readings newer than every stored one: a plain append.
    if let last = self.last, let first = sorted.first, !areInIncreasingOrder(first, last) {
      append(contentsOf: sorted)
      return olds
    }
    // NB: ties cannot happen (the order ends in the id, and the ids differ), so a merge gives
    // exactly what inserting one at a time gives.
    var merged: [Element] = []
    merged.reserveCapacity(count + sorted.count)
    var mine = 0
    var theirs = 0
    while mine < count, theirs < sorted.count {
      if areInIncreasingOrder(sorted[theirs], self[mine]) {
        merged.append(sorted[theirs])
        theirs += 1
      } else {
        merged.append(self[mine])
        mine += 1
      }
    }
    merged.append(contentsOf: self[mine...])
    merged.append(contentsOf: sorted[theirs...])
    self = merged
    return olds
  }

  /// Removes the elements with these ids (all different); returns them by id. Nil, with nothing
  /// changed, when an id is named twice.
  mutating func bulkRemove(_ ids: [UUID]) -> [UUID: Element]? {
    var wanted = IDSet(capacity: ids.count)
    for id in ids where !wanted.insert(id) { return nil }
    return removeAll(in: wanted)
  }

  /// Removes the elements whose id is in `ids`, keeping the order of the rest; returns them.
  private mutating func removeAll(in ids: IDSet) -> [UUID: Element] {
    var removed: [UUID: Element] = [:]
    guard ids.count > 0, contains(where: { ids.contains($0.id) }) else { return removed }
    // Sized once: growing it by doubling rehashed 100,000 readings over and over.
    removed.reserveCapacity(Swift.min(ids.count, count))
    removeAll { element in
      guard ids.contains(element.id) else { return false }
      removed[element.id] = element
      return true
    }
    return removed
  }
}
