/// How an import files a reading of a test glance tracks fasting (glucose, insulin): by what the
/// row's note says ("non-fasting", "nüchtern"), else by what its name says, else by `--fasting
/// yes|no`, else asked as `glance add` asks. A reading that was not fasting goes to the person's
/// own marker for it ("Random glucose") when there is one in its unit, else it is left out and
/// named (newcomer review at stop 37: a portal's "GLUCOSE" could only be saved as fasting, with
/// `--yes`, and a row noted "non-fasting, ate breakfast" was filed as fasting glucose).
struct FastingChoice {
  enum Decision: Equatable {
    case fasting
    case ask
    /// Not fasting, and why glance knows.
    case notFasting(String)
  }

  /// `--fasting yes|no`; nil: asked.
  var given: Bool?
  /// The person's own markers for a glucose not taken fasting.
  var ownRandomGlucose: [MarkerDefinition]
  /// Readings left out as not fasting, by what is said of them, with their rows: said once each.
  private var leftOutRows: [(text: String, rows: [Int])] = []

  init(given: Bool?, markers: [MarkerDefinition]) {
    self.given = given
    ownRandomGlucose = markers.filter { marker in
      !marker.isSystemDefined && EntryChecks.saysFasting(marker.displayName) == false
        && LeftOutCritical.of(customMarkerNamed: marker.displayName, unit: marker.unit) == .glucose
    }
  }

  /// What to do with a reading of `marker` named `name` with `note`; nil for a marker not taken
  /// fasting.
  func decide(_ marker: MarkerDefinition, name: String, note: String?) -> Decision? {
    guard marker.isSystemDefined, marker.key == "fasting-glucose" || marker.key == "fasting-insulin" else {
      return nil
    }
    if let said = EntryChecks.saysFasting(note) { return said ? .fasting : .notFasting("as its note says") }
    guard EntryChecks.isUnqualifiedGlucose(name, marker: marker) else { return .fasting }
    switch given {
    case true?: return .fasting
    case false?: return .notFasting("as --fasting no says")
    case nil: return .ask
    }
  }

  /// The person's own marker a not-fasting reading of `marker` in `unit` goes to, if any.
  func ownMarker(for marker: MarkerDefinition, unit: String) -> MarkerDefinition? {
    guard marker.key == "fasting-glucose" else { return nil }
    return ownRandomGlucose.first { UnitConverter.normalize($0.unit) == UnitConverter.normalize(unit) }
  }

  /// Leaves out the reading of row `line` (`shown` names its test or column), said once with
  /// the others left out for the same reason.
  mutating func leaveOut(line: Int, _ shown: String, _ marker: MarkerDefinition, why: String, unit: String) {
    let text = "\(shown): " + leftOut(marker, why: why, unit: unit)
    if let index = leftOutRows.firstIndex(where: { $0.text == text }) {
      leftOutRows[index].rows.append(line)
    } else {
      leftOutRows.append((text, [line]))
    }
  }

  /// The rows left out as not fasting, as the summary's "Rows left out" lists them.
  var leftOutLines: [String] {
    leftOutRows.map { text, rows in
      (rows.count == 1 ? "row " : "rows ") + listed(rows.map { String($0) }, limit: 10) + " (\(text))"
    }
  }

  /// Why a not-fasting reading of `marker` in `unit` is left out, with how to keep such readings.
  func leftOut(_ marker: MarkerDefinition, why: String, unit: String) -> String {
    let noun = marker.key == "fasting-insulin" ? "insulin" : "glucose"
    if marker.key == "fasting-glucose", let own = ownRandomGlucose.first {
      return
        "not fasting (\(why)), and your \(own.displayName) is in \(own.unit), this reading in \(unit)"
    }
    let suggested =
      marker.siUnit.map { UnitConverter.normalize($0) == UnitConverter.normalize(unit) } == true
      ? unit : marker.unit
    return
      "not fasting (\(why)); to keep such readings: glance custom \"Random \(noun)\" --unit \(suggested), then import again"
  }
}
