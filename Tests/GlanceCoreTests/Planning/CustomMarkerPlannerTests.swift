import Foundation
import Testing

@testable import GlanceCore

/// DESIGN §5 `glance custom NAME --unit U [--low L] [--high H] [--higher-is-better|--lower-is-better]`.
@Suite("CustomMarkerPlanner")
struct CustomMarkerPlannerTests {
  static func make(
    _ name: String = "Blood Ketones", unit: String = "mmol/L", low: String? = nil, high: String? = nil,
    direction: Direction? = nil, existing: [MarkerDefinition] = []
  ) throws -> MarkerDefinition {
    try CustomMarkerPlanner.make(name: name, unit: unit, low: low, high: high, direction: direction, existing: existing)
  }

  @Test("a custom marker is the person's own: not system-defined, in the custom category, no checks' data")
  func basics() throws {
    let marker = try Self.make(" Blood Ketones ", unit: " mmol/L ", low: "0.1", high: "0.5")
    #expect(marker.displayName == "Blood Ketones")
    #expect(marker.shortName == "Blood Ketones")
    #expect(marker.unit == "mmol/L")
    #expect(marker.referenceLow == 0.1)
    #expect(marker.referenceHigh == 0.5)
    #expect(marker.isSystemDefined == false)
    #expect(marker.category == MarkerCategory.custom.key)
    #expect(marker.plausibleMin == nil)
    #expect(marker.plausibleMax == nil)
    #expect(marker.siUnit == nil)
  }

  @Test(
    "without a direction, the range decides it",
    arguments: [
      ("1", "5", Direction.inRange), ("1", nil, .higherIsBetter), (nil, "5", .lowerIsBetter),
      ("-3", "-1", .inRange), ("0", nil, .higherIsBetter), (nil, "0", .lowerIsBetter),
    ] as [(String?, String?, Direction)])
  func defaultDirection(low: String?, high: String?, expected: Direction) throws {
    #expect(try Self.make(low: low, high: high).direction == expected)
  }

  @Test(
    "a direction given wins over the range",
    arguments: Direction.allCases)
  func explicitDirection(direction: Direction) throws {
    for (low, high) in [("1", "5"), ("1", nil), (nil, "5"), (nil, nil)] as [(String?, String?)] {
      #expect(try Self.make(low: low, high: high, direction: direction).direction == direction)
    }
  }

  @Test(
    "the low end must be below the high end",
    arguments: [("5", "5", "5", "5"), ("10", "2", "10", "2"), ("0.5", "0.50", "0.5", "0.5"), ("-1", "-2", "-1", "-2")])
  func rangeOrder(low: String, high: String, shownLow: String, shownHigh: String) {
    #expect(throws: CustomMarkerError.rangeOrder(low: shownLow, high: shownHigh)) {
      try Self.make(low: low, high: high)
    }
  }

  @Test(
    "range bounds are plain numbers: no comparator, unit, comma or words",
    arguments: [
      ("<5", nil), (nil, ">1"), ("5 mg", nil), (nil, "5,6"), ("nan", nil), (nil, "inf"), ("", nil), ("x", nil),
    ]
      as [(String?, String?)])
  func plainBounds(low: String?, high: String?) {
    #expect(throws: EntryError.self) { try Self.make(low: low, high: high) }
  }

  @Test(
    "a name and a unit are needed", arguments: [("", "mmol/L"), ("   ", "mmol/L"), ("Ketones", ""), ("Ketones", "  ")])
  func needsNameAndUnit(name: String, unit: String) {
    let expected: CustomMarkerError =
      name.trimmingCharacters(in: .whitespaces).isEmpty ? .emptyName : .emptyUnit
    #expect(throws: expected) { try Self.make(name, unit: unit) }
  }

  @Test(
    "a name already used, however spelled, is refused and the taken name given",
    arguments: [
      ("Blood Ketones", "Blood Ketones"), ("blood ketones", "Blood Ketones"), ("BLOOD-KETONES", "Blood Ketones"),
      ("Blood  Ketones", "Blood Ketones"), ("bloodketones", "Blood Ketones"), ("HDL Cholesterol", "HDL Cholesterol"),
      ("hdl", "HDL Cholesterol"), ("hdl cholesterol", "HDL Cholesterol"), ("A1C", "Hemoglobin A1c"),
      // Attacker review: "bp" names the blood-pressure pair, so `add bp` never reached it.
      ("bp", "Blood Pressure (Systolic)"), ("blood pressure", "Blood Pressure (Systolic)"),
    ])
  func duplicateNames(name: String, taken: String) {
    let existing = [Fixture.customMarker("Blood Ketones")] + Fixture.library.markers
    #expect(throws: CustomMarkerError.nameTaken(taken)) { try Self.make(name, existing: existing) }
  }

  /// Attacker review at stop 37: `custom "Potassium whole blood"` was made, and `add "Potassium
  /// whole blood"` still filed its readings under Potassium: a marker no name could reach.
  @Test(
    "a name add reads as a library marker is refused, naming that marker",
    arguments: [("Potassium whole blood", "Potassium"), ("serum potassium level", "Potassium")])
  func readAsLibraryMarker(name: String, marker: String) throws {
    let error = try #require(throws: CustomMarkerError.self) { try Self.make(name, existing: Fixture.library.markers) }
    #expect(error.message.contains(marker), "\(error.message)")
    let resolved = try MarkerResolver.markers(name, among: Fixture.library.markers)
    #expect(resolved.map(\.displayName) == [marker])
  }

  @Test(
    "a name add knows no marker for is made", arguments: ["Whole blood glucose", "Grip strength", "Blood Ketones"])
  func unknownNameMade(name: String) throws {
    #expect(throws: EntryError.self) { try MarkerResolver.markers(name, among: Fixture.library.markers) }
    #expect(try Self.make(name, existing: Fixture.library.markers).displayName == name)
  }

  /// Third look at stop 36: `custom "Ca++"` said "There is already a marker called Calcium",
  /// where `add "Ca++"` refuses it as ionized calcium, a different test.
  @Test(
    "a name that spells another marker's word but is another test is refused as add refuses it",
    arguments: ["Ca++", "CA++", "ca ++"])
  func falseFriendName(name: String) throws {
    let error = try #require(throws: EntryError.self) { try Self.make(name, existing: Fixture.library.markers) }
    let message = error.message
    #expect(message.contains("Ionized calcium"), "\(message)")
    #expect(!message.contains("already a marker"), "\(message)")
    // A name of its own for that test is taken (it is judged by its critical limits).
    #expect(try Self.make("iCa", existing: Fixture.library.markers).key == "custom-ica")
  }

  @Test(
    "the key is custom- and the name's words, lowercase, joined by dashes",
    arguments: [
      ("Blood Ketones", "custom-blood-ketones"), ("  Omega-3 Index ", "custom-omega-3-index"),
      ("Café Ratio", "custom-cafe-ratio"), ("HbA1c (home kit)", "custom-hba1c-home-kit"),
      ("Grip strength, left", "custom-grip-strength-left"), ("VO2 max", "custom-vo2-max"),
    ])
  func keys(name: String, key: String) throws {
    #expect(try Self.make(name).key == key)
  }

  @Test("a key already taken by a differently named marker gets a number")
  func keyCollision() throws {
    var first = Fixture.customMarker("Ketones (blood)")
    first.key = "custom-blood-ketones"
    #expect(try Self.make("Blood Ketones", existing: [first]).key == "custom-blood-ketones-2")
    var second = Fixture.customMarker("Ketones, blood")
    second.key = "custom-blood-ketones-2"
    #expect(try Self.make("Blood Ketones", existing: [first, second]).key == "custom-blood-ketones-3")
  }

  @Test("each custom marker gets a fresh id")
  func freshIDs() throws {
    #expect(try Self.make("One").id != Self.make("Two").id)
  }

  @Test(
    "a range bound for a library marker: its own unit, or converted from the unit it names",
    arguments: [
      ("ldl", "70", 70.0), ("ldl", "1.8 mmol/L", 1.8 / 0.02586), ("ldl", "100 mg/dl", 100),
      ("a1c", "48 mmol/mol", 6.5), ("a1c", "5.7", 5.7), ("creatinine", "88 umol/L", 1),
      ("weight", "80 kg", 176.4), ("tsh", "0.4", 0.4),
    ] as [(String, String, Double)])
  func boundWithUnit(key: String, text: String, stored: Double) throws {
    let marker = try #require(Fixture.library.marker(key: key))
    let range = try CustomMarkerPlanner.targetRange(low: nil, high: text, for: marker)
    #expect(abs((range.high ?? 0) - stored) < 0.06, "\(range)")
  }

  @Test(
    "a bare bound beyond anything the marker can be is refused, naming the unit it fits",
    arguments: [
      ("ldl", "1.8", "mmol/L"), ("a1c", "48", "mmol/mol"), ("fasting-glucose", "5.6", "mmol/L"),
      ("creatinine", "88", "µmol/L"), ("ldl", "2000", nil), ("potassium", "0.5", nil),
    ] as [(String, String, String?)])
  func implausibleBound(key: String, text: String, fits: String?) throws {
    let marker = try #require(Fixture.library.marker(key: key))
    #expect(
      throws: CustomMarkerError.implausibleBound(option: "--high", value: Double(text)!, marker: marker, fits: fits)
    ) {
      try CustomMarkerPlanner.targetRange(low: nil, high: text, for: marker)
    }
    let error = CustomMarkerError.implausibleBound(option: "--high", value: Double(text)!, marker: marker, fits: fits)
    #expect(error.message.contains("Nothing was changed."))
    if let fits { #expect(error.message.contains("--high '\(text) \(fits)'")) }
  }

  @Test("a bound that names another unit, or a bound, is refused; a custom marker's bound is a plain number")
  func refusedBounds() throws {
    #expect(throws: EntryError.self) {
      try CustomMarkerPlanner.targetRange(low: nil, high: "70 mmHg", for: Fixture.ldl)
    }
    #expect(throws: EntryError.self) { try CustomMarkerPlanner.targetRange(low: nil, high: "<70", for: Fixture.ldl) }
    #expect(throws: CustomMarkerError.self) {
      try CustomMarkerPlanner.targetRange(low: "2 mmol/L", high: "70", for: Fixture.ldl)
    }
    let steps = Fixture.customMarker("Steps", unit: "steps")
    #expect(try CustomMarkerPlanner.targetRange(low: "0.5", high: nil, for: steps).low == 0.5)
  }
}

/// Clinician and newcomer reviews at stop 37: `glance range potassium --high 5.5` dropped the low
/// end, and a potassium of 3.0 was "✓ in range"; `--low 8` on a custom marker dropped its high.
/// Second looks: a kept "below 100" became "up to 100", and a kept low end stayed at the sex the
/// person had when they set the other.
@Suite("glance range: a bound not given stays the person's, or the marker's own")
struct TargetRangeKeepsBoundsTests {
  static let potassium = Fixture.library.marker(key: "potassium")!

  static func judged(_ key: String, low: String?, high: String?, kept: (Double?, Double?) = (nil, nil), sex: Sex? = nil)
    throws -> (stored: (low: Double?, high: Double?), range: ReferenceRange)
  {
    let marker = try #require(Fixture.library.marker(key: key))
    let own = MarkerSnapshot(definition: marker, tracked: nil, entries: [], sex: sex).range
    let stored = try CustomMarkerPlanner.targetRange(low: low, high: high, for: marker, keeping: kept, own: own)
    var tracked = UserMarker(markerID: marker.id, displayOrder: 0, addedAt: Timestamp(Fixture.now))
    (tracked.customReferenceLow, tracked.customReferenceHigh) = (stored.low, stored.high)
    return (stored, MarkerSnapshot(definition: marker, tracked: tracked, entries: [], sex: sex).range)
  }

  @Test(
    "the bounds given; on a side not given the person's own, or the marker's, strict where it is",
    arguments: [
      ("potassium", nil, "5.5", 3.7, false, 5.5, false), ("potassium", "3.5", nil, 3.5, false, 5.2, false),
      ("potassium", "3.4", "5.6", 3.4, false, 5.6, false), ("ldl", nil, "70", nil, false, 70, false),
      ("hdl", "50", nil, 50, false, nil, false),
      // Strict bounds stay strict: LDL 100 and A1c 5.7% are not "up to" (second looks at stop 37).
      ("ldl", "20", nil, 20, false, 100, true), ("a1c", "4", nil, 4, false, 5.7, true),
      ("fasting-glucose", "80", nil, 80, false, 100, true),
    ] as [(String, String?, String?, Double?, Bool, Double?, Bool)])
  func kept(
    key: String, low: String?, high: String?, expectedLow: Double?, lowStrict: Bool, expectedHigh: Double?,
    highStrict: Bool
  ) throws {
    let (_, range) = try Self.judged(key, low: low, high: high)
    #expect(range.low == expectedLow && range.high == expectedHigh, "\(range)")
    #expect(range.lowStrict == lowStrict && range.highStrict == highStrict, "\(range)")
  }

  @Test("a bound the person set before is kept when they set the other")
  func ownKept() throws {
    let (stored, range) = try Self.judged("potassium", low: nil, high: "5.5", kept: (3.4, 5.0))
    #expect(stored.low == 3.4 && stored.high == 5.5)
    #expect(range.low == 3.4 && range.high == 5.5)
  }

  @Test("a side not set follows the person's sex, and with none set both sexes are weighed")
  func bySex() throws {
    let hemoglobin = try #require(Fixture.library.marker(key: "hemoglobin"))
    let (stored, _) = try Self.judged("hemoglobin", low: nil, high: "16", sex: .female)
    #expect(stored.low == nil, "the low end is the marker's, not a number fixed at this sex")
    var tracked = UserMarker(markerID: hemoglobin.id, displayOrder: 0, addedAt: Timestamp(Fixture.now))
    tracked.customReferenceHigh = 16
    let male = MarkerSnapshot(definition: hemoglobin, tracked: tracked, entries: [], sex: .male).range
    let female = MarkerSnapshot(definition: hemoglobin, tracked: tracked, entries: [], sex: .female).range
    #expect(male.low != female.low && male.high == 16 && female.high == 16)
    let unknown = MarkerSnapshot(
      definition: hemoglobin, tracked: tracked, entries: [Fixture.entry(hemoglobin, 12.5, on: "2025-05-01")])
    let words = unknown.judgement(of: unknown.entries[0]).words
    #expect(words.contains("sex"), "no sex set: the sex-dependent low end is still weighed: \(words)")
  }

  /// Last read at stop 38: an SI reader who set only `--low 0.5 mmol/L` on LDL had the kept
  /// "below 100 mg/dL" judged in mg/dL: 2.59 mmol/L (100.15 mg/dL) was "above range", and `glance
  /// range` printed "0.50 to <2.59", where with no target it is within "below 2.6".
  @Test(
    "for an SI reader, a kept side is the library's as an SI lab prints it",
    arguments: [
      // (low typed, high typed, reading typed, side of the range, range text)
      ("0.5 mmol/L", nil, 2.59, 0, "0.5 to <2.6 mmol/L"),
      ("0.5 mmol/L", nil, 2.6, 1, "0.5 to <2.6 mmol/L"),
      ("0.5 mmol/L", nil, 0.49, -1, "0.5 to <2.6 mmol/L"),
      // The person's own bound is theirs: judged as they set it.
      (nil, "1.8 mmol/L", 1.81, 1, "up to 1.8 mmol/L"),
      // A low end that rounds onto the kept "below 2.6" keeps it (attacker's second look at stop
      // 39: 2.5999 dropped it, and 5.0 was in range).
      ("2.5999 mmol/L", nil, 5.0, 1, "to <2.6 mmol/L"),
    ] as [(String?, String?, Double, Int, String)])
  func siKept(low: String?, high: String?, typed: Double, side: Int, text: String) throws {
    let ldl = try #require(Fixture.library.marker(key: "ldl"))
    var si = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    si.profile.units = .si
    let stored = try CustomMarkerPlanner.targetRange(
      low: low, high: high, for: ldl, keeping: (nil, nil), own: si.keptRange(for: ldl))
    var tracked = UserMarker(markerID: ldl.id, displayOrder: 0, addedAt: Timestamp(Fixture.now))
    (tracked.customReferenceLow, tracked.customReferenceHigh) = (stored.low, stored.high)
    let entry = try EntryPlanner.draft(
      ldl, valueText: "\(typed)", unit: "mmol/L", date: Fixture.date("2025-05-01"), note: nil, existing: []
    ).entry(at: Timestamp(Fixture.now), source: .quickAdd)
    let snapshot = MarkerSnapshot(
      definition: ldl, tracked: tracked, entries: [entry],
      display: DisplayUnit.preferred(ldl, system: .si, choice: nil))
    let status = snapshot.status(of: entry)
    #expect((status.isOutOfRange ? (status.isLowSide ? -1 : 1) : 0) == side, "\(snapshot.judgement(of: entry).words)")
    let shown = RangeView.render(snapshot, change: .show, style: .plain)
    #expect(shown.contains(text), "\(shown)")
  }

  @Test("units not chosen, a reading typed in SI is judged as typed against a kept side, as with no target")
  func siTypedKept() throws {
    let ldl = try #require(Fixture.library.marker(key: "ldl"))
    var tracked = UserMarker(markerID: ldl.id, displayOrder: 0, addedAt: Timestamp(Fixture.now))
    tracked.customReferenceLow = 20
    for (typed, outside) in [(2.59, false), (2.6, true), (0.5, true)] {
      let entry = try EntryPlanner.draft(
        ldl, valueText: "\(typed)", unit: "mmol/L", date: Fixture.date("2025-05-01"), note: nil, existing: []
      ).entry(at: Timestamp(Fixture.now), source: .quickAdd)
      let snapshot = MarkerSnapshot(definition: ldl, tracked: tracked, entries: [entry])
      let judgement = snapshot.judgement(of: entry)
      #expect(judgement.status.isOutOfRange == outside, "\(typed) \(entry.value): \(judgement.words)")
    }
  }

  /// Clinician's look at stop 39: an SI reader's UACR target said "library default: below 3.4
  /// mg/mmol" (30 mg/g converted), where KDIGO's own SI figure, and every other screen, is 3.
  @Test("for an SI reader, the library default is the guideline's own SI figure")
  func siDefault() throws {
    let uacr = try #require(Fixture.library.marker(key: "uacr"))
    var tracked = UserMarker(markerID: uacr.id, displayOrder: 0, addedAt: Timestamp(Fixture.now))
    tracked.customReferenceHigh = 44.2
    let snapshot = MarkerSnapshot(
      definition: uacr, tracked: tracked, entries: [], display: DisplayUnit.preferred(uacr, system: .si, choice: nil))
    let shown = RangeView.render(snapshot, change: .set, style: .plain)
    #expect(shown.contains("library default: below 3.0 mg/mmol"), "\(shown)")
  }

  /// Last read at stop 38: `range ldl --high "1.8 mmol/L"` for someone who reads mg/dL said "up
  /// to 69.6056 mg/dL". The bound is kept exactly; it is printed with a decimal more than a lab's,
  /// on its side of every value printed so.
  @Test(
    "a bound set in another unit is printed with a decimal more than a lab's, on its side",
    arguments: [
      (nil, "1.8 mmol/L", "up to 69.6 mg/dL", [(69.6, false), (69.7, true)]),
      ("0.5 mmol/L", nil, "19.4 to <100 mg/dL", [(19.4, false), (19.3, true)]),
      ("20", "70", "20-70 mg/dL", [(20, false), (70, false), (70.1, true)]),
      // A reading between the bound and its printing gets the bound more decimals (attacker's
      // look at stop 39: 69.605 was ✓ beside "up to 69.6").
      (nil, "1.8 mmol/L", "up to 69.605 mg/dL", [(69.605, false), (69.7, true)]),
      ("0.5 mmol/L", nil, "19.34 to <100 mg/dL", [(19.35, false), (19.3, true)]),
    ] as [(String?, String?, String, [(Double, Bool)])])
  func printedBound(low: String?, high: String?, text: String, readings: [(Double, Bool)]) throws {
    let ldl = try #require(Fixture.library.marker(key: "ldl"))
    let stored = try CustomMarkerPlanner.targetRange(
      low: low, high: high, for: ldl, keeping: (nil, nil), own: ldl.defaultRange)
    var tracked = UserMarker(markerID: ldl.id, displayOrder: 0, addedAt: Timestamp(Fixture.now))
    (tracked.customReferenceLow, tracked.customReferenceHigh) = (stored.low, stored.high)
    let entries = readings.map { Fixture.entry(ldl, $0.0, on: "2025-05-01") }
    let snapshot = MarkerSnapshot(
      definition: ldl, tracked: tracked, entries: entries,
      display: DisplayUnit.preferred(ldl, system: .conventional, choice: nil))
    let shown = RangeView.render(snapshot, change: .show, style: .plain)
    #expect(shown.contains(text), "\(shown)")
    for (entry, (value, outside)) in zip(entries, readings) {
      #expect(snapshot.status(of: entry).isOutOfRange == outside, "\(value)")
      let words = try #require(snapshot.judgedRangeInWords(entry))
      #expect(!words.contains("69.6056") && !words.contains("19.3349"), "\(words)")
    }
  }

  @Test("a bound given on the wrong side of the one kept is refused, naming the one kept")
  func order() throws {
    #expect(throws: CustomMarkerError.rangeOrder(low: "3.7, kept", high: "3")) {
      try Self.judged("potassium", low: nil, high: "3")
    }
  }

  /// Attacker's look at stop 39: an SI reader's `range ldl --low 2.59` was refused against the
  /// kept "100 mg/dL", where the side they read is "below 2.6 mmol/L" (100.54 mg/dL).
  @Test("for an SI reader, a bound is checked against the kept side as an SI lab prints it")
  func siKeptOrder() throws {
    let ldl = try #require(Fixture.library.marker(key: "ldl"))
    var document = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    document.profile.units = .si
    let kept = document.keptRange(for: ldl)
    #expect(kept.high.map { abs($0 - 2.6 * 38.67) < 0.01 } == true && kept.highStrict, "\(kept)")
    let stored = try CustomMarkerPlanner.targetRange(
      low: "2.59", high: nil, for: ldl, defaultUnit: "mmol/L", keeping: (nil, nil), own: kept)
    #expect(stored.low != nil && stored.high == nil)
    #expect(throws: CustomMarkerError.rangeOrder(low: "2.6", high: "2.6 mmol/L, kept")) {
      try CustomMarkerPlanner.targetRange(
        low: "2.6", high: nil, for: ldl, defaultUnit: "mmol/L", keeping: (nil, nil), own: kept)
    }
    // Not SI: the library's own.
    #expect(GlanceDocument.empty(createdAt: Timestamp(Fixture.now)).keptRange(for: ldl).high == 100)
  }

  @Test("a custom marker's range is kept the same way, and range calls it the range you gave it")
  func custom() throws {
    var marker = Fixture.customMarker("Omega-3 Index", unit: "%")
    (marker.referenceLow, marker.referenceHigh) = (8, 12)
    let range = try CustomMarkerPlanner.targetRange(
      low: "8.5", high: nil, for: marker, keeping: (nil, nil), own: ReferenceRange(low: 8, high: 12))
    #expect(range.low == 8.5 && range.high == nil)
    var tracked = UserMarker(markerID: marker.id, displayOrder: 0, addedAt: Timestamp(Fixture.now))
    (tracked.customReferenceLow, tracked.customReferenceHigh) = (range.low, range.high)
    let snapshot = MarkerSnapshot(definition: marker, tracked: tracked, entries: [])
    #expect(snapshot.range.low == 8.5 && snapshot.range.high == 12)
    let set = RangeView.render(snapshot, change: .set, style: .plain)
    #expect(!set.contains("library") && set.contains("the range you gave it: 8%-12%"), "\(set)")
    let reset = RangeView.render(
      MarkerSnapshot(definition: marker, tracked: nil, entries: []), change: .reset, style: .plain)
    #expect(!reset.contains("library") && reset.contains("the range you gave it"), "\(reset)")
  }
}
