import GlanceCore

struct HelpCommand: GlanceCommand {
  static let declaration = CommandDeclaration(
    "help", arguments: "[COMMAND]", words: 0...2, summary: "Help for glance or for one command.")

  var topic: String?

  init(topic: String? = nil) { self.topic = topic }
  init(_ input: ParsedInput) { self.init(topic: input.words.isEmpty ? nil : input.words.joinedText(" ")) }

  func run(_ context: Context) throws {
    let parser = Glance.parser
    guard let topic else {
      context.out(HelpText.overview(parser, width: context.style.width))
      return
    }
    guard let declaration = parser.declaration(topic) else {
      // `help visit foo` says what `visit foo --help` says.
      let words = topic.split(separator: " ").map(String.init)
      if words.count > 1 { _ = try parser.parse(words + ["--help"]) }
      throw UsageError(
        message: "There is no glance command \(quoted(topic)).\(parser.suggestion(for: topic))", command: nil)
    }
    context.out(HelpText.command(declaration, subcommands: parser.subcommands(of: topic), width: context.style.width))
  }
}
