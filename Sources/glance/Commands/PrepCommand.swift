import GlanceCore

struct PrepCommand: GlanceCommand {
  static let declaration = CommandDeclaration("prep", summary: "Next Visit Prep: what to ask your doctor about.")

  init() {}
  init(_ input: ParsedInput) {}

  func run(_ context: Context) throws {
    let document = try context.view(.latest(InsightsEngine.readingsConsidered)).document
    let snapshots = document.trackedSnapshots(
      library: context.library, recentLimit: InsightsEngine.readingsConsidered)
    let insights = InsightsEngine.insights(for: snapshots, at: context.clock())
    context.out(
      PrepView.render(
        insights: insights, snapshots: snapshots, visits: document.visits, today: context.today, style: context.style))
  }
}
