import Foundation
import Testing

@testable import GlanceCore

/// PRD §5.7 "Add Visit": date, doctor name (free text), a type from Physical/Annual, Dental, Vision,
/// Specialist, Lab Work, Imaging, Other (with a free-text label), notes. DESIGN §5: future dates are
/// allowed for visits; "Last dental cleaning: 8 months ago".
@Suite("VisitType and VisitPlanner")
struct VisitTypeAndPlannerTests {
  static let today = Fixture.date("2025-06-01")
  static let now = Timestamp(Fixture.now)

  @Test(
    "a person's word names a visit type",
    arguments: [
      ("physical", VisitType?.some(.physical)), ("annual", .physical), ("checkup", .physical),
      ("Physical", .physical), ("check-up", .physical), ("dental", .dental), ("dentist", .dental),
      ("Dentist", .dental), ("vision", .vision), ("eye", .vision), ("specialist", .specialist),
      ("lab", .labWork), ("lab work", .labWork), ("blood work", .labWork), ("Blood-Work", .labWork),
      ("imaging", .imaging), ("mri", .imaging), ("MRI", .imaging), ("other", .other),
      ("banana", nil), ("", nil), ("physicall physical", nil), ("42", nil),
    ])
  func words(word: String, expected: VisitType?) {
    #expect(VisitType(word: word) == expected)
  }

  static let filterVisits = [
    Fixture.visit("2025-05-20", doctor: "Dr. Anna Patel", type: .physical),
    Fixture.visit("2024-11-02", doctor: "Bright Smiles Dental", type: .dental),
    Fixture.visit("2025-01-15", doctor: "Dr. Patel", type: .labWork),
    Fixture.visit("2023-06-01", doctor: "Dr. Okafor", type: .physical),
    Fixture.visit("2025-07-01", doctor: "Dr. Okafor", type: .dental),
  ]

  @Test(
    "visits filters combine; the list is newest first",
    arguments: [
      (
        String?.none, String?.none, String?.none,
        ["2025-07-01", "2025-05-20", "2025-01-15", "2024-11-02", "2023-06-01"]
      ),
      ("physical", nil, nil, ["2025-05-20", "2023-06-01"]), ("dentist", nil, nil, ["2025-07-01", "2024-11-02"]),
      (nil, "patel", nil, ["2025-05-20", "2025-01-15"]), (nil, "Dr. Okafor", nil, ["2025-07-01", "2023-06-01"]),
      (nil, "okafr", nil, ["2025-07-01", "2023-06-01"]), (nil, "smith", nil, []),
      (nil, nil, "2025-01-15", ["2025-07-01", "2025-05-20", "2025-01-15"]),
      (nil, nil, "a year ago", ["2025-07-01", "2025-05-20", "2025-01-15", "2024-11-02"]),
      ("physical", "okafor", nil, ["2023-06-01"]), ("dental", "okafor", "2025-01-01", ["2025-07-01"]),
      ("lab", "patel", "2025-02-01", []),
    ] as [(String?, String?, String?, [String])])
  func filter(type: String?, doctor: String?, since: String?, expected: [String]) throws {
    let list = try VisitPlanner.filter(Self.filterVisits, type: type, doctor: doctor, since: since, today: Self.today)
    #expect(list.map(\.date.iso) == expected)
  }

  @Test(
    "a filter glance cannot read is refused, not ignored",
    arguments: [("banana", nil), (nil, "someday")] as [(String?, String?)])
  func badFilter(type: String?, since: String?) {
    #expect(throws: (any Error).self) {
      try VisitPlanner.filter(Self.filterVisits, type: type, doctor: nil, since: since, today: Self.today)
    }
  }

  @Test("every type reads as “Last [visit type]”", arguments: VisitType.allCases)
  func lastLabel(type: VisitType) {
    #expect(type.lastLabel(label: nil).hasPrefix("Last " + type.displayName.lowercased()))
  }

  @Test("the PRD's example label and an other visit's own label")
  func lastLabelWords() {
    #expect(VisitType.dental.lastLabel(label: nil) == "Last dental cleaning")
    #expect(VisitType.other.lastLabel(label: "Dermatology") == "Last Dermatology")
  }

  // MARK: make

  static func make(
    date: String? = "2025-05-20", doctor: String? = "Dr. Patel", type: String? = "physical", label: String? = nil,
    notes: String? = nil
  ) throws -> Visit {
    try VisitPlanner.make(
      date: date, doctor: doctor, type: type, label: label, notes: notes, today: today, now: now)
  }

  @Test("visit notes past the limit are refused in a sentence that reads")
  func notesTooLong() {
    #expect {
      try Self.make(notes: String(repeating: "a", count: InputLimits.visitNotesCharacters + 1))
    } throws: { error in
      (error as? EntryError)?.message
        == "The visit note is longer than glance keeps (20,000 characters). Shorten it and try again."
    }
  }

  @Test("a visit with everything it needs")
  func makesVisit() throws {
    let visit = try Self.make(notes: "Recheck lipids in 6 months")
    #expect(visit.date == Fixture.date("2025-05-20"))
    #expect(visit.doctorName == "Dr. Patel")
    #expect(visit.visitType == .physical)
    #expect(visit.notes == "Recheck lipids in 6 months")
    #expect(visit.entryTimestamp == Self.now)
  }

  @Test(
    "a missing date, doctor or type is refused, naming it",
    arguments: [
      (String?.none, String?.some("Dr. Patel"), String?.some("physical"), "--date"),
      ("2025-05-20", nil, "physical", "--doctor"),
      ("2025-05-20", "Dr. Patel", nil, "--type"),
    ])
  func missing(date: String?, doctor: String?, type: String?, flag: String) {
    #expect(throws: VisitError.missing(flag)) { try Self.make(date: date, doctor: doctor, type: type) }
    do {
      _ = try Self.make(date: date, doctor: doctor, type: type)
    } catch let error as VisitError {
      #expect(error.message.contains(flag))
      #expect(error.kind == .refused)
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test("an empty doctor's name is refused", arguments: ["", "   ", "\n"])
  func emptyDoctor(doctor: String) {
    #expect(throws: VisitError.emptyDoctor) { try Self.make(doctor: doctor) }
  }

  @Test("an unknown type is refused, repeating the word", arguments: ["banana", "dentst cleaning", "x-ray please"])
  func unknownType(word: String) {
    #expect(throws: VisitError.unknownType(word)) { try Self.make(type: word) }
  }

  @Test(
    "visits may be planned in the future",
    arguments: [("2025-09-01", "2025-09-01"), ("tomorrow", "2025-06-02"), ("in 3 weeks", "2025-06-22")])
  func futureDates(text: String, expected: String) throws {
    #expect(try Self.make(date: text).date == Fixture.date(expected))
  }

  @Test("an ambiguous date is refused, never guessed")
  func ambiguousDate() {
    #expect(throws: (any Error).self) { try Self.make(date: "02/03/2025") }
  }

  @Test("an other visit keeps its label")
  func otherLabel() throws {
    let visit = try Self.make(type: "other", label: "Dermatology")
    #expect(visit.visitType == .other)
    #expect(visit.visitTypeLabel == "Dermatology")
  }

  // MARK: edit

  static let original = Fixture.visit(
    "2025-05-20", doctor: "Dr. Patel", type: .other, notes: "Mole check", label: "Dermatology")

  @Test("nothing given changes nothing")
  func editNothing() throws {
    let edited = try VisitPlanner.edit(
      Self.original, date: nil, doctor: nil, type: nil, label: nil, notes: nil, today: Self.today)
    #expect(edited == Self.original)
  }

  @Test("each given field changes, the rest stay")
  func editFields() throws {
    let edited = try VisitPlanner.edit(
      Self.original, date: "2025-07-01", doctor: "Dr. Nguyen", type: nil, label: nil, notes: "Follow up",
      today: Self.today)
    #expect(edited.date == Fixture.date("2025-07-01"))
    #expect(edited.doctorName == "Dr. Nguyen")
    #expect(edited.notes == "Follow up")
    #expect(edited.visitType == .other)
    #expect(edited.visitTypeLabel == "Dermatology")
    #expect(edited.id == Self.original.id)
    #expect(edited.entryTimestamp == Self.original.entryTimestamp)
  }

  @Test("an empty string clears notes and label")
  func editClears() throws {
    let edited = try VisitPlanner.edit(
      Self.original, date: nil, doctor: nil, type: nil, label: "", notes: "", today: Self.today)
    #expect(edited.notes == nil)
    #expect(edited.visitTypeLabel == nil)
    #expect(edited.doctorName == "Dr. Patel")
  }

  @Test("an edit to an unknown type or an empty doctor is refused")
  func editRefuses() {
    #expect(throws: VisitError.unknownType("banana")) {
      try VisitPlanner.edit(
        Self.original, date: nil, doctor: nil, type: "banana", label: nil, notes: nil, today: Self.today)
    }
    #expect(throws: VisitError.emptyDoctor) {
      try VisitPlanner.edit(Self.original, date: nil, doctor: " ", type: nil, label: nil, notes: nil, today: Self.today)
    }
  }

  @Test("an edit to a known type changes it")
  func editType() throws {
    let edited = try VisitPlanner.edit(
      Self.original, date: nil, doctor: nil, type: "dentist", label: nil, notes: nil, today: Self.today)
    #expect(edited.visitType == .dental)
  }
}
