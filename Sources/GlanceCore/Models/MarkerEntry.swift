#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One recorded value of one marker on one date of service.
///
/// Entries point at the `MarkerDefinition.id`, not at the tracked-marker row, so untracking a
/// marker keeps its readings and tracking it again brings them back.
public struct MarkerEntry: Hashable, Sendable, Identifiable {
  public var id: UUID
  public var markerID: UUID
  /// The value in `unit`; for a comparator value (`<0.5`) the bound itself.
  public var value: Double
  /// Set when the lab printed a bound rather than a number (`<0.5`, `>90`).
  public var comparator: ValueComparator?
  public var unit: String
  /// The value and unit as the person typed them, when glance converted them into `unit`
  /// (3.0 mg/mmol for a UACR stored as 26.55 mg/g): a guideline that states its limit in that
  /// unit judges this value, and nothing is lost to the conversion's rounding.
  public var entered: EnteredValue?
  public var dateOfService: CalendarDate
  public var entryTimestamp: Timestamp
  public var note: String?
  public var sourceType: SourceType

  public init(
    id: UUID = .random(), markerID: UUID, value: Double, comparator: ValueComparator? = nil, unit: String,
    entered: EnteredValue? = nil, dateOfService: CalendarDate, entryTimestamp: Timestamp, note: String? = nil,
    sourceType: SourceType = .quickAdd
  ) {
    self.id = id
    self.markerID = markerID
    self.value = value
    self.comparator = comparator
    self.unit = unit
    self.entered = entered
    self.dateOfService = dateOfService
    self.entryTimestamp = entryTimestamp
    self.note = note
    self.sourceType = sourceType
  }

  /// Oldest first: by date of service, then by when it was entered, then by id.
  public static func chronological(_ lhs: MarkerEntry, _ rhs: MarkerEntry) -> Bool {
    if lhs.dateOfService != rhs.dateOfService { return lhs.dateOfService < rhs.dateOfService }
    if lhs.entryTimestamp != rhs.entryTimestamp { return lhs.entryTimestamp < rhs.entryTimestamp }
    return lhs.id.sortsBefore(rhs.id)
  }
}

extension MarkerEntry: Codable {
  // NB: the entered value and unit are two flat keys, as the data file stores them.
  enum CodingKeys: String, CodingKey {
    case id, markerID, dateOfService, value, comparator, unit, enteredValue, enteredUnit, note, sourceType,
      entryTimestamp
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(UUID.self, forKey: .id)
    markerID = try container.decode(UUID.self, forKey: .markerID)
    dateOfService = try container.decode(CalendarDate.self, forKey: .dateOfService)
    value = try container.decode(Double.self, forKey: .value)
    comparator = try container.decodeIfPresent(ValueComparator.self, forKey: .comparator)
    unit = try container.decode(String.self, forKey: .unit)
    entered = EnteredValue(
      value: try container.decodeIfPresent(Double.self, forKey: .enteredValue),
      unit: try container.decodeIfPresent(String.self, forKey: .enteredUnit))
    note = try container.decodeIfPresent(String.self, forKey: .note)
    sourceType = try container.decode(SourceType.self, forKey: .sourceType)
    entryTimestamp = try container.decode(Timestamp.self, forKey: .entryTimestamp)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(markerID, forKey: .markerID)
    try container.encode(dateOfService, forKey: .dateOfService)
    try container.encode(value, forKey: .value)
    try container.encodeIfPresent(comparator, forKey: .comparator)
    try container.encode(unit, forKey: .unit)
    try container.encodeIfPresent(entered?.value, forKey: .enteredValue)
    try container.encodeIfPresent(entered?.unit, forKey: .enteredUnit)
    try container.encodeIfPresent(note, forKey: .note)
    try container.encode(sourceType, forKey: .sourceType)
    try container.encode(entryTimestamp, forKey: .entryTimestamp)
  }
}

/// A value as the person typed it in a unit other than the marker's own: "3 mg/mmol".
public struct EnteredValue: Hashable, Sendable {
  public var value: Double
  public var unit: String

  public init(value: Double, unit: String) {
    self.value = value
    self.unit = unit
  }

  /// Both halves as a stored file holds them, or nil: a value without its unit (or the reverse)
  /// says nothing, and neither does a pair glance would not keep (a number beyond what it stores,
  /// an empty unit or one with a control character: a hand-edited file). Dropped as it is read,
  /// it never reaches a screen, an export or a save.
  init?(value: Double?, unit: String?) {
    guard let value, let unit, ValueParser.isStorable(value), !unit.isEmpty,
      (try? InputLimits.checkName(unit, InputLimits.unitCharacters, "")) != nil
    else { return nil }
    self.init(value: value, unit: unit)
  }

  /// "3 mg/mmol", "<3 mg/mmol".
  public func text(_ comparator: ValueComparator?) -> String { ValueText.withUnit(value, comparator, unit) }
}

/// How a lab qualified a value it could not measure exactly.
public enum ValueComparator: String, Codable, Sendable, CaseIterable {
  case lessThan = "<"
  case greaterThan = ">"
  case lessThanOrEqual = "<="
  case greaterThanOrEqual = ">="
}

/// Where an entry came from; an open set so later sources need no migration.
public struct SourceType: RawRepresentable, Codable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  public static let quickAdd = SourceType(rawValue: "quickAdd")
  public static let batchEntry = SourceType(rawValue: "batchEntry")
  public static let fileImport = SourceType(rawValue: "import")
  public static let demo = SourceType(rawValue: "demo")
  /// Every source this glance writes; an import brings in no other.
  public static let known: Set<SourceType> = [.quickAdd, .batchEntry, .fileImport, .demo]

  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(String.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

extension MarkerEntry {
  /// The value in `marker`'s unit before the digit-more rounding a converted value is stored
  /// with: what a screen rounds, once. The stored value when it was not converted.
  public func exactValue(for marker: MarkerDefinition) -> Double {
    // One conversion, checked as `entered(for:)` checks it: every reading a screen judges asks.
    guard let entered, let conversion = try? UnitConverter.unrounded(entered.value, unit: entered.unit, for: marker),
      conversion.original != nil,
      UnitConverter.round(conversion.value, decimals: marker.decimals + 1) == value
    else { return value }
    // Without the float's noise: 0.407 L/L is 40.7%, not 40.699999999999996 (below 40.7).
    return UnitConverter.round(conversion.value, decimals: marker.decimals + 6)
  }

  /// The value as entered, when it converts into this reading's own value with the marker's
  /// factors; nil otherwise. A pair that disagrees with the value (a hand-edited file, a value
  /// changed in a spreadsheet) says nothing: the stored value is judged, shown and exported alone.
  /// The value and unit as typed: `entered` when it was typed in another unit, else as stored.
  public func typed(for marker: MarkerDefinition) -> EnteredValue {
    entered(for: marker) ?? EnteredValue(value: value, unit: unit)
  }

  /// The value as typed with its unit: "43 mmol/mol", "6.1%".
  public func typedText(for marker: MarkerDefinition) -> String {
    let typed = typed(for: marker)
    return ValueText.withUnit(typed.value, comparator, typed.unit)
  }

  public func entered(for marker: MarkerDefinition) -> EnteredValue? {
    guard let entered, let conversion = try? UnitConverter.convert(entered.value, unit: entered.unit, for: marker),
      conversion.original != nil, conversion.value == value
    else { return nil }
    return entered
  }
}
