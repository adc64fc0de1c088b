import Foundation
import Testing

@testable import GlanceCore

/// What the person confirmed is exactly what changes: while a question waits, another glance may
/// save; under the lock the change is checked against what was shown, and refused (exit 75) when
/// that is no longer so.
@Suite("Adversarial: another glance saves while a question waits")
struct QuestionRaceTests {
  static let today = Fixture.date("2025-06-01")

  @Test("undo takes back only the step it asked about", arguments: RepositoryKind.allCases)
  func undo(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    try repository.addEntry(Fixture.entry(Fixture.hdl, 50, on: "2025-05-01"), summary: "add HDL 50")
    let shown = try #require(try repository.read().undo.last)
    // The question waits; another glance adds LDL 130.
    try repository.addEntry(Fixture.entry(Fixture.ldl, 130, on: "2025-05-01"), summary: "add LDL 130")
    let before = try repository.read()
    #expect(throws: ConcurrentChangeError.undoChanged(asked: "add HDL 50", newest: "add LDL 130")) {
      try repository.undo(expecting: shown)
    }
    #expect(try repository.read() == before)
    #expect(ConcurrentChangeError.undoChanged(asked: "add HDL 50", newest: "add LDL 130").kind == .busy)
    // With nothing in between it goes ahead.
    let newest = try #require(before.undo.last)
    #expect(try repository.undo(expecting: newest)?.step.summary == "add LDL 130")
  }

  @Test("an edit waiting at its question never wipes what another glance changed", arguments: RepositoryKind.allCases)
  func edit(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    let entry = Fixture.entry(Fixture.hdl, 50, on: "2025-05-01", note: "fasting")
    try repository.addEntry(entry)
    // edit --value 500 asks about 500; meanwhile another glance edits the note.
    var edited = entry
    edited.value = 500
    var other = entry
    other.note = "after the run"
    try repository.updateEntry(other)
    let before = try repository.read()
    #expect(throws: ConcurrentChangeError.readingChanged) { try repository.updateEntry(edited, expecting: entry) }
    #expect(try repository.read() == before)
    #expect(before.entries[0].note == "after the run")
    // And a delete asked about the old reading is refused too.
    #expect(throws: ConcurrentChangeError.readingChanged) { try repository.deleteEntry(entry.id, expecting: entry) }
    // Deleted meanwhile: a clear refusal, not "please report".
    try repository.deleteEntry(entry.id)
    #expect(throws: RepositoryError.entryNotFound(entry.id)) { try repository.updateEntry(edited, expecting: entry) }
    #expect(RepositoryError.entryNotFound(entry.id).kind == .busy)
    #expect(RepositoryError.entryNotFound(entry.id).message.contains("deleted by another glance"))
  }

  @Test("a visit edit or delete asked about an older visit changes nothing", arguments: RepositoryKind.allCases)
  func visits(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    let visit = Fixture.visit("2025-05-01", notes: "bring lipid results")
    try repository.addVisit(visit)
    var other = visit
    other.notes = "changed meanwhile"
    try repository.updateVisit(other)
    var mine = visit
    mine.doctorName = "Dr. Lee"
    #expect(throws: ConcurrentChangeError.visitChanged) { try repository.updateVisit(mine, expecting: visit) }
    #expect(throws: ConcurrentChangeError.visitChanged) { try repository.deleteVisit(visit.id, expecting: visit) }
    #expect(try repository.read().visits == [other])
  }

  @Test(
    "import --replace goes ahead only while the data is what the question counted", arguments: RepositoryKind.allCases)
  func replace(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    try repository.addEntry(Fixture.entry(Fixture.hdl, 50, on: "2025-05-01"))
    let asked = ImportFingerprint(try repository.read())
    try repository.addEntry(Fixture.entry(Fixture.ldl, 130, on: "2025-05-01"))
    let before = try repository.read()
    let file = try Importer.read(Exporter.json(.empty(createdAt: Timestamp(Fixture.now))))
    #expect(throws: ConcurrentChangeError.dataChanged) {
      try Importer.apply(file, replace: true, confirmed: asked, to: repository, summary: "replace", today: Self.today)
    }
    #expect(try repository.read() == before)
  }

  @Test(
    "a reading asked about is not saved twice when another glance saved it meanwhile",
    arguments: RepositoryKind.allCases)
  func duplicateAppeared(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    func drafts() throws -> [EntryDraft] {
      try EntryPlanner.plan(
        marker: "hdl", value: "50", unit: nil, date: "2025-05-01", note: nil, today: Self.today,
        document: repository.read(), library: .builtIn)
    }
    let waiting = try drafts()
    try EntryPlanner.save(try drafts(), source: .quickAdd, summary: "add", repository: repository)
    // Named without its value: error text never holds one (attacker review).
    #expect(throws: ConcurrentChangeError.duplicateAppeared("HDL for May 1, 2025")) {
      try EntryPlanner.save(waiting, source: .quickAdd, summary: "add", repository: repository)
    }
    #expect(!ConcurrentChangeError.duplicateAppeared("HDL for May 1, 2025").message.contains("50"))
    #expect(!ConcurrentChangeError.undoChanged(asked: "add HDL 50", newest: "add LDL 130").message.contains("130"))
    // --yes answers that question too.
    try EntryPlanner.save(waiting, source: .quickAdd, summary: "add", assumeYes: true, repository: repository)
    #expect(try repository.read().entries.count == 2)
  }

  /// Attacker's third look at stop 34: `delete --yes` was refused (exit 75) after another glance
  /// edited the reading, though nothing had been asked. With --yes the reading is deleted as it
  /// is now, and undo names it so; asked about, a changed reading is still refused.
  @Test(
    "a delete with --yes deletes the reading or visit as it is now; one asked about is refused",
    arguments: RepositoryKind.allCases)
  func deleteWithYesAfterAnotherEdit(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    let entry = Fixture.entry(Fixture.hdl, 50, on: "2025-05-01")
    let visit = Fixture.visit("2025-05-01", notes: "bring lipid results")
    try repository.addEntries([entry], summary: "add")
    try repository.addVisit(visit)
    var other = entry
    other.value = 55
    try repository.updateEntry(other)
    var otherVisit = visit
    otherVisit.notes = "changed meanwhile"
    try repository.updateVisit(otherVisit)
    let named: (MarkerEntry) -> String = { "delete HDL \(ValueText.number($0.value))" }
    #expect(throws: ConcurrentChangeError.readingChanged) {
      try repository.deleteEntry(entry, assumeYes: false, summary: named)
    }
    #expect(throws: ConcurrentChangeError.visitChanged) {
      try repository.deleteVisit(visit, assumeYes: false, summary: { _ in "delete the visit" })
    }
    let deleted = try repository.deleteEntry(entry, assumeYes: true, summary: named)
    #expect(deleted == other)
    #expect(try repository.read().undo.last?.summary == "delete HDL 55")
    #expect(try repository.deleteVisit(visit, assumeYes: true, summary: { _ in "delete the visit" }) == otherVisit)
    let now = try repository.read()
    #expect(now.entries.isEmpty && now.visits.isEmpty)
  }

  /// Attacker review at stop 34: three `edit --yes` of different fields of one reading, run at
  /// once, refused one or two of them with exit 75, though nothing had been asked. With --yes an
  /// edit applies its own fields to the reading as it is when saved; asked, it is still refused.
  @Test(
    "an edit with --yes applies its fields to the reading as it is now; an edit asked about is refused",
    arguments: RepositoryKind.allCases)
  func editWithYesAfterAnotherEdit(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    let entry = Fixture.entry(Fixture.hdl, 50, on: "2025-05-01")
    try repository.addEntries([entry], summary: "add")
    let shown = try repository.read()
    let edit = try EntryPlanner.edit(
      entry, value: "60", date: nil, note: nil, today: Self.today, document: shown, library: .builtIn)
    // Another glance set a note meanwhile.
    var other = entry
    other.note = "after the run"
    try repository.updateEntry(other)
    #expect(throws: ConcurrentChangeError.readingChanged) {
      try EntryPlanner.save(edit, assumeYes: false, repository: repository) { _, _ in edit }
    }
    let saved = try EntryPlanner.save(edit, assumeYes: true, repository: repository) { current, document in
      try EntryPlanner.edit(
        current, value: "60", date: nil, note: nil, today: Self.today, document: document, library: .builtIn)
    }
    let now = try repository.read().entries
    #expect(now.count == 1 && now[0].value == 60 && now[0].note == "after the run", "\(now)")
    #expect(saved.old.note == "after the run" && saved.new == now[0])
  }

  /// Newcomer review at stop 33 (left then, done at stop 34): the same planned visit saved twice
  /// (same day, type and doctor) was two visits without a word, and two briefs' worth of
  /// questions. It is asked about, as a repeated reading is; one saved meanwhile by another
  /// glance refuses the one asked about.
  @Test(
    "a visit repeating a saved one is asked about, and not saved twice by a race", arguments: RepositoryKind.allCases)
  func visitRepeated(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    let now = Timestamp(Fixture.now)
    func visit(_ doctor: String = "Dr. Lee", type: String = "physical", date: String = "2025-06-10") throws -> Visit {
      try VisitPlanner.make(
        date: date, doctor: doctor, type: type, label: nil, notes: nil, today: Self.today, now: now)
    }
    #expect(VisitPlanner.repeats(of: try visit(), in: []) == 0)
    try VisitPlanner.add(try visit(), summary: "add", asked: 0, repository: repository)
    let visits = try repository.read().visits
    // The doctor's name as typed again: case and spaces aside. Another day, type or doctor is
    // another visit.
    #expect(VisitPlanner.repeats(of: try visit(" dr.  LEE "), in: visits) == 1)
    #expect(VisitPlanner.repeats(of: try visit("dr lee"), in: visits) == 1)
    try VisitPlanner.add(try visit("..."), summary: "add", asked: nil, repository: repository)
    #expect(VisitPlanner.repeats(of: try visit(",,,"), in: try repository.read().visits) == 0)
    #expect(VisitPlanner.repeats(of: try visit("..."), in: try repository.read().visits) == 1)
    #expect(VisitPlanner.repeats(of: try visit(date: "2025-06-11"), in: visits) == 0)
    #expect(VisitPlanner.repeats(of: try visit(type: "lab"), in: visits) == 0)
    #expect(VisitPlanner.repeats(of: try visit("Dr. Patel"), in: visits) == 0)
    #expect(
      VisitPlanner.repeatQuestion(try visit())
        == "Physical with Dr. Lee on Jun 10, 2025 is already saved. Add it again?")
    // Asked with none saved; another glance saved one meanwhile: refused.
    #expect(throws: ConcurrentChangeError.visitAppeared) {
      try VisitPlanner.add(try visit(), summary: "add", asked: 0, repository: repository)
    }
    // Asked with one saved: saved. --yes (asked: nil) too.
    try VisitPlanner.add(try visit(), summary: "add", asked: 1, repository: repository)
    try VisitPlanner.add(try visit(), summary: "add", asked: nil, repository: repository)
    #expect(try repository.read().visits.count == 4)
  }

  @Test(
    "a custom marker removed while its reading waited: refused, not a reading of nothing",
    arguments: RepositoryKind.allCases)
  func markerGone(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    try repository.addCustomMarker(Fixture.customMarker("Ketones"), tracking: true)
    let waiting = try EntryPlanner.plan(
      marker: "ketones", value: "0.4", unit: nil, date: nil, note: nil, today: Self.today,
      document: repository.read(), library: .builtIn)
    try repository.undo()
    #expect(throws: ConcurrentChangeError.markerGone("Ketones")) {
      try EntryPlanner.save(waiting, source: .quickAdd, summary: "add", repository: repository)
    }
    #expect(try repository.read().entries.isEmpty)
  }

  @Test("choosing the slip question's suggestion still asks about a duplicate of the new value")
  func suggestionKeepsChecks() throws {
    var document = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    for (day, value) in [("2025-01-01", 60.0), ("2025-02-01", 62), ("2025-05-01", 61)] {
      document.apply(.putEntry(Fixture.entry(Fixture.hdl, value, on: day)))
    }
    let drafts = try EntryPlanner.plan(
      marker: "hdl", value: "610", unit: nil, date: "2025-05-01", note: nil, today: Self.today, document: document,
      library: .builtIn)
    guard case .tenfold(let suggestion) = drafts[0].checks.first?.kind else {
      Issue.record("expected the slip question")
      return
    }
    let accepted = drafts[0].accepting(suggestion)
    #expect(accepted.value == 61)
    #expect(accepted.checks.map(\.kind) == [.duplicate])
  }
}
