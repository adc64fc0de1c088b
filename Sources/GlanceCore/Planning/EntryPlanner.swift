#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A reading ready to save once its checks are answered.
public struct EntryDraft: Equatable, Sendable {
  public var marker: MarkerDefinition
  public var value: Double
  public var comparator: ValueComparator?
  /// Set when the value was converted: 3.2 mmol/L, kept with the reading.
  public var entered: EnteredValue?
  public var date: CalendarDate
  public var note: String?
  /// Questions to answer before saving; empty when there is nothing to ask.
  public var checks: [EntryCheck]
  /// The marker's readings the checks were made against.
  var existing: [MarkerEntry] = []

  /// How many stored readings are the same as this one (marker, date, value, comparator):
  /// what the duplicate question, if any, was about.
  var sameReadings: Int { existing.filter { isSame(as: $0) }.count }

  /// True when `entry` records the same value of the same marker on the same day.
  func isSame(as entry: MarkerEntry) -> Bool {
    entry.markerID == marker.id && entry.dateOfService == date && entry.value == value
      && entry.comparator == comparator
  }

  /// "3.2 mmol/L" when the value was converted.
  public var convertedFrom: String? { entered?.text(comparator) }

  /// This draft with the value the slip question suggested instead of the typed one (`entered`:
  /// the number as typed, read in the unit the question named): every other check (a duplicate
  /// of the new value) is made again; the slip question is answered.
  public func accepting(_ suggestion: Double, entered: EnteredValue? = nil) -> EntryDraft {
    var draft = self
    draft.value = suggestion
    // A suggestion in the marker's own unit (130 mg/dL for an SI reader's "130") keeps nothing extra.
    draft.entered = entered.flatMap {
      UnitConverter.normalize($0.unit) == UnitConverter.normalize(marker.unit) ? nil : $0
    }
    draft.checks = EntryChecks.check(
      value: suggestion, comparator: comparator, date: date, marker: marker, existing: existing, unitTyped: true,
      typed: draft.entered
    ).filter {
      switch $0.kind {
      case .tenfold, .unitSlip: false
      default: true
      }
    }
    return draft
  }

  /// The entry this draft saves.
  public func entry(at now: Timestamp, source: SourceType) -> MarkerEntry {
    MarkerEntry(
      markerID: marker.id, value: value, comparator: comparator, unit: marker.unit, entered: entered,
      dateOfService: date, entryTimestamp: now, note: note, sourceType: source)
  }

  /// `HDL 89 mg/dL`.
  public var label: String { "\(marker.shortName) \(ValueText.withUnit(value, comparator, marker.unit))" }
}

/// Turns what a person typed for `glance add` and `glance batch` into drafts: marker words
/// resolved, the value read strictly, a unit converted, the date read, the checks found.
public enum EntryPlanner {
  /// Drafts for one `glance add`: one reading, or two for blood pressure.
  public static func plan(
    marker markerText: String, value valueText: String, unit: String?, date dateText: String?, note: String?,
    today: CalendarDate, document: GlanceDocument, library: MarkerLibrary
  ) throws(EntryError) -> [EntryDraft] {
    // "glance add 61 hdl": the number came first (newcomer review at stop 33: it suggested a
    // marker called "61"). Said without the number.
    if (try? ValueParser.parse(markerText)) != nil, (try? ValueParser.parse(valueText)) == nil,
      (try? MarkerResolver.markers(markerText, among: library.markers + document.customMarkers)) == nil,
      let markers = try? MarkerResolver.markers(valueText, among: library.markers + document.customMarkers)
    {
      throw .markerAfterValue(markers.count == 2 ? "bp" : markers[0].key)
    }
    // "ldl mmol/l": the unit the name says is the value's.
    let named = try MarkerResolver.nameAndUnit(markerText, among: library.markers)
    let unit = try MarkerResolver.unit(inName: named.unit, given: unit, name: markerText)
    let markers: [MarkerDefinition]
    do {
      markers = try MarkerResolver.markers(named.name, among: library.markers + document.customMarkers)
    } catch {
      // The custom marker it suggests in the unit typed, else the one the person reads.
      let typed = try? ValueParser.parse(valueText)
      let typedUnit =
        unit ?? typed?.unit
        ?? typed.flatMap { FalseFriends.leftOutCritical(of: error)?.unit(ofBare: $0.value, markers: library.markers) }
      let said = FalseFriends.inUnit(error, typedUnit, markers: library.markers)
      throw leftOutCritical(said, valueText: valueText, unit: unit, library: library)
    }
    let date =
      try dateText.map { (text: String) throws(EntryError) in try DateParser.parse(text, today: today, for: .reading) }
      ?? today
    let cleanNote = try note.flatMap { (text: String) throws(EntryError) in try self.note(text) }
    // Only the readings of the markers in question: the checks need nothing else.
    let wanted = Set(markers.map(\.id))
    let groups = document.entryIndicesByMarker(only: wanted).mapValues { $0.map { document.entries[$0] } }
    if markers.count == 2 {
      let parts = valueText.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
      guard parts.count == 2 else { throw .bloodPressureFormat(valueText) }
      var drafts = try zip(markers, parts).map { (marker, part) throws(EntryError) in
        try draft(
          marker, valueText: part, unit: unit, defaultUnit: document.typingUnit(for: marker), date: date,
          note: cleanNote, existing: groups[marker.id] ?? [])
      }
      if let swapped = EntryChecks.swappedBloodPressure(systolic: drafts[0].value, diastolic: drafts[1].value) {
        drafts[1].checks.insert(swapped, at: 0)
      }
      return drafts
    }
    var single = try draft(
      markers[0], valueText: valueText, unit: unit, defaultUnit: document.typingUnit(for: markers[0]), date: date,
      note: cleanNote, existing: groups[markers[0].id] ?? [])
    if EntryChecks.isUnqualifiedGlucose(markerText, marker: markers[0]) {
      // Critical in any unit the number can be read in: as saved, as typed in mg/dL, or in mmol/L
      // (clinician's third look this session: glucose 2.7, read as mmol/L, 49 mg/dL, and 45 from
      // someone who reads SI, 45 mg/dL, asked nothing of it).
      let typed = try? ValueParser.parse(valueText)
      let units: [String?] = typed?.unit != nil || unit != nil ? [typed?.unit ?? unit] : [nil, markers[0].siUnit]
      let savedCritical = document.judging(markers[0])
        .judgement(of: single.entry(at: Timestamp(secondsSince1970: 0), source: .quickAdd)).status.isCritical
      let critical =
        markers[0].key == "fasting-glucose"
        && (savedCritical
          || units.contains { unit in
            typed.map {
              LeftOutCritical.glucose.isCritical(
                $0.value, comparator: $0.comparator, unit: unit, markers: library.markers)
            } ?? false
          })
      // The custom marker it suggests in the unit typed when that is the SI one (glucose 5.0
      // mmol/L was told `--unit mg/dL`), else in the person's.
      // Or a bare number below anything plausible in mg/dL (third look at stop 36: "glucose 2.5",
      // critical as 2.5 mmol/L, was told --unit mg/dL).
      var suggested = document.displayUnit(for: markers[0]).unit
      if let siUnit = markers[0].siUnit {
        let typedInSI = single.entered.map { UnitConverter.normalize($0.unit) == UnitConverter.normalize(siUnit) }
        let bare = typed.map { $0.unit == nil && unit == nil && $0.value > 0 } ?? false
        if typedInSI ?? (bare && (typed?.value ?? 0) < markers[0].plausibleMin ?? 0) { suggested = siUnit }
      }
      // Its advice said first, a unit question after it does not say it again.
      if critical { single.checks = single.checks.map { $0.withoutAdvice() } }
      // The person's own marker for it, in the unit the number is in: the command that records it.
      let readIn = typed?.unit ?? unit ?? single.entered?.unit ?? markers[0].unit
      let own = FastingChoice(given: nil, markers: document.customMarkers).ownMarker(for: markers[0], unit: readIn)
        .map {
          "glance add \(ShellQuote.key($0.key)) \(ShellQuote.word(valueText))"
            + (unit.map { " " + ShellQuote.word($0) } ?? "")
        }
      single.checks.insert(
        EntryChecks.fastingQuestion(for: markers[0], unit: suggested, critical: critical, own: own), at: 0)
    }
    return [single]
  }

  /// `error`, and when it refuses another test glance can still judge (a random glucose, an
  /// ionized calcium) whose value as typed is past a critical limit, the refusal says so, with
  /// the critical sentence and without the value (clinician's review this session: `add "random
  /// glucose" 30` was refused with only how to add a custom marker).
  static func leftOutCritical(_ error: EntryError, valueText: String, unit: String?, library: MarkerLibrary)
    -> EntryError
  {
    guard let kind = FalseFriends.leftOutCritical(of: error), let typed = try? ValueParser.parse(valueText),
      kind.isCritical(
        typed.value, comparator: typed.comparator, unit: typed.unit ?? unit, markers: library.markers)
    else { return error }
    let still = " Still: as typed, it is past a critical limit for \(kind.noun). " + Judgement.criticalAdvice
    switch error {
    case .falseFriend(let name, let explanation):
      return .falseFriend(name, explanation + (explanation.hasSuffix(".") ? "" : ".") + still)
    case .unknownMarker(let name):
      // A name glance knows no marker for that an import judges as a glucose ("Whole blood
      // glucose": attacker and clinician reviews at stop 37), with the marker to track it in.
      let said =
        typed.unit ?? unit ?? kind.unit(ofBare: typed.value, markers: library.markers)
        ?? library.marker(key: "fasting-glucose")?.unit ?? "mg/dL"
      return .falseFriend(
        name,
        "It is a glucose that is not glance's fasting glucose; to keep such readings, add your own marker: glance custom \(ShellQuote.quote(name)) --unit \(said)."
          + still)
    default: return error
    }
  }

  /// A note as typed: nil when it is only spaces (`--note ""` removes a note), refused past
  /// `InputLimits.noteCharacters`.
  public static func note(_ text: String) throws(EntryError) -> String? {
    try InputLimits.check(text, InputLimits.noteCharacters, "The note")
    return text.trimmingWhitespaceAndNewlines().isEmpty ? nil : text
  }

  /// One draft for `marker` from a typed value (and unit). A bare number is read in
  /// `defaultUnit` when there is one: the unit the person reads the marker in (`glance units`).
  /// `belowZero`: true for glance's own backup, which restores whatever was stored; a value a
  /// person or a lab gives is refused below zero.
  public static func draft(
    _ marker: MarkerDefinition, valueText: String, unit: String?, defaultUnit: String? = nil, date: CalendarDate,
    note: String?, existing: [MarkerEntry], belowZero: Bool = false
  ) throws(EntryError) -> EntryDraft {
    let typed = try ValueParser.parse(valueText)
    if typed.unit != nil, unit != nil { throw .invalidValue(valueText + " " + (unit ?? "")) }
    let readIn = unit == nil && typed.unit == nil ? defaultUnit : nil
    var draft = try draft(
      marker, typed: typed, unit: unit ?? readIn, date: date, note: note, existing: existing, belowZero: belowZero)
    if let readIn {
      draft.checks = EntryChecks.readIn(
        readIn, typed: typed, converted: draft.value, marker: marker, usual: EntryChecks.usual(of: existing),
        checks: draft.checks)
    }
    return draft
  }

  /// A draft from a value already read (a FHIR quantity's number, every digit of it kept).
  static func draft(
    _ marker: MarkerDefinition, typed: TypedValue, unit: String?, date: CalendarDate, note: String?,
    existing: [MarkerEntry], belowZero: Bool = false
  ) throws(EntryError) -> EntryDraft {
    var conversion = try UnitConverter.convert(typed.value, unit: typed.unit ?? unit, for: marker)
    // "-0" is 0.
    if conversion.value == 0 { conversion.value = 0 }
    // No library marker is below zero, nor says a bound at or under it anything (">=0", "<0"):
    // refused, never saved (attacker's reviews at stop 34: glucose "<-5" was saved as critical;
    // at stop 36: ">=0" was summed up as "within the reference range").
    // The number as typed too: 0 mmol/mol is an A1c of 2.15% (attacker's second look at stop
    // 35: "<0 mmol/mol" was saved as "<2.2% ✓", -20 mmol/mol as 0.3%).
    if marker.isSystemDefined, !belowZero {
      if typed.comparator != nil, conversion.value <= 0 || typed.value <= 0 {
        throw .boundAtZero(marker.shortName, ValueText.value(typed.value, typed.comparator))
      }
      if conversion.value < 0 || typed.value < 0 { throw .negativeNotAllowed(marker.shortName) }
    }
    let entered = conversion.original.map { EnteredValue(value: $0.value, unit: $0.unit) }
    let checks = EntryChecks.check(
      value: conversion.value, comparator: typed.comparator, date: date, marker: marker, existing: existing,
      unitTyped: typed.unit != nil || unit != nil, typed: entered)
    if let note { try InputLimits.check(note, InputLimits.noteCharacters, "The note") }
    return EntryDraft(
      marker: marker, value: conversion.value, comparator: typed.comparator,
      entered: entered, date: date, note: note, checks: checks, existing: existing)
  }

  /// What saving did.
  public struct Saved: Sendable {
    public var entries: [MarkerEntry]
    /// Library markers that were not tracked before and are now.
    public var newlyTracked: [MarkerDefinition]
    /// The document after saving.
    public var document: GlanceDocument
  }

  /// Saves drafts as one change (all or none), tracking any marker not tracked yet.
  ///
  /// The drafts were checked against the data read before the questions; under the write lock
  /// they are checked again: a custom marker removed meanwhile, or the same reading saved
  /// meanwhile by another glance (a duplicate nobody was asked about, unless `assumeYes`), stops
  /// the save with `ConcurrentChangeError`.
  public static func save(
    _ drafts: [EntryDraft], source: SourceType, summary: String, assumeYes: Bool = false,
    repository: any DataRepository
  ) throws -> Saved {
    // Nothing to save writes nothing: no empty undo step, no data file made for it.
    guard !drafts.isEmpty else { return Saved(entries: [], newlyTracked: [], document: try repository.read()) }
    let (entries, newlyTracked) = try repository.write(summary: summary) { transaction in
      let document = transaction.document
      for draft in drafts where !draft.marker.isSystemDefined {
        guard document.customMarkers.contains(where: { $0.id == draft.marker.id }) else {
          throw ConcurrentChangeError.markerGone(draft.marker.displayName)
        }
      }
      if !assumeYes {
        for draft in drafts {
          let now = document.entries.withUnsafeBufferPointer { buffer in
            var count = 0
            for entry in buffer where entry.markerID.words == draft.marker.id.words && draft.isSame(as: entry) {
              count += 1
            }
            return count
          }
          if now > draft.sameReadings {
            throw ConcurrentChangeError.duplicateAppeared("\(draft.marker.shortName) for \(DateText.long(draft.date))")
          }
        }
      }
      let added = Set(transaction.track(drafts.map(\.marker.id)))
      var newlyTracked: [MarkerDefinition] = []
      for draft in drafts
      where added.contains(draft.marker.id) && !newlyTracked.contains(where: { $0.id == draft.marker.id }) {
        newlyTracked.append(draft.marker)
      }
      var entries: [MarkerEntry] = []
      for draft in drafts {
        var entry = draft.entry(at: transaction.now, source: source)
        // Readings of one marker and day saved in the same second tie on their time, and the tie
        // falls to the id: the new one gets an id after theirs, so it is the latest, as it was
        // entered (a 6.8 potassium typed right after a 4.2 must not hide behind it).
        var last: UUID?
        func consider(_ other: MarkerEntry) {
          guard other.markerID.words == entry.markerID.words, other.dateOfService == entry.dateOfService,
            other.entryTimestamp == entry.entryTimestamp
          else { return }
          if let known = last, !known.sortsBefore(other.id) { return }
          last = other.id
        }
        // Entries are in date order: only that day's are looked at.
        let stored = document.entries
        var index = stored.partitioningIndex { $0.dateOfService >= entry.dateOfService }
        while index < stored.count, stored[index].dateOfService == entry.dateOfService {
          consider(stored[index])
          index += 1
        }
        entries.forEach(consider)
        if let last, !last.sortsBefore(entry.id), let after = UUID.random(after: last) {
          entry.id = after
        }
        entries.append(entry)
      }
      transaction.apply(entries.map(Operation.putEntry))
      return (entries, newlyTracked)
    }
    return Saved(entries: entries, newlyTracked: newlyTracked, document: try repository.read())
  }

  /// The undo summary of saving drafts: "add HDL 89 mg/dL on Feb 15, 2025", "add blood pressure 120/80 mmHg
  /// on …", "add 6 readings on …".
  public static func summary(of drafts: [EntryDraft]) -> String {
    guard let first = drafts.first else { return "add nothing" }
    let date = DateText.long(first.date)
    // Each reading by name (newcomer review at stop 40: a batch's undo named none), blood
    // pressure as its pair; past `summaryReadings`, counted.
    var parts: [String] = []
    // The readings each part names: a blood-pressure pair is two.
    var counts: [Int] = []
    var index = 0
    while index < drafts.count {
      let draft = drafts[index]
      if draft.marker.key == "bp-systolic", index + 1 < drafts.count, drafts[index + 1].marker.key == "bp-diastolic" {
        let pair = "\(ValueText.number(draft.value))/\(ValueText.number(drafts[index + 1].value))"
        parts.append("blood pressure \(pair) \(draft.marker.unit)")
        counts.append(2)
        index += 2
        continue
      }
      // As typed when typed in another unit ("add LDL 2.9 mmol/L"), so undo names what was
      // typed; in the marker's unit with that unit ("add HDL 89 mg/dL").
      let value =
        draft.entered?.text(draft.comparator) ?? ValueText.withUnit(draft.value, draft.comparator, draft.marker.unit)
      parts.append("\(draft.marker.shortName) \(value)")
      counts.append(1)
      index += 1
    }
    guard parts.count > summaryReadings else { return "add \(parts.joinedText(", ")) on \(date)" }
    // The rest counted in readings, as the head is (newcomer review at stop 41: 13 readings
    // were "6 named and 6 more", a pair counted once).
    let rest = drafts.count - counts.prefix(summaryReadings).reduce(0, +)
    return
      "add \(drafts.count) readings on \(date): \(parts.prefix(summaryReadings).joinedText(", ")) and \(rest) more"
  }

  /// How many readings an undo summary names before it counts the rest.
  static let summaryReadings = 6
}
