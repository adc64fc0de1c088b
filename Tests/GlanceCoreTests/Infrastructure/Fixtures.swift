import Foundation

@testable import GlanceCore

/// One-line builders for test data.
enum Fixture {
  static let library = MarkerLibrary.builtIn
  static var hdl: MarkerDefinition { library.marker(key: "hdl")! }
  static var ldl: MarkerDefinition { library.marker(key: "ldl")! }
  static var tsh: MarkerDefinition { library.marker(key: "tsh")! }
  static var a1c: MarkerDefinition { library.marker(key: "a1c")! }

  static func date(_ iso: String) -> CalendarDate { CalendarDate(iso: iso)! }

  static func time(_ iso: String) -> Timestamp { Timestamp(iso: iso)! }

  /// A fixed clock: 2025-06-01 12:00 UTC.
  static let now = Date(timeIntervalSince1970: 1_748_779_200)

  static func entry(
    _ marker: MarkerDefinition = hdl, _ value: Double, on day: String, note: String? = nil,
    entered: String = "2025-06-01T12:00:00Z", comparator: ValueComparator? = nil
  ) -> MarkerEntry {
    MarkerEntry(
      markerID: marker.id, value: value, comparator: comparator, unit: marker.unit,
      dateOfService: date(day), entryTimestamp: time(entered), note: note)
  }

  static func visit(
    _ day: String, doctor: String = "Dr. Patel", type: VisitType = .physical, notes: String? = nil,
    label: String? = nil
  ) -> Visit {
    Visit(
      date: date(day), doctorName: doctor, visitType: type, visitTypeLabel: label, notes: notes,
      entryTimestamp: time("2025-06-01T12:00:00Z"))
  }

  static func customMarker(_ name: String = "Blood Ketones", unit: String = "mmol/L") -> MarkerDefinition {
    MarkerDefinition(
      // The key as `glance custom` makes it: "Grip, Left "Hand"" is custom-grip-left-hand.
      id: UUID(), key: "custom-" + SearchText(name).words.joined(separator: "-"),
      displayName: name, category: MarkerCategory.custom.key, unit: unit, direction: .lowerIsBetter,
      isSystemDefined: false)
  }
}
