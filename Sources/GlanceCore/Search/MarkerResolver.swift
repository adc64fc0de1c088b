/// Which marker(s) a person's words name: a key, a name, an everyday word, a typo; `bp` is the
/// blood-pressure pair. The one place every command and import resolves a marker.
public enum MarkerResolver {
  /// How many markers a refusal lists at most.
  static let maximumCandidates = 8

  /// Words that mean "both blood-pressure numbers".
  /// German (Blutdruck), French (tension artérielle), Spanish, Italian, Portuguese and Dutch too
  /// (newcomer review at stop 33). Not "RR": German reports' blood pressure (Riva-Rocci), but an
  /// English chart's respiratory rate.
  static let bloodPressureWords: Set<String> = [
    "bp", "bloodpressure", "bloodpressures", "pressure", "blutdruck", "tension", "tensionarterielle",
    "pressionarterielle", "presionarterial", "pressionearteriosa", "pressaoarterial", "bloeddruk",
  ]

  /// Words that say which kind of a test, never which test: alone they are not filed under the
  /// one library marker whose name holds them ("free" is not free T4, "ratio" not UACR: a lipid
  /// sheet's Ratio is total/HDL cholesterol; "plasma" is not fasting glucose).
  static let qualifierWords: Set<String> = [
    "free", "total", "direct", "calculated", "calc", "measured", "serum", "plasma", "whole", "fasting", "random",
    "ratio", "sensitivity", "sensitive", "ultrasensitive", "high", "low", "density", "stimulating", "hormone",
    "cardiac", "cardio", "protein", "acid", "function", "panel", "estimated", "index", "factor",
    "hs", "little", "specific", "antigen", "enzyme", "average", "top", "upper", "bottom", "lower", "first",
    "second", "basal", "basales", "rate", "filtration",
  ]

  /// True when every word of `text` (fillers aside) only qualifies a test.
  static func onlyQualifies(_ text: String) -> Bool {
    SearchService.withoutFillers(SearchText(text).words).map(SearchService.singular).allSatisfy {
      qualifierWords.contains($0)
    }
  }

  /// The marker(s) `text` names: one, or the systolic/diastolic pair for `bp`.
  public static func markers(_ text: String, among markers: [MarkerDefinition]) throws(EntryError)
    -> [MarkerDefinition]
  {
    try Self.markers(text, among: markers, search: nil)
  }

  /// True when `text` holds a C0 or C1 control character (a TAB aside): such a name names no
  /// marker.
  static func hasControlCharacter(_ text: String) -> Bool { text.unicodeScalars.contains(where: isControl) }

  /// A C0 or C1 control character (a TAB aside), or one the terminal would not show (a bidi mark,
  /// a zero-width space, a soft hyphen: `TerminalText.isHidden`): attacker's second look at stop
  /// 35, "LDL" with a right-to-left mark inside was filed as LDL.
  /// Zero-width joiners, variation selectors, the braille blank and Khmer's invisible vowels too
  /// (third look at stop 36: "Pota<ZWJ>ssium" was filed as Potassium).
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09: false
    case 0x00..<0x20, 0x200C, 0x200D, 0xFE00...0xFE0F, 0xE0100...0xE01EF, 0x2800, 0x17B4, 0x17B5: true
    default: TerminalText.isHidden(scalar)
    }
  }

  /// The same, with a search index built once for many look-ups (a spreadsheet's headers).
  static func markers(
    _ text: String, among markers: [MarkerDefinition], search: SearchService?,
    categories: [MarkerCategory] = MarkerLibrary.builtIn.categories + [.custom]
  ) throws(EntryError) -> [MarkerDefinition] {
    // A control character is never read around: a lab report's "LD<ESC>L" was filed as LDL
    // (attacker review at stop 36).
    if hasControlCharacter(text) { throw .controlCharacter("The test name") }
    if text.contains("/"), let sides = slashSides(text, among: markers, search: search) {
      // "Systolic/Diastolic", "SBP/DBP": the blood-pressure pair, as "bp" is.
      let keys = Set(sides.flatMap { $0.map(\.key) })
      if keys == ["bp-systolic", "bp-diastolic"], sides.allSatisfy({ $0.count == 1 }) {
        return [markers.first { $0.key == "bp-systolic" }!, markers.first { $0.key == "bp-diastolic" }!]
      }
      throw .falseFriend(text, ratioExplanation)
    }
    let found = try resolve(text, among: markers, search: search, categories: categories)
    if let (word, unit) = partOfUnit(text, found: found, among: markers, search: search, categories: categories) {
      throw .partOfUnit(name: text, word: word, unit: unit)
    }
    // "U-Natrium" resembles sodium, but it is a urine test: refused, unless it is the urine
    // marker (UACR, named as the ratio) or the person's own marker of that name.
    if let sample = SampleInName.of(text), !(sample == .urine && SampleInName.namesUrineMarker(text, found)),
      !found.allSatisfy({ !$0.isSystemDefined })
    {
      throw .falseFriend(text, sample.explanation(text, resembling: found))
    }
    return found
  }

  /// The last word of `text` and a unit it begins, when that word is only the first part of a unit
  /// glance knows ("mmol" of mmol/L, "nmol" of nmol/L) and `text` names what its other words name:
  /// the word was read around, and a number would be taken in the marker's own unit (clinician
  /// review at stop 40: `add ldl mmol 3.2` saved 3.2 mg/dL). A name of one's own that holds the
  /// word, named whole, is not one. Nil otherwise.
  static func partOfUnit(
    _ text: String, found: [MarkerDefinition], among markers: [MarkerDefinition], search: SearchService?,
    categories: [MarkerCategory]
  ) -> (word: String, unit: String)? {
    var trimmed = Substring(text.trimmingWhitespace())
    if found.contains(where: { $0.answers(to: SearchText(String(trimmed)).compact) }) { return nil }
    // Punctuation a name does not end in ("LDL mmol.", "mmol:", "nmol?", "mmol/").
    while let last = trimmed.last, ".:?!/,;".contains(last) { trimmed = trimmed.dropLast() }
    // The last word: in brackets ("LDL (mmol)", "[mmol]"), or after a space, a tab, a no-break
    // space, a hyphen, an underscore or a slash (attacker's second look at stop 40).
    let word: Substring
    let rest: Substring
    if let close = trimmed.last, close == ")" || close == "]",
      let open = trimmed.lastIndex(where: { $0 == (close == ")" ? "(" : "[") })
    {
      word = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
      rest = trimmed[..<open]
    } else if let split = trimmed.lastIndex(where: { " \t\u{00A0}-_/".contains($0) }) {
      word = trimmed[trimmed.index(after: split)...]
      rest = trimmed[..<split]
    } else {
      return nil
    }
    let name = String(rest).trimmingWhitespace()
    guard !name.isEmpty, let unit = unitBegun(by: String(word).trimmingWhitespace()) else { return nil }
    // What the other words name: the same marker (the word was read around), or another (the word
    // made it one: "hemoglobin g" was filed as A1c 14%). Either way the number's unit is unsaid.
    guard let named = try? resolve(name, among: markers, search: search, categories: categories), !named.isEmpty
    else { return nil }
    // The test's own symbol, not a unit: "Magnesium (Mg)", as a lab sheet heads it.
    let said = String(word).trimmingWhitespace()
    if let alone = try? resolve(said, among: markers, search: search, categories: categories),
      alone.map(\.id) == named.map(\.id)
    {
      return nil
    }
    return (said, unit)
  }

  /// A unit glance knows that `word` is the part of before its slash ("mmol" → mmol/L), for a word
  /// of two letters or more ("U", urine on a German report, is not U/L's).
  static func unitBegun(by word: String) -> String? {
    let typed = UnitConverter.normalize(word)
    guard typed.utf8.count >= 2 || typed == "g", !typed.utf8.contains(UInt8(ascii: "/")) else { return nil }
    return unitsWithSlash.first { UnitConverter.normalize(String($0.prefix { $0 != "/" })) == typed }
  }

  /// Every unit with a slash glance knows, the library's first.
  static let unitsWithSlash: [String] = {
    var units: [String] = []
    for marker in MarkerLibrary.builtIn.markers {
      for unit in [marker.unit, marker.siUnit ?? ""] + marker.unitSynonyms where unit.contains("/") {
        if !units.contains(unit) { units.append(unit) }
      }
    }
    for other in UnitConverter.otherUnits where !units.contains(other.unit) { units.append(other.unit) }
    return units
  }()

  static let ratioExplanation =
    "Two tests joined by a slash are a ratio of them, and glance keeps each test, not their ratio. For the ratio itself, add your own marker, e.g. glance custom \"Chol/HDL ratio\" --unit ratio"

  /// The markers the words on each side of a slash name when both name one ("Chol/HDL",
  /// "BUN/Creatinine": a ratio of two tests), unless `text` is a name glance has ("albumin/
  /// creatinine ratio" is UACR). Attacker's and clinician's second looks at stop 33: "Chol/HDL"
  /// was filed as HDL. Nil otherwise.
  static func slashSides(_ text: String, among markers: [MarkerDefinition], search: SearchService?)
    -> [[MarkerDefinition]]?
  {
    let search = search ?? SearchService(markers: markers)
    if search.searchMarkers(text).first?.confidence == .exact { return nil }
    guard let slash = text.firstIndex(of: "/") else { return nil }
    let before = SearchText(String(text[..<slash])).words
    let after = SearchText(String(text[text.index(after: slash)...])).words
    guard let left = before.last, let right = after.first,
      let leftMarkers = try? resolve(left, among: markers, search: search, categories: []),
      let rightMarkers = try? resolve(right, among: markers, search: search, categories: [])
    else { return nil }
    return [leftMarkers, rightMarkers]
  }

  /// Words that name the sample a blood test is run on, before its name in UK and lab reports
  /// ("Serum triglycerides", "Plasma sodium"): the name that follows is the test.
  static let bloodSampleWords: Set<String> = ["serum", "plasma"]

  /// Words that name a whole-blood sample after a test's name ("Potassium (WB)", "Kalium
  /// Vollblut", "Hemoglobin, whole blood").
  static let wholeBloodWords: Set<String> = ["wb", "vollblut", "vb", "blood"]

  /// How many of `words`' first words name a whole-blood sample ("Whole blood potassium", "WB-K",
  /// "Vollblut Kalium"): 0 when none (attacker's second look at stop 37: these were left out with
  /// no critical check, where "Potassium (WB)" was filed).
  static func wholeBloodPrefix(_ words: [String]) -> Int {
    if words.count > 2, words[0] == "whole", words[1] == "blood" { return 2 }
    if words.count > 1, ["wb", "vollblut"].contains(words[0]) { return 1 }
    return 0
  }

  /// Markers a whole-blood sample measures as the library's test does: a blood-gas potassium or
  /// sodium, a hemoglobin, a hematocrit, an A1c. Not glucose (whole blood reads about 11% under
  /// plasma), calcium (a blood-gas calcium is ionized), magnesium or folate (the red cells' share
  /// is counted): those are left out or refused as another test (attacker and clinician reviews
  /// at stop 37: "Ca++ WB" 1.2 mmol/L was saved as a critical total calcium of 4.8 mg/dL).
  /// White cells and platelets are counted in whole blood anyway (clinician's second look).
  static let sameInWholeBlood: Set<String> = [
    "potassium", "sodium", "hemoglobin", "hematocrit", "a1c", "wbc", "platelets",
  ]

  /// How many of `words`' last words name a blood sample ("plasma", "serum", "whole blood",
  /// "WB", German "Vollblut"): 0 when none, nil when that would leave no name.
  static func sampleSuffix(_ words: [String]) -> Int? {
    var cut = 0
    // "Potassium (WB)" and "Kalium Vollblut" as "K (whole blood)" (attacker review at stop 37:
    // they were left out with no critical check).
    if let last = words.last, ["plasma", "serum", "blood", "wb", "vollblut", "vb"].contains(last) { cut = 1 }
    // "whole blood", and German "im Vollblut" (in whole blood).
    if cut == 1, words.count > 2, words[words.count - 2] == "whole" || words[words.count - 2] == "im" { cut = 2 }
    return cut > 0 && cut < words.count ? cut : nil
  }

  private static func resolve(
    _ text: String, among markers: [MarkerDefinition], search: SearchService?, categories: [MarkerCategory]
  ) throws(EntryError) -> [MarkerDefinition] {
    // "Serum TSH" is TSH (clinician review at stop 34: seven UK "Serum …" results were left out),
    // unless the whole name is another test ("plasma hemoglobin", free hemoglobin).
    let trimmed = text.trimmingWhitespace()
    if FalseFriends.named(text) == nil, let space = trimmed.firstIndex(of: " "),
      bloodSampleWords.contains(trimmed[..<space].lowercased()),
      let found = try? resolve(
        String(trimmed[space...]).trimmingWhitespace(), among: markers, search: search, categories: categories)
    {
      return found
    }
    // After the name too: "Potassium, Plasma", "Sodium (serum)", "Hemoglobin, Whole Blood"
    // (clinician's third look at stop 34: each was left out as no marker).
    let words = SearchText(text).words
    let prefix = Self.wholeBloodPrefix(words)
    if prefix > 0, FalseFriends.named(text) == nil,
      let found = try? resolve(
        words.dropFirst(prefix).joinedText(" "), among: markers, search: search, categories: categories),
      found.allSatisfy({ Self.sameInWholeBlood.contains($0.key) })
    {
      return found
    }
    if FalseFriends.named(text) == nil, words.count > 1, let cut = Self.sampleSuffix(words) {
      let name = words.prefix(words.count - cut).joinedText(" ")
      if let found = try? resolve(name, among: markers, search: search, categories: categories),
        !Self.wholeBloodWords.contains(words[words.count - 1]) || (words[words.count - 1] == "blood" && cut == 1)
          || found.allSatisfy({ Self.sameInWholeBlood.contains($0.key) })
      {
        return found
      }
    }
    let compact = SearchText(text).compact
    if bloodPressureWords.contains(compact),
      let systolic = markers.first(where: { $0.key == "bp-systolic" }),
      let diastolic = markers.first(where: { $0.key == "bp-diastolic" })
    {
      return [systolic, diastolic]
    }
    // A key typed as it is (`hdl`, `vitamin-d`) needs no search index.
    if let marker = markers.first(where: {
      $0.key == compact || $0.key.utf8.filter({ $0 != UInt8(ascii: "-") }).elementsEqual(compact.utf8)
    }) {
      return [marker]
    }
    // A word for a different test ("crp", "urine creatinine") is refused with the reason, unless
    // the person made a marker of that name.
    if let friend = FalseFriends.named(text),
      !markers.contains(where: { !$0.isSystemDefined && $0.answers(to: compact) })
    {
      throw .falseFriend(text, friend.explanation)
    }
    let matches = (search ?? SearchService(markers: markers)).searchMarkers(text)
    switch SearchService.resolution(of: matches) {
    case .found(let marker):
      // A word of one or two letters, or one of under 7 one letter from a name, is more often
      // another test than a slip ("t" testosterone as total cholesterol, "apoh" as ApoB, "vitk"
      // as vitamin D, "psma" as PSA: attacker's second look): filed only when typed as a name.
      let confidence = matches.first?.confidence ?? .typo
      let length = compact.utf8.count
      if (length <= 2 && confidence != .exact) || (length < 5 && confidence < .prefix)
        || (length < 7 && confidence == .typo)
      {
        throw .unknownMarker(text)
      }
      if confidence < .exact, onlyQualifies(text) {
        throw .partialName(
          text, matches.prefix(maximumCandidates).map { "\($0.marker.displayName) (\($0.marker.key))" })
      }
      return [marker]
    case .ambiguous(let candidates):
      // Offer what `glance search` lists for the same words (a group's other markers too), so a
      // refusal never hides a marker search would show.
      let listed = LibraryBrowser.markers(matching: text, in: markers, categories: categories)
      let offered =
        candidates.allSatisfy({ candidate in listed.contains { $0.id == candidate.id } }) ? listed : candidates
      throw .ambiguousMarker(text, offered.prefix(maximumCandidates).map { "\($0.displayName) (\($0.key))" })
    case .notFound: throw .unknownMarker(text)
    }
  }

  /// A test's name and the unit it ends in, when it ends in one a library marker is reported in
  /// ("LDL mmol/L", "Lipoprotein(a) nmol/L", "LDL (mmol/L)"): the unit is the value's, never
  /// dropped (clinician review: "lp(a) nmol/l" 100 was saved as 100 mg/dL). Otherwise `text`
  /// as it is and nil. A name that says two different units ("Weight lb (kg)") is refused: read
  /// by either, the other would be wrong (import's second look: 154 saved as kg).
  public static func nameAndUnit(_ text: String, among markers: [MarkerDefinition]) throws(EntryError) -> (
    name: String, unit: String?
  ) {
    let outer = lastUnit(text, among: markers)
    guard outer.unit != nil else { return outer }
    let inner = lastUnit(outer.name, among: markers)
    guard inner.unit != nil else { return outer }
    return (inner.name, try unit(inName: inner.unit, given: outer.unit, name: text))
  }

  /// The unit a value is read in when a test's name says one (`nameAndUnit`) and one is given
  /// beside it (typed after the value, a unit cell, a header's brackets): the one both say, or the
  /// one given; two different ones are refused, never one of them chosen.
  public static func unit(inName: String?, given: String?, name: String) throws(EntryError) -> String? {
    guard let inName else { return given }
    if let given, UnitConverter.normalize(given) != UnitConverter.normalize(inName) {
      throw .twoUnits(name: name, inName: inName, typed: given)
    }
    return inName
  }

  /// `text`'s last unit (in brackets, or its last word) and what comes before it.
  static func lastUnit(_ text: String, among markers: [MarkerDefinition]) -> (name: String, unit: String?) {
    let trimmed = text.trimmingWhitespace()
    var name = ""
    var unit = ""
    if trimmed.hasSuffix(")"), let open = trimmed.lastIndex(of: "(") {
      name = String(trimmed[..<open]).trimmingWhitespace()
      unit = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
        .trimmingWhitespace()
    } else if let space = trimmed.lastIndex(of: " ") {
      name = String(trimmed[..<space]).trimmingWhitespace()
      unit = String(trimmed[trimmed.index(after: space)...])
    }
    guard !name.isEmpty, !unit.isEmpty else { return (text, nil) }
    if let standard = a1cStandards[unit.lowercased()], isA1cName(name, among: markers) { return (name, standard) }
    return isUnit(unit, among: markers) ? (name, unit) : (text, nil)
  }

  /// An A1c named with the standard it is reported by ("HbA1c (IFCC)", a German report's name):
  /// IFCC's results are in mmol/mol, NGSP's and DCCT's in % (docs/MarkerLibrary.md). The name
  /// then says the unit (newcomer review at stop 36: the name matched no marker).
  static let a1cStandards = ["ifcc": "mmol/mol", "ngsp": "%", "dcct": "%"]

  /// True when `name` is one of A1c's own names (its key, name or an alias), word for word.
  static func isA1cName(_ name: String, among markers: [MarkerDefinition]) -> Bool {
    guard let a1c = markers.first(where: { $0.isSystemDefined && $0.key == "a1c" }) else { return false }
    let compact = SearchText(name).compact
    return ([a1c.key, a1c.displayName, a1c.shortName] + a1c.aliases).contains { SearchText($0).compact == compact }
  }

  /// True when `text` is a unit a library marker is reported in ("mmol/L", "µmol/l", "%").
  static func isUnit(_ text: String, among markers: [MarkerDefinition]) -> Bool {
    let typed = UnitConverter.normalize(text)
    guard !typed.isEmpty else { return false }
    return markers.contains { marker in
      marker.isSystemDefined
        && ([marker.unit, marker.siUnit ?? ""] + marker.unitSynonyms).contains { UnitConverter.normalize($0) == typed }
    } || UnitConverter.otherUnits.contains { UnitConverter.normalize($0.unit) == typed }
  }

  /// The one marker `text` names; `bp`, which names two, is refused as ambiguous.
  public static func one(_ text: String, among markers: [MarkerDefinition]) throws(EntryError) -> MarkerDefinition {
    let found = try self.markers(text, among: markers)
    guard found.count == 1 else {
      throw .ambiguousMarker(text, found.map { "\($0.displayName) (\($0.key))" })
    }
    return found[0]
  }

  /// The markers the words name, in their order, each one tracked: `glance order ldl hdl`.
  public static func tracked(
    _ words: [String], in document: GlanceDocument, among markers: [MarkerDefinition]
  ) throws -> [MarkerDefinition] {
    var found: [MarkerDefinition] = []
    for word in words {
      for marker in try Self.markers(word, among: markers) {
        guard document.trackedMarkers.contains(where: { $0.markerID == marker.id }) else {
          throw TrackingError.notTracked(marker.displayName, marker.key)
        }
        found.append(marker)
      }
    }
    return found
  }
}

/// A marker that is known but not tracked where tracking is needed.
public enum TrackingError: GlanceError, Equatable {
  /// The marker's name and key.
  case notTracked(String, String)
  case nothingTracked

  public var message: String {
    switch self {
    case .notTracked(let name, let key): "You're not tracking \(name). Start with: glance track \(ShellQuote.key(key))"
    case .nothingTracked:
      "You're not tracking any markers yet, so there is nothing to ask for. Give pairs instead (glance batch hdl=62 ldl=131) or run glance setup."
    }
  }

  public var kind: ErrorKind { .refused }
}
