#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Plans the import of a glance JSON export (or a data file). Every record is checked as `add`,
/// `custom` and `visit add` would check it, so a file cannot bring in what glance itself would
/// refuse: readings of markers that do not exist, units a marker does not have, values or dates
/// glance does not keep, unknown sources, custom markers that take a library marker's id.
enum JSONImportPlanner {
  /// With `leavingOut` (a salvage), a record that is refused is left out and listed; otherwise
  /// one refuses the file.
  static func plan(
    _ imported: GlanceDocument, replace: Bool, into document: GlanceDocument, library: MarkerLibrary,
    today: CalendarDate, leavingOut: Bool = false
  ) throws -> ImportPlan {
    var plan = ImportPlan(kind: .glanceJSON, replace: replace)
    var problems: [String] = []
    // The profile as glance would have made it: unit choices `glance units` takes, once each; a
    // blank name is no name (attacker's second look).
    var imported = imported
    imported.profile.markerUnits = takenUnitChoices(imported.profile.markerUnits, library: library)
    if imported.profile.name.trimmingWhitespaceAndNewlines().isEmpty { imported.profile.name = Profile.unnamed }
    // What the import meets: everything, or (replacing) nothing.
    let ours = replace ? GlanceDocument.empty(createdAt: imported.profile.createdAt) : document
    let isEmpty =
      document.entries.isEmpty && document.visits.isEmpty && document.trackedMarkers.isEmpty
      && document.customMarkers.isEmpty
    // Another sex than the folder's: another person's backup (clinician's second look: a woman's
    // filled in her name over a man's readings). Refused, unless it replaces everything.
    if !replace, let theirs = imported.profile.sex, let mine = document.profile.sex, theirs != mine {
      throw ImportError.otherPerson(file: theirs, yours: mine)
    }
    if replace || isEmpty {
      plan.profile = imported.profile
      // A sex set here is the person's own choice: a merge into an empty folder keeps it.
      if !replace, let sex = document.profile.sex { plan.profile?.sex = sex }
      // The name as `glance profile --name` takes it (attacker review: a 100,000-character name,
      // and one with terminal escapes, came in and went into the brief). Salvaged: left out.
      if let problem = profileNameProblem(imported.profile) {
        problems.append("the profile's name: \(problem)")
        if leavingOut { plan.profile?.name = Profile.unnamed }
      }
      if replace, let theirs = plan.profile {
        let mine = document.profile
        if theirs.name != mine.name {
          plan.profileReplaced.append("name (now \(quoted(TerminalText.cut(theirs.name, limit: 40))))")
        }
        if theirs.sex != mine.sex { plan.profileReplaced.append("sex (now \(theirs.sex?.rawValue ?? "not given"))") }
        if theirs.units != mine.units || (theirs.markerUnits ?? []) != (mine.markerUnits ?? []) {
          let units = theirs.units.map { $0 == .si ? "SI" : "conventional" } ?? "not chosen"
          plan.profileReplaced.append(
            "units (now \(units)\((theirs.markerUnits ?? []).isEmpty ? "" : ", with a unit chosen per marker"))")
        }
        // The person's own target ranges go with the rest (attacker's second look at stop 37).
        func targets(_ markers: [UserMarker]) -> [UUID: [Double?]] {
          var found: [UUID: [Double?]] = [:]
          for marker in markers where marker.hasCustomRange {
            found[marker.markerID] = [marker.customReferenceLow, marker.customReferenceHigh]
          }
          return found
        }
        let mineTargets = targets(document.trackedMarkers)
        if !mineTargets.isEmpty, mineTargets != targets(imported.trackedMarkers) {
          plan.profileReplaced.append("your target ranges (now the file's)")
        }
      }
    } else {
      mergeProfile(imported.profile, into: document.profile, plan: &plan)
    }

    // Custom markers: the same id, or the same name as one of ours or as one earlier in the file
    // ("Ketones" and "KETONES"), is the same marker.
    var markerMap: [UUID: UUID] = [:]
    var byName: [String: UUID] = [:]
    for marker in ours.customMarkers { byName[SearchText(marker.displayName).compact] = marker.id }
    let ourIDs = IDSet(ours.customMarkers.map(\.id))
    var keys = Set(library.markers.map(\.key) + ours.customMarkers.map(\.key))
    // Custom markers refused above, by their id in the file: what is of them says so once.
    var refused: [UUID: String] = [:]
    let librarySearch = SearchService(markers: imported.customMarkers.isEmpty ? [] : library.markers)
    for (index, original) in imported.customMarkers.enumerated() {
      var marker = original
      marker.isSystemDefined = false
      marker.displayName = marker.displayName.trimmingWhitespaceAndNewlines()
      marker.unit = marker.unit.trimmingWhitespaceAndNewlines()
      let label = "custom marker \(index + 1)"
      if library.marker(id: marker.id) != nil {
        problems.append("\(label) has the id of a library marker.")
        continue
      }
      if let problem = customMarkerProblem(marker, library: library, search: librarySearch) {
        problems.append("\(label): \(problem)")
        refused[marker.id] = label
        continue
      }
      if ourIDs.contains(marker.id) {
        markerMap[marker.id] = marker.id
        continue
      }
      let name = SearchText(marker.displayName).compact
      if let same = byName[name] {
        markerMap[marker.id] = same
        continue
      }
      // A key that is not a custom key, or is taken, is made anew from the name.
      if ours.customMarkers.count + plan.customMarkers.count >= InputLimits.customMarkers {
        problems.append("\(label): more custom markers than glance keeps (\(grouped(InputLimits.customMarkers))).")
        refused[marker.id] = label
        continue
      }
      // Only a key `glance custom` could have made is kept: a key is printed in commands to paste
      // (attacker review at stop 36: `custom-$(touch …)` from an edited backup).
      if !CustomMarkerPlanner.isCustomKey(marker.key) || keys.contains(marker.key) {
        marker.key = CustomMarkerPlanner.key(for: marker.displayName, taken: keys.contains)
      }
      keys.insert(marker.key)
      byName[name] = marker.id
      markerMap[marker.id] = marker.id
      plan.customMarkers.append(marker)
    }
    let customs = ours.customMarkers + plan.customMarkers
    func definition(_ id: UUID) -> MarkerDefinition? {
      library.marker(id: id) ?? customs.first { $0.id == id }
    }

    // Tracked markers: each marker once, after the ones already tracked.
    var trackedIDs = IDSet(ours.trackedMarkers.map(\.markerID))
    let start = (ours.trackedMarkers.map(\.displayOrder).max() ?? -1) + 1
    for (index, original) in imported.trackedMarkers.enumerated() {
      var tracked = original
      tracked.markerID = markerMap[tracked.markerID] ?? tracked.markerID
      guard definition(tracked.markerID) != nil else {
        if refused[original.markerID] == nil {
          problems.append("tracked marker \(index + 1) is neither in the file nor in glance's library.")
        }
        continue
      }
      if let problem = rangeProblem(low: tracked.customReferenceLow, high: tracked.customReferenceHigh) {
        problems.append("tracked marker \(index + 1): \(problem)")
        continue
      }
      guard trackedIDs.insert(tracked.markerID) else { continue }
      tracked.displayOrder += start
      plan.trackedMarkers.append(tracked)
    }
    if replace { plan.trackedMarkers.sort { ($0.displayOrder, $0.addedAt) < ($1.displayOrder, $1.addedAt) } }

    // Readings: new by id; each checked as `add` would.
    var readingsOfRefused: [String: Int] = [:]
    let storedIDs = IDSet(ours.entries.map(\.id), capacity: ours.entries.count)
    plan.entries.reserveCapacity(imported.entries.count)
    for (index, original) in imported.entries.enumerated() {
      var entry = original
      entry.markerID = markerMap[entry.markerID] ?? entry.markerID
      guard let marker = definition(entry.markerID) else {
        if let label = refused[original.markerID] {
          readingsOfRefused[label, default: 0] += 1
        } else {
          problems.append("reading \(index + 1) is of a marker that is neither in the file nor in glance's library.")
        }
        continue
      }
      let label = "reading \(index + 1) (\(marker.shortName) on \(DateText.long(entry.dateOfService)))"
      let droppedEntered: Bool
      do {
        droppedEntered = try check(&entry, marker: marker, today: today)
      } catch {
        problems.append("\(label): \(error.message)")
        continue
      }
      if storedIDs.contains(entry.id) {
        plan.duplicates += 1
        continue
      }
      // Said, never quiet (attacker's review this session: a restore changed a record unsaid).
      if droppedEntered { plan.enteredLeftOut.append("\(marker.displayName) on \(DateText.long(entry.dateOfService))") }
      plan.entries.append(entry)
    }
    for (label, count) in readingsOfRefused.sorted(by: { $0.key < $1.key }) {
      problems.append("\(counted(count, "reading")) of \(label) (refused above) cannot be brought in without it.")
    }

    // Visits: new by id; each checked as `visit add` would.
    let storedVisits = IDSet(ours.visits.map(\.id))
    for (index, original) in imported.visits.enumerated() {
      var visit = original
      do {
        try check(&visit, today: today)
      } catch {
        problems.append("visit \(index + 1) (\(DateText.long(visit.date))): \(error.message)")
        continue
      }
      if storedVisits.contains(visit.id) {
        plan.duplicates += 1
        continue
      }
      plan.visits.append(visit)
    }
    if leavingOut {
      // Listed after "Rows left out:", which ends with its own full stop.
      plan.rowsLeftOut += problems.map { $0.hasSuffix(".") ? String($0.dropLast()) : $0 }
    } else if !problems.isEmpty {
      throw ImportError.problems(problems)
    }
    return plan
  }

  /// The records of `document` its own export would be refused over, each named (never by its
  /// value) with its id when it has one, and why: the checks `plan` makes, record by record, so a
  /// folder whose export would not restore is said before the export is written. `today` is the
  /// day the export is made; a restore allows up to the day it is now in UTC+14 (another time
  /// zone, `CalendarDate.latestInFile`). `profile`: the
  /// profile's name too (only the JSON export holds it).
  static func restoreProblems(
    _ document: GlanceDocument, library: MarkerLibrary, today: CalendarDate, now: Timestamp, readings: Bool = true,
    visits: Bool = true, profile: Bool = true
  ) -> [(
    what: String, id: UUID?, why: String
  )] {
    let today = CalendarDate.latestInFile(today: today, now: now)
    var problems: [(what: String, id: UUID?, why: String)] = []
    if profile, let problem = profileNameProblem(document.profile) {
      problems.append(("your name (glance profile --name NEW)", nil, problem))
    }
    let librarySearch = SearchService(markers: document.customMarkers.isEmpty ? [] : library.markers)
    for marker in document.customMarkers where readings {
      if library.marker(id: marker.id) != nil {
        problems.append(
          ("your marker \(TerminalText.oneLine(marker.displayName))", nil, "it has a library marker's id."))
      } else if let problem = customMarkerProblem(marker, library: library, search: librarySearch) {
        problems.append(("your marker \(TerminalText.oneLine(marker.displayName))", nil, problem))
      }
    }
    // Two of them with one name: a restore takes them for one marker (attacker's second look).
    var names = Set<String>()
    for marker in document.customMarkers
    where readings && !names.insert(SearchText(marker.displayName).compact).inserted {
      problems.append(
        ("your marker \(TerminalText.oneLine(marker.displayName))", nil, "another of your markers has the same name."))
    }
    let custom = Dictionary(document.customMarkers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    for tracked in document.trackedMarkers where readings {
      guard let marker = library.marker(id: tracked.markerID) ?? custom[tracked.markerID] else { continue }
      if let problem = rangeProblem(low: tracked.customReferenceLow, high: tracked.customReferenceHigh) {
        problems.append(("your range for \(TerminalText.oneLine(marker.shortName))", nil, problem))
      }
    }
    for original in document.entries where readings {
      guard let marker = library.marker(id: original.markerID) ?? custom[original.markerID] else {
        problems.append(
          (
            "a reading of \(DateText.long(original.dateOfService))", original.id,
            "it is of a marker that is neither yours nor in glance's library."
          ))
        continue
      }
      var entry = original
      do {
        try check(&entry, marker: marker, today: today)
      } catch {
        problems.append(
          (
            "\(TerminalText.oneLine(marker.shortName)) on \(DateText.long(original.dateOfService))", original.id,
            error.message
          ))
      }
    }
    for original in document.visits where visits {
      var visit = original
      do {
        try check(&visit, today: today)
      } catch {
        problems.append(("the visit of \(DateText.long(original.date))", original.id, error.message))
      }
    }
    return problems
  }

  /// A restore into a folder that has data (newcomer review: the name, the sex and the units
  /// were dropped unsaid, and HDL was judged by the range both sexes share): what the folder's
  /// profile lacks comes from the file's; what it has is kept, and both are said.
  static func mergeProfile(_ theirs: Profile, into mine: Profile, plan: inout ImportPlan) {
    var merged = mine
    if theirs.name != Profile.unnamed, theirs.name != mine.name {
      if mine.name == Profile.unnamed, profileNameProblem(theirs) == nil {
        merged.name = theirs.name
        plan.profileFilled.append("your name")
      } else {
        plan.profileKept.append("name")
      }
    }
    if let sex = theirs.sex, sex != mine.sex {
      if mine.sex == nil {
        merged.sex = sex
        plan.profileFilled.append("sex (\(sex.rawValue))")
      } else {
        plan.profileKept.append("sex")
      }
    }
    let theirUnits = theirs.markerUnits ?? []
    if (theirs.units != nil && theirs.units != mine.units)
      || (!theirUnits.isEmpty && theirUnits != mine.markerUnits ?? [])
    {
      if mine.units == nil && (mine.markerUnits ?? []).isEmpty {
        merged.units = theirs.units
        merged.markerUnits = theirs.markerUnits
        plan.profileFilled.append("units")
      } else {
        plan.profileKept.append("units")
      }
    }
    if merged != mine { plan.profile = merged }
  }

  /// Why `profile`'s name cannot be kept, or nil: the limits of `glance profile --name`.
  static func profileNameProblem(_ profile: Profile) -> String? {
    guard profile.name != Profile.unnamed else { return nil }
    do {
      try InputLimits.checkName(profile.name, InputLimits.nameCharacters, "The name")
      return nil
    } catch {
      return error.message
    }
  }

  /// Why a custom marker cannot be kept, or nil.
  /// `search`: over the library's markers, built once for every marker checked.
  static func customMarkerProblem(_ marker: MarkerDefinition, library: MarkerLibrary, search: SearchService)
    -> String?
  {
    do {
      try RecordRules.check(marker)
    } catch {
      return error.message
    }
    // Its other names (attacker review: 400,000 of them made every search take minutes, one
    // held an escape code, and one that is a library marker's made `add` refuse that name).
    // glance makes none; a file may bring a few.
    if marker.aliases.count > maximumAliases {
      return "it has more than \(maximumAliases) other names."
    }
    for alias in marker.aliases {
      do {
        try InputLimits.checkName(alias, InputLimits.nameCharacters, "One of its other names")
      } catch {
        return error.message
      }
      guard !alias.trimmingWhitespace().isEmpty else { return "one of its other names is blank." }
      // A library marker's name, or words glance reads as one ("hdl test": attacker's second look).
      if (try? MarkerResolver.markers(alias, among: library.markers, search: search)) != nil {
        return "one of its other names, \(quoted(alias)), names a library marker."
      }
      // A group's name ("cbc", "lipid panel"): `add cbc` would quietly save to this marker
      // (attacker's second look at stop 34).
      if !SearchService.searchCategories(alias, in: library.categories).isEmpty {
        return "one of its other names, \(quoted(alias)), names a group of the library."
      }
    }
    // Its other units, as its unit is checked: glance makes none (attacker review at stop 37: an
    // escape code in one was then taken by `add` as the marker's unit).
    if marker.unitSynonyms.count > maximumAliases {
      return "it has more than \(maximumAliases) other units."
    }
    for unit in marker.unitSynonyms + (marker.siUnit.map { [$0] } ?? []) {
      do {
        try InputLimits.checkName(unit, InputLimits.unitCharacters, "One of its units")
      } catch {
        return error.message
      }
      guard !unit.trimmingWhitespace().isEmpty else { return "one of its units is blank." }
    }
    // Another unit glance knows, as another name of its own: `add … 25 mmol/L` would be saved as
    // 25 in its own unit (attacker's second look at stop 37: a critical high became a low).
    for unit in marker.unitSynonyms
    where UnitConverter.normalize(unit) != UnitConverter.normalize(marker.unit)
      && MarkerResolver.isUnit(unit, among: library.markers)
    {
      return "one of its other units, \(quoted(unit)), is another unit than its own (\(marker.unit))."
    }
    if let factor = marker.siFactor, !(factor > 0 && ValueParser.isStorable(factor)) {
      return "its unit conversion is not a number glance can use."
    }
    // What `glance custom` writes: 2 decimal places, the custom category (attacker review at stop
    // 34: a backup's 2,147,483,647 decimal places and a library category were stored as given).
    guard (0...6).contains(marker.decimals) else { return "its number of decimal places is not 0 to 6." }
    guard marker.category == MarkerCategory.custom.key else {
      return "its category is not \(quoted(MarkerCategory.custom.key)), as your own markers' is."
    }
    // Its name a library marker answers to: `add` could never reach it (and an export of it
    // would not restore: attacker review at stop 33).
    let name = SearchText(marker.displayName).compact
    if let taken = library.markers.first(where: { $0.answers(to: name) }) {
      return "it is called like the library's \(taken.displayName)."
    }
    // "bp", "Blutdruck": the blood-pressure pair's words, which `add` never reaches a marker by.
    if MarkerResolver.bloodPressureWords.contains(name) { return "it is called like blood pressure." }
    for value in [marker.plausibleMin, marker.plausibleMax, marker.siOffset].compactMap({ $0 })
    where !ValueParser.isStorable(value) {
      return "one of its numbers is larger than glance keeps."
    }
    return rangeProblem(low: marker.referenceLow, high: marker.referenceHigh)
  }

  /// The unit choices of `choices` that `glance units KEY UNIT` would have made: a library
  /// marker's key and one of its units, the first for each marker; nil for none (attacker's
  /// second look: "hdl=furlongs", an escape code and 100,000 repeats came in with a backup).
  static func takenUnitChoices(_ choices: [String]?, library: MarkerLibrary) -> [String]? {
    guard let choices else { return nil }
    var kept: [String: String] = [:]
    for choice in choices {
      guard let split = choice.firstIndex(of: "=") else { continue }
      let key = String(choice[..<split])
      let unit = String(choice[choice.index(after: split)...])
      guard kept[key] == nil, let marker = library.marker(key: key), UnitsPlanner.choices(for: marker).contains(unit)
      else { continue }
      kept[key] = unit
    }
    return kept.isEmpty ? nil : kept.map { $0.key + "=" + $0.value }.sorted()
  }

  /// The most other names a custom marker may bring.
  static let maximumAliases = 20

  /// Why a range cannot be kept, or nil.
  static func rangeProblem(low: Double?, high: Double?) -> String? {
    for value in [low, high].compactMap({ $0 }) where !ValueParser.isStorable(value) {
      return "its range holds a number larger than glance keeps."
    }
    if let low, let high, low >= high { return "its range's low end is not below its high end." }
    return nil
  }

  /// Checks a reading as `add` would, converting a unit the marker accepts into its own. True
  /// when a value as entered was dropped (the import says so).
  @discardableResult
  static func check(_ entry: inout MarkerEntry, marker: MarkerDefinition, today: CalendarDate) throws(EntryError)
    -> Bool
  {
    try RecordRules.check(entry)
    try DateParser.check(entry.dateOfService, today: today, for: .reading)
    // -0 is kept as 0, as a typed one is (attacker review at stop 37).
    if entry.value == 0 { entry.value = 0 }
    if entry.unit != marker.unit {
      let conversion = try UnitConverter.convert(entry.value, unit: entry.unit, for: marker)
      // What the file held is what was entered, unless the file says (a glance export does).
      if entry.entered == nil, let original = conversion.original {
        entry.entered = EnteredValue(value: original.value, unit: original.unit)
      }
      entry.value = conversion.value
      entry.unit = marker.unit
    }
    // A value as entered that does not convert into the reading's value (edited by hand) is
    // dropped, as the CSV importer drops a stale entered_as: the value alone is judged.
    guard entry.entered != nil, entry.entered(for: marker) == nil else { return false }
    entry.entered = nil
    return true
  }

  /// Checks a visit as `visit add` would.
  static func check(_ visit: inout Visit, today: CalendarDate) throws(EntryError) {
    try DateParser.check(visit.date, today: today, for: .visit)
    visit.doctorName = visit.doctorName.trimmingWhitespaceAndNewlines()
    try RecordRules.check(visit)
  }
}
