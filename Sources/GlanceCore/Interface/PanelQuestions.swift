/// `glance batch` on a terminal: the date once, then each tracked marker in turn.
public struct PanelQuestions {
  public let questions: Questions
  public let library: MarkerLibrary
  public let today: CalendarDate
  var console: any Console { questions.console }

  public init(questions: Questions, library: MarkerLibrary, today: CalendarDate) {
    self.questions = questions
    self.library = library
    self.today = today
  }

  /// Asks for the panel's date once; Enter means today.
  public func askDate() throws -> CalendarDate {
    while true {
      console.prompt("Date of these results (Enter for today, \(DateText.long(today))): ")
      guard let line = try console.readLine()?.trimmingWhitespace(), !line.isEmpty else { return today }
      do {
        return try DateParser.parse(line, today: today, for: .reading)
      } catch {
        console.out(error.message)
      }
    }
  }

  /// Asks for each tracked marker in turn; Enter skips; a slip is corrected in place; a
  /// conversion is said. `120/80` at the systolic prompt fills the diastolic one too. The end of
  /// input (Ctrl-D) ends the panel: what was typed goes to the review.
  public func ask(date: CalendarDate, document: GlanceDocument) throws -> [EntryDraft] {
    let snapshots = document.trackedSnapshots(library: library)
    guard !snapshots.isEmpty else { throw TrackingError.nothingTracked }
    console.out("Type each value as printed on your lab sheet; press Enter to skip a marker.")
    let width = snapshots.map { TextWidth.of($0.definition.displayName) }.max() ?? 0
    var drafts: [EntryDraft] = []
    for snapshot in snapshots {
      let definition = snapshot.definition
      // Typed with its systolic half.
      if definition.key == "bp-diastolic", drafts.contains(where: { $0.marker.id == definition.id }) { continue }
      while true {
        // In the unit a bare number is read in: a person who reads SI types mmol/L (asked in
        // mg/dL at stop 40, while 3.1 was rightly read as 3.1 mmol/L).
        let unit = document.typingUnit(for: definition) ?? definition.unit
        console.prompt("  " + TextWidth.pad(definition.displayName, to: width) + " (\(unit)): ")
        guard let line = try console.readLine() else {
          console.out("")
          return drafts
        }
        let words = line.split(separator: " ").map(String.init)
        guard let value = words.first else { break }
        let typed: [EntryDraft]
        do {
          typed = try self.drafts(
            definition, value: value, unit: words.count > 1 ? words.dropFirst().joinedText(" ") : nil, date: date,
            snapshot: snapshot, document: document)
        } catch {
          console.out("  " + error.message + " Try again, or press Enter to skip.")
          continue
        }
        // An unusual value is asked about now, so a "no" can be retyped in place.
        do {
          let answered = try questions.answer(typed).map { answered in
            var answered = answered
            answered.checks = []
            return answered
          }
          for draft in answered {
            if let converted = SavedView.converted(draft, snapshot: document.judging(draft.marker)) {
              console.out("  " + converted)
            }
          }
          drafts += answered
          break
        } catch ConfirmationError.declined {
          console.out("  Not kept. Type it again, or press Enter to skip.")
        }
      }
    }
    return drafts
  }

  /// The drafts for one answer: one reading, or both halves of `120/80` typed at the systolic
  /// prompt (with add's question when the pair looks swapped).
  func drafts(
    _ definition: MarkerDefinition, value: String, unit: String?, date: CalendarDate, snapshot: MarkerSnapshot,
    document: GlanceDocument
  ) throws(EntryError) -> [EntryDraft] {
    let parts = value.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    // A pair at the diastolic prompt (newcomer's second look at stop 40: "138/88" was told "/88"
    // is not a unit): said as the pair's place.
    if definition.key == "bp-diastolic", parts.count == 2 { throw .bloodPressureAtDiastolic(value) }
    guard definition.key == "bp-systolic", parts.count == 2,
      let diastolic = library.marker(key: "bp-diastolic")
    else {
      return [
        try EntryPlanner.draft(
          definition, valueText: value, unit: unit, defaultUnit: document.typingUnit(for: definition), date: date,
          note: nil, existing: snapshot.entries)
      ]
    }
    let others = document.entries.filter { $0.markerID == diastolic.id }
    var pair = [
      try EntryPlanner.draft(
        definition, valueText: parts[0], unit: unit, defaultUnit: document.typingUnit(for: definition), date: date,
        note: nil, existing: snapshot.entries),
      try EntryPlanner.draft(
        diastolic, valueText: parts[1], unit: unit, defaultUnit: document.typingUnit(for: diastolic), date: date,
        note: nil, existing: others),
    ]
    if let swapped = EntryChecks.swappedBloodPressure(systolic: pair[0].value, diastolic: pair[1].value) {
      pair[1].checks.insert(swapped, at: 0)
    }
    return pair
  }

  /// The panel once more before it is saved: each reading, then one question whose default
  /// (Enter) is yes. `--yes` saves without asking.
  public func review(_ drafts: [EntryDraft], date: CalendarDate, document: GlanceDocument) throws {
    let width = drafts.map { TextWidth.of($0.marker.displayName) }.max() ?? 0
    console.out(
      drafts.map { draft in
        // As the saved reading will be shown: in the person's unit, rounded once.
        let shown = document.shownText(of: draft)
        return "  " + TextWidth.pad(draft.marker.displayName, to: width) + "  " + shown.text
          + (shown.typed.map { " (\($0))" } ?? "")
      }.joinedText("\n"))
    let what = drafts.count == 1 ? "this reading" : "these \(drafts.count) readings"
    try questions.confirm("Save \(what) for \(DateText.long(date))?", defaultYes: true)
  }
}
