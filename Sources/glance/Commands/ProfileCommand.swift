import GlanceCore

struct ProfileCommand: GlanceCommand {
  static let declaration = CommandDeclaration(
    "profile", needs: "only --sex, e.g. glance profile --sex female",
    summary: "Show or set the sex that sex-specific ranges (hemoglobin, HDL, ferritin…) are judged by.",
    options: [.value("sex", "S", "female, male or unspecified (then glance says where a range depends on sex).")],
    examples: ["glance profile --sex female"], usage: "glance profile [--sex female|male|unspecified]")

  var sex: String?

  init(sex: String? = nil) { self.sex = sex }
  init(_ input: ParsedInput) { self.init(sex: input.value("sex")) }

  func run(_ context: Context) throws {
    if let sex {
      guard let answer = Sex.answer(sex), !sex.trimmingWhitespace().isEmpty else {
        throw UsageError(message: "--sex takes female, male or unspecified.", command: "profile")
      }
      try context.repository.setSex(answer)
    }
    let sex = try context.repository.read().profile.sex
    context.out(
      sex.map { "Sex-specific ranges are judged for \($0.plural)." }
        ?? "No sex given: where a range depends on sex, glance says so. Set it with glance profile --sex female|male.")
  }
}
