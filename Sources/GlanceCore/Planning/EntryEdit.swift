/// A change to one stored reading, worked out before anything is asked or saved.
public struct EntryEdit: Sendable {
  public var old: MarkerEntry
  public var new: MarkerEntry
  public var marker: MarkerDefinition
  /// When the value changed: the draft whose questions (a slip, a duplicate) are asked first.
  public var draft: EntryDraft?
  /// The marker as its screens judge and print it (without its readings): the Was:/Now: lines
  /// say the value as `show` does.
  public var judging: MarkerSnapshot
  /// The unit the person reads the marker in.
  public var display: DisplayUnit { judging.display }

  /// True when the edit would change nothing.
  public var changesNothing: Bool { new == old }

  /// This edit with the answers to its questions: the value may be the suggested one.
  public func answered(_ answered: EntryDraft) -> EntryEdit {
    var edit = self
    edit.new.value = answered.value
    edit.new.comparator = answered.comparator
    edit.new.entered = answered.entered
    edit.draft = answered
    return edit
  }

  /// The undo summary: "edit HDL 49 → 490 mg/dL on Feb 15, 2025", "edit HDL 89 mg/dL on Feb 15,
  /// 2025 → Feb 16, 2025": what `undo` takes back (newcomer review: "edit HDL 49" named neither
  /// the new value nor a unit).
  public var summary: String {
    // Printed alike but not alike (LDL 130 and 131 mg/dL are both 3.4 mmol/L): each as typed,
    // and the printing they share when the new one was typed in another unit (reviews at stop
    // 41: 131 mg/dL edited to 3.4 mmol/L was "edit LDL 131 mg/dL").
    let before = typed(old)
    let after = typed(new)
    let newUnit = new.entered(for: marker)?.unit ?? marker.unit
    let shared = UnitConverter.normalize(newUnit) == UnitConverter.normalize(display.unit) ? "" : " (\(shown(new)))"
    let value =
      shown(new) != shown(old)
      ? "\(shown(old, unit: false)) → \(shown(new))"
      : before == after ? shown(old) : "\(before) → \(after)\(shared)"
    let date =
      new.dateOfService == old.dateOfService
      ? DateText.long(old.dateOfService) : "\(DateText.long(old.dateOfService)) → \(DateText.long(new.dateOfService))"
    return "edit \(marker.shortName) \(value) on \(date)"
  }

  /// A reading as it was typed: in the unit typed, or the marker's.
  func typed(_ entry: MarkerEntry) -> String {
    entry.entered(for: marker)?.text(entry.comparator) ?? ValueText.withUnit(entry.value, entry.comparator, marker.unit)
  }

  /// A reading in the person's unit.
  func shown(_ entry: MarkerEntry, unit: Bool = true) -> String {
    unit ? judging.displayedText(entry) : judging.displayedValue(entry)
  }

  /// When the old and new value read the same in the person's unit but differ (130 mg/dL and
  /// 3.4 mmol/L are both "3.4 mmol/L"), what tells them apart: the value as typed in another
  /// unit, else as stored.
  func aside(_ entry: MarkerEntry) -> String {
    guard shown(old) == shown(new), old.value != new.value || old.entered != new.entered else { return "" }
    if let entered = entry.entered(for: marker),
      UnitConverter.normalize(entered.unit) != UnitConverter.normalize(display.unit)
    {
      return " (\(entered.text(entry.comparator)))"
    }
    return display.isOwn ? "" : " (\(entry.valueText))"
  }

  /// The Now: line: the reading as `describe` says it and, when its value changed, its status;
  /// a critical one gets the advice line `add` prints under it (clinician's second look: an
  /// edit to potassium 7.5 said nothing of it).
  public func nowText(style: OutputStyle) -> String {
    let line = "Now: " + describe(new)
    guard new.value != old.value || new.comparator != old.comparator else { return line }
    let judgement = judging.judgement(of: new)
    guard judgement.status != .noRange else { return line }
    let judged = line + " · " + judgement.badge(style) + " " + judgement.words
    return judgement.criticalSentence.map { judged + "\n" + $0 } ?? judged
  }

  /// "HDL 89 mg/dL on Feb 15, 2025 — “fasting”", for the Was:/Now: lines.
  public func describe(_ entry: MarkerEntry) -> String {
    "\(marker.shortName) \(shown(entry))\(aside(entry)) on \(DateText.long(entry.dateOfService))"
      + (entry.note.map { " — \(quoted(ShowView.firstLine($0)))" } ?? "")
  }
}

extension EntryPlanner {
  /// The edit of `old` to the typed value, date and note (each nil when unchanged; a note of
  /// only spaces removes it). A new value goes through every check a new reading does, against
  /// the marker's other readings.
  public static func edit(
    _ old: MarkerEntry, value valueText: String?, date dateText: String?, note noteText: String?,
    today: CalendarDate, document: GlanceDocument, library: MarkerLibrary
  ) throws -> EntryEdit {
    guard let marker = document.definition(for: old.markerID, library: library) else {
      throw IDError.noReading(ShortID.hex(old.id))
    }
    var new = old
    let date =
      try dateText.map { (text: String) throws(EntryError) in try DateParser.parse(text, today: today, for: .reading) }
      ?? old.dateOfService
    var draft: EntryDraft?
    if let valueText {
      let others = document.entries.filter { $0.markerID == old.markerID && $0.id != old.id }
      // A bare number in the unit the reading was typed in (newcomer review at stop 37: a
      // glucose typed as 6.3 mmol/L, edited to 6.1, was read as 6.1 mg/dL).
      let unit = old.entered(for: marker)?.unit ?? document.typingUnit(for: marker)
      let typed = try self.draft(
        marker, valueText: valueText, unit: nil, defaultUnit: unit, date: date, note: nil, existing: others)
      new.value = typed.value
      // In the marker's unit, as the draft is: a unit put in by hand is mended (DamageNotice).
      new.unit = marker.unit
      new.comparator = typed.comparator
      new.entered = typed.entered
      draft = typed
    }
    new.dateOfService = date
    if let noteText { new.note = try note(noteText) }
    return EntryEdit(old: old, new: new, marker: marker, draft: draft, judging: document.judging(marker))
  }
}

extension EntryPlanner {
  /// Saves `edit` while its reading is still the one shown. With `assumeYes` nothing was asked,
  /// so when another glance changed the reading meanwhile, `again` makes the same typed edit of
  /// the reading as it is now (with the document now), and that is saved: an edit changes only
  /// the fields it was given (attacker review at stop 34: three `edit --yes` of different fields
  /// at once refused one or two with exit 75). Returns the edit saved: its `old` is the reading
  /// it replaced.
  public static func save(
    _ edit: EntryEdit, assumeYes: Bool, repository: any DataRepository,
    again: (_ current: MarkerEntry, _ document: GlanceDocument) throws -> EntryEdit
  ) throws -> EntryEdit {
    var edit = edit
    // A few tries: each is lost only to another save in between.
    for _ in 0..<4 {
      do {
        try repository.updateEntry(edit.new, expecting: edit.old, summary: edit.summary)
        return edit
      } catch ConcurrentChangeError.readingChanged where assumeYes {
        let document = try repository.read()
        guard let current = document.entries.first(where: { $0.id == edit.old.id }) else {
          throw RepositoryError.entryNotFound(edit.old.id)
        }
        edit = try again(current, document)
        if edit.changesNothing { return edit }
      }
    }
    throw ConcurrentChangeError.readingChanged
  }
}
