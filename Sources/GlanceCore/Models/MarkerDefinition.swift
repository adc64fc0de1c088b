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
  /// The decimals a lab prints in `siUnit` (cholesterol 1 in mmol/L, creatinine 0 in µmol/L).
  public var siDecimals: Int?
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
    siOffset: Double? = nil, decimals: Int = 1, siDecimals: Int? = nil, referenceLow: Double? = nil,
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
    self.siDecimals = siDecimals
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

  /// The default reference range as a value, each bound strict or inclusive as its guideline
  /// states it (`ClinicalRules`): LDL "<100" is judged as below 100, never as "up to 99".
  public var defaultRange: ReferenceRange {
    let rule = isSystemDefined ? ClinicalRules.rule(for: key) : nil
    // A low bound that means nothing clinically (ALT's) is not a bound to judge by.
    return ReferenceRange(
      low: rule?.flagsLow == false ? nil : referenceLow, high: referenceHigh, lowStrict: rule?.lowStrict ?? false,
      highStrict: rule?.highStrict ?? false)
  }
}

/// A low and/or high bound; either may be absent (a one-sided range). A bound is inclusive (a
/// value on it is in range) unless it is strict, as a guideline's "<100" is.
public struct ReferenceRange: Hashable, Sendable {
  public var low: Double?
  public var high: Double?
  /// The low bound itself is out of range ("more than 60").
  public var lowStrict: Bool
  /// The high bound itself is out of range ("<100").
  public var highStrict: Bool

  public init(low: Double?, high: Double?, lowStrict: Bool = false, highStrict: Bool = false) {
    self.low = low
    self.high = high
    self.lowStrict = lowStrict
    self.highStrict = highStrict
  }

  public var isEmpty: Bool { low == nil && high == nil }

  /// True when `value` is below the range.
  public func isBelow(_ value: Double) -> Bool {
    guard let low else { return false }
    return lowStrict ? value <= low : value < low
  }

  /// True when `value` is above the range.
  public func isAbove(_ value: Double) -> Bool {
    guard let high else { return false }
    return highStrict ? value >= high : value > high
  }
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
