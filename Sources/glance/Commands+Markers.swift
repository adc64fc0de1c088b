import GlanceCore

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

extension App {
  func home(_ context: Context) throws {
    // The home screen shows the latest reading, the trend of the last 3 and a sparkline of 12.
    let document = try context.view(.latest(HomeView.sparklineWidth)).document
    let snapshots = document.trackedSnapshots(library: context.repository.library, recentLimit: HomeView.sparklineWidth)
    console.out(HomeView.render(snapshots, today: context.today, style: context.style))
    if !snapshots.isEmpty {
      console.out(
        context.style.paint("glance show NAME for a chart  ·  glance add NAME VALUE to record  ·  glance help", .dim))
    }
  }

  func track(_ words: [String], _ context: Context) throws {
    let document = try context.document()
    var chosen: [MarkerDefinition] = []
    for word in words {
      for marker in try EntryPlanner.resolveMarkers(word, among: context.allMarkers(document))
      where !chosen.contains(where: { $0.id == marker.id }) {
        chosen.append(marker)
      }
    }
    let already = chosen.filter { marker in document.trackedMarkers.contains { $0.markerID == marker.id } }
    let new = chosen.filter { marker in !already.contains { $0.id == marker.id } }
    if !new.isEmpty {
      try context.repository.addTrackedMarkers(new, summary: "track " + new.map(\.shortName).joinedText(", "))
      console.out("Now tracking: " + new.map(\.displayName).joinedText(", ") + ".")
    }
    if !already.isEmpty {
      console.out("Already tracking: " + already.map(\.displayName).joinedText(", ") + ".")
    }
  }

  func untrack(_ word: String, _ context: Context) throws {
    let document = try context.document()
    let marker = try context.marker(word, in: document)
    guard document.trackedMarkers.contains(where: { $0.markerID == marker.id }) else {
      console.out("You're not tracking \(marker.displayName); nothing to do.")
      return
    }
    let count = document.entries.filter { $0.markerID == marker.id }.count
    let kept = count == 0 ? "" : " Its \(count == 1 ? "reading is" : "\(count) readings are") kept."
    try context.confirm("Stop tracking \(marker.displayName)?\(kept)")
    try context.repository.removeTrackedMarker(marker.id, summary: "stop tracking \(marker.shortName)")
    console.out("Stopped tracking \(marker.displayName).\(kept) Track it again any time: glance track \(marker.key)")
  }

  func order(_ words: [String], _ context: Context) throws {
    let document = try context.document()
    var ids: [UUID] = []
    for word in words {
      for marker in try EntryPlanner.resolveMarkers(word, among: context.allMarkers(document)) {
        guard document.trackedMarkers.contains(where: { $0.markerID == marker.id }) else {
          throw MarkerCommandError.notTracked(marker.displayName, marker.key)
        }
        ids.append(marker.id)
      }
    }
    try context.repository.updateMarkerOrder(ids, summary: "reorder markers")
    try home(context)
  }

  func custom(_ options: CustomOptions, _ context: Context) throws {
    let document = try context.document()
    let marker = try CustomMarkerPlanner.make(
      name: options.name, unit: options.unit, low: options.low, high: options.high, direction: options.direction,
      existing: context.allMarkers(document))
    try context.repository.addCustomMarker(marker, tracking: true, summary: "add custom marker \(marker.displayName)")
    var line = "Added and tracking \(marker.displayName) (\(marker.unit))"
    if let range = ValueText.range(marker.defaultRange, unit: marker.unit, style: context.style) {
      line += ", your target range \(range)"
    }
    console.out(line + ".")
    console.out("Record a reading with: glance add \(marker.key) VALUE")
    console.out(
      "Custom markers get no unusual-value checks and no prep insights: glance knows nothing medical about them.")
  }

  func range(_ options: RangeOptions, _ context: Context) throws {
    let document = try context.document()
    let marker = try context.marker(options.marker, in: document)
    let low = try options.low.map { try CustomMarkerPlanner.plainNumber($0) }
    let high = try options.high.map { try CustomMarkerPlanner.plainNumber($0) }
    if let low, let high, low >= high {
      throw CustomMarkerPlanner.Failure.rangeOrder(low: ValueText.number(low), high: ValueText.number(high))
    }
    let started = try context.repository.setTargetRange(
      for: marker.id, low: options.reset ? nil : low, high: options.reset ? nil : high,
      summary: options.reset ? "reset the range of \(marker.shortName)" : "set the range of \(marker.shortName)")
    if started { console.out("Now tracking \(marker.displayName).") }
    let snapshot = try context.repository.read().snapshot(for: marker)
    let style = context.style
    let rangeText = ValueText.range(snapshot.range, unit: marker.unit, style: style) ?? "none"
    let defaultText = ValueText.range(marker.defaultRange, unit: marker.unit, style: style) ?? "none"
    if options.reset {
      console.out("\(marker.displayName) is judged against the library's range again: \(defaultText).")
    } else {
      console.out("Your target range for \(marker.displayName) is now \(rangeText) (library default: \(defaultText)).")
    }
    if !snapshot.entries.isEmpty {
      let outside = snapshot.entries.filter { snapshot.status(of: $0).isOutOfRange }.count
      console.out(
        (snapshot.entries.count == 1 ? "Your 1 reading is" : "All \(counted(snapshot.entries.count, "reading")) are")
          + " judged against it: \(outside) outside, \(snapshot.entries.count - outside) within."
      )
    }
  }

  func demo(_ context: Context) throws {
    // Made before the folder: a refused demo leaves nothing behind.
    let sample = try DemoData.document(today: context.today, library: context.repository.library)
    var temporary = console.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    if !temporary.hasSuffix("/") { temporary += "/" }
    var template = Array((temporary + "glance-demo-XXXXXX").utf8CString)
    guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
      throw StorageError.io(FileSystemError(operation: "mkdtemp", path: temporary, code: errno))
    }
    let folder = String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
    let repository = LocalDataRepository(location: DataLocation(folder: folder))
    try repository.write(summary: "demo") { transaction in
      transaction.apply(.setTrackedMarkers(sample.trackedMarkers))
      transaction.apply(sample.entries.map(Operation.putEntry))
      transaction.apply(sample.visits.map(Operation.putVisit))
    }
    let snapshots = try repository.read().trackedSnapshots(library: repository.library)
    console.out("This is a demo with a made-up five-year history. Your own data is not touched.")
    console.out("")
    console.out(HomeView.render(snapshots, today: context.today, style: context.style))
    console.out("")
    console.out("The demo lives in \(folder). Look around with, for example:")
    console.out("  export GLANCE_HOME=\(folder)")
    console.out("  glance show ldl        glance prep        glance visits")
    console.out("Then `unset GLANCE_HOME` to return to your own data (the demo folder can simply be deleted).")
  }
}

/// Refusals about markers that are not errors of input format.
enum MarkerCommandError: GlanceError {
  case notTracked(String, String)
  case nothingTracked

  var message: String {
    switch self {
    case .notTracked(let name, let key): "You're not tracking \(name). Start with: glance track \(key)"
    case .nothingTracked:
      "You're not tracking any markers yet, so there is nothing to ask for. Give pairs instead (glance batch hdl=62 ldl=131) or run glance setup."
    }
  }

  var exitStatus: ExitStatus { .refused }
}
