/// Shell completion scripts for bash, zsh and fish, generated from the command declarations, so
/// a new command or option completes without anyone writing shell. Marker keys (yours included)
/// come from `glance completions --markers` at completion time; visit types, categories and
/// choices such as `--color auto|always|never` are written into the script.
public enum Completions {
  public enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish
  }

  /// What a command's words complete to.
  enum Words: Equatable {
    case none
    /// Marker keys: the first word only, or every word (`track MARKER…`).
    case markers(every: Bool)
    case files
    case commands
    case shells
  }

  static func words(_ declaration: CommandDeclaration) -> Words {
    let arguments = declaration.arguments
    if arguments.hasPrefix("MARKER…") { return .markers(every: true) }
    if arguments.hasPrefix("MARKER ") || arguments == "MARKER" { return .markers(every: false) }
    // `import FILE|FOLDER` too (newcomer review at stop 40: no file names after import).
    if arguments == "FILE" || arguments.hasPrefix("FILE|") { return .files }
    if arguments == "[COMMAND]" { return .commands }
    if arguments == "SHELL" { return .shells }
    return .none
  }

  /// What an option's value completes to: a fixed list, marker keys, files, or nothing (free text).
  enum Values: Equatable {
    case free
    case choices([String])
    case markers
    case files
  }

  static func values(_ option: OptionDeclaration, categories: [String]) -> Values {
    guard let name = option.valueName else { return .free }
    if name.contains("|") { return .choices(name.split(separator: "|").map(String.init)) }
    switch option.name {
    case "type":
      // The words `visit add --type` documents ("lab", not the stored "labWork").
      return .choices(
        VisitType.typeWords.replacingEvery(",", with: "").split(separator: " ").map(String.init).filter { $0 != "or" })
    case "category": return .choices(categories)
    case "sex": return .choices(["female", "male", "unspecified"])
    case "markers": return .markers
    case "output": return .files
    default: return .free
    }
  }

  /// What `completions --markers` prints: `bp` (both blood-pressure numbers, as add takes them:
  /// newcomer review at stop 40 found only bp-systolic and bp-diastolic), then every safe key,
  /// the library's and the person's own.
  /// `asciiOnly` (a terminal that is not UTF-8, `--ascii`): only ASCII keys, as a key printed as
  /// `\u{43A}…` names no marker (newcomer review at stop 41).
  public static func markerWords(library: [MarkerDefinition], custom: [MarkerDefinition], asciiOnly: Bool = false)
    -> [String]
  {
    ["bp"] + (library + custom).map(\.key).filter { isSafeKey($0) && (!asciiOnly || $0.utf8.allSatisfy { $0 < 0x80 }) }
  }

  /// True for a marker key the scripts may offer: lowercase letters, digits and hyphens, as glance
  /// makes every key (a custom marker's in any script: `custom-кетоны-крови`). Anything else (a
  /// hand-edited file's `$(…)`, `*`, a newline) is never printed for a shell to read.
  public static func isSafeKey(_ key: String) -> Bool {
    CustomMarkerPlanner.isPrintableKey(key)
      || !key.isEmpty && key.utf8.count <= 64
        && key.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
  }

  /// The script for `shell`.
  public static func script(_ shell: Shell, parser: CommandLineParser, categories: [String]) -> String {
    switch shell {
    case .bash: bash(parser, categories: categories)
    case .zsh: zsh(parser, categories: categories)
    case .fish: fish(parser, categories: categories)
    }
  }

  /// The commands as typed: top-level names (not the home screen), a group's subcommands apart.
  static func topLevel(_ parser: CommandLineParser) -> [CommandDeclaration] {
    parser.declarations.filter { $0.name != CommandLineParser.home && !$0.name.contains(" ") }
  }

  static func groups(_ parser: CommandLineParser) -> [String] {
    topLevel(parser).map(\.name).filter { !parser.subcommands(of: $0).isEmpty }
  }

  private static func flags(_ options: [OptionDeclaration]) -> [String] {
    options.flatMap { option in ["--" + option.name] + (option.short.map { ["-\($0)"] } ?? []) }
  }

  private static func shellWords(_ words: [String]) -> String { words.joinedText(" ") }

  // MARK: bash (zsh reuses it)

  /// One function: find the command (and a group's subcommand) among the words so far, skipping
  /// options and their values, then offer the option's value, an option, or the command's words.
  static func bash(_ parser: CommandLineParser, categories: [String]) -> String {
    let global = GlobalOptionDeclarations.all
    let all = parser.declarations.flatMap(\.allOptions) + global
    let valued = Set(flags(all.filter { $0.valueName != nil })).sorted()
    var valueCases: [String] = []
    var seen = Set<String>()
    for option in all where option.valueName != nil && !seen.contains(option.name) {
      seen.insert(option.name)
      let pattern = flags([option]).joinedText("|")
      switch values(option, categories: categories) {
      case .free: valueCases.append("    \(pattern)) return ;;")
      case .choices(let choices):
        valueCases.append("    \(pattern)) COMPREPLY=($(compgen -W \"\(shellWords(choices))\" -- \"$cur\")); return ;;")
      case .markers: valueCases.append("    \(pattern)) _glance_markers; return ;;")
      case .files: valueCases.append("    \(pattern)) _glance_files; return ;;")
      }
    }
    var commandCases: [String] = []
    for declaration in parser.declarations where declaration.name != CommandLineParser.home {
      let options = shellWords(flags(declaration.allOptions))
      let kind: String
      switch words(declaration) {
      case .none: kind = "none"
      case .markers(let every): kind = every ? "markers" : "marker"
      case .files: kind = "files"
      case .commands: kind = "commands"
      case .shells: kind = "shells"
      }
      commandCases.append("    \"\(declaration.name)\") opts=\"\(options)\"; kind=\(kind) ;;")
    }
    let commands = shellWords(topLevel(parser).map(\.name))
    let groupCases = groups(parser).map { group in
      "      \(group)) COMPREPLY=($(compgen -W \"\(shellWords(parser.subcommands(of: group).map { String($0.name.dropFirst(group.count + 1)) }))\" -- \"$cur\")); return ;;"
    }
    return """
      # bash completion for glance. Generated by `glance completions bash`; load it with
      #   source <(glance completions bash)
      # or save it as ~/.local/share/bash-completion/completions/glance
      # Marker keys, yours included, as lines: matched by prefix here, never expanded by the shell.
      _glance_markers() {
        local key
        COMPREPLY=()
        while IFS= read -r key; do
          [[ $key == "$cur"* ]] && COMPREPLY+=("$key")
        done < <(command glance completions --markers 2>/dev/null)
      }
      # File names as lines, each one word (a space in "my labs.csv" splits nothing), quoted by
      # the shell when inserted: a name such as rx$(id).csv is inserted as a name, never run.
      _glance_files() {
        local file
        COMPREPLY=()
        compopt -o filenames 2>/dev/null
        while IFS= read -r file; do
          COMPREPLY+=("$file")
        done < <(compgen -f -- "$cur")
      }
      _glance() {
        local cur prev cmd="" sub="" nargs=0 skip=0 i word opts="" kind=none
        cur="${COMP_WORDS[COMP_CWORD]}"
        prev="${COMP_WORDS[COMP_CWORD-1]}"
        local valued=" \(shellWords(valued)) "
        for ((i = 1; i < COMP_CWORD; i++)); do
          word="${COMP_WORDS[i]}"
          if ((skip)); then skip=0; continue; fi
          case "$word" in
            --*=*) ;;
            -*) [[ $valued == *" $word "* ]] && skip=1 ;;
            *)
              if [[ -z $cmd ]]; then cmd=$word
              elif [[ -z $sub && " \(shellWords(groups(parser))) " == *" $cmd "* ]]; then sub=$word
              else nargs=$((nargs + 1)); fi ;;
          esac
        done
        if [[ $valued == *" $prev "* ]] && ((COMP_CWORD > 1)); then
          case "$prev" in
      \(valueCases.joinedText("\n"))
          esac
        fi
        local global="\(shellWords(flags(global)))"
        if [[ -z $cmd ]]; then
          if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W "$global" -- "$cur"))
          else COMPREPLY=($(compgen -W "\(commands)" -- "$cur")); fi
          return
        fi
        if [[ -z $sub ]]; then
          case "$cmd" in
      \(groupCases.joinedText("\n"))
          esac
        fi
        case "$cmd${sub:+ $sub}" in
      \(commandCases.joinedText("\n"))
          *) return ;;
        esac
        if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W "$opts $global" -- "$cur")); return; fi
        case "$kind" in
          marker) ((nargs == 0)) && _glance_markers ;;
          markers) _glance_markers ;;
          files) _glance_files ;;
          commands) ((nargs == 0)) && COMPREPLY=($(compgen -W "\(commands)" -- "$cur")) ;;
          shells) ((nargs == 0)) && COMPREPLY=($(compgen -W "\(shellWords(Shell.allCases.map(\.rawValue)))" -- "$cur")) ;;
        esac
      }
      complete -F _glance glance

      """
  }

  /// zsh runs the bash function through its own bash-completion layer, so both shells complete
  /// exactly alike.
  static func zsh(_ parser: CommandLineParser, categories: [String]) -> String {
    """
    # zsh completion for glance. Generated by `glance completions zsh`; load it with
    #   source <(glance completions zsh)
    # (it uses zsh's bashcompinit, so it completes exactly as the bash script does).
    autoload -U +X compinit && compinit
    autoload -U +X bashcompinit && bashcompinit

    """
      + bash(parser, categories: categories).split(separator: "\n", omittingEmptySubsequences: false)
      .drop { $0.hasPrefix("#") }.map(String.init).joinedText("\n")
  }

  // MARK: fish

  static func fish(_ parser: CommandLineParser, categories: [String]) -> String {
    func quote(_ text: String) -> String {
      "'" + text.replacingEvery("\\", with: "\\\\").replacingEvery("'", with: "\\'") + "'"
    }
    func option(_ option: OptionDeclaration, condition: String) -> String {
      var line = "complete -c glance -n \(quote(condition)) -l \(option.name)"
      if let short = option.short { line += " -s \(short)" }
      switch values(option, categories: categories) {
      case .free: line += option.valueName == nil ? "" : " -x"
      case .choices(let choices): line += " -x -a \(quote(choices.joinedText(" ")))"
      case .markers: line += " -x -a '(glance completions --markers 2>/dev/null)'"
      case .files: line += " -r -F"
      }
      return line + " -d \(quote(oneLine(option.help)))"
    }
    let top = topLevel(parser)
    let groupNames = groups(parser)
    var lines = [
      "# fish completion for glance. Generated by `glance completions fish`; save it as",
      "#   ~/.config/fish/completions/glance.fish",
      "complete -c glance -f",
    ]
    for declaration in top {
      lines.append(
        "complete -c glance -n '__fish_use_subcommand' -a \(declaration.name) -d \(quote(oneLine(declaration.summary)))"
      )
    }
    for global in GlobalOptionDeclarations.all { lines.append(option(global, condition: "true")) }
    for declaration in parser.declarations where declaration.name != CommandLineParser.home {
      let parts = declaration.name.split(separator: " ").map(String.init)
      let condition: String
      if parts.count == 2 {
        condition = "__fish_seen_subcommand_from \(parts[0]); and __fish_seen_subcommand_from \(parts[1])"
        lines.append(
          "complete -c glance -n \(quote("__fish_seen_subcommand_from \(parts[0]); and not __fish_seen_subcommand_from \(parser.subcommands(of: parts[0]).map { String($0.name.dropFirst(parts[0].count + 1)) }.joinedText(" "))")) -a \(parts[1]) -d \(quote(oneLine(declaration.summary)))"
        )
      } else if groupNames.contains(parts[0]) {
        continue
      } else {
        condition = "__fish_seen_subcommand_from \(parts[0])"
      }
      for each in declaration.allOptions { lines.append(option(each, condition: condition)) }
      switch words(declaration) {
      case .markers:
        lines.append("complete -c glance -n \(quote(condition)) -a '(glance completions --markers 2>/dev/null)'")
      case .files: lines.append("complete -c glance -n \(quote(condition)) -F")
      case .commands:
        lines.append("complete -c glance -n \(quote(condition)) -a \(quote(top.map(\.name).joinedText(" ")))")
      case .shells:
        lines.append(
          "complete -c glance -n \(quote(condition)) -a \(quote(Shell.allCases.map(\.rawValue).joinedText(" ")))")
      case .none: break
      }
    }
    return lines.joinedText("\n") + "\n"
  }

  private static func oneLine(_ text: String) -> String {
    let line = TerminalText.oneLine(text)
    return line.count > 80 ? String(line.prefix(77)) + "..." : line
  }
}
