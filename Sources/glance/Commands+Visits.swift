import GlanceCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension App {
  func visitAdd(_ options: VisitOptions, _ context: Context) throws {
    _ = try context.document()
    let visit = try VisitPlanner.make(
      date: options.date, doctor: options.doctor, type: options.type, label: options.label, notes: options.notes,
      today: context.today, now: Timestamp(Date()))
    try context.repository.addVisit(
      visit, summary: "add \(VisitsView.typeName(visit)) visit on \(DateText.long(visit.date))")
    let ids = ShortID.prefixes(for: try context.repository.read().visits.map(\.id))
    let when = visit.date > context.today ? "planned for" : "on"
    console.out(
      "Saved: \(VisitsView.typeName(visit)) with \(visit.doctorName) \(when) \(DateText.long(visit.date)) (id \(ids[visit.id] ?? ""))."
    )
  }

  func visits(type: String?, doctor: String?, since: String?, _ context: Context) throws {
    // Visits only: no readings are decoded.
    let document = try context.view(.markers([])).document
    let list = try VisitPlanner.filter(document.visits, type: type, doctor: doctor, since: since, today: context.today)
    let ids = ShortID.prefixes(for: document.visits.map(\.id))
    console.out(
      VisitsView.render(list, all: document.visits, shortIDs: ids, today: context.today, style: context.style))
  }

  /// The visit a short id names.
  func visit(_ prefix: String, in document: GlanceDocument) throws -> Visit {
    switch ShortID.resolve(prefix, among: document.visits.map(\.id)) {
    case .found(let id): return document.visits.first { $0.id == id }!
    case .notFound: throw IDError.noVisit(prefix)
    case .tooShort: throw IDError.tooShort(prefix)
    case .ambiguous(let ids):
      let prefixes = ShortID.prefixes(for: document.visits.map(\.id))
      let lines = ids.compactMap { id in document.visits.first { $0.id == id } }.map {
        "  \(prefixes[$0.id] ?? prefix)  \(DateText.long($0.date))  \($0.doctorName)  \(VisitsView.typeName($0))"
      }
      throw IDError.ambiguous(prefix, lines)
    }
  }

  func visitShow(_ prefix: String, _ context: Context) throws {
    let document = try context.document()
    let visit = try visit(prefix, in: document)
    let ids = ShortID.prefixes(for: document.visits.map(\.id))
    console.out(VisitsView.detail(visit, shortID: ids[visit.id] ?? prefix, today: context.today))
  }

  func visitEdit(_ prefix: String, _ options: VisitOptions, _ context: Context) throws {
    let document = try context.document()
    let old = try visit(prefix, in: document)
    let new = try VisitPlanner.edit(
      old, date: options.date, doctor: options.doctor, type: options.type, label: options.label, notes: options.notes,
      today: context.today)
    guard new != old else {
      console.out("Nothing to change: the visit already says that.")
      return
    }
    try context.repository.updateVisit(new, expecting: old, summary: "edit the visit of \(DateText.long(old.date))")
    func describe(_ visit: Visit) -> String {
      "\(DateText.long(visit.date)), \(VisitsView.typeName(visit)) with \(visit.doctorName)"
        + (visit.notes.map { " — \(quoted(ShowView.firstLine($0)))" } ?? "")
    }
    console.out("Was: " + describe(old))
    console.out("Now: " + describe(new))
  }

  func visitDelete(_ prefix: String, _ context: Context) throws {
    let document = try context.document()
    let old = try visit(prefix, in: document)
    let what = "\(VisitsView.typeName(old)) visit with \(old.doctorName) on \(DateText.long(old.date))"
    try context.confirm("Delete the \(what)?")
    try context.repository.deleteVisit(old.id, expecting: old, summary: "delete the \(what)")
    console.out("Deleted the \(what). Changed your mind? glance undo")
  }

  func prep(_ context: Context) throws {
    let document = try context.view(.latest(InsightsEngine.readingsConsidered)).document
    let snapshots = document.trackedSnapshots(
      library: context.repository.library, recentLimit: InsightsEngine.readingsConsidered)
    let insights = InsightsEngine.insights(for: snapshots, at: Timestamp(Date()))
    console.out(
      PrepView.render(
        insights: insights, snapshots: snapshots, visits: document.visits, today: context.today, style: context.style))
  }

  func search(_ query: String, _ context: Context) throws {
    try InputLimits.check(query, InputLimits.queryCharacters, "The search")
    // Every reading, for the notes; a marker hit shows its latest.
    let view = try context.view(.all, allIDs: true)
    let document = view.document
    let all = context.allMarkers(document)
    // "lipids" or "vitals" names a group: its markers are what the person is after.
    let markers = LibraryBrowser.markers(
      matching: query, in: all, categories: context.repository.library.categories + [.custom])
    let visits = SearchService(markers: []).searchVisits(query, in: document.visits)
    let noted = SearchService(markers: []).searchNotes(query, in: document.entries)
    if let friend = FalseFriends.named(query) { console.out(friend.explanation + "\n") }
    guard !markers.isEmpty || !visits.isEmpty || !noted.isEmpty else {
      throw SearchError.nothing(query)
    }
    let style = context.style
    if !markers.isEmpty {
      console.out(style.paint("Markers", .bold))
      for marker in markers.prefix(10) {
        let snapshot = document.snapshot(for: marker)
        let name = TextWidth.truncate(marker.displayName, to: 34, unicode: style.unicode)
        var line = "  " + TextWidth.pad(name, to: 34) + "  " + TextWidth.pad(marker.key, to: 18)
        if let latest = snapshot.latest, let status = snapshot.status {
          line += "  " + status.badge(style) + " " + latest.valueText + " on " + DateText.long(latest.dateOfService)
        } else {
          line += "  no readings yet"
        }
        console.out(LibraryView.trimTrailing(line))
      }
    }
    if !visits.isEmpty {
      if !markers.isEmpty { console.out("") }
      console.out(style.paint("Visits", .bold))
      let ids = ShortID.prefixes(for: document.visits.map(\.id))
      for match in visits.prefix(10) {
        let visit = match.visit
        let note =
          visit.notes.map { "  " + TextWidth.truncate(ShowView.firstLine($0), to: 40, unicode: style.unicode) } ?? ""
        console.out(
          "  \(ids[visit.id] ?? "")  \(DateText.long(visit.date))  \(visit.doctorName)  \(VisitsView.typeName(visit))\(note)"
        )
      }
    }
    if !noted.isEmpty {
      if !markers.isEmpty || !visits.isEmpty { console.out("") }
      console.out(style.paint("Readings with a matching note", .bold))
      let shown = Array(noted.prefix(10))
      let ids = ShortID.prefixes(for: shown.map(\.id), amongPrefixes: view.allEntryIDPrefixes)
      for entry in shown {
        let name = document.definition(for: entry.markerID, library: context.repository.library)?.shortName ?? "?"
        let note = TextWidth.truncate(ShowView.firstLine(entry.note ?? ""), to: 40, unicode: style.unicode)
        console.out(
          "  \(ids[entry.id] ?? "")  \(DateText.long(entry.dateOfService))  \(name) \(entry.valueText)  \(note)")
      }
      if noted.count > 10 { console.out("  … and \(noted.count - 10) more.") }
    }
  }
}

enum SearchError: GlanceError {
  case nothing(String)

  var message: String {
    switch self {
    case .nothing(let query):
      "Nothing matches \(quoted(query)): no marker, doctor, visit note or reading note. Browse the markers with glance library."
    }
  }

  var exitStatus: ExitStatus { .refused }
}
