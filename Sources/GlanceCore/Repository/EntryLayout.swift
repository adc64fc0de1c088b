/// The stored reading's fields (`RecordSchema.entry`) in the order `writeEntry` writes them, as
/// the entry's fast reader and the skim read them: their literals and offsets come from here.
/// `RecordCodecTests` holds the literals to the schema, and `ReadPathTests` fails when a written
/// file leaves the fast paths.
enum EntryLayout {
  static let keys = RecordSchema.entry.keys
  /// Keys left out when the value is nil (the entered value and unit go together).
  static let optionalKeys = Set(
    RecordSchema.entry.fields.filter { $0.presence == .optional }.flatMap(\.keys))

  /// Widths of the fixed-width values: ids, the date, the timestamp.
  static var uuidWidth: Int { 36 }
  static var dateWidth: Int { 10 }
  static var timestampWidth: Int { 20 }

  // NB: computed, so a hot loop pays no lazy-initialisation check for them.
  static var idOpening: StaticString { "{\"id\": \"" }
  static var markerOpening: StaticString { "\", \"markerID\": \"" }
  static var dateOpening: StaticString { "\", \"dateOfService\": \"" }

  static var valueKey: StaticString { ", \"value\": " }
  static var comparatorKey: StaticString { ", \"comparator\": " }
  static var unitKey: StaticString { ", \"unit\": " }
  static var enteredValueKey: StaticString { ", \"enteredValue\": " }
  static var enteredUnitKey: StaticString { ", \"enteredUnit\": " }
  static var noteKey: StaticString { ", \"note\": " }
  static var sourceKey: StaticString { ", \"sourceType\": " }
  static var timestampKey: StaticString { ", \"entryTimestamp\": " }

  /// Bytes from the end of `idOpening` to the end of the date: every canonical line has them.
  static var fixedRest: Int {
    uuidWidth + markerOpening.utf8CodeUnitCount + uuidWidth + dateOpening.utf8CodeUnitCount + dateWidth
  }
}
