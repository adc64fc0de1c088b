import GlanceCore

struct DeleteCommand: GlanceCommand {
  static let declaration = CommandDeclaration(
    "delete", arguments: "ID", words: 1...1, needs: "the id of a reading, e.g. glance delete 3fa2",
    summary: "Delete a reading (asks first).", yes: CommandDeclaration.answersYes, examples: ["glance delete 3fa2"])

  var id: String

  init(id: String) { self.id = id }
  init(_ input: ParsedInput) { self.init(id: input.words[0]) }

  func run(_ context: Context) throws {
    let document = try context.document()
    let old = try document.entry(shortID: id, library: context.library)
    // A reading of a marker glance does not know (a data file changed by hand) has no name.
    let name = document.definition(for: old.markerID, library: context.library)?.shortName ?? "unknown test's"
    func what(_ entry: MarkerEntry) -> String {
      "\(name) reading of \(document.displayedText(entry, library: context.library)) from \(DateText.long(entry.dateOfService))"
    }
    try context.questions.confirm("Delete \(what(old))?")
    let deleted = try context.repository.deleteEntry(old, assumeYes: context.global.yes) {
      "delete \(name) \(document.displayedText($0, library: context.library)) from \(DateText.long($0.dateOfService))"
    }
    context.out("Deleted the \(what(deleted)). Changed your mind? glance undo")
    // Half of a blood pressure: the other half stays, and saying so lets it go too if meant.
    if let partner = document.bloodPressurePartner(of: old, library: context.library),
      let partnerName = document.definition(for: partner.markerID, library: context.library)?.shortName
    {
      context.out(
        "The \(partnerName) reading saved with it (\(document.displayedText(partner, library: context.library, unit: false))) is kept; delete it too with glance delete \(ShortID.hex(partner.id).prefix(8))"
      )
    }
  }
}
