import GlanceCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension App {
  func batch(date dateText: String?, pairs: [String], _ context: Context) throws {
    let document = try context.document()
    let library = context.repository.library
    var drafts: [EntryDraft]
    var date =
      try dateText.map { (text: String) throws(EntryError) in
        try DateParser.parse(text, today: context.today, for: .reading)
      } ?? context.today
    if !pairs.isEmpty {
      drafts = try BatchPlanner.plan(pairs: pairs, date: date, document: document, library: library)
    } else if console.stdinIsTerminal {
      if dateText == nil { date = try askDate(context) }
      drafts = try askPanel(date: date, document: document, context)
    } else {
      var lines: [String] = []
      while let line = try console.readLine() {
        lines.append(line)
        guard lines.count <= InputLimits.lines else { throw BatchPlanner.Failure.tooManyLines }
      }
      drafts = try BatchPlanner.plan(lines: lines, date: date, document: document, library: library)
      guard !drafts.isEmpty else {
        throw UsageError(
          message: "No values came in. Pipe lines like “hdl 62”, or give pairs: glance batch hdl=62 ldl=131",
          command: "batch")
      }
    }
    guard !drafts.isEmpty else {
      // Every field skipped on the terminal, or every pair empty (hdl= ldl=).
      console.out("Nothing entered, so nothing was saved.")
      return
    }
    drafts = try answerChecks(drafts, context)
    let saved = try EntryPlanner.save(
      drafts, source: .batchEntry, summary: EntryPlanner.summary(of: drafts), assumeYes: context.global.yes,
      repository: context.repository)
    for marker in saved.newlyTracked { console.out("Now tracking \(marker.displayName).") }
    for entry in saved.entries { console.out(savedLine(entry, document: saved.document, context)) }
  }

  /// Asks for the panel's date once; Enter means today.
  private func askDate(_ context: Context) throws -> CalendarDate {
    while true {
      console.prompt("Date of these results (Enter for today, \(DateText.long(context.today))): ")
      guard let line = try console.readLine()?.trimmingWhitespace(), !line.isEmpty else {
        return context.today
      }
      do {
        return try DateParser.parse(line, today: context.today, for: .reading)
      } catch {
        console.out(error.message)
      }
    }
  }

  /// Asks for each tracked marker in turn; Enter skips; a slip is corrected in place.
  private func askPanel(date: CalendarDate, document: GlanceDocument, _ context: Context) throws -> [EntryDraft] {
    let snapshots = document.trackedSnapshots(library: context.repository.library)
    guard !snapshots.isEmpty else {
      throw MarkerCommandError.nothingTracked
    }
    console.out("Type each value as printed on your lab sheet; press Enter to skip a marker.")
    let width = snapshots.map { TextWidth.of($0.definition.displayName) }.max() ?? 0
    var drafts: [EntryDraft] = []
    for snapshot in snapshots {
      let definition = snapshot.definition
      while true {
        console.prompt("  " + TextWidth.pad(definition.displayName, to: width) + " (\(definition.unit)): ")
        guard let line = try console.readLine() else { return drafts }
        let words = line.split(separator: " ").map(String.init)
        guard let value = words.first else { break }
        let draft: EntryDraft
        do {
          draft = try EntryPlanner.draft(
            definition, valueText: value, unit: words.count > 1 ? words.dropFirst().joinedText(" ") : nil,
            date: date, note: nil, existing: snapshot.entries)
        } catch {
          console.out("  " + error.message + " Try again, or press Enter to skip.")
          continue
        }
        // An unusual value is asked about now, so a "no" can be retyped in place.
        do {
          drafts += try answerChecks([draft], context).map { answered in
            var answered = answered
            answered.checks = []
            return answered
          }
          break
        } catch ConfirmationError.declined {
          console.out("  Not kept. Type it again, or press Enter to skip.")
        }
      }
    }
    return drafts
  }

  func export(_ options: ExportOptions, _ context: Context) throws {
    let document = try context.document()
    let bytes: [UInt8]
    switch (options.format, options.visits) {
    case (.json, _): bytes = try Exporter.json(document)
    case (.csv, false): bytes = Array(Exporter.readingsCSV(document, library: context.repository.library).utf8)
    case (.csv, true): bytes = Array(Exporter.visitsCSV(document).utf8)
    }
    guard let path = options.output, path != "-" else {
      console.err(Exporter.notice)
      console.write(bytes)
      return
    }
    try ExportWriter.refuseInside(context.location.folder, path)
    if let status = try PosixFileSystem().status(path), status.isRegularFile {
      try context.confirm("\(path) already exists. Replace it?")
    }
    try ExportWriter.write(bytes, to: path, dataFolder: context.location.folder)
    console.err(Exporter.notice)
    let what =
      options.visits
      ? counted(document.visits.count, "visit")
      : counted(document.entries.count, "reading")
        + (options.format == .json ? " and " + counted(document.visits.count, "visit") : "")
    console.out("Exported \(what) to \(path).")
  }

  func importFile(_ options: ImportOptions, _ context: Context) throws {
    let file = try Importer.read(Importer.readFile(options.file), salvage: options.salvage)
    let library = context.repository.library
    let document = try context.document()
    if options.dryRun {
      let plan = try Importer.plan(
        file, replace: options.replace, into: document, library: library, today: context.today,
        now: Timestamp(Date()))
      console.out(plan.summary(library: library, customMarkers: document.customMarkers, dryRun: true))
      console.out("This was a dry run: nothing was changed.")
      return
    }
    var confirmed: ImportFingerprint?
    if options.replace {
      try context.confirm(
        "Replace all your data (\(counted(document.entries.count, "reading")), \(counted(document.visits.count, "visit"))) with the file's?"
      )
      confirmed = ImportFingerprint(document)
    }
    // Planned again under the write lock: what another glance saved meanwhile is kept.
    let plan = try Importer.apply(
      file, replace: options.replace, confirmed: confirmed, assumeYes: context.global.yes, to: context.repository,
      summary: "import \(PathText.lastComponent(options.file))", today: context.today)
    let known = try context.repository.read().customMarkers
    console.out(plan.summary(library: library, customMarkers: known, dryRun: plan.isEmpty))
    if !plan.isEmpty { console.out("Changed your mind? glance undo") }
  }

  func undo(_ context: Context) throws {
    let document = try context.document()
    guard let step = document.undo.last else {
      console.out("There is nothing to undo.")
      return
    }
    try context.confirm("Undo: \(step.summary)?")
    // Only the step the person was asked about: another glance may have saved since.
    guard let undone = try context.repository.undo(expecting: step) else {
      console.out("There is nothing to undo.")
      return
    }
    console.out("Undid: \(undone.summary)")
  }
}
