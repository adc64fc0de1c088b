#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What an import would change, worked out before anything is written; `--dry-run` prints it.
public struct ImportPlan: Sendable {
  /// What the file was read as.
  public enum Kind: String, Sendable {
    case glanceJSON = "a glance JSON export"
    case glanceCSV = "a glance CSV export"
    case spreadsheet = "a spreadsheet (a date column and one column per marker)"
    case labReport = "a spreadsheet with one row per result (a lab report)"
    case fhir = "FHIR health records"
    case visitsCSV = "a glance CSV export of visits"
    case salvage = "what still reads of a damaged glance file"
  }

  public var kind: Kind
  /// Replace everything (`--replace`) rather than merge.
  public var replace: Bool
  /// The readings to add; empty once `takeEntries` handed them to the save.
  public var entries: [MarkerEntry] = []

  /// What the summary says of the readings: their number, first and last day and markers.
  struct ReadingFacts: Sendable {
    var count = 0
    var first: CalendarDate?
    var last: CalendarDate?
    var markerIDs: Set<UUID> = []

    init(_ entries: [MarkerEntry]) {
      count = entries.count
      for entry in entries {
        if first.map({ entry.dateOfService < $0 }) ?? true { first = entry.dateOfService }
        if last.map({ entry.dateOfService > $0 }) ?? true { last = entry.dateOfService }
        markerIDs.insert(entry.markerID)
      }
    }
  }

  private var handedOver: ReadingFacts?
  var readings: ReadingFacts { handedOver ?? ReadingFacts(entries) }
  /// How many readings the import adds, handed over or not.
  public var readingCount: Int { handedOver?.count ?? entries.count }

  /// The readings, moved out for the save: the plan keeps only what its summary says of them, so
  /// a 500,000-row import does not hold a second copy of its readings while the file is written.
  mutating func takeEntries() -> [MarkerEntry] {
    handedOver = readings
    let taken = entries
    entries = []
    return taken
  }

  /// The custom markers of the folder after the import was saved, to name the readings' markers.
  var customMarkersAfter: [MarkerDefinition]?

  /// " (62,616 readings, 3 visits)": what the import brings in, for its undo step's summary.
  var sizeSuffix: String {
    let count = readingCount
    let parts = [
      count == 0 ? nil : counted(count, "reading"), visits.isEmpty ? nil : counted(visits.count, "visit"),
      customMarkers.isEmpty ? nil : counted(customMarkers.count, "custom marker"),
    ].compactMap { $0 }
    return parts.isEmpty ? "" : " (" + parts.joinedText(", ") + ")"
  }
  public var visits: [Visit] = []
  public var customMarkers: [MarkerDefinition] = []
  /// Tracked-marker rows to add (merge) or the whole list (replace).
  public var trackedMarkers: [UserMarker] = []
  /// The profile to adopt: on replace, or when importing into an empty store; merging a
  /// backup into a folder with data, the folder's with what it lacked filled in.
  public var profile: Profile?
  /// Merging a backup: what of its profile filled in the folder's ("your name", "sex (female)",
  /// "units"), and what the folder had otherwise and kept ("name", "sex", "units").
  public var profileFilled: [String] = []
  public var profileKept: [String] = []
  /// What a `--replace` changed of the person's profile: "name (now “Me”)", "units (now SI)"
  /// (newcomer review at stop 37: the backup's units and name came in unsaid).
  public var profileReplaced: [String] = []
  /// Readings and visits already stored (same id, or same marker, date and value).
  public var duplicates = 0
  /// The first readings skipped as already kept, named ("Hemoglobin A1c on Jan 15, 2024"):
  /// "Skipped 1 item" said nothing of which (newcomer review at stop 35).
  public var duplicateExamples: [String] = []

  /// (The label is made only for the first three: a restore into the same folder skips them all.)
  mutating func keepDuplicateExample(_ label: @autoclosure () -> String) {
    if duplicateExamples.count < 3 { duplicateExamples.append(label()) }
  }
  /// Of `duplicates`, a sheet's rows whose note differs from the saved reading's, which is kept.
  public var notesDiffer = 0
  /// Notes longer than a note may be (a lab's long comment), kept to its length.
  public var notesCut = 0
  /// Readings whose value as entered (a backup's enteredValue and enteredUnit) does not convert
  /// into their value: the value is kept, the value as entered left out.
  public var enteredLeftOut: [String] = []

  /// How many critical results a list names before "and N more": every one a lab report holds
  /// (clinician's second look this session: a refusal named 10 of 13 left-out critical results,
  /// and the other three were said nowhere).
  static let criticalListLimit = 200

  /// True when the summary (of an import, not a dry run) says the critical sentence's advice: the
  /// sentence said after it, of the latest readings, then leaves it out.
  public var saysCriticalAdvice: Bool {
    !adviceSaidAfter && (!labCritical.isEmpty || !labCriticalLeftOut.isEmpty || !criticalLeftOut.isEmpty)
  }

  /// Set when the import's critical sentence of the latest readings it saved follows the
  /// summary: that sentence then says the advice, once, and the summary's lines leave it out
  /// (clinician review at stop 36: five saved critical results read without it, the advice
  /// being said of the rows left out).
  public var adviceSaidAfter = false

  /// "Left out, though the lab called them critical: …", with the critical sentence when no
  /// line before it said it.
  var labCriticalLeftOutLine: String? {
    guard !labCriticalLeftOut.isEmpty else { return nil }
    return
      "Left out, though the lab called them critical: \(listed(labCriticalLeftOut, limit: Self.criticalListLimit)). "
      + "Check them on the lab's report."
      + (labCritical.isEmpty && !adviceSaidAfter ? " " + Judgement.criticalAdvice : "")
  }

  /// "Left out, though past a critical limit: …" (`LeftOutCritical`), with the critical sentence
  /// when no line before it said it.
  var criticalLeftOutLine: String? {
    guard !criticalLeftOut.isEmpty else { return nil }
    return
      "Left out, though past a critical limit: \(listed(criticalLeftOut, limit: Self.criticalListLimit)). Check them on the lab's report."
      + (labCritical.isEmpty && labCriticalLeftOut.isEmpty && !adviceSaidAfter ? " " + Judgement.criticalAdvice : "")
  }

  /// "The lab flagged outside its range what is inside glance's: …". The lab's call is for its
  /// own method (docs/MarkerLibrary.md): said, so glance's ✓ does not read as the last word
  /// (clinician's second look at stop 34; for sheets, newcomer review this session).
  var labOutsideLine: String? {
    guard !labOutside.isEmpty else { return nil }
    return "The lab flagged outside its range what is inside glance's: \(listed(labOutside, limit: 10)). "
      + "A lab's range is set for its own method; consider asking your doctor about these."
  }

  /// "The lab called critical what glance's limits do not: Sodium 124 mmol/L on …", and the
  /// critical sentence.
  var labCriticalLine: String {
    "The lab called critical what glance's limits do not: \(listed(labCritical, limit: Self.criticalListLimit))."
      + (adviceSaidAfter ? "" : " " + Judgement.criticalAdvice)
  }

  /// `note` kept to the length a note may have (a lab's long interpretive comment), the cut
  /// counted for the summary; the reading is never left out for it.
  mutating func kept(note: String?) -> String? {
    guard let note, note.count > InputLimits.noteCharacters else { return note }
    notesCut += 1
    return String(note.prefix(InputLimits.noteCharacters - 1)) + "…"
  }

  /// Observations not final yet ("preliminary"), left out.
  public var notFinal = 0
  /// Readings this folder holds that the file says the lab withdrew (entered in error), each
  /// with how to delete it.
  public var withdrawn: [String] = []
  /// Their ids: removed by the import (undo puts them back).
  public var withdrawnIDs: [UUID] = []
  /// A lab's amended results of readings this folder has: they replace them (`corrected` says
  /// each, "Potassium on Jan 15, 2024: 4.4 → 6.9 mEq/L").
  public var corrections: [MarkerEntry] = []
  public var corrected: [String] = []
  /// FHIR observations passed over for a newer version of themselves in the same file.
  public var olderVersions = 0
  /// Observations repeating an id with nothing telling which is newer: the first was read.
  public var sameVersions = 0
  /// FHIR observations that carried the lab's flag or range (left out); those the lab called
  /// critical that glance's limits do not; those it flagged outside its range inside glance's.
  public var labFlagged = 0
  public var labCritical: [String] = []
  /// The same, each as its marker and day only: for a refusal.
  var labCriticalNames: [String] = []
  /// The readings past a critical limit by glance's limits, each as its marker, shown value and
  /// day: a dry run names them, a refusal names them without values.
  public var criticalInFile: [(name: String, shown: String, date: CalendarDate)] = []
  /// "Past a critical limit (each value is in the lab's report): Potassium on May 1, 2025, …",
  /// then the results the lab called critical and those left out though critical: for a
  /// refusal, which names them all without values (clinician's third look at stop 34: a file
  /// refused for a unit named none, and a refusal over questions left out the lab's calls).
  var criticalLineWithoutValues: String? {
    // Each once, with how many when one test was past it more than once that day (attacker's
    // third look at stop 34: "Potassium on Nov 1, 2026" twice, nothing telling them apart).
    func counted(_ items: [String]) -> [String] {
      var named: [String] = []
      var times: [String: Int] = [:]
      for text in items {
        if times[text] == nil { named.append(text) }
        times[text, default: 0] += 1
      }
      return named.map { times[$0, default: 1] > 1 ? "\($0) (\(times[$0]!) results)" : $0 }
    }
    var sentences: [String] = []
    if !criticalInFile.isEmpty {
      sentences.append(
        "Past a critical limit: "
          + listed(
            counted(criticalInFile.map { "\($0.name) on \(DateText.long($0.date))" }), limit: Self.criticalListLimit)
          + ".")
    }
    if !labCriticalNames.isEmpty {
      sentences.append("The lab called critical: \(listed(counted(labCriticalNames), limit: Self.criticalListLimit)).")
    }
    if !labCriticalLeftOut.isEmpty {
      sentences.append(
        "Left out, though the lab called them critical: \(listed(labCriticalLeftOut, limit: Self.criticalListLimit)).")
    }
    if !criticalLeftOut.isEmpty {
      sentences.append(
        "Left out, though past a critical limit: \(listed(criticalLeftOut, limit: Self.criticalListLimit)).")
    }
    guard var first = sentences.first, let colon = first.firstIndex(of: ":") else { return nil }
    first.insert(contentsOf: " (each value is in the lab's report)", at: colon)
    sentences[0] = first
    return sentences.joinedText(" ") + " " + Judgement.criticalAdvice
  }

  /// The sex a portal's Patient gives, when the folder has none set: said, never set.
  public var sexInFile: Sex?
  /// A sheet's rows the lab flagged critical, while it is planned (then `labCritical`).
  var criticalFlaggedRows: [Int] = []
  /// A sheet's rows the lab flagged outside its range, while it is planned (then `labOutside`).
  var outsideFlaggedRows: [Int] = []
  /// Results left out that are past glance's own critical limits (a glucose not said to be
  /// fasting): named, never valued.
  public var criticalLeftOut: [String] = []
  /// Results the lab called critical that were left out, each with why: named, never valued.
  public var labCriticalLeftOut: [String] = []
  public var labOutside: [String] = []
  /// Readings whose id the file gives twice (a history of one observation): the first is kept.
  public var repeatedInFile = 0
  /// Rows without an id the same as an earlier row of the file (test, day, value, unit and note):
  /// each kept as a reading, and counted, with the first few named.
  public var repeatedRows = 0
  /// Rows left out as one result given again in another unit, drawn together (a lab's HbA1c in
  /// % and mmol/mol: `TwoUnits`): "Hemoglobin A1c on Jan 15, 2024: 6.1% and 43 mmol/mol, kept as
  /// 43 mmol/mol".
  public var sameInAnotherUnit = 0
  public var sameInAnotherUnitExamples: [String] = []
  /// Rows kept beside a row of the same draw in another unit that no one result prints as both
  /// (HbA1c 6.3% and 47 mmol/mol), or that is judged apart (5.7% and 38 mmol/mol): two readings,
  /// said.
  public var apartInTwoUnits = 0
  public var apartInTwoUnitsExamples: [String] = []
  public var repeatedRowExamples: [String] = []
  /// Spreadsheet columns that name no marker; nothing is guessed for them.
  public var unmatchedColumns: [String] = []
  /// Values outside a marker's plausible range, imported as they are but worth a look.
  public var unusual: [String] = []
  /// Questions about a group of rows (a column or a test named "Glucose" without "fasting"),
  /// each asked once; `Importer.addRows` keeps those about rows it adds.
  var groupQuestions: [SpreadsheetImporter.RowQuestion] = []

  /// Asks `text` about `rows`, once: a question asked already gets the rows added to it.
  mutating func ask(_ text: String, of subject: String, about rows: [Int]) {
    if let index = groupQuestions.firstIndex(where: { $0.text == text && $0.subject == subject }) {
      groupQuestions[index].rows += rows
    } else {
      groupQuestions.append(SpreadsheetImporter.RowQuestion(rows: rows, text: text, subject: subject))
    }
  }

  /// How many of the readings added were typed in their marker's SI unit (mmol/L, µmol/L…).
  var typedInSI = 0
  /// True when most readings were typed in SI units and the person has not chosen units: the
  /// summary says how to see every result in them, as `add` does.
  var suggestsSI = false
  /// Said before an import of a file mostly in SI units, when glance reads the person's in
  /// conventional ones.
  static let siAdvice =
    "Most of its results are in SI units. Choose them before importing (glance units si): a number without a unit "
    + "is then read in SI units too, and every result is shown in them."
  /// For a spreadsheet: rows `add` would ask about (a unit slip, a tenfold slip, an implausible
  /// value), each with its question. Without `--yes` the import is refused while there are any.
  public var questions: [String] = []
  /// True when a question is about a value (a unit or a tenfold slip), not only a group's (a
  /// "Glucose" column: fasting?): only then does the summary say how a file gives its units.
  public var asksAboutValues = false
  /// Rows whose id is a stored reading that now says something else: the stored one is kept
  /// ("HDL Cholesterol on Nov 3, 2026: the file says 40, yours 35").
  public var differing: [String] = []
  /// Rows without an id on a day that already has another value for the marker: both are kept
  /// ("LDL Cholesterol on Nov 3, 2026: 96, and 99 already").
  public var sameDay: [String] = []
  /// For a spreadsheet: which marker(s) each column fills, as "“Header” → Name".
  public var columns: [String] = []
  /// For a salvage: record lines of the damaged file that did not read.
  public var lostLines = 0
  /// For a spreadsheet: columns left out, each with why ("“Flag” (the lab's range and flag: …)").
  public var notRead: [String] = []
  /// For a lab report: test names that name no marker, with their rows ("“MCV” (3 rows)").
  public var unknownTests: [String] = []
  /// For a spreadsheet: how the file was read when it was not the plain way ("columns separated
  /// by semicolons, decimal commas", "slashed dates month first").
  public var readAs: [String] = []
  /// The patients a FHIR file's observations name, when more than one and nothing in the file
  /// tells them apart (one person at two health systems): each with how many name it.
  public var subjects: [String] = []
  /// For a spreadsheet: its first readings as glance read them, for `--dry-run`.
  public var preview: [String] = []
  /// For a lab report: rows left out, each with why ("row 7 (TSH “TNP”: … not a number)").
  public var rowsLeftOut: [String] = []
  /// For a lab report: results from another sample than the marker's ("“Sodium” in urine (1 row)").
  public var otherSamples: [String] = []
  /// For FHIR: the Observations read, those skipped as entered in error or cancelled, and the
  /// other resources ("3 Patient"), counted and ignored.
  public var observations = 0
  public var skippedObservations = 0
  public var otherResources: [String] = []
  /// For a folder: files left out, each with why.
  public var filesNotRead: [String] = []
  /// For a folder: its files that are not JSON (a spreadsheet, a note), quoted.
  public var otherFilesInFolder: [String] = []

  public init(kind: Kind, replace: Bool) {
    self.kind = kind
    self.replace = replace
  }

  /// True when applying it would change nothing.
  public var isEmpty: Bool {
    !replace && readingCount == 0 && visits.isEmpty && customMarkers.isEmpty && trackedMarkers.isEmpty
      && profileFilled.isEmpty && corrections.isEmpty && withdrawnIDs.isEmpty
  }

  /// A few lines saying what the import does (or would do). `known`: the folder's custom
  /// markers, to name the readings' markers (a plan `Importer.apply` saved knows them itself).
  public func summary(library: MarkerLibrary, customMarkers known: [MarkerDefinition], dryRun: Bool) -> String {
    let readings = self.readings
    let known = customMarkersAfter ?? known
    var lines: [String] = ["Read \(kind.rawValue)."]
    let verb = dryRun ? "Would add" : "Added"
    if isEmpty {
      lines.append("Nothing new to add.")
    } else if replace {
      lines.append(
        "\(dryRun ? "Would replace" : "Replaced") all your data with \(counted(readings.count, "reading")) and \(counted(visits.count, "visit"))."
      )
    } else {
      lines.append("\(verb) \(counted(readings.count, "reading")) and \(counted(visits.count, "visit")).")
    }
    if let first = readings.first, let last = readings.last {
      lines.append(
        first == last
          ? "Readings of \(DateText.long(first))." : "Readings from \(DateText.long(first)) to \(DateText.long(last)).")
    }
    let names = readings.markerIDs.compactMap { id in
      library.marker(id: id)?.displayName ?? (known + customMarkers).first { $0.id == id }?.displayName
    }.sorted()
    // A name with a comma of its own ("Vitamin D, 25-Hydroxy") read as two (newcomer review at
    // stop 40): such a list is parted by semicolons.
    let separator = names.contains { $0.utf8.contains(UInt8(ascii: ",")) } ? "; " : ", "
    if !names.isEmpty { lines.append("Markers: \(names.joinedText(separator)).") }
    if !readAs.isEmpty { lines.append("Read with \(readAs.joinedText("; ")).") }
    if !profileFilled.isEmpty {
      lines.append("From the file's profile: \(profileFilled.joinedText(", ")).")
    }
    if !profileReplaced.isEmpty {
      // Said of a dry run too: present, not past (attacker's second look at stop 37).
      lines.append("The file's profile takes the place of yours: \(profileReplaced.joinedText(", ")).")
    }
    if !profileKept.isEmpty {
      lines.append(
        "Your own \(profileKept.joinedText(" and ")) \(profileKept == ["name"] || profileKept == ["sex"] ? "was" : "were") kept over the file's; "
          + "glance import FILE --replace restores the backup whole (it replaces all your data).")
    }
    if !subjects.isEmpty {
      lines.append(
        "The observations name \(subjects.count) patients (\(subjects.prefix(5).joinedText(", "))\(subjects.count > 5 ? ", …" : "")); "
          + "nothing in the file tells them apart (as one person's records at two health systems), so all were read as yours."
      )
    }
    if kind == .glanceCSV, !isEmpty {
      lines.append(
        "A CSV export holds readings only: your visits, units, targets and profile (the sex that ranges depend on) are in glance export --json."
      )
    }
    // A sheet's critical flags (a portal's are said with its other flags, below).
    if kind != .fhir, !labCritical.isEmpty { lines.append(labCriticalLine) }
    if kind != .fhir, let line = labCriticalLeftOutLine { lines.append(line) }
    if kind != .fhir, let line = criticalLeftOutLine { lines.append(line) }
    if kind != .fhir, let line = labOutsideLine { lines.append(line) }
    if !columns.isEmpty { lines.append("Columns read: \(listed(columns)).") }
    // With the columns read, before the first readings: a column left out is never the last
    // line (newcomer review at stop 34: a "Glu" column of 9 readings was named after them).
    if !unmatchedColumns.isEmpty {
      lines.append(
        "Columns that match no marker (left out; nothing was guessed): \(listed(unmatchedColumns.map { "\(quoted($0))" })). "
          + "Rename a column to a marker's name or key (see glance library) to include it.")
    }
    if !notRead.isEmpty {
      lines.append(
        kind == .fhir
          ? "Observations not read: \(listed(notRead, limit: 10))." : "Columns not read: \(listed(notRead)).")
    }
    if !unknownTests.isEmpty {
      lines.append(
        kind == .fhir
          ? "Tests glance has no marker for (left out; nothing was guessed): \(listed(unknownTests, limit: 10))."
          : "Tests that match no marker (left out; nothing was guessed): \(listed(unknownTests, limit: dryRun ? 40 : 10)). "
            + "To include one, rename it to a marker's name (see glance library) only if it is that test, or add it with glance custom."
      )
    }
    if kind == .fhir {
      lines.append(
        "\(counted(observations, "observation")) in the file"
          + (skippedObservations > 0
            ? "; \(skippedObservations) marked entered in error or cancelled \(skippedObservations == 1 ? "was" : "were") skipped"
            : "")
          + (notFinal > 0
            ? "; \(notFinal) not final yet (preliminary) \(notFinal == 1 ? "was" : "were") left out: import the file again when the final results are in"
            : "")
          + ".")
      if sameVersions > 0 {
        lines.append(
          "\(counted(sameVersions, "observation")) \(sameVersions == 1 ? "repeats" : "repeat") an id with nothing saying which is newer (no version or update time); the first in the file was read."
        )
      }
      if olderVersions > 0 {
        lines.append(
          "\(counted(olderVersions, "earlier version")) of an observation the file holds again \(olderVersions == 1 ? "was" : "were") passed over for the newest."
        )
      }
      if labFlagged > 0 {
        lines.append(
          "The lab's flags and ranges on \(counted(labFlagged, "observation")) were left out: glance judges by its own ranges and your targets."
        )
      }
      if !labCritical.isEmpty { lines.append(labCriticalLine) }
      if let sex = sexInFile {
        lines.append(
          "The file says its patient is \(sex.rawValue), and your profile has no sex set. Ranges that differ for women "
            + "and men (hemoglobin, HDL, ferritin, creatinine…) use it once it is: glance profile --sex \(sex.rawValue)"
        )
      }
      if let line = labCriticalLeftOutLine { lines.append(line) }
      if let line = criticalLeftOutLine { lines.append(line) }
      if let line = labOutsideLine { lines.append(line) }
      if !corrected.isEmpty {
        lines.append(
          (dryRun ? "Would be corrected" : "Corrected") + " by the lab (an amended result): "
            + "\(listed(corrected, limit: 10)).")
      }
      if !withdrawn.isEmpty {
        lines.append(
          "The lab withdrew (marked entered in error) \(counted(withdrawn.count, "reading")) you had: "
            + "\(listed(withdrawn, limit: 10)); \(withdrawn.count == 1 ? "it" : "they") "
            + (dryRun ? "would be removed." : "\(withdrawn.count == 1 ? "was" : "were") removed."))
      }
      if !filesNotRead.isEmpty { lines.append("Files not read: \(listed(filesNotRead, limit: 10)).") }
      if !otherFilesInFolder.isEmpty {
        lines.append(
          "Not read, as a folder is read for FHIR records only: \(listed(otherFilesInFolder, limit: 10)). "
            + "Import a spreadsheet or a glance export on its own: glance import FILE")
      }
      if !otherResources.isEmpty {
        lines.append("Also in the file, not readings (left out): \(listed(otherResources, limit: 8)).")
      }
    }
    if !otherSamples.isEmpty {
      lines.append(
        "Results from another sample than glance's marker is measured in (left out; glance's markers are blood tests, UACR urine): \(listed(otherSamples, limit: 10))."
      )
    }
    if !rowsLeftOut.isEmpty {
      lines.append("Rows left out: \(listed(rowsLeftOut, limit: dryRun ? 40 : 10)).")
    }
    // A dry run says what the import would save past a critical limit (the import itself says
    // it of the latest readings it leaves: clinician's second look at stop 34).
    if dryRun, !criticalInFile.isEmpty {
      let named = criticalInFile.map { "\($0.name) \($0.shown) on \(DateText.long($0.date))" }
      // The advice once: a line before it may have said it (a result left out though critical).
      lines.append(
        "Past a critical limit: \(listed(named, limit: Self.criticalListLimit))."
          + (saysCriticalAdvice ? "" : " " + Judgement.criticalAdvice))
    }
    if dryRun && !isEmpty && !preview.isEmpty {
      lines.append("The first readings as glance read them:")
      lines += preview.map { "  " + $0 }
    }
    if kind == .salvage {
      lines.append(
        lostLines == 0
          ? "Every record line of the file read."
          : "\(counted(lostLines, "record line")) could not be read and \(lostLines == 1 ? "was" : "were") left out.")
    }
    if duplicates > 0 {
      let named =
        duplicateExamples.isEmpty
        ? ""
        : duplicates <= duplicateExamples.count
          ? ": \(inWords(duplicateExamples))" : ", such as \(inWords(duplicateExamples))"
      lines.append("Skipped \(counted(duplicates, "item")) already in your data\(named).")
    }
    if notesDiffer > 0 {
      lines.append(
        "\(grouped(notesDiffer)) of them with another note in the file: the saved note\(notesDiffer == 1 ? " is" : "s are") kept."
      )
    }
    if repeatedInFile > 0 {
      lines.append(
        "\(counted(repeatedInFile, "reading")) of the file \(repeatedInFile == 1 ? "repeats" : "repeat") an id given "
          + "earlier in it; the first of each was read.")
    }
    if repeatedRows > 0 {
      lines.append(
        "\(counted(repeatedRows, "row")) \(repeatedRows == 1 ? "repeats" : "repeat") an earlier row of the file exactly; "
          + "each was kept as a reading of its own, as two equal readings can be (remove one with glance delete): "
          + "\(repeatedRowExamples.joinedText(", "))\(repeatedRows > repeatedRowExamples.count ? " and \(repeatedRows - repeatedRowExamples.count) more" : "")."
      )
    }
    if sameInAnotherUnit > 0 {
      let more = sameInAnotherUnit - sameInAnotherUnitExamples.count
      lines.append(
        "Left out \(counted(sameInAnotherUnit, "result")) given again in another unit: one draw's result printed "
          + "twice, the more precise printing kept: \(sameInAnotherUnitExamples.joinedText("; "))"
          + (more > 0 ? " and \(grouped(more)) more." : "."))
    }
    if apartInTwoUnits > 0 {
      let more = apartInTwoUnits - apartInTwoUnitsExamples.count
      lines.append(
        "Kept as two readings, though given in two units for one draw: their values or their flags differ, so "
          + "check them on the lab's report (remove one with glance delete): \(apartInTwoUnitsExamples.joinedText("; "))"
          + (more > 0 ? " and \(grouped(more)) more." : "."))
    }
    if !enteredLeftOut.isEmpty {
      let one = enteredLeftOut.count == 1
      lines.append(
        "The value as typed (a backup's entered value and unit) of \(counted(enteredLeftOut.count, "reading")) does not "
          + "match \(one ? "its" : "their") value, so it was left out and \(one ? "the reading is" : "each is") judged by "
          + "\(one ? "its" : "their") value: \(listed(enteredLeftOut, limit: 5)).")
    }
    if notesCut > 0 {
      lines.append(
        "\(counted(notesCut, "note")) longer than \(grouped(InputLimits.noteCharacters)) characters "
          + "\(notesCut == 1 ? "was" : "were") cut to that length (the end marked …).")
    }
    if !differing.isEmpty {
      lines.append(
        "\(counted(differing.count, "row")) of the file \(differing.count == 1 ? "is a reading" : "are readings") you have that now "
          + "\(differing.count == 1 ? "says" : "say") something else; yours \(differing.count == 1 ? "was" : "were") kept "
          + "(change one with glance edit): \(listed(differing, limit: 5)).")
    }
    if !sameDay.isEmpty {
      lines.append(
        "\(counted(sameDay.count, "row")) \(sameDay.count == 1 ? "is" : "are") on a day that already has another value "
          + "for the marker; both are kept (remove one with glance delete): \(listed(sameDay, limit: 5)).")
    }
    if !questions.isEmpty {
      // Questions, not values: one may be a column's, of many rows (newcomer review at stop 40:
      // "1 value would be asked about" over "rows 2, 3, 4 and 55 more").
      let asked = counted(questions.count, "question")
      lines.append(
        dryRun
          ? "\(asked) would be asked, as glance add asks. Without --yes glance import refuses the file"
            + (!asksAboutValues
              ? ":"
              : kind == .labReport
                ? "; a Units column converts each row's value:"
                // A FHIR file's units are its observations' own (clinician review at stop 36:
                // the hint spoke of column headers a Bundle has none of).
                : kind == .fhir
                  ? ":"
                  : "; a unit in a column header, like \"LDL (mmol/L)\", converts that column:")
          : "\(asked) that glance add would ask \(questions.count == 1 ? "was" : "were") answered with the values as typed (--yes):"
      )
      // Every one in a dry run, which is asked for to see them (newcomer review at stop 38: "…
      // and 49 more" that nothing listed); an import's own summary, the first few.
      let listed = dryRun ? InputLimits.questionsListed : 20
      lines += questions.prefix(listed).map { "  " + $0 }
      if questions.count > listed { lines.append("  … and \(grouped(questions.count - listed)) more.") }
    }
    if !unusual.isEmpty {
      lines.append(
        "Worth a second look (outside the usual range for the marker): \(unusual.prefix(10).joinedText("; ")).")
    }
    if suggestsSI {
      // Before an import, what choosing SI changes for this file, said second, not last (newcomer
      // review this session: a vitamin D of 38 nmol/L with a blank unit cell was saved as 38 ng/mL
      // "✓", and the hint came last, saying nothing of blank cells).
      if dryRun {
        lines.insert(Self.siAdvice, at: min(1, lines.count))
      } else {
        lines.append(
          "Most of its results are in SI units: glance units si shows every result in SI units (mmol/L, µmol/L, kg…).")
      }
    }
    return lines.joinedText("\n")
  }

}

/// Why an import was refused; nothing was changed.
public enum ImportError: GlanceError, Equatable {
  case unreadable(String)
  case notGlance(String)
  case newerVersion(Int)
  case empty
  case noDateColumn([String])
  /// A row of units under the header (a European lab sheet's), where no date is.
  case unitsRow
  case noMarkerColumns([String])
  /// Rows that cannot be read, and the results read so far that are critical, without values
  /// (`ImportPlan.criticalLineWithoutValues`).
  case problems([String], critical: String? = nil)
  /// `--replace` with a file that holds only visits (it would wipe every reading).
  case visitsCannotReplace
  /// Two spreadsheet columns read as the same marker.
  case columnsShareMarker(String, String, String)
  /// The file is larger than glance reads.
  case tooLarge(limit: Int)
  /// The folder would hold more readings than glance keeps.
  case tooManyReadings(limit: Int)
  /// Not a file that can be read to its end (a folder, a device that never ends).
  case notAFile(String)
  /// Rows `add` would ask about, and no `--yes`.
  /// The questions, and whether one is about a value (`ImportPlan.asksAboutValues`).
  case needsAnswers([String], aboutValues: Bool, spreadsheet: Bool = true)
  /// A folder with no FHIR resource in it.
  case noFHIR(String)
  /// A folder of more files than glance reads.
  case tooManyFiles(limit: Int)
  /// `--replace` with a file that gives no reading or visit.
  case nothingToReplaceWith
  /// Two columns for one thing ("Result" and "Value").
  case columnsShareRole(String, String)
  /// Slashed dates that could be read month first or day first, and nothing in the file says which.
  case ambiguousDates(String)
  /// Slashed dates of which one can only be month first and another only day first.
  case mixedDates(String, String)
  /// A FHIR file of more than one person's results: each, with how many observations name them.
  case severalPeople([String])
  /// A file whose person is of another sex than the folder's profile: another person's records.
  case otherPerson(file: Sex, yours: Sex)
  /// An option the file's kind does not read (`--fasting` for a glance export), and the kind.
  case optionNotRead(String, String)

  public var message: String {
    switch self {
    case .unreadable(let reason): "The file can't be read (\(TerminalText.cut(reason))). Nothing was changed."
    case .notGlance(let reason):
      "This doesn't look like a glance export or a spreadsheet of readings (\(reason)). Nothing was changed."
    case .newerVersion(let version):
      "The file was written by a newer glance (schema \(version)). Update glance to import it. Nothing was changed."
    case .empty: "The file is empty. Nothing was changed."
    case .optionNotRead(let option, let kind):
      "\(option) is read for a spreadsheet of your own or a lab's, and this file is \(kind), which says that itself. "
        + "Import it again without \(option). Nothing was changed."
    case .tooLarge(let limit):
      "The file is larger than glance imports (\(limit >> 20) MB). Split it and import the parts. Nothing was changed."
    case .tooManyReadings(let limit):
      "With this file your folder would hold more than \(grouped(limit)) readings, more than glance keeps (a file "
        + "with one column per marker makes one reading a cell). Nothing was changed."
    case .notAFile(let path):
      "\(PathText.shown(TerminalText.cut(path))) is not a file glance can import. Nothing was changed."
    case .noFHIR(let path):
      "\(PathText.shown(path)) is a folder, and glance found no FHIR health records in it (.json or .ndjson files with a resourceType). "
        + "Import a file instead, or the folder of records a portal or a phone exported. Nothing was changed."
    case .nothingToReplaceWith:
      "The file gives no reading or visit glance can import, so nothing was replaced. "
        + "See why with: glance import FILE --dry-run"
    case .tooManyFiles(let limit):
      "The folder holds more than \(grouped(limit)) files, more than glance reads at once. Import it in parts. Nothing was changed."
    case .columnsShareRole(let first, let second):
      "The columns \(quoted(first)) and \(quoted(second)) say the same thing, and glance will not pick one. "
        + "Leave one of them out (or rename it), then import again. Nothing was changed."
    case .ambiguousDates(let example) where SheetFormat.isDashedTwoDigit(example):
      "Dates like \(quoted(example)) could be year first (as 2025-02-03 is) or day or month first, and nothing in the file says which. "
        + "Write the file's years with four digits, or import again with --dates eu (day first) or --dates us (month first). Nothing was changed."
    case .ambiguousDates(let example):
      "Dates like \(quoted(example)) could be month first or day first, and nothing in the file says which. "
        + "Import again with --dates us (month first, 3/4/2024 is March 4) or --dates eu (day first, April 3). Nothing was changed."
    case .mixedDates(let monthFirst, let dayFirst):
      "The file's dates disagree: \(quoted(monthFirst)) can only be month first and \(quoted(dayFirst)) only day first. "
        + "Make them one way (or write them as 2024-03-14), then import again. Nothing was changed."
    case .needsAnswers(let lines, let aboutValues, spreadsheet: false):
      (aboutValues
        ? "Some values need a second look before they are saved, so nothing was imported. Check each against the "
          + "lab's report; only when every number is right as glance read it below, import again with --yes to save "
          + "them so (--yes keeps each exactly as read, whatever the question asks):\n"
        : "Some results need an answer before they are saved, so nothing was imported. Only when the answer to each "
          + "question below is yes, import again with --yes (--yes keeps each value exactly as read):\n")
        + lines.prefix(15).map { "  " + $0 }.joinedText("\n")
        + (lines.count > 15
          ? "\n  … and \(grouped(lines.count - 15)) more: glance import FILE --dry-run lists every one." : "")
    case .needsAnswers(let lines, let aboutValues, spreadsheet: true):
      (aboutValues
        ? "Some values need a second look before they are saved, so nothing was imported. Most often the numbers are "
          + "in another unit: put it in the column header, like \"LDL (mmol/L)\", or in a Unit column, and glance "
          + "converts them; in a column whose unit changed over the years, write the unit after each such number, "
          + "like 1.4 mmol/L. Only when every number is right as glance read it below, import again with --yes to "
          + "save them so (--yes keeps each exactly as read, whatever the question asks):\n"
        : "Some rows need an answer before they are saved, so nothing was imported. Only when the answer to each "
          + "question below is yes, import again with --yes (--yes keeps each value exactly as read):\n")
        + lines.prefix(15).map { "  " + $0 }.joinedText("\n")
        + (lines.count > 15
          ? "\n  … and \(grouped(lines.count - 15)) more: glance import FILE --dry-run lists every one." : "")
    case .columnsShareMarker(let first, let second, let marker):
      "The columns \(quoted(first)) and \(quoted(second)) both read as \(marker), and glance will not mix two columns in one "
        + "history. Rename one of them to the marker it holds (see glance library), or leave it out. Nothing was changed."
    case .unitsRow:
      "The row under the header holds units, not a date and results. glance reads a column's unit from its "
        + "header: put each in it, like \"LDL (mmol/L)\", and remove that row (a sheet with a column per marker may keep it, when no header says another unit). Nothing was changed."
    case .noDateColumn(let headers):
      "The spreadsheet needs a column called Date. Its columns are: \(Self.columnNames(headers)). Nothing was changed."
    case .noMarkerColumns(let headers):
      "None of the columns names a marker glance knows (\(Self.columnNames(headers))). Rename them to marker names or keys (see glance library). Nothing was changed."
    case .visitsCannotReplace:
      "This file holds only visits, so it can't replace all your data (your readings would be lost). Import it without --replace to add its visits. Nothing was changed."
    case .severalPeople(let people):
      "The file holds the health records of \(people.count > 1 ? "\(people.count) people" : "more than one person") ("
        + people.prefix(5).joinedText(", ") + (people.count > 5 ? ", …" : "")
        + "), and glance keeps one person's readings. Download each person's records on their own "
        + "(a portal linked to a family member's account gives both). Nothing was changed."
    case .otherPerson(let file, let yours):
      "This file's records are of a \(file == .female ? "woman" : "man") (it says \(file.rawValue)), and your profile "
        + "says \(yours.rawValue), so they may be another person's. Nothing was changed. If they are yours, set your "
        + "profile first (glance profile --sex \(file.rawValue)) and import again, or restore a backup whole with "
        + "glance import FILE --replace."
    case .problems(let lines, let critical):
      "The file has problems, so nothing was imported:\n" + lines.prefix(15).map { "  " + $0 }.joinedText("\n")
        + (lines.count > 15 ? "\n  … and \(lines.count - 15) more." : "") + (critical.map { "\n" + $0 } ?? "")
        + "\nFix them in the file and import again."
    }
  }

  /// A file's first row as its column names, a cell that holds a digit counted, not shown: a
  /// file with no header row, or a patient banner above it, put a result or a birth date into
  /// error text (attacker review at stop 34).
  static func columnNames(_ headers: [String]) -> String {
    let names = headers.filter { !$0.unicodeScalars.contains { $0.properties.numericType != nil } }
    let withNumbers = headers.count - names.count
    guard withNumbers > 0 else { return listed(names) }
    return (names.isEmpty ? "" : listed(names) + ", and ")
      + "\(counted(withNumbers, "cell")) with numbers, as a row of results has: is the first row the column names?"
  }

  public var kind: ErrorKind {
    if case .needsAnswers = self { return .needsConfirmation }
    return .refused
  }
}
