import Foundation
import GlanceCore

// Generates a realistic data folder for the benchmark, through GlanceCore (never hand-written
// JSON): dozens of markers over years — daily blood pressure, weight and heart rate, quarterly
// lab panels, notes on some readings, a few visits a year.
//
//   glance-benchdata FOLDER READINGS [TODAY]
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

umask(0o077)
let arguments = CommandLine.arguments
guard arguments.count >= 3, let target = Int(arguments[2]), target > 0 else {
  FileHandle.standardError.write(Data("usage: glance-benchdata FOLDER READINGS [TODAY]\n".utf8))
  exit(64)
}
let folder = arguments[1]
let today = arguments.count > 3 ? CalendarDate(iso: arguments[3])! : CalendarDate(iso: "2026-11-22")!
let library = MarkerLibrary.builtIn
var generator = SystemRandomNumberGenerator()

/// A plausible value for a marker: inside its reference range most of the time, sometimes out.
@MainActor func value(for marker: MarkerDefinition, drift: Double) -> Double {
  let low = marker.referenceLow ?? (marker.referenceHigh.map { $0 * 0.5 } ?? 50)
  let high = marker.referenceHigh ?? (marker.referenceLow.map { $0 * 1.6 } ?? 200)
  let span = high - low
  let raw = low + span * (0.2 + 0.9 * Double.random(in: 0...1, using: &generator) + 0.2 * drift)
  let scale = pow(10, Double(marker.decimals))
  return (raw * scale).rounded() / scale
}

let vitals = ["bp-systolic", "bp-diastolic", "weight", "resting-hr"].compactMap(library.marker(key:))
let labs = [
  "total-cholesterol", "ldl", "hdl", "triglycerides", "non-hdl", "apob", "lpa", "fasting-glucose", "a1c",
  "fasting-insulin", "creatinine", "egfr", "bun", "uric-acid", "uacr", "alt", "ast", "alp", "ggt", "bilirubin-total",
  "albumin", "hemoglobin", "hematocrit", "wbc", "platelets", "ferritin", "tsh", "free-t4", "vitamin-d", "b12",
  "folate", "iron", "sodium", "potassium", "calcium", "magnesium", "hs-crp", "psa",
].compactMap(library.marker(key:))
let notes = [
  "fasting", "after a long walk", "morning, before coffee", "felt tired", "new lab", "Dr. Patel ordered this",
  "retest in 3 months", "evening reading", "after vacation", "left arm, seated",
]

// Vitals every day (a share of them, so the total comes out right), lab panels every quarter.
let labReadingsPerYear = labs.count * 4
let years = target >= 50_000 ? 30 : target >= 5_000 ? 10 : 3
let panels = max(1, min(target / 3, labReadingsPerYear * years) / labs.count)
let labTotal = min(target, panels * labs.count)
let vitalTotal = target - labTotal
let days = years * 365
var entries: [MarkerEntry] = []
entries.reserveCapacity(target)
let start = today.adding(days: -days)!
let created = Timestamp(secondsSince1970: Int64(start.dayNumber) * 86_400)
@MainActor func stamp(_ day: CalendarDate) -> Timestamp {
  Timestamp(secondsSince1970: Int64(day.dayNumber) * 86_400 + Int64.random(in: 25_000...80_000, using: &generator))
}
for index in 0..<vitalTotal {
  let marker = vitals[index % vitals.count]
  let day = start.adding(
    days: Int(Double(index / vitals.count) * Double(days) / Double(max(1, vitalTotal / vitals.count))))!
  let note = Int.random(in: 0..<20, using: &generator) == 0 ? notes.randomElement(using: &generator) : nil
  entries.append(
    MarkerEntry(
      markerID: marker.id, value: value(for: marker, drift: Double(index) / Double(vitalTotal)), unit: marker.unit,
      dateOfService: min(day, today), entryTimestamp: stamp(min(day, today)), note: note, sourceType: .quickAdd))
}
for panel in 0..<panels {
  let day = start.adding(days: panel * days / panels)!
  for marker in labs where entries.count < target {
    let note = Int.random(in: 0..<10, using: &generator) == 0 ? notes.randomElement(using: &generator) : nil
    entries.append(
      MarkerEntry(
        markerID: marker.id, value: value(for: marker, drift: Double(panel) / Double(panels)), unit: marker.unit,
        dateOfService: day, entryTimestamp: stamp(day), note: note, sourceType: .batchEntry))
  }
}
entries.sort(by: MarkerEntry.chronological)

var document = GlanceDocument.empty(createdAt: created)
document.trackedMarkers = (vitals + labs.prefix(20)).enumerated().map { index, marker in
  UserMarker(markerID: marker.id, displayOrder: index, addedAt: created)
}
document.entries = entries
let doctors = ["Dr. Patel", "Dr. Lee", "Dr. Romero", "Bright Eyes Optometry", "City Imaging"]
for year in 0..<years {
  for (month, type) in [(1, VisitType.physical), (4, .dental), (7, .specialist), (10, .dental)] {
    let day = CalendarDate(year: start.year + year, month: month, day: 12)!
    guard day <= today else { continue }
    document.visits.append(
      Visit(
        date: day, doctorName: doctors.randomElement(using: &generator)!, visitType: type,
        visitTypeLabel: type == .specialist ? "Cardiology" : nil, notes: notes.randomElement(using: &generator),
        entryTimestamp: stamp(day)))
  }
}
document.visits.sort { Visit.newestFirst($1, $0) }

// Save through the repository's own codec, then one ordinary write so the folder is exactly
// what glance itself leaves behind (lock file, 0600, a backup).
try FileManager.default.createDirectory(
  atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
let bytes = try DocumentCodec.encode(document)
try ExportWriter.write(bytes, to: folder + "/glance.json")
let repository = LocalDataRepository(location: DataLocation(folder: folder))
try repository.addTrackedMarker(library.marker(key: "psa")!)
print("\(folder): \(document.entries.count) readings, \(document.visits.count) visits, \(bytes.count / 1024) KiB")
