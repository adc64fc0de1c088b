import GlanceCore
import Testing

@testable import glance

/// The command line becomes a command value before anything runs; everything about it (help,
/// usage errors, `--yes`) comes from each command's declaration.
@Suite("Command line: argv to a command value")
struct CommandLineTests {
  static func parse(_ words: [String]) throws(UsageError) -> ParsedCommandLine { try Glance.parser.parse(words) }

  static func command(_ words: [String]) throws -> any GlanceCommand {
    guard case .run(let input) = try parse(words).action else { throw UsageError(message: "not a run", command: nil) }
    return try Glance.command(input)
  }

  static func same(_ a: any GlanceCommand, _ b: any GlanceCommand) -> Bool {
    func open<T: GlanceCommand>(_ a: T) -> Bool { (b as? T) == a }
    return open(a)
  }

  static var declarations: [CommandDeclaration] { Glance.registry.map(\.declaration) }
  static var runnable: [CommandDeclaration] {
    Glance.registry.compactMap { if case .command(let type) = $0 { type.declaration } else { nil } }
  }

  /// The words that name a declaration's command: `["visit", "add"]`, `[]` for home.
  static func name(_ declaration: CommandDeclaration) -> [String] {
    declaration.name == CommandLineParser.home ? [] : declaration.name.split(separator: " ").map(String.init)
  }

  /// As few words as the command takes.
  static func fewest(_ declaration: CommandDeclaration) -> [String] {
    name(declaration) + Array(repeating: "x", count: declaration.words.lowerBound)
  }

  @Test("no words is the home screen; global options apply anywhere")
  func home() throws {
    #expect(try Self.parse([]).action == .run(ParsedInput(command: "home")))
    let line = try Self.parse(["--width", "60", "--color=never", "--ascii", "--today", "2025-02-15"])
    #expect(line.action == .run(ParsedInput(command: "home")))
    #expect(line.global == GlobalOptions(color: .never, ascii: true, width: 60, today: "2025-02-15", yes: false))
    #expect(try Self.parse(["show", "hdl", "--no-color"]).global.color == .never)
    #expect(try Self.parse(["--version"]).action == .version)
    #expect(try Self.parse(["--help"]).action == .help(topic: nil))
    #expect(try Self.parse(["add", "--help"]).action == .help(topic: "add"))
    #expect(try Self.parse(["visit", "--help"]).action == .help(topic: "visit"))
    #expect(try Self.parse(["visit", "edit", "--help"]).action == .help(topic: "visit edit"))
  }

  @Test(
    "commands and their options",
    arguments: [
      (["help", "add"], HelpCommand(topic: "add")),
      (["help", "visit", "add"], HelpCommand(topic: "visit add")),
      (["about"], AboutCommand()),
      (["privacy"], PrivacyCommand()),
      (["library"], LibraryCommand()),
      (
        ["library", "good", "cholesterol", "--category", "heart"],
        LibraryCommand(query: "good cholesterol", category: "heart")
      ),
      (["setup", "--markers", "hdl,ldl"], SetupCommand(markers: "hdl,ldl")),
      (["track", "hdl", "ldl"], TrackCommand(["hdl", "ldl"])),
      (["untrack", "hdl"], UntrackCommand("hdl")),
      (["order", "a1c", "ldl"], OrderCommand(["a1c", "ldl"])),
      (["add", "hdl", "89"], AddCommand(marker: "hdl", value: "89")),
      (
        ["add", "good", "cholesterol", "89", "mg/dL", "--date=yesterday", "--note", "fasting"],
        AddCommand(marker: "good cholesterol", value: "89", unit: "mg/dL", date: "yesterday", note: "fasting")
      ),
      (["add", "psa", "<0.1"], AddCommand(marker: "psa", value: "<0.1")),
      (["add", "weight-change", "-5"], AddCommand(marker: "weight-change", value: "-5")),
      (["add", "hdl", "nan"], AddCommand(marker: "hdl", value: "nan")),
      (["add", "bp", "120/80"], AddCommand(marker: "bp", value: "120/80")),
      (["batch", "--date", "today", "hdl=60", "ldl=100"], BatchCommand(date: "today", pairs: ["hdl=60", "ldl=100"])),
      (["show", "vitamin", "d", "--since", "2 years ago"], ShowCommand(marker: "vitamin d", since: "2 years ago")),
      (["edit", "3fa2", "--value", "98"], EditCommand(id: "3fa2", value: "98")),
      (["delete", "3fa2"], DeleteCommand(id: "3fa2")),
      (["range", "ldl", "--high", "70"], RangeCommand(marker: "ldl", high: "70")),
      (["range", "ldl", "--reset"], RangeCommand(marker: "ldl", reset: true)),
      (["range", "ldl"], RangeCommand(marker: "ldl")),
      (
        ["custom", "Blood ketones", "--unit", "mmol/L", "--lower-is-better"],
        CustomCommand(name: "Blood ketones", unit: "mmol/L", direction: .lowerIsBetter)
      ),
      (
        ["visit", "add", "--date", "today", "--doctor", "Dr. Lee", "--type", "dental"],
        VisitAddCommand(VisitFields(date: "today", doctor: "Dr. Lee", type: "dental"))
      ),
      // An option's value that is also a subcommand's name is a value, not the subcommand.
      (
        ["visit", "--notes", "edit", "add", "--date", "today", "--type", "lab", "--doctor", "Lee"],
        VisitAddCommand(VisitFields(date: "today", doctor: "Lee", type: "lab", notes: "edit"))
      ),
      (["--today", "2025-02-15", "visit", "show", "ab12"], VisitShowCommand(id: "ab12")),
      (["visit", "edit", "ab12", "--notes", ""], VisitEditCommand(id: "ab12", VisitFields(notes: ""))),
      (["visit", "delete", "ab12"], VisitDeleteCommand(id: "ab12")),
      (["visits", "--type", "dental"], VisitsCommand(type: "dental")),
      (["prep"], PrepCommand()),
      (["search", "dr", "patel"], SearchCommand("dr patel")),
      (["export", "--csv", "-o", "out.csv"], ExportCommand(format: .csv, output: "out.csv")),
      (["export", "--json"], ExportCommand(format: .json)),
      (["export", "-o", "Backup.JSON"], ExportCommand(format: .json, output: "Backup.JSON")),
      (["export", "-o", "labs.csv", "--visits"], ExportCommand(format: .csv, visits: true, output: "labs.csv")),
      (["export", "--csv", "-o", "labs.txt"], ExportCommand(format: .csv, output: "labs.txt")),
      (
        ["import", "file.json", "--replace", "--dry-run"], ImportCommand(file: "file.json", replace: true, dryRun: true)
      ),
      (["undo"], UndoCommand()),
      (["demo"], DemoCommand()),
      (["profile", "--sex", "female"], ProfileCommand(sex: "female")),
    ] as [([String], any GlanceCommand)])
  func commands(words: [String], expected: any GlanceCommand) throws {
    #expect(Self.same(try Self.command(words), expected), "\(words)")
  }

  @Test(
    "mistakes are usage errors naming the command",
    arguments: [
      (["shwo"], nil), (["add"], "add"), (["add", "hdl", "89", "--colour", "x"], "add"), (["show"], "show"),
      (["show", "hdl", "--since"], "show"), (["export"], "export"), (["export", "--json", "--visits"], "export"),
      (["export", "-o", "labs.txt"], "export"), (["export", "--json", "--csv"], "export"),
      (["range", "ldl", "--reset", "--low", "1"], "range"), (["edit", "ab12"], "edit"),
      (["custom", "X"], "custom"), (["visit", "fly"], "visit"), (["visit"], "visit"),
      (["visit", "edit", "ab12"], "visit edit"), (["visit", "add", "--date", "today"], "visit add"),
      (["--width", "5"], nil), (["--color", "maybe"], nil), (["untrack", "a", "b"], "untrack"),
      (["about", "extra"], "about"), (["home"], nil),
    ] as [([String], String?)])
  func usageErrors(words: [String], command: String?) {
    #expect(throws: UsageError.self, "\(words)") { _ = try Self.command(words) }
    do {
      _ = try Self.command(words)
    } catch let error as UsageError {
      #expect(error.command == command, "\(words): \(error.message)")
      #expect(!error.message.isEmpty)
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test("a near-miss suggests the command meant")
  func suggestions() {
    #expect(Glance.parser.suggestion(for: "shwo").hasSuffix("Did you mean glance show?"))
    #expect(Glance.parser.suggestion(for: "expotr").hasSuffix("Did you mean glance export?"))
    #expect(Glance.parser.suggestion(for: "zzzzzzzz").hasSuffix("Run glance help to see them all."))
  }

  @Test(
    "a word another tool uses for a command names glance's, never a lookalike ('list' is not 'visit')",
    arguments: [
      ("list", "glance library"), ("ls", "glance library"), ("log", "glance add?"), ("rm", "glance delete?"),
      ("remove", "glance delete?"), ("history", "glance show?"), ("find", "glance search?"),
      ("backup", "glance export?"), ("restore", "glance import?"), ("version", "glance --version"),
      ("Init", "glance setup?"), ("brief", "glance prep?"), ("lsit", "glance library"), ("hsitory", "glance show?"),
    ])
  func synonyms(word: String, meant: String) {
    let text = Glance.parser.suggestion(for: word)
    #expect(text.contains(meant), "\(word): \(text)")
    #expect(!text.contains("glance visit?"))
    // Every suggested command exists.
    for name in Glance.parser.declarations.map(\.name) where text.contains("glance \(name)?") {
      #expect(Glance.parser.declaration(name) != nil)
    }
  }

  // MARK: From the declarations

  @Test("every declaration has a unique name, and no option name or letter is taken twice")
  func declarationsAreUnique() {
    let names = Self.declarations.map(\.name)
    #expect(Set(names).count == names.count)
    for declaration in Self.declarations {
      // One exception: export's own --json is the backup format (its JSON form), not the schema.
      let own = declaration.allOptions
      let global = GlobalOptionDeclarations.all.filter { option in
        !(option.name == "json" && declaration.name == "export" && own.contains { $0.name == "json" })
      }
      let options = own + global
      #expect(Set(options.map(\.name)).count == options.count, "\(declaration.name)")
      let letters = options.compactMap(\.short)
      #expect(Set(letters).count == letters.count, "\(declaration.name)")
      #expect(!declaration.summary.isEmpty)
    }
  }

  @Test("help names every command, and each command's help its usage and every option", arguments: declarations)
  func help(declaration: CommandDeclaration) throws {
    let parser = Glance.parser
    // Unwrapped, so each usage is one line; HelpWidthTests checks the wrapping.
    let overview = HelpText.overview(parser, width: 1000)
    if declaration.name.firstIndex(of: " ") == nil, declaration.name != CommandLineParser.home {
      #expect(overview.split(separator: "\n").contains { $0.hasPrefix("  \(declaration.name) ") })
    }
    let help = HelpText.command(declaration, subcommands: parser.subcommands(of: declaration.name), width: 1000)
    #expect(help.hasPrefix("Usage: \(declaration.usage)\n"))
    for option in declaration.allOptions {
      #expect(help.split(separator: "\n").contains { $0.hasPrefix("  " + option.label + " ") }, "\(option.name)")
    }
    for sub in parser.subcommands(of: declaration.name) {
      #expect(help.split(separator: "\n").contains { $0.hasPrefix("  " + sub.usage) })
    }
    if declaration.name != CommandLineParser.home {
      #expect(try Self.parse(Self.name(declaration) + ["--help"]).action == .help(topic: declaration.name))
    }
  }

  @Test("a command takes --yes (and -y) exactly when it declares a question", arguments: runnable)
  func yes(declaration: CommandDeclaration) throws {
    guard declaration.name != CommandLineParser.home else { return }
    for flag in ["--yes", "-y"] {
      let words = Self.fewest(declaration) + [flag]
      if declaration.yes != nil {
        #expect(try Self.parse(words).global.yes, "\(words)")
      } else {
        #expect(throws: UsageError.self, "\(words)") { try Self.parse(words) }
      }
    }
  }

  /// Newcomer review: `import --yes` read "Answer yes to every question" and saved LDL 3.6 mg/dL,
  /// where the question had asked "Was that 3.6 mmol/L?".
  @Test(
    "--yes on a command that asks about values says they are saved as typed or read, never 'answer yes'",
    arguments: ["add", "batch", "edit", "import"])
  func yesKeepsValues(name: String) throws {
    let declaration = try #require(Self.runnable.first { $0.name == name })
    let yes = try #require(declaration.yes)
    #expect(!yes.hasPrefix("Answer yes"), "\(yes)")
    #expect(yes.contains("exactly as typed") || yes.contains("exactly as glance read"), "\(yes)")
  }

  @Test(
    "too few or too many words, and an unknown option, are usage errors pointing at the command's help",
    arguments: runnable)
  func counts(declaration: CommandDeclaration) throws {
    guard declaration.name != CommandLineParser.home else { return }
    let topic = ParsedInput(command: declaration.name).helpTopic
    func refused(_ words: [String], saying text: String?) {
      do {
        _ = try Self.parse(words)
        Issue.record("accepted \(words)")
      } catch {
        #expect(error.command == topic, "\(words)")
        if let text { #expect(error.message.hasPrefix(text), "\(words): \(error.message)") }
      }
    }
    if declaration.words.lowerBound > 0 {
      // Never "glance: glance show needs…": the prefix names the program once.
      refused(Self.name(declaration), saying: "\(declaration.name) needs \(declaration.needs)")
    }
    if declaration.words.upperBound < 1000 {
      let words = Self.name(declaration) + Array(repeating: "x", count: declaration.words.upperBound + 1)
      refused(words, saying: "\(declaration.name) got more words than it expected")
    }
    refused(Self.fewest(declaration) + ["--no-such-option"], saying: "Unknown option --no-such-option.")
    // Every declared option is read: a value for valued ones, on for flags.
    for option in declaration.options {
      let words = Self.fewest(declaration) + ["--" + option.name] + (option.valueName == nil ? [] : ["v"])
      guard case .run(let input) = try Self.parse(words).action else {
        Issue.record("\(words) did not run")
        continue
      }
      #expect(option.valueName == nil ? input.flag(option.name) : input.value(option.name) == "v", "\(words)")
    }
  }
}

/// Issue 15, item 7: help wraps to the width, from 40 columns up, like every screen.
@Suite("Help fits the width")
struct HelpWidthTests {
  @Test("every line of glance help and of each command's help fits the width", arguments: [40, 50, 60, 80, 100])
  func fits(width: Int) {
    let parser = Glance.parser
    var texts = [("(overview)", HelpText.overview(parser, width: width))]
    for declaration in parser.declarations {
      texts.append(
        (
          declaration.name,
          HelpText.command(declaration, subcommands: parser.subcommands(of: declaration.name), width: width)
        ))
    }
    for (name, text) in texts {
      for line in text.split(separator: "\n") {
        // A single word longer than the width (none today) may stand alone on its line.
        let words = line.split(separator: " ")
        #expect(TextWidth.of(String(line)) <= width || words.count == 1, "\(name) at \(width): \(line)")
      }
      // Nothing is lost: the words are the same at any width.
      let wide =
        name == "(overview)"
        ? HelpText.overview(parser, width: 1000)
        : HelpText.command(
          parser.declaration(name)!, subcommands: parser.subcommands(of: name), width: 1000)
      #expect(text.split(whereSeparator: \.isWhitespace) == wide.split(whereSeparator: \.isWhitespace), "\(name)")
    }
  }
}
