#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A realistic sample history for `glance demo`: several markers over five years (some out of
/// range, LDL climbing lately), blood pressure and weight more often, and a few visits.
/// Deterministic for a given "today", so its output can be shown in docs and tests.
public enum DemoData {
  /// The demo history ending `today`; refused when five years back (or its planned visit ahead)
  /// would leave the dates glance keeps (`glance --today 1900-01-01 demo`).
  public static func document(today: CalendarDate, library: MarkerLibrary = .builtIn) throws(DemoError)
    -> GlanceDocument
  {
    // Every day the demo uses comes through here: a day glance would refuse is a refusal now,
    // never a crash or a save that the whole-document check stops.
    func day(_ date: CalendarDate?) throws(DemoError) -> CalendarDate {
      guard let date, date >= DateParser.earliest else { throw .todayOutOfRange(today) }
      return date
    }
    var generator = DemoGenerator(seed: 2025)
    let created = Timestamp(
      secondsSince1970: Int64(try day(today.adding(days: -5 * 365)).dayNumber) * 86_400 + 9 * 3600)
    var document = GlanceDocument.empty(createdAt: created)
    document.profile.id = generator.uuid()

    // Lab panels every six months for five years, the last one three weeks ago.
    let lastPanel = try day(today.adding(days: -21))
    var panels: [CalendarDate] = []
    for index in 0..<10 { panels.append(try day(lastPanel.adding(months: -6 * (9 - index)))) }
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
      guard let marker = library.marker(key: key) else { continue }
      markers.append(marker)
      for (index, value) in values.enumerated() {
        document.apply(
          .putEntry(
            MarkerEntry(
              id: generator.uuid(), markerID: marker.id, value: value, unit: marker.unit,
              dateOfService: panels[index], entryTimestamp: stamp(try day(panels[index].adding(days: 2)), hour: 19),
              note: notes[key]?[index], sourceType: .batchEntry)))
      }
    }
    // Blood pressure and weight about monthly for the last two years.
    let vitals = ["bp-systolic", "bp-diastolic", "weight"].compactMap { library.marker(key: $0) }
    markers.insert(contentsOf: vitals.filter { $0.key != "weight" }, at: 0)
    markers += vitals.filter { $0.key == "weight" }
    for month in 0..<24 {
      let date = try day(try day(today.adding(months: -(23 - month))).adding(days: -Int(generator.next() % 6) - 2))
      let drift = Double(month) / 23
      let sys = (124 + 8 * drift + Double(Int(generator.next() % 9)) - 4).rounded()
      let dia = (79 + 3 * drift + Double(Int(generator.next() % 5)) - 2).rounded()
      let kg = 182.0 - 6 * drift + Double(Int(generator.next() % 5)) / 2
      let values = ["bp-systolic": sys, "bp-diastolic": dia, "weight": kg]
      for marker in vitals {
        document.apply(
          .putEntry(
            MarkerEntry(
              id: generator.uuid(), markerID: marker.id, value: values[marker.key] ?? 0, unit: marker.unit,
              dateOfService: date, entryTimestamp: stamp(date, hour: 8), sourceType: .quickAdd)))
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
      let date = try day(today.adding(days: offset))
      document.apply(
        .putVisit(
          Visit(
            id: generator.uuid(), date: date, doctorName: doctor, visitType: type, visitTypeLabel: label, notes: notes,
            entryTimestamp: stamp(min(date, today), hour: 17))))
    }
    document.undo = []
    return document
  }

  /// Makes the demo folder (a new private folder under `temporaryFolder`) and saves the demo
  /// history ending `today` in it, as one change. The history is made first: a refused demo
  /// leaves nothing behind. Returns the folder.
  public static func create(
    today: CalendarDate, temporaryFolder: String, library: MarkerLibrary = .builtIn,
    files: PosixFileSystem = PosixFileSystem()
  ) throws -> String {
    let sample = try document(today: today, library: library)
    let folder: String
    do {
      folder = try files.makeTemporaryDirectory(in: temporaryFolder, prefix: "glance-demo-")
    } catch let error as FileSystemError {
      throw StorageError.io(error)
    }
    let repository = LocalDataRepository(location: DataLocation(folder: folder))
    try repository.write(summary: "demo") { transaction in
      transaction.apply(.setTrackedMarkers(sample.trackedMarkers))
      transaction.apply(sample.entries.map(Operation.putEntry))
      transaction.apply(sample.visits.map(Operation.putVisit))
    }
    return folder
  }

  /// The prefix of every demo folder's name.
  public static let folderPrefix = "glance-demo-"

  /// Removes the demo folders in `temporaryFolder`: named `glance-demo-` and six characters,
  /// this user's, private, and holding nothing but glance's own files (the data file, its lock,
  /// backups, undo records, temporaries). Anything else is left alone and named in `kept`.
  public static func clean(temporaryFolder: String, files: PosixFileSystem = PosixFileSystem()) throws -> (
    removed: [String], kept: [String]
  ) {
    let base = temporaryFolder.hasSuffix("/") ? String(temporaryFolder.dropLast()) : temporaryFolder
    var removed: [String] = []
    var kept: [String] = []
    let user = UInt32(getuid())
    for name in try files.contentsOfDirectory(base)
    where name.hasPrefix(folderPrefix) && name.utf8.count == folderPrefix.utf8.count + 6 {
      let folder = base + "/" + name
      guard let status = try files.status(folder), status.isDirectory, status.owner == user,
        status.mode & 0o077 == 0
      else {
        kept.append(folder)
        continue
      }
      let location = DataLocation(folder: folder)
      let contents = try files.contentsOfDirectory(folder)
      let ours = contents.allSatisfy { file in
        file == "glance.json" || file == "glance.lock" || file.hasPrefix("glance.json.")
          || file.hasPrefix(location.undoFilePrefix)
      }
      guard ours, contents.allSatisfy({ (try? files.status(folder + "/" + $0))??.isRegularFile == true }) else {
        kept.append(folder)
        continue
      }
      for file in contents { try files.remove(folder + "/" + file) }
      try files.removeDirectory(folder)
      removed.append(folder)
    }
    return (removed, kept)
  }

  static func stamp(_ day: CalendarDate, hour: Int) -> Timestamp {
    Timestamp(secondsSince1970: Int64(day.dayNumber) * 86_400 + Int64(hour) * 3600)
  }
}

/// Why the demo could not be made; nothing was created.
public enum DemoError: GlanceError, Equatable {
  /// Five years before `today` is before 1900, or a day the demo needs is past year 9999.
  case todayOutOfRange(CalendarDate)

  public var message: String {
    switch self {
    case .todayOutOfRange(let today):
      "The demo is a five-year history ending \(DateText.long(today)), and glance keeps dates from 1900 to 9999 only. "
        + "Run it with a later --today (or none). Nothing was created."
    }
  }

  public var kind: ErrorKind { .refused }
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
