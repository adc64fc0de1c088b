import Foundation
import Testing

@testable import GlanceCore

/// Issue 14: the brief for the next visit, in the terminal, as Markdown and as a page.
@Suite("Visit brief")
struct VisitBriefTests {
  static let today = Fixture.date("2026-11-22")
  static let now = Timestamp(Fixture.now)
  static let since = Fixture.date("2025-11-22")

  /// The demo's five-year history, as `glance demo` makes it for `today`.
  static func demo() throws -> VisitBrief {
    let document = try DemoData.document(today: today)
    let snapshots = document.trackedSnapshots(library: .builtIn)
    return VisitBrief(
      document: document, snapshots: snapshots, items: InsightsEngine.insights(for: snapshots, at: now), today: today)
  }

  static func snapshot(_ marker: MarkerDefinition, _ readings: [(String, Double)]) -> MarkerSnapshot {
    MarkerSnapshot(definition: marker, tracked: nil, entries: readings.map { Fixture.entry(marker, $0.1, on: $0.0) })
  }

  // MARK: What the brief holds

  /// Attacker review at stop 40: after a critical potassium of 6.8, `untrack potassium` left
  /// prep and the Markdown brief saying "Nothing in your readings is flagged", and home nothing.
  /// Newcomer's second look at stop 40: an untracked potassium of 2019 was said on home every
  /// day; the clinician's: an untracked 6.8 ten days before a 5.0 left prep, where tracked it was
  /// "critical since your last visit".
  @Test("an untracked critical reading is kept from `since` on: an earlier one in the brief, an old one nowhere")
  func untrackedCriticalSince() throws {
    let potassium = try #require(Fixture.library.marker(key: "potassium"))
    var document = GlanceDocument.empty(createdAt: Self.now)
    document.apply(.putEntry(Fixture.entry(potassium, 6.8, on: "2026-11-10")))
    document.apply(.putEntry(Fixture.entry(potassium, 5.0, on: "2026-11-20")))
    #expect(document.briefSnapshots(library: .builtIn, since: Self.since).map(\.definition.key) == ["potassium"])
    #expect(document.untrackedCriticalSnapshots(library: .builtIn, since: Self.since).isEmpty)
    var old = GlanceDocument.empty(createdAt: Self.now)
    old.apply(.putEntry(Fixture.entry(potassium, 6.9, on: "2019-05-01")))
    #expect(old.briefSnapshots(library: .builtIn, since: Self.since).isEmpty)
    #expect(
      old.untrackedCriticalSnapshots(library: .builtIn, since: HomeView.untrackedSince(today: Self.today)).isEmpty)
  }

  /// Newcomer review at stop 40: the brief said blood pressure "averaged 140 mmHg over your last
  /// 15 readings", and its chart beside it drew the latest 12. It draws every averaged reading.
  @Test("a chart beside a recent average draws every reading averaged; another draws the latest 12")
  func averageChart() throws {
    let systolic = try #require(Fixture.library.marker(key: "bp-systolic"))
    func points(_ values: [Double]) throws -> Int {
      let entries = values.enumerated().map { index, value in
        Fixture.entry(systolic, value, on: Fixture.date("2026-10-01").adding(days: index)!.iso)
      }
      let snapshot = MarkerSnapshot(definition: systolic, tracked: nil, entries: entries)
      let brief = VisitBrief(
        document: .empty(createdAt: Self.now), snapshots: [snapshot],
        items: InsightsEngine.insights(for: [snapshot], at: Self.now), today: Self.today)
      let html = BriefHTML.render(brief)
      let chart = try #require(html.range(of: "<figure class=\"chart\">").map { html[$0.lowerBound...] })
      let labels = chart.components(separatedBy: "<text class=\"value\"").count - 1
      #expect(values.count <= 2 * BriefHTML.chartReadings || labels <= 4, "\(labels) labels")
      return chart.components(separatedBy: "class=\"pt ").count - 1
    }
    #expect(try points(Array(repeating: 142, count: 14) + [118]) == 15)
    // A slip beyond the plausible range inside the month is drawn beside them (at the edge), and
    // the first day still is (clinician review at stop 41: the 15 latest dropped it).
    #expect(try points(Array(repeating: 142, count: 7) + [40] + Array(repeating: 142, count: 7) + [118]) == 15)
    // A month of readings: every one drawn, only the first, last, lowest and highest labelled
    // (newcomer review at stop 41: 59 labels overlapped).
    let month = (0..<29).map { 136.0 + Double($0 % 8) } + [118]
    #expect(try points(month) == 30)
    // Out of range at the latest, no average item: the latest 12.
    #expect(try points(Array(repeating: 142, count: 15)) == BriefHTML.chartReadings)
  }

  /// Clinician's second look at stop 41: blood pressure named by a critical item and by its
  /// average was drawn twice.
  @Test("a marker named by two items is charted once")
  func oneChartAMarker() throws {
    let systolic = try #require(Fixture.library.marker(key: "bp-systolic"))
    let readings = (0..<14).map { (Fixture.date("2026-10-01").adding(days: $0)!.iso, 142.0) }
    let snapshot = Self.snapshot(systolic, readings + [("2026-10-15", 300), ("2026-10-16", 118)])
    let items = InsightsEngine.insights(for: [snapshot], at: Self.now, criticalSince: Fixture.date("2026-01-01"))
    #expect(items.map(\.kind) == [.earlierCritical, .recentAverage])
    let brief = VisitBrief(
      document: .empty(createdAt: Self.now), snapshots: [snapshot], items: items, today: Self.today)
    let html = BriefHTML.render(brief)
    #expect(html.components(separatedBy: "<figcaption>Blood Pressure (Systolic)").count - 1 == 1)
    // And listed once under Latest values, in every form (newcomer's second look at stop 41).
    #expect(brief.latestValues.count == 1)
    let text = PrepView.render(brief, all: false, style: .plain)
    let latest = try #require(text.range(of: "Latest values").map { text[$0.upperBound...] })
    #expect(latest.components(separatedBy: "Blood Pressure (Systolic)").count - 1 == 1, "\(text)")
  }

  /// Newcomer review at stop 41: a kept fasting glucose of 900, critical, was labelled "900 ?"
  /// on the brief's chart under its "!!" item.
  @Test("a critical reading beyond the plausible range is labelled !! at the chart's edge; a slip is labelled ?")
  func offScaleLabel() throws {
    let glucose = try #require(Fixture.library.marker(key: "fasting-glucose"))
    let ldl = try #require(Fixture.library.marker(key: "ldl"))
    let snapshots = [
      Self.snapshot(glucose, [("2026-10-01", 92), ("2026-11-01", 900)]),
      Self.snapshot(ldl, [("2026-10-01", 120), ("2026-11-01", 1900)]),
    ]
    let brief = VisitBrief(
      document: .empty(createdAt: Self.now), snapshots: snapshots,
      items: InsightsEngine.insights(for: snapshots, at: Self.now), today: Self.today)
    let html = BriefHTML.render(brief)
    #expect(html.contains(">900 !!</text>"), "\(html)")
    #expect(html.contains(">1,900 ?</text>") || html.contains(">1900 ?</text>"), "\(html)")
  }

  /// Attacker's second look at stop 40: an untracked potassium "<2.9" ("may be far below") left
  /// prep, and with nothing tracked prep said "No readings yet" over stored readings.
  @Test("an untracked lab's bound that may be critical stays; with nothing tracked, prep never says no readings")
  func untrackedMaybeCritical() throws {
    let potassium = try #require(Fixture.library.marker(key: "potassium"))
    var document = GlanceDocument.empty(createdAt: Self.now)
    var bound = Fixture.entry(potassium, 2.9, on: "2026-11-20")
    bound.comparator = .lessThan
    document.apply(.putEntry(bound))
    #expect(document.briefSnapshots(library: .builtIn, since: Self.since).map(\.definition.key) == ["potassium"])
    let home = try #require(
      HomeView.untrackedCritical(document.untrackedCriticalSnapshots(library: .builtIn, since: Self.since)))
    #expect(home.hasPrefix("Not on your list, but past, or maybe past, a critical limit"), "\(home)")
    #expect(UntrackQuestion.question([potassium], document: document).contains("may be past a critical limit"))
    // A reading within range, untracked: not in the brief, and not "No readings yet".
    var inRange = GlanceDocument.empty(createdAt: Self.now)
    inRange.apply(.putEntry(Fixture.entry(potassium, 4.2, on: "2026-11-20")))
    let snapshots = inRange.briefSnapshots(library: .builtIn, since: Self.since)
    let brief = VisitBrief(document: inRange, snapshots: snapshots, items: [], today: Self.today)
    #expect(snapshots.isEmpty)
    #expect(brief.nothingRaised.hasPrefix("None of the markers you track has readings"), "\(brief.nothingRaised)")
  }

  @Test(
    "an untracked marker whose latest reading is critical stays in the brief and on home; one in range or old does not",
    arguments: [(6.8, true), (4.2, false), (5.8, false)])
  func untrackedCritical(value: Double, listed: Bool) throws {
    let potassium = try #require(Fixture.library.marker(key: "potassium"))
    var document = GlanceDocument.empty(createdAt: Self.now)
    document.apply(.setTrackedMarkers([UserMarker(markerID: Fixture.hdl.id, displayOrder: 0, addedAt: Self.now)]))
    document.apply(.putEntry(Fixture.entry(Fixture.hdl, 55, on: "2026-11-20")))
    document.apply(.putEntry(Fixture.entry(potassium, 6.9, on: "2025-01-05")))
    document.apply(.putEntry(Fixture.entry(potassium, value, on: "2026-11-20")))
    let snapshots = document.briefSnapshots(library: .builtIn, since: Self.since)
    #expect(snapshots.map(\.definition.key) == (listed ? ["hdl", "potassium"] : ["hdl"]))
    let brief = VisitBrief(
      document: document, snapshots: snapshots, items: InsightsEngine.insights(for: snapshots, at: Self.now),
      today: Self.today)
    let prep = PrepView.render(brief, all: false, style: .plain)
    #expect(prep.contains("Potassium") == listed, "\(prep)")
    #expect(!prep.contains("Nothing in your readings is flagged") == listed, "\(prep)")
    // The question before untracking says what leaves and what stays.
    let question = UntrackQuestion.question([potassium], document: document)
    #expect(question.hasPrefix("Stop tracking Potassium? Its 2 readings are kept."), "\(question)")
    #expect(question.contains("past a critical limit: home and prep keep saying so") == listed, "\(question)")
    #expect(question.contains("prep will no longer list it") == (value == 5.8), "\(question)")
    let home = HomeView.untrackedCritical(document.untrackedCriticalSnapshots(library: .builtIn, since: Self.since))
    #expect((home != nil) == listed)
    if let home { #expect(home.contains("glance track potassium"), "\(home)") }
  }

  /// Clinician's second look at stop 36: the Markdown and HTML briefs said "Nothing in your
  /// readings is flagged" beside a custom marker glance does not judge, and left out what the
  /// terminal's prep says of it.
  /// A custom marker with a range the person gave it is judged by it on home and in show; the
  /// brief had said glance "knows no range or trend rule" for it (named at stop 36).
  @Test(
    "the brief says what is checked of each kind of own marker: nothing, your range, a test's critical limits",
    arguments: [
      ("Grip strength", "kg", nil, "Your own markers (Grip strength) are not judged: glance knows no range for them"),
      (
        "Ketones", "mmol/L", 0.5,
        "Your own markers (Ketones) are judged only by the range you gave them, on the home screen and in glance show; glance raises nothing about them here."
      ),
      (
        "Random glucose", "mg/dL", nil,
        "Your own markers (Random glucose) are checked only against the critical limits of the tests they are; glance raises nothing else about them here."
      ),
      (
        "Random glucose", "mg/dL", 140,
        "Your own markers (Random glucose) are checked against the critical limits of the tests they are, and judged by the range you gave them on the home screen and in glance show; glance raises nothing else about them here."
      ),
    ] as [(String, String, Double?, String)])
  func ownMarkerKinds(name: String, unit: String, high: Double?, says: String) {
    var marker = Fixture.customMarker(name, unit: unit)
    marker.referenceHigh = high
    let brief = VisitBrief(
      document: .empty(createdAt: Self.now), snapshots: [Self.snapshot(marker, [("2026-11-01", 0.4)])], items: [],
      today: Self.today)
    #expect(brief.ownMarkersNotes.count == 1)
    #expect(brief.ownMarkersNotes.first?.hasPrefix(says) == true, "\(brief.ownMarkersNotes)")
    #expect(!brief.ownMarkersNotes.joinedText(" ").contains("trend rule"))
  }

  @Test("every form of the brief says what glance checks of your own markers")
  func ownMarkersInEveryForm() throws {
    let ketones = Fixture.customMarker("Ketones")
    let glucose = Fixture.customMarker("Random glucose", unit: "mg/dL")
    let snapshots = [Self.snapshot(ketones, [("2026-11-01", 0.4)]), Self.snapshot(glucose, [("2026-11-01", 120)])]
    let brief = VisitBrief(
      document: .empty(createdAt: Self.now), snapshots: snapshots, items: [], today: Self.today)
    let forms = [
      PrepView.render(brief, all: false, style: .plain).replacingOccurrences(of: "\n", with: " "),
      BriefMarkdown.render(brief), BriefHTML.render(brief).replacingOccurrences(of: "&#39;", with: "'"),
    ]
    for form in forms {
      #expect(form.contains("Nothing in your library markers' readings is flagged"), "\(form)")
      #expect(form.contains("Your own markers (Ketones) are not judged"), "\(form)")
      #expect(
        form.contains("Your own markers (Random glucose) are checked only against the critical limits"), "\(form)")
    }
  }

  @Test("the demo's prep: one item per marker, critical and out of range before trends, as golden text")
  func demoTerminal() throws {
    let brief = try Self.demo()
    let markers = brief.items.map(\.markerID)
    #expect(Set(markers).count == markers.count, "one item per marker")
    let severities = brief.items.map { item in
      brief.snapshots.first { $0.definition.id == item.markerID }?.status?.severity ?? 0
    }
    #expect(severities == severities.sorted(by: >), "\(severities)")
    // Out of range: nearest the critical limit first, then by category (the heart's before the
    // metabolic ones before blood pressure).
    let categories = MarkerLibrary.builtIn.categories.map(\.key)
    let order = zip(severities, brief.flagged).map { severity, snapshot in
      (severity, InsightsEngine.towardCritical(snapshot), categories.firstIndex(of: snapshot.definition.category) ?? 99)
    }
    #expect(
      order.map(\.0) == order.sorted { ($0.0, $0.1, -$0.2) > ($1.0, $1.1, -$1.2) }.map(\.0)
        && order.map(\.1) == order.sorted { ($0.0, $0.1, -$0.2) > ($1.0, $1.1, -$1.2) }.map(\.1),
      "\(order)")
    // The table of latest values lists the items' markers first, in the items' order (newcomer
    // review at stop 34: the Markdown table's sixth row was the second item).
    #expect(
      brief.latestValues.prefix(brief.flagged.count).map(\.definition.id) == brief.flagged.map(\.definition.id))
    // Every range beside its row or every one under it, never some of each (newcomer review at
    // stop 34).
    for width in 60...110 {
      let latest = PrepView.latestValues(brief.latestValues, style: OutputStyle(unicode: false, width: width))
        .split(separator: "\n")
      let under = latest.filter { $0.hasPrefix("    range") || $0.hasPrefix("    your range") }.count
      #expect(under == 0 || under == latest.filter { $0.contains("range") }.count, "\(width): \(latest)")
    }
    assertGolden(PrepView.render(brief, all: false, style: .plain) + "\n", named: "prep-demo.txt")
    assertGolden(BriefMarkdown.render(brief), named: "prep-demo.md")
  }

  @Test("the readings since the last visit: every marker's, oldest first, same-day ones in the order they were entered")
  func sinceRowsInterleave() {
    let ldl = MarkerSnapshot(
      definition: Fixture.ldl, tracked: nil,
      entries: [
        Fixture.entry(Fixture.ldl, 120, on: "2026-05-01"),
        Fixture.entry(Fixture.ldl, 130, on: "2026-10-01", entered: "2026-10-01T09:00:00Z"),
        Fixture.entry(Fixture.ldl, 131, on: "2026-11-10"),
      ])
    let hdl = MarkerSnapshot(
      definition: Fixture.hdl, tracked: nil,
      entries: [
        Fixture.entry(Fixture.hdl, 50, on: "2026-07-01"),
        Fixture.entry(Fixture.hdl, 51, on: "2026-10-01", entered: "2026-10-01T08:00:00Z"),
        Fixture.entry(Fixture.hdl, 52, on: "2026-11-20"),
      ])
    let brief = VisitBrief(
      name: nil, snapshots: [ldl, hdl], items: [], visits: [Fixture.visit("2026-06-01")], today: Self.today)
    let rows = brief.sinceRows.map { "\($0.snapshot.definition.key) \(ValueText.number($0.entry.value))" }
    #expect(rows == ["hdl 50", "hdl 51", "ldl 130", "ldl 131", "hdl 52"])
  }

  @Test(
    "the readings since the visit are each marker's after its day, and each marker's latest is listed once, ordered by it, on random histories with same-day readings"
  )
  func sinceLatestPerMarker() {
    var generator = SeededGenerator(seed: 0xB41E_F001)
    let markers = [Fixture.ldl, Fixture.hdl, Fixture.a1c]
    let days = ["2026-05-01", "2026-07-01", "2026-07-02", "2026-10-01", "2026-11-20"]
    let times = ["2026-10-01T08:00:00Z", "2026-10-01T09:00:00Z"]
    for _ in 0..<300 {
      let snapshots = markers.map { marker in
        MarkerSnapshot(
          definition: marker, tracked: nil,
          entries: (0..<Int.random(in: 0...9, using: &generator)).map { _ in
            Fixture.entry(
              marker, Double(Int.random(in: 1...200, using: &generator)), on: days.randomElement(using: &generator)!,
              entered: times.randomElement(using: &generator)!)
          }.sorted(by: MarkerEntry.chronological))
      }
      let visit = ["2026-06-01", "2026-07-01", "2026-04-01", "2026-11-20"].randomElement(using: &generator)!
      let brief = VisitBrief(
        name: nil, snapshots: snapshots, items: [], visits: [Fixture.visit(visit)], today: Self.today)
      // Each marker's readings dated after the visit, oldest first; markers without any left out.
      let since = Fixture.date(visit)
      let expected = snapshots.compactMap { snapshot -> (UUID, [MarkerEntry])? in
        let after = snapshot.entries.filter { $0.dateOfService > since }
        return after.isEmpty ? nil : (snapshot.definition.id, after)
      }
      #expect(brief.sinceLast.map(\.snapshot.definition.id) == expected.map(\.0))
      #expect(brief.sinceLast.map { Array($0.entries) } == expected.map(\.1))
      #expect(brief.sinceTotal == brief.sinceRows.count)
      // One row a marker: its latest reading and how many it had, the rows in the order of
      // those latest readings (the order of every reading, `sinceRows`, kept).
      let latest = brief.sinceLatest
      let lastOfEach = brief.sinceRows.enumerated().filter { index, row in
        !brief.sinceRows[(index + 1)...].contains { $0.snapshot.definition.id == row.snapshot.definition.id }
      }.map(\.element)
      #expect(latest.map(\.entry) == lastOfEach.map(\.entry))
      #expect(latest.map(\.snapshot.definition.id) == lastOfEach.map(\.snapshot.definition.id))
      #expect(
        latest.map(\.count)
          == lastOfEach.map { row in
            brief.sinceRows.filter { $0.snapshot.definition.id == row.snapshot.definition.id }.count
          })
    }
  }

  @Test("the visit it is for, your questions, and last time: the last of that type, else the last physical, else any")
  func visits() {
    let snapshots = [Self.snapshot(Fixture.ldl, [("2026-05-01", 120), ("2026-10-01", 130), ("2026-11-10", 131)])]
    let physical = Fixture.visit("2026-06-01", type: .physical, notes: "All fine.")
    let lab = Fixture.visit("2026-09-01", type: .labWork, notes: "Fasting draw.")
    let coming = Fixture.visit("2026-12-15", type: .labWork, notes: "Ask about the statin.\nAnd the A1c.")
    var brief = VisitBrief(
      name: " Ana ", snapshots: snapshots, items: [], visits: [physical, lab, coming], today: Self.today)
    #expect(brief.name == "Ana")
    #expect(VisitBrief(name: "Me", snapshots: [], items: [], visits: [], today: Self.today).name == nil)
    #expect(brief.coming == coming)
    #expect(brief.last == lab)
    #expect(brief.sinceLast.map { $0.entries.count } == [2])
    // A coming visit of a type never seen: the last physical.
    let dental = Fixture.visit("2026-12-15", type: .dental)
    brief = VisitBrief(name: nil, snapshots: snapshots, items: [], visits: [physical, lab, dental], today: Self.today)
    #expect(brief.last == physical)
    // No physical either: the last visit of any kind; none at all: nothing since.
    brief = VisitBrief(name: nil, snapshots: snapshots, items: [], visits: [lab], today: Self.today)
    #expect(brief.last == lab && brief.coming == nil)
    brief = VisitBrief(name: nil, snapshots: snapshots, items: [], visits: [], today: Self.today)
    #expect(brief.last == nil && brief.sinceLast.isEmpty)
    let text = PrepView.render(
      VisitBrief(name: nil, snapshots: snapshots, items: [], visits: [physical, lab, coming], today: Self.today),
      all: true, style: .plain)
    #expect(text.contains("For: Lab work with Dr. Patel on Dec 15, 2026 (in 3 weeks)"), "\(text)")
    #expect(text.contains("Your questions:\n  Ask about the statin.\n  And the A1c."), "\(text)")
    #expect(text.contains("Last time (Lab work with Dr. Patel, Sep 1, 2026):\n  Fasting draw."), "\(text)")
    #expect(text.contains("Since your last lab work (Sep 1, 2026): 2 readings"), "\(text)")
    // --all lists every tracked marker's latest value, flagged or not.
    #expect(text.contains("Latest values:"), "\(text)")
  }

  @Test(
    "results older than a year are named, by marker alone or by category",
    arguments: [
      ("2025-11-22", true), ("2025-11-23", false), ("2024-03-10", true),
    ])
  func stale(latest: String, named: Bool) {
    let tsh = MarkerLibrary.builtIn.marker(key: "tsh")!
    let brief = VisitBrief(
      name: nil, snapshots: [Self.snapshot(tsh, [(latest, 2.1)])], items: [], visits: [], today: Self.today)
    #expect(brief.stale.isEmpty == !named, "\(brief.stale)")
    if named {
      #expect(brief.stale[0].hasPrefix("Your latest TSH (Thyroid-Stimulating Hormone) is from "))
    }
    let lipids = VisitBrief(
      name: nil,
      snapshots: [Self.snapshot(Fixture.ldl, [("2024-03-10", 120)]), Self.snapshot(Fixture.hdl, [("2024-03-10", 50)])],
      items: [], visits: [], today: Self.today)
    #expect(
      lipids.stale == [
        "Your latest heart results (LDL Cholesterol and HDL Cholesterol) are from Mar 2024 (2 years ago)."
      ])
    // Newcomer review: a recent LDL must not hide an older HDL, nor a year-old group an older member.
    let mixed = VisitBrief(
      name: nil,
      snapshots: [
        Self.snapshot(Fixture.ldl, [("2026-09-10", 120)]), Self.snapshot(Fixture.hdl, [("2024-03-10", 50)]),
        Self.snapshot(MarkerLibrary.builtIn.marker(key: "triglycerides")!, [("2024-03-12", 150)]),
      ],
      items: [], visits: [], today: Self.today)
    #expect(mixed.stale == ["Your latest HDL Cholesterol and Triglycerides results are from Mar 2024 (2 years ago)."])
    let allOld = VisitBrief(
      name: nil,
      snapshots: [Self.snapshot(Fixture.ldl, [("2025-10-10", 120)]), Self.snapshot(Fixture.hdl, [("2024-03-10", 50)])],
      items: [], visits: [], today: Self.today)
    #expect(
      allOld.stale == [
        "Your latest LDL Cholesterol is from Oct 2025 (13 months ago).",
        "Your latest HDL Cholesterol is from Mar 2024 (2 years ago).",
      ], "\(allOld.stale)")
  }

  @Test("the latest-values table lists the critical value first, as the items do (newcomer review)")
  func latestValuesBySeverity() {
    let potassium = MarkerLibrary.builtIn.marker(key: "potassium")!
    let brief = VisitBrief(
      name: nil,
      snapshots: [
        Self.snapshot(Fixture.hdl, [("2026-11-01", 60)]), Self.snapshot(Fixture.ldl, [("2026-11-01", 130)]),
        Self.snapshot(potassium, [("2026-11-01", 6.8)]),
      ],
      items: [], visits: [], today: Self.today)
    #expect(brief.latestValues.map(\.definition.key) == ["potassium", "ldl", "hdl"])
    let markdown = BriefMarkdown.render(brief)
    let potassiumRow = markdown.range(of: "| Potassium")!.lowerBound
    #expect(potassiumRow < markdown.range(of: "| HDL Cholesterol")!.lowerBound)
  }

  @Test("two visits on the coming day: both named, both sets of questions kept (attacker review)")
  func twoVisitsOneDay() {
    let lab = Fixture.visit("2026-12-01", doctor: "Dr. Lee", type: .labWork, notes: "Q-LAB fasting?")
    var physical = Fixture.visit("2026-12-01", doctor: "Dr. Patel", type: .physical, notes: "Q-PHYS knee")
    physical.entryTimestamp = Timestamp(secondsSince1970: lab.entryTimestamp.secondsSince1970 + 60)
    let brief = VisitBrief(name: nil, snapshots: [], items: [], visits: [physical, lab], today: Self.today)
    #expect(brief.comingLine == "Lab work with Dr. Lee and Physical with Dr. Patel on Dec 1, 2026 (in 9 days)")
    for text in [
      PrepView.render(brief, all: false, style: .plain), BriefMarkdown.render(brief), BriefHTML.render(brief),
    ] {
      #expect(text.contains("Q-LAB fasting?") && text.contains("Q-PHYS knee"), "\(text)")
    }
    #expect(PrepView.render(brief, all: false, style: .plain).contains("  Physical with Dr. Patel:\n  Q-PHYS knee"))
  }

  /// Newcomer review at stop 34: a blood draw planned a week before the physical made prep the
  /// lab visit's brief, and the physical's notes (the person's questions) were gone from it.
  @Test("the questions of a later planned visit are in the brief too, named with their day")
  func laterVisitQuestions() {
    let lab = Fixture.visit("2026-12-01", doctor: "Quest", type: .labWork)
    let physical = Fixture.visit("2026-12-10", doctor: "Dr. Lee", type: .physical, notes: "Ask about the statin.")
    let brief = VisitBrief(name: nil, snapshots: [], items: [], visits: [lab, physical], today: Self.today)
    #expect(brief.coming == lab)
    #expect(brief.questions.map(\.visit) == ["Physical with Dr. Lee, Dec 10, 2026"])
    #expect(brief.questions.map(\.notes) == ["Ask about the statin."])
    for text in [
      PrepView.render(brief, all: false, style: .plain), BriefMarkdown.render(brief), BriefHTML.render(brief),
    ] {
      #expect(text.contains("Ask about the statin.") && text.contains("Physical with Dr. Lee, Dec 10, 2026"), "\(text)")
    }
    // The coming visit's own notes first, unnamed when they are the only ones.
    let noted = Fixture.visit("2026-12-01", doctor: "Quest", type: .labWork, notes: "Fasting?")
    let alone = VisitBrief(name: nil, snapshots: [], items: [], visits: [noted], today: Self.today)
    #expect(alone.questions.map(\.visit) == [nil])
    let both = VisitBrief(name: nil, snapshots: [], items: [], visits: [physical, noted], today: Self.today)
    #expect(both.questions.map(\.visit) == ["Lab work with Quest", "Physical with Dr. Lee, Dec 10, 2026"])
  }

  @Test(
    "readings since the last visit: one row a marker in every form, its latest and how many, and the count says how many in all"
  )
  func sinceIsOneRowAMarker() {
    let days = (0..<40).map { Self.today.adding(days: -40 + $0)!.iso }
    let snapshots = [Self.snapshot(Fixture.hdl, days.map { ($0, 60.0) })]
    let physical = Fixture.visit("2026-09-01", type: .physical)
    let brief = VisitBrief(name: nil, snapshots: snapshots, items: [], visits: [physical], today: Self.today)
    #expect(brief.sinceCount == "40 readings")
    let markdown = BriefMarkdown.render(brief)
    #expect(
      markdown.contains("\n- HDL Cholesterol: 60 mg/dL on Nov 21, 2026 (in range), the latest of 40\n"), "\(markdown)")
    #expect(markdown.contains("\n40 readings:\n"))
    #expect(markdown.components(separatedBy: "\n- HDL Cholesterol:").count - 1 == 1)
    let html = BriefHTML.render(brief)
    #expect(html.components(separatedBy: "<li>HDL Cholesterol: 60 mg/dL").count - 1 == 1)
    #expect(html.contains("the latest of 40"))
    let terminal = PrepView.render(brief, all: false, style: .plain)
    #expect(terminal.contains("Since your last physical (Sep 1, 2026): 40 readings\n"), "\(terminal)")
    #expect(terminal.contains("HDL Cholesterol  60 mg/dL on Nov 21 (the latest of 40)"), "\(terminal)")
    #expect(!terminal.contains("earlier)"))
  }

  /// Newcomer review at stop 33: the latest 12 readings since the visit could all be daily home
  /// blood pressure and weight, and the LDL from the lab three weeks before was not in the brief.
  @Test("a lab result since the visit is listed however many home readings came after it, in every form")
  func labResultAmongHomeReadings() {
    let days = (1...30).map { Self.today.adding(days: -$0)!.iso }
    let snapshots = [
      Self.snapshot(Fixture.ldl, [("2026-10-01", 190)]),
      Self.snapshot(Fixture.library.marker(key: "weight")!, days.dropFirst().reversed().map { ($0, 180) }),
      Self.snapshot(Fixture.library.marker(key: "bp-systolic")!, days.reversed().map { ($0, 128) }),
    ]
    let brief = VisitBrief(
      name: nil, snapshots: snapshots, items: [], visits: [Fixture.visit("2026-09-01", type: .physical)],
      today: Self.today)
    #expect(brief.sinceLatest.map(\.snapshot.definition.key) == ["ldl", "weight", "bp-systolic"])
    #expect(brief.sinceLatest.map(\.count) == [1, 29, 30])
    #expect(PrepView.render(brief, all: false, style: .plain).contains("LDL Cholesterol"))
    #expect(BriefMarkdown.render(brief).contains("- LDL Cholesterol: 190 mg/dL on Oct 1, 2026 (above range)\n"))
    #expect(BriefHTML.render(brief).contains("<li>LDL Cholesterol: 190 mg/dL on Oct 1, 2026"))
  }

  @Test("a latest reading beyond the plausible range is an item, never 'nothing is flagged' (attacker review)")
  func beyondPlausible() {
    let snapshots = [Self.snapshot(Fixture.ldl, [("2026-06-01", 190), ("2026-11-01", 1900)])]
    let items = InsightsEngine.insights(for: snapshots, at: Self.now)
    #expect(items.map(\.kind) == [.check])
    #expect(
      items.first?.suggestionText
        == "Your LDL Cholesterol was 1900 mg/dL on Nov 1, 2026, beyond the range glance can judge. Check it against the lab report. Consider asking your doctor about this result."
    )
    let text = PrepView.render(
      VisitBrief(name: nil, snapshots: snapshots, items: items, visits: [], today: Self.today), all: false,
      style: .plain)
    #expect(!text.contains("Nothing in your readings is flagged"))
  }

  /// Newcomer review: an empty folder's prep said "Nothing in your readings is flagged".
  @Test("a brief of no readings says so, in the terminal, as Markdown and as a page")
  func noReadings() {
    let ldl = Self.snapshot(Fixture.ldl, [])
    let empty = VisitBrief(name: nil, snapshots: [ldl], items: [], visits: [], today: Self.today)
    for text in [
      PrepView.render(empty, all: false, style: .plain), BriefMarkdown.render(empty), BriefHTML.render(empty),
    ] {
      #expect(text.contains("No readings yet"))
      #expect(!text.contains("Nothing in your readings is flagged"))
    }
    let one = VisitBrief(
      name: nil, snapshots: [Self.snapshot(Fixture.ldl, [("2026-11-01", 90)])], items: [], visits: [], today: Self.today
    )
    #expect(BriefMarkdown.render(one).contains("Nothing in your readings is flagged"))
  }

  /// Clinician's second look: HDL ">1.0 mmol/L" with no sex given "is outside the range for
  /// women or for men"; a bound only may be.
  @Test("sex not given: a lab's bound may be outside one sex's range, a value is")
  func dependsOnSexWording() throws {
    for (comparator, words) in [(ValueComparator?.some(.greaterThan), "may be outside"), (nil, "is outside")] {
      var entry = Fixture.entry(Fixture.hdl, 45, on: "2026-11-01")
      entry.comparator = comparator
      let hdl = MarkerSnapshot(definition: Fixture.hdl, tracked: nil, entries: [entry])
      let brief = VisitBrief(name: nil, snapshots: [hdl], items: [], visits: [], today: Self.today)
      let text = PrepView.render(brief, all: false, style: .plain)
      #expect(text.contains("HDL Cholesterol \(words) the range for women or for men"), "\(text)")
    }
  }

  /// Newcomer review: "Your latest HDL Cholesterol, Creatinine are outside…".
  @Test("names in a sentence are joined with and")
  func namesJoined() {
    #expect(inWords(["HDL"]) == "HDL")
    #expect(inWords(["HDL", "Creatinine"]) == "HDL and Creatinine")
    #expect(inWords(["A", "B", "C"]) == "A, B and C")
  }

  @Test("a chart shows the reading its item is about: a lab's bound as a hollow circle, a slip at the edge")
  func chartShowsBoundsAndSlips() {
    let psa = MarkerLibrary.builtIn.marker(key: "psa")!
    var entries = [("2026-03-01", 3.0), ("2026-05-01", 5), ("2026-08-01", 0.1), ("2026-11-01", 100)].map {
      Fixture.entry(psa, $0.1, on: $0.0)
    }
    entries[2].comparator = .lessThan
    entries[3].comparator = .greaterThan
    let chart = BriefHTML.chartFigure(
      MarkerSnapshot(definition: psa, tracked: nil, entries: entries), today: Self.today)
    #expect(chart.components(separatedBy: "<circle class=\"censored\"").count - 1 == 2, "\(chart)")
    #expect(chart.contains(">&lt;0.1</text>") && chart.contains(">&gt;100</text>"))
    #expect(chart.contains(">Nov 2026</text>"), "the axis reaches the latest reading")
    let slip = [Fixture.entry(Fixture.ldl, 190, on: "2026-06-01"), Fixture.entry(Fixture.ldl, 1900, on: "2026-11-01")]
    let edge = BriefHTML.chartFigure(
      MarkerSnapshot(definition: Fixture.ldl, tracked: nil, entries: slip), today: Self.today)
    #expect(edge.contains(">1900 ?</text>") && edge.contains("<polygon class=\"censored\""), "\(edge)")
    #expect(!edge.contains("NaN") && !edge.contains("inf"))
  }

  /// Newcomer review: LDL 170 and 171 a day apart printed as "1770", and a first value beside the
  /// range's axis label read "200196". A label that would overlap another is left out (the
  /// newest are kept), and none reaches over the axis labels.
  @Test("a chart's value labels never overlap each other or the axis labels; the newest is always there")
  func chartLabelsDoNotOverlap() throws {
    let readings = [("2026-01-01", 196.0), ("2026-10-01", 170), ("2026-10-02", 171), ("2026-10-03", 172)]
    let chart = BriefHTML.chartFigure(
      Self.snapshot(MarkerLibrary.builtIn.marker(key: "total-cholesterol")!, readings), today: Self.today)
    // Each value label: its x, y and width (9px digits, about 5.2px each).
    var boxes: [(x: Double, y: Double, width: Double, text: String)] = []
    for part in chart.components(separatedBy: "<text class=\"value\" x=\"").dropFirst() {
      let x = Double(part.prefix { $0 != "\"" })!
      let afterY = part.components(separatedBy: "y=\"")[1]
      let y = Double(afterY.prefix { $0 != "\"" })!
      let text = String(part.components(separatedBy: ">")[1].prefix { $0 != "<" })
      boxes.append((x, y, Double(text.count) * 5.2, text))
    }
    #expect(boxes.contains { $0.text == "172" }, "the newest is labelled")
    for (index, first) in boxes.enumerated() {
      #expect(first.x - first.width / 2 >= 40 - 0.01, "\(first.text) reaches over the axis labels")
      for second in boxes[(index + 1)...] {
        let apart = abs(first.x - second.x) >= (first.width + second.width) / 2 || abs(first.y - second.y) >= 9
        #expect(apart, "\(first.text) and \(second.text) overlap")
      }
    }
  }

  /// Newcomer review: a blood-pressure chart drew the latest 12 readings (Oct–Nov 2026) under
  /// "over the past 4 years: 500 readings… 429 of 500 outside", the readings prep had looked at.
  @Test("a chart's sentence says what the chart draws: its readings, their span and their count")
  func chartSentenceMatchesChart() {
    let start = Fixture.date("2023-01-01")
    let readings = (0..<40).map { (start.adding(months: $0)!.iso, Double(120 + $0 % 7)) }
    let snapshot = Self.snapshot(Fixture.ldl, readings)
    let chart = BriefHTML.chartFigure(snapshot, today: Self.today)
    let drawn = Array(snapshot.entries.suffix(BriefHTML.chartReadings))
    let sentence = TrendSummary.sentence(snapshot, entries: drawn, today: Self.today)
    #expect(chart.contains(BriefHTML.escape(sentence)), "\(chart)")
    #expect(chart.contains("\(BriefHTML.chartReadings) readings") && !chart.contains("40 readings"), "\(chart)")
  }

  @Test("every value beyond a one-sided range still shows the band and its limit (newcomer review: LDL had none)")
  func bandWhenAllBeyond() {
    let entries = [("2025-05-01", 108.0), ("2025-11-01", 121), ("2026-05-01", 135), ("2026-11-01", 162)].map {
      Fixture.entry(Fixture.ldl, $0.1, on: $0.0)
    }
    let chart = BriefHTML.chartFigure(
      MarkerSnapshot(definition: Fixture.ldl, tracked: nil, entries: entries), today: Self.today)
    #expect(chart.contains("<rect class=\"band\""), "\(chart)")
    #expect(chart.contains(">100</text>"), "the limit is labelled on the axis")
  }

  // MARK: Markdown and HTML carry text as text

  static let hostile =
    "*bold* <b>x</b> | [link](http://x) `code`\n1. not a list\n- nor this\n# nor a heading\n===\n\n    indented\n"
    + "  - item\nSee https://evil.test and www.evil.test or me@evil.test &copy;\n\u{1B}]0;pwned\u{07}\u{1B}[2J\u{202E}gnp"

  static func hostileBrief() -> VisitBrief {
    let snapshots = [Self.snapshot(Fixture.ldl, [("2026-05-01", 120), ("2026-10-01", 140), ("2026-11-10", 160)])]
    let items = InsightsEngine.insights(for: snapshots, at: now)
    let coming = Fixture.visit("2026-12-15", doctor: "Dr. <script>alert(1)</script>", type: .labWork, notes: hostile)
    return VisitBrief(
      name: "Ann | \"O'Hara\" <i>", snapshots: snapshots, items: items, visits: [coming], today: Self.today)
  }

  /// Clinician review: "<0.01 mIU/L" was written "&lt;0.01 mIU/L", and a doctor reading the
  /// brief pasted into a plain-text portal message saw the entity.
  @Test(
    "Markdown writes a censored value's < and > as they are: no tag or quote can start there",
    arguments: [
      ("TSH <0.01 mIU/L, CRP >1000 mg/L", "TSH <0.01 mIU/L, CRP >1000 mg/L"), ("<5", "<5"), ("a < b", "a < b"),
      (">90", ">90"), ("<b>", "&lt;b>"), ("</i>", "&lt;/i>"), ("<!--", "&lt;!--"), ("<?x", "&lt;?x"),
    ])
  func markdownBounds(text: String, written: String) {
    #expect(BriefMarkdown.inline(text) == written)
    // A note's line that starts with ">" would be a quote: kept as text.
    #expect(
      BriefMarkdown.block(text + "\n" + text)
        == (text.hasPrefix(">") ? "\\" + written + "  \n\\" + written : written + "  \n" + written))
  }

  @Test("Markdown escapes a person's text: no formatting, link, list, heading, HTML or control byte comes from it")
  func markdownEscapes() {
    let text = BriefMarkdown.render(Self.hostileBrief())
    #expect(text.contains("\\*bold\\* &lt;b>x&lt;/b> \\| \\[link\\](http\\://x) \\`code\\`"), "\(text)")
    #expect(text.contains("1\\. not a list"))
    #expect(text.contains("\\- nor this"))
    #expect(text.contains("\\# nor a heading"))
    // A line of "=" would make the paragraph above it a heading; blank lines and indents would
    // start a paragraph or a code block; an indented "- " a list.
    #expect(text.contains("  \n\\===  \nindented  \n\\- item  \n"), "\(text)")
    // No address a renderer would make a link of, and no entity decoded.
    #expect(text.contains("See https\\://evil.test and www\\.evil.test or me\\@evil.test \\&copy;"), "\(text)")
    // Control bytes and a direction override are dropped: the file never acts on a terminal.
    #expect(!text.unicodeScalars.contains { TerminalText.isHidden($0) })
    #expect(text.contains("\\]0;pwned\\[2Jgnp"))
    #expect(text.contains("# Next Visit Prep for Ann \\| \"O'Hara\" &lt;i>"))
    #expect(!text.contains("<b>") && !text.contains("<script>") && !text.contains("<i>"))
    #expect(text.hasSuffix("_Made with glance on this computer. Nothing was sent anywhere._\n"))
  }

  @Test("the page is self-contained: no script, no address, no font; a person's text is escaped")
  func htmlSelfContained() throws {
    let html = BriefHTML.render(Self.hostileBrief())
    let lowered = html.lowercased()
    #expect(!lowered.contains("<script"), "no script of any kind")
    // Nothing that fetches: no attribute with an address, no linked or embedded resource. (The
    // note's "http://x" is shown as text.)
    for fetching in ["href=", "src=", "<link", "<img", "<iframe", "<object", "@import", "url(", "@font-face"] {
      #expect(!lowered.contains(fetching), "\(fetching)")
    }
    #expect(html.contains("[link](http://x)"))
    // The demo's page has no address at all.
    let demo = try BriefHTML.render(Self.demo()).lowercased()
    #expect(!demo.contains("http:") && !demo.contains("https:") && !demo.contains("<script src"))
    #expect(html.contains("Dr. &lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(html.contains("Ann | &quot;O&#39;Hara&quot; &lt;i&gt;"))
    #expect(html.contains("Made with glance on this computer. Nothing was sent anywhere."))
  }

  @Test("the demo's page: every item's words, a chart for every marker with an item, status as a shape and a word")
  func htmlDemo() throws {
    let brief = try Self.demo()
    let html = BriefHTML.render(brief)
    for item in brief.items { #expect(html.contains(BriefHTML.escape(item.suggestionText))) }
    #expect(html.components(separatedBy: "<svg ").count - 1 == brief.flagged.count)
    #expect(html.components(separatedBy: "<figure class=\"chart\">").count - 1 == brief.flagged.count)
    // Out-of-range points are squares with a "!" and words in the table: never colour alone.
    #expect(html.contains("<rect class=\"pt out\""))
    #expect(html.contains("<span class=\"mark\" aria-hidden=\"true\">!</span> above range"))
    #expect(html.contains("<td class=\"num\">162 mg/dL</td>"))
  }

  @Test("a critical value is marked on the page, in the item and in its chart")
  func htmlCritical() {
    let potassium = MarkerLibrary.builtIn.marker(key: "potassium")!
    let snapshots = [Self.snapshot(potassium, [("2026-09-01", 4.2), ("2026-11-01", 6.8)])]
    let brief = VisitBrief(
      name: nil, snapshots: snapshots, items: InsightsEngine.insights(for: snapshots, at: Self.now), visits: [],
      today: Self.today)
    let html = BriefHTML.render(brief)
    #expect(html.contains("<li class=\"critical\"><strong>"))
    #expect(html.contains("Past a critical limit.</strong>"))
    #expect(html.contains("<circle class=\"ring\""))
    let markdown = BriefMarkdown.render(brief)
    #expect(markdown.contains("1. **Past a critical limit.** Your Potassium was 6.8 mEq/L"), "\(markdown)")
  }
}
