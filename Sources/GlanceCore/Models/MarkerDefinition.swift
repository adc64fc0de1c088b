#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A marker a person can track: one of the library's (from MarkerData.json) or one they made.
///
/// Library markers keep their `key` and `id` forever, so a data file written today means the same
/// marker to every later release. Custom markers get a fresh UUID and a `custom-…` key.
public struct MarkerDefinition: Codable, Hashable, Sendable, Identifiable {
  public var id: UUID
  /// Stable machine name: `hdl`, `a1c`, `custom-blood-ketones`.
  public var key: String
  public var displayName: String
  /// The name used inside sentences: "You entered HDL of 890 mg/dL".
  public var shortName: String
  /// The `MarkerCategory.key` this marker belongs to.
  public var category: String
  /// The unit every reading is stored in (US conventional).
  public var unit: String
  /// Other spellings of exactly the same unit ("K/uL" for "10³/µL").
  public var unitSynonyms: [String]
  public var siUnit: String?
  /// SI = (conventional − `siOffset`) × `siFactor`.
  public var siFactor: Double?
  public var siOffset: Double?
  /// Decimal places a lab report prints for this marker.
  public var decimals: Int
  public var referenceLow: Double?
  public var referenceHigh: Double?
  /// Values outside the plausible range are asked about before saving (library markers only).
  public var plausibleMin: Double?
  public var plausibleMax: Double?
  public var direction: Direction
  public var loinc: String?
  public var aliases: [String]
  public var source: String?
  public var notes: String?
  /// True for library markers, false for the person's own.
  public var isSystemDefined: Bool

  public init(
    id: UUID, key: String, displayName: String, shortName: String? = nil, category: String,
    unit: String, unitSynonyms: [String] = [], siUnit: String? = nil, siFactor: Double? = nil,
    siOffset: Double? = nil, decimals: Int = 1, referenceLow: Double? = nil,
    referenceHigh: Double? = nil, plausibleMin: Double? = nil, plausibleMax: Double? = nil,
    direction: Direction, loinc: String? = nil, aliases: [String] = [], source: String? = nil,
    notes: String? = nil, isSystemDefined: Bool
  ) {
    self.id = id
    self.key = key
    self.displayName = displayName
    self.shortName = shortName ?? displayName
    self.category = category
    self.unit = unit
    self.unitSynonyms = unitSynonyms
    self.siUnit = siUnit
    self.siFactor = siFactor
    self.siOffset = siOffset
    self.decimals = decimals
    self.referenceLow = referenceLow
    self.referenceHigh = referenceHigh
    self.plausibleMin = plausibleMin
    self.plausibleMax = plausibleMax
    self.direction = direction
    self.loinc = loinc
    self.aliases = aliases
    self.source = source
    self.notes = notes
    self.isSystemDefined = isSystemDefined
  }

  /// The default reference range as a value.
  public var defaultRange: ReferenceRange { ReferenceRange(low: referenceLow, high: referenceHigh) }
}

/// A low and/or high bound, both inclusive; either may be absent (a one-sided range).
public struct ReferenceRange: Codable, Hashable, Sendable {
  public var low: Double?
  public var high: Double?

  public init(low: Double?, high: Double?) {
    self.low = low
    self.high = high
  }

  public var isEmpty: Bool { low == nil && high == nil }
}

extension MarkerDefinition {
  /// True when `compact` (a `SearchText` compact form) is this marker's name, short name, key or
  /// one of its everyday words: a custom marker may not take any of them.
  public func answers(to compact: String) -> Bool {
    ([displayName, shortName, key] + aliases).contains { SearchText($0).compact == compact }
  }

  /// Beyond the library's plausible range for the marker (almost surely a slip): such a reading is
  /// drawn at the chart's edge and left out of the trend. Custom markers have no such range.
  public func isOffScale(_ value: Double) -> Bool {
    guard isSystemDefined else { return false }
    if let plausibleMin, value < plausibleMin { return true }
    if let plausibleMax, value > plausibleMax { return true }
    return false
  }
}
