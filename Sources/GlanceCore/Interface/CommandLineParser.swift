/// A command line read against a command's declaration: its words and options, before any
/// meaning is given to them.
public struct ParsedInput: Equatable, Sendable {
  /// The declaration's name: `add`, `visit edit`.
  public var command: String
  /// The words that are not options, in order.
  public var words: [String] = []
  /// Options with values, in order: `--date 2025-02-15` and `--date=2025-02-15` alike.
  public var values: [String: [String]] = [:]
  public var flags: Set<String> = []

  public init(command: String, words: [String] = [], values: [String: [String]] = [:], flags: Set<String> = []) {
    self.command = command
    self.words = words
    self.values = values
    self.flags = flags
  }

  /// The last value given for `--name`.
  public func value(_ name: String) -> String? { values[name]?.last }
  public func flag(_ name: String) -> Bool { flags.contains(name) }

  /// A usage error pointing at this command's help.
  public func usageError(_ message: String) -> UsageError { UsageError(message: message, command: helpTopic) }

  /// The help a mistake points at: the command's own (`visit add` has its own help too).
  public var helpTopic: String { command }
}

/// What the command line asks for.
public struct ParsedCommandLine: Equatable, Sendable {
  public enum Action: Equatable, Sendable {
    /// Run a command (the home screen when no command was named).
    case run(ParsedInput)
    /// `--help`, `COMMAND --help`: help instead of running.
    case help(topic: String?)
    case version
  }

  public var action: Action
  public var global: GlobalOptions
}

/// Reads a command line by the declarations: which command, which options, how many words. Every
/// usage error comes from here or from a command checking how its options combine.
public struct CommandLineParser: Sendable {
  public let declarations: [CommandDeclaration]
  /// The command that runs when none is named.
  public static let home = "home"

  public init(_ declarations: [CommandDeclaration]) { self.declarations = declarations }

  public func declaration(_ name: String) -> CommandDeclaration? { declarations.first { $0.name == name } }

  /// Subcommands of a group (`visit` → `visit add`, …), in declaration order.
  public func subcommands(of group: String) -> [CommandDeclaration] {
    declarations.filter { $0.name.hasPrefix(group + " ") }
  }

  /// Parses the words after `glance`.
  public func parse(_ words: [String]) throws(UsageError) -> ParsedCommandLine {
    let globalValued = Set(GlobalOptionDeclarations.all.filter { $0.valueName != nil }.map(\.name))
    guard let commandIndex = Self.firstWord(in: words, from: 0, skippingValuesOf: globalValued) else {
      // Only options: `glance`, `glance --version`, `glance --help`, `glance --width 60`.
      let input = try tokenize(words, declared: [], command: nil)
      let global = try globalOptions(input, command: nil)
      if input.flag("version") { return ParsedCommandLine(action: .version, global: global) }
      if input.flag("help") { return ParsedCommandLine(action: .help(topic: nil), global: global) }
      guard let home = declaration(Self.home) else { throw UsageError(message: "Say a command.", command: nil) }
      _ = try counted(input, home)
      return ParsedCommandLine(action: .run(ParsedInput(command: Self.home)), global: global)
    }
    let first = words[commandIndex]
    var rest = words
    rest.remove(at: commandIndex)
    var name = first
    let subcommands = first == Self.home ? [] : subcommands(of: first)
    if !subcommands.isEmpty {
      let valued = globalValued.union(subcommands.flatMap(\.options).filter { $0.valueName != nil }.map(\.name))
      let names = subcommands.map { String($0.name.dropFirst(first.count + 1)) }
      let list = names.dropLast().joinedText(", ") + " or " + (names.last ?? "")
      guard let subIndex = Self.firstWord(in: rest, from: 0, skippingValuesOf: valued) else {
        if rest.contains("--help") || rest.contains("-h") {
          return ParsedCommandLine(action: .help(topic: first), global: GlobalOptions())
        }
        throw UsageError(message: "Say what to do with \(first)s: \(list).", command: first)
      }
      let sub = rest[subIndex]
      guard names.contains(sub) else {
        throw UsageError(
          message: "\(quoted(sub)) is not something glance \(first) does: use \(list).", command: first)
      }
      rest.remove(at: subIndex)
      name = first + " " + sub
    }
    guard name != Self.home, let declaration = declaration(name) else {
      throw UsageError(message: "\(quoted(first)) is not a glance command.\(suggestion(for: first))", command: nil)
    }
    let input = try tokenize(rest, declared: declaration.allOptions, command: declaration.name)
    var global = try globalOptions(input, command: input.helpTopic)
    global.yes = input.flag("yes")
    if input.flag("help") { return ParsedCommandLine(action: .help(topic: name), global: global) }
    if input.flag("version") { return ParsedCommandLine(action: .version, global: global) }
    return ParsedCommandLine(action: .run(try counted(input, declaration)), global: global)
  }

  /// The input, if it has as many words as the declaration takes.
  private func counted(_ input: ParsedInput, _ declaration: CommandDeclaration) throws(UsageError) -> ParsedInput {
    let count = input.words.count
    guard declaration.words.contains(count) else {
      // At most 300 characters of them (attacker's second look: 15 KB came back).
      let extra = TerminalText.cut(input.words.dropFirst(declaration.words.upperBound).joinedText(" "))
      throw input.usageError(
        count < declaration.words.lowerBound
          ? "\(declaration.name) needs \(declaration.needs)."
          : "\(declaration.name) got more words than it expected: \(extra). Put quotes around words that belong together (\"good cholesterol\", \"3.3 mmol/L\")."
      )
    }
    return input
  }

  /// The index of the first word that is neither an option nor an option's value.
  static func firstWord(in words: [String], from start: Int, skippingValuesOf valued: Set<String>) -> Int? {
    var index = start
    while index < words.count {
      let word = words[index]
      if word == "--" { return index + 1 < words.count ? index + 1 : nil }
      if looksLikeOption(word) {
        let name = word.hasPrefix("--") ? String(word.dropFirst(2)) : ""
        if valued.contains(name) { index += 1 }
        index += 1
        continue
      }
      return index
    }
    return nil
  }

  private func globalOptions(_ input: ParsedInput, command: String?) throws(UsageError) -> GlobalOptions {
    var global = GlobalOptions()
    if let color = input.value("color") {
      guard let choice = OutputStyle.ColorChoice(rawValue: color) else {
        throw UsageError(message: "--color takes auto, always or never.", command: command)
      }
      global.color = choice
    }
    if input.flag("no-color") { global.color = .never }
    global.ascii = input.flag("ascii")
    global.json = input.flag("json")
    global.noPager = input.flag("no-pager")
    if let width = input.value("width") {
      guard let columns = Int(width), OutputStyle.widthRange.contains(columns) else {
        throw UsageError(message: "--width takes a number of columns from 20 to 1000.", command: command)
      }
      global.width = columns
    }
    global.today = input.value("today")
    return global
  }

  /// Splits `words` by the declared options plus the global ones. A word starting with `-`
  /// followed by a digit or `.` is a value (`-5`), not an option; `--` ends the options.
  func tokenize(_ words: [String], declared: [OptionDeclaration], command: String?) throws(UsageError)
    -> ParsedInput
  {
    let options = declared + GlobalOptionDeclarations.all
    var result = ParsedInput(command: command ?? Self.home)
    let helpTopic = command == nil ? nil : result.helpTopic
    var index = 0
    var optionsEnded = false
    while index < words.count {
      let word = words[index]
      index += 1
      if optionsEnded || !Self.looksLikeOption(word) {
        result.words.append(word)
        continue
      }
      if word == "--" {
        optionsEnded = true
        continue
      }
      var name: String
      var inlineValue: String?
      if word.hasPrefix("--") {
        name = String(word.dropFirst(2))
        if let equals = name.firstIndex(of: "=") {
          inlineValue = String(name[name.index(after: equals)...])
          name = String(name[..<equals])
        }
      } else {
        let letters = Array(word.dropFirst())
        guard letters.count == 1, let long = options.first(where: { $0.short == letters[0] })?.name else {
          throw UsageError(message: "Unknown option \(TerminalText.cut(word)).", command: helpTopic)
        }
        name = long
      }
      guard let option = options.first(where: { $0.name == name }) else {
        throw UsageError(
          message: "Unknown option --\(TerminalText.cut(name)).\(Self.optionSuggestion(name, among: options))",
          command: helpTopic)
      }
      if option.valueName != nil {
        let value: String
        if let inlineValue {
          value = inlineValue
        } else if index < words.count {
          value = words[index]
          index += 1
        } else {
          throw UsageError(message: "--\(name) needs a value.", command: helpTopic)
        }
        result.values[name, default: []].append(value)
      } else {
        if inlineValue != nil {
          throw UsageError(message: "--\(name) does not take a value.", command: helpTopic)
        }
        result.flags.insert(name)
      }
    }
    return result
  }

  /// " Did you mean --date?" for a near miss of one of `options` (newcomer review at stop 40:
  /// "--dat yesterday" said only "Unknown option"): the one it begins, else the nearest within
  /// two letters; nothing when none or two are as near.
  static func optionSuggestion(_ typed: String, among options: [OptionDeclaration]) -> String {
    let names = options.map(\.name)
    let word = Array(typed.lowercased())
    guard word.count >= 2 else { return "" }
    let begun = names.filter { $0.hasPrefix(typed.lowercased()) }
    if begun.count == 1 { return " Did you mean --\(begun[0])?" }
    let distances = names.map { ($0, editDistance(word, Array($0), limit: 3)) }.filter { $0.1 <= 2 }
    guard let best = distances.min(by: { $0.1 < $1.1 }), distances.filter({ $0.1 == best.1 }).count == 1 else {
      return ""
    }
    return " Did you mean --\(best.0)?"
  }

  static func looksLikeOption(_ word: String) -> Bool {
    guard word.hasPrefix("-"), word.count > 1 else { return false }
    let second = word[word.index(after: word.startIndex)]
    return !(second.isNumber || second == ".")
  }

  /// " Did you mean glance show?" for a near miss of a command name.
  /// Words people type for a command glance calls something else (as git and hledger users
  /// would), and what to say.
  static let synonyms: [String: String] = {
    var table: [String: String] = [:]
    let commands: [(String, [String])] = [
      ("add", ["log", "record", "new", "enter", "put", "save"]),
      ("show", ["history", "chart", "graph", "trend", "view", "plot", "readings"]),
      ("delete", ["rm", "remove", "del", "erase"]), ("search", ["find", "grep", "lookup"]),
      ("export", ["backup", "dump", "save-as"]), ("import", ["restore", "load"]),
      ("range", ["target", "goal", "limits"]),
      ("setup", ["init", "start", "configure"]), ("visits", ["appointments", "doctors"]),
      ("prep", ["brief", "summary", "report"]), ("untrack", ["hide"]), ("track", ["follow", "watch"]),
    ]
    for (command, words) in commands {
      for word in words { table[word] = " Did you mean glance \(command)?" }
    }
    for word in ["list", "ls", "markers", "status"] {
      table[word] = " Your markers: glance (no command); every marker glance knows: glance library."
    }
    table["version"] = " The version: glance --version."
    return table
  }()

  public func suggestion(for word: String) -> String {
    if let known = Self.synonyms[word.lowercased()] { return known }
    // Two letters swapped in a word another tool uses ("lsit"): that word's hint, not a lookalike.
    let lowered = Array(word.lowercased())
    for (synonym, hint) in Self.synonyms where synonym.count == lowered.count && synonym.count >= 3 {
      let letters = Array(synonym)
      let differ = letters.indices.filter { letters[$0] != lowered[$0] }
      if differ.count == 2, differ[1] == differ[0] + 1, letters[differ[0]] == lowered[differ[1]],
        letters[differ[1]] == lowered[differ[0]]
      {
        return hint
      }
    }
    let names = declarations.map(\.name).filter { $0 != Self.home && $0.firstIndex(of: " ") == nil }
    func distance(_ name: String) -> Int { editDistance(Array(word.lowercased()), Array(name), limit: 3) }
    guard let close = names.min(by: { distance($0) < distance($1) }), distance(close) <= 2 else {
      return " Run glance help to see them all."
    }
    return " Did you mean glance \(close)?"
  }
}
