import GlanceCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension App {
  func add(_ options: AddOptions, _ context: Context) throws {
    let document = try context.document()
    var drafts = try EntryPlanner.plan(
      marker: options.marker, value: options.value, unit: options.unit, date: options.date, note: options.note,
      today: context.today, document: document, library: context.repository.library)
    drafts = try answerChecks(drafts, context)
    let saved = try EntryPlanner.save(
      drafts, source: .quickAdd, summary: EntryPlanner.summary(of: drafts), assumeYes: context.global.yes,
      repository: context.repository)
    for marker in saved.newlyTracked {
      console.out("Now tracking \(marker.displayName) (it wasn't on your list yet).")
    }
    for draft in drafts {
      if let original = draft.convertedFrom {
        console.out("Converted \(original) to \(ValueText.withUnit(draft.value, draft.comparator, draft.marker.unit)).")
      }
    }
    for entry in saved.entries {
      console.out(savedLine(entry, document: saved.document, context))
    }
  }

  /// "Saved HDL 89 mg/dL on Feb 15, 2025 · ✓ in range · trend ↓ falling (worth watching)".
  func savedLine(_ entry: MarkerEntry, document: GlanceDocument, _ context: Context) -> String {
    guard let definition = document.definition(for: entry.markerID, library: context.repository.library) else {
      return "Saved."
    }
    let snapshot = document.snapshot(for: definition)
    let style = context.style
    let judgement = snapshot.judgement(of: entry)
    var parts = ["Saved \(definition.shortName) \(entry.valueText) on \(DateText.long(entry.dateOfService))"]
    if judgement.status != .noRange { parts.append(judgement.badge(style) + " " + judgement.words) }
    let trend = snapshot.trend
    if trend.arrow != .none {
      parts.append("trend " + trend.badge(style) + " " + trend.words)
    } else if snapshot.entries.count < 3 {
      parts.append("\(snapshot.entries.count) of 3 readings for a trend")
    }
    let line = parts.joinedText(" · ")
    return judgement.status.isCritical ? line + "\n" + Judgement.criticalAdvice : line
  }

  /// Asks each draft's questions (or refuses without a terminal); returns the drafts to save,
  /// with a slip corrected when the person chose the suggested value (whose own questions, a
  /// duplicate say, are then asked in turn).
  func answerChecks(_ drafts: [EntryDraft], _ context: Context) throws -> [EntryDraft] {
    var result: [EntryDraft] = []
    for var draft in drafts {
      var pending = draft.checks
      while let check = pending.first {
        pending.removeFirst()
        switch check.kind {
        case .unitSlip(let suggestion, let typed):
          if context.global.yes { continue }
          let unit = draft.marker.unit
          guard console.stdinIsTerminal else {
            throw ConfirmationError.needsConfirmation(
              question: check.question,
              instead:
                "If you meant \(draft.comparator?.rawValue ?? "")\(typed), run the command again with the unit. If \(ValueText.withUnit(draft.value, draft.comparator, unit)) is right, add --yes."
            )
          }
          console.out(check.question)
          console.prompt(
            "  1) save \(ValueText.withUnit(suggestion, nil, unit)) (\(typed))   2) save \(ValueText.withUnit(draft.value, nil, unit)) as typed   3) cancel  [1/2/3]: "
          )
          switch try console.readLine()?.trimmingWhitespace() {
          case "1":
            draft = draft.accepting(suggestion, convertedFrom: typed)
            pending = draft.checks
          case "2": continue
          default: throw ConfirmationError.declined
          }
        case .tenfold(let suggestion):
          if context.global.yes { continue }
          guard console.stdinIsTerminal else {
            throw ConfirmationError.needsConfirmation(
              question: check.question,
              instead:
                "If you meant \(ValueText.number(suggestion)), run the command again with \(ValueText.number(suggestion)). If \(ValueText.number(draft.value)) is right, add --yes."
            )
          }
          console.out(check.question)
          console.prompt(
            "  1) save \(ValueText.number(suggestion))   2) save \(ValueText.number(draft.value)) as typed   3) cancel  [1/2/3]: "
          )
          switch try console.readLine()?.trimmingWhitespace() {
          case "1":
            draft = draft.accepting(suggestion)
            pending = draft.checks
          case "2": continue
          default: throw ConfirmationError.declined
          }
        case .implausible, .duplicate, .fasting:
          let question = check.kind == .implausible ? check.question + " Save it anyway?" : check.question
          try context.confirm(question)
        }
      }
      result.append(draft)
    }
    return result
  }

  func show(_ word: String, since: String?, _ context: Context) throws {
    // A library marker is known without reading the file, so only its readings are decoded;
    // anything else (a custom marker, a word that needs the person's list) reads them all.
    let libraryMarkers = try? EntryPlanner.resolveMarkers(word, among: context.repository.library.markers)
    let view = try context.view(libraryMarkers.map { .markers(Set($0.map(\.id))) } ?? .all, allIDs: true)
    let document = view.document
    let markers = try libraryMarkers ?? EntryPlanner.resolveMarkers(word, among: context.allMarkers(document))
    let sinceDate = try since.map { (text: String) throws(EntryError) in
      try DateParser.parse(text, today: context.today, for: .reading)
    }
    let allIDs = view.allEntryIDPrefixes
    for (index, marker) in markers.enumerated() {
      if index > 0 { console.out("") }
      let snapshot = document.snapshot(for: marker)
      let entries = snapshot.entries.filter { entry in sinceDate.map { entry.dateOfService >= $0 } ?? true }
      // Ids short enough to type, long enough to tell apart from every other reading's.
      let shortIDs = ShortID.prefixes(for: entries.map(\.id), amongPrefixes: allIDs)
      if entries.isEmpty, !snapshot.entries.isEmpty, let sinceDate {
        console.out(
          "No \(marker.displayName) readings since \(DateText.long(sinceDate)); the latest is from \(DateText.long(snapshot.latest!.dateOfService))."
        )
        continue
      }
      console.out(
        ShowView.render(snapshot, entries: entries, shortIDs: shortIDs, today: context.today, style: context.style))
    }
  }

  /// The entry a short id names, or a refusal listing the matches.
  func entry(_ prefix: String, in document: GlanceDocument) throws -> MarkerEntry {
    switch ShortID.resolve(prefix, among: document.entries.map(\.id)) {
    case .found(let id): return document.entries.first { $0.id == id }!
    case .notFound: throw IDError.noReading(prefix)
    case .tooShort: throw IDError.tooShort(prefix)
    case .ambiguous(let ids):
      let library = MarkerLibrary.builtIn
      let prefixes = ShortID.prefixes(for: ids, among: document.entries.map(\.id))
      let lines = ids.compactMap { id -> String? in
        guard let entry = document.entries.first(where: { $0.id == id }) else { return nil }
        let name = document.definition(for: entry.markerID, library: library)?.shortName ?? "?"
        return "  \(prefixes[id] ?? prefix)  \(name) \(entry.valueText) on \(DateText.long(entry.dateOfService))"
      }
      throw IDError.ambiguous(prefix, lines)
    }
  }

  func edit(_ options: EditOptions, _ context: Context) throws {
    let document = try context.document()
    let old = try entry(options.id, in: document)
    guard let marker = document.definition(for: old.markerID, library: context.repository.library) else {
      throw IDError.noReading(options.id)
    }
    var new = old
    let date =
      try options.date.map { (text: String) throws(EntryError) in
        try DateParser.parse(text, today: context.today, for: .reading)
      } ?? old.dateOfService
    var draft: EntryDraft?
    if let valueText = options.value {
      let others = document.entries.filter { $0.markerID == old.markerID && $0.id != old.id }
      draft = try EntryPlanner.draft(marker, valueText: valueText, unit: nil, date: date, note: nil, existing: others)
      new.value = draft!.value
      new.comparator = draft!.comparator
    }
    new.dateOfService = date
    if let note = options.note { new.note = try EntryPlanner.note(note) }
    if new == old {
      console.out("Nothing to change: the reading already says that.")
      return
    }
    if let asked = draft {
      // The answer may be the suggested value instead of the typed one.
      if let answered = try answerChecks([asked], context).first {
        new.value = answered.value
        new.comparator = answered.comparator
        draft = answered
      }
    }
    func describe(_ entry: MarkerEntry) -> String {
      "\(marker.shortName) \(entry.valueText) on \(DateText.long(entry.dateOfService))"
        + (entry.note.map { " — \(quoted(ShowView.firstLine($0)))" } ?? "")
    }
    // Only while the reading is still the one shown: another glance may have changed it meanwhile.
    try context.repository.updateEntry(
      new, expecting: old,
      summary:
        "edit \(marker.shortName) \(ValueText.value(old.value, old.comparator)) on \(DateText.long(old.dateOfService))")
    if let original = draft?.convertedFrom {
      console.out("Converted \(original) to \(ValueText.withUnit(new.value, new.comparator, marker.unit)).")
    }
    console.out("Was: " + describe(old))
    console.out("Now: " + describe(new))
  }

  func delete(_ prefix: String, _ context: Context) throws {
    let document = try context.document()
    let old = try entry(prefix, in: document)
    let name = document.definition(for: old.markerID, library: context.repository.library)?.shortName ?? "this"
    let value = ValueText.value(old.value, old.comparator)
    try context.confirm("Delete \(name) reading of \(value) from \(DateText.long(old.dateOfService))?")
    try context.repository.deleteEntry(
      old.id, expecting: old, summary: "delete \(name) \(value) from \(DateText.long(old.dateOfService))")
    console.out(
      "Deleted the \(name) reading of \(value) from \(DateText.long(old.dateOfService)). Changed your mind? glance undo"
    )
  }
}

/// A short id that points at nothing, or at several things.
enum IDError: GlanceError {
  case noReading(String)
  case noVisit(String)
  case tooShort(String)
  case ambiguous(String, [String])

  var message: String {
    switch self {
    case .noReading(let prefix):
      "No reading has the id \(quoted(prefix)). The ids are in the first column of glance show MARKER."
    case .noVisit(let prefix):
      "No visit has the id \(quoted(prefix)). The ids are in the first column of glance visits."
    case .tooShort(let prefix):
      "\(quoted(prefix)) is too short to be sure which one you mean. Type at least \(ShortID.minimumLength) characters of the id."
    case .ambiguous(let prefix, let lines):
      "\(quoted(prefix)) fits more than one:\n" + lines.joinedText("\n") + "\nType a few more characters of the id."
    }
  }

  var exitStatus: ExitStatus { .refused }
}
