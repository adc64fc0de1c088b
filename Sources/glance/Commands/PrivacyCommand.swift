import GlanceCore

struct PrivacyCommand: GlanceCommand {
  static let declaration = CommandDeclaration("privacy", summary: "The privacy policy.")

  init() {}
  init(_ input: ParsedInput) {}

  func run(_ context: Context) throws { context.out(PrivacyPolicy.text) }
}
