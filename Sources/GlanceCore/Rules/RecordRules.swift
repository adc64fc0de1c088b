/// What every stored reading and visit must be, whichever way it came in (typed, imported, put
/// back by undo): one set of rules, checked by the importers and by every save on the records the
/// save touched (`checkInvariants`), so glance never keeps what it would refuse to import again.
public enum RecordRules {
  /// A reading's value, date, source, note and value as entered are ones glance keeps.
  public static func check(_ entry: MarkerEntry) throws(EntryError) {
    guard ValueParser.isStorable(entry.value) else { throw .valueOutOfRange }
    if entry.dateOfService < DateParser.earliest { throw .dateTooEarly(entry.dateOfService) }
    guard SourceType.known.contains(entry.sourceType) else { throw .unknownSource }
    if let note = entry.note { try InputLimits.check(note, InputLimits.noteCharacters, "The note") }
    if let entered = entry.entered {
      guard ValueParser.isStorable(entered.value) else { throw .valueOutOfRange }
      guard !entered.unit.isEmpty else { throw .emptyText("The unit as entered") }
      try InputLimits.checkName(entered.unit, InputLimits.unitCharacters, "The unit as entered")
    }
  }

  /// A visit's date, names and notes are ones glance keeps.
  public static func check(_ visit: Visit) throws(EntryError) {
    if visit.date < DateParser.earliest { throw .dateTooEarly(visit.date) }
    guard !visit.doctorName.trimmingWhitespaceAndNewlines().isEmpty else { throw .emptyText("The doctor's name") }
    try InputLimits.checkName(visit.doctorName, InputLimits.nameCharacters, "The doctor's name")
    if let label = visit.visitTypeLabel { try InputLimits.checkName(label, InputLimits.nameCharacters, "The label") }
    if let notes = visit.notes { try InputLimits.check(notes, InputLimits.visitNotesCharacters, "The visit note") }
  }

  /// A custom marker's name and unit are one line of plain text within their limits.
  public static func check(_ marker: MarkerDefinition) throws(EntryError) {
    guard !marker.displayName.isEmpty else { throw .emptyText("Its name") }
    guard !marker.unit.isEmpty else { throw .emptyText("Its unit") }
    try InputLimits.checkName(marker.displayName, InputLimits.nameCharacters, "Its name")
    try InputLimits.checkName(marker.shortName, InputLimits.nameCharacters, "Its short name")
    try InputLimits.checkName(marker.unit, InputLimits.unitCharacters, "Its unit")
    try InputLimits.checkName(marker.key, InputLimits.nameCharacters + 16, "Its key")
  }
}
