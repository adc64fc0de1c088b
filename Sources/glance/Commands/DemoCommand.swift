import GlanceCore

struct DemoCommand: GlanceCommand {
  static let declaration = CommandDeclaration(
    "demo", summary: "Try glance on a realistic sample history, in a throwaway folder.")

  init() {}
  init(_ input: ParsedInput) {}

  func run(_ context: Context) throws {
    let temporary = context.console.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    let folder = try DemoData.create(today: context.today, temporaryFolder: temporary, library: context.library)
    let repository = LocalDataRepository(location: DataLocation(folder: folder), library: context.library)
    let snapshots = try repository.read().trackedSnapshots(library: context.library)
    context.out("This is a demo with a made-up five-year history. Your own data is not touched.")
    context.out()
    context.out(HomeView.render(snapshots, today: context.today, style: context.style))
    context.out()
    context.out("The demo lives in \(folder). Look around with, for example:")
    context.out("  export GLANCE_HOME=\(folder)")
    context.out("  glance show ldl        glance prep        glance visits")
    context.out("Then `unset GLANCE_HOME` to return to your own data (the demo folder can simply be deleted).")
  }
}
