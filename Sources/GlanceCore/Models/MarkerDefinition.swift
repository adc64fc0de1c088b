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
  /// The fields, stored once and shared by every copy until one is changed: a draft, a
  /// snapshot or an import row holds a marker by one reference (an import of 500,000 rows held
  /// 500,000 copies of its fields).
  struct Fields: Codable, Hashable, Sendable {
    var id: UUID
    var key: String
    var displayName: String
    var shortName: String
    var category: String
    var unit: String
    var unitSynonyms: [String]
    var siUnit: String?
    var siFactor: Double?
    var siOffset: Double?
    var decimals: Int
    var siDecimals: Int?
    var referenceLow: Double?
    var referenceHigh: Double?
    var plausibleMin: Double?
    var plausibleMax: Double?
    var direction: Direction
    var loinc: String?
    var aliases: [String]
    var source: String?
    var notes: String?
    var isSystemDefined: Bool
  }

  private final class Storage: @unchecked Sendable {
    // NB: changed only through `change`, when this copy is its only holder.
    var fields: Fields
    init(_ fields: Fields) { self.fields = fields }
  }

  private var storage: Storage

  private mutating func change(_ body: (inout Fields) -> Void) {
    if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
    body(&storage.fields)
  }

  public var id: UUID {
    get { storage.fields.id }
    set { change { $0.id = newValue } }
  }
  /// Stable machine name: `hdl`, `a1c`, `custom-blood-ketones`.
  public var key: String {
    get { storage.fields.key }
    set { change { $0.key = newValue } }
  }
  public var displayName: String {
    get { storage.fields.displayName }
    set { change { $0.displayName = newValue } }
  }
  /// The name used inside sentences: "You entered HDL of 890 mg/dL".
  public var shortName: String {
    get { storage.fields.shortName }
    set { change { $0.shortName = newValue } }
  }
  /// The `MarkerCategory.key` this marker belongs to.
  public var category: String {
    get { storage.fields.category }
    set { change { $0.category = newValue } }
  }
  /// The unit every reading is stored in (US conventional).
  public var unit: String {
    get { storage.fields.unit }
    set { change { $0.unit = newValue } }
  }
  /// Other spellings of exactly the same unit ("K/uL" for "10³/µL").
  public var unitSynonyms: [String] {
    get { storage.fields.unitSynonyms }
    set { change { $0.unitSynonyms = newValue } }
  }
  public var siUnit: String? {
    get { storage.fields.siUnit }
    set { change { $0.siUnit = newValue } }
  }
  /// SI = (conventional − `siOffset`) × `siFactor`.
  public var siFactor: Double? {
    get { storage.fields.siFactor }
    set { change { $0.siFactor = newValue } }
  }
  public var siOffset: Double? {
    get { storage.fields.siOffset }
    set { change { $0.siOffset = newValue } }
  }
  /// Decimal places a lab report prints for this marker.
  public var decimals: Int {
    get { storage.fields.decimals }
    set { change { $0.decimals = newValue } }
  }
  /// The decimals a lab prints in `siUnit` (cholesterol 1 in mmol/L, creatinine 0 in µmol/L).
  public var siDecimals: Int? {
    get { storage.fields.siDecimals }
    set { change { $0.siDecimals = newValue } }
  }
  public var referenceLow: Double? {
    get { storage.fields.referenceLow }
    set { change { $0.referenceLow = newValue } }
  }
  public var referenceHigh: Double? {
    get { storage.fields.referenceHigh }
    set { change { $0.referenceHigh = newValue } }
  }
  /// Values outside the plausible range are asked about before saving (library markers only).
  public var plausibleMin: Double? {
    get { storage.fields.plausibleMin }
    set { change { $0.plausibleMin = newValue } }
  }
  public var plausibleMax: Double? {
    get { storage.fields.plausibleMax }
    set { change { $0.plausibleMax = newValue } }
  }
  public var direction: Direction {
    get { storage.fields.direction }
    set { change { $0.direction = newValue } }
  }
  public var loinc: String? {
    get { storage.fields.loinc }
    set { change { $0.loinc = newValue } }
  }
  public var aliases: [String] {
    get { storage.fields.aliases }
    set { change { $0.aliases = newValue } }
  }
  public var source: String? {
    get { storage.fields.source }
    set { change { $0.source = newValue } }
  }
  public var notes: String? {
    get { storage.fields.notes }
    set { change { $0.notes = newValue } }
  }
  /// True for library markers, false for the person's own.
  public var isSystemDefined: Bool {
    get { storage.fields.isSystemDefined }
    set { change { $0.isSystemDefined = newValue } }
  }

  public init(
    id: UUID, key: String, displayName: String, shortName: String? = nil, category: String,
    unit: String, unitSynonyms: [String] = [], siUnit: String? = nil, siFactor: Double? = nil,
    siOffset: Double? = nil, decimals: Int = 1, siDecimals: Int? = nil, referenceLow: Double? = nil,
    referenceHigh: Double? = nil, plausibleMin: Double? = nil, plausibleMax: Double? = nil,
    direction: Direction, loinc: String? = nil, aliases: [String] = [], source: String? = nil,
    notes: String? = nil, isSystemDefined: Bool
  ) {
    storage = Storage(
      Fields(
        id: id, key: key, displayName: displayName, shortName: shortName ?? displayName, category: category, unit: unit,
        unitSynonyms: unitSynonyms, siUnit: siUnit, siFactor: siFactor, siOffset: siOffset, decimals: decimals,
        siDecimals: siDecimals, referenceLow: referenceLow, referenceHigh: referenceHigh, plausibleMin: plausibleMin,
        plausibleMax: plausibleMax, direction: direction, loinc: loinc, aliases: aliases, source: source, notes: notes,
        isSystemDefined: isSystemDefined))
  }

  public static func == (lhs: MarkerDefinition, rhs: MarkerDefinition) -> Bool {
    lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
  }

  public func hash(into hasher: inout Hasher) { storage.fields.hash(into: &hasher) }

  public init(from decoder: any Decoder) throws { storage = Storage(try Fields(from: decoder)) }

  public func encode(to encoder: any Encoder) throws { try storage.fields.encode(to: encoder) }

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
  /// The most other names of a custom marker that search reads, and their most bytes: an import
  /// refuses more (`JSONImportPlanner.maximumAliases`), but a data file or an undo step edited by
  /// hand may hold any number (attacker's second look: 400,000 made every search take minutes).
  static let searchedAliases = 20

  /// The other names search and name checks read: a library marker's all, a custom marker's
  /// first `searchedAliases` of a name's length at most.
  public var searchAliases: [String] {
    guard !isSystemDefined else { return aliases }
    return Array(aliases.lazy.filter { $0.utf8.count <= InputLimits.nameCharacters * 4 }.prefix(Self.searchedAliases))
  }

  /// True when `compact` (a `SearchText` compact form) is this marker's name, short name, key or
  /// one of its everyday words: a custom marker may not take any of them.
  public func answers(to compact: String) -> Bool {
    ([displayName, shortName, key] + searchAliases).contains { SearchText($0).compact == compact }
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
