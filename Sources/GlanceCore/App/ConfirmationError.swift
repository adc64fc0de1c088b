/// A change that needed a yes and did not get one. Nothing was changed.
public enum ConfirmationError: GlanceError, Equatable {
  /// No terminal to ask on, and no `--yes`: the question is repeated with the flag that answers
  /// it, or with `instead`, a hint of its own.
  case needsConfirmation(question: String, instead: String? = nil)
  /// The person answered no.
  case declined

  public var message: String {
    switch self {
    case .needsConfirmation(let question, let instead):
      "\(question)\nNothing was changed. " + (instead ?? "There is no terminal to ask on: add --yes to go ahead.")
    case .declined:
      "Nothing was changed."
    }
  }

  public var kind: ErrorKind { .needsConfirmation }
}
