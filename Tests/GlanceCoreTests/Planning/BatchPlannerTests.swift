import Foundation
import Testing

@testable import GlanceCore

/// DESIGN §5 `glance batch`: one date, many values, as `MARKER=VALUE` pairs or `MARKER VALUE` lines.
/// All-or-nothing: one invalid value saves none and says which. PRD §9: empty fields save nothing;
/// the entry checks (plausible range, …) are questions, not errors.
@Suite("BatchPlanner")
struct BatchPlannerTests {
  static let date = Fixture.date("2025-02-15")
  static let document = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))

  static func marker(_ key: String) -> MarkerDefinition { Fixture.library.marker(key: key)! }

  static func pairs(_ pairs: [String]) throws -> [EntryDraft] {
    try BatchPlanner.plan(pairs: pairs, date: date, document: document, library: Fixture.library)
  }

  static func lines(_ lines: [String]) throws -> [EntryDraft] {
    try BatchPlanner.plan(lines: lines, date: date, document: document, library: Fixture.library)
  }

  /// The problems of a refused batch, or a recorded issue when it was not refused.
  static func problems(_ body: () throws -> [EntryDraft]) -> [String] {
    do {
      let drafts = try body()
      Issue.record("accepted: \(drafts.map(\.label))")
    } catch let failure as BatchError {
      #expect(failure.kind == .refused)
      return failure.problems
    } catch {
      Issue.record("unexpected \(error)")
    }
    return []
  }

  /// Clinician review at stop 36: a panel refused over one bad line ("xyzzy 95") said nothing of
  /// the potassium 6.5, sodium 118 and hemoglobin 6.2 on its other lines. A refusal names the
  /// readings past a critical limit as typed, by marker and never by value, with the advice.
  @Test("a refused panel names its readings past a critical limit, without their values")
  func refusalNamesCritical() throws {
    do {
      _ = try Self.lines(["potassium 6.5", "sodium 118", "hemoglobin 6.2", "hdl 55", "xyzzy 95"])
      Issue.record("accepted")
    } catch let failure as BatchError {
      #expect(failure.critical == ["Potassium", "Sodium", "Hemoglobin"], "\(failure.critical)")
      let message = failure.message
      #expect(message.contains("As typed, Potassium, Sodium and Hemoglobin are past a critical limit."), "\(message)")
      #expect(message.hasSuffix(Judgement.criticalAdvice), "\(message)")
      for value in ["6.5", "118", "6.2"] { #expect(!message.contains(value), "\(message)") }
    }
    // A marker's second reading is judged too, and named once (attacker's second look at stop 36).
    do {
      _ = try Self.lines(["potassium 4", "potassium 7", "potassium 7.1"])
      Issue.record("accepted")
    } catch let failure as BatchError {
      #expect(failure.critical == ["Potassium"], "\(failure.critical)")
    }
    // None critical: nothing more is said.
    do {
      _ = try Self.lines(["hdl 55", "xyzzy 95"])
    } catch let failure as BatchError {
      #expect(failure.critical.isEmpty && !failure.message.contains(Judgement.criticalAdvice))
    }
    // Planned, not refused: the same names for a panel stopped at a question.
    let drafts = try Self.lines(["potassium 6.5", "hdl 550", "sodium 140"])
    #expect(
      BatchPlanner.criticalLine(drafts, document: Self.document)?.hasPrefix("As typed, Potassium is past") == true)
    #expect(BatchPlanner.criticalLine(try Self.lines(["hdl 55"]), document: Self.document) == nil)
  }

  /// Attacker review: "ldl\0 100" piped in was saved as LDL 100; the NUL vanished.
  @Test(
    "a line or a pair holding a control character is refused, never read around",
    arguments: ["ldl\u{0} 100", "ldl 1\u{1B}00", "hdl\u{7F}=60"])
  func controlCharacters(line: String) {
    let problems = Self.problems { try Self.lines(["hdl 60", line]) }
    #expect(problems.count == 1 && problems[0].contains("control character"), "\(problems)")
    let pairs = Self.problems { try Self.pairs([line.replacingOccurrences(of: " ", with: "=")]) }
    #expect(pairs.count == 1 && pairs[0].contains("control character"), "\(pairs)")
  }

  // MARK: split

  @Test(
    "marker words come before the value, a unit after it",
    arguments: [
      (["good", "cholesterol", "62", "mg/dL"], "good cholesterol", "62", String?.some("mg/dL")),
      (["hdl", "62"], "hdl", "62", nil),
      (["hs-crp", "<0.1"], "hs-crp", "<0.1", nil),
      (["bp", "120/80"], "bp", "120/80", nil),
      (["vitamin", "b12", "450", "pg/mL"], "vitamin b12", "450", "pg/mL"),
      (["ldl", "3.2", "mmol/L"], "ldl", "3.2", "mmol/L"),
      (["a1c", ".5"], "a1c", ".5", nil),
    ])
  func split(words: [String], marker: String, value: String, unit: String?) throws {
    let parts = try #require(BatchPlanner.split(words))
    #expect(parts.marker == marker)
    #expect(parts.value == value)
    #expect(parts.unit == unit)
  }

  @Test(
    "no value, or no marker before it, is nothing",
    arguments: [[String](), ["hdl"], ["good", "cholesterol"], ["62"], ["62", "hdl"]])
  func splitNothing(words: [String]) {
    #expect(BatchPlanner.split(words) == nil)
  }

  // MARK: pairs

  @Test("pairs become one draft each, all on the panel's date")
  func pairDrafts() throws {
    let drafts = try Self.pairs(["hdl=62", "ldl=130", "a1c=5.4"])
    #expect(drafts.map(\.marker.key) == ["hdl", "ldl", "a1c"])
    #expect(drafts.map(\.value) == [62, 130, 5.4])
    #expect(drafts.allSatisfy { $0.date == Self.date })
    #expect(drafts.allSatisfy { $0.checks.isEmpty })
  }

  @Test("bp=120/80 records systolic and diastolic together")
  func bloodPressure() throws {
    let drafts = try Self.pairs(["bp=120/80"])
    #expect(drafts.map(\.marker.key) == ["bp-systolic", "bp-diastolic"])
    #expect(drafts.map(\.value) == [120, 80])
  }

  @Test("a value in the SI unit is converted with the marker's own factor")
  func conversion() throws {
    // 2.586 mmol/L ÷ 0.02586 = 100 mg/dL.
    for drafts in [try Self.pairs(["ldl=2.586mmol/L"]), try Self.lines(["ldl 2.586 mmol/L"])] {
      let draft = try #require(drafts.first)
      #expect(draft.marker.key == "ldl")
      #expect(abs(draft.value - 100) < 1e-9)
      #expect(draft.convertedFrom != nil)
    }
  }

  @Test(
    "one bad pair refuses the whole panel, naming it",
    arguments: [
      (["hdl=62", "ldl=abc"], "ldl=abc"), (["hdl=62", "ldl=nan"], "ldl=nan"),
      (["hdl=62", "banana=5"], "banana=5"), (["hdl", "ldl=130"], "hdl"), (["hdl=62", "bp=120"], "bp=120"),
      (["hdl=62", "=5"], "=5"), (["hdl=62", "banana="], "banana="),
    ])
  func badPair(pairs: [String], named: String) {
    let problems = Self.problems { try Self.pairs(pairs) }
    #expect(problems.count == 1)
    #expect(problems.first?.contains(named) == true, "\(problems)")
  }

  @Test("a value that is not a number is named as such, with the marker it was for")
  func notANumber() {
    let problems = Self.problems { try Self.pairs(["hdl=abc"]) }
    #expect(
      problems == [
        "“hdl=abc”: “abc” is not a number glance can record. Type it as the lab printed it: 89, 5.6, <0.5 or >90."
      ])
  }

  @Test(
    "an empty field saves nothing and refuses nothing",
    arguments: [
      ["hdl=62", "ldl="], ["ldl=", "hdl=62"], ["hdl=62", "good cholesterol="],
    ] as [[String]])
  func emptyPairs(pairs: [String]) throws {
    #expect(try Self.pairs(pairs).map(\.marker.key) == ["hdl"])
  }

  @Test("empty fields in lines are skipped too: a marker alone, or with = or : and nothing after")
  func emptyLines() throws {
    let drafts = try Self.lines(["hdl 62", "ldl", "a1c:", "tsh =", "good cholesterol", "triglycerides: 140 mg/dL"])
    #expect(drafts.map(\.marker.key) == ["hdl", "triglycerides"])
    #expect(try Self.lines(["ldl", "a1c:"]).isEmpty)
  }

  @Test("the same marker twice is refused", arguments: [["hdl=62", "good cholesterol=63"], ["hdl=62", "hdl=62"]])
  func sameMarkerTwice(pairs: [String]) {
    let problems = Self.problems { try Self.pairs(pairs) }
    #expect(problems.count == 1)
    #expect(problems.first?.contains(pairs[1]) == true, "\(problems)")
  }

  @Test("an implausible value is a question on its draft, not an error")
  func implausible() throws {
    let drafts = try Self.pairs(["hdl=890", "ldl=130"])
    #expect(drafts.count == 2)
    #expect(drafts[0].checks.map(\.kind) == [.implausible])
    #expect(drafts[0].checks.first?.question.contains("890 mg/dL") == true)
    #expect(drafts[1].checks.isEmpty)
  }

  // MARK: lines

  @Test("blank lines and # comments are skipped")
  func skipsBlanksAndComments() throws {
    let drafts = try Self.lines(["# lab panel", "", "hdl 62", "   ", "ldl 130 mg/dL", "  # the end"])
    #expect(drafts.map(\.marker.key) == ["hdl", "ldl"])
    #expect(drafts.map(\.value) == [62, 130])
  }

  @Test(
    "lines in the forms people type",
    arguments: [
      ("good cholesterol 62 mg/dL", ["hdl"], [62.0]), ("hdl=62", ["hdl"], [62]),
      ("bp 120/80", ["bp-systolic", "bp-diastolic"], [120, 80]),
      ("a1c 5.4 %", ["a1c"], [5.4]),
    ])
  func lineForms(line: String, keys: [String], values: [Double]) throws {
    let drafts = try Self.lines([line])
    #expect(drafts.map(\.marker.key) == keys)
    #expect(drafts.map(\.value) == values)
  }

  @Test("a comparator value keeps its comparator")
  func comparator() throws {
    let draft = try #require(try Self.lines(["hs-crp <0.1"]).first)
    #expect(draft.marker.key == "hs-crp")
    #expect(draft.value == 0.1)
    #expect(draft.comparator == .lessThan)
  }

  @Test(
    "one bad line refuses the whole panel, naming its line",
    arguments: [
      (["hdl 62", "ldl 130", "a1c five"], "line 3"), (["hdl 62", "", "ldl abc"], "line 3"),
      (["# panel", "hdl 62", "ldl 130", "hdl 63"], "line 4"), (["hdl 62", "banana"], "line 2"),
      (["hdl 62", "ldl: abc"], "line 2"),
      (["hdl 62", "ldl 130 furlongs"], "line 2"), (["hdl 62", "ldl 1,30"], "line 2"),
    ])
  func badLine(lines: [String], named: String) {
    let problems = Self.problems { try Self.lines(lines) }
    #expect(problems.count == 1)
    #expect(problems.first?.hasPrefix(named) == true, "\(problems)")
  }

  @Test("every bad line is named, not just the first")
  func everyBadLine() {
    let problems = Self.problems { try Self.lines(["hdl x", "ldl 130", "a1c y"]) }
    #expect(problems.count == 2)
    #expect(problems.first?.hasPrefix("line 1") == true)
    #expect(problems.last?.hasPrefix("line 3") == true)
    let message = BatchError(problems: problems).message
    #expect(message.contains("line 1") && message.contains("line 3"))
  }
}
