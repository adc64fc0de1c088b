import Foundation
import Testing

@testable import GlanceCore

/// DESIGN §6 / PRD §5.8 "Insights": out of range on the latest reading; or 3+ consecutive readings
/// moving the concerning way for the marker's direction. Plain words, never diagnosis, treatment,
/// medication, "you should" or "this means", no scores. Deterministic. Custom markers get none.
@Suite("InsightsEngine")
struct InsightsEngineTests {
  static let now = Timestamp(Fixture.now)

  /// One reading a month from 2024-01-01, oldest first.
  static func entries(_ marker: MarkerDefinition, _ values: [Double]) -> [MarkerEntry] {
    values.enumerated().map { index, value in
      let day = Fixture.date("2024-01-01").adding(months: index)!
      return Fixture.entry(marker, value, on: day.iso)
    }
  }

  static func snapshot(_ key: String, _ values: [Double]) -> MarkerSnapshot {
    let marker = Fixture.library.marker(key: key)!
    return MarkerSnapshot(definition: marker, tracked: nil, entries: entries(marker, values))
  }

  // MARK: Blood pressure's recent average

  /// Newcomer review at stop 40: fourteen days of 142/92 and then one 118/76 left prep saying
  /// "Nothing in your readings is flagged". The 2017 ACC/AHA guideline (Whelton et al.) stages
  /// blood pressure by the average of two or more readings on two or more occasions.
  @Test(
    "blood pressure whose latest is not out of range but whose last month averages in a stage is an item",
    arguments: [
      // (systolic by day, an item, its words)
      ([142.0, 142, 142, 142, 142, 142, 142, 142, 142, 142, 142, 142, 142, 142, 118], true, "averaged 140 mmHg"),
      ([135.0, 131, 118], false, ""),  // 128: elevated, not a stage
      ([150.0, 118], true, "averaged 134 mmHg"),  // stage 1
      ([131.0, 128, 118], false, ""),  // 125.7: elevated
      ([131.0, 128], false, ""),  // 129.5 is not "130 … stage 1" (latest 128 is elevated)
      ([118.0, 122, 119], false, ""),
    ] as [([Double], Bool, String)])
  func bloodPressureAverage(values: [Double], item: Bool, words: String) throws {
    let systolic = try #require(Fixture.library.marker(key: "bp-systolic"))
    let entries = values.enumerated().map { index, value in
      Fixture.entry(systolic, value, on: Fixture.date("2026-10-01").adding(days: index)!.iso)
    }
    let snapshot = MarkerSnapshot(definition: systolic, tracked: nil, entries: entries)
    let insights = InsightsEngine.insights(for: [snapshot], at: Self.now)
    #expect(insights.count == (item ? 1 : 0), "\(insights.map(\.suggestionText))")
    if item, let insight = insights.first {
      #expect(insight.kind == .recentAverage)
      #expect(insight.suggestionText.contains(words), "\(insight.suggestionText)")
      #expect(insight.suggestionText.contains("though the latest, 118 mmHg on"), "\(insight.suggestionText)")
      #expect(insight.triggeringValues.count == values.count)
    }
  }

  /// Newcomer's second look at stop 40: sixty home readings, mornings 150 and evenings 120, were
  /// averaged by each day's last reading only: typed evening first, "averaged 150 … stage 2";
  /// morning first, nothing. Every reading of the window counts, in any order.
  @Test("every reading of the month counts, several a day, in whatever order they were typed")
  func bloodPressureAverageEveryReading() throws {
    let systolic = try #require(Fixture.library.marker(key: "bp-systolic"))
    func brief(morningFirst: Bool) -> [VisitPrepInsight] {
      var entries: [MarkerEntry] = []
      for day in 0..<30 {
        let date = Fixture.date("2026-02-18").adding(days: day)!.iso
        let pair = [152.0, 122]
        for (order, value) in (morningFirst ? pair : pair.reversed()).enumerated() {
          var entry = Fixture.entry(systolic, value, on: date)
          entry.entryTimestamp = Timestamp(secondsSince1970: Int64(day * 100 + order))
          entries.append(entry)
        }
      }
      var last = Fixture.entry(systolic, 118, on: "2026-03-20")
      last.entryTimestamp = Timestamp(secondsSince1970: 10_000)
      entries.append(last)
      let snapshot = MarkerSnapshot(definition: systolic, tracked: nil, entries: entries)
      return InsightsEngine.insights(for: [snapshot], at: Self.now)
    }
    for order in [true, false] {
      let items = brief(morningFirst: order)
      #expect(items.count == 1, "\(items.map(\.suggestionText))")
      #expect(items.first?.suggestionText.contains("averaged 137 mmHg over your last 61 readings") == true, "\(items)")
    }
  }

  /// Clinician and attacker reviews at stop 41: a kept systolic of 300 among two weeks of 142
  /// (critical since the last visit, the latest 118) hid the stage 2 average, and its item said
  /// nothing of the 300 being beyond the plausible range.
  @Test("an earlier critical reading beyond the plausible range is said to be checked, and the average stays")
  func earlierCriticalBeyondPlausible() throws {
    let systolic = try #require(Fixture.library.marker(key: "bp-systolic"))
    var entries = (0..<14).map { Fixture.entry(systolic, 142, on: Fixture.date("2026-02-01").adding(days: $0)!.iso) }
    entries.append(Fixture.entry(systolic, 300, on: "2026-02-15"))
    entries.append(Fixture.entry(systolic, 118, on: "2026-02-16"))
    let snapshot = MarkerSnapshot(definition: systolic, tracked: nil, entries: entries)
    let items = InsightsEngine.insights(for: [snapshot], at: Self.now, criticalSince: Fixture.date("2026-01-01"))
    #expect(items.map(\.kind) == [.earlierCritical, .recentAverage], "\(items.map(\.suggestionText))")
    #expect(
      items.first?.suggestionText.contains(
        "The 300 mmHg reading is beyond the range glance takes as plausible: check it against the measurement.")
        == true,
      "\(items.map(\.suggestionText))")
    #expect(items.last?.suggestionText.contains("stage 2 range") == true, "\(items.map(\.suggestionText))")
  }

  /// Systolic and diastolic snapshots of one pair a day from Feb 1, 2026, each pair saved
  /// together (one day, one entry time), as `add bp 142/92` saves it.
  static func bloodPressure(_ pairs: [(Double, Double)]) -> [MarkerSnapshot] {
    let systolic = Fixture.library.marker(key: "bp-systolic")!
    let diastolic = Fixture.library.marker(key: "bp-diastolic")!
    var high: [MarkerEntry] = []
    var low: [MarkerEntry] = []
    for (day, (top, bottom)) in pairs.enumerated() {
      let date = Fixture.date("2026-02-01").adding(days: day)!.iso
      let time = Timestamp(secondsSince1970: Int64(1_000 + day))
      var first = Fixture.entry(systolic, top, on: date)
      var second = Fixture.entry(diastolic, bottom, on: date)
      (first.entryTimestamp, second.entryTimestamp) = (time, time)
      high.append(first)
      low.append(second)
    }
    return [
      MarkerSnapshot(definition: systolic, tracked: nil, entries: high),
      MarkerSnapshot(definition: diastolic, tracked: nil, entries: low),
    ]
  }

  /// Clinician review at stop 41: a 40/30 slip kept among 15 days of 142/92 left the 40 out of
  /// the systolic average but averaged its 30 into the diastolic one: 87, "stage 1", where the
  /// other readings average 91, stage 2. One cuff reading is one measurement.
  @Test("the other half of a blood-pressure pair whose one half is beyond the plausible range is not averaged")
  func pairedSlipLeftOut() throws {
    let pairs = Array(repeating: (142.0, 92.0), count: 7) + [(40, 30)] + Array(repeating: (142, 92), count: 7)
    let snapshots = Self.bloodPressure(pairs + [(118, 76)])
    let diastolic = snapshots[1].definition
    let items = InsightsEngine.insights(for: snapshots, at: Self.now)
    let average = try #require(items.first { $0.markerID == diastolic.id && $0.kind == .recentAverage })
    #expect(average.suggestionText.contains("averaged 91 mmHg over your last 15 readings"), "\(average.suggestionText)")
    #expect(average.suggestionText.contains("stage 2 range"), "\(average.suggestionText)")
    // What it left out is said (clinician's second look at stop 41).
    #expect(average.suggestionText.contains("; 1 other left out: "), "\(average.suggestionText)")
  }

  /// Clinician's second look at stop 41: a kept 300/130 was a critical reading in one item and
  /// a slip whose 130 was left out of the average in the next. Critical, it is taken as real.
  @Test("the other half of a pair whose one half is critical beyond the plausible range is averaged")
  func criticalPairAveraged() throws {
    let snapshots = Self.bloodPressure(Array(repeating: (142.0, 92.0), count: 14) + [(300, 130), (118, 76)])
    #expect(InsightsEngine.pairedWithSlips(snapshots).isEmpty)
  }

  /// Clinician's second look at stop 40: fourteen days of 160 and then a 132 said only "was 132
  /// mmHg … stage 1", where the average is stage 2.
  @Test("an average in a higher stage than the latest reading is said beside it")
  func bloodPressureAverageAboveLatestStage() throws {
    let systolic = try #require(Fixture.library.marker(key: "bp-systolic"))
    var entries = (0..<14).map { Fixture.entry(systolic, 160, on: Fixture.date("2026-02-01").adding(days: $0)!.iso) }
    entries.append(Fixture.entry(systolic, 132, on: "2026-02-20"))
    let snapshot = MarkerSnapshot(definition: systolic, tracked: nil, entries: entries)
    let items = InsightsEngine.insights(for: [snapshot], at: Self.now)
    #expect(items.map(\.kind) == [.outOfRange, .recentAverage], "\(items.map(\.suggestionText))")
    #expect(
      items.last?.suggestionText.contains(
        "stage 2 range, though the latest, 132 mmHg on Feb 20, 2026, was in the stage 1 range") == true,
      "\(items.map(\.suggestionText))")
  }

  @Test("one day's readings, or readings a month apart, are not averaged")
  func bloodPressureAverageNeedsOccasions() throws {
    let systolic = try #require(Fixture.library.marker(key: "bp-systolic"))
    let oneDay = [150.0, 150, 150, 118].map { Fixture.entry(systolic, $0, on: "2026-10-01") }
    let apart = [Fixture.entry(systolic, 150, on: "2026-08-01"), Fixture.entry(systolic, 118, on: "2026-10-01")]
    for entries in [oneDay, apart] {
      let snapshot = MarkerSnapshot(definition: systolic, tracked: nil, entries: entries)
      #expect(InsightsEngine.insights(for: [snapshot], at: Self.now).isEmpty)
    }
  }

  // MARK: Out of range

  @Test(
    "a latest reading outside the range is flagged, above or below",
    arguments: [
      ("ldl", [130.0], "above"), ("hdl", [35.0], "below"), ("tsh", [5.0], "above"), ("tsh", [0.2], "below"),
      // Only the latest reading decides.
      ("ldl", [70.0, 150], "above"), ("hdl", [60.0, 38], "below"),
    ])
  func outOfRange(key: String, values: [Double], side: String) throws {
    let snapshot = Self.snapshot(key, values)
    let insights = InsightsEngine.insights(for: [snapshot], at: Self.now)
    let insight = try #require(insights.first { $0.kind == .outOfRange })
    #expect(insights.count == 1)
    #expect(insight.markerID == snapshot.definition.id)
    #expect(insight.triggeringValues == [snapshot.latest!])
    #expect(insight.suggestionText.contains(snapshot.definition.displayName))
    #expect(insight.suggestionText.contains(snapshot.displayedText(snapshot.latest!)))
    #expect(insight.suggestionText.contains(side))
    #expect(insight.suggestionText.contains("Consider asking your doctor"))
    #expect(insight.generatedAt == Self.now)
  }

  @Test(
    "a value on a bound or in the watch zone is not flagged",
    arguments: [
      // On the boundary: in range.
      ("ldl", [99.0]), ("hdl", [40.0]), ("tsh", [4.5]), ("tsh", [0.4]),
      // Watch zone (within 10% of the range's width, or of a one-sided bound).
      ("hdl", [42.0]), ("hdl", [44.0]), ("ldl", [95.0]), ("tsh", [4.2]), ("tsh", [0.7]),
      // Back in range after an out-of-range reading.
      ("ldl", [150.0, 80]),
    ])
  func notOutOfRange(key: String, values: [Double]) {
    #expect(InsightsEngine.insights(for: [Self.snapshot(key, values)], at: Self.now).isEmpty)
  }

  // MARK: Trends

  @Test(
    "a run of readings moving the concerning way is flagged, naming the whole run",
    arguments: [
      // Higher is better: falling is concerning, rising is not.
      ("hdl", [70.0, 60, 50], VisitPrepInsight.Kind?.some(.trendingDown), 3),
      ("hdl", [50.0, 55, 60], nil, 0),
      ("hdl", [70.0, 65, 60, 55, 50, 45], .trendingDown, 6),
      // Lower is better: rising is concerning, falling is not.
      ("ldl", [60.0, 70, 80], .trendingUp, 3),
      ("ldl", [80.0, 70, 60], nil, 0),
      // In range (TSH 0.4–4.5, middle 2.45): away from the middle either way is concerning.
      ("tsh", [2.6, 3.4, 4.2], .trendingUp, 3),
      ("tsh", [2.3, 1.5, 0.9], .trendingDown, 3),
      ("tsh", [3.4, 3.0, 2.6], nil, 0),
      ("tsh", [1.5, 1.9, 2.3], nil, 0),
      // The first step moves towards the middle: only two readings move away.
      ("tsh", [1.0, 2.0, 3.5], nil, 0),
      // No two-sided range, so no middle to move away from.
      ("weight", [150.0, 160, 170], nil, 0),
      // Mixed, identical, or too few readings: no trend.
      ("ldl", [60.0, 80, 70], nil, 0),
      ("ldl", [80.0, 80, 80], nil, 0),
      ("ldl", [60.0, 80], nil, 0),
      ("ldl", [70.0], nil, 0),
      // N is the whole run; a run broken earlier counts only from the break.
      ("ldl", [60.0, 65, 70, 75, 80], .trendingUp, 5),
      ("ldl", [90.0, 50, 60, 70], .trendingUp, 3),
      ("ldl", [60.0, 65, 65, 80, 90], .trendingUp, 3),
      ("ldl", [60.0, 70, 55, 65, 75, 85], .trendingUp, 4),
      // Changes within biological variation are noise, not trends (ClinicalRules: reference
      // change values from EFLM-fed studies: TSH 54.7%, HDL 22.9%, eGFR 16.5%, A1c 3.7%).
      ("tsh", [2.3, 2.2, 2.1], nil, 0),
      ("hdl", [75.0, 74, 73], nil, 0),
      ("egfr", [95.0, 92, 90], nil, 0),
      ("a1c", [5.4, 5.5, 5.6], nil, 0),
      ("ldl", [80.0, 85, 90], nil, 0),
      // A concerning run that the latest reading broke is no longer a run.
      ("ldl", [60.0, 70, 80, 75], nil, 0),
    ])
  func trends(key: String, values: [Double], kind: VisitPrepInsight.Kind?, run: Int) throws {
    let snapshot = Self.snapshot(key, values)
    let insights = InsightsEngine.insights(for: [snapshot], at: Self.now)
    #expect(!insights.contains { $0.kind == .outOfRange }, "every value here is in range")
    guard let kind else {
      #expect(insights.isEmpty)
      return
    }
    #expect(insights.count == 1)
    let insight = try #require(insights.first)
    #expect(insight.kind == kind)
    #expect(insight.markerID == snapshot.definition.id)
    #expect(insight.triggeringValues == Array(snapshot.entries.suffix(run)))
    let word = kind == .trendingUp ? "increased" : "decreased"
    #expect(insight.suggestionText.contains("\(word) across your last \(run) readings"))
  }

  @Test("the PRD's LDL example reads as written, in one item with the out-of-range latest")
  func prdExample() throws {
    let snapshot = Self.snapshot("ldl", [121, 135, 162])
    let insights = InsightsEngine.insights(for: [snapshot], at: Self.now)
    #expect(insights.count == 1)
    let item = try #require(insights.first)
    #expect(item.kind == .outOfRange)
    #expect(
      item.suggestionText
        == "Your LDL Cholesterol was 162 mg/dL on Mar 1, 2024, above the reference range (below 100 mg/dL), "
        + "and has increased across your last 3 readings (121 → 135 → 162 mg/dL). "
        + "Consider asking your doctor about this result.")
    #expect(item.triggeringValues == snapshot.entries)
    // In range, the PRD's trend sentence on its own.
    let inRange = InsightsEngine.insights(for: [Self.snapshot("hdl", [90, 70, 50])], at: Self.now)
    #expect(
      inRange.first?.suggestionText
        == "Your HDL Cholesterol has decreased across your last 3 readings (90 → 70 → 50 mg/dL). "
        + "Consider asking your doctor whether any changes are recommended.")
  }

  @Test("five rising readings are named in full")
  func fiveReadings() throws {
    let insight = try #require(
      InsightsEngine.insights(for: [Self.snapshot("ldl", [60, 65, 70, 75, 80])], at: Self.now).first)
    #expect(insight.suggestionText.contains("across your last 5 readings (60 → 65 → 70 → 75 → 80 mg/dL)"))
  }

  /// A target with one bound keeps the library's other (second looks at stop 37: sodium with a
  /// low of 135 had no high end, and 150 was "in range").
  @Test("a target with one bound is judged by the library's other: sodium 150 is above it")
  func oneSidedTargetRange() throws {
    let sodium = Fixture.library.marker(key: "sodium")!
    let tracked = UserMarker(
      markerID: sodium.id, customReferenceLow: 135, displayOrder: 0, addedAt: Self.now)
    let snapshot = MarkerSnapshot(
      definition: sodium, tracked: tracked, entries: Self.entries(sodium, [140, 145, 150]))
    let insight = try #require(InsightsEngine.insights(for: [snapshot], at: Self.now).first)
    #expect(insight.suggestionText.contains("above your target range (135 to 145 mEq/L)"))
  }

  @Test("custom markers get no insights, out of range or trending")
  func customMarkers() {
    var custom = Fixture.customMarker()
    custom.referenceLow = 0
    custom.referenceHigh = 1
    let snapshot = MarkerSnapshot(definition: custom, tracked: nil, entries: Self.entries(custom, [2, 3, 4, 5]))
    #expect(InsightsEngine.insights(for: [snapshot], at: Self.now).isEmpty)
  }

  @Test("the same readings give the same insights, ids included")
  func deterministic() {
    let snapshots = [
      Self.snapshot("ldl", [121, 135, 162]), Self.snapshot("hdl", [60, 50, 35]), Self.snapshot("tsh", [2.6, 3.4, 4.2]),
    ]
    let first = InsightsEngine.insights(for: snapshots, at: Self.now)
    let second = InsightsEngine.insights(for: snapshots, at: Self.now)
    #expect(first.count == 3, "one item per marker")
    #expect(first == second)
    #expect(Set(first.map(\.id)).count == first.count)
  }

  // MARK: A lab's bound that cannot be judged

  /// Clinician review: TSH "<0.5" showed "?" at home while prep and the brief said "Nothing in
  /// your readings is flagged": a possibly suppressed TSH left out of the doctor's brief.
  @Test(
    "a latest lab's bound that could be outside the range is an item to check; one inside it is not",
    arguments: [
      ("tsh", "<0.5", true, "could be below the"), ("vitamin-d", ">45", true, "could be above the"),
      ("tsh", "<3", true, "could be below the"), ("hdl", ">60", false, ""), ("ldl", "<50", false, ""),
      // Either side (clinician's second look: "<5" against 0.4 to 4.5 said only "below").
      ("tsh", "<5", true, "could be below or above the"), ("tsh", ">0.3", true, "could be below or above the"),
    ])
  func censoredUnjudged(key: String, typed: String, expected: Bool, words: String) throws {
    let marker = try #require(Fixture.library.marker(key: key))
    var entry = Fixture.entry(marker, Double(typed.dropFirst())!, on: "2026-11-01")
    entry.comparator = typed.hasPrefix("<") ? .lessThan : .greaterThan
    let snapshot = MarkerSnapshot(definition: marker, tracked: nil, entries: [entry])
    let insights = InsightsEngine.insights(for: [snapshot], at: Self.now)
    #expect(insights.isEmpty != expected, "\(typed): \(insights.map(\.suggestionText))")
    if let item = insights.first, expected {
      #expect(item.kind == .check)
      #expect(item.suggestionText.contains(words), "\(item.suggestionText)")
      #expect(item.suggestionText.contains(typed), "\(item.suggestionText)")
      #expect(item.suggestionText.hasSuffix("Consider asking your doctor about this result."))
      // After a reading that is outside the range, whatever the category order.
      let potassium = Self.snapshot("potassium", [5.8])
      let both = InsightsEngine.insights(for: [snapshot, potassium], at: Self.now)
      #expect(both.map(\.kind) == [.outOfRange, .check])
    }
  }

  // MARK: Order

  /// Clinician review: prep listed a triglyceride of 20 months ago before today's critical
  /// potassium, and an LDL of 101 before a sodium of 120.5 and a hemoglobin of 7.04 (each one
  /// step from critical): items of one kind were in the library's category order.
  @Test(
    "critical items newest first; out-of-range items nearest their critical limit first",
    arguments: [
      // (marker, value, day) in the library's category order → the expected order of the keys.
      (
        [("triglycerides", 1200.0, "2025-03-01"), ("tsh", 120, "2025-06-01"), ("potassium", 6.9, "2026-11-20")],
        ["potassium", "tsh", "triglycerides"]
      ),
      (
        [
          ("ldl", 101.0, "2026-11-20"), ("hdl", 39, "2026-11-20"), ("sodium", 120.5, "2026-11-20"),
          ("hemoglobin", 7.04, "2026-11-20"),
        ], ["hemoglobin", "sodium", "hdl", "ldl"]
      ),
    ] as [([(String, Double, String)], [String])])
  func order(readings: [(String, Double, String)], expected: [String]) throws {
    let snapshots = try readings.map { key, value, day in
      let marker = try #require(Fixture.library.marker(key: key))
      return MarkerSnapshot(definition: marker, tracked: nil, entries: [Fixture.entry(marker, value, on: day)])
    }
    let now = Timestamp(Fixture.time("2026-11-22T12:00:00Z").date)
    let keys = InsightsEngine.insights(for: snapshots, at: now).map { item in
      snapshots.first { $0.definition.id == item.markerID }!.definition.key
    }
    #expect(keys == expected)
  }

  /// Clinician's second look: markers without a critical limit (LDL 240, A1c 13.5, Lp(a), hs-CRP,
  /// PSA) came before results a step from one (eGFR 16, BP 178/118, glucose 380, potassium 6.1).
  @Test(
    "out-of-range results near a critical limit come before markers that have none, however far out",
    arguments: [
      (
        ["a1c": 13.5, "fasting-glucose": 380, "egfr": 16, "bp-systolic": 178, "bp-diastolic": 118, "ldl": 240],
        ["egfr", "bp-systolic", "bp-diastolic", "fasting-glucose"], ["ldl", "a1c"]
      ),
      (
        [
          "lpa": 180, "uacr": 250, "ggt": 250, "ferritin": 900, "hs-crp": 20, "psa": 9, "potassium": 6.1, "sodium": 121,
          "hemoglobin": 7.1,
        ],
        ["potassium", "sodium", "hemoglobin"], ["lpa", "uacr", "ggt", "ferritin", "hs-crp", "psa"]
      ),
    ] as [([String: Double], [String], [String])])
  func nearCriticalFirst(values: [String: Double], first: [String], after: [String]) throws {
    let snapshots = try values.keys.sorted().map { key in
      let marker = try #require(Fixture.library.marker(key: key))
      return MarkerSnapshot(
        definition: marker, tracked: nil, entries: [Fixture.entry(marker, values[key]!, on: "2026-11-20")])
    }
    let now = Timestamp(Fixture.time("2026-11-22T12:00:00Z").date)
    let keys = InsightsEngine.insights(for: snapshots, at: now).map { item in
      snapshots.first { $0.definition.id == item.markerID }!.definition.key
    }
    let lastNear = try #require(first.compactMap { keys.firstIndex(of: $0) }.max())
    let firstFar = try #require(after.compactMap { keys.firstIndex(of: $0) }.min())
    #expect(lastNear < firstFar, "\(keys)")
  }

  // MARK: A critical reading since the last visit

  /// Clinician review: sodium 118 on Sep 1 and 138 on Nov 1, after a visit in June: prep said
  /// "Nothing in your readings is flagged" above a list showing "!! Sodium 118".
  @Test(
    "a reading far outside the range since the last visit is an item, though the latest is not",
    arguments: [
      // (values a month apart from Jan 2024, since, item expected, the latest's words)
      ([140.0, 118, 138], "2024-01-15", true, "in range"),
      ([140.0, 118, 130], "2024-01-15", true, "below range"),
      ([118.0, 138], "2024-01-15", false, ""),  // before the visit: talked about then
      ([140.0, 118], "2024-01-15", false, ""),  // the latest itself: the critical item says it
      ([140.0, 121, 138], "2024-01-15", false, ""),  // out of range, not critical
      ([140.0, 118, 138], "2024-03-01", false, ""),  // the 118 (Feb 1) was before the visit
      // Drawn on the visit's day: its result may have come after it (clinician's second look).
      ([140.0, 118, 138], "2024-02-01", true, "in range"),
    ] as [([Double], String, Bool, String)])
  func earlierCritical(values: [Double], since: String, expected: Bool, latestWords: String) throws {
    let sodium = Self.snapshot("sodium", values)
    let ldl = Self.snapshot("ldl", [150])
    let insights = InsightsEngine.insights(for: [ldl, sodium], at: Self.now, criticalSince: Fixture.date(since))
    let item = insights.first { $0.markerID == sodium.definition.id }
    if expected {
      let item = try #require(item)
      #expect(item.kind == .earlierCritical)
      #expect(insights.first?.markerID == sodium.definition.id, "before an LDL merely out of range")
      #expect(
        item.suggestionText.hasPrefix(
          "Your Sodium was 118 mEq/L on Feb 1, 2024, far below the reference range (135 to 145 mEq/L); your latest,"),
        "\(item.suggestionText)")
      #expect(item.suggestionText.contains(", is \(latestWords)."), "\(item.suggestionText)")
      #expect(item.suggestionText.hasSuffix("Consider asking your doctor about this result."))
      #expect(item.triggeringValues.map(\.value) == [118, values.last!])
    } else if values.last == 118 {
      #expect(item?.kind == .critical)
    } else {
      #expect(item?.kind != .earlierCritical)
    }
    // Without a date to count from, no such item.
    #expect(!InsightsEngine.insights(for: [ldl, sodium], at: Self.now).contains { $0.kind == .earlierCritical })
  }

  /// Clinician's second look: glucose 450 and then 40, both since the visit, named only the 40.
  @Test("a critical reading on each side since the last visit names both, each the latest of its side")
  func earlierCriticalBothSides() throws {
    let sodium = Self.snapshot("sodium", [140, 165, 118, 170, 117, 140])
    let item = try #require(
      InsightsEngine.insights(for: [sodium], at: Self.now, criticalSince: Fixture.date("2024-01-15")).first)
    #expect(item.kind == .earlierCritical)
    #expect(
      item.suggestionText
        == "Your Sodium was 117 mEq/L on May 1, 2024, far below the reference range (135 to 145 mEq/L), and 170 mEq/L on Apr 1, 2024, far above it; your latest, 140 mEq/L on Jun 1, 2024, is in range. Consider asking your doctor about this result."
    )
    #expect(item.triggeringValues.map(\.value) == [170, 117, 140])
  }

  @Test("prep counts from the last visit, or from a year ago when none is recorded")
  func criticalSince() {
    let today = Fixture.date("2026-11-22")
    #expect(VisitBrief.criticalSince(visits: [], today: today) == Fixture.date("2025-11-22"))
    let june = Fixture.visit("2026-06-01")
    let coming = Fixture.visit("2026-12-01")
    #expect(VisitBrief.criticalSince(visits: [june, coming], today: today) == Fixture.date("2026-06-01"))
  }

  // MARK: Words

  static let banned = ["diagnos", "treatment", "medication", "you should", "this means", "score", "risk"]

  /// "7/10": a digit, a slash, a digit.
  static func hasDigitSlashDigit(_ text: String) -> Bool {
    let characters = Array(text)
    return characters.indices.contains { index in
      index > 0 && index + 1 < characters.count && characters[index] == "/"
        && characters[index - 1].isASCII && characters[index - 1].isNumber
        && characters[index + 1].isASCII && characters[index + 1].isNumber
    }
  }

  @Test("no insight for any library marker uses a banned word or a score")
  func bannedWords() {
    var generator = SeededGenerator(seed: 2025)
    var texts = InsightsEngine.templates
    for marker in Fixture.library.markers {
      let scale = pow(10, Double(marker.decimals))
      let low = Int((marker.plausibleMin ?? 0) * scale)
      let high = Int((marker.plausibleMax ?? 1000) * scale)
      for _ in 0..<40 {
        let count = Int.random(in: 1...8, using: &generator)
        let values = (0..<count).map { _ in Double(Int.random(in: low...high, using: &generator)) / scale }
        var entries = Self.entries(marker, values)
        if Bool.random(using: &generator), let last = entries.indices.last {
          entries[last].comparator = ValueComparator.allCases.randomElement(using: &generator)
        }
        let snapshot = MarkerSnapshot(definition: marker, tracked: nil, entries: entries)
        texts += InsightsEngine.insights(for: [snapshot], at: Self.now, criticalSince: Fixture.date("2023-12-01"))
          .map(\.suggestionText)
      }
    }
    #expect(texts.count > 500, "the random histories should flag plenty")
    for text in texts {
      let lowered = text.lowercased()
      for word in Self.banned {
        #expect(!lowered.contains(word), "“\(word)” in: \(text)")
      }
      #expect(!Self.hasDigitSlashDigit(text), "a score in: \(text)")
      #expect(
        text.contains("Consider asking your doctor") || text.hasSuffix(Judgement.criticalAdvice), "\(text)")
    }
  }

  @Test("the score detector itself finds scores", arguments: [("7/10", true), ("mg/dL", false), ("121 → 135", false)])
  func scoreDetector(text: String, found: Bool) {
    #expect(Self.hasDigitSlashDigit(text) == found)
  }

  @Test("plural names and insight ids read from bytes agree with the rule as first written")
  func pluralAndIdentifierAsBefore() {
    func plural(_ name: String) -> Bool {
      let main = name.split(separator: "(").first.map { $0.trimmingWhitespace() } ?? ""
      return main.hasSuffix("s") && !main.hasSuffix("ss") && !main.hasSuffix("is")
    }
    func identifier(_ marker: UUID, _ kind: String, _ entry: UUID) -> UInt64 {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in Array((marker.uuidString + kind + entry.uuidString).utf8) {
        hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
      }
      return hash
    }
    var generator = SeededGenerator(seed: 0x9_1A7A1)
    var names =
      MarkerLibrary.builtIn.markers.map(\.displayName) + [
        "", "(", "((s", "(Ketones) Blood", "Steps (daily)", "Glass", "Analysis", "Grips  ", "Grips\t(x)", "x s", "Ś",
        "Tests\u{301}", "Ketones (β)", "Vitamin B12s (x) (y)",
      ]
    for _ in 0..<500 { names.append(randomText(using: &generator)) }
    for name in names {
      #expect(
        InsightsEngine.isPlural(Fixture.customMarker(name.isEmpty ? "x" : name)) == plural(name.isEmpty ? "x" : name),
        "\(name)")
    }
    for kind in ["outOfRange", "critical", "trendingUp", "check", ""] {
      let (marker, entry) = (UUID(), UUID())
      let made = InsightsEngine.identifier(marker, kind, entry)
      let hash = identifier(marker, kind, entry)
      // The id's first eight bytes are the hash's, lowest first (version bits aside).
      let bytes = withUnsafeBytes(of: made.uuid) { Array($0) }
      #expect(bytes[0] == UInt8(truncatingIfNeeded: hash) && bytes[1] == UInt8(truncatingIfNeeded: hash >> 8))
      #expect(bytes[2] == UInt8(truncatingIfNeeded: hash >> 16) && bytes[4] == UInt8(truncatingIfNeeded: hash >> 32))
    }
  }
}
