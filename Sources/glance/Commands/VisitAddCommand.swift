import GlanceCore

struct VisitAddCommand: GlanceCommand {
  static let declaration = CommandDeclaration(
    "visit add", words: 0...0, needs: "only options, e.g. --date, --doctor and --type",
    summary: "Log a visit (past or planned).", options: VisitGroup.fields,
    yes: "Save a visit that repeats one already saved (same day, type and doctor) without asking.",
    usage: "glance visit add --date D --doctor NAME --type TYPE [--label L] [--notes N] [--yes]")

  var fields: VisitFields

  init(_ fields: VisitFields) { self.fields = fields }
  init(_ input: ParsedInput) throws(UsageError) {
    self.init(VisitGroup.fields(input))
    let missing = [("--date", fields.date), ("--doctor", fields.doctor), ("--type", fields.type)].filter { $0.1 == nil }
    if !missing.isEmpty {
      let names = missing.map(\.0)
      let list = names.count == 1 ? names[0] : names.dropLast().joinedText(", ") + " and " + (names.last ?? "")
      throw input.usageError(
        "glance visit add needs \(list), e.g. glance visit add --date 2025-03-01 --doctor \"Dr. Lee\" --type physical")
    }
  }

  func run(_ context: Context) throws {
    let document = try context.document()
    let visit = try VisitPlanner.make(fields, today: context.today, now: context.clock())
    let repeats = VisitPlanner.repeats(of: visit, in: document.visits)
    if repeats > 0 { try context.questions.confirm(VisitPlanner.repeatQuestion(visit)) }
    try VisitPlanner.add(
      visit, summary: "add \(VisitsView.typeName(visit)) visit on \(DateText.long(visit.date))",
      asked: context.global.yes ? nil : repeats, repository: context.repository)
    let ids = ShortID.prefixes(for: try context.repository.read().visits.map(\.id))
    let when = visit.date > context.today ? "planned for" : "on"
    context.out(
      "Saved: \(VisitsView.typeName(visit)) with \(visit.doctorName) \(when) \(DateText.long(visit.date)) (id \(ids[visit.id] ?? ""))."
    )
  }
}
