/// The words of `glance help`, generated from the declarations and wrapped to the width (80
/// columns unless `--width` or the terminal says otherwise), every line within it.
public enum HelpText {
  /// `glance help`: every command with its summary, then the options every command takes.
  public static func overview(_ parser: CommandLineParser, width: Int = 80) -> String {
    var lines = TextFit.wrap("glance — your health numbers at a glance, kept on this computer only.", width: width)
    lines += ["", "Usage: glance [COMMAND] [OPTIONS]", "", "Commands:"]
    let shown = parser.declarations.filter { $0.name.firstIndex(of: " ") == nil }
    lines += table(
      shown.map { ($0.name == CommandLineParser.home ? "(none)" : $0.name, $0.summary) }, width: width)
    lines += ["", "Options for every command:"] + table(GlobalOptionDeclarations.all, width: width)
    lines += [""]
    lines += TextFit.wrap("Start with: glance setup   ·   Just looking? glance demo", width: width)
    lines += TextFit.wrap(
      "Your data lives in $GLANCE_HOME (default ~/.local/share/glance); see glance about.", width: width)
    return lines.joinedText("\n")
  }

  /// `glance help COMMAND`: usage, what it does, its options, examples. A group (`visit`) lists
  /// the usage of each of its subcommands.
  public static func command(
    _ declaration: CommandDeclaration, subcommands: [CommandDeclaration] = [], width: Int = 80
  ) -> String {
    var lines = TextFit.wrap(declaration.usage, width: width, first: "Usage: ", rest: "         ")
    lines += [""] + TextFit.wrap(declaration.summary, width: width)
    if !subcommands.isEmpty {
      lines += [""]
      for subcommand in subcommands {
        lines += TextFit.wrap(subcommand.usage, width: width, first: "  ", rest: "      ")
        lines += TextFit.wrap(subcommand.summary, width: width, first: "      ", rest: "      ")
      }
    }
    if !declaration.details.isEmpty {
      lines.append("")
      // A line of the details that starts with two spaces is an example: kept as it is.
      for line in declaration.details.split(separator: "\n").map(String.init) {
        lines += line.hasPrefix("  ") ? [line] : TextFit.wrap(line, width: width)
      }
    }
    let options = declaration.allOptions
    if !options.isEmpty { lines += ["", "Options:"] + table(options, width: width) }
    if !declaration.examples.isEmpty {
      lines +=
        ["", "Examples:"] + declaration.examples.flatMap { TextFit.wrap($0, width: width, first: "  ", rest: "      ") }
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
      return rows.flatMap { name, text in
        ["  " + name] + TextFit.wrap(text, width: width, first: "      ", rest: "      ")
      }
    }
    let indent = String(repeating: " ", count: column)
    return rows.flatMap { name, text in
      TextFit.wrap(text, width: width, first: "  " + TextWidth.pad(name, to: nameWidth) + "  ", rest: indent)
    }
  }
}
