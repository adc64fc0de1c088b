import Foundation
import GlanceCore
import Testing

/// The commands around the everyday loop through the real binary: track and order, ids that fit
/// several readings, show --since, and when colour is used.
@Suite("End to end: markers, ids and display")
struct MarkersAndDisplayTests {
  static func keys(_ document: GlanceDocument) -> [String] {
    document.trackedMarkers.sorted { $0.displayOrder < $1.displayOrder }.map {
      MarkerLibrary.builtIn.marker(id: $0.markerID)?.key ?? "?"
    }
  }

  @Test("track adds markers in the order given; order moves the named ones to the top")
  func trackAndOrder() throws {
    let glance = GlanceSandbox()
    let track = try glance.run("track", "hdl", "ldl", "a1c")
    #expect(track.status == 0, "\(track.stderr)")
    #expect(track.stdout.contains("Now tracking: HDL Cholesterol, LDL Cholesterol, Hemoglobin A1c."))
    #expect(Self.keys(try glance.document()) == ["hdl", "ldl", "a1c"])
    let order = try glance.run("order", "a1c", "hdl")
    #expect(order.status == 0, "\(order.stderr)")
    #expect(Self.keys(try glance.document()) == ["a1c", "hdl", "ldl"])
    let home = try glance.run().stdout
    let a1c = try #require(home.range(of: "Hemoglobin A1c"))
    let hdl = try #require(home.range(of: "HDL Cholesterol"))
    #expect(a1c.lowerBound < hdl.lowerBound)

    let before = glance.bytes
    let unknown = try glance.run("track", "zzz")
    #expect(unknown.status == 65 && unknown.stderr.contains("doesn't know a marker called “zzz”"))
    let untracked = try glance.run("order", "tsh")
    #expect(untracked.status == 65 && untracked.stderr.contains("glance track tsh"))
    #expect(try glance.run("order").status == 64)
    #expect(glance.bytes == before, "refusals leave the file as it was")
  }

  @Test("an id prefix that fits several readings lists them and changes nothing")
  func ambiguousID() throws {
    let glance = GlanceSandbox()
    // Two readings whose ids share their first eight hex digits, restored from a backup.
    var backup = GlanceDocument.empty(createdAt: Timestamp(secondsSince1970: 1_700_000_000))
    let hdl = MarkerLibrary.builtIn.marker(key: "hdl")!
    for (id, day, value) in [
      ("ABCD1234-1111-4111-8111-111111111111", "2025-01-10", 61.0),
      ("ABCD1234-2222-4222-8222-222222222222", "2025-04-10", 63.0),
    ] {
      backup.apply(
        .putEntry(
          MarkerEntry(
            id: UUID(uuidString: id)!, markerID: hdl.id, value: value, unit: hdl.unit,
            dateOfService: CalendarDate(iso: day)!, entryTimestamp: backup.profile.createdAt)))
    }
    let file = glance.scratch.path + "/backup.json"
    try Data(try Exporter.json(backup)).write(to: URL(fileURLWithPath: file))
    #expect(try glance.run("import", file, "--yes").status == 0)
    let ids = try glance.document().entries.map { ShortID.hex($0.id) }
    let shared = String(zip(ids[0], ids[1]).prefix { $0 == $1 }.map(\.0))
    try #require(shared.count >= 4, "ids \(ids)")
    let before = glance.bytes
    let result = try glance.run("delete", String(shared.prefix(4)), "--yes")
    #expect(result.status == 65)
    #expect(result.stderr.contains("fits more than one"))
    #expect(result.stderr.contains("Jan 10, 2025") && result.stderr.contains("Apr 10, 2025"), "\(result.stderr)")
    #expect(result.stderr.contains("Type a few more characters of the id."))
    #expect(glance.bytes == before)
    let short = try glance.run("delete", "00", "--yes")
    #expect(short.status == 65 && short.stderr.contains("too short"))
  }

  @Test("show --since keeps the chart and list to the readings from that day on")
  func since() throws {
    let glance = GlanceSandbox()
    for (date, value) in [("2024-03-01", "70"), ("2025-03-01", "66"), ("2026-03-01", "62")] {
      try glance.run("add", "hdl", value, "--date", date)
    }
    let recent = try glance.run("show", "hdl", "--since", "2025-01-01")
    #expect(recent.status == 0, "\(recent.stderr)")
    #expect(recent.stdout.contains("Mar 1, 2026") && recent.stdout.contains("Mar 1, 2025"))
    #expect(!recent.stdout.contains("Mar 1, 2024"))
    #expect(recent.stdout.contains("2 readings"))
    let none = try glance.run("show", "hdl", "--since", "2026-06-01")
    #expect(
      none.stdout.contains(
        "No HDL Cholesterol readings since Jun 1, 2026; 3 readings are from Mar 1, 2024 to Mar 1, 2026."))
    #expect(try glance.run("show", "hdl", "--since", "someday").status == 65)
  }

  @Test("show --since and --until take periods: a year, a month, a weekday; one that begins after today is refused")
  func periods() throws {
    let glance = GlanceSandbox()
    for (date, value) in [("2024-03-01", "70"), ("2024-11-01", "68"), ("2025-03-01", "66"), ("2026-03-01", "62")] {
      try glance.run("add", "hdl", value, "--date", date)
    }
    let year = try glance.run("show", "hdl", "--since", "2024", "--until", "2024")
    #expect(year.status == 0, "\(year.stderr)")
    #expect(year.stdout.contains("from Jan 1, 2024 to Dec 31, 2024: 2 readings"), "\(year.stdout)")
    #expect(!year.stdout.contains("Mar 1, 2025"))
    let month = try glance.run("show", "hdl", "--since", "March 2025", "--until", "2025-03")
    #expect(month.stdout.contains("from Mar 1, 2025 to Mar 31, 2025: 1 reading, 66 mg/dL"), "\(month.stdout)")
    let until = try glance.run("show", "hdl", "--until", "last year")
    #expect(until.stdout.contains("up to Dec 31, 2025: 3 readings"), "\(until.stdout)")
    let tomorrow = try glance.run("show", "hdl", "--since", "tomorrow")
    #expect(tomorrow.status == 65)
    #expect(tomorrow.stderr.contains("after today, so there are no readings from then on"), "\(tomorrow.stderr)")
    #expect(!tomorrow.stderr.contains("can only be recorded"))
    let reversed = try glance.run("show", "hdl", "--since", "2025", "--until", "2024")
    #expect(reversed.status == 65 && reversed.stderr.contains("nothing is between them"))
  }

  @Test("colour on a terminal, never with NO_COLOR or --color never, always with --color always")
  func colour() throws {
    let glance = GlanceSandbox()
    try glance.run("add", "ldl", "190")
    let escape = "\u{1B}["
    func onTerminal(_ arguments: [String], _ environment: [String: String] = [:]) throws -> String {
      let session = try glance.terminal(arguments, environment: environment)
      #expect(session.wait() == 0)
      return session.transcript
    }
    #expect(try onTerminal(["show", "ldl"]).contains(escape))
    #expect(!(try onTerminal(["show", "ldl"], ["NO_COLOR": "1"])).contains(escape))
    #expect(!(try onTerminal(["show", "ldl", "--color", "never"])).contains(escape))
    #expect(!(try onTerminal(["show", "ldl"], ["TERM": "dumb"])).contains(escape))
    #expect(!(try glance.run("show", "ldl")).stdout.contains(escape), "piped output is plain")
    #expect(try glance.run("show", "ldl", "--color", "always").stdout.contains(escape))
  }
}
