import GlanceCore

struct SetupCommand: GlanceCommand {
  static let declaration = CommandDeclaration(
    "setup", needs: "no words, only --markers", summary: "Choose the markers you want to follow (3 short steps).",
    details:
      "On a terminal it asks which units you read (conventional mg/dL and lb, or SI mmol/L and kg; glance units changes it later), then: pick markers by category number or by typing a search, then add a marker of your own if you like. --markers does it in one line and takes the same words as `add` (`bp` tracks both blood-pressure numbers).",
    options: [.value("markers", "LIST", "Comma-separated markers to track, e.g. hdl,ldl,a1c,bp.")],
    examples: ["glance setup", "glance setup --markers hdl,ldl,a1c,bp,weight"],
    usage: "glance setup [--markers hdl,ldl,…]")

  var markers: String?

  init(markers: String? = nil) { self.markers = markers }
  init(_ input: ParsedInput) { self.init(markers: input.value("markers")) }

  func run(_ context: Context) throws {
    let document = try context.document()
    if let markers {
      let words = markers.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
      guard !words.isEmpty else {
        throw UsageError(message: "--markers needs at least one marker, e.g. --markers hdl,ldl,a1c", command: "setup")
      }
      try TrackCommand(words).run(context)
      try HomeCommand().run(context)
      return
    }
    guard context.console.canAsk else {
      throw ConfirmationError.needsConfirmation(
        question: "glance setup asks which markers to track, and there is no terminal to ask on.",
        instead: "Use: glance setup --markers hdl,ldl,a1c")
    }
    let questions = SetupQuestions(
      console: context.console, style: context.style, library: context.library, document: document)
    guard let choice = try questions.ask() else { return }
    try choice.save(to: context.repository)
    context.out()
    let total = try context.repository.read().trackedMarkers.count
    context.out(
      "All set: you're tracking \(total) marker\(total == 1 ? "" : "s"). Record a reading with glance add NAME VALUE.")
    context.out()
    try HomeCommand().run(context)
  }
}
