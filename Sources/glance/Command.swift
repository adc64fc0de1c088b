import GlanceCore

/// What the person asked for, as plain values; dates and numbers stay text until GlanceCore
/// reads them, so every refusal there gets the same warm wording.
enum Command: Equatable {
  case home
  case help(topic: String?)
  case version
  case about
  case profile(sex: String?)
  case privacy
  case library(query: String?, category: String?)
  case setup(markers: String?)
  case track([String])
  case untrack(String)
  case order([String])
  case custom(CustomOptions)
  case add(AddOptions)
  case batch(date: String?, pairs: [String])
  case show(marker: String, since: String?)
  case edit(EditOptions)
  case delete(id: String)
  case range(RangeOptions)
  case visitAdd(VisitOptions)
  case visitShow(id: String)
  case visitEdit(id: String, VisitOptions)
  case visitDelete(id: String)
  case visits(type: String?, doctor: String?, since: String?)
  case prep
  case search(query: String)
  case export(ExportOptions)
  case importFile(ImportOptions)
  case undo
  case demo
}

struct AddOptions: Equatable {
  var marker: String
  var value: String
  var unit: String? = nil
  var date: String? = nil
  var note: String? = nil
}

struct EditOptions: Equatable {
  var id: String
  var value: String? = nil
  var date: String? = nil
  var note: String? = nil
}

struct RangeOptions: Equatable {
  var marker: String
  var low: String? = nil
  var high: String? = nil
  var reset: Bool
}

struct CustomOptions: Equatable {
  var name: String
  var unit: String
  var low: String? = nil
  var high: String? = nil
  var direction: Direction? = nil
}

struct VisitOptions: Equatable {
  var date: String? = nil
  var doctor: String? = nil
  var type: String? = nil
  var label: String? = nil
  var notes: String? = nil
}

struct ExportOptions: Equatable {
  enum Format: Equatable { case json, csv }
  var format: Format
  var visits: Bool
  var output: String?
}

struct ImportOptions: Equatable {
  var file: String
  var replace: Bool
  var dryRun: Bool
  var salvage = false
}

/// How output should look, from the options every command takes.
struct GlobalOptions: Equatable {
  var color: OutputStyle.ColorChoice = .auto
  var ascii = false
  var width: Int?
  var today: String?
  var yes = false
}

/// A parsed command line.
struct Invocation: Equatable {
  var command: Command
  var global: GlobalOptions
  /// Set when `--help` was given: show this command's help instead of running it.
  var wantsHelp: Bool = false
}

enum CommandParser {
  /// Parses the words after `glance`.
  static func parse(_ words: [String]) throws -> Invocation {
    // The command is the first word that is neither an option nor a global option's value
    // (`glance --width 60 show hdl`).
    var commandIndex: Int?
    var index = 0
    while index < words.count {
      let word = words[index]
      if word == "--" { break }
      if ArgumentTokenizer.looksLikeOption(word) {
        let name = word.hasPrefix("--") ? String(word.dropFirst(2)) : ""
        if ArgumentTokenizer.global.valued.contains(name) { index += 1 }
        index += 1
        continue
      }
      commandIndex = index
      break
    }
    guard let commandIndex else {
      // Only options: `glance`, `glance --version`, `glance --help`, `glance --width 60`.
      if words.contains("--version") || words.contains("-V") {
        return Invocation(command: .version, global: GlobalOptions())
      }
      let arguments = try ArgumentTokenizer.tokenize(words, spec: OptionSpec(), command: nil)
      let global = try globalOptions(arguments, command: nil)
      if arguments.flags.contains("help") { return Invocation(command: .help(topic: nil), global: global) }
      return Invocation(command: .home, global: global)
    }
    let first = words[commandIndex]
    var rest = words
    rest.remove(at: commandIndex)
    var name = first
    if name == "visit" {
      guard let sub = rest.first(where: { !ArgumentTokenizer.looksLikeOption($0) }) else {
        if rest.contains("--help") || rest.contains("-h") {
          return Invocation(command: .help(topic: "visit"), global: GlobalOptions())
        }
        throw UsageError(message: "Say what to do with visits: add, show, edit or delete.", command: "visit")
      }
      guard ["add", "show", "edit", "delete"].contains(sub) else {
        throw UsageError(
          message: "\(quoted(sub)) is not something glance visit does: use add, show, edit or delete.", command: "visit"
        )
      }
      rest.remove(at: rest.firstIndex(of: sub)!)
      name = "visit " + sub
    }
    let infoName = name.hasPrefix("visit ") ? "visit" : name
    guard let info = CommandCatalog.info(infoName), infoName != "home" else {
      throw UsageError(message: "\(quoted(first)) is not a glance command.\(suggestion(for: first))", command: nil)
    }
    let arguments = try ArgumentTokenizer.tokenize(rest, spec: info.spec, command: infoName)
    var global = try globalOptions(arguments, command: infoName)
    global.yes = arguments.flags.contains("yes")
    if arguments.flags.contains("help") {
      return Invocation(command: .help(topic: infoName), global: global, wantsHelp: true)
    }
    let command = try build(name, arguments)
    return Invocation(command: command, global: global)
  }

  private static func globalOptions(_ arguments: Arguments, command: String?) throws -> GlobalOptions {
    var global = GlobalOptions()
    if let color = arguments.value("color") {
      guard let choice = OutputStyle.ColorChoice(rawValue: color) else {
        throw UsageError(message: "--color takes auto, always or never.", command: command)
      }
      global.color = choice
    }
    if arguments.flags.contains("no-color") { global.color = .never }
    global.ascii = arguments.flags.contains("ascii")
    if let width = arguments.value("width") {
      guard let columns = Int(width), OutputStyle.widthRange.contains(columns) else {
        throw UsageError(message: "--width takes a number of columns from 20 to 1000.", command: command)
      }
      global.width = columns
    }
    global.today = arguments.value("today")
    return global
  }

  private static func build(_ name: String, _ arguments: Arguments) throws -> Command {
    let words = arguments.positionals
    func count(_ range: ClosedRange<Int>, _ what: String) throws {
      guard range.contains(words.count) else {
        let message =
          words.count < range.lowerBound
          ? "glance \(name) needs \(what)."
          : "glance \(name) got more words than it expected: \(words.dropFirst(range.upperBound).joinedText(" ")). Put quotes around names with spaces."
        throw UsageError(message: message, command: name.hasPrefix("visit ") ? "visit" : name)
      }
    }
    func visitOptions() -> VisitOptions {
      VisitOptions(
        date: arguments.value("date"), doctor: arguments.value("doctor"), type: arguments.value("type"),
        label: arguments.value("label"), notes: arguments.value("notes"))
    }
    switch name {
    case "help":
      try count(0...1, "at most one command name")
      return .help(topic: words.first)
    case "about":
      try count(0...0, "nothing more")
      return .about
    case "privacy":
      try count(0...0, "nothing more")
      return .privacy
    case "profile":
      try count(0...0, "only --sex, e.g. glance profile --sex female")
      return .profile(sex: arguments.value("sex"))
    case "prep":
      try count(0...0, "nothing more")
      return .prep
    case "demo":
      try count(0...0, "nothing more")
      return .demo
    case "undo":
      try count(0...0, "nothing more")
      return .undo
    case "library":
      return .library(
        query: words.isEmpty ? nil : words.joinedText(" "), category: arguments.value("category"))
    case "setup":
      try count(0...0, "no words, only --markers")
      return .setup(markers: arguments.value("markers"))
    case "track":
      try count(1...100, "at least one marker, e.g. glance track hdl ldl")
      return .track(words)
    case "untrack":
      try count(1...1, "one marker, e.g. glance untrack hdl")
      return .untrack(words[0])
    case "order":
      try count(1...100, "the markers in the order you want them, e.g. glance order a1c ldl")
      return .order(words)
    case "custom":
      try count(1...1, "a name in quotes, e.g. glance custom \"Blood ketones\" --unit mmol/L")
      guard let unit = arguments.value("unit") else {
        throw UsageError(message: "glance custom needs --unit, the unit you record it in.", command: name)
      }
      let higher = arguments.flags.contains("higher-is-better")
      let lower = arguments.flags.contains("lower-is-better")
      if higher && lower {
        throw UsageError(message: "Choose one of --higher-is-better and --lower-is-better.", command: name)
      }
      return .custom(
        CustomOptions(
          name: words[0], unit: unit, low: arguments.value("low"), high: arguments.value("high"),
          direction: higher ? .higherIsBetter : lower ? .lowerIsBetter : nil))
    case "add":
      try count(2...20, "a marker and a value, e.g. glance add hdl 89")
      // "glance add good cholesterol 89 mg/dL": the marker is the words before the value.
      let parts = BatchPlanner.split(words) ?? (words.count == 2 ? (words[0], words[1], nil) : nil)
      guard let parts else {
        throw UsageError(message: "glance add needs a marker and then a number, e.g. glance add hdl 89", command: name)
      }
      return .add(
        AddOptions(
          marker: parts.marker, value: parts.value, unit: parts.unit, date: arguments.value("date"),
          note: arguments.value("note")))
    case "batch":
      return .batch(date: arguments.value("date"), pairs: words)
    case "show":
      try count(1...10, "a marker, e.g. glance show hdl")
      return .show(marker: words.joinedText(" "), since: arguments.value("since"))
    case "edit":
      try count(1...1, "the id of a reading, e.g. glance edit 3fa2 --value 98")
      let options = EditOptions(
        id: words[0], value: arguments.value("value"), date: arguments.value("date"), note: arguments.value("note"))
      if options.value == nil && options.date == nil && options.note == nil {
        throw UsageError(message: "Say what to change: --value, --date or --note.", command: name)
      }
      return .edit(options)
    case "delete":
      try count(1...1, "the id of a reading, e.g. glance delete 3fa2")
      return .delete(id: words[0])
    case "range":
      try count(1...1, "one marker, e.g. glance range ldl --high 70")
      let options = RangeOptions(
        marker: words[0], low: arguments.value("low"), high: arguments.value("high"),
        reset: arguments.flags.contains("reset"))
      if options.reset && (options.low != nil || options.high != nil) {
        throw UsageError(message: "Use either --reset or --low/--high, not both.", command: name)
      }
      if !options.reset && options.low == nil && options.high == nil {
        throw UsageError(message: "Give --low, --high (or both), or --reset.", command: name)
      }
      return .range(options)
    case "visit add":
      try count(0...0, "only options, e.g. --date, --doctor and --type")
      return .visitAdd(visitOptions())
    case "visit show":
      try count(1...1, "the id of a visit")
      return .visitShow(id: words[0])
    case "visit edit":
      try count(1...1, "the id of a visit")
      let options = visitOptions()
      if options == VisitOptions() {
        throw UsageError(message: "Say what to change: --date, --doctor, --type, --label or --notes.", command: "visit")
      }
      return .visitEdit(id: words[0], options)
    case "visit delete":
      try count(1...1, "the id of a visit")
      return .visitDelete(id: words[0])
    case "visits":
      try count(0...0, "only options")
      return .visits(type: arguments.value("type"), doctor: arguments.value("doctor"), since: arguments.value("since"))
    case "search":
      try count(1...20, "something to search for, e.g. glance search cholesterol")
      return .search(query: words.joinedText(" "))
    case "export":
      try count(0...0, "only options")
      var json = arguments.flags.contains("json")
      var csv = arguments.flags.contains("csv")
      // -o backup.csv says the format when no flag does.
      if !json && !csv, let output = arguments.value("output")?.lowercased() {
        json = output.hasSuffix(".json")
        csv = output.hasSuffix(".csv")
      }
      guard json != csv else {
        throw UsageError(
          message: "Choose one format: --json or --csv (or an -o file ending in .json or .csv).", command: name)
      }
      if json && arguments.flags.contains("visits") {
        throw UsageError(message: "--visits goes with --csv; the JSON export always has your visits.", command: name)
      }
      return .export(
        ExportOptions(
          format: json ? .json : .csv, visits: arguments.flags.contains("visits"), output: arguments.value("output")))
    case "import":
      try count(1...1, "the file to import")
      return .importFile(
        ImportOptions(
          file: words[0], replace: arguments.flags.contains("replace"), dryRun: arguments.flags.contains("dry-run"),
          salvage: arguments.flags.contains("salvage")))
    default:
      throw UsageError(message: "\(quoted(name)) is not a glance command.", command: nil)
    }
  }

  /// " Did you mean `glance show`?" for a near miss of a command name.
  static func suggestion(for word: String) -> String {
    let names = CommandCatalog.all.map(\.name).filter { $0 != "home" }
    let close = names.min { distance(word, $0) < distance(word, $1) }
    guard let close, distance(word, close) <= 2 else { return " Run glance help to see them all." }
    return " Did you mean glance \(close)?"
  }

  private static func distance(_ a: String, _ b: String) -> Int {
    editDistance(Array(a.lowercased()), Array(b), limit: 3)
  }
}
