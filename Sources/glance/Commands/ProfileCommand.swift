import GlanceCore

struct ProfileCommand: GlanceCommand {
  static let declaration = CommandDeclaration(
    "profile", needs: "only --sex or --name, e.g. glance profile --sex female",
    summary: "Show or set the sex that sex-specific ranges (hemoglobin, HDL, ferritin…) are judged by.",
    options: [
      .value("sex", "S", "female, male or unspecified (then glance says where a range depends on sex)."),
      .value("name", "NAME", "Your name, as the brief for your doctor shows it (\"\" for none)."),
    ],
    examples: ["glance profile --sex female", "glance profile --name \"Jane Doe\""],
    usage: "glance profile [--sex female|male|unspecified] [--name NAME]")

  var sex: String?
  var name: String?

  init(sex: String? = nil, name: String? = nil) { (self.sex, self.name) = (sex, name) }
  init(_ input: ParsedInput) { self.init(sex: input.value("sex"), name: input.value("name")) }

  func run(_ context: Context) throws {
    // Both checked before either is saved: a refused --sex leaves the name unchanged too.
    let answer = try sex.map { (sex: String) throws(UsageError) -> Sex? in
      guard let answer = Sex.answer(sex), !sex.trimmingWhitespace().isEmpty else {
        throw UsageError(message: "--sex takes female, male or unspecified.", command: "profile")
      }
      return answer
    }
    if let name { try context.repository.setName(name) }
    if let answer { try context.repository.setSex(answer) }
    let profile = try context.repository.read().profile
    let sex = profile.sex
    if profile.name != Profile.unnamed { context.out("Name: \(profile.name) (the brief for your doctor shows it).") }
    context.out(
      sex.map { "Sex-specific ranges are judged for \($0.plural)." }
        ?? "No sex given: where a range depends on sex, glance says so. Set it with glance profile --sex female|male.")
  }
}
