#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Plans the import of FHIR R4 Observations (a patient portal's or a phone's download):
///
/// - a marker by LOINC code (each marker's own code and the variants labs send,
///   `FHIRCodes.variants`), else by the code's text or display through the resolver `add` uses;
/// - the value from `valueQuantity` (its `comparator` makes a censored value) in its UCUM unit,
///   converted with the marker's factors (the reading keeps what the lab sent), or from a
///   `valueString` such as "<0.5";
/// - the day from `effectiveDateTime`, `effectivePeriod.start` or `issued`, as written in the
///   observation's own offset;
/// - a blood-pressure panel (85354-9) as the pair from its components;
/// - `entered-in-error` and `cancelled` observations skipped and counted; anything that is not an
///   Observation counted and ignored; codes that name no marker listed with their names.
///
/// A reading's id is made from the observation's identifier or resource id, so importing the
/// same download again adds nothing. A file glance exported (`FHIRExporter`) comes back as it
/// was: its ids, when each reading was recorded, where it came from, and its custom markers.
enum FHIRImportPlanner {
  static let skippedStatuses: Set<String> = ["entered-in-error", "cancelled"]
  /// Results not final yet: left out and counted (the final result is a later observation).
  static let notFinalStatuses: Set<String> = ["registered", "preliminary"]
  /// A result the lab changed after it was final: it replaces the reading it corrects (FHIR R4
  /// ObservationStatus: "corrected" is a kind of "amended").
  static let correctedStatuses: Set<String> = ["amended", "corrected"]
  /// Blood pressure panels: the systolic and diastolic are components (FHIR R4 vital signs;
  /// 35094-2 and 55417-0 from its value set of blood-pressure panels).
  static let bloodPressurePanels: Set<String> = ["85354-9", "55284-4", "35094-2", "55417-0"]

  static func plan(
    _ resources: [FHIRResource], replace: Bool, into document: GlanceDocument, library: MarkerLibrary,
    today: CalendarDate, now: Timestamp
  ) throws -> ImportPlan {
    var plan = ImportPlan(kind: .fhir, replace: replace)
    var markers = library.markers + document.customMarkers
    let byCode = FHIRCodes.markers(by: markers)
    let search = SearchService(markers: markers)
    var rows: [ImportRow] = []
    var unknown: [(String, Int)] = []
    var others: [(String, Int)] = []
    var observations = 0
    // Where each name is in its list: a file of 50,000 different codes is counted in one pass.
    var byName: [String: Match] = [:]
    // Only a reading that came from an import follows a lab's withdrawal: one typed by hand,
    // exported and marked entered-in-error, is the person's (attacker review at stop 37).
    let importedIDs = IDSet(document.entries.filter { $0.sourceType == .fileImport }.map(\.id))
    var withdrawn: [(UUID, String)] = []
    var namesResolvedAmong = 0
    var unknownAt: [String: Int] = [:]
    var othersAt: [String: Int] = [:]
    func count(_ list: inout [(String, Int)], _ positions: inout [String: Int], _ name: String) {
      if let index = positions[name] {
        list[index].1 += 1
      } else {
        positions[name] = list.count
        list.append((name, 1))
      }
    }

    var labFlags = LabFlags()
    var pending = resources
    var index = 0
    var withoutResource = 0
    while index < pending.count {
      pending.append(contentsOf: pending[index].entries)
      withoutResource += pending[index].entriesWithoutResource
      index += 1
    }
    // Clinician review: a linked family account's download made a spouse's critical results
    // this folder's latest readings. One person's results, or none imported.
    let (people, apart, bySubject) = people(in: pending)
    let named = people.map { person in
      return quoted(TerminalText.cut(person.name, limit: 40))
        + (person.observations > 0 ? ": \(counted(person.observations, "observation"))" : "")
    }
    // Told apart: two people. Not: one person's ids at two health systems, read as one and said.
    // Observations that name one person are theirs, whoever else the file lists; none naming
    // anyone beside Patients told apart cannot be told.
    if apart && (people.count > 1 || !bySubject) { throw ImportError.severalPeople(named) }
    if people.count > 1 { plan.subjects = named }
    // A Patient of another sex than the folder's: another person's records (clinician's second
    // look: a woman's portal file went silently into a man's folder). "unknown" says nothing.
    if !replace, let mine = document.profile.sex,
      let theirs = pending.lazy.compactMap({
        $0.resourceType == "Patient" ? $0.gender.flatMap(Sex.init(rawValue:)) : nil
      })
      .first(where: { $0 != mine })
    {
      throw ImportError.otherPerson(file: theirs, yours: mine)
    }
    // A folder with no sex set: the file's is said, with how to set it; a portal's gender is
    // administrative, so it is never set unasked (newcomer review at stop 34: it went unsaid).
    if document.profile.sex == nil || replace,
      let theirs = pending.lazy.compactMap({
        $0.resourceType == "Patient" && GlanceFHIR.reading($0) == nil ? $0.gender.flatMap(Sex.init(rawValue:)) : nil
      }).first
    {
      plan.sexInFile = theirs
    }
    // Clinician's second look: an entry missing its "resource" (a critical sodium) went unsaid.
    if withoutResource > 0 {
      plan.notRead.append(
        "\(grouped(withoutResource)) bundle \(withoutResource == 1 ? "entry" : "entries") without a resource in it")
    }
    // An observation a report lists without a date of its own (the FHIR specification's lipid
    // example) takes the report's: when the specimen was taken, else when it was issued.
    var reportDates: [String: String] = [:]
    // Any resource that lists results is such a report.
    for report in pending where !report.results.isEmpty {
      guard let date = report.effective ?? report.issued else { continue }
      for reference in report.results {
        let id = listed(reference)
        if reportDates[id] == nil { reportDates[id] = date }
      }
    }
    let isEmpty =
      document.entries.isEmpty && document.visits.isEmpty && document.trackedMarkers.isEmpty
      && document.customMarkers.isEmpty
    let newest = newestVersions(pending)
    for (position, resource) in pending.enumerated() {
      guard let type = resource.resourceType else { continue }
      // An earlier version of an observation the file holds again: only the newest is read.
      if let key = versionKey(resource), let kept = newest[key], kept != position {
        // Nothing telling which is newer (no version, no update time, the same status): the
        // first in the file is read, and said so, not as "the newest" (attacker's second look at
        // stop 34).
        if versionRank(pending[kept]) == versionRank(resource) {
          plan.sameVersions += 1
        } else {
          plan.olderVersions += 1
        }
        continue
      }
      if type == "Bundle" { continue }
      // glance's own export names the person: into an empty folder (or replacing) their name and
      // sex come back with them, as a JSON restore's profile does; a sex chosen here is kept.
      if type == "Patient", let ours = GlanceFHIR.reading(resource) {
        if replace || isEmpty {
          let sex = resource.gender.flatMap(Sex.init(rawValue:))
          // A name glance could not have saved (too long, a control character) is not adopted.
          let name = resource.patientName.flatMap { name in
            (try? InputLimits.checkName(name, InputLimits.nameCharacters, "The name")) != nil ? name : nil
          }
          // FHIR carries no units, and a Patient without a gender says nothing of it: the
          // folder's own stay (an undo of a replace does not take a profile back).
          plan.profile = Profile(
            id: ours.id, name: name ?? document.profile.name, createdAt: document.profile.createdAt,
            sex: !replace ? document.profile.sex ?? sex : sex ?? document.profile.sex, units: document.profile.units,
            markerUnits: document.profile.markerUnits)
        }
        continue
      }
      guard type == "Observation" else {
        count(&others, &othersAt, type)
        continue
      }
      observations += 1
      let place = resource.name.map { quoted($0) } ?? resource.loincCodes.first ?? "an observation"
      let dateText = resource.effective ?? resource.id.flatMap { reportDates["Observation/" + $0] } ?? resource.issued
      if let status = resource.status, skippedStatuses.contains(status) {
        plan.skippedObservations += 1
        // A result the lab withdrew that this folder holds from an earlier download: removed.
        if status == "entered-in-error", let dateText,
          let date = try? DateParser.parse(dateText, today: today, for: .reading),
          case .found(let marker) = self.marker(for: resource, byCode: byCode, among: markers, search: search),
          let id = GlanceFHIR.reading(resource)?.id ?? stableID(resource, marker: marker, date: date),
          importedIDs.contains(id)
        {
          withdrawn.append((id, "\(marker.displayName) on \(DateText.long(date))"))
        }
        continue
      }
      // A result the lab called critical that is left out is named as such (clinician review at
      // stop 34: a glucose of 38 flagged LL was a routine "left out" line).
      func leftOut(_ part: FHIRResource, _ why: String) {
        guard LabFlags.isCritical(part) || LabFlags.isCritical(resource) else { return }
        let day = dateText.flatMap { try? DateParser.parse($0, today: today, for: .reading) }
        let name = (part.name ?? resource.name).map { quoted(TerminalText.cut($0, limit: 60)) } ?? place
        plan.labCriticalLeftOut.append(name + (day.map { " on \(DateText.long($0))" } ?? "") + " (\(why))")
      }
      if let status = resource.status, notFinalStatuses.contains(status) {
        plan.notFinal += 1
        leftOut(resource, "not final yet")
        // Past glance's own critical limit, named too, as a lab report's preliminary row is
        // (clinician's second look at stop 37: a preliminary potassium of 6.9 was only counted).
        if !LabFlags.isCritical(resource), let dateText,
          let date = try? DateParser.parse(dateText, today: today, for: .reading),
          case .found(let marker) = self.marker(for: resource, byCode: byCode, among: markers, search: search),
          let (typed, unit) = try? value(of: resource),
          let draft = try? EntryPlanner.draft(marker, typed: typed, unit: unit, date: date, note: nil, existing: []),
          Importer.anyCritical(drafts: [draft], document: document, library: library)
        {
          plan.criticalLeftOut.append("\(place) on \(DateText.long(date)) (not final yet)")
        }
        continue
      }
      guard let dateText else {
        plan.notRead.append("\(place) (no date)")
        continue
      }
      let date: CalendarDate
      do {
        date = try DateParser.parse(dateText, today: today, for: .reading)
      } catch {
        plan.notRead.append("\(place) (\(error.message))")
        continue
      }
      // A lab's long interpretive comment is kept to the length a note may have.
      let notes = resource.notes.filter { !$0.isEmpty }
      let note = plan.kept(note: notes.isEmpty ? nil : notes.joinedText(" "))
      // A blood-pressure panel: each component is one half of the pair.
      let parts: [FHIRResource]
      if !resource.components.isEmpty, resource.loincCodes.contains(where: bloodPressurePanels.contains) {
        parts = resource.components
      } else {
        parts = [resource]
      }
      // (A panel is never glance's: its parts would share one id.)
      let ours = parts.count == 1 ? GlanceFHIR.reading(resource) : nil
      for part in parts {
        // A result the lab could not give (a `dataAbsentReason` instead of a value).
        guard part.quantity?.value != nil || part.valueString != nil || part.valueInteger != nil else {
          plan.notRead.append("\(place) on \(DateText.long(date)) (no value)")
          continue
        }
        let marker: MarkerDefinition
        // A custom marker by the key glance's export codes it with: one of this folder's, or made
        // from the observation's name and unit.
        let customKey = part.codings.first { $0.system == GlanceFHIR.markerSystem }?.code
        let custom = customKey.flatMap { key in
          markers.first { $0.key == key && !$0.isSystemDefined }
            ?? Importer.customMarker(
              key: key, name: part.name, unit: part.quantity?.unit, among: &markers, plan: &plan)
        }
        let match: Match
        if let custom {
          match = .found(custom)
        } else if customKey != nil {
          // A key glance's export gave that names no marker here, and none can be made.
          match = .unknown
        } else if part.loincCodes.isEmpty, let name = part.name {
          // By name: each name resolved once (a portal's file repeats a test's name for years),
          // until a custom marker is made that a name might now mean.
          if markers.count != namesResolvedAmong {
            byName.removeAll()
            namesResolvedAmong = markers.count
          }
          if let known = byName[name] {
            match = known
          } else {
            match = self.marker(for: part, byCode: byCode, among: markers, search: search)
            byName[name] = match
          }
        } else {
          match = self.marker(for: part, byCode: byCode, among: markers, search: search)
        }
        switch match {
        case .found(let found): marker = found
        case .unknown:
          let name = part.name.map { TerminalText.cut($0, limit: 60) } ?? "no name"
          // A code left out on purpose says why (newcomer review: a D3-only vitamin D was listed
          // with no word, and home showed an older reading).
          let code = part.loincCodes.first.map { code in
            " (LOINC \(code)" + (FHIRCodes.leftOut[code].map { ": " + $0 } ?? "") + ")"
          }
          count(&unknown, &unknownAt, name + (code ?? ""))
          leftOut(part, "no marker")
          // A test glance leaves out but can judge (a glucose not said to be fasting, an ionized
          // calcium, a race-adjusted eGFR), by its code, else by its name when it has no code, is
          // named when past a critical limit (clinician's third look at stop 34: a glucose of 35
          // was a routine "no marker" line).
          if let judged = part.loincCodes.lazy.compactMap({ Self.judgedLeftOut[$0] }).first
            .map({ LeftOutJudge(test: $0, marker: nil, garbled: false) })
            ?? (part.loincCodes.isEmpty
              ? part.name.flatMap { LeftOutJudge.of($0, among: markers, search: search) } : nil),
            let (typed, unit) = try? value(of: part), judged.isCritical(typed, unit: unit, markers: markers)
          {
            plan.criticalLeftOut.append(
              "\(quoted(name)) on \(DateText.long(date)) (\(judged.why(typed, unit: unit, markers: markers)))")
          }
          continue
        case .conflicting:
          plan.notRead.append("\(place) on \(DateText.long(date)) (its codes name two different tests)")
          leftOut(part, "its codes name two different tests")
          continue
        }
        do {
          // glance's own export: what the person typed, when it went out in the marker's unit.
          var (typed, unit) = try value(of: part)
          if ours != nil, let entered = part.entered {
            var typedPart = part
            typedPart.quantity = entered
            (typed, unit) = try value(of: typedPart)
          }
          let draft = try EntryPlanner.draft(
            marker, typed: typed, unit: unit, date: date, note: note, existing: [], belowZero: ours != nil)
          var row = ImportRow(
            draft: draft, source: ours?.source ?? .fileImport,
            id: ours?.id ?? stableID(resource, marker: marker, date: date), entered: ours?.entered,
            line: observations, unitTyped: unit != nil, confirmed: ours != nil,
            secondOfDay: ours == nil ? DateParser.secondOfDay(dateText).map { Int32($0) } : nil)
          row.corrects = ours == nil && resource.status.map(correctedStatuses.contains) == true
          row.coded = !part.loincCodes.isEmpty
          rows.append(row)
          if ours == nil { labFlags.note(part.interpretations.isEmpty ? resource : part, draft, document: document) }
          // "Glucose" named without "fasting": asked once per name, as add asks. Insulin's code,
          // 20448-7, does not say fasting either (clinician's second look at stop 34: a coded
          // insulin was saved as fasting insulin with no question).
          let name = part.name ?? (marker.key == "fasting-insulin" ? "Insulin" : nil)
          if part.loincCodes.isEmpty
            || (marker.key == "fasting-insulin" && part.loincCodes.allSatisfy { $0 == "20448-7" }),
            let name, EntryChecks.isUnqualifiedGlucose(name, marker: marker)
          {
            plan.ask(
              "\(EntryChecks.fastingQuestion(for: rows[rows.count - 1].draft).question) "
                + EntryChecks.fastingNameHint("name", marker),
              of: "observation \(quoted(name))", about: [rows.count - 1])
          }
        } catch let error as any GlanceError {
          plan.notRead.append("\(place) on \(DateText.long(date)) (\(error.message))")
          leftOut(part, "not read")
        }
      }
    }
    // A result the lab withdrew that this folder holds from an earlier download is removed, and
    // said (clinician review: a withdrawn critical potassium stayed on every screen).
    plan.withdrawnIDs = withdrawn.map(\.0)
    plan.withdrawn = withdrawn.map(\.1)
    (plan.labFlagged, plan.labCritical, plan.labOutside) = (labFlags.flagged, labFlags.critical, labFlags.outside)
    plan.unknownTests = unknown.map { "\(quoted($0.0)) (\(counted($0.1, "observation")))" }
    plan.otherResources = others.map { counted($0.1, $0.0) }
    plan.observations = observations
    // A reading glance exported was confirmed when it was saved; a lab's gets add's questions.
    enterInTimeOrder(&rows, now: now)
    let asked = SpreadsheetImporter.questions(
      rows, header: [], replace: replace, document: document, asking: { !$0.confirmed })
    Importer.addRows(
      ImportRows(consume rows), to: &plan, document: document, now: now, asking: asked, place: "observation")
    return plan
  }

  /// The observation a report's result reference names, as "Observation/id": an absolute URL's
  /// last two parts, or "#k1" for one the report contains.
  static func listed(_ reference: String) -> String {
    reference.hasPrefix("#")
      ? "Observation/" + reference.dropFirst() : reference.split(separator: "/").suffix(2).joined(separator: "/")
  }

  /// What makes two resources versions of one observation: its first identifier (a system and a
  /// value), else its id and its test (two servers' "Observation/1" are two observations).
  static func versionKey(_ resource: FHIRResource) -> String? {
    guard resource.resourceType == "Observation" else { return nil }
    if let identifier = resource.identifiers.first { return "identifier|" + identifier }
    return resource.id.map { "id|" + $0 + "|" + (resource.loincCodes.first ?? resource.name ?? "") }
  }

  /// For each observation the file holds more than once, where its newest version is (clinician's
  /// second look: a final 4.8 and its correction to 6.8 in one file kept 4.8; a final sodium of
  /// 118 and its withdrawal kept 118): the highest meta.versionId, else the latest
  /// meta.lastUpdated, else a withdrawal, then a correction, over a final; else the first in the
  /// file, as a FHIR history bundle lists the most recent first.
  /// How new a version of an observation says it is: its version, its update time, its status.
  static func versionRank(_ resource: FHIRResource) -> (Int, String, Int) {
    let status: Int =
      switch resource.status {
      case "entered-in-error"?: 3
      case let status? where correctedStatuses.contains(status): 2
      case "final"?: 1
      default: 0
      }
    return (resource.versionId.flatMap { Int($0) } ?? -1, resource.lastUpdated ?? "", status)
  }

  /// LOINC codes of a glucose not said to be fasting, which glance leaves out.
  static let unqualifiedGlucoseCodes: Set<String> = [
    "2345-7", "2339-0", "41653-7", "14749-6", "15074-8", "14770-2", "1518-0", "14995-5",
  ]

  /// Codes left out that glance can still judge against a critical limit (`LeftOutCritical`).
  static let judgedLeftOut: [String: LeftOutCritical] = Dictionary(
    uniqueKeysWithValues: unqualifiedGlucoseCodes.map { ($0, .glucose) }
      + ["1995-0", "1994-3", "17863-2", "47596-2"].map { ($0, .ionizedCalcium) }
      + raceAdjustedEGFRCodes.map { ($0, .raceAdjustedEGFR) })

  /// eGFR among blacks, by MDRD (48643-1) and CKD-EPI (88293-6): left out as sheets' race-adjusted
  /// eGFR is (NKF-ASN Task Force 2021); the same formulas among non-blacks are eGFR.
  static let raceAdjustedEGFRCodes = ["48643-1", "88293-6"]

  static func newestVersions(_ resources: [FHIRResource]) -> [String: Int] {
    var newest: [String: Int] = [:]
    for (position, resource) in resources.enumerated() {
      guard let key = versionKey(resource) else { continue }
      if let held = newest[key], versionRank(resources[held]) >= versionRank(resource) { continue }
      newest[key] = position
    }
    return newest
  }

  /// Whose results the file holds: each person its observations name as subject, with how many
  /// name them (when none names one, each Patient in the file, with 0). A Patient referred to
  /// by "Patient/id", an absolute URL ending so, or its entry's fullUrl is one; two Patients are
  /// told apart only by a different sex or birth date (one person at two health systems has two
  /// ids); a subject no Patient in the file stands for is one of its own. `apart` says whether
  /// the file tells any two of them apart; `bySubject`, whether any observation names its person.
  static func people(in resources: [FHIRResource]) -> (
    people: [(name: String, observations: Int)], apart: Bool, bySubject: Bool
  ) {
    func local(_ reference: String) -> String {
      let parts = reference.split(separator: "/")
      return parts.count >= 2 && parts[parts.count - 2] == "Patient" ? "Patient/" + parts[parts.count - 1] : reference
    }
    // Each Patient: the names it goes by and the one it is shown by.
    var patientOf: [String: Int] = [:]
    var patients: [String] = []
    // Only male and female tell two people apart ("unknown" and "other" say nothing of it), and
    // a partial birth date ("1958") is the same date less precisely (clinician's second look).
    // Every Patient resource counts, one id listed twice too; in one pass (attacker's second
    // look: comparing every pair of 100,000 Patients took minutes).
    var sexes = Set<Sex>()
    var dates: [String] = []
    for patient in resources where patient.resourceType == "Patient" {
      if let sex = patient.gender.flatMap(Sex.init(rawValue:)) { sexes.insert(sex) }
      if let born = patient.birthDate, !born.isEmpty { dates.append(born) }
      let names = [patient.id.map { "Patient/" + $0 }, patient.fullUrl].compactMap { $0 }
      guard let shown = names.first else { continue }
      let index = names.lazy.compactMap { patientOf[$0] }.first ?? patients.count
      if index == patients.count { patients.append(shown) }
      for name in names { patientOf[name] = index }
    }
    let longest = dates.max { $0.utf8.count < $1.utf8.count } ?? ""
    // Told apart: two Patients (or one id listed twice) of both sexes or of birth dates that
    // cannot be one.
    let apart = sexes.count > 1 || dates.contains { !longest.hasPrefix($0) }
    // An observation a report lists without a subject of its own is the report's subject's
    // (attacker's second look: a report's results for one person came in beside another's).
    var reportSubject: [String: String] = [:]
    for report in resources where !report.results.isEmpty {
      guard let subject = report.subject else { continue }
      for reference in report.results {
        reportSubject[listed(reference)] = subject
      }
    }
    var counts: [(name: String, observations: Int)] = []
    var positions: [String: Int] = [:]
    for observation in resources where observation.resourceType == "Observation" {
      guard let subject = observation.subject ?? observation.id.flatMap({ reportSubject["Observation/" + $0] }) else {
        continue
      }
      let person = (patientOf[subject] ?? patientOf[local(subject)]).map { patients[$0] } ?? local(subject)
      if let index = positions[person] {
        counts[index].observations += 1
      } else {
        positions[person] = counts.count
        counts.append((person, 1))
      }
    }
    return (counts.isEmpty ? patients.map { ($0, 0) } : counts, apart, !counts.isEmpty)
  }

  /// The lab's flags and ranges, left out: glance judges by its own ranges. Counted, and each
  /// result listed where the lab's flag says more than glance's judgement (clinician review: a
  /// glucose of 350 the lab flagged HH became "Consider asking your doctor", and a potassium the
  /// lab flagged H against its own range went unmentioned).
  struct LabFlags {
    /// HL7 v3 ObservationInterpretation: critically high, low or abnormal; and outside the range.
    static let criticalCodes: Set<String> = ["HH", "LL", "AA"]
    static let outsideCodes: Set<String> = ["H", "L", "A", "HU", "LU", "HH", "LL", "AA"]

    /// True when the lab called the result critical.
    static func isCritical(_ resource: FHIRResource) -> Bool {
      resource.interpretations.contains { criticalCodes.contains($0) }
    }
    var flagged = 0
    var critical: [String] = []
    var outside: [String] = []

    mutating func note(_ resource: FHIRResource, _ draft: EntryDraft, document: GlanceDocument) {
      guard !resource.interpretations.isEmpty || resource.hasReferenceRange else { return }
      flagged += 1
      let codes = Set(resource.interpretations)
      guard !codes.isDisjoint(with: Self.outsideCodes) else { return }
      let judging = document.judging(draft.marker)
      let judgement = judging.judgement(of: draft.entry(at: Timestamp(secondsSince1970: 0), source: .fileImport))
      let status = judgement.status
      // As the lab sent it: 5.15 mmol/L, not the 5.2 mEq/L a screen rounds it to.
      let shown = document.shownText(of: draft)
      let label = "\(draft.marker.shortName) \(shown.typed ?? shown.text) on \(DateText.long(draft.date))"
      if !codes.isDisjoint(with: Self.criticalCodes), !status.isCritical {
        critical.append(label)
      } else if !status.isOutOfRange, !judgement.dependsOnSex, status != .noRange, status != .indeterminate {
        outside.append(label)
      }
    }
  }

  enum Match {
    case found(MarkerDefinition)
    case unknown
    case conflicting
  }

  /// The marker an observation (or a panel's component) is of: by its LOINC codes (two that name
  /// different markers: conflicting); by its name only when it has no LOINC code at all, so a
  /// code glance knows is another test (standard CRP 1988-5 named "hs-CRP") never becomes the
  /// test its name suggests.
  static func marker(
    for resource: FHIRResource, byCode: [String: MarkerDefinition], among markers: [MarkerDefinition],
    search: SearchService
  ) -> Match {
    let codes = resource.loincCodes
    if !codes.isEmpty {
      let found = codes.compactMap { byCode[$0] }
      guard let first = found.first else { return .unknown }
      return found.allSatisfy({ $0.id == first.id }) ? .found(first) : .conflicting
    }
    guard let name = resource.name,
      let found = try? MarkerResolver.markers(name, among: markers, search: search), found.count == 1
    else { return .unknown }
    return .found(found[0])
  }

  /// The value as `add` would read it, every digit of a number kept, and its unit (nil: the
  /// marker's own).
  static func value(of resource: FHIRResource) throws -> (TypedValue, String?) {
    if let quantity = resource.quantity, let value = quantity.value {
      guard ValueParser.isStorable(value) else { throw EntryError.valueOutOfRange }
      // "ad" (the sufficient amount) or anything else is not a bound glance can keep.
      var comparator: ValueComparator?
      if let text = quantity.comparator, !text.isEmpty {
        guard let bound = ValueComparator(rawValue: text) else { throw EntryError.invalidValue(text) }
        comparator = bound
      }
      let unit: String? =
        quantity.system == FHIRResource.ucumSystem
        ? quantity.code.map(FHIRFormat.unit(ucum:)) ?? quantity.unit : quantity.unit ?? quantity.code
      return (TypedValue(value: value, comparator: comparator, unit: nil), unit?.isEmpty == true ? nil : unit)
    }
    if let text = resource.valueString { return (try ValueParser.parse(text), nil) }
    if let integer = resource.valueInteger {
      guard ValueParser.isStorable(integer) else { throw EntryError.valueOutOfRange }
      return (TypedValue(value: integer, comparator: nil, unit: nil), nil)
    }
    throw EntryError.invalidValue("")
  }

  /// A lab's observation keeps a hashed id (the same on every import), and a day's readings tie
  /// on their entry time, then sort by id: the hashes would choose the day's latest (clinician
  /// review: a hemolysed potassium drawn at 08:15 showed after its redraw at 10:30). A test's lab
  /// observations of a day that all give their time are entered a second apart in the order of
  /// their times, the last drawn at the import's time. (Ones without an id get ordered ids.)
  static func enterInTimeOrder(_ rows: inout [ImportRow], now: Timestamp) {
    var days: [DayKey: [Int]] = [:]
    for (index, row) in rows.enumerated() where row.entered == nil && row.id != nil {
      days[DayKey(marker: row.draft.marker.id, day: row.draft.date.dayNumber), default: []].append(index)
    }
    for indices in days.values {
      guard let ordered = Importer.byTime(indices, secondOfDay: { rows[$0].secondOfDay }) else { continue }
      for (rank, index) in ordered.enumerated() {
        rows[index].entered = Timestamp(secondsSince1970: now.secondsSince1970 - Int64(ordered.count - 1 - rank))
      }
    }
  }

  /// The reading's id, the same on every import of the observation: made from its first
  /// identifier or its resource id, with the marker and the day, so two servers' "Observation/1"
  /// (ids are only unique on one server) never stand for each other; nil when it has neither
  /// (the reading is then matched by its content).
  static func stableID(_ resource: FHIRResource, marker: MarkerDefinition, date: CalendarDate) -> UUID? {
    let source: String
    if let identifier = resource.identifiers.first {
      source = "identifier|" + identifier
    } else if let id = resource.id {
      source = "observation|" + id
    } else {
      return nil
    }
    return UUID.stable("fhir|" + source + "|" + marker.key + "|" + date.iso)
  }
}

extension UUID {
  /// A version-4-shaped id made from `text`: the same text gives the same id, on every machine.
  /// Two FNV-1a hashes with different bases; not secret, only stable and spread.
  static func stable(_ text: String) -> UUID {
    var high: UInt64 = 0xcbf2_9ce4_8422_2325
    var low: UInt64 = 0x8422_2325_cbf2_9ce4
    for byte in text.utf8 {
      high = (high ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
      low = (low ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 ^ (low >> 29)
    }
    let words = (high, low)
    return version4(withUnsafeBytes(of: words) { Array($0) })
  }

}

/// Which marker a LOINC code names: each library marker's own code (`MarkerData.json`) and the
/// variants labs send for the same test (the molar unit, another method), from LOINC; see
/// `docs/MarkerLibrary.md`.
enum FHIRCodes {
  /// Variant code → marker key, each with where LOINC (or the FHIR specification) names it.
  /// Left out on purpose: glucose codes that are not fasting (2345-7…), urea (3091-6, not BUN),
  /// ionized calcium (1995-0), standard CRP (1988-5), race- or sex-specific eGFR, heart rate
  /// that is not resting (8867-4). The unit of a value comes from its UCUM code, never the code.
  /// Codes left out on purpose, with why, for the summary's list of tests glance has no marker
  /// for (LOINC's names for them).
  static let leftOut: [String: String] = [
    "1989-3": "25-hydroxyvitamin D3 alone; glance's Vitamin D is D2 and D3 together, 62292-8",
    "14635-7": "25-hydroxyvitamin D3 alone, in nmol/L; glance's Vitamin D is D2 and D3 together, 62292-8",
    "2345-7": "glucose not said to be fasting; glance tracks fasting glucose, 1558-6",
    "2339-0": "glucose in blood, not said to be fasting; glance tracks fasting glucose, 1558-6",
    "41653-7": "glucose by a meter, not said to be fasting; glance tracks fasting glucose, 1558-6",
    "14749-6": "glucose, not said to be fasting; glance tracks fasting glucose, 14771-0",
    "15074-8": "glucose in blood, not said to be fasting; glance tracks fasting glucose, 14771-0",
    "14770-2": "glucose by a meter, not said to be fasting; glance tracks fasting glucose, 14771-0",
    "1518-0": "glucose 2 hours after a glucose drink, not fasting; glance tracks fasting glucose, 1558-6",
    "14995-5": "glucose 2 hours after a glucose drink, not fasting; glance tracks fasting glucose, 14771-0",
    "1994-3": "ionized calcium, not total calcium (17861-6)",
    "17863-2": "ionized calcium, not total calcium (17861-6)",
    "47596-2": "ionized calcium, not total calcium (17861-6)",
    "48643-1": "eGFR adjusted for race, no longer used (NKF-ASN 2021); glance keeps the eGFR without it",
    "88293-6": "eGFR adjusted for race, no longer used (NKF-ASN 2021); glance keeps the eGFR without it",
    "3091-6": "urea, not urea nitrogen (BUN, 3094-0)",
    "1995-0": "ionized calcium, not total calcium (17861-6)",
    "1988-5": "standard CRP, not hs-CRP (30522-7)",
    "8867-4": "heart rate, not resting heart rate (40443-4)",
  ]

  static let variants: [String: String] = [
    // LOINC names as published in NLM VSAC value sets (cqframework/ecqm-content-qicore-2024,
    // input/vocabulary/valueset): other methods, specimens and the molar (SI) codes of a test.
    "18262-6": "ldl", "2089-1": "ldl", "96259-7": "ldl",
    "14771-0": "fasting-glucose", "77145-1": "fasting-glucose", "76629-5": "fasting-glucose",
    "1557-8": "fasting-glucose",
    "17856-6": "a1c", "17855-8": "a1c", "4549-2": "a1c",
    "14682-9": "creatinine", "38483-4": "creatinine", "59826-8": "creatinine", "77140-2": "creatinine",
    "35203-9": "creatinine",
    "62238-1": "egfr", "77147-7": "egfr", "69405-9": "egfr", "98980-6": "egfr", "94677-2": "egfr", "50210-4": "egfr",
    // eGFR by the MDRD formula (deprecated by LOINC, still what many US systems and Synthea send
    // as "eGFR"): KDIGO 2012's GFR categories do not depend on the estimating equation.
    "33914-3": "egfr",
    // The same formulas among non-blacks: the eGFR without race (a report's only usable one).
    "48642-3": "egfr", "88294-4": "egfr",
    "14937-7": "bun", "35234-4": "bun", "6299-2": "bun", "59570-2": "bun",
    "14585-4": "uacr", "32294-1": "uacr", "14959-1": "uacr", "30000-4": "uacr", "13705-9": "uacr", "77253-3": "uacr",
    "30239-8": "ast", "88112-8": "ast",
    "14631-6": "bilirubin-total", "35194-0": "bilirubin-total", "42719-5": "bilirubin-total",
    "54363-7": "bilirubin-total", "77137-8": "bilirubin-total",
    "54347-0": "albumin",
    "59260-0": "hemoglobin", "20509-6": "hemoglobin", "30350-3": "hemoglobin", "30352-9": "hemoglobin",
    "20570-8": "hematocrit", "4545-0": "hematocrit", "41654-5": "hematocrit",
    "26464-8": "wbc", "804-5": "wbc", "33256-9": "wbc", "12227-5": "wbc",
    "26515-7": "platelets", "778-1": "platelets", "97995-5": "platelets",
    "2947-0": "sodium", "77139-4": "sodium", "39791-9": "sodium",
    "6298-4": "potassium", "77142-8": "potassium", "39789-3": "potassium",
    "83112-3": "psa", "35741-8": "psa", "19195-7": "psa",
    "8459-0": "bp-systolic", "8460-8": "bp-systolic", "8461-6": "bp-systolic",
    "3141-9": "weight", "3142-7": "weight", "8350-1": "weight", "8351-9": "weight",
    // Molar (SI) codes in the GECCO/NAPKON laboratory value sets (BIH-CEI/napkon-geccoplus;
    // itcr-uni-luebeck/Syntha-Gecco; noctiz89/CDE-Katalog), named there.
    "22748-8": "ldl", "39469-2": "ldl", "69419-0": "ldl",
    "14646-4": "hdl",
    "14647-2": "total-cholesterol",
    "14927-8": "triglycerides",
    "14723-1": "ferritin",
    "3015-5": "tsh",
    "76486-0": "hs-crp",
    // "[Mass or Moles/volume] in Serum or Plasma": the FHIR R4 specification's lipid report
    // example.
    "35200-5": "total-cholesterol",
    "35217-9": "triglycerides",
    // loinc.org/59261-8 (HbA1c by IFCC protocol, made for mmol/mol) and loinc.org/77144-4 (ALT).
    "59261-8": "a1c",
    "77144-4": "alt",
    // Clinician review: the molar codes of SI labs ("[Moles/volume] in Serum or Plasma"), TSH by
    // a third-generation assay ("by Detection limit <= 0.005 mIU/L") and ALT with pyridoxal
    // phosphate, named so in published LOINC tables and lab catalogues (docs/MarkerLibrary.md).
    "2000-8": "calcium", "2601-3": "magnesium", "14933-6": "uric-acid", "14920-3": "free-t4", "14798-3": "iron",
    "14685-2": "b12", "14732-2": "folate", "11580-8": "tsh", "1743-4": "alt",
  ]

  static func markers(by markers: [MarkerDefinition]) -> [String: MarkerDefinition] {
    var result: [String: MarkerDefinition] = [:]
    for marker in markers {
      if let code = marker.loinc, result[code] == nil { result[code] = marker }
    }
    for (code, key) in variants where result[code] == nil {
      if let marker = markers.first(where: { $0.key == key }) { result[code] = marker }
    }
    return result
  }
}
