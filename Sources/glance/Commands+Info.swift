import GlanceCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension App {
  func help(_ topic: String?, _ context: Context) throws {
    guard let topic else {
      console.out(HelpText.overview())
      return
    }
    let name = topic == "home" ? "home" : topic
    guard let info = CommandCatalog.info(name) else {
      throw UsageError(
        message: "There is no glance command \(quoted(topic)).\(CommandParser.suggestion(for: topic))", command: nil)
    }
    console.out(HelpText.command(info))
  }

  func about(_ context: Context) throws {
    console.out("glance \(GlanceVersion.current) — your health numbers at a glance, kept on this computer only.")
    console.out("")
    console.out("Data folder:  \(context.location.folder)")
    // Readings are only counted (by their ids), not decoded.
    let view = try context.view(.markers([]), allIDs: true)
    let document = view.document
    let files = PosixFileSystem()
    let exists = (try? files.status(context.location.dataFile)) != nil
    console.out("Data file:    \(context.location.dataFile)\(exists ? "" : " (not created yet)")")
    if exists {
      console.out(
        "Holds:        \(counted(document.trackedMarkers.count, "tracked marker")), \(counted(view.allEntryIDPrefixes.count, "reading")), \(counted(document.visits.count, "visit"))"
      )
      let backups = (1...DataLocation.backupCount).filter {
        (try? files.status(context.location.backupFile($0))) != nil
      }
      console.out(
        "Backups:      "
          + (backups.isEmpty
            ? "none yet (each change keeps the version before it)"
            : "\(counted(backups.count, "previous version")) beside it"
              + (backups.count > 1 ? " (glance.json.1 is the newest)" : "")))
    }
    console.out(
      "Library:      \(MarkerLibrary.builtIn.markers.count) markers in \(MarkerLibrary.builtIn.categories.count) categories"
    )
    console.out("")
    console.out("Set GLANCE_HOME to keep your data somewhere else. `glance privacy` says what glance does with it.")
  }

  func library(query: String?, category: String?, _ context: Context) throws {
    // Custom markers and what is tracked; no readings are needed.
    let document = try context.view(.markers([])).document
    let all = MarkerLibrary.builtIn.markers + document.customMarkers
    let (markers, categories) = try LibraryBrowser.select(
      markers: all, categories: MarkerLibrary.builtIn.categories + (document.customMarkers.isEmpty ? [] : [.custom]),
      query: query, category: category)
    if let query {
      console.out("Markers matching \(quoted(query)):\n")
    }
    // Group by category in display order; within a category, best match (or library order) first.
    let tracked = Set(document.trackedMarkers.map(\.markerID))
    console.out(LibraryView.render(markers: markers, categories: categories, trackedIDs: tracked, style: context.style))
    if query == nil && category == nil {
      console.out("")
      console.out("Track one with: glance track KEY   ·   Add your own: glance custom NAME --unit U")
    }
  }
}

extension App {
  func profile(sex text: String?, _ context: Context) throws {
    if let text {
      guard !text.trimmingWhitespace().isEmpty, let answer = Sex.answer(text) else {
        throw UsageError(message: "--sex takes female, male or unspecified.", command: "profile")
      }
      try context.repository.setSex(answer)
    }
    let sex = try context.repository.read().profile.sex
    console.out(
      sex.map { "Sex-specific ranges are judged for \($0.plural)." }
        ?? "No sex given: where a range depends on sex, glance says so. Set it with glance profile --sex female|male.")
  }
}
