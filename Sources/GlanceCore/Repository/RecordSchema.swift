/// The stored records' fields: one list per record, in the order the data file writes them.
///
/// The writers and the general readers of `DocumentCodec+Generated.swift` are generated from
/// these lists, and `EntryLayout.keys` is the entry's. Change a record here, then run
///   GLANCE_RECORD=1 swift test --filter RecordCodecTests
/// `RecordCodecTests` fails while the generated file is stale, and checks that each model's
/// `Codable` keys are these keys and that a record with every field set reads back equal.
/// The fast readers (entries, tracked markers) and the skim are written by hand for speed;
/// `RecordCodecTests` holds the entry's literals (`EntryLayout`) to this list, and
/// `ReadPathTests` fails when a file glance wrote leaves a fast path.
enum RecordSchema {
  enum Kind: Equatable {
    case uuid, string, date, timestamp, number, integer, bool, strings
    /// A `String`-backed enum, refused by name when unknown ("sex", "visit type").
    case closedSet(type: String, what: String)
    /// A `RawRepresentable` open set: any string is kept (`SourceType`).
    case openSet(type: String)
    /// `EnteredValue`: two flat keys, `enteredValue` and `enteredUnit`, both or neither.
    case entered
  }

  enum Presence: Equatable {
    /// Written always; a record without it is refused by name.
    case required
    /// Left out when nil, read as nil when missing or null.
    case optional
    /// Written always; read with this default when missing (`decimals` 1, `aliases` []).
    case defaulted(String)
  }

  struct Field: Equatable {
    var key: String
    var kind: Kind
    var presence: Presence = .required
    /// The model's property and its initialiser's label, when they are not `key`.
    var property: String? = nil

    var name: String { property ?? key }
    /// The keys this field writes: two for the entered value.
    var keys: [String] { kind == .entered ? ["enteredValue", "enteredUnit"] : [key] }
  }

  struct Record {
    var type: String
    /// `writeEntry` / `readEntryFields`.
    var name: String
    /// The refusal's subject: "An entry is missing its value."
    var what: String
    var fields: [Field]
    /// The initialiser's labels, when its order is not the fields' order.
    var initOrder: [String]? = nil
    /// The reader's parameter, for a default the caller chooses (`isSystemDefined`).
    var readerParameter: String? = nil
    /// Keys an export writes after this field for people and `jq` to read (an entry's marker
    /// key and name after its `markerID`); never stored, skipped when read.
    var exportLabelAfter: String? = nil

    var keys: [String] { fields.flatMap(\.keys) }
  }

  static let profile = Record(
    type: "Profile", name: "Profile", what: "The profile",
    fields: [
      Field(key: "id", kind: .uuid), Field(key: "name", kind: .string), Field(key: "createdAt", kind: .timestamp),
      Field(key: "sex", kind: .closedSet(type: "Sex", what: "sex"), presence: .optional),
      Field(key: "units", kind: .closedSet(type: "UnitSystem", what: "units"), presence: .optional),
      Field(key: "markerUnits", kind: .strings, presence: .optional),
    ])

  static let trackedMarker = Record(
    type: "UserMarker", name: "UserMarker", what: "A tracked marker",
    fields: [
      Field(key: "id", kind: .uuid), Field(key: "markerID", kind: .uuid),
      Field(key: "customReferenceLow", kind: .number, presence: .optional),
      Field(key: "customReferenceHigh", kind: .number, presence: .optional),
      Field(key: "displayOrder", kind: .integer), Field(key: "addedAt", kind: .timestamp),
    ])

  static let entry = Record(
    type: "MarkerEntry", name: "Entry", what: "An entry",
    fields: [
      Field(key: "id", kind: .uuid), Field(key: "markerID", kind: .uuid), Field(key: "dateOfService", kind: .date),
      Field(key: "value", kind: .number),
      Field(key: "comparator", kind: .closedSet(type: "ValueComparator", what: "comparator"), presence: .optional),
      Field(key: "unit", kind: .string), Field(key: "entered", kind: .entered, presence: .optional),
      Field(key: "note", kind: .string, presence: .optional),
      Field(key: "sourceType", kind: .openSet(type: "SourceType")),
      Field(key: "entryTimestamp", kind: .timestamp),
    ],
    initOrder: [
      "id", "markerID", "value", "comparator", "unit", "entered", "dateOfService", "entryTimestamp", "note",
      "sourceType",
    ], exportLabelAfter: "markerID")

  static let visit = Record(
    type: "Visit", name: "Visit", what: "A visit",
    fields: [
      Field(key: "id", kind: .uuid), Field(key: "date", kind: .date), Field(key: "doctorName", kind: .string),
      Field(key: "visitType", kind: .closedSet(type: "VisitType", what: "visit type")),
      Field(key: "visitTypeLabel", kind: .string, presence: .optional),
      Field(key: "notes", kind: .string, presence: .optional), Field(key: "entryTimestamp", kind: .timestamp),
    ])

  /// A custom marker in the data file, and every library marker in `MarkerData.json`.
  static let markerDefinition = Record(
    type: "MarkerDefinition", name: "MarkerDefinition", what: "A marker",
    fields: [
      Field(key: "id", kind: .uuid), Field(key: "key", kind: .string), Field(key: "displayName", kind: .string),
      // Written always; a definition without one takes its display name.
      Field(key: "shortName", kind: .string, presence: .defaulted("nil")),
      Field(key: "category", kind: .string), Field(key: "unit", kind: .string),
      Field(key: "unitSynonyms", kind: .strings, presence: .defaulted("[]")),
      Field(key: "siUnit", kind: .string, presence: .optional),
      Field(key: "siFactor", kind: .number, presence: .optional),
      Field(key: "siOffset", kind: .number, presence: .optional),
      Field(key: "decimals", kind: .integer, presence: .defaulted("1")),
      Field(key: "siDecimals", kind: .integer, presence: .optional),
      Field(key: "referenceLow", kind: .number, presence: .optional),
      Field(key: "referenceHigh", kind: .number, presence: .optional),
      Field(key: "plausibleMin", kind: .number, presence: .optional),
      Field(key: "plausibleMax", kind: .number, presence: .optional),
      Field(key: "direction", kind: .closedSet(type: "Direction", what: "direction")),
      Field(key: "loinc", kind: .string, presence: .optional),
      Field(key: "aliases", kind: .strings, presence: .defaulted("[]")),
      Field(key: "source", kind: .string, presence: .optional), Field(key: "notes", kind: .string, presence: .optional),
      Field(key: "isSystemDefined", kind: .bool, presence: .defaulted("isSystemDefined")),
    ],
    readerParameter: "isSystemDefined")

  static let records = [profile, trackedMarker, entry, visit, markerDefinition]
}
