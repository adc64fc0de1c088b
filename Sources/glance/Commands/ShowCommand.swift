import GlanceCore

struct ShowCommand: GlanceCommand {
  static let declaration = CommandDeclaration(
    "show", arguments: "MARKER", words: 1...10, needs: "a marker, e.g. glance show hdl",
    summary: "A marker's trend chart, its latest readings, and a one-line summary.",
    options: [
      .value("since", "D", "Only readings from this date on (\"1 year ago\", 2023-01-01); lists all of them."),
      .value("last", "N", "List the latest N readings (\(ShowView.defaultRows) unless --since).", short: "n"),
      .flag("all", "List every reading."),
    ],
    examples: [
      "glance show hdl", "glance show ldl --since \"2 years ago\"", "glance show weight -n 50",
      "glance show a1c --width 120",
    ])

  var marker: String
  var since: String?
  var last: String?
  var all = false

  init(marker: String, since: String? = nil, last: String? = nil, all: Bool = false) {
    (self.marker, self.since, self.last, self.all) = (marker, since, last, all)
  }
  init(_ input: ParsedInput) {
    self.init(
      marker: input.words.joinedText(" "), since: input.value("since"), last: input.value("last"),
      all: input.flag("all"))
  }

  func run(_ context: Context) throws {
    let rows = try ShowView.rows(last: last, all: all, since: since != nil)
    // A library marker is known without reading the file, so only its readings are decoded;
    // anything else (a custom marker, a word that needs the person's list) reads them all.
    let libraryMarkers = try? MarkerResolver.markers(marker, among: context.library.markers)
    let view = try context.view(libraryMarkers.map { .markers(Set($0.map(\.id))) } ?? .all, allIDs: true)
    let document = view.document
    let markers = try libraryMarkers ?? MarkerResolver.markers(marker, among: context.allMarkers(document))
    let sinceDate = try since.map { (text: String) throws(EntryError) in
      try DateParser.parse(text, today: context.today, for: .reading)
    }
    for (index, marker) in markers.enumerated() {
      if index > 0 { context.out() }
      context.out(
        ShowView.render(
          document.snapshot(for: marker), since: sinceDate, rows: rows, allEntryIDPrefixes: view.allEntryIDPrefixes,
          today: context.today, style: context.style))
    }
  }
}
