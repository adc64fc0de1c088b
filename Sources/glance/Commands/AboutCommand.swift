import GlanceCore

struct AboutCommand: GlanceCommand {
  static let declaration = CommandDeclaration("about", summary: "Version, and where your data lives.")
  static let writesJSON = true

  init() {}
  init(_ input: ParsedInput) {}

  func run(_ context: Context) throws {
    // Readings are only counted (by their ids), not decoded.
    let view = try context.view(.markers([]), allIDs: true)
    let document = view.document
    let files = PosixFileSystem()
    let exists = (try? files.status(context.location.dataFile)) != nil
    let backups = (1...DataLocation.backupCount).filter { (try? files.status(context.location.backupFile($0))) != nil }
    if context.global.json {
      return context.out(
        json: JSONOutput.about(
          dataFolder: context.location.folder, dataFile: context.location.dataFile, exists: exists,
          trackedMarkers: document.trackedMarkers.count, readings: view.allEntryIDPrefixes.count,
          visits: document.visits.count, backups: exists ? backups.count : 0, library: context.library))
    }
    context.out("glance \(GlanceVersion.current) — your health numbers at a glance, kept on this computer only.")
    context.out()
    context.out("Data folder:  \(PathText.shown(context.location.folder))")
    context.out("Data file:    \(PathText.shown(context.location.dataFile))\(exists ? "" : " (not created yet)")")
    if exists {
      context.out(
        "Holds:        \(counted(document.trackedMarkers.count, "tracked marker")), \(counted(view.allEntryIDPrefixes.count, "reading")), \(counted(document.visits.count, "visit"))"
      )
      context.out(
        "Backups:      "
          + (backups.isEmpty
            ? "none yet (each change keeps the version before it)"
            : "\(counted(backups.count, "previous version")) beside it"
              + (backups.count > 1 ? " (glance.json.1 is the newest)" : "")))
    }
    context.out(
      "Library:      \(context.library.markers.count) markers in \(context.library.categories.count) categories")
    context.out()
    context.out("Set GLANCE_HOME to keep your data somewhere else. `glance privacy` says what glance does with it.")
  }
}
