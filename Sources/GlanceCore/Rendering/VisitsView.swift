#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `glance visits` and `glance visit show`.
public enum VisitsView {
  /// "Last dental cleaning: 8 months ago" for each kind of visit that has happened (planned ones
  /// don't count), most recent first.
  public static func lastByType(_ visits: [Visit], today: CalendarDate) -> [String] {
    var seen: Set<String> = []
    var lines: [String] = []
    for visit in visits.sorted(by: Visit.newestFirst) where visit.date <= today {
      let label = visit.visitType.lastLabel(label: visit.visitTypeLabel)
      guard seen.insert(label).inserted else { continue }
      lines.append("\(label): \(DateText.relative(visit.date, today: today)) (\(DateText.long(visit.date)))")
    }
    return lines
  }

  /// The list: the "last of each type" lines of `visits` (those the filters kept; of `all` when
  /// none match), then the visits newest first.
  public static func render(
    _ visits: [Visit], all: [Visit], shortIDs: [UUID: String], today: CalendarDate, style: OutputStyle
  ) -> String {
    guard !all.isEmpty else {
      return """
        Log your first visit after your next appointment:
          glance visit add --date today --doctor "Dr. Patel" --type physical --notes "What the doctor said"
        You can also log past visits to build a richer history.
        """
    }
    // The "last of each type" lines of the visits listed (a filter by type shows that type's);
    // when none match, of them all, so the answer still says when each kind of visit was.
    var lines = lastByType(visits.isEmpty ? all : visits, today: today)
    lines.append("")
    if visits.isEmpty {
      lines.append("No visits match.")
      return lines.joinedText("\n")
    }
    let ids = visits.map { shortIDs[$0.id] ?? String(ShortID.hex($0.id).prefix(4)) }
    let dates = visits.map { DateText.long($0.date) }
    let doctors = visits.map(\.doctorName)
    let types = visits.map { typeName($0) }
    let idWidth = ids.map(\.count).max() ?? 4
    let dateWidth = dates.map(\.count).max() ?? 0
    let doctorWidth = min(24, doctors.map { TextWidth.of($0) }.max() ?? 0)
    let typeWidth = types.map { TextWidth.of($0) }.max() ?? 0
    let noteRoom = style.width - 2 - idWidth - 2 - dateWidth - 2 - doctorWidth - 2 - typeWidth - 2
    // Notes go on the same line when there is room, else on their own line below.
    let notesBelow = noteRoom < 24
    let indent = String(repeating: " ", count: 2 + idWidth + 2)
    for (index, visit) in visits.enumerated() {
      let planned = visit.date > today ? style.paint(" (planned)", .blue) : ""
      let firstLine = visit.notes.map { ShowView.firstLine($0) }
      // " (planned)" after a note takes its room from the note (newcomer review at stop 33: a
      // planned visit's line was 90 columns on 80, "(planned)" wrapped alone).
      let room = noteRoom - (planned.isEmpty ? 0 : TextWidth.of(" (planned)"))
      let note =
        notesBelow ? "" : firstLine.map { TextWidth.truncate($0, to: max(10, room), unicode: style.unicode) } ?? ""
      lines.append(
        LibraryView.trimTrailing(
          "  " + TextWidth.pad(ids[index], to: idWidth) + "  " + TextWidth.pad(dates[index], to: dateWidth) + "  "
            + TextWidth.pad(
              TextWidth.truncate(doctors[index], to: doctorWidth, unicode: style.unicode), to: doctorWidth)
            + "  " + TextWidth.pad(types[index], to: typeWidth) + "  " + note) + planned)
      if notesBelow, let firstLine {
        lines.append(
          indent
            + style.paint(
              TextWidth.truncate(firstLine, to: max(10, style.width - indent.count), unicode: style.unicode), .dim))
      }
    }
    return lines.joinedText("\n")
  }

  /// "Dental cleaning", or the label for other visits ("Dermatology").
  public static func typeName(_ visit: Visit) -> String {
    if let label = visit.visitTypeLabel,
      visit.visitType == .other || visit.visitType == .specialist || visit.visitType == .imaging
    {
      return visit.visitType == .other ? label : "\(visit.visitType.displayName): \(label)"
    }
    return visit.visitType.displayName
  }

  /// One visit in full.
  public static func detail(_ visit: Visit, shortID: String, today: CalendarDate) -> String {
    var lines = [
      "\(typeName(visit)) with \(visit.doctorName)",
      "Date:   \(DateText.long(visit.date)) (\(DateText.relative(visit.date, today: today)))",
      "Id:     \(shortID)",
    ]
    if let notes = visit.notes {
      lines.append("Notes:")
      lines += notes.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.map { "  " + $0 }
    } else {
      lines.append("No notes. Add some with: glance visit edit \(shortID) --notes \"…\"")
    }
    return lines.joinedText("\n")
  }
}
