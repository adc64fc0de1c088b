import GlanceCore

/// The words of `glance help`.
enum HelpText {
  static func overview() -> String {
    var lines = [
      "glance — your health numbers at a glance, kept on this computer only.",
      "",
      "Usage: glance [COMMAND] [OPTIONS]",
      "",
      "Commands:",
    ]
    let shown = CommandCatalog.all
    let width = shown.map { $0.name.count }.max() ?? 0
    for info in shown {
      let name = info.name == "home" ? "(none)" : info.name
      lines.append("  " + TextWidth.pad(name, to: max(width, 6)) + "  " + info.summary)
    }
    lines += [
      "",
      "Options for every command:",
      "  --color auto|always|never   Colour (default: auto — only on a terminal, never with NO_COLOR set)",
      "  --ascii                     Plain ASCII symbols and charts",
      "  --width N                   Output width in columns (default: the terminal's)",
      "  --today YYYY-MM-DD          Pretend today is this day (or set GLANCE_TODAY)",
      "  -h, --help                  Help for the command",
      "  --version                   The version",
      "",
      "Start with: glance setup   ·   Just looking? glance demo",
      "Your data lives in $GLANCE_HOME (default ~/.local/share/glance); see glance about.",
    ]
    return lines.joinedText("\n")
  }

  static func command(_ info: CommandInfo) -> String {
    var lines = ["Usage: \(info.usage)", "", info.summary]
    if !info.details.isEmpty { lines += ["", info.details] }
    if !info.options.isEmpty {
      lines += ["", "Options:"]
      let width = info.options.map { $0.0.count }.max() ?? 0
      for (name, text) in info.options {
        lines.append("  " + TextWidth.pad(name, to: width) + "  " + text)
      }
    }
    if !info.examples.isEmpty {
      lines += ["", "Examples:"] + info.examples.map { "  " + $0 }
    }
    return lines.joinedText("\n")
  }
}
