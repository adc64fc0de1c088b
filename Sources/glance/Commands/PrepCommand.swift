import GlanceCore

struct PrepCommand: GlanceCommand {
  enum Format: Equatable { case terminal, markdown, html }

  static let declaration = CommandDeclaration(
    "prep", needs: "only options", summary: "Next Visit Prep: what to ask your doctor about.",
    details:
      "One item per marker, most urgent first; your questions (the notes of the coming visit and of every later planned one) and last time's notes; each marker's latest reading since your last visit; results that have grown old. --markdown writes it for a portal message, --html as one page to print or show on a phone (no script, nothing fetched).",
    options: [
      .flag("all", "List every tracked marker's latest value, not only the flagged ones."),
      .flag("markdown", "The brief as Markdown."), .flag("html", "The brief as one printable page."),
      .value("output", "FILE", "Write to FILE (created private) instead of the screen.", short: "o"),
    ],
    yes: "Replace FILE if it already exists, without asking.",
    examples: ["glance prep", "glance prep --markdown -o brief.md", "glance prep --html -o brief.html"],
    usage: "glance prep [--all] [--markdown|--html [-o FILE]] [--yes]")

  static let writesJSON = true

  var format: Format = .terminal
  var all = false
  var output: String? = nil

  init(format: Format = .terminal, all: Bool = false, output: String? = nil) {
    (self.format, self.all, self.output) = (format, all, output)
  }

  init(_ input: ParsedInput) throws(UsageError) {
    var markdown = input.flag("markdown")
    var html = input.flag("html")
    let named = input.value("output").flatMap(FileFormat.named)
    if !markdown && !html { (markdown, html) = (named == .markdown, named == .html) }
    if markdown && html { throw input.usageError("Choose one: --markdown or --html.") }
    if input.flag("json") && (markdown || html || input.value("output") != nil) {
      throw input.usageError(
        "--json prints the brief's data; --markdown and --html write it as a document. Choose one.")
    }
    // A page named .md, or Markdown named .html, would be opened as what it is not.
    if (markdown && named == .html) || (html && named == .markdown) {
      throw input.usageError(
        "The file's name says \(named == .html ? "a page (.html)" : "Markdown (.md)"), not what was asked for.")
    }
    if !markdown && !html && input.value("output") != nil {
      throw input.usageError("-o writes the brief as --markdown or --html (or name the file .md or .html).")
    }
    self.init(
      format: markdown ? .markdown : html ? .html : .terminal, all: input.flag("all"), output: input.value("output"))
  }

  func run(_ context: Context) throws {
    let view = try context.view(.latest(InsightsEngine.readingsConsidered), allIDs: context.global.json)
    let document = view.document
    let since = VisitBrief.criticalSince(visits: document.visits, today: context.today)
    let snapshots = document.briefSnapshots(
      library: context.library, recentLimit: InsightsEngine.readingsConsidered, since: since)
    let insights = InsightsEngine.insights(for: snapshots, at: context.clock(), criticalSince: since)
    let brief = VisitBrief(document: document, snapshots: snapshots, items: insights, today: context.today)
    if context.global.json {
      let shown = brief.snapshots.flatMap(\.entries).map(\.id)
      var ids = ShortID.prefixes(for: shown, amongPrefixes: view.allEntryIDPrefixes)
      ids.merge(ShortID.prefixes(for: document.visits.map(\.id))) { entry, _ in entry }
      return context.out(json: JSONOutput.prep(brief, shortIDs: ids))
    }
    let text: String
    switch format {
    case .terminal:
      context.out(PrepView.render(brief, all: all, style: context.style))
      return
    case .markdown:
      // Asked for ASCII (--ascii, a locale that is not UTF-8): the document is ASCII too.
      text =
        context.style.unicode
        ? BriefMarkdown.render(brief) : TerminalText.guarded(BriefMarkdown.render(brief), asciiOnly: true)
    case .html: text = BriefHTML.render(brief)
    }
    // A brief for the doctor is never written from a backup shown in place of the data file.
    try ExportError.checkSource(context.repository.notice)
    if try context.export(Array(text.utf8), to: output), let path = output {
      context.out("Wrote your brief to \(PathText.shown(path)).")
    }
  }
}
