import GlanceCore

struct VisitAddCommand: GlanceCommand {
  static let declaration = CommandDeclaration(
    "visit add", words: 0...0, needs: "only options, e.g. --date, --doctor and --type",
    summary: "Log a visit (past or planned).", options: VisitGroup.fields,
    usage: "glance visit add --date D --doctor NAME --type TYPE [--label L] [--notes N]")

  var fields: VisitFields

  init(_ fields: VisitFields) { self.fields = fields }
  init(_ input: ParsedInput) { self.init(VisitGroup.fields(input)) }

  func run(_ context: Context) throws {
    _ = try context.document()
    let visit = try VisitPlanner.make(fields, today: context.today, now: context.clock())
    try context.repository.addVisit(
      visit, summary: "add \(VisitsView.typeName(visit)) visit on \(DateText.long(visit.date))")
    let ids = ShortID.prefixes(for: try context.repository.read().visits.map(\.id))
    let when = visit.date > context.today ? "planned for" : "on"
    context.out(
      "Saved: \(VisitsView.typeName(visit)) with \(visit.doctorName) \(when) \(DateText.long(visit.date)) (id \(ids[visit.id] ?? ""))."
    )
  }
}
