import GlanceCore

struct HomeCommand: GlanceCommand {
  static let declaration = CommandDeclaration(
    "home", summary: "Every tracked marker on one line: status, latest value, trend, date.",
    details: "Run with no command. With nothing tracked yet it points you to `glance setup` and `glance demo`.",
    usage: "glance")

  static let writesJSON = true

  init() {}
  init(_ input: ParsedInput) {}

  func run(_ context: Context) throws {
    // The home screen shows the latest reading, the trend of the last 3 and a sparkline of 12.
    let view = try context.view(.latest(HomeView.sparklineWidth), allIDs: context.global.json)
    let document = view.document
    let snapshots = document.trackedSnapshots(library: context.library, recentLimit: HomeView.sparklineWidth)
    let untracked = document.untrackedCriticalSnapshots(
      library: context.library, recentLimit: 1, since: HomeView.untrackedSince(today: context.today))
    if context.global.json {
      let ids = ShortID.prefixes(
        for: (snapshots + untracked).compactMap(\.latest?.id), amongPrefixes: view.allEntryIDPrefixes)
      return context.out(
        json: JSONOutput.home(snapshots, untrackedCritical: untracked, shortIDs: ids, today: context.today))
    }
    context.out(HomeView.render(snapshots, today: context.today, style: context.style))
    if let line = HomeView.untrackedCritical(untracked) { context.out("\n" + line) }
    if !snapshots.isEmpty {
      context.out(
        context.style.paint("glance show NAME for a chart  ·  glance add NAME VALUE to record  ·  glance help", .dim))
    }
  }
}
