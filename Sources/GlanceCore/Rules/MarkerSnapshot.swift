#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One marker as the screens show it: its definition, the person's settings, its readings and
/// what they add up to (status of the latest, trend of the last three).
public struct MarkerSnapshot: Sendable {
  public let definition: MarkerDefinition
  /// Nil when the marker has readings but is not tracked.
  public let tracked: UserMarker?
  /// Oldest first.
  public let entries: [MarkerEntry]
  public let range: ReferenceRange
  /// The person's sex, for sex-specific ranges; nil when not given.
  public let sex: Sex?
  /// The clinical rule of a library marker; nil for custom markers. Looked up once: a screen
  /// judges every reading with it.
  public let rule: ClinicalRule?

  public init(definition: MarkerDefinition, tracked: UserMarker?, entries: [MarkerEntry], sex: Sex? = nil) {
    self.definition = definition
    self.tracked = tracked
    self.entries = entries
    self.sex = sex
    let rule = definition.isSystemDefined ? ClinicalRules.rule(for: definition.key) : nil
    self.rule = rule
    if let tracked, tracked.hasCustomRange {
      range = tracked.effectiveRange(for: definition)
    } else if let sex, let own = rule?.range(for: sex) {
      range = own
    } else {
      range = definition.defaultRange
    }
  }

  public var latest: MarkerEntry? { entries.last }

  /// The status of the latest reading, nil without readings.
  public var status: MarkerStatus? { latest.map { status(of: $0) } }

  public func status(of entry: MarkerEntry) -> MarkerStatus { judgement(of: entry).status }

  /// The status of `entry` and its words (a censored value judged by what it can be; critical
  /// limits and a guideline's stages applied).
  public func judgement(of entry: MarkerEntry) -> Judgement {
    // Beyond what is plausible (a slip the person confirmed, potassium 15): not judged, so it
    // never raises a critical alarm or a check mark; it stays out of trends too.
    if entry.comparator == nil, definition.isOffScale(entry.value) {
      return Judgement(status: .indeterminate, words: "beyond the plausible range: check it against the report")
    }
    var judgement = Judgement.of(entry.value, comparator: entry.comparator, range: range, rule: rule)
    // Entered in the SI unit of a guideline that states its own SI figures: judged by those (the
    // critical limits stay with the converted value). Words say so when the two disagree.
    if !judgement.status.isCritical, !hasCustomRange, let si = rule?.siRange,
      let entered = entry.entered(for: definition),
      let siUnit = definition.siUnit, UnitConverter.normalize(entered.unit) == UnitConverter.normalize(siUnit)
    {
      var own = Judgement.of(entered.value, comparator: entry.comparator, range: si, rule: nil)
      if own.status != judgement.status {
        own.words += ValueText.rangeInWords(si, unit: siUnit).map { ", judged in \(siUnit): \($0)" } ?? ""
      }
      own.asEntered = true
      judgement = own
    }
    // Sex not given: a value in the shared range but outside one sex's is not silently "in range".
    guard sex == nil, !hasCustomRange, entry.comparator == nil, !judgement.status.isOutOfRange,
      let rule, let male = rule.male, let female = rule.female
    else { return judgement }
    for (own, sex) in [(male, Sex.male), (female, Sex.female)] {
      if own.isBelow(entry.value) {
        return Judgement(
          status: .watchLow, words: "range depends on sex: below it for \(sex.plural)", dependsOnSex: true)
      }
      if own.isAbove(entry.value) {
        return Judgement(
          status: .watchHigh, words: "range depends on sex: above it for \(sex.plural)", dependsOnSex: true)
      }
    }
    return judgement
  }

  /// The value, unit and range `entry` is judged by: as typed, when a guideline's own SI figure
  /// judged it (UACR 3 mg/mmol against below 3 mg/mmol), else as stored against `range`. Screens
  /// that show one reading beside its status show this, so the two never disagree.
  public func asJudged(_ entry: MarkerEntry) -> (value: Double, unit: String, range: ReferenceRange) {
    if judgement(of: entry).asEntered, let entered = entry.entered(for: definition), let si = rule?.siRange {
      return (entered.value, entered.unit, si)
    }
    return (entry.value, entry.unit, range)
  }

  public var trend: Trend {
    var trend = Trend.of(entries, definition: definition, range: range)
    // The latest reading may be a lab's bound the trend leaves out (PSA >10 after 4, 2, 1):
    // out of range, it still keeps the trend from being called good.
    if trend.meaning == .good, let latest, status(of: latest).isOutOfRange { trend.meaning = .neutral }
    return trend
  }

  /// True when `entry` is judged "range depends on sex" (no sex given, and it is outside one
  /// sex's range).
  public func dependsOnSex(_ entry: MarkerEntry) -> Bool {
    judgement(of: entry).dependsOnSex
  }

  /// True when the person set their own target range.
  public var hasCustomRange: Bool { tracked?.hasCustomRange ?? false }
}

extension GlanceDocument {
  /// Every entry, grouped by marker id (each group oldest first).
  public func entriesByMarker() -> [UUID: [MarkerEntry]] {
    var groups: [UUID: [MarkerEntry]] = [:]
    for (id, indices) in entryIndicesByMarker() {
      groups[id] = indices.map { entries[$0] }
    }
    return groups
  }

  /// The positions in `entries` of each marker's entries, oldest first. Marker ids are few, so
  /// they are found by comparison (the previous one first) rather than by hashing each entry.
  func entryIndicesByMarker(recentLimit: Int? = nil, only wanted: Set<UUID>? = nil) -> [UUID: [Int]] {
    let groups = entryGroups(recentLimit: recentLimit, only: wanted.map { Array($0) })
    var result: [UUID: [Int]] = [:]
    for (id, indices) in groups { result[id] = indices }
    return result
  }

  /// The same as pairs, without hashing: for the few markers a screen shows. Markers without
  /// readings are left out.
  func entryGroups(recentLimit: Int?, only wanted: [UUID]?) -> [(UUID, [Int])] {
    // With a wanted list its markers are the only slots, so any other reading is passed over
    // after a comparison or two; without one, each new marker seen gets a slot.
    var ids: [UUID] = wanted ?? []
    var words: [(UInt64, UInt64)] = ids.map(\.words)
    var groups = [[Int]](repeating: [], count: ids.count)
    let limit = recentLimit ?? Int.max
    var last = -1
    var index = entries.count - 1
    var full = 0
    // Walk newest first so a limit can stop early once every wanted marker has enough.
    // NB: read through a buffer pointer, so taking one field does not copy (retain) the entry.
    entries.withUnsafeBufferPointer { buffer in
      while index >= 0 {
        defer { index -= 1 }
        let markerID = buffer[index].markerID
        let key = markerID.words
        var slot = last
        if slot < 0 || words[slot] != key {
          guard let found = words.firstIndex(where: { $0 == key }) else {
            guard wanted == nil else { continue }
            ids.append(markerID)
            words.append(key)
            groups.append(limit > 0 ? [index] : [])
            last = ids.count - 1
            continue
          }
          slot = found
          last = slot
        }
        if groups[slot].count < limit {
          groups[slot].append(index)
          if groups[slot].count == limit, wanted != nil {
            full += 1
            if full == ids.count { break }
          }
        }
      }
    }
    return ids.indices.compactMap { slot in
      groups[slot].isEmpty ? nil : (ids[slot], groups[slot].reversed())
    }
  }

  /// The definition of a library or custom marker.
  public func definition(for markerID: UUID, library: MarkerLibrary) -> MarkerDefinition? {
    library.marker(id: markerID) ?? customMarkers.first { $0.id == markerID }
  }

  /// Snapshots of the tracked markers, in home-screen order. With `recentLimit`, each holds only
  /// its latest readings (the home screen needs 12, not thirty years of them).
  public func trackedSnapshots(library: MarkerLibrary, recentLimit: Int? = nil) -> [MarkerSnapshot] {
    let groups = entryGroups(recentLimit: recentLimit, only: trackedMarkers.map(\.markerID))
    return trackedMarkers.compactMap { tracked in
      guard let definition = definition(for: tracked.markerID, library: library) else { return nil }
      let indices = groups.first { $0.0 == tracked.markerID }?.1 ?? []
      return MarkerSnapshot(
        definition: definition, tracked: tracked, entries: indices.map { self.entries[$0] }, sex: profile.sex)
    }
  }

  /// The snapshot of one marker, tracked or not.
  public func snapshot(for definition: MarkerDefinition) -> MarkerSnapshot {
    MarkerSnapshot(
      definition: definition, tracked: trackedMarkers.first { $0.markerID == definition.id },
      entries: entries.filterSharing { $0.markerID.words == definition.id.words }, sex: profile.sex)
  }
}
