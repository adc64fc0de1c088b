import Testing

@testable import GlanceCore

/// PRD §9 / DESIGN §6 "Entry checks": plausible range (library markers only), about 10× off the
/// person's usual value ("Did you mean 89?"), same marker + value + date ("Add anyway?").
/// Custom markers get no plausible-range or 10× check.
@Suite("EntryChecks")
struct EntryChecksTests {
  static let day = Fixture.date("2025-02-15")

  /// HDL readings around 88–89 on earlier days.
  static var usualHDL: [MarkerEntry] {
    [
      Fixture.entry(Fixture.hdl, 86, on: "2024-01-10"), Fixture.entry(Fixture.hdl, 88, on: "2024-06-10"),
      Fixture.entry(Fixture.hdl, 89, on: "2024-12-10"),
    ]
  }

  static func check(
    _ value: Double, _ comparator: ValueComparator? = nil, marker: MarkerDefinition = Fixture.hdl,
    on date: CalendarDate = day, existing: [MarkerEntry] = []
  ) -> [EntryCheck] {
    EntryChecks.check(value: value, comparator: comparator, date: date, marker: marker, existing: existing)
  }

  /// Clinician review: vitamin D 40 after readings typed as 60 and 55 nmol/L was saved as 40
  /// ng/mL "✓ in range"; as 40 nmol/L (16 ng/mL) it is below it (IOM/NAM 2011: below 50 nmol/L).
  @Test(
    "a bare number after readings all typed in another unit asks whether it was in that unit",
    arguments: [
      (["60 nmol/L", "55 nmol/L"], true), (["60 nmol/L", "24"], false), (["24", "22"], false),
      (["60 nmol/L"], false), (["60 nmol/L", "55 nmol/L", "58 nmol/L"], true),
    ])
  func historyUnit(history: [String], asked: Bool) throws {
    let marker = MarkerLibrary.builtIn.marker(key: "vitamin-d")!
    let existing = try history.enumerated().map { index, text in
      let parts = text.split(separator: " ").map(String.init)
      let draft = try EntryPlanner.draft(
        marker, valueText: parts[0], unit: parts.count > 1 ? parts[1] : nil,
        date: Fixture.date("2024-01-01").adding(months: index)!, note: nil, existing: [])
      return draft.entry(at: Timestamp(Fixture.now), source: .quickAdd)
    }
    let checks = EntryChecks.check(value: 40, comparator: nil, date: Self.day, marker: marker, existing: existing)
    let slip = checks.first { if case .unitSlip = $0.kind { true } else { false } }
    #expect((slip != nil) == asked, "\(checks)")
    if let slip, case .unitSlip(let suggestion, let entered) = slip.kind {
      #expect(entered == EnteredValue(value: 40, unit: "nmol/L") && abs(suggestion - 16.0) < 0.1)
      #expect(slip.question.contains("your last readings were typed in nmol/L. Was that 40 nmol/L"), "\(slip.question)")
    }
    // A unit typed says which it is: nothing asked.
    let typed = EntryChecks.check(
      value: 40, comparator: nil, date: Self.day, marker: marker, existing: existing, unitTyped: true)
    #expect(typed.isEmpty)
  }

  // MARK: plausible range

  @Test("a value outside HDL's plausible range (5–200) is asked about in the PRD's words, as one question")
  func implausibleMessage() {
    #expect(
      Self.check(890) == [
        EntryCheck(
          kind: .implausible,
          question:
            "You entered HDL of 890 mg/dL. This seems unusual: please double-check it. If you meant 89, cancel and type 89. Save it anyway?"
        )
      ])
  }

  @Test(
    "the plausible range is inclusive; only outside it asks",
    arguments: [(4.9, true), (5, false), (89, false), (200, false), (200.5, true), (0, true), (-3, true)])
  func plausibleBounds(value: Double, asks: Bool) {
    // Outside it, a question is always asked (4.9 reads as 4.9 mmol/L, 189 mg/dL: a unit slip).
    if asks { #expect(!Self.check(value).isEmpty) }
    #expect(EntryChecks.isImplausible(value, Fixture.hdl) == asks)
  }

  @Test("the question uses the marker's short name and unit: A1c of 250%, LDL of 900 mg/dL")
  func otherMarkers() {
    #expect(
      Self.check(250, marker: Fixture.a1c).map(\.question) == [
        "You entered A1c of 250%. This seems unusual: please double-check it. Save it anyway?"
      ])
    #expect(
      Self.check(900, marker: Fixture.ldl).map(\.question) == [
        "You entered LDL of 900 mg/dL. This seems unusual: please double-check it. If you meant 90, cancel and type 90. Save it anyway?"
      ])
  }

  @Test("custom markers get neither the plausible-range nor the 10× check", arguments: [890.0, 8.9, 0.001, 1e6])
  func customMarkersAreNotJudged(value: Double) {
    let marker = Fixture.customMarker()
    let history = [Fixture.entry(marker, 89, on: "2024-01-10"), Fixture.entry(marker, 89, on: "2024-06-10")]
    #expect(Self.check(value, marker: marker, existing: history).isEmpty)
    #expect(EntryChecks.isImplausible(value, marker) == false)
  }

  // MARK: about 10×

  @Test(
    "about 10× the usual value (median 88) suggests the likely intended one",
    arguments: [(890.0, 89.0), (880, 88), (8.9, 89), (8.8, 88), (9, 90)])
  func tenfold(value: Double, suggestion: Double) {
    #expect(EntryChecks.tenfoldSuggestion(value, marker: Fixture.hdl, existing: Self.usualHDL) == suggestion)
  }

  @Test("the 10× question offers the suggestion: “Did you mean 89?”")
  func tenfoldMessage() throws {
    let checks = Self.check(890, existing: Self.usualHDL)
    let only = try #require(checks.count == 1 ? checks.first : nil)
    #expect(only.kind == .tenfold(suggestion: 89))
    #expect(only.question == "You entered HDL of 890 mg/dL, about 10 times your usual. Did you mean 89?")
    #expect(only.question.hasSuffix("Did you mean 89?"))
  }

  @Test("a tenth of the usual value suggests ten times it")
  func tenfoldDownward() {
    let checks = Self.check(8.9, existing: Self.usualHDL)
    #expect(checks.map(\.kind) == [.tenfold(suggestion: 89)])
    #expect(checks.first?.question == "You entered HDL of 8.9 mg/dL, about a tenth of your usual. Did you mean 89?")
  }

  @Test("A1c 56% against a usual 5.6% suggests 5.6")
  func tenfoldDecimals() {
    let history = [5.4, 5.6, 5.8].enumerated().map { Fixture.entry(Fixture.a1c, $1, on: "2024-0\($0 + 1)-01") }
    #expect(EntryChecks.tenfoldSuggestion(56, marker: Fixture.a1c, existing: history) == 5.6)
    // 56 mmol/mol (7.3%) is named too: a UK report's A1c.
    #expect(
      Self.check(56, marker: Fixture.a1c, existing: history).first?.question.hasSuffix(
        "Did you mean 5.6? If it was 56 mmol/mol (7.3%), cancel and type the unit.") == true)
  }

  @Test(
    "no suggestion when the ratio is nowhere near 10 (about 1×, 2×, 5×, 20×, 100×, or 1/5, 1/20)",
    arguments: [89.0, 178, 445, 1_780, 8_900, 17.8, 4.45])
  func notTenfold(value: Double) {
    #expect(EntryChecks.tenfoldSuggestion(value, marker: Fixture.hdl, existing: Self.usualHDL) == nil)
    #expect(!Self.check(value, existing: Self.usualHDL).contains { if case .tenfold = $0.kind { true } else { false } })
  }

  @Test("5× and 20× over the plausible range fall back to the plausible-range question")
  func fiveAndTwentyFoldAreImplausible() {
    #expect(Self.check(445, existing: Self.usualHDL).map(\.kind) == [.implausible])
    #expect(Self.check(1_780, existing: Self.usualHDL).map(\.kind) == [.implausible])
  }

  @Test("without history there is no usual value and so no 10× suggestion", arguments: [890.0, 8.9])
  func noHistory(value: Double) {
    #expect(EntryChecks.tenfoldSuggestion(value, marker: Fixture.hdl, existing: []) == nil)
    #expect(!Self.check(value).contains { if case .tenfold = $0.kind { true } else { false } })
  }

  // MARK: comparator values

  @Test(
    "a comparator value skips the 10× check, but its bound is asked about when implausible or a unit slip",
    arguments: [ValueComparator.lessThan, .greaterThan, .lessThanOrEqual, .greaterThanOrEqual])
  func comparatorsChecks(comparator: ValueComparator) {
    // Issue 11 attacker review: "<-1" potassium and ">1900" LDL were saved without a question.
    #expect(Self.check(890, comparator, existing: Self.usualHDL).map(\.kind) == [.implausible])
    #expect(Self.check(62, comparator, existing: Self.usualHDL).isEmpty)
    #expect(
      !Self.check(8.9, comparator, existing: Self.usualHDL).contains {
        if case .tenfold = $0.kind { true } else { false }
      })
    let slip = Self.check(0.5, comparator, marker: Fixture.ldl).first
    if case .unitSlip = slip?.kind {} else { Issue.record("\(String(describing: slip))") }
    #expect(slip?.question.contains("Was that \(comparator.rawValue)0.5 mmol/L") == true)
  }

  // MARK: duplicates

  @Test("same marker, value and date asks “Add anyway?” in the PRD's words")
  func duplicateMessage() {
    let existing = [Fixture.entry(Fixture.hdl, 89, on: "2025-02-15")]
    #expect(
      Self.check(89, existing: existing) == [
        EntryCheck(kind: .duplicate, question: "You already have an HDL entry of 89 mg/dL for this date. Add anyway?")
      ])
  }

  @Test(
    "a duplicate needs the same value, comparator and date",
    arguments: [
      (89.0, ValueComparator?.none, "2025-02-15", true),
      (89.0, ValueComparator?.none, "2025-02-14", false),
      (89.0, ValueComparator?.none, "2024-02-15", false),
      (90.0, ValueComparator?.none, "2025-02-15", false),
      (89.0, ValueComparator?.some(.lessThan), "2025-02-15", false),
      (89.0, ValueComparator?.some(.greaterThan), "2025-02-15", false),
    ])
  func duplicateNeedsAllFour(value: Double, comparator: ValueComparator?, day: String, duplicate: Bool) {
    let existing = [Fixture.entry(Fixture.hdl, 89, on: day)]
    #expect(Self.check(value, comparator, existing: existing).contains { $0.kind == .duplicate } == duplicate)
  }

  @Test("a duplicate comparator value is found and shown with its comparator")
  func duplicateComparator() {
    let existing = [Fixture.entry(Fixture.ldl, 50, on: "2025-02-15", comparator: .lessThan)]
    #expect(
      Self.check(50, .lessThan, marker: Fixture.ldl, existing: existing) == [
        EntryCheck(kind: .duplicate, question: "You already have an LDL entry of <50 mg/dL for this date. Add anyway?")
      ])
  }

  @Test("custom markers still get the duplicate check")
  func customDuplicate() {
    let marker = Fixture.customMarker()
    let existing = [Fixture.entry(marker, 1.2, on: "2025-02-15")]
    #expect(Self.check(1.2, marker: marker, existing: existing).map(\.kind) == [.duplicate])
  }

  @Test("an implausible duplicate asks both questions, the plausible one first")
  func implausibleDuplicate() {
    let existing = [Fixture.entry(Fixture.hdl, 890, on: "2025-02-15")]
    #expect(Self.check(890, existing: existing).map(\.kind) == [.implausible, .duplicate])
  }

  @Test("an ordinary new value asks nothing")
  func ordinary() {
    #expect(Self.check(90, existing: Self.usualHDL).isEmpty)
    #expect(Self.check(89, existing: Self.usualHDL).isEmpty)
  }
}
