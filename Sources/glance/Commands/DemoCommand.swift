import GlanceCore

struct DemoCommand: GlanceCommand {
  static let declaration = CommandDeclaration(
    "demo", needs: "only options", summary: "Try glance on a realistic sample history, in a throwaway folder.",
    details:
      "Each run makes a new private folder under $TMPDIR (or /tmp); your own data is never touched. --clean removes every demo folder, and only those: a folder holding anything but glance's own files is left and named.",
    options: [.flag("clean", "Remove the demo folders instead of making one.")],
    examples: ["glance demo", "glance demo --clean"], usage: "glance demo [--clean]")

  var clean = false

  init(clean: Bool = false) { self.clean = clean }
  init(_ input: ParsedInput) { self.init(clean: input.flag("clean")) }

  func run(_ context: Context) throws {
    let temporary = context.console.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    if clean {
      let (removed, kept) = try DemoData.clean(temporaryFolder: temporary)
      context.out(
        removed.isEmpty ? "No demo folders to remove." : "Removed \(counted(removed.count, "demo folder")).")
      for folder in kept { context.out("Left \(PathText.shown(folder)): it holds more than a glance demo.") }
      return
    }
    let folder = try DemoData.create(today: context.today, temporaryFolder: temporary, library: context.library)
    let repository = LocalDataRepository(location: DataLocation(folder: folder), library: context.library)
    let snapshots = try repository.read().trackedSnapshots(library: context.library)
    context.out("This is a demo with a made-up five-year history. Your own data is not touched.")
    context.out()
    context.out(HomeView.render(snapshots, today: context.today, style: context.style))
    context.out()
    // One line each, so nothing typed afterwards goes into the demo folder by mistake.
    context.out("Look around the demo with, for example:")
    context.out("  GLANCE_HOME=\(ShellQuote.word(folder)) glance show ldl")
    context.out("  GLANCE_HOME=\(ShellQuote.word(folder)) glance prep")
    context.out("It is a throwaway folder: remove it, and any earlier demo, with glance demo --clean")
  }
}
