import GlanceCore

struct ShowCommand: GlanceCommand {
  static let declaration = CommandDeclaration(
    "show", arguments: "MARKER", words: 1...10, needs: "a marker, e.g. glance show hdl",
    summary: "A marker's trend chart, its latest readings, and a one-line summary.",
    options: [
      .value(
        "since", "P",
        "Only readings from this day or period on (2024, \"March 2024\", \"1 year ago\"); lists all of them."),
      .value("until", "P", "Only readings up to the end of this day or period (2024, \"last month\")."),
      .value(
        "last", "N",
        "List the latest N readings (\(ShowView.defaultRows); every one of a period given with --since or --until).",
        short: "n"),
      .flag("all", "List every reading."),
    ],
    examples: [
      "glance show hdl", "glance show ldl --since \"2 years ago\"", "glance show a1c --since 2024 --until 2024",
      "glance show weight -n 50",
      "glance show a1c --width 120",
    ])

  static let writesJSON = true

  var marker: String
  var since: String?
  var until: String?
  var last: String?
  var all = false

  init(marker: String, since: String? = nil, until: String? = nil, last: String? = nil, all: Bool = false) {
    (self.marker, self.since, self.until, self.last, self.all) = (marker, since, until, last, all)
  }
  init(_ input: ParsedInput) {
    self.init(
      marker: input.words.joinedText(" "), since: input.value("since"), until: input.value("until"),
      last: input.value("last"), all: input.flag("all"))
  }

  func run(_ context: Context) throws {
    let rows = try ShowView.rows(last: last, all: all, since: since != nil || until != nil)
    let period = try ShowView.period(since: since, until: until, today: context.today)
    // A library marker is known without reading the file, so only its readings are decoded;
    // anything else (a custom marker, a word that needs the person's list) reads them all.
    let libraryMarkers = try? MarkerResolver.markers(marker, among: context.library.markers)
    let view = try context.view(libraryMarkers.map { .markers(Set($0.map(\.id))) } ?? .all, allIDs: true)
    let document = view.document
    let markers = try libraryMarkers ?? MarkerResolver.markers(marker, among: context.allMarkers(document))
    if context.global.json {
      let shown = markers.map { marker in
        JSONOutput.shown(
          document.snapshot(for: marker), since: period.since, until: period.until, rows: rows,
          allEntryIDPrefixes: view.allEntryIDPrefixes, today: context.today)
      }
      return context.out(json: JSONOutput.show(shown))
    }
    for (index, marker) in markers.enumerated() {
      if index > 0 { context.out() }
      context.out(
        ShowView.render(
          document.snapshot(for: marker), since: period.since, until: period.until, rows: rows,
          allEntryIDPrefixes: view.allEntryIDPrefixes,
          today: context.today, style: context.style))
    }
  }
}
