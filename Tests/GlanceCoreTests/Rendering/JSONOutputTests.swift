import Foundation
import Testing

@testable import GlanceCore

/// Issue 15, item 1: `--json` on every read command, one versioned schema (docs/json-output.md):
/// ISO dates, values as numbers, the comparator beside the value, never inside it.
typealias OutputJSON = GlanceCore.JSONValue

@Suite("--json output")
struct JSONOutputTests {
  static let today = Fixture.date("2026-11-22")

  static func parse(_ value: OutputJSON, asciiOnly: Bool = false) throws -> [String: Any] {
    let text = value.text(asciiOnly: asciiOnly)
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(object as? [String: Any])
  }

  static func demo() throws -> (GlanceDocument, VisitBrief) {
    let document = try DemoData.document(today: today)
    let snapshots = document.trackedSnapshots(library: .builtIn)
    let brief = VisitBrief(
      document: document, snapshots: snapshots,
      items: InsightsEngine.insights(for: snapshots, at: Timestamp(Fixture.now)), today: today)
    return (document, brief)
  }

  /// Attacker review at stop 40: home said an untracked critical potassium, and `glance --json`
  /// did not: a script reading it saw nothing past a critical limit.
  @Test("home's JSON names an untracked marker whose latest reading is past a critical limit, as home does")
  func homeUntrackedCritical() throws {
    let potassium = try #require(Fixture.library.marker(key: "potassium"))
    var document = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    let reading = Fixture.entry(potassium, 6.8, on: "2026-11-10")
    document.apply(.putEntry(reading))
    let untracked = document.untrackedCriticalSnapshots(
      library: .builtIn, recentLimit: 1, since: HomeView.untrackedSince(today: Self.today))
    let object = try Self.parse(
      JSONOutput.home([], untrackedCritical: untracked, shortIDs: [reading.id: "ab12"], today: Self.today))
    let listed = try #require(object["untrackedCritical"] as? [[String: Any]])
    #expect(listed.count == 1)
    #expect((listed.first?["marker"] as? [String: Any])?["key"] as? String == "potassium")
    let latest = try #require(listed.first?["latest"] as? [String: Any])
    #expect(latest["value"] as? Double == 6.8)
    #expect(latest["status"] as? String == JSONOutput.status(.criticalHigh))
    #expect(latest["shortId"] as? String == "ab12")
    #expect(latest["beyondPlausible"] as? Bool == false)
    // A kept potassium of 15: critical, and beyond the plausible range (clinician review at stop 41).
    var kept = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    kept.apply(.putEntry(Fixture.entry(potassium, 15, on: "2026-11-10")))
    let keptJSON = try Self.parse(
      JSONOutput.home(
        [], untrackedCritical: kept.untrackedCriticalSnapshots(library: .builtIn, since: Fixture.date("2026-01-01")),
        shortIDs: [:], today: Self.today))
    let keptLatest = try #require(
      (keptJSON["untrackedCritical"] as? [[String: Any]])?.first?["latest"] as? [String: Any])
    #expect(keptLatest["beyondPlausible"] as? Bool == true)
    #expect(keptLatest["status"] as? String == JSONOutput.status(.criticalHigh))
    // None: an empty list, never a missing key.
    let none = try Self.parse(JSONOutput.home([], shortIDs: [:], today: Self.today))
    #expect((none["untrackedCritical"] as? [Any])?.isEmpty == true)
  }

  @Test("the demo's home, show, prep and visits as golden JSON, each parsing as the schema says")
  func golden() throws {
    let (document, brief) = try Self.demo()
    let ids = ShortID.prefixes(for: document.entries.map(\.id) + document.visits.map(\.id))
    let home = JSONOutput.home(brief.snapshots, shortIDs: ids, today: Self.today)
    let ldl = document.snapshot(for: MarkerLibrary.builtIn.marker(key: "ldl")!)
    let show = JSONOutput.show([
      JSONOutput.shown(ldl, since: nil, until: nil, rows: 3, shortIDs: ids, today: Self.today)
    ])
    let prep = JSONOutput.prep(brief, shortIDs: ids)
    let visits = JSONOutput.visits(document.visits.sorted { $0.date > $1.date }, shortIDs: ids)
    assertGolden(home.text() + "\n", named: "json-home.json")
    assertGolden(show.text() + "\n", named: "json-show-ldl.json")
    assertGolden(prep.text() + "\n", named: "json-prep.json")
    assertGolden(visits.text() + "\n", named: "json-visits.json")
    for (value, command) in [(home, "home"), (show, "show"), (prep, "prep"), (visits, "visits")] {
      let object = try Self.parse(value)
      #expect(object["schema"] as? Int == JSONOutput.schemaVersion)
      #expect(object["command"] as? String == command)
    }
    // show: the latest 3 listed, the rest counted; values are numbers, dates ISO days.
    let shown = try #require((try Self.parse(show)["markers"] as? [[String: Any]])?.first)
    let readings = try #require(shown["readings"] as? [[String: Any]])
    #expect(readings.count == 3)
    #expect(shown["earlierCount"] as? Int == ldl.entries.count - 3)
    #expect(shown["readingCount"] as? Int == ldl.entries.count)
    #expect(readings.last?["value"] as? Double == ldl.latest?.value)
    #expect(readings.last?["date"] as? String == ldl.latest?.dateOfService.iso)
    #expect((readings.last?["status"] as? String) == JSONOutput.status(ldl.status!))
    // prep: items in the brief's order, the critical and out-of-range ones first.
    let items = try #require(try Self.parse(prep)["items"] as? [[String: Any]])
    #expect(items.count == brief.items.count)
    #expect(items.first?["kind"] as? String == "out-of-range" || items.first?["kind"] as? String == "critical")
  }

  @Test("prep --json says what glance checks of your own markers, as the text, Markdown and HTML briefs do")
  func prepOwnMarkers() throws {
    let ketones = Fixture.customMarker()
    let random = Fixture.customMarker("Random glucose", unit: "mg/dL")
    let snapshots = [ketones, random].map { marker in
      MarkerSnapshot(definition: marker, tracked: nil, entries: [Fixture.entry(marker, 1.2, on: "2026-10-01")])
    }
    let brief = VisitBrief(
      document: .empty(createdAt: Timestamp(Fixture.now)), snapshots: snapshots, items: [], today: Self.today)
    #expect(brief.ownMarkersNotes.count == 2)
    let object = try Self.parse(JSONOutput.prep(brief, shortIDs: [:]))
    #expect(object["ownMarkers"] as? [String] == brief.ownMarkersNotes)
    // A folder of library markers only has none: the key is there, empty.
    let (_, demo) = try Self.demo()
    #expect(try Self.parse(JSONOutput.prep(demo, shortIDs: [:]))["ownMarkers"] as? [String] == [])
  }

  @Test("search --json: every reading with a matching note, each judged as its own marker's")
  func searchNotedReadings() throws {
    var document = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    // Interleaved markers, one judged high and one low at the same value: a reading judged by
    // another marker's snapshot would show.
    for day in 0..<300 {
      let date = Fixture.date("2020-01-01").adding(days: day)!.iso
      document.entries.append(Fixture.entry(Fixture.ldl, 130, on: date, note: "zebra \(day)"))
      document.entries.append(Fixture.entry(Fixture.hdl, 30, on: date, note: "zebra \(day)"))
    }
    let results = try SearchResults.search("zebra", in: document, library: .builtIn)
    let object = try Self.parse(
      JSONOutput.search(results, document: document, library: .builtIn, shortIDs: [:], visitIDs: [:]))
    let noted = try #require(object["notedReadings"] as? [[String: Any]])
    #expect(noted.count == 600)
    for item in noted {
      let key = item["marker"] as? String
      let status = (item["reading"] as? [String: Any])?["status"] as? String
      #expect((key == "ldl" && status == "high") || (key == "hdl" && status == "low"), "\(item)")
    }
  }

  @Test("a lab's bound keeps its comparator beside the number; a converted value keeps what was typed")
  func comparatorAndEntered() throws {
    let psa = MarkerLibrary.builtIn.marker(key: "psa")!
    var converted = Fixture.entry(Fixture.ldl, 212.7, on: "2026-10-01")
    converted.entered = EnteredValue(value: 5.5, unit: "mmol/L")
    let bound = Fixture.entry(psa, 0.1, on: "2026-10-01", comparator: .lessThan)
    for (entry, marker) in [(bound, psa), (converted, Fixture.ldl)] {
      let snapshot = MarkerSnapshot(definition: marker, tracked: nil, entries: [entry])
      let object = try Self.parse(JSONOutput.home([snapshot], shortIDs: [:], today: Self.today))
      let latest = try #require(((object["markers"] as? [[String: Any]])?.first?["latest"]) as? [String: Any])
      #expect(latest["value"] as? Double == entry.value)
      if entry.comparator != nil {
        #expect(latest["comparator"] as? String == "<")
        #expect(latest["entered"] is NSNull)
      } else {
        #expect(latest["comparator"] is NSNull)
        let entered = try #require(latest["entered"] as? [String: Any])
        #expect(entered["value"] as? Double == 5.5 && entered["unit"] as? String == "mmol/L")
      }
    }
  }

  @Test(
    "any text survives: escapes, controls, separators and bidi controls are \\u escapes, and --ascii output is pure ASCII",
    arguments: [
      "\u{1B}[31mred\u{1B}[0m", "tab\there", "quote \" and back\\slash", "del\u{7F} c1\u{85}\u{9B}",
      "line\u{2028}para\u{2029}", "bidi \u{202E}evil\u{202C} \u{2066}x\u{2069}", "µIU/mL · m² — “quoted”",
      "emoji 🩸 and 𝔘", "nul\u{0}byte", "", "\u{FEFF}bom first", "zero\u{200B}width\u{200D}joiner",
      // Attacker review at stop 33: format characters beyond the Basic Multilingual Plane (the
      // tags of the Scotland flag, musical and Kaithi format marks) crashed every --json read.
      "after trip 🏴󠁧󠁢󠁳󠁣󠁴󠁿", "\u{E0001}", "\u{1D173}", "\u{110BD}", "\u{1BCA0}",
    ])
  func escaping(note: String) throws {
    var entry = Fixture.entry(Fixture.hdl, 60, on: "2026-10-01")
    entry.note = note
    let snapshot = MarkerSnapshot(definition: Fixture.hdl, tracked: nil, entries: [entry])
    let value = JSONOutput.home([snapshot], shortIDs: [:], today: Self.today)
    for ascii in [false, true] {
      let text = value.text(asciiOnly: ascii)
      #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "a raw control byte")
      #expect(
        !text.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value) })
      if ascii { #expect(text.utf8.allSatisfy { $0 < 0x7F }, "not pure ASCII") }
      let object = try Self.parse(value, asciiOnly: ascii)
      let latest = ((object["markers"] as? [[String: Any]])?.first?["latest"]) as? [String: Any]
      #expect(latest?["note"] as? String == note, "the note reads back as it was")
    }
  }

  @Test("random text of any scalar reads back exactly (property)")
  func randomText() throws {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<300 {
      var text = ""
      for _ in 0..<Int.random(in: 0...20, using: &generator) {
        let ranges: [ClosedRange<UInt32>] = [
          0...0x7F, 0x80...0x2FF, 0x2000...0x206F, 0xE000...0xFFFD, 0x1F300...0x1F6FF, 0x10000...0x10FFFF,
          0xE0000...0xE007F, 0x1D173...0x1D17A,
        ]
        let range = ranges.randomElement(using: &generator)!
        if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &generator)) {
          text.unicodeScalars.append(scalar)
        }
      }
      for ascii in [false, true] {
        let value = OutputJSON.object(["text": .string(text)])
        let object = try Self.parse(value, asciiOnly: ascii)
        #expect(object["text"] as? String == text)
      }
    }
  }

  @Test(
    "the summary carries the critical advice as the screen does; a reading judged as typed says by what (clinician review)"
  )
  func summaryAndJudgedAs() throws {
    let potassium = MarkerLibrary.builtIn.marker(key: "potassium")!
    let critical = MarkerSnapshot(
      definition: potassium, tracked: nil,
      entries: [Fixture.entry(potassium, 4.2, on: "2026-10-01"), Fixture.entry(potassium, 6.8, on: "2026-11-01")])
    let shown = try #require(
      (try Self.parse(
        JSONOutput.show([
          JSONOutput.shown(critical, since: nil, until: nil, rows: nil, shortIDs: [:], today: Self.today)
        ])
      )["markers"] as? [[String: Any]])?.first)
    #expect((shown["summary"] as? String)?.hasSuffix(Judgement.criticalAdvice) == true)
    let screen = ShowView.render(critical, entries: critical.entries, shortIDs: [:], today: Self.today, style: .plain)
    #expect(screen.replacingOccurrences(of: "\n", with: " ").contains(shown["summary"] as! String))

    let uacr = MarkerLibrary.builtIn.marker(key: "uacr")!
    var typed = Fixture.entry(uacr, 26.55, on: "2026-11-01")
    typed.entered = EnteredValue(value: 3, unit: "mg/mmol")
    let plain = Fixture.entry(uacr, 26.55, on: "2026-10-01")
    let snapshot = MarkerSnapshot(definition: uacr, tracked: nil, entries: [plain, typed])
    let readings = try #require(
      ((try Self.parse(
        JSONOutput.show([
          JSONOutput.shown(snapshot, since: nil, until: nil, rows: nil, shortIDs: [:], today: Self.today)
        ])
      )["markers"] as? [[String: Any]])?.first?["readings"]) as? [[String: Any]])
    #expect(readings[0]["judgedAs"] is NSNull && readings[0]["status"] as? String == "normal")
    let judged = try #require(readings[1]["judgedAs"] as? [String: Any])
    #expect(judged["value"] as? Double == 3 && judged["unit"] as? String == "mg/mmol")
    #expect((judged["range"] as? [String: Any])?["high"] as? Double == 3 && readings[1]["status"] as? String == "high")
    #expect((judged["range"] as? [String: Any])?["yours"] as? Bool == false)
  }

  /// Newcomer review at stop 38: a range with the low end the person set, judged as typed in
  /// mmol/L, was `"yours": false`.
  @Test("a reading judged as typed against a range with a side the person set says the range is theirs")
  func judgedAsYours() throws {
    let ldl = MarkerLibrary.builtIn.marker(key: "ldl")!
    var tracked = UserMarker(markerID: ldl.id, displayOrder: 0, addedAt: Timestamp(Fixture.now))
    tracked.customReferenceLow = 50.270688
    let typed = try EntryPlanner.draft(
      ldl, valueText: "2.59", unit: "mmol/L", date: Fixture.date("2026-11-01"), note: nil, existing: []
    ).entry(at: Timestamp(Fixture.now), source: .quickAdd)
    let snapshot = MarkerSnapshot(definition: ldl, tracked: tracked, entries: [typed])
    let reading = try #require(
      ((try Self.parse(
        JSONOutput.show([
          JSONOutput.shown(snapshot, since: nil, until: nil, rows: nil, shortIDs: [:], today: Self.today)
        ])
      )["markers"] as? [[String: Any]])?.first?["readings"] as? [[String: Any]])?.first)
    let range = try #require((reading["judgedAs"] as? [String: Any])?["range"] as? [String: Any])
    #expect(range["yours"] as? Bool == true && range["low"] as? Double == 1.3 && range["high"] as? Double == 2.6)
  }

  @Test("numbers: whole ones without a fraction, decimals as stored, nothing non-finite")
  func numbers() {
    #expect(
      OutputJSON.array([.number(89), .number(5.5), .number(0.001), .number(-3), .number(.nan)]).text()
        == "[\n  89,\n  5.5,\n  0.001,\n  -3,\n  null\n]")
    #expect(OutputJSON.object([:]).text() == "{}" && OutputJSON.array([]).text() == "[]")
  }

  @Test(
    "every status has its schema name, all different",
    arguments: [
      MarkerStatus.criticalLow, .criticalHigh, .low, .high, .watchLow, .watchHigh, .normal, .indeterminate, .noRange,
    ])
  func statusNames(status: MarkerStatus) throws {
    let doc = try String(contentsOfFile: packageRoot + "/docs/json-output.md", encoding: .utf8)
    #expect(doc.contains("`\(JSONOutput.status(status))`"), "docs/json-output.md names \(JSONOutput.status(status))")
  }
}
