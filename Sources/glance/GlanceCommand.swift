import GlanceCore

/// A command of `glance`: its declaration (name, words, options, help) as data, a value built
/// from a parsed command line, and `run`, which asks GlanceCore and prints. A command is glue:
/// a rule it grows belongs in GlanceCore.
protocol GlanceCommand: Equatable, Sendable {
  static var declaration: CommandDeclaration { get }
  /// The command from its words and options; a combination that makes no sense is a usage error.
  init(_ input: ParsedInput) throws(UsageError)
  func run(_ context: Context) throws
  /// True when `run` prints the command's JSON form under `--json` (docs/json-output.md).
  static var writesJSON: Bool { get }
}

extension GlanceCommand {
  static var writesJSON: Bool { false }
}

/// Every command, in the order `glance help` lists them. Adding a command is a new file in
/// Commands/ and one line here.
enum Glance {
  enum Registered: Sendable {
    case command(any GlanceCommand.Type)
    /// The help of a group of subcommands (`visit`), which runs none itself.
    case group(CommandDeclaration)

    var declaration: CommandDeclaration {
      switch self {
      case .command(let type): type.declaration
      case .group(let declaration): declaration
      }
    }
  }

  static let registry: [Registered] = [
    .command(HomeCommand.self), .command(SetupCommand.self), .command(AddCommand.self), .command(BatchCommand.self),
    .command(ShowCommand.self), .command(EditCommand.self), .command(DeleteCommand.self),
    .command(RangeCommand.self), .command(LibraryCommand.self), .command(TrackCommand.self),
    .command(UntrackCommand.self), .command(OrderCommand.self), .command(CustomCommand.self),
    .group(VisitGroup.declaration), .command(VisitAddCommand.self), .command(VisitShowCommand.self),
    .command(VisitEditCommand.self), .command(VisitDeleteCommand.self), .command(VisitsCommand.self),
    .command(PrepCommand.self), .command(SearchCommand.self), .command(ExportCommand.self),
    .command(ImportCommand.self), .command(UndoCommand.self), .command(DemoCommand.self),
    .command(AboutCommand.self), .command(PrivacyCommand.self), .command(ProfileCommand.self),
    .command(UnitsCommand.self),
    .command(CompletionsCommand.self), .command(HelpCommand.self),
  ]

  static let parser = CommandLineParser(registry.map(\.declaration))

  /// The command a parsed command line names.
  static func command(_ input: ParsedInput) throws(UsageError) -> any GlanceCommand {
    for case .command(let type) in registry where type.declaration.name == input.command {
      return try type.init(input)
    }
    throw UsageError(message: "\(quoted(input.command)) is not a glance command.", command: nil)
  }

  /// Runs one command line: parse, ask GlanceCore, print, choose the exit code.
  static func run(
    _ words: [String], console: any Console, currentDirectory: String = TerminalConsole.currentDirectory(),
    localToday: () -> CalendarDate = TerminalConsole.localToday, clock: @escaping () -> Timestamp = Timestamp.now
  ) -> ExitStatus {
    // An error in the command line itself is said before the options are read: --ascii still holds.
    if words.contains("--ascii") { _ = console.style(for: GlobalOptions(ascii: true)) }
    do {
      let line = try parser.parse(words)
      let command: any GlanceCommand
      switch line.action {
      case .version:
        console.out("glance \(GlanceVersion.current)")
        return finish(console)
      case .help(let topic): command = HelpCommand(topic: topic)
      case .run(let input): command = try Self.command(input)
      }
      // A command with its own --json (export: the backup format) gives it that meaning.
      let declaration = type(of: command).declaration
      if line.global.json, !type(of: command).writesJSON, !declaration.options.contains(where: { $0.name == "json" }) {
        let names = registry.compactMap { entry -> String? in
          guard case .command(let type) = entry, type.writesJSON else { return nil }
          return type.declaration.name == HomeCommand.declaration.name ? "glance --json" : type.declaration.name
        }
        throw UsageError(
          message: "--json is for commands that show something: \(names.joinedText(", ")).",
          command: declaration.name)
      }
      let context = try Context(
        console: console, global: line.global, currentDirectory: currentDirectory, localToday: localToday,
        clock: clock)
      // A screen that only shows (never asks) may be long: paged on a terminal. The man page is
      // data for a file or for man itself.
      if type(of: command).writesJSON || (command as? HelpCommand)?.man == false, !line.global.json,
        !line.global.noPager
      {
        console.startPaging()
      }
      do {
        try command.run(context)
      } catch {
        console.finishPaging()
        throw error
      }
      console.finishPaging()
      return finish(console, saved: context.savedAChange)
    } catch let error as UsageError {
      console.err("glance: \(error.message)")
      console.err(error.command.map { "See: glance help \($0)" } ?? "See: glance help")
      return .usage
    } catch let error as any GlanceError {
      console.err(error.message)
      return ExitStatus(error.kind)
    } catch {
      // NB: only the error's type, never its text: it could hold a value from the data file.
      console.err(
        "Something went wrong inside glance (\(type(of: error))). Nothing was changed. Please report this.")
      return .failure
    }
  }

  /// Success, unless standard output could not be written (a full disk): then the output is
  /// incomplete and a script must not take it for a backup. A change saved before the output
  /// failed is done: said, and a success, so a script does not save it twice.
  private static func finish(_ console: any Console, saved: Bool = false) -> ExitStatus {
    guard let code = console.outputError else { return .success }
    let error = OutputError(code: code, changeSaved: saved)
    console.err(error.message)
    return saved ? .success : ExitStatus(error.kind)
  }
}

/// The exit codes of `glance`, documented in the README and the man page; scripts can rely on them.
enum ExitStatus: Int32, CaseIterable {
  case success = 0
  case noMatch = 1
  case needsConfirmation = 3
  case usage = 64
  case refused = 65
  /// EX_SOFTWARE: a bug.
  case failure = 70
  case dataFile = 74
  case busy = 75

  /// What the code means, as the README's table and the man page say it.
  var meaning: String {
    switch self {
    case .success:
      "Done. A change saved before its output could not be written is done too, and said on stderr."
    case .noMatch: "Nothing matched: glance search found nothing (as grep)."
    case .needsConfirmation:
      "A question needed a yes: no terminal to ask on and no --yes (or, for setup, no --markers), or the answer was no. Nothing was changed."
    case .usage: "The command line is wrong: unknown command or option, missing argument."
    case .refused:
      "The input was refused: not a number, unknown unit or marker, a future date, an unknown id. Nothing was changed."
    case .failure: "Something unexpected went wrong inside glance (a bug; please report it)."
    case .dataFile:
      "The data folder or file cannot be used: damaged, from a newer glance, unsafe permissions, a failed write (of the data file or of the output). Nothing was changed."
    case .busy:
      "Another glance was saving and did not finish within a few seconds, or saved while a question was waiting. Nothing was changed; try again."
    }
  }

  init(_ kind: ErrorKind) {
    switch kind {
    case .failure: self = .failure
    case .noMatch: self = .noMatch
    case .needsConfirmation: self = .needsConfirmation
    case .usage: self = .usage
    case .refused: self = .refused
    case .dataFile: self = .dataFile
    case .busy: self = .busy
    }
  }
}
