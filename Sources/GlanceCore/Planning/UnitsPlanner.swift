/// `glance units`: which units results are shown in, for every marker (`si`, `conventional`) or
/// for one (`glance units ldl mmol/L`, `glance units weight default`).
public enum UnitsPlanner {
  /// What the words ask for.
  public enum Change: Equatable, Sendable {
    /// No words: say what is chosen.
    case show
    case system(UnitSystem)
    /// `unit` nil: back to the system's unit for that marker.
    case marker(MarkerDefinition, unit: String?)
    /// One marker, no unit: the units it can be shown in.
    case showMarker(MarkerDefinition)
  }

  /// "si", "metric", "conventional", "us"…: a system's name, nil for any other word.
  public static func system(_ word: String) -> UnitSystem? {
    switch SearchText(word).compact {
    case "si", "metric", "international", "mmol", "mmoll": .si
    case "conventional", "us", "usa", "american", "imperial", "mgdl": .conventional
    default: nil
    }
  }

  /// Words that put one marker back on the system's unit.
  static let resetWords: Set<String> = ["default", "reset", "auto", "none"]

  /// What `glance units WORDS…` asks for, the marker resolved as `add` resolves it and the unit
  /// one it can be shown in (spelled as glance spells it).
  public static func change(_ words: [String], among markers: [MarkerDefinition]) throws -> Change {
    guard let last = words.last else { return .show }
    if words.count == 1, let system = system(last) { return .system(system) }
    if words.count == 1 {
      // "sii", "metrics": a system mistyped is more likely than a marker here.
      do { return .showMarker(try MarkerResolver.one(last, among: markers)) } catch .unknownMarker {
        throw UnitsError.notAChoice(last)
      }
    }
    let marker = try MarkerResolver.one(words.dropLast().joinedText(" "), among: markers)
    if resetWords.contains(SearchText(last).compact) { return .marker(marker, unit: nil) }
    guard let display = DisplayUnit.of(marker, unit: last) else {
      throw UnitsError.notAUnit(unit: last, marker: marker.displayName, choices: choices(for: marker))
    }
    return .marker(marker, unit: display.unit)
  }

  /// The units `marker` can be shown in: its own, its SI unit, others labs use.
  public static func choices(for marker: MarkerDefinition) -> [String] {
    var units = [marker.unit]
    if let si = marker.siUnit, DisplayUnit.of(marker, unit: si) != nil, si != marker.unit { units.append(si) }
    if marker.isSystemDefined {
      units += UnitConverter.otherUnits.filter { $0.key == marker.key && $0.factor != nil }.map(\.unit)
    }
    return units
  }
}

public enum UnitsError: GlanceError, Equatable {
  case notAUnit(unit: String, marker: String, choices: [String])
  /// One word that is neither a system nor a marker.
  case notAChoice(String)

  public var message: String {
    switch self {
    case .notAUnit(let unit, let marker, let choices):
      "\(marker) can be shown in \(choices.joinedText(" or ")), not \(quoted(String(unit.prefix(40))))."
    case .notAChoice(let word):
      "\(quoted(String(word.prefix(40)))) is neither si, conventional nor a marker glance knows. Use glance units si, glance units conventional, or glance units MARKER UNIT (see glance library)."
    }
  }

  /// As `add` refuses a unit it does not know (65).
  public var kind: ErrorKind { .refused }
}

/// What `glance units` prints.
public enum UnitsView {
  public static func render(_ document: GlanceDocument, library: MarkerLibrary) -> String {
    let profile = document.profile
    var lines: [String]
    switch profile.units {
    case .si?: lines = ["Results are shown in SI units (mmol/L, µmol/L, kg, cm…)."]
    case .conventional?: lines = ["Results are shown in conventional units (mg/dL, lb, in…)."]
    case nil: lines = ["Results are shown in conventional units (mg/dL, lb, in…); you have not chosen yet."]
    }
    // Only choices that name a marker and a unit it can be shown in: the file is not trusted
    // to hold text fit for a terminal.
    // Each marker once, in the unit its screens use.
    var listed = Set<String>()
    for choice in (profile.markerUnits ?? []).prefix(200) {
      guard let split = choice.firstIndex(of: "="), let marker = library.marker(key: String(choice[..<split])),
        !listed.contains(marker.key)
      else { continue }
      let display = document.displayUnit(for: marker)
      guard display.isChoice,
        profile.unitChoices(for: marker.key).contains(where: { DisplayUnit.of(marker, unit: $0) != nil })
      else { continue }
      listed.insert(marker.key)
      lines.append("  \(marker.displayName): \(display.unit)")
    }
    lines.append(
      "Change with glance units si or glance units conventional; one marker with glance units MARKER UNIT (e.g. glance units weight kg), back with glance units MARKER default."
    )
    return lines.joinedText("\n")
  }

  /// One marker: the unit it is shown in and the ones it can be.
  public static func render(_ marker: MarkerDefinition, document: GlanceDocument) -> String {
    let display = document.displayUnit(for: marker)
    let choices = UnitsPlanner.choices(for: marker)
    var text = "\(marker.displayName) is shown in \(display.unit)."
    if choices.count > 1 {
      text += " It can be shown in \(choices.joinedText(" or ")): glance units \(ShellQuote.key(marker.key)) UNIT."
    }
    return text
  }
}

extension UnitsPlanner {
  /// The SI unit one of `drafts` was typed in, when the person has not chosen their units yet:
  /// the guess `confirmGuess` asks about.
  public static func guess(_ drafts: [EntryDraft], profile: Profile) -> String? {
    guard profile.units == nil else { return nil }
    return drafts.lazy.compactMap { draft -> String? in
      guard let entered = draft.entered, let si = draft.marker.siUnit,
        UnitConverter.normalize(entered.unit) == UnitConverter.normalize(si)
      else { return nil }
      return si
    }.first
  }

  /// After readings typed in SI units by someone who has not chosen: asks once whether every
  /// result should be shown in SI units, and keeps the answer either way, so it is never asked
  /// again. Without a terminal (or with `--yes`) nothing is asked or kept; the line returned
  /// says how to choose.
  public static func confirmGuess(
    _ drafts: [EntryDraft], profile: Profile, questions: Questions, repository: some DataRepository
  ) throws -> String? {
    guard let unit = guess(drafts, profile: profile) else { return nil }
    guard questions.console.canAsk, !questions.assumeYes else {
      return "That reading was in \(unit): glance units si shows every result in SI units (mmol/L, µmol/L, kg…)."
    }
    let system: UnitSystem
    do {
      // Said of the reading, not the typing: a bare number the person chose to read in SI was
      // not typed with a unit (newcomer review).
      try questions.confirm(
        "That reading was in \(unit). Show every result in SI units (mmol/L, µmol/L, kg…) from now on?")
      system = .si
    } catch ConfirmationError.declined {
      system = .conventional
    }
    guard try repository.setUnits(system, unlessChosen: true) else {
      return "Units were chosen meanwhile (glance units shows them); your answer changed nothing."
    }
    return system == .si
      ? "Results are shown in SI units from now on; glance units conventional goes back."
      : "Results stay in conventional units (mg/dL, lb…); glance units si changes that."
  }
}
