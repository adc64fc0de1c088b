#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// The operations of the PRD's repository, built on `read` and `write` so every implementation
// behaves alike. Each write is one undo step; `summary` is what `glance undo` will say it undid.

extension DataRepository {
  // MARK: Library

  /// Every marker a person can track: the library's, then their custom ones.
  public func markerLibrary() throws -> [MarkerDefinition] {
    library.markers + (try read().customMarkers)
  }

  /// The library's categories, plus "Custom" once a custom marker exists.
  public func categories() throws -> [MarkerCategory] {
    try read().customMarkers.isEmpty ? library.categories : library.categories + [.custom]
  }

  /// The library or custom marker with this id.
  public func definition(for markerID: UUID) throws -> MarkerDefinition? {
    if let marker = library.marker(id: markerID) { return marker }
    return try read().customMarkers.first { $0.id == markerID }
  }

  /// Adds a custom marker (and, with `tracking`, starts tracking it in the same change); a name
  /// already used by a library or custom marker is refused.
  @discardableResult
  public func addCustomMarker(_ definition: MarkerDefinition, tracking: Bool = false, summary: String? = nil) throws
    -> MarkerDefinition
  {
    var marker = definition
    marker.isSystemDefined = false
    return try write(summary: summary ?? "add custom marker \(definition.displayName)") { transaction in
      let name = marker.displayName.lowercased()
      let taken =
        library.markers.contains { $0.displayName.lowercased() == name || $0.key == marker.key }
        || transaction.document.customMarkers.contains {
          $0.displayName.lowercased() == name || $0.key == marker.key || $0.id == marker.id
        }
      if taken { throw RepositoryError.duplicateCustomMarker(marker.displayName) }
      transaction.apply(.putCustomMarker(marker))
      if tracking { transaction.track([marker.id]) }
      return marker
    }
  }

  // MARK: Tracked markers

  /// Tracked markers in home-screen order.
  public func trackedMarkers() throws -> [UserMarker] { try read().trackedMarkers }

  /// Starts tracking `definition` (at the end of the list); tracking it again changes nothing.
  @discardableResult
  public func addTrackedMarker(_ definition: MarkerDefinition, summary: String? = nil) throws
    -> UserMarker
  {
    try addTrackedMarkers([definition], summary: summary ?? "track \(definition.displayName)")[0]
  }

  /// Starts tracking each marker not yet tracked, in the given order, as one change.
  @discardableResult
  public func addTrackedMarkers(_ definitions: [MarkerDefinition], summary: String) throws
    -> [UserMarker]
  {
    try write(summary: summary) { transaction in
      for definition in definitions { try requireKnown(definition.id, in: transaction.document) }
      transaction.track(definitions.map(\.id))
      let tracked = transaction.document.trackedMarkers
      return definitions.compactMap { definition in tracked.first { $0.markerID == definition.id } }
    }
  }

  /// Stops tracking a marker. Its readings are kept.
  public func removeTrackedMarker(_ markerID: UUID, summary: String? = nil) throws {
    try removeTrackedMarkers([markerID], summary: summary)
  }

  /// Stops tracking every marker in `markerIDs` (both halves of blood pressure) as one change.
  public func removeTrackedMarkers(_ markerIDs: Set<UUID>, summary: String? = nil) throws {
    try write(summary: summary ?? "stop tracking a marker") { transaction in
      var markers = transaction.document.trackedMarkers.filter { !markerIDs.contains($0.markerID) }
      for index in markers.indices { markers[index].displayOrder = index }
      transaction.apply(.setTrackedMarkers(markers))
    }
  }

  /// Puts the given markers first, in the given order; the others keep their order after them.
  public func updateMarkerOrder(_ markerIDs: [UUID], summary: String? = nil) throws {
    try write(summary: summary ?? "reorder markers") { transaction in
      let current = transaction.document.trackedMarkers
      var ordered: [UserMarker] = []
      for id in markerIDs {
        if let marker = current.first(where: { $0.markerID == id }),
          !ordered.contains(where: { $0.markerID == id })
        {
          ordered.append(marker)
        }
      }
      ordered += current.filter { marker in !ordered.contains { $0.markerID == marker.markerID } }
      for index in ordered.indices { ordered[index].displayOrder = index }
      transaction.apply(.setTrackedMarkers(ordered))
    }
  }

  /// Sets the sex sex-specific ranges are judged by; nil for "not given". Not an undo step: set
  /// it again to change it.
  public func setSex(_ sex: Sex?) throws {
    try write(summary: "set sex") { transaction in
      var profile = transaction.document.profile
      profile.sex = sex
      transaction.setProfile(profile)
    }
  }

  /// Sets the units results are shown in (`glance units si`). Not an undo step: set it again to
  /// change it. Readings keep the value and unit they were typed in, so nothing is lost either way.
  /// `unlessChosen`: only while none is chosen (an answer to a question must not undo a choice
  /// another glance saved while it waited). Returns false when it changed nothing for that.
  @discardableResult
  public func setUnits(_ units: UnitSystem, unlessChosen: Bool = false) throws -> Bool {
    var chosenMeanwhile = false
    try write(summary: "set units") { transaction in
      var profile = transaction.document.profile
      if unlessChosen, profile.units != nil {
        chosenMeanwhile = true
        return
      }
      profile.units = units
      transaction.setProfile(profile)
    }
    return !chosenMeanwhile
  }

  /// Sets the unit one marker is shown in (nil: back to the system's).
  public func setUnit(_ unit: String?, for marker: MarkerDefinition) throws {
    try write(summary: "set the unit of \(marker.shortName)") { transaction in
      var profile = transaction.document.profile
      profile.setUnitChoice(unit, for: marker.key)
      transaction.setProfile(profile)
    }
  }

  /// Sets the name the brief is prepared for (`prep`'s "For:", the page's heading); an empty name
  /// goes back to none. One line, at most `InputLimits.nameCharacters`.
  public func setName(_ name: String) throws {
    let trimmed = name.trimmingWhitespaceAndNewlines()
    try InputLimits.checkName(trimmed, InputLimits.nameCharacters, "The name")
    try write(summary: "set name") { transaction in
      var profile = transaction.document.profile
      profile.name = trimmed.isEmpty ? Profile.unnamed : trimmed
      transaction.setProfile(profile)
    }
  }

  /// Sets "your target range" for a marker; nil for both restores the default. A marker not
  /// tracked yet starts being tracked (a target only means something for a marker you follow).
  /// Returns true when it had to start tracking it.
  @discardableResult
  public func setTargetRange(
    for markerID: UUID, low: Double?, high: Double?, summary: String? = nil
  ) throws -> Bool {
    try setTargetRange(for: markerID, summary: summary) { _ in (low, high) }
  }

  /// Sets the target range `bounds` makes of the data as it is under the write lock (nil, nil:
  /// the marker's own range again); true when the marker was not tracked yet.
  public func setTargetRange(
    for markerID: UUID, summary: String? = nil,
    bounds: (GlanceDocument) throws -> (low: Double?, high: Double?)
  ) throws -> Bool {
    try write(summary: summary ?? "change a target range") { transaction in
      try requireKnown(markerID, in: transaction.document)
      let (low, high) = try bounds(transaction.document)
      let started = !transaction.track([markerID]).isEmpty
      var markers = transaction.document.trackedMarkers
      let index = markers.firstIndex { $0.markerID == markerID }!
      markers[index].customReferenceLow = low
      markers[index].customReferenceHigh = high
      transaction.apply(.setTrackedMarkers(markers))
      return started
    }
  }

  // MARK: Entries

  /// A marker's entries, oldest first, optionally only those within `dates` (inclusive).
  public func getEntries(for markerID: UUID, in dates: ClosedRange<CalendarDate>? = nil) throws
    -> [MarkerEntry]
  {
    try read().entries.filter { entry in
      entry.markerID == markerID && (dates.map { $0.contains(entry.dateOfService) } ?? true)
    }
  }

  /// The most recent entry of a marker by date of service (then by entry time).
  public func getLatestEntry(for markerID: UUID) throws -> MarkerEntry? {
    try read().entries.last { $0.markerID == markerID }
  }

  /// Saves a new entry; its marker must be a library or custom marker.
  public func addEntry(_ entry: MarkerEntry, summary: String? = nil) throws {
    try addEntries([entry], summary: summary ?? "add a reading")
  }

  /// Saves several entries as one change: all of them or, on any error, none.
  public func addEntries(_ entries: [MarkerEntry], summary: String) throws {
    try write(summary: summary) { transaction in
      for entry in entries {
        try requireKnown(entry.markerID, in: transaction.document)
        transaction.apply(.putEntry(entry))
      }
    }
  }

  /// Replaces the entry with the same id; it must exist and, with `expecting`, still be exactly
  /// the reading the person was shown (else `ConcurrentChangeError.readingChanged`).
  public func updateEntry(_ entry: MarkerEntry, expecting shown: MarkerEntry? = nil, summary: String? = nil) throws {
    try write(summary: summary ?? "edit a reading") { transaction in
      guard let index = transaction.document.entries.index(ofEntry: entry.id) else {
        throw RepositoryError.entryNotFound(entry.id)
      }
      if let shown, transaction.document.entries[index] != shown { throw ConcurrentChangeError.readingChanged }
      try requireKnown(entry.markerID, in: transaction.document)
      transaction.apply(.putEntry(entry))
    }
  }

  /// Deletes an entry and returns it; it must exist and, with `expecting`, still be exactly the
  /// reading the person was shown.
  @discardableResult
  public func deleteEntry(_ id: UUID, expecting shown: MarkerEntry? = nil, summary: String? = nil) throws
    -> MarkerEntry
  {
    try write(summary: summary ?? "delete a reading") { transaction in
      guard let index = transaction.document.entries.index(ofEntry: id) else {
        throw RepositoryError.entryNotFound(id)
      }
      let entry = transaction.document.entries[index]
      if let shown, entry != shown { throw ConcurrentChangeError.readingChanged }
      transaction.apply(.removeEntry(id))
      return entry
    }
  }

  /// Deletes the reading `shown` (the one the person named): asked about (`assumeYes` false),
  /// only while it is still exactly as shown; with `--yes`, where nothing was shown for a yes, as
  /// it is now, as an edit with `--yes` is (attacker's third look at stop 34: `delete --yes` was
  /// refused, exit 75, after another glance edited the reading). `summary` names the reading
  /// deleted, for undo. Returns it.
  @discardableResult
  public func deleteEntry(_ shown: MarkerEntry, assumeYes: Bool, summary: (MarkerEntry) -> String) throws
    -> MarkerEntry
  {
    try write(summary: summary(shown)) { transaction in
      guard let index = transaction.document.entries.index(ofEntry: shown.id) else {
        throw RepositoryError.entryNotFound(shown.id)
      }
      let entry = transaction.document.entries[index]
      if entry != shown {
        guard assumeYes else { throw ConcurrentChangeError.readingChanged }
        transaction.summary = summary(entry)
      }
      transaction.apply(.removeEntry(shown.id))
      return entry
    }
  }

  // MARK: Visits

  /// Visits newest first, at most `limit` of them.
  public func getVisits(limit: Int? = nil) throws -> [Visit] {
    let newestFirst = Array(try read().visits.reversed())
    guard let limit else { return newestFirst }
    return Array(newestFirst.prefix(max(0, limit)))
  }

  /// The latest visit of a type; with `onOrBefore`, planned visits after that day are skipped.
  public func getLastVisit(ofType type: VisitType, onOrBefore day: CalendarDate? = nil) throws
    -> Visit?
  {
    try read().visits.last { visit in
      visit.visitType == type && (day.map { visit.date <= $0 } ?? true)
    }
  }

  public func addVisit(_ visit: Visit, summary: String? = nil) throws {
    try write(summary: summary ?? "add a visit") { transaction in
      transaction.apply(.putVisit(visit))
    }
  }

  /// Replaces the visit with the same id; it must exist and, with `expecting`, still be exactly
  /// the visit the person was shown.
  public func updateVisit(_ visit: Visit, expecting shown: Visit? = nil, summary: String? = nil) throws {
    try write(summary: summary ?? "edit a visit") { transaction in
      guard let current = transaction.document.visits.first(where: { $0.id == visit.id }) else {
        throw RepositoryError.visitNotFound(visit.id)
      }
      if let shown, current != shown { throw ConcurrentChangeError.visitChanged }
      transaction.apply(.putVisit(visit))
    }
  }

  /// Deletes a visit and returns it; it must exist and, with `expecting`, still be exactly the
  /// visit the person was shown.
  @discardableResult
  public func deleteVisit(_ id: UUID, expecting shown: Visit? = nil, summary: String? = nil) throws -> Visit {
    try write(summary: summary ?? "delete a visit") { transaction in
      guard let visit = transaction.document.visits.first(where: { $0.id == id }) else {
        throw RepositoryError.visitNotFound(id)
      }
      if let shown, visit != shown { throw ConcurrentChangeError.visitChanged }
      transaction.apply(.removeVisit(id))
      return visit
    }
  }

  /// Deletes the visit `shown`, as `deleteEntry(_:assumeYes:summary:)` deletes a reading.
  @discardableResult
  public func deleteVisit(_ shown: Visit, assumeYes: Bool, summary: (Visit) -> String) throws -> Visit {
    try write(summary: summary(shown)) { transaction in
      guard let visit = transaction.document.visits.first(where: { $0.id == shown.id }) else {
        throw RepositoryError.visitNotFound(shown.id)
      }
      if visit != shown {
        guard assumeYes else { throw ConcurrentChangeError.visitChanged }
        transaction.summary = summary(visit)
      }
      transaction.apply(.removeVisit(shown.id))
      return visit
    }
  }

  func requireKnown(_ markerID: UUID, in document: GlanceDocument) throws {
    guard library.marker(id: markerID) != nil || document.customMarkers.contains(where: { $0.id == markerID })
    else { throw RepositoryError.unknownMarker(markerID) }
  }
}
