import GlanceCore

struct CompletionsCommand: GlanceCommand {
  static let declaration = CommandDeclaration(
    "completions", arguments: "SHELL", words: 0...1, needs: "a shell: bash, zsh or fish",
    summary: "Tab completion for bash, zsh or fish: commands, options, marker keys, visit types.",
    details:
      "Load it from your shell's start-up file. bash: source <(glance completions bash). zsh: source <(glance completions zsh). fish: glance completions fish > ~/.config/fish/completions/glance.fish",
    options: [.flag("markers", "Print every marker key, yours included, one per line (what the scripts complete).")],
    examples: ["glance completions bash", "glance completions fish > ~/.config/fish/completions/glance.fish"],
    usage: "glance completions bash|zsh|fish")

  var shell: Completions.Shell?

  init(shell: Completions.Shell?) { self.shell = shell }

  init(_ input: ParsedInput) throws(UsageError) {
    if input.flag("markers") {
      guard input.words.isEmpty else { throw input.usageError("--markers takes no shell.") }
      self.init(shell: nil)
      return
    }
    guard let word = input.words.first else { throw input.usageError("completions needs a shell: bash, zsh or fish.") }
    guard let shell = Completions.Shell(rawValue: word.lowercased()) else {
      throw input.usageError("glance completes in bash, zsh and fish, not \(quoted(word)).")
    }
    self.init(shell: shell)
  }

  func run(_ context: Context) throws {
    guard let shell else {
      // Tab completion must never print an error into the line being typed, nor wait.
      let custom = (try? context.view(.markers([])).document.customMarkers) ?? []
      for word in Completions.markerWords(
        library: context.library.markers, custom: custom, asciiOnly: !context.style.unicode)
      {
        context.out(data: word)
      }
      return
    }
    let script = Completions.script(shell, parser: Glance.parser, categories: context.library.categories.map(\.key))
    context.out(data: String(script.dropLast()))
  }
}
