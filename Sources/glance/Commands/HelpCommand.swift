import GlanceCore

struct HelpCommand: GlanceCommand {
  static let declaration = CommandDeclaration(
    "help", arguments: "[COMMAND]", words: 0...2, summary: "Help for glance or for one command.",
    options: [.flag("man", "The manual page, as roff: glance help --man > glance.1; man ./glance.1")])

  var topic: String?
  var man = false

  init(topic: String? = nil, man: Bool = false) { (self.topic, self.man) = (topic, man) }
  init(_ input: ParsedInput) throws(UsageError) {
    if input.flag("man") && !input.words.isEmpty {
      throw input.usageError("--man is the whole manual; it takes no command.")
    }
    self.init(topic: input.words.isEmpty ? nil : input.words.joinedText(" "), man: input.flag("man"))
  }

  /// The manual page, exit codes included.
  static var manPage: String {
    ManPage.render(Glance.parser, exitCodes: ExitStatus.allCases.map { ($0.rawValue, $0.meaning) })
  }

  func run(_ context: Context) throws {
    if man { return context.out(data: String(Self.manPage.dropLast())) }
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
