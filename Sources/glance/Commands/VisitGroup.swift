import GlanceCore

/// `glance visit add|show|edit|delete`: the group's help; each subcommand is its own file.
enum VisitGroup {
  static let declaration = CommandDeclaration(
    "visit", summary: "Log doctor visits and notes.",
    details:
      "TYPE is physical, dental, vision, specialist, lab, imaging or other (give other a --label). Future dates are fine for planned visits.",
    examples: [
      "glance visit add --date yesterday --doctor \"Dr. Patel\" --type physical --notes \"Recheck lipids in 6 months\"",
      "glance visit add --date \"in 3 weeks\" --doctor \"Dr. Lee\" --type dental",
    ],
    usage: "glance visit add|show|edit|delete …")

  /// The fields of a visit as options: `visit add` and `visit edit` take them all.
  static let fields: [OptionDeclaration] = [
    .value("date", "D", "The day of the visit (a future day for a planned one)."),
    .value("doctor", "NAME", "Who you saw."),
    .value("type", "TYPE", "physical, dental, vision, specialist, lab, imaging or other."),
    .value("label", "L", "What kind of visit, for --type other."), .value("notes", "N", "Notes from the visit."),
  ]

  /// The visit fields given on the command line.
  static func fields(_ input: ParsedInput) -> VisitFields {
    VisitFields(
      date: input.value("date"), doctor: input.value("doctor"), type: input.value("type"),
      label: input.value("label"), notes: input.value("notes"))
  }
}
