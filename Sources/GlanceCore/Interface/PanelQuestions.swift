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

  /// Asks for each tracked marker in turn; Enter skips; a slip is corrected in place.
  public func ask(date: CalendarDate, document: GlanceDocument) throws -> [EntryDraft] {
    let snapshots = document.trackedSnapshots(library: library)
    guard !snapshots.isEmpty else { throw TrackingError.nothingTracked }
    console.out("Type each value as printed on your lab sheet; press Enter to skip a marker.")
    let width = snapshots.map { TextWidth.of($0.definition.displayName) }.max() ?? 0
    var drafts: [EntryDraft] = []
    for snapshot in snapshots {
      let definition = snapshot.definition
      while true {
        console.prompt("  " + TextWidth.pad(definition.displayName, to: width) + " (\(definition.unit)): ")
        guard let line = try console.readLine() else { return drafts }
        let words = line.split(separator: " ").map(String.init)
        guard let value = words.first else { break }
        let draft: EntryDraft
        do {
          draft = try EntryPlanner.draft(
            definition, valueText: value, unit: words.count > 1 ? words.dropFirst().joinedText(" ") : nil,
            date: date, note: nil, existing: snapshot.entries)
        } catch {
          console.out("  " + error.message + " Try again, or press Enter to skip.")
          continue
        }
        // An unusual value is asked about now, so a "no" can be retyped in place.
        do {
          drafts += try questions.answer([draft]).map { answered in
            var answered = answered
            answered.checks = []
            return answered
          }
          break
        } catch ConfirmationError.declined {
          console.out("  Not kept. Type it again, or press Enter to skip.")
        }
      }
    }
    return drafts
  }
}
