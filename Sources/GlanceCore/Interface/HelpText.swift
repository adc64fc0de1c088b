/// The words of `glance help`, generated from the declarations and wrapped to the width (80
/// columns unless `--width` or the terminal says otherwise), every line within it.
public enum HelpText {
  /// `glance help`: every command with its summary, then the options every command takes.
  public static func overview(_ parser: CommandLineParser, width: Int = 80) -> String {
    var lines = wrap("glance — your health numbers at a glance, kept on this computer only.", width: width)
    lines += ["", "Usage: glance [COMMAND] [OPTIONS]", "", "Commands:"]
    let shown = parser.declarations.filter { $0.name.firstIndex(of: " ") == nil }
    lines += table(
      shown.map { ($0.name == CommandLineParser.home ? "(none)" : $0.name, $0.summary) }, width: width)
    lines += ["", "Options for every command:"] + table(GlobalOptionDeclarations.all, width: width)
    lines += [""]
    lines += wrap("Start with: glance setup   ·   Just looking? glance demo", width: width)
    lines += wrap("Your data lives in $GLANCE_HOME (default ~/.local/share/glance); see glance about.", width: width)
    return lines.joinedText("\n")
  }

  /// `glance help COMMAND`: usage, what it does, its options, examples. A group (`visit`) lists
  /// the usage of each of its subcommands.
  public static func command(
    _ declaration: CommandDeclaration, subcommands: [CommandDeclaration] = [], width: Int = 80
  ) -> String {
    var lines = wrap(declaration.usage, width: width, first: "Usage: ", rest: "         ")
    lines += [""] + wrap(declaration.summary, width: width)
    if !subcommands.isEmpty {
      lines += [""]
      for subcommand in subcommands {
        lines += wrap(subcommand.usage, width: width, first: "  ", rest: "      ")
        lines += wrap(subcommand.summary, width: width, first: "      ", rest: "      ")
      }
    }
    if !declaration.details.isEmpty { lines += [""] + wrap(declaration.details, width: width) }
    let options = declaration.allOptions
    if !options.isEmpty { lines += ["", "Options:"] + table(options, width: width) }
    if !declaration.examples.isEmpty {
      lines += ["", "Examples:"] + declaration.examples.flatMap { wrap($0, width: width, first: "  ", rest: "      ") }
    }
    return lines.joinedText("\n")
  }

  private static func table(_ options: [OptionDeclaration], width: Int) -> [String] {
    table(options.map { ($0.label, $0.help) }, width: width)
  }

  /// Two columns: the name, then its text wrapped beside it; when the names leave the text too
  /// little room, each text goes under its name instead.
  static func table(_ rows: [(String, String)], width: Int) -> [String] {
    let nameWidth = max(6, rows.map { TextWidth.of($0.0) }.max() ?? 0)
    let column = 2 + nameWidth + 2
    guard width - column >= 24 else {
      return rows.flatMap { name, text in ["  " + name] + wrap(text, width: width, first: "      ", rest: "      ") }
    }
    let indent = String(repeating: " ", count: column)
    return rows.flatMap { name, text in
      wrap(text, width: width, first: "  " + TextWidth.pad(name, to: nameWidth) + "  ", rest: indent)
    }
  }

  /// `text` in lines of at most `width` columns (a single word longer than that stands alone),
  /// the first starting with `first`, the others with `rest`.
  static func wrap(_ text: String, width: Int, first: String = "", rest: String = "") -> [String] {
    var lines: [String] = []
    var line = first
    var lineHasWord = false
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      let candidate = line + (lineHasWord ? " " : "") + word
      if lineHasWord, TextWidth.of(candidate) > width {
        lines.append(line)
        line = rest + word
      } else {
        line = candidate
      }
      lineHasWord = true
    }
    lines.append(line)
    return lines
  }
}
