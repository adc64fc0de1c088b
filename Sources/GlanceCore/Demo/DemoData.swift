#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A realistic sample history for `glance demo`: several markers over five years (some out of
/// range, LDL climbing lately), blood pressure and weight more often, and a few visits.
/// Deterministic for a given "today", so its output can be shown in docs and tests.
public enum DemoData {
  public static func document(today: CalendarDate, library: MarkerLibrary = .builtIn) -> GlanceDocument {
    var generator = DemoGenerator(seed: 2025)
    let created = Timestamp(secondsSince1970: Int64(today.adding(days: -5 * 365)!.dayNumber) * 86_400 + 9 * 3600)
    var document = GlanceDocument.empty(createdAt: created)
    document.profile.id = generator.uuid()

    // Lab panels every six months for five years, the last one three weeks ago.
    let lastPanel = today.adding(days: -21)!
    let panels = (0..<10).map { lastPanel.adding(months: -6 * (9 - $0))! }
    let series: [(String, [Double])] = [
      ("ldl", [118, 112, 109, 115, 104, 110, 108, 121, 135, 162]),
      ("hdl", [52, 55, 54, 58, 61, 60, 63, 62, 59, 57]),
      ("total-cholesterol", [196, 191, 188, 197, 186, 192, 190, 204, 214, 238]),
      ("triglycerides", [142, 130, 151, 138, 120, 126, 133, 141, 150, 166]),
      ("a1c", [5.4, 5.5, 5.5, 5.6, 5.6, 5.7, 5.8, 5.8, 6.0, 6.1]),
      ("fasting-glucose", [92, 95, 94, 97, 99, 98, 101, 103, 104, 108]),
      ("tsh", [2.1, 1.9, 2.4, 2.2, 2.6, 2.3, 2.5, 2.2, 2.4, 2.3]),
      ("vitamin-d", [18, 24, 31, 34, 29, 36, 38, 33, 35, 37]),
    ]
    let notes: [String: [Int: String]] = [
      "ldl": [7: "fasting", 9: "Dr. Patel wants to recheck in 3 months"],
      "vitamin-d": [0: "started 1000 IU daily after this"],
      "a1c": [9: "higher than last time"],
    ]
    var markers: [MarkerDefinition] = []
    for (key, values) in series {
      let marker = library.marker(key: key)!
      markers.append(marker)
      for (index, value) in values.enumerated() {
        document.apply(
          .putEntry(
            MarkerEntry(
              id: generator.uuid(), markerID: marker.id, value: value, unit: marker.unit,
              dateOfService: panels[index], entryTimestamp: stamp(panels[index].adding(days: 2)!, hour: 19),
              note: notes[key]?[index], sourceType: .batchEntry)))
      }
    }
    // Blood pressure and weight about monthly for the last two years.
    let systolic = library.marker(key: "bp-systolic")!
    let diastolic = library.marker(key: "bp-diastolic")!
    let weight = library.marker(key: "weight")!
    markers.insert(contentsOf: [systolic, diastolic], at: 0)
    markers.append(weight)
    for month in 0..<24 {
      let day = today.adding(months: -(23 - month))!.adding(days: -Int(generator.next() % 6) - 2)!
      let drift = Double(month) / 23
      let sys = (124 + 8 * drift + Double(Int(generator.next() % 9)) - 4).rounded()
      let dia = (79 + 3 * drift + Double(Int(generator.next() % 5)) - 2).rounded()
      let kg = 182.0 - 6 * drift + Double(Int(generator.next() % 5)) / 2
      for (marker, value) in [(systolic, sys), (diastolic, dia), (weight, kg)] {
        document.apply(
          .putEntry(
            MarkerEntry(
              id: generator.uuid(), markerID: marker.id, value: value, unit: marker.unit, dateOfService: day,
              entryTimestamp: stamp(day, hour: 8), sourceType: .quickAdd)))
      }
    }
    document.apply(
      .setTrackedMarkers(
        markers.enumerated().map { index, marker in
          UserMarker(id: generator.uuid(), markerID: marker.id, displayOrder: index, addedAt: created)
        }))
    // Visits: yearly physicals, dental cleanings, a specialist, one planned.
    let visits: [(Int, String, VisitType, String?, String?)] = [
      (
        -21, "Dr. Patel", .physical, nil,
        "LDL up again. Talked about diet and walking more.\nRecheck lipids and A1c in 3 months."
      ),
      (-386, "Dr. Patel", .physical, nil, "All fine. Keep up the vitamin D."),
      (-245, "Dr. Lee", .dental, nil, "Cleaning, no cavities."),
      (-62, "Dr. Lee", .dental, nil, "Cleaning. Small filling planned."),
      (-150, "Dr. Romero", .specialist, "Cardiology", "Echo normal. Asked about family history."),
      (-300, "Bright Eyes Optometry", .vision, nil, "New reading glasses, +1.5."),
      (40, "Dr. Patel", .labWork, nil, "Fasting lipid panel and A1c."),
    ]
    for (offset, doctor, type, label, notes) in visits {
      let day = today.adding(days: offset)!
      document.apply(
        .putVisit(
          Visit(
            id: generator.uuid(), date: day, doctorName: doctor, visitType: type, visitTypeLabel: label, notes: notes,
            entryTimestamp: stamp(min(day, today), hour: 17))))
    }
    document.undo = []
    return document
  }

  static func stamp(_ day: CalendarDate, hour: Int) -> Timestamp {
    Timestamp(secondsSince1970: Int64(day.dayNumber) * 86_400 + Int64(hour) * 3600)
  }
}

/// SplitMix64, so the demo is the same on every run.
struct DemoGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func uuid() -> UUID {
    var bytes = [UInt8](repeating: 0, count: 16)
    for index in 0..<16 { bytes[index] = UInt8(truncatingIfNeeded: next()) }
    return UUID.version4(bytes)
  }
}
