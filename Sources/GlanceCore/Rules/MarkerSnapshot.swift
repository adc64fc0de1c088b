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

  public init(definition: MarkerDefinition, tracked: UserMarker?, entries: [MarkerEntry]) {
    self.definition = definition
    self.tracked = tracked
    self.entries = entries
    self.range = tracked?.effectiveRange(for: definition) ?? definition.defaultRange
  }

  public var latest: MarkerEntry? { entries.last }

  /// The status of the latest reading, nil without readings.
  public var status: MarkerStatus? { latest.map { MarkerStatus.of($0.value, in: range) } }

  public func status(of entry: MarkerEntry) -> MarkerStatus { MarkerStatus.of(entry.value, in: range) }

  public var trend: Trend {
    Trend.of(entries.suffix(3).map(\.value), direction: definition.direction, range: range)
  }

  /// True when the person set their own target range.
  public var hasCustomRange: Bool { tracked?.hasCustomRange ?? false }
}

extension GlanceDocument {
  /// Every entry, grouped by marker id (each group oldest first).
  public func entriesByMarker() -> [UUID: [MarkerEntry]] {
    var groups: [UUID: [MarkerEntry]] = [:]
    for entry in entries { groups[entry.markerID, default: []].append(entry) }
    return groups
  }

  /// The definition of a library or custom marker.
  public func definition(for markerID: UUID, library: MarkerLibrary) -> MarkerDefinition? {
    library.marker(id: markerID) ?? customMarkers.first { $0.id == markerID }
  }

  /// Snapshots of the tracked markers, in home-screen order.
  public func trackedSnapshots(library: MarkerLibrary) -> [MarkerSnapshot] {
    let groups = entriesByMarker()
    return trackedMarkers.compactMap { tracked in
      guard let definition = definition(for: tracked.markerID, library: library) else { return nil }
      return MarkerSnapshot(definition: definition, tracked: tracked, entries: groups[tracked.markerID] ?? [])
    }
  }

  /// The snapshot of one marker, tracked or not.
  public func snapshot(for definition: MarkerDefinition) -> MarkerSnapshot {
    MarkerSnapshot(
      definition: definition, tracked: trackedMarkers.first { $0.markerID == definition.id },
      entries: entries.filter { $0.markerID == definition.id })
  }
}
