#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A rule of the stored document that a change would break; the save is refused.
///
/// The reader refuses a file whose ids repeat or that tracks a marker twice, so a save that
/// produced one would lock the person out of every later change. These checks run on every
/// save, before anything is written, and cover more than the reader does: references must
/// resolve too.
public enum DocumentInvariantError: Error, Equatable, Sendable {
  case duplicateEntryID
  case duplicateVisitID
  case duplicateUndoStepID
  case duplicateCustomMarkerID
  case customMarkerReusesLibraryMarker
  case duplicateMarkerKey
  case markerTrackedTwice
  case trackedMarkerUnknown
  case entryMarkerUnknown
  case nonFiniteNumber(String)
  /// A reading or visit the change touched breaks `RecordRules` (a hand-edited undo step).
  case recordRefused(String)

  /// What is wrong, in words that hold no value from the data.
  public var reason: String {
    switch self {
    case .duplicateEntryID: "two readings would share an id"
    case .duplicateVisitID: "two visits would share an id"
    case .duplicateUndoStepID: "two undo steps would share an id"
    case .duplicateCustomMarkerID: "two custom markers would share an id"
    case .customMarkerReusesLibraryMarker: "a custom marker would take the id of a library marker"
    case .duplicateMarkerKey: "two markers would share a key"
    case .markerTrackedTwice: "a marker would be tracked twice"
    case .trackedMarkerUnknown: "a tracked marker would point at a marker that does not exist"
    case .entryMarkerUnknown: "a reading would point at a marker that does not exist"
    case .nonFiniteNumber(let field): "\(field) would not be a finite number"
    case .recordRefused(let why): "a reading or visit would hold what glance does not keep: \(why)"
    }
  }
}

/// What a change touched, so a save checks the changed records and trusts the rest, which were
/// read from the file moments before. Nil checks everything.
struct ChangeScope {
  var touchedEntries: TouchedIDs
  /// Custom markers that existed before the change; readings of one that is gone are checked.
  var customMarkersBefore: [MarkerDefinition]
  /// Tracked rows before the change: one that already pointed nowhere is not this change's doing.
  var trackedMarkersBefore: [UserMarker]
  /// How many readings there were: a change may not take a folder past `InputLimits.readings`.
  var entriesBefore = 0
}

extension GlanceDocument {
  /// Fails with the first rule the document breaks. With a `scope`, a problem the document had
  /// before the change (a reading of a marker from a newer library, say) is left alone: only
  /// what the change made is refused, so an old file never locks its owner out.
  func checkInvariants(library: MarkerLibrary, scope: ChangeScope? = nil) throws(DocumentInvariantError) {
    do {
      try validateNumbers()
    } catch let error as NonFiniteNumberError {
      throw .nonFiniteNumber(error.field)
    } catch {
      throw .nonFiniteNumber("a value")
    }
    if firstDuplicate(entries.map(\.id)) != nil { throw .duplicateEntryID }
    if firstDuplicate(visits.map(\.id)) != nil { throw .duplicateVisitID }
    if firstDuplicate(undo.map(\.id)) != nil { throw .duplicateUndoStepID }
    if firstDuplicate(customMarkers.map(\.id)) != nil { throw .duplicateCustomMarkerID }
    if firstDuplicate(trackedMarkers.map(\.markerID)) != nil { throw .markerTrackedTwice }

    let before = scope.map { Set($0.customMarkersBefore.map(\.id)) } ?? []
    var keys = Set(library.markers.map(\.key))
    for marker in customMarkers where !before.contains(marker.id) {
      if library.marker(id: marker.id) != nil { throw .customMarkerReusesLibraryMarker }
    }
    let keysBefore = Set(scope?.customMarkersBefore.map(\.key) ?? [])
    for marker in customMarkers where !keys.insert(marker.key).inserted && !keysBefore.contains(marker.key) {
      throw .duplicateMarkerKey
    }

    var known = IDSet(library.markers.map(\.id), capacity: library.markers.count + customMarkers.count)
    for marker in customMarkers { known.insert(marker.id) }
    let trackedBefore = IDSet(scope?.trackedMarkersBefore.map(\.markerID) ?? [])
    for tracked in trackedMarkers where !known.contains(tracked.markerID) && !trackedBefore.contains(tracked.markerID) {
      throw .trackedMarkerUnknown
    }

    guard let scope else {
      for entry in entries where !known.contains(entry.markerID) { throw .entryMarkerUnknown }
      return
    }
    // Readings the change touched must point at a marker; untouched ones only need checking
    // when the change removed a custom marker they might point at.
    let removed = scope.customMarkersBefore.map(\.id).filter { !known.contains($0) }
    let gone = IDSet(removed)
    for entry in entries {
      if scope.touchedEntries.contains(entry.id) {
        if !known.contains(entry.markerID) { throw .entryMarkerUnknown }
        do { try RecordRules.check(entry) } catch { throw .recordRefused(error.message) }
      } else if !removed.isEmpty, gone.contains(entry.markerID) {
        throw .entryMarkerUnknown
      }
    }
  }
}

extension GlanceDocument {
  /// The checks every save makes before it writes anything, as the storage error it refuses with.
  func checkBeforeSaving(
    library: MarkerLibrary, scope: ChangeScope?, readingLimit: Int = InputLimits.readings
  ) throws(StorageError) {
    // Every folder must export to a file that imports again: `add` and `batch` stop where
    // `import` does. A folder already past it (made by hand) may still shrink.
    if entries.count > readingLimit, entries.count > (scope?.entriesBefore ?? 0) {
      throw .folderFull(limit: readingLimit)
    }
    do {
      try checkInvariants(library: library, scope: scope)
    } catch .nonFiniteNumber(let field) {
      throw .invalidNumber(field: field)
    } catch {
      throw .wouldBreakFile(error)
    }
  }
}
