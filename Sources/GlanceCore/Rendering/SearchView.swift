/// What `glance search` found: markers (and groups of them), visits, and readings whose note
/// matches.
public struct SearchResults: Sendable {
  public var query: String
  public var markers: [MarkerDefinition]
  public var visits: [SearchService.VisitMatch]
  public var noted: [MarkerEntry]
  /// Why the word is not the marker it sounds like ("crp" is not hs-CRP), if it is one of those.
  public var falseFriend: String?

  public var isEmpty: Bool { markers.isEmpty && visits.isEmpty && noted.isEmpty }

  /// Searches the document's markers, visits and notes for `query` (refused past
  /// `InputLimits.queryCharacters`). "lipids" or "vitals" names a group: its markers are found.
  public static func search(_ query: String, in document: GlanceDocument, library: MarkerLibrary) throws
    -> SearchResults
  {
    try InputLimits.check(query, InputLimits.queryCharacters, "The search")
    let markers = LibraryBrowser.markers(
      matching: query, in: library.markers + document.customMarkers, categories: library.categories + [.custom])
    let service = SearchService(markers: [])
    let results = SearchResults(
      query: query, markers: markers, visits: service.searchVisits(query, in: document.visits),
      noted: service.searchNotes(query, in: document.entries), falseFriend: FalseFriends.named(query)?.explanation)
    guard !results.isEmpty else { throw SearchError.nothing(query, falseFriend: results.falseFriend) }
    return results
  }
}

/// Nothing matched a search.
public enum SearchError: GlanceError, Equatable {
  /// The query, and why it is not the marker it sounds like, if it is one of those words.
  case nothing(String, falseFriend: String?)

  public var message: String {
    switch self {
    case .nothing(let query, let friend):
      (friend.map { $0 + "\n\n" } ?? "")
        + "Nothing matches \(quoted(query)): no marker, doctor, visit note or reading note. Browse the markers with glance library."
    }
  }

  public var kind: ErrorKind { .noMatch }
}

/// The `glance search` screen: up to ten of each kind of match.
public enum SearchView {
  public static let shownPerKind = 10

  /// `allEntryIDPrefixes` are every stored reading's id prefixes, so the short ids shown tell
  /// each reading apart from all the others.
  public static func render(
    _ results: SearchResults, document: GlanceDocument, library: MarkerLibrary, allEntryIDPrefixes: [UInt64],
    style: OutputStyle
  ) -> String {
    var sections: [[String]] = []
    if !results.markers.isEmpty {
      var lines = [style.paint("Markers", .bold)]
      // Columns as wide as what they hold, the name giving way first (newcomer review at stop
      // 33: rows of 85 columns on 80, their dates wrapped).
      let shown = results.markers.prefix(shownPerKind).map { marker -> (MarkerDefinition, String) in
        let snapshot = document.snapshot(for: marker)
        guard let latest = snapshot.latest, let status = snapshot.status else { return (marker, "no readings yet") }
        return (
          marker,
          status.badge(style) + " " + snapshot.judgedText(latest) + " on " + DateText.long(latest.dateOfService)
        )
      }
      let keyWidth = min(18, shown.map { TextWidth.of($0.0.key) }.max() ?? 0)
      let latestWidth = shown.map { TextWidth.of($0.1) }.max() ?? 0
      let room = max(10, min(34, style.width - 2 - 2 - keyWidth - 2 - latestWidth))
      func named(_ marker: MarkerDefinition) -> String {
        TextWidth.of(marker.displayName) <= room ? marker.displayName : marker.shortName
      }
      let nameWidth = min(room, shown.map { TextWidth.of(named($0.0)) }.max() ?? 0)
      for (marker, latest) in shown {
        let name = TextWidth.truncate(named(marker), to: nameWidth, unicode: style.unicode)
        lines.append(
          LibraryView.trimTrailing(
            "  " + TextWidth.pad(name, to: nameWidth) + "  " + TextWidth.pad(marker.key, to: keyWidth) + "  " + latest))
      }
      sections.append(lines)
    }
    if !results.visits.isEmpty {
      var lines = [style.paint("Visits", .bold)]
      let ids = ShortID.prefixes(for: document.visits.map(\.id))
      for match in results.visits.prefix(shownPerKind) {
        let visit = match.visit
        let row =
          "  \(ids[visit.id] ?? "")  \(DateText.long(visit.date))  \(visit.doctorName)  \(VisitsView.typeName(visit))"
        lines.append(row + (visit.notes.map { "  " + Self.note($0, after: row, style: style) } ?? ""))
      }
      sections.append(lines)
    }
    if !results.noted.isEmpty {
      var lines = [style.paint("Readings with a matching note", .bold)]
      let shown = Array(results.noted.prefix(shownPerKind))
      let ids = ShortID.prefixes(for: shown.map(\.id), amongPrefixes: allEntryIDPrefixes)
      for entry in shown {
        let definition = document.definition(for: entry.markerID, library: library)
        let value = document.displayedText(entry, library: library)
        let row =
          "  \(ids[entry.id] ?? "")  \(DateText.long(entry.dateOfService))  \(definition?.shortName ?? "?") \(value)"
        lines.append(row + "  " + Self.note(entry.note ?? "", after: row, style: style))
      }
      if results.noted.count > shownPerKind {
        lines.append("  … and \(results.noted.count - shownPerKind) more (glance search --json lists every one).")
      }
      sections.append(lines)
    }
    var output = sections.map { $0.joinedText("\n") }.joinedText("\n\n")
    if let friend = results.falseFriend { output = friend + "\n\n" + output }
    return output
  }

  /// A note's first line cut to the room left on its row (at most 40 columns, at least 10): cut
  /// and then wrapped at 80 columns, it broke mid-word under the row (newcomer review at stop 34).
  static func note(_ text: String, after row: String, style: OutputStyle) -> String {
    let room = max(10, min(40, style.width - TextWidth.of(row) - 2))
    return TextWidth.truncate(ShowView.firstLine(text), to: room, unicode: style.unicode)
  }
}
