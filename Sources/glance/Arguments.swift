/// A command line split into options and positional words, before any meaning is given to them.
struct Arguments: Equatable {
  var positionals: [String] = []
  /// Options with values, in order: `--date 2025-02-15` and `--date=2025-02-15` alike.
  var values: [String: [String]] = [:]
  var flags: Set<String> = []

  func value(_ name: String) -> String? { values[name]?.last }
}

/// A mistake in the command line itself; always answered with the usage and exit code 64.
struct UsageError: Error, Equatable {
  var message: String
  /// The command whose help to point at, if any.
  var command: String?
}

/// Which options a command accepts.
struct OptionSpec {
  /// Options that take a value (`--date D`), by long name without dashes.
  var valued: Set<String> = []
  /// Options that are on or off (`--yes`).
  var flags: Set<String> = []
  /// One-letter forms: `-y` → `yes`, `-o` → `output`.
  var short: [(Character, String)] = []
}

enum ArgumentTokenizer {
  /// Options every command accepts.
  static let global = OptionSpec(
    valued: ["color", "width", "today"], flags: ["ascii", "help", "no-color"], short: [("h", "help")])

  /// Splits `words` by `spec` plus the global options. A word starting with `-` followed by a
  /// digit or `.` is a value (`-5`), not an option; `--` ends the options.
  static func tokenize(_ words: [String], spec: OptionSpec, command: String?) throws -> Arguments {
    var result = Arguments()
    let valued = spec.valued.union(global.valued)
    let flags = spec.flags.union(global.flags)
    let short = spec.short + global.short
    var index = 0
    var optionsEnded = false
    while index < words.count {
      let word = words[index]
      index += 1
      if optionsEnded || !looksLikeOption(word) {
        result.positionals.append(word)
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
        guard letters.count == 1, let long = short.first(where: { $0.0 == letters[0] })?.1 else {
          throw UsageError(message: "Unknown option \(word).", command: command)
        }
        name = long
      }
      if valued.contains(name) {
        let value: String
        if let inlineValue {
          value = inlineValue
        } else if index < words.count {
          value = words[index]
          index += 1
        } else {
          throw UsageError(message: "--\(name) needs a value.", command: command)
        }
        result.values[name, default: []].append(value)
      } else if flags.contains(name) {
        if inlineValue != nil {
          throw UsageError(message: "--\(name) does not take a value.", command: command)
        }
        result.flags.insert(name)
      } else {
        throw UsageError(message: "Unknown option --\(name).", command: command)
      }
    }
    return result
  }

  static func looksLikeOption(_ word: String) -> Bool {
    guard word.hasPrefix("-"), word.count > 1 else { return false }
    let second = word[word.index(after: word.startIndex)]
    return !(second.isNumber || second == ".")
  }
}
