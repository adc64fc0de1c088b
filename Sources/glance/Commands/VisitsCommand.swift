import GlanceCore

struct VisitsCommand: GlanceCommand {
  static let declaration = CommandDeclaration(
    "visits", needs: "only options", summary: "Your visits, newest first, with how long ago each kind last happened.",
    options: [
      .value("type", "T", "Only visits of this type."), .value("doctor", "NAME", "Only visits with this doctor."),
      .value("since", "D", "Only visits from this date on."),
    ])

  static let writesJSON = true

  var type: String? = nil
  var doctor: String? = nil
  var since: String? = nil

  init(type: String? = nil, doctor: String? = nil, since: String? = nil) {
    (self.type, self.doctor, self.since) = (type, doctor, since)
  }

  init(_ input: ParsedInput) {
    self.init(type: input.value("type"), doctor: input.value("doctor"), since: input.value("since"))
  }

  func run(_ context: Context) throws {
    // Visits only: no readings are decoded.
    let document = try context.view(.markers([])).document
    let list = try VisitPlanner.filter(document.visits, type: type, doctor: doctor, since: since, today: context.today)
    let ids = ShortID.prefixes(for: document.visits.map(\.id))
    if context.global.json { return context.out(json: JSONOutput.visits(list, shortIDs: ids)) }
    context.out(
      VisitsView.render(list, all: document.visits, shortIDs: ids, today: context.today, style: context.style))
  }
}
