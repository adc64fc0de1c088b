import Testing

@testable import GlanceCore

/// CLAUDE.md: "Without a terminal, a question becomes a refusal (exit 3) that repeats it and names
/// `--yes`." ConfirmationError: a change that needed a yes and did not get one; nothing changed.
@Suite("ConfirmationError")
struct ConfirmationErrorTests {
  static let question = "Delete HDL reading from Feb 15, 2025? [y/N]"

  @Test("without a terminal the question is repeated, nothing changed, and --yes named")
  func needsConfirmation() {
    let message = ConfirmationError.needsConfirmation(question: Self.question).message
    #expect(message.hasPrefix(Self.question + "\n"))
    #expect(message.contains("Nothing was changed."))
    #expect(message.contains("--yes"))
  }

  @Test("a hint of its own replaces the --yes advice")
  func instead() {
    let hint = "Run it again with --replace --yes to go ahead."
    let message = ConfirmationError.needsConfirmation(question: Self.question, instead: hint).message
    #expect(message.hasPrefix(Self.question))
    #expect(message.contains("Nothing was changed."))
    #expect(message.hasSuffix(hint))
    #expect(!message.contains("There is no terminal"))
  }

  @Test("a no changes nothing and says so")
  func declined() {
    #expect(ConfirmationError.declined.message == "Nothing was changed.")
  }

  @Test(
    "both are exit 3",
    arguments: [
      ConfirmationError.declined, .needsConfirmation(question: question),
      .needsConfirmation(question: "?", instead: "x"),
    ])
  func exitStatus(error: ConfirmationError) {
    #expect(error.kind == .needsConfirmation)
    #expect(error.kind == .needsConfirmation)
  }
}
