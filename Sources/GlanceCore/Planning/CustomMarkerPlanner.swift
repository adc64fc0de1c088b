#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Builds a custom marker from what the person typed, refusing what cannot work.
public enum CustomMarkerPlanner {

  /// A new custom marker. Without a direction: a range with both ends means in-range is best,
  /// only a high end lower is better, only a low end higher is better.
  public static func make(
    name: String, unit: String, low: String?, high: String?, direction: Direction?, existing: [MarkerDefinition]
  ) throws -> MarkerDefinition {
    let name = name.trimmingWhitespaceAndNewlines()
    let unit = unit.trimmingWhitespaceAndNewlines()
    guard existing.count(where: { !$0.isSystemDefined }) < InputLimits.customMarkers else {
      throw CustomMarkerError.tooMany(limit: InputLimits.customMarkers)
    }
    guard !name.isEmpty else { throw CustomMarkerError.emptyName }
    // A name of symbols only has no key of its own to add it by (attacker review at stop 40).
    guard !SearchText(name).words.isEmpty else { throw CustomMarkerError.noWords }
    guard !unit.isEmpty else { throw CustomMarkerError.emptyUnit }
    try InputLimits.checkName(name, InputLimits.nameCharacters, "The name")
    try InputLimits.checkName(unit, InputLimits.unitCharacters, "The unit")
    let (lowValue, highValue) = try targetRange(low: low, high: high)
    let wanted = SearchText(name).compact
    // A name that is another marker's name, key or everyday word would make `add NAME` ambiguous
    // ("good cholesterol" is HDL).
    if let clash = existing.first(where: { $0.answers(to: wanted) }) {
      // "Ca++" spells calcium's "ca" but is ionized calcium, as add says (third look at stop 36:
      // custom called it taken by Calcium): the other test's explanation names a name to use.
      if clash.isSystemDefined, let friend = FalseFriends.named(name) {
        throw EntryError.falseFriend(name, friend.explanation)
      }
      throw CustomMarkerError.nameTaken(clash.displayName)
    }
    // "bp" names the blood-pressure pair: `add bp` would never reach a marker of that name. Nor
    // would it reach one `add` reads as a library marker ("Potassium whole blood": attacker
    // review at stop 37).
    if let found = try? MarkerResolver.markers(name, among: existing) {
      if found.count == 2 { throw CustomMarkerError.nameTaken(found[0].displayName) }
      if let marker = found.first, marker.isSystemDefined { throw CustomMarkerError.readAs(name, marker.displayName) }
    }
    let key = Self.key(for: name) { key in existing.contains { $0.key == key } }
    let resolvedDirection =
      direction
      ?? (lowValue != nil && highValue == nil
        ? .higherIsBetter : highValue != nil && lowValue == nil ? .lowerIsBetter : .inRange)
    return MarkerDefinition(
      id: .random(), key: key, displayName: name, shortName: name, category: MarkerCategory.custom.key, unit: unit,
      decimals: 2, referenceLow: lowValue, referenceHigh: highValue, direction: resolvedDirection,
      isSystemDefined: false)
  }

  /// A target range from typed bounds (either may be missing): plain numbers, low below high.
  /// Used for a custom marker's range and for `glance range`.
  ///
  /// For a marker that exists (`glance range`), a bound may name its unit ("1.8 mmol/L"), converted
  /// with the marker's factors; a bare number is in the marker's unit, and one beyond anything
  /// the marker can be is refused, naming the unit it would fit (LDL "1.8" is mmol/L, never a
  /// target of 1.8 mg/dL that every reading would miss).
  /// A bare bound is read in `defaultUnit` when there is one (the unit the person reads the
  /// marker in: `glance units`).
  /// With `keeping` (the person's own bounds now, either nil) and `own` (the marker's range on a
  /// side they did not set), a bound not given keeps theirs, or stays the marker's: nil is stored
  /// and the marker's bound judges, strict and by sex as it is (clinician review at stop 37:
  /// `--high 5.5` on potassium dropped its low end, and 3.0 was "in range").
  public static func targetRange(
    low: String?, high: String?, for marker: MarkerDefinition? = nil, defaultUnit: String? = nil,
    keeping current: (low: Double?, high: Double?)? = nil, own: ReferenceRange = ReferenceRange(low: nil, high: nil)
  ) throws -> (low: Double?, high: Double?) {
    // A bound in another unit kept as exactly as a reading typed in it is judged (`exactValue`):
    // rounded as a reading is stored, 20 pmol/L was 1.554 ng/dL, and a reading of exactly 20
    // pmol/L was "above" the person's own bound (clinician's second look at stop 33).
    func exact(_ value: Double, _ unit: String, _ marker: MarkerDefinition) throws -> Double {
      let conversion = try UnitConverter.unrounded(value, unit: unit, for: marker)
      guard conversion.original != nil else { return conversion.value }
      return UnitConverter.round(conversion.value, decimals: marker.decimals + 6)
    }
    func bound(_ text: String, _ option: String) throws -> Double {
      guard let marker else { return try plainNumber(text) }
      let typed = try ValueParser.parse(text)
      guard typed.comparator == nil else { throw EntryError.invalidValue(text) }
      if let unit = typed.unit {
        // A bound with its unit is held to what the marker can be, as a bare one is.
        let converted = try exact(typed.value, unit, marker)
        guard EntryChecks.isImplausible(converted, marker) else { return converted }
        throw CustomMarkerError.implausibleBound(
          option: option, value: typed.value, marker: marker, fits: nil, unit: unit)
      }
      if let defaultUnit {
        // A bare bound in the person's unit; one beyond what the marker can be in it is refused
        // as a bare bound in its own unit is, naming the unit it would fit.
        let converted = try exact(typed.value, defaultUnit, marker)
        guard EntryChecks.isImplausible(converted, marker) else { return converted }
        throw CustomMarkerError.implausibleBound(
          option: option, value: typed.value, marker: marker,
          fits: EntryChecks.isImplausible(typed.value, marker) ? nil : marker.unit, unit: defaultUnit)
      }
      guard EntryChecks.isImplausible(typed.value, marker) else { return typed.value }
      throw CustomMarkerError.implausibleBound(
        option: option, value: typed.value, marker: marker,
        fits: EntryChecks.unitSlip(typed.value, marker: marker, usual: nil)?.entered.unit)
    }
    let lowStored = try low.map { try bound($0, "--low") } ?? current?.low
    let highStored = try high.map { try bound($0, "--high") } ?? current?.high
    // Checked as judged: the marker's bound on a side not set.
    let lowValue = lowStored ?? (current != nil ? own.low : nil)
    let highValue = highStored ?? (current != nil ? own.high : nil)
    if let lowValue, let highValue, lowValue >= highValue {
      // Said as typed: an SI reader's "3" and "1" are not 116 and 38.7.
      func typed(_ text: String?, _ value: Double) -> String {
        guard let text, let typed = try? ValueParser.parse(text) else {
          // The kept side in the unit the person reads, as a lab prints it: "2.6 mmol/L, kept",
          // never "100.5414 mg/dL" (attacker's second look at stop 39).
          if let marker, let defaultUnit, UnitConverter.normalize(defaultUnit) != UnitConverter.normalize(marker.unit),
            let unit = DisplayUnit.of(marker, unit: defaultUnit), unit.decimals != nil
          {
            return ValueText.number(unit.value(value)) + " " + defaultUnit + ", kept"
          }
          let unit = defaultUnit.flatMap { $0 == marker?.unit ? nil : marker?.unit }
          return ValueText.number(value) + (unit.map { " " + $0 } ?? "") + ", kept"
        }
        return ValueText.number(typed.value) + (typed.unit.map { " " + $0 } ?? "")
      }
      throw CustomMarkerError.rangeOrder(low: typed(low, lowValue), high: typed(high, highValue))
    }
    return current != nil ? (lowStored, highStored) : (lowValue, highValue)
  }

  /// What glance checks of a new custom marker's readings: nothing medical, but for a test it
  /// leaves out and knows the critical limits of (clinician's second look at stop 36: "no
  /// unusual-value checks and no prep insights" was said of a "Random glucose" that gets both).
  public static func checksNote(_ marker: MarkerDefinition) -> String {
    guard let test = LeftOutCritical.of(customMarkerNamed: marker.displayName, unit: marker.unit) else {
      return "Custom markers get no unusual-value checks and no prep insights: glance knows nothing medical about them."
    }
    // A target range the person gave it judges it on home and in show too (named at stop 36).
    guard marker.defaultRange.isEmpty else {
      return
        "glance checks its readings against the critical limits of \(test.noun) and against your target range, and names one past the critical limits in prep."
    }
    return
      "glance checks its readings against the critical limits of \(test.noun) only, and names one past them in prep."
  }

  /// The key `make` gives a marker called `name`: "custom-" and its words joined by hyphens
  /// ("custom-marker" without any), numbered past the keys `taken` says are in use.
  static func key(for name: String, taken: (String) -> Bool) -> String {
    var slug = SearchText(name).words.joinedText("-")
    if slug.isEmpty { slug = "marker" }
    var key = "custom-" + slug
    var suffix = 2
    while taken(key) {
      key = "custom-\(slug)-\(suffix)"
      suffix += 1
    }
    return key
  }

  /// True for a key `make` could have made: `custom-` and lowercase words joined by hyphens,
  /// no longer than a name's slug can be.
  public static func isCustomKey(_ key: String) -> Bool {
    guard key.hasPrefix("custom-"), key.utf8.count <= 7 + InputLimits.nameCharacters + 8 else { return false }
    let words = key.dropFirst(7).split(separator: "-", omittingEmptySubsequences: false)
    return !words.isEmpty
      && words.allSatisfy { word in
        !word.isEmpty && word.unicodeScalars.allSatisfy { $0.properties.isLowercase || ("0"..."9").contains($0) }
      }
  }

  /// True for a key `make` could have made that a shell reads as one plain word and a person
  /// reads as it is: `custom-` and words of lowercase letters (or letters of a script without
  /// case: 血糖値, كيتونات, कीटोन with its vowel signs) and digits. A word that mixes Latin letters
  /// with another cased script's is not: `custom-кeтоны` (a Latin "e") would print as
  /// `custom-кетоны` (attacker review at stop 41); `custom-витамин-d3` and `custom-维生素d` are
  /// (newcomer's second look).
  public static func isPrintableKey(_ key: String) -> Bool {
    guard key.hasPrefix("custom-"), key.utf8.count <= 7 + InputLimits.nameCharacters * 4 + 8 else { return false }
    let words = key.dropFirst(7).split(separator: "-", omittingEmptySubsequences: false)
    for word in words {
      guard let first = word.unicodeScalars.first, !isMark(first) else { return false }
      var latin = false
      var otherCased = false
      for scalar in word.unicodeScalars {
        if scalar.isASCII {
          guard ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) else { return false }
          latin = latin || ("a"..."z").contains(scalar)
        } else {
          let properties = scalar.properties
          let letter = properties.isLowercase || properties.isAlphabetic && !properties.isCased
          guard letter || isMark(scalar), !properties.isDefaultIgnorableCodePoint else { return false }
          otherCased = otherCased || properties.isCased
        }
      }
      if latin && otherCased { return false }
    }
    return true
  }

  /// A combining mark (an Indic vowel sign, a virama): part of the letter before it.
  private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark: true
    default: false
    }
  }

  /// A plain number for a range bound: no comparator, no unit.
  public static func plainNumber(_ text: String) throws(EntryError) -> Double {
    let typed = try ValueParser.parse(text)
    guard typed.comparator == nil, typed.unit == nil else { throw .invalidValue(text) }
    return typed.value
  }
}

public enum CustomMarkerError: GlanceError, Equatable {
  case emptyName
  /// A name of symbols only ("???").
  case noWords
  case emptyUnit
  case rangeOrder(low: String, high: String)
  case nameTaken(String)
  /// `glance add` reads the name as a library marker's (the name, then the marker's).
  case readAs(String, String)
  /// A range bound beyond anything the marker can be, read in `unit` (nil: the marker's own),
  /// and the unit it would fit, if any.
  case implausibleBound(option: String, value: Double, marker: MarkerDefinition, fits: String?, unit: String? = nil)
  case tooMany(limit: Int)

  public var message: String {
    switch self {
    case .emptyName: "Give the marker a name, e.g. glance custom \"Blood ketones\" --unit mmol/L"
    case .noWords:
      "A marker's name needs a letter or digit, so that glance add can name it, e.g. glance custom \"Blood ketones\" --unit mmol/L"
    case .emptyUnit: "Give the unit you record it in, e.g. --unit mmol/L"
    case .rangeOrder(let low, let high): "The low end (\(low)) must be below the high end (\(high))."
    case .nameTaken(let name):
      "There is already a marker called \(quoted(name)). See: glance library \(ShellQuote.quote(name))"
    case .readAs(let name, let marker):
      "glance add reads \(quoted(name)) as \(marker), so a marker of that name would never be reached. For \(marker) itself, see: glance library \(ShellQuote.quote(marker)). For another test, give your marker a name of its own."
    case .tooMany(let limit):
      "You have \(grouped(limit)) custom markers, as many as glance keeps. Remove one you no longer use first."
    case .implausibleBound(let option, let value, let marker, let fits, let unit):
      { () -> String in
        let shown = unit.flatMap { DisplayUnit.of(marker, unit: $0) } ?? .own(marker)
        return "\(ValueText.withUnit(value, nil, shown.unit)) is beyond anything \(marker.displayName) can be"
          + (marker.plausibleMin.flatMap { low in
            marker.plausibleMax.map {
              " (\(ValueText.number(shown.value(low))) to \(ValueText.withUnit(shown.value($0), nil, shown.unit)))"
            }
          } ?? "") + ". Nothing was changed."
      }()
        + (fits.map {
          " If you meant \(ValueText.number(value)) \($0), type it with its unit: \(option) "
            + ShellQuote.quote(ValueText.number(value) + " " + $0)
        } ?? "")
    }
  }

  public var kind: ErrorKind { .refused }
}
