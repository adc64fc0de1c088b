/// One option of a command, as data: the parser, the help text and (later) completions and the
/// man page are all read from it.
public struct OptionDeclaration: Sendable, Equatable {
  /// The long name without dashes: `date` for `--date`.
  public var name: String
  /// A one-letter form: `y` for `-y`.
  public var short: Character?
  /// What the value is called in help (`D` in `--date D`); nil for an on/off flag.
  public var valueName: String?
  public var help: String

  /// An option that takes a value: `--date D`.
  public static func value(_ name: String, _ valueName: String, _ help: String, short: Character? = nil)
    -> OptionDeclaration
  {
    OptionDeclaration(name: name, short: short, valueName: valueName, help: help)
  }

  /// An option that is on or off: `--reset`.
  public static func flag(_ name: String, _ help: String, short: Character? = nil) -> OptionDeclaration {
    OptionDeclaration(name: name, short: short, valueName: nil, help: help)
  }

  /// `-o, --output FILE` as help shows it.
  public var label: String {
    (short.map { "-\($0), " } ?? "") + "--" + name + (valueName.map { " " + $0 } ?? "")
  }
}

/// What a command is, as data: its name, the words it takes, its options and its help.
public struct CommandDeclaration: Sendable {
  /// `add`, or `visit add` for a subcommand.
  public var name: String
  /// The words after the name, as help shows them: `MARKER VALUE [UNIT]`.
  public var arguments: String
  /// How many words it takes, and what to say when too few are given ("a marker and a value,
  /// e.g. glance add hdl 89").
  public var words: ClosedRange<Int>
  public var needs: String
  public var summary: String
  public var details: String
  public var options: [OptionDeclaration]
  /// The help of `-y, --yes` when the command can ask a question; nil when it never asks.
  public var yes: String?
  public var examples: [String]
  /// A usage line of its own, where the options are alternatives (`--json|--csv`).
  public var usageOverride: String?

  /// What `--yes` says on a command that asks before it changes something.
  public static let answersYes = "Answer yes to every question (needed when there is no terminal to ask on)."

  /// What `--yes` says on a command that asks about the values it saves: a question "Was that
  /// 3.6 mmol/L?" is not answered yes by it (newcomer review).
  public static let keepsAsTyped =
    "Save without asking, each value exactly as typed: one a question is about (another unit, an unusual number, a repeat) is kept as it is, and a glucose not said to be fasting is saved as fasting glucose; retype it with its unit to convert it. Needed when there is no terminal to ask on."

  /// The same for an import.
  public static let keepsAsRead =
    "Save without asking, every value exactly as glance read it: each question listed without --yes is answered \"keep it as read\", so when glance read a row wrong, fix it in the file first (a unit in the column header, say); a glucose the file does not call fasting is saved as fasting glucose (--fasting no when it was not). An import never asks on a terminal: it lists its questions and saves nothing."

  public init(
    _ name: String, arguments: String = "", words: ClosedRange<Int> = 0...0, needs: String = "nothing more",
    summary: String, details: String = "", options: [OptionDeclaration] = [], yes: String? = nil,
    examples: [String] = [], usage: String? = nil
  ) {
    self.name = name
    self.arguments = arguments
    self.words = words
    self.needs = needs
    self.summary = summary
    self.details = details
    self.options = options
    self.yes = yes
    self.examples = examples
    usageOverride = usage
  }

  /// Every option the command takes, `--yes` included.
  public var allOptions: [OptionDeclaration] {
    options + (yes.map { [.flag("yes", $0, short: "y")] } ?? [])
  }

  /// `glance add MARKER VALUE [UNIT] [--date D] [--note N] [--yes]`.
  public var usage: String {
    if let usageOverride { return usageOverride }
    var parts = ["glance", name]
    if !arguments.isEmpty { parts.append(arguments) }
    for option in allOptions {
      parts.append("[--\(option.name)" + (option.valueName.map { " " + $0 } ?? "") + "]")
    }
    return parts.joinedText(" ")
  }

  /// The group a subcommand belongs to: `visit` for `visit add`; the name itself otherwise.
  public var group: String {
    guard let space = name.firstIndex(of: " ") else { return name }
    return String(name[..<space])
  }
}

/// The options every command takes, declared once.
public enum GlobalOptionDeclarations {
  public static let all: [OptionDeclaration] = [
    .value("color", "auto|always|never", "Colour (default: auto — only on a terminal, never with NO_COLOR set)"),
    .flag("no-color", "The same as --color never"),
    .flag("ascii", "Plain ASCII symbols and charts"),
    .flag("json", "Machine-readable output of a read command (docs/json-output.md)"),
    .value("width", "N", "Output width in columns (default: the terminal's)"),
    .flag("no-pager", "Never page a long screen (default: $PAGER or less -FRX, on a terminal only)"),
    .value("today", "YYYY-MM-DD", "Pretend today is this earlier day (or set GLANCE_TODAY)"),
    .flag("help", "Help for the command", short: "h"),
    .flag("version", "The version"),
  ]
}

/// How output should look and what "today" is, from the options every command takes.
public struct GlobalOptions: Equatable, Sendable {
  public var color: OutputStyle.ColorChoice = .auto
  public var ascii = false
  /// `--json`: a read command prints its JSON form.
  public var json = false
  /// `--no-pager`: a long screen is printed, never paged.
  public var noPager = false
  public var width: Int?
  public var today: String?
  /// `--yes`: a question is answered yes without asking.
  public var yes = false

  public init(
    color: OutputStyle.ColorChoice = .auto, ascii: Bool = false, width: Int? = nil, today: String? = nil,
    yes: Bool = false
  ) {
    self.color = color
    self.ascii = ascii
    self.width = width
    self.today = today
    self.yes = yes
  }
}

/// A mistake in the command line itself; always answered with the usage and exit code 64.
public struct UsageError: GlanceError, Equatable {
  public var message: String
  /// The command whose help to point at, if any.
  public var command: String?

  public init(message: String, command: String?) {
    self.message = message
    self.command = command
  }

  public var kind: ErrorKind { .usage }
}
