/// Where a command prints and asks: the terminal in the `glance` binary, a script in tests.
/// Everything printed is guarded by the implementation (`TerminalText.guarded`).
public protocol Console: AnyObject {
  /// The environment variables glance reads.
  var environment: [String: String] { get }
  /// True when questions can be asked (standard input is a terminal).
  var canAsk: Bool { get }
  /// A line (or several) to standard output.
  func out(_ text: String)
  /// A line to standard error: problems, warnings and notices.
  func err(_ text: String)
  /// Text without a newline, for a prompt.
  func prompt(_ text: String)
  /// One line of input without its ending; nil at the end of input.
  func readLine() throws -> String?
  /// Bytes to standard output as they are (an export is data).
  func write(_ bytes: [UInt8])
  /// Why standard output could not be written (a full disk), if it could not.
  var outputError: Int32? { get }
  /// The output style for these options on this console.
  func style(for options: GlobalOptions) -> OutputStyle
  /// From now on, standard output is held back, to go through a pager if it is longer than the
  /// screen (a terminal only; elsewhere nothing changes).
  func startPaging()
  /// Prints what was held back: through the pager when it does not fit, else directly.
  func finishPaging()
}

extension Console {
  public func startPaging() {}
  public func finishPaging() {}
}

/// Asks what a change needs answered before anything is saved; with `--yes` every question is
/// answered yes, and without a terminal a question becomes a refusal that repeats it.
public struct Questions {
  public let console: any Console
  public let assumeYes: Bool
  /// The width a question is wrapped to at its spaces (a terminal's, or `--width`); nil: as it is.
  public let width: Int?

  public init(console: any Console, assumeYes: Bool, width: Int? = nil) {
    self.console = console
    self.assumeYes = assumeYes
    self.width = width
  }

  /// `text` wrapped to `width` at its spaces: a long question broke mid-word at the terminal's edge.
  func fitted(_ text: String) -> String { width.map { TextFit.fit(text, width: $0) } ?? text }

  /// Goes ahead only with a yes: `--yes`, or y/yes on the terminal. No or the end of input is a
  /// no; an empty answer is the default (no, unless `defaultYes`); anything else asks again.
  public func confirm(_ question: String, defaultYes: Bool = false) throws {
    if assumeYes { return }
    guard console.canAsk else { throw ConfirmationError.needsConfirmation(question: question) }
    let choices = defaultYes ? " [Y/n] " : " [y/N] "
    console.prompt(fitted(question + choices.dropLast()) + " ")
    while true {
      guard let answer = try console.readLine()?.trimmingWhitespace().lowercased() else {
        console.out("")
        throw ConfirmationError.declined
      }
      switch answer {
      case "y", "yes": return
      case "": if defaultYes { return } else { throw ConfirmationError.declined }
      case "n", "no": throw ConfirmationError.declined
      default: console.prompt("Please answer y or n." + choices)
      }
    }
  }

  /// The answer to a numbered choice: one of `choices`, asked again until it is one; nil at the
  /// end of input.
  func choose(_ choices: [String]) throws -> String? {
    while true {
      guard let answer = try console.readLine()?.trimmingWhitespace() else {
        console.out("")
        return nil
      }
      if choices.contains(answer) { return answer }
      let listed = choices.dropLast().joinedText(", ") + " or " + (choices.last ?? "")
      console.prompt("Please answer \(listed). [\(choices.joinedText("/"))]: ")
    }
  }

  /// Asks each draft's questions; returns the drafts to save, with a slip corrected when the
  /// person chose the suggested value (whose own questions, a duplicate say, are then asked).
  public func answer(_ drafts: [EntryDraft]) throws -> [EntryDraft] {
    // No terminal to ask on: every reading's first question at once, not only the first reading's
    // (newcomer review at stop 40: a piped panel of four slips took four runs to learn of them).
    if !assumeYes, !console.canAsk {
      let asked = drafts.compactMap { draft in
        draft.checks.first.map { check in check.question + (check.choice(for: draft).map { " " + $0.instead } ?? "") }
      }
      if asked.count > 1 {
        throw ConfirmationError.needsConfirmation(
          question: "\(asked.count) readings need an answer:\n" + asked.map { "- " + $0 }.joinedText("\n"),
          instead:
            "There is no terminal to ask on: change the values, or add --yes to save them as typed.")
      }
    }
    var result: [EntryDraft] = []
    for var draft in drafts {
      var pending = draft.checks
      while let check = pending.first {
        pending.removeFirst()
        guard let choice = check.choice(for: draft) else {
          try confirm(check.question)
          continue
        }
        if assumeYes { continue }
        guard console.canAsk else {
          throw ConfirmationError.needsConfirmation(question: check.question, instead: choice.instead)
        }
        console.out(fitted(check.question))
        console.prompt(fitted(choice.prompt))
        switch try choose(["1", "2", "3"]) {
        case "1":
          draft = draft.accepting(choice.suggestion, entered: choice.entered)
          pending = draft.checks
        case "2": continue
        default: throw ConfirmationError.declined
        }
      }
      result.append(draft)
    }
    return result
  }
}

/// A slip question's three answers: save the suggestion, save as typed, cancel.
public struct SlipChoice: Equatable, Sendable {
  public var suggestion: Double
  /// The number as typed in the unit the question named, when the suggestion converts it.
  public var entered: EnteredValue?
  /// `  1) save 89 mg/dL (2.3 mmol/L)   2) save 2.3 mg/dL as typed   3) cancel  [1/2/3]: `
  public var prompt: String
  /// What to do instead when there is no terminal to ask on.
  public var instead: String
}

extension EntryCheck {
  /// The choice a slip question offers; nil for a yes/no question.
  public func choice(for draft: EntryDraft) -> SlipChoice? {
    switch kind {
    case .unitSlip(let suggestion, let entered)
    where UnitConverter.normalize(entered.unit) == UnitConverter.normalize(draft.marker.unit):
      // A bare number read in the person's unit that fits the marker's own (130 for LDL).
      let asRead =
        draft.entered?.text(draft.comparator) ?? ValueText.withUnit(draft.value, draft.comparator, draft.marker.unit)
      return SlipChoice(
        suggestion: suggestion, entered: entered,
        prompt: "  1) save \(entered.text(draft.comparator))   2) save \(asRead) as typed   3) cancel  [1/2/3]: ",
        instead:
          "If you meant \(entered.text(draft.comparator)), run the command again with the unit. If \(asRead) is right, add --yes."
      )
    case .unitSlip(let suggestion, let entered) where draft.entered != nil:
      // Typed in another unit than the marker's own: both choices said in units, as typed.
      let asTyped = draft.entered?.text(draft.comparator) ?? ""
      return SlipChoice(
        suggestion: suggestion, entered: entered,
        prompt: "  1) save \(entered.text(draft.comparator))   2) save \(asTyped) as typed   3) cancel  [1/2/3]: ",
        instead:
          "If you meant \(entered.text(draft.comparator)), run the command again with \(entered.text(draft.comparator)). If \(asTyped) is right, add --yes."
      )
    case .unitSlip(let suggestion, let entered):
      // Each said with the bound it keeps: "<2" saves "<78 mg/dL" (newcomer review: "save 77").
      let unit = draft.marker.unit
      let typed = entered.text(draft.comparator)
      let asTyped = ValueText.withUnit(draft.value, draft.comparator, unit)
      return SlipChoice(
        suggestion: suggestion, entered: entered,
        prompt:
          "  1) save \(EntryChecks.savedText(suggestion, draft.comparator, entered, draft.marker)) (\(typed))   2) save \(asTyped) as typed   3) cancel  [1/2/3]: ",
        instead: "If you meant \(typed), run the command again with the unit. If \(asTyped) is right, add --yes."
      )
    case .tenfold(let suggestion):
      return SlipChoice(
        suggestion: suggestion, entered: nil,
        prompt:
          "  1) save \(ValueText.number(suggestion))   2) save \(ValueText.number(draft.value)) as typed   3) cancel  [1/2/3]: ",
        instead:
          "If you meant \(ValueText.number(suggestion)), run the command again with \(ValueText.number(suggestion)). If \(ValueText.number(draft.value)) is right, add --yes."
      )
    case .implausible, .duplicate, .fasting, .otherTest: return nil
    }
  }
}
