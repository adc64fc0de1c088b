#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A change being made to a document inside `DataRepository.write`.
///
/// Every mutation goes through `apply`, which records its inverse, so each write becomes one
/// undo step without the caller thinking about it.
public struct Transaction {
  /// The document as it stands, including changes made so far in this transaction.
  public private(set) var document: GlanceDocument
  /// What `glance undo` will say it undid: "add HDL 89 mg/dL on Feb 15, 2025". Set by the caller.
  public var summary: String
  /// The instant the write happens, for timestamps.
  public let now: Timestamp
  private(set) var inverse: [Operation] = []
  /// Entries added, edited or removed: a save copies every other entry's bytes unchanged.
  private(set) var touchedEntries = TouchedIDs()
  /// False while undoing, so an undo does not record an undo step of its own.
  var recordsUndo = true

  /// The custom markers and tracked rows before the change (short lists), for the checks a
  /// save makes (`ChangeScope`).
  private let customMarkersBefore: [MarkerDefinition]
  private let trackedMarkersBefore: [UserMarker]
  private let entriesBefore: Int

  init(document: GlanceDocument, summary: String, now: Timestamp) {
    self.document = document
    self.summary = summary
    self.now = now
    customMarkersBefore = document.customMarkers
    trackedMarkersBefore = document.trackedMarkers
    entriesBefore = document.entries.count
  }

  /// What the change touched, for the checks before saving.
  var scope: ChangeScope {
    ChangeScope(
      touchedEntries: touchedEntries, customMarkersBefore: customMarkersBefore,
      trackedMarkersBefore: trackedMarkersBefore, entriesBefore: entriesBefore)
  }

  /// Applies `operation` to the document.
  public mutating func apply(_ operation: Operation) {
    switch operation {
    case .putEntry(let entry): touchedEntries.insert(entry.id)
    case .removeEntry(let id): touchedEntries.insert(id)
    default: break
    }
    inverse.append(contentsOf: document.apply(operation))
  }

  /// Applies `operations` in order, long runs of entry or visit changes in one pass; returns
  /// how many removals of a reading or a visit found none to remove (`UndoOutcome`).
  @discardableResult
  public mutating func apply(_ operations: [Operation]) -> (goneReadings: Int, goneVisits: Int) {
    for operation in operations {
      switch operation {
      case .putEntry(let entry): touchedEntries.insert(entry.id)
      case .removeEntry(let id): touchedEntries.insert(id)
      default: break
      }
    }
    let applied = document.apply(operations, inverting: recordsUndo)
    record(applied)
    return (applied.goneReadings, applied.goneVisits)
  }

  /// Puts many readings at once (an import), as applying `.putEntry` for each would, without an
  /// operation for each first.
  public mutating func put(_ entries: [MarkerEntry]) {
    for entry in entries { touchedEntries.insert(entry.id) }
    record(document.put(entries, inverting: recordsUndo))
  }

  /// Keeps what undoes a change just applied; an undo records no step, only whether anything
  /// changed.
  private mutating func record(_ applied: GlanceDocument.Applied) {
    if recordsUndo {
      if inverse.isEmpty { inverse = applied.inverse } else { inverse.append(contentsOf: applied.inverse) }
    } else if applied.changed {
      changedWithoutUndo = true
    }
  }

  /// Starts tracking each marker not tracked yet, at the end of the home screen, as one change;
  /// returns the ids that were not tracked before.
  @discardableResult
  public mutating func track(_ markerIDs: [UUID]) -> [UUID] {
    var markers = document.trackedMarkers
    var added: [UUID] = []
    for id in markerIDs where !markers.contains(where: { $0.markerID == id }) {
      markers.append(
        UserMarker(markerID: id, displayOrder: (markers.map(\.displayOrder).max() ?? -1) + 1, addedAt: now))
      added.append(id)
    }
    if !added.isEmpty { apply(.setTrackedMarkers(markers)) }
    return added
  }

  /// True when something actually changed.
  public var hasChanges: Bool { !inverse.isEmpty || changedWithoutUndo }
  /// Set when a change was applied without recording its inverse (while undoing).
  private var changedWithoutUndo = false

  /// True when the profile changed (always saved).
  public private(set) var profileChanged = false
  /// The profile before the first `setProfile`.
  private var profileBefore: Profile?

  /// Adopts another profile (an import into an empty store, a replace, `glance profile --sex`).
  /// Undone with the change's other records: a change of the profile alone (`glance profile`,
  /// `glance units`) records no step and is set again instead.
  public mutating func setProfile(_ profile: Profile) {
    guard profile != document.profile else { return }
    if profileBefore == nil { profileBefore = document.profile }
    document.profile = profile
    profileChanged = true
  }

  /// Takes back the newest change (for `undo`): pops its step and applies its operations, which
  /// `stored` reads when the step keeps them in a file of their own. With `expecting`, only when
  /// it is still that step (same id).
  mutating func undoNewest(
    expecting shown: UndoStep?, library: MarkerLibrary,
    stored: (UndoStep) throws -> [Operation] = { _ in
      throw StorageError.undoRecordUnreadable(file: "its undo record", reason: "is not kept here")
    }
  ) throws -> UndoOutcome? {
    if let shown, document.undo.last?.id != shown.id {
      throw ConcurrentChangeError.undoChanged(asked: shown.summary, newest: document.undo.last?.summary)
    }
    guard let step = document.undo.last else { return nil }
    let replaced = Operation.replaced(in: step.storedOperations == nil ? step.operations : try stored(step))
    let operations = replaced.operations
    try Self.checkPutBack(operations, into: document, library: library, now: now)
    // An edit's undo whose reading or visit is not as the edit left it: a change since dropped
    // from the history deleted or changed it, and putting the old one back would bring it back,
    // or undo that change too, unsaid (attacker reviews at stop 40).
    try Self.checkAsLeft(document.entries, replaced.entries)
    try Self.checkAsLeft(document.visits, replaced.visits)
    // The profile it puts back too, as `glance profile --name` takes a name (attacker's second look).
    if let profile = step.profileBefore, JSONImportPlanner.profileNameProblem(profile) != nil {
      throw UndoError.damagedStep
    }
    // A custom marker the step removes whose readings a forgotten later change added: refused,
    // never a file with readings of no marker.
    let removed = operations.compactMap { operation -> MarkerDefinition? in
      guard case .removeCustomMarker(let id) = operation else { return nil }
      return document.customMarkers.first { $0.id == id }
    }
    document.undo.removeLast()
    var outcome = UndoOutcome(step: step, removing: operations)
    let trackedBefore = document.trackedMarkers
    (outcome.goneReadings, outcome.goneVisits) = apply(operations)
    // A marker whose readings a forgotten later change added (entered after this step) stays
    // tracked: the step's tracked list predates them (attacker review: undoing "add HDL" after
    // forgetting "add LDL" untracked LDL, and its reading showed nowhere). NB: the same second
    // counts (a script's steps share one): a marker left tracked shows its readings, and is
    // untracked with one command; one untracked wrongly hides them.
    let trackedNow = IDSet(document.trackedMarkers.map(\.markerID))
    let untracked = IDSet(trackedBefore.map(\.markerID).filter { !trackedNow.contains($0) })
    var later = IDSet()
    if !untracked.isEmpty {
      // One pass over the readings, however many markers the undo untracked.
      for entry in document.entries where entry.entryTimestamp >= step.timestamp && untracked.contains(entry.markerID) {
        later.insert(entry.markerID)
      }
    }
    let kept = trackedBefore.filter { later.contains($0.markerID) }
    if !kept.isEmpty { apply(.setTrackedMarkers(document.trackedMarkers + kept)) }
    // One the step puts back as well (a --replace of a backup that has it) is not removed
    // (newcomer review at stop 40: such an undo was refused).
    for marker in removed where !document.customMarkers.contains(where: { $0.id == marker.id }) {
      let readings = document.entries.reduce(0) { $0 + ($1.markerID == marker.id ? 1 : 0) }
      guard readings == 0 else {
        throw UndoError.leavesReadingsWithoutMarker(
          step: step.summary, marker: marker.displayName, key: marker.key, readings: readings)
      }
    }
    if let profile = step.profileBefore { setProfile(profile) }
    outcome.putsBack = operations.contains {
      switch $0 {
      case .putEntry, .putVisit: true
      default: false
      }
    }
    return outcome
  }

  /// Refuses an undo when a record the step replaced is not as the step left it (`expected`):
  /// changed since, or gone.
  static func checkAsLeft<Record: Identifiable & Equatable>(_ records: [Record], _ expected: [UUID: Record])
    throws(UndoError) where Record.ID == UUID
  {
    guard !expected.isEmpty else { return }
    var found = 0
    for record in records {
      guard let left = expected[record.id] else { continue }
      guard record == left else { throw .changedSince }
      found += 1
    }
    if found < expected.count { throw .changedSinceDeleted }
  }

  /// Refuses an undo step whose records glance would refuse to import (attacker review: a step
  /// edited by hand put back a reading dated 2099, or in "furlong", and said "Undid"; a value
  /// beyond what glance keeps stopped as a bug): a damaged data file, before anything changes.
  /// Today is the clock's in UTC and one day more, as a restore allows another time zone.
  static func checkPutBack(
    _ operations: [Operation], into document: GlanceDocument, library: MarkerLibrary, now: Timestamp
  ) throws(UndoError) {
    var custom: [UUID: MarkerDefinition] = [:]
    for marker in document.customMarkers { custom[marker.id] = marker }
    var search: SearchService?
    for case .putCustomMarker(let marker) in operations {
      // As an import checks it: its other names too (attacker's second look: 400,000 came back).
      let librarySearch = search ?? SearchService(markers: library.markers)
      search = librarySearch
      guard library.marker(id: marker.id) == nil,
        JSONImportPlanner.customMarkerProblem(marker, library: library, search: librarySearch) == nil
      else { throw .damagedStep }
      custom[marker.id] = marker
    }
    let latest = CalendarDate.latestAnywhere(now)
    for operation in operations {
      switch operation {
      case .putEntry(let entry):
        guard let marker = library.marker(id: entry.markerID) ?? custom[entry.markerID], entry.unit == marker.unit
        else { throw .damagedStep }
        do { try RecordRules.check(entry) } catch { throw .damagedStep }
        if entry.dateOfService > latest { throw .damagedStep }
      case .putVisit(let visit):
        do { try RecordRules.check(visit) } catch { throw .damagedStep }
      case .setTrackedMarkers(let tracked):
        // Each a known marker, once (attacker's second look: an unknown one stopped as a bug).
        var seen = Set<UUID>()
        for row in tracked {
          guard seen.insert(row.markerID).inserted,
            library.marker(id: row.markerID) != nil || custom[row.markerID] != nil
          else { throw .damagedStep }
          if JSONImportPlanner.rangeProblem(low: row.customReferenceLow, high: row.customReferenceHigh) != nil {
            throw .damagedStep
          }
        }
      default: continue
      }
    }
  }

  /// Drops the newest step from the undo history without applying it (for `undo --forget`, when
  /// its undo record is lost): the data stays exactly as it is. With `expecting`, only when it is
  /// still that step.
  mutating func forgetNewest(expecting shown: UndoStep?) throws(ConcurrentChangeError) -> UndoStep? {
    if let shown, document.undo.last?.id != shown.id {
      throw .undoChanged(asked: shown.summary, newest: document.undo.last?.summary)
    }
    return document.undo.popLast()
  }

  /// The document to save: the changes plus, when recording, the undo step that reverts them.
  /// Consumed, so the step's operations are the transaction's own, reversed in place (an
  /// import's 500,000 were held twice through the save).
  consuming func finished() -> GlanceDocument {
    var result = document
    if recordsUndo, hasChanges {
      var operations = inverse
      inverse = []
      operations.reverse()
      let profile = profileBefore.flatMap { $0 == result.profile ? nil : $0 }
      result.undo.append(UndoStep(summary: summary, timestamp: now, operations: operations, profileBefore: profile))
      if result.undo.count > GlanceDocument.undoLimit {
        result.undo.removeFirst(result.undo.count - GlanceDocument.undoLimit)
      }
    }
    return result
  }
}
