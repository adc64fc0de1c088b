import Foundation
import Testing

@testable import GlanceCore

/// No input crashes glance: thousands of random strings through every parser, and hostile
/// documents through every screen. A crash would end the test process, so a run that finishes
/// is the proof; each case also checks what came out is within glance's rules.
@Suite("Adversarial: fuzzed parsers never crash")
struct ParserFuzzTests {
  /// Pieces people and attackers type: digits of other scripts, fractions, superscripts, huge
  /// digit runs, signs, separators, words, controls.
  static let pieces: [String] = [
    "0", "1", "2", "5", "9", "12", "2025", "0001", "9999", "99999999999999999999", ".", ",", "-", "+", "/", ":",
    " ", "  ", "e", "E", "x", "0x", "nan", "inf", "<", ">", "<=", "≥", "٢", "٠", "٣", "２", "０", "½", "²", "①",
    "Ⅻ", "๓", "mg/dL", "mmol/L", "%", "µ", "μ", "days", "ago", "in", "weeks", "yesterday", "today", "tomorrow",
    "Feb", "february", "sept", "15th", "1st", "last", "month", "year", "a", "an", "\u{0}", "\u{1B}[2J", "\t", "\n",
    "\r", "\u{202E}", "\u{301}", "'", "\"", "😀", "中文", "-0", "1e308", "10³",
  ]

  static func randomText(_ generator: inout SeededGenerator, maxPieces: Int = 8) -> String {
    (0..<Int.random(in: 0...maxPieces, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
      .joined()
  }

  @Test("values: refused, or a finite number within a billion", arguments: 0..<10)
  func values(seed: Int) {
    var generator = SeededGenerator(seed: UInt64(seed) &+ 10)
    for _ in 0..<2000 {
      let text = Self.randomText(&generator)
      if let typed = try? ValueParser.parse(text) {
        #expect(ValueParser.isStorable(typed.value), "\(text.debugDescription)")
      }
    }
  }

  @Test("dates: refused, or a real day from 1900 to today (visits: ten years on)", arguments: 0..<10)
  func dates(seed: Int) {
    var generator = SeededGenerator(seed: UInt64(seed) &+ 20)
    let todays = ["1900-01-01", "1900-01-02", "2026-11-22", "2024-02-29", "9998-12-31"].map(Fixture.date)
    for _ in 0..<2000 {
      let text = Self.randomText(&generator, maxPieces: 5)
      let today = todays.randomElement(using: &generator)!
      let order = [nil, DateParser.DayOrder.monthFirst, .dayFirst].randomElement(using: &generator)!
      if let date = try? DateParser.parse(text, today: today, for: .reading, order: order) {
        #expect(date >= DateParser.earliest && date <= today, "\(text.debugDescription)")
      }
      if let date = try? DateParser.parse(text, today: today, for: .visit) {
        #expect(
          date >= DateParser.earliest && date <= DateParser.visitLimit(today: today), "\(text.debugDescription)")
      }
    }
  }

  @Test(
    "the dates that once crashed are refused with a message",
    arguments: [
      "٢٠٢٥-٠١-٠١", "２０２５-０１-０１", "2025-01-½", "2025-01-0²", "99999999999999999999-01-01",
      "2025-01-99999999999999999999",
      "1/1/99999999999999999999", "99999999999999999999 days ago", "in 99999999999999999999 years", "0001-01-01",
      "1899-12-31",
    ])
  func knownCrashers(text: String) {
    #expect(throws: EntryError.self) { try DateParser.parse(text, today: Fixture.date("2026-11-22"), for: .reading) }
    #expect(throws: EntryError.self) { try DateParser.parse(text, today: Fixture.date("2026-11-22"), for: .visit) }
  }

  @Test("yesterday on the first day glance knows is refused, not a crash")
  func edgeOfTime() {
    for word in ["yesterday", "last week", "last month", "last year", "3 days ago", "2 years ago"] {
      #expect(throws: EntryError.self) { try DateParser.parse(word, today: Fixture.date("1900-01-01"), for: .reading) }
    }
    let real = Fixture.date("2026-11-22")
    #expect(DateParser.pinnedToday("0001-01-01", localToday: real) == nil)
    #expect(DateParser.pinnedToday("9999-12-31", localToday: real) == nil)
    #expect(DateParser.pinnedToday("2026-11-22", localToday: real) == Fixture.date("2026-11-22"))
    #expect(DateParser.pinnedToday("1990-05-01", localToday: real) == Fixture.date("1990-05-01"))
    // Attacker reviews: readings saved under a pinned 2035, or tomorrow, were refused by a later
    // export as future ones.
    #expect(DateParser.pinnedToday("2026-11-21", localToday: real) == Fixture.date("2026-11-21"))
    #expect(DateParser.pinnedToday("2026-11-23", localToday: real) == nil)
    #expect(DateParser.pinnedToday("2035-06-01", localToday: real) == nil)
  }

  @Test("units: converted with the marker's own factor, or refused", arguments: 0..<5)
  func units(seed: Int) {
    var generator = SeededGenerator(seed: UInt64(seed) &+ 30)
    for _ in 0..<2000 {
      let marker = Fixture.library.markers.randomElement(using: &generator)!
      let unit = Self.randomText(&generator, maxPieces: 4)
      if let conversion = try? UnitConverter.convert(12.5, unit: unit, for: marker) {
        #expect(conversion.value.isFinite)
      }
    }
  }

  @Test("CSV: random bytes are rows or a refusal with a line number", arguments: 0..<10)
  func csv(seed: Int) {
    var generator = SeededGenerator(seed: UInt64(seed) &+ 40)
    let alphabet: [UInt8] = Array("ab1,\"\r\n;\t=+-".utf8) + [0x00, 0xC3, 0xA9, 0xFF, 0xEF, 0xBB, 0xBF, 0x80]
    for _ in 0..<500 {
      let bytes = (0..<Int.random(in: 0...200, using: &generator)).map { _ in alphabet.randomElement(using: &generator)!
      }
      do {
        let rows = try CSV.parse(bytes)
        #expect(rows.allSatisfy { !$0.isEmpty })
      } catch {
        #expect(error.line >= 1)
      }
    }
  }

  @Test("imports: random files are planned or refused; a plan always saves a readable file", arguments: 0..<10)
  func imports(seed: Int) throws {
    var generator = SeededGenerator(seed: UInt64(seed) &+ 50)
    let headers = [
      "date", "Date", "marker_key", "value", "unit", "note", "id", "HDL", "LDL (mmol/L)", "BP", "doctor", "type",
      "Test", "Result", "Units", "Comment", "Flag", "Datum", "Reference Range",
    ]
    let cells = [
      "2025-05-01", "hdl", "61", "120/80", "mg/dL", "", "3,4", "15.01.2024", "1/15/2024", "3/4/2024", "15/1/2024",
      "LDL", "MCV", "mmol/L", "Blood pressure", "2024-01-15T08:30:00-05:00",
    ]
    for _ in 0..<150 {
      let delimiter = [",", ";", "\t"].randomElement(using: &generator)!
      let header = (0..<Int.random(in: 1...5, using: &generator)).map { _ in headers.randomElement(using: &generator)! }
      var text = header.joined(separator: delimiter) + "\n"
      for _ in 0..<Int.random(in: 0...6, using: &generator) {
        text +=
          (0..<header.count).map { _ in
            (cells + [Self.randomText(&generator, maxPieces: 3)]).randomElement(using: &generator)!
          }.joined(separator: delimiter) + "\n"
      }
      let repository = InMemoryDataRepository(clock: { Fixture.now })
      guard var file = try? Importer.read(Array(text.utf8)) else { continue }
      file.dayOrder = [nil, DateParser.DayOrder.monthFirst, .dayFirst].randomElement(using: &generator)!
      do {
        try Importer.apply(file, replace: false, to: repository, summary: "fuzz", today: Fixture.date("2025-06-01"))
        #expect(throws: Never.self) { try DocumentCodec.decode(DocumentCodec.encode(repository.read())) }
      } catch {
        #expect(error is any GlanceError, "\(error)")
      }
    }
  }

  @Test("JSON: random mutations of an export are read or refused, never a crash", arguments: 0..<5)
  func json(seed: Int) throws {
    var generator = SeededGenerator(seed: UInt64(seed) &+ 60)
    let valid = try Exporter.json(randomDocument(using: &generator, valid: true))
    let replacements: [UInt8] = Array("{}[]\",:0123456789eE.-+tnfu\\ ".utf8) + [0x00, 0xFF, 0xC3]
    for _ in 0..<300 {
      var bytes = valid
      for _ in 0..<Int.random(in: 1...4, using: &generator) where !bytes.isEmpty {
        bytes[Int.random(in: 0..<bytes.count, using: &generator)] = replacements.randomElement(using: &generator)!
      }
      let repository = InMemoryDataRepository(clock: { Fixture.now })
      do {
        try Importer.apply(
          Importer.read(bytes), replace: false, to: repository, summary: "fuzz", today: Fixture.date("2025-06-01"))
      } catch {
        #expect(error is any GlanceError, "\(error)")
      }
    }
  }

  @Test("a JSON object with 100,000 keys is read in one pass (the duplicate check hashes)")
  func manyKeys() throws {
    var text = "{"
    for index in 0..<100_000 { text += (index == 0 ? "" : ",") + "\"k\(index)\":1" }
    text += "}"
    try JSONReader.read(Array(text.utf8)) { try $0.skipValue() }
    let repeated = text.dropLast() + ",\"k77\":2}"
    #expect(throws: JSONError.self) { try JSONReader.read(Array(repeated.utf8)) { try $0.skipValue() } }
  }

  @Test("screens draw any stored number, even ones no entrance accepts (1e308, -1e300, 5e-324)")
  func hugeValues() {
    var document = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    let values = [1e308, -1e300, 5e-324, 9.3e18, -9.3e18, 1e15, 123_456_789_012_345_678]
    for (index, value) in values.enumerated() {
      document.apply(
        .putEntry(
          Fixture.entry(Fixture.hdl, value, on: Fixture.date("2025-01-01").adding(days: index)!.iso)))
    }
    document.apply(
      .setTrackedMarkers([UserMarker(markerID: Fixture.hdl.id, displayOrder: 0, addedAt: Timestamp(Fixture.now))]))
    let snapshots = document.trackedSnapshots(library: .builtIn)
    let style = OutputStyle(unicode: true, color: true, width: 80)
    #expect(!HomeView.render(snapshots, today: Fixture.date("2025-06-01"), style: style).isEmpty)
    #expect(
      !ShowView.render(
        snapshots[0], entries: snapshots[0].entries, shortIDs: [:], today: Fixture.date("2025-06-01"), style: style
      ).isEmpty)
    let insights = InsightsEngine.insights(for: snapshots, at: Timestamp(Fixture.now))
    #expect(
      !PrepView.render(
        insights: insights, snapshots: snapshots, visits: [], today: Fixture.date("2025-06-01"), style: style
      ).isEmpty)
    #expect(!Exporter.readingsCSV(document, library: .builtIn).isEmpty)
    #expect(ValueText.number(1e308) != "")
  }

  @Test("every screen draws random hostile documents", arguments: 0..<20)
  func screens(seed: Int) {
    var generator = SeededGenerator(seed: UInt64(seed) &+ 70)
    let document = randomDocument(using: &generator)
    let today = Fixture.date("2025-06-01")
    for style in [OutputStyle(unicode: true, color: true, width: 20), OutputStyle.plain] {
      let snapshots = document.trackedSnapshots(library: .builtIn)
      _ = HomeView.render(snapshots, today: today, style: style)
      for snapshot in snapshots {
        _ = ShowView.render(snapshot, entries: snapshot.entries, shortIDs: [:], today: today, style: style)
      }
      let insights = InsightsEngine.insights(for: snapshots, at: Timestamp(Fixture.now))
      _ = PrepView.render(insights: insights, snapshots: snapshots, visits: document.visits, today: today, style: style)
      _ = VisitsView.render(document.visits, all: document.visits, shortIDs: [:], today: today, style: style)
      for visit in document.visits { _ = VisitsView.detail(visit, shortID: "abcd", today: today) }
    }
  }

  @Test("search and id look-ups take any text", arguments: 0..<5)
  func searchAndIDs(seed: Int) {
    var generator = SeededGenerator(seed: UInt64(seed) &+ 80)
    let search = SearchService(markers: Fixture.library.markers)
    let ids = (0..<50).map { _ in UUID() }
    for _ in 0..<1000 {
      let text = Self.randomText(&generator)
      _ = search.searchMarkers(text)
      _ = search.resolveMarker(text)
      _ = ShortID.resolve(text, among: ids)
      let shown = TerminalText.guarded(text)
      #expect(TerminalText.guarded(shown) == shown, "guarding twice changes nothing more")
    }
  }
}
