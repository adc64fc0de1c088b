/// The words of `glance help`, generated from the declarations.
public enum HelpText {
  /// `glance help`: every command with its summary, then the options every command takes.
  public static func overview(_ parser: CommandLineParser) -> String {
    var lines = [
      "glance — your health numbers at a glance, kept on this computer only.",
      "",
      "Usage: glance [COMMAND] [OPTIONS]",
      "",
      "Commands:",
    ]
    let shown = parser.declarations.filter { $0.name.firstIndex(of: " ") == nil }
    let width = max(shown.map { TextWidth.of($0.name) }.max() ?? 0, 6)
    for declaration in shown {
      let name = declaration.name == CommandLineParser.home ? "(none)" : declaration.name
      lines.append("  " + TextWidth.pad(name, to: width) + "  " + declaration.summary)
    }
    lines += ["", "Options for every command:"] + table(GlobalOptionDeclarations.all)
    lines += [
      "",
      "Start with: glance setup   ·   Just looking? glance demo",
      "Your data lives in $GLANCE_HOME (default ~/.local/share/glance); see glance about.",
    ]
    return lines.joinedText("\n")
  }

  /// `glance help COMMAND`: usage, what it does, its options, examples. A group (`visit`) lists
  /// the usage of each of its subcommands.
  public static func command(_ declaration: CommandDeclaration, subcommands: [CommandDeclaration] = []) -> String {
    var lines = ["Usage: \(declaration.usage)", "", declaration.summary]
    if !subcommands.isEmpty {
      lines += [""] + subcommands.flatMap { ["  " + $0.usage, "      " + $0.summary] }
    }
    if !declaration.details.isEmpty { lines += ["", declaration.details] }
    let options = declaration.allOptions
    if !options.isEmpty { lines += ["", "Options:"] + table(options) }
    if !declaration.examples.isEmpty {
      lines += ["", "Examples:"] + declaration.examples.map { "  " + $0 }
    }
    return lines.joinedText("\n")
  }

  private static func table(_ options: [OptionDeclaration]) -> [String] {
    let width = options.map { TextWidth.of($0.label) }.max() ?? 0
    return options.map { "  " + TextWidth.pad($0.label, to: width) + "  " + $0.help }
  }
}
