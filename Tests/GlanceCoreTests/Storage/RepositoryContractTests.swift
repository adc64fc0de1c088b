import Foundation
import Testing

@testable import GlanceCore

/// The two repositories the contract is checked against.
enum RepositoryKind: String, CaseIterable, CustomTestStringConvertible {
  case inMemory
  case local

  var testDescription: String { rawValue }

  /// A fresh, empty repository; the folder (for `.local`) lives as long as the returned value.
  func make(clock: @escaping () -> Date = { Fixture.now }) -> (any DataRepository, TemporaryFolder?) {
    switch self {
    case .inMemory:
      return (InMemoryDataRepository(clock: clock), nil)
    case .local:
      let folder = TemporaryFolder()
      let location = DataLocation(folder: folder.path + "/data")
      return (LocalDataRepository(location: location, clock: clock), folder)
    }
  }
}

@Suite("DataRepository contract")
struct RepositoryContractTests {
  @Test("a new repository is empty", arguments: RepositoryKind.allCases)
  func startsEmpty(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    #expect(try repository.trackedMarkers().isEmpty)
    #expect(try repository.read().entries.isEmpty)
    #expect(try repository.getVisits().isEmpty)
    #expect(try repository.undo() == nil)
    #expect(try repository.markerLibrary().count == MarkerLibrary.builtIn.markers.count)
    #expect(try repository.categories() == MarkerLibrary.builtIn.categories)
  }

  /// Attacker review: `setup`, its questions answered while another glance chose conventional
  /// units, wrote its own "si" over them with no word (the README promises exit 75).
  @Test(
    "setup's answers about sex and units are not saved over a profile another glance changed meanwhile",
    arguments: RepositoryKind.allCases)
  func setupRace(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    var choice = SetupQuestions.Choice(markers: [Fixture.ldl], sex: .some(.female), units: .si)
    choice.profileAsked = try repository.read().profile
    try repository.setUnits(.conventional)
    #expect(throws: ConcurrentChangeError.profileChanged) { try choice.save(to: repository) }
    let after = try repository.read()
    #expect(after.profile.units == .conventional && after.trackedMarkers.isEmpty)
    // Unchanged since asked: saved.
    choice.profileAsked = after.profile
    #expect(try choice.save(to: repository))
    #expect(try repository.read().profile.units == .si)
  }

  @Test(
    "setup's choice is one undo step; a skipped sex keeps the one set; nothing chosen writes nothing",
    arguments: RepositoryKind.allCases)
  func setupChoice(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    try repository.setSex(.female)
    #expect(try SetupQuestions.Choice(sex: .some(nil)).save(to: repository) == false)
    #expect(try repository.read().undo.isEmpty)
    let custom = try CustomMarkerPlanner.make(
      name: "Ketones", unit: "mmol/L", low: nil, high: nil, direction: nil, existing: MarkerLibrary.builtIn.markers)
    #expect(try SetupQuestions.Choice(markers: [Fixture.ldl, Fixture.hdl], custom: custom).save(to: repository))
    let document = try repository.read()
    #expect(document.trackedMarkers.map(\.markerID) == [Fixture.ldl.id, Fixture.hdl.id, custom.id])
    #expect(document.customMarkers.map(\.id) == [custom.id])
    #expect(document.profile.sex == .female)
    #expect(document.undo.map(\.summary) == ["setup"])
    #expect(try SetupQuestions.Choice(sex: .some(.male)).save(to: repository))
    #expect(try repository.read().profile.sex == .male)
    _ = try repository.undo()
    _ = try repository.undo()
    #expect(try repository.read().trackedMarkers.isEmpty && repository.read().customMarkers.isEmpty)
  }

  @Test("tracking, reordering and untracking markers", arguments: RepositoryKind.allCases)
  func trackedMarkers(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    try repository.addTrackedMarker(Fixture.hdl)
    try repository.addTrackedMarkers([Fixture.ldl, Fixture.tsh, Fixture.hdl], summary: "track")
    #expect(try repository.trackedMarkers().map(\.markerID) == [Fixture.hdl.id, Fixture.ldl.id, Fixture.tsh.id])
    #expect(try repository.trackedMarkers().map(\.displayOrder) == [0, 1, 2])

    try repository.updateMarkerOrder([Fixture.tsh.id, Fixture.hdl.id])
    #expect(try repository.trackedMarkers().map(\.markerID) == [Fixture.tsh.id, Fixture.hdl.id, Fixture.ldl.id])

    try repository.addEntry(Fixture.entry(Fixture.hdl, 60, on: "2025-01-01"))
    try repository.removeTrackedMarker(Fixture.hdl.id)
    #expect(try repository.trackedMarkers().map(\.markerID) == [Fixture.tsh.id, Fixture.ldl.id])
    #expect(try repository.trackedMarkers().map(\.displayOrder) == [0, 1])
    // Readings are kept and come back with the marker.
    #expect(try repository.getEntries(for: Fixture.hdl.id).count == 1)
    try repository.addTrackedMarker(Fixture.hdl)
    #expect(try repository.trackedMarkers().last?.markerID == Fixture.hdl.id)
  }

  @Test("an unknown marker cannot be tracked or given entries", arguments: RepositoryKind.allCases)
  func unknownMarkers(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    let stranger = Fixture.customMarker("Never Added")
    #expect(throws: RepositoryError.unknownMarker(stranger.id)) { try repository.addTrackedMarker(stranger) }
    #expect(throws: RepositoryError.unknownMarker(stranger.id)) {
      try repository.addEntry(Fixture.entry(stranger, 1, on: "2025-01-01"))
    }
    #expect(try repository.read().entries.isEmpty)
  }

  @Test("target ranges are set and reset", arguments: RepositoryKind.allCases)
  func targetRanges(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    try repository.addTrackedMarker(Fixture.ldl)
    try repository.setTargetRange(for: Fixture.ldl.id, low: nil, high: 70)
    let marker = try #require(try repository.trackedMarkers().first)
    #expect(marker.effectiveRange(own: Fixture.ldl.defaultRange) == ReferenceRange(low: nil, high: 70))
    try repository.setTargetRange(for: Fixture.ldl.id, low: nil, high: nil)
    #expect(
      try repository.trackedMarkers()[0].effectiveRange(own: Fixture.ldl.defaultRange) == Fixture.ldl.defaultRange)
    // A marker not tracked yet starts being tracked; an unknown id is refused.
    #expect(try repository.setTargetRange(for: Fixture.tsh.id, low: 1, high: 2))
    #expect(try repository.trackedMarkers().last?.markerID == Fixture.tsh.id)
    #expect(try !repository.setTargetRange(for: Fixture.tsh.id, low: 1, high: 3))
    let stranger = UUID()
    #expect(throws: RepositoryError.unknownMarker(stranger)) {
      try repository.setTargetRange(for: stranger, low: 1, high: 2)
    }
  }

  @Test("entries come back oldest first, by date range, and latest", arguments: RepositoryKind.allCases)
  func entries(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    let late = Fixture.entry(Fixture.hdl, 70, on: "2025-03-01")
    let early = Fixture.entry(Fixture.hdl, 60, on: "2023-01-10")
    let sameDayFirst = Fixture.entry(Fixture.hdl, 65, on: "2024-06-01", entered: "2024-06-01T08:00:00Z")
    let sameDaySecond = Fixture.entry(Fixture.hdl, 66, on: "2024-06-01", entered: "2024-06-01T09:00:00Z")
    let other = Fixture.entry(Fixture.ldl, 120, on: "2025-04-01")
    for entry in [late, sameDaySecond, other, early, sameDayFirst] { try repository.addEntry(entry) }

    #expect(try repository.getEntries(for: Fixture.hdl.id).map(\.value) == [60, 65, 66, 70])
    let range = Fixture.date("2024-06-01")...Fixture.date("2025-03-01")
    #expect(try repository.getEntries(for: Fixture.hdl.id, in: range).map(\.value) == [65, 66, 70])
    let none = Fixture.date("2025-03-02")...Fixture.date("2030-01-01")
    #expect(try repository.getEntries(for: Fixture.hdl.id, in: none).isEmpty)
    #expect(try repository.getLatestEntry(for: Fixture.hdl.id) == late)
    #expect(try repository.getLatestEntry(for: Fixture.tsh.id) == nil)
    #expect(try repository.read().entries.map(\.value) == [60, 65, 66, 70, 120])
  }

  @Test("entries are updated and deleted by id", arguments: RepositoryKind.allCases)
  func updateAndDelete(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    var entry = Fixture.entry(Fixture.hdl, 89, on: "2025-02-15")
    try repository.addEntry(entry)
    entry.value = 98
    entry.dateOfService = Fixture.date("2025-02-14")
    entry.note = "corrected"
    try repository.updateEntry(entry)
    #expect(try repository.getEntries(for: Fixture.hdl.id) == [entry])

    let missing = Fixture.entry(Fixture.hdl, 1, on: "2025-01-01")
    #expect(throws: RepositoryError.entryNotFound(missing.id)) { try repository.updateEntry(missing) }
    #expect(throws: RepositoryError.entryNotFound(missing.id)) { try repository.deleteEntry(missing.id) }

    #expect(try repository.deleteEntry(entry.id) == entry)
    #expect(try repository.getEntries(for: Fixture.hdl.id).isEmpty)
  }

  @Test("putting an entry with an existing id replaces it rather than duplicating", arguments: RepositoryKind.allCases)
  func putReplaces(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    var entry = Fixture.entry(Fixture.hdl, 89, on: "2025-02-15")
    try repository.addEntry(entry)
    entry.value = 90
    try repository.addEntry(entry)
    #expect(try repository.read().entries == [entry])
  }

  @Test("a batch is saved whole or not at all", arguments: RepositoryKind.allCases)
  func batchAtomicity(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    let stranger = Fixture.customMarker("Unknown")
    let batch = [
      Fixture.entry(Fixture.hdl, 60, on: "2025-01-01"), Fixture.entry(stranger, 1, on: "2025-01-01"),
    ]
    #expect(throws: RepositoryError.self) { try repository.addEntries(batch, summary: "batch") }
    #expect(try repository.read().entries.isEmpty)
    #expect(try repository.undo() == nil)
    try repository.addEntries([batch[0], Fixture.entry(Fixture.ldl, 100, on: "2025-01-01")], summary: "batch")
    #expect(try repository.read().entries.count == 2)
  }

  @Test("visits: newest first, limited, last of a type, updated and deleted", arguments: RepositoryKind.allCases)
  func visits(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    let dental = Fixture.visit("2024-11-02", doctor: "Dr. Lee", type: .dental)
    let physical = Fixture.visit("2025-03-01", type: .physical)
    let planned = Fixture.visit("2025-09-10", doctor: "Dr. Lee", type: .dental)
    let older = Fixture.visit("2023-05-05", type: .physical)
    for visit in [dental, physical, planned, older] { try repository.addVisit(visit) }

    #expect(try repository.getVisits().map(\.id) == [planned.id, physical.id, dental.id, older.id])
    #expect(try repository.getVisits(limit: 2).map(\.id) == [planned.id, physical.id])
    #expect(try repository.getVisits(limit: 0).isEmpty)
    #expect(try repository.getLastVisit(ofType: .dental) == planned)
    #expect(try repository.getLastVisit(ofType: .dental, onOrBefore: Fixture.date("2025-06-01")) == dental)
    #expect(try repository.getLastVisit(ofType: .vision) == nil)

    var edited = physical
    edited.notes = "Bring the lab sheet"
    try repository.updateVisit(edited)
    #expect(try repository.getLastVisit(ofType: .physical) == edited)
    #expect(try repository.deleteVisit(older.id) == older)
    #expect(try repository.getVisits().count == 3)
    #expect(throws: RepositoryError.visitNotFound(older.id)) { try repository.deleteVisit(older.id) }
    #expect(throws: RepositoryError.visitNotFound(older.id)) { try repository.updateVisit(older) }
  }

  @Test("custom markers join the library and cannot reuse a name", arguments: RepositoryKind.allCases)
  func customMarkers(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    let ketones = try repository.addCustomMarker(Fixture.customMarker("Blood Ketones"))
    #expect(!ketones.isSystemDefined)
    #expect(try repository.markerLibrary().last == ketones)
    #expect(try repository.definition(for: ketones.id) == ketones)
    #expect(try repository.categories().last == .custom)
    #expect(throws: RepositoryError.duplicateCustomMarker("blood ketones")) {
      try repository.addCustomMarker(Fixture.customMarker("blood ketones"))
    }
    #expect(throws: RepositoryError.duplicateCustomMarker("HDL Cholesterol")) {
      try repository.addCustomMarker(Fixture.customMarker("HDL Cholesterol"))
    }
    try repository.addTrackedMarker(ketones)
    try repository.addEntry(Fixture.entry(ketones, 0.4, on: "2025-05-05"))
    #expect(try repository.getLatestEntry(for: ketones.id)?.value == 0.4)
  }

  @Test("undo reverts changes newest first, at least 10 levels deep", arguments: RepositoryKind.allCases)
  func undo(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    var entries: [MarkerEntry] = []
    for index in 0..<12 {
      let entry = Fixture.entry(Fixture.hdl, Double(50 + index), on: "2025-01-\(10 + index)")
      try repository.addEntry(entry, summary: "add HDL \(50 + index)")
      entries.append(entry)
    }
    for index in stride(from: 11, through: 0, by: -1) {
      let step = try #require(try repository.undo())
      #expect(step.summary == "add HDL \(50 + index)")
      #expect(try repository.read().entries == Array(entries.prefix(index)))
    }
    #expect(try repository.undo() == nil)
  }

  @Test("forgetting the newest undo step keeps the data and leaves the older steps", arguments: RepositoryKind.allCases)
  func forgetNewest(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    try repository.addEntry(Fixture.entry(Fixture.hdl, 60, on: "2025-01-10"), summary: "add HDL 60")
    try repository.addEntry(Fixture.entry(Fixture.hdl, 61, on: "2025-01-11"), summary: "add HDL 61")
    let before = try repository.read()
    let newest = try #require(before.undo.last)
    let older = try #require(before.undo.first)
    // Only the step that was shown: another one is a concurrent change, and nothing changes.
    #expect(throws: ConcurrentChangeError.self) { try repository.forgetNewestUndo(expecting: older) }
    #expect(try repository.forgetNewestUndo(expecting: newest)?.summary == "add HDL 61")
    #expect(try repository.read().entries == before.entries)
    #expect(try repository.undo()?.summary == "add HDL 60")
    #expect(try repository.read().entries.map(\.value) == [61])
    #expect(try repository.forgetNewestUndo(expecting: nil) == nil)
  }

  /// Attacker review at stop 40: add a reading, delete it, forget the delete, undo the add: it
  /// said "Undid: add HDL 50 mg/dL" though the reading was gone already. Said as it is.
  @Test(
    "an undo whose readings or visits were already gone says so, wholly or in part",
    arguments: RepositoryKind.allCases)
  func undoOfWhatIsGone(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    let entry = Fixture.entry(Fixture.hdl, 50, on: "2025-01-10")
    try repository.addEntry(entry, summary: "add HDL 50 mg/dL")
    try repository.deleteEntry(entry.id, summary: "delete")
    #expect(try repository.forgetNewestUndo(expecting: nil)?.summary == "delete")
    let whole = try #require(try repository.undo(expecting: nil))
    #expect(whole.step.summary == "add HDL 50 mg/dL")
    #expect(whole.goneReadings == 1 && whole.removedReadings == 1)
    #expect(
      whole.message
        == "Nothing was left to take back: the reading “add HDL 50 mg/dL” added was already gone (removed since by a change no longer in the undo history). It is off the undo history now."
    )
    #expect(try repository.read().undo.isEmpty)

    // Two readings and a visit in one step (an import), one reading deleted since.
    let first = Fixture.entry(Fixture.hdl, 51, on: "2025-01-11")
    let second = Fixture.entry(Fixture.hdl, 52, on: "2025-01-12")
    let visit = Visit(
      date: Fixture.date("2025-01-12"), doctorName: "Dr. Lee", visitType: .physical,
      entryTimestamp: Timestamp(Fixture.now))
    try repository.write(summary: "import labs.csv") { transaction in
      transaction.apply(.putEntry(first))
      transaction.apply(.putEntry(second))
      transaction.apply(.putVisit(visit))
    }
    try repository.deleteEntry(first.id, summary: "delete")
    #expect(try repository.forgetNewestUndo(expecting: nil)?.summary == "delete")
    let part = try #require(try repository.undo(expecting: nil))
    #expect(part.goneReadings == 1 && part.removedReadings == 2 && part.goneVisits == 0 && part.removedVisits == 1)
    #expect(
      part.message
        == "Undid: import labs.csv\n1 of the 2 readings it added was already gone (removed since by a change no longer in the undo history)."
    )
    #expect(try repository.read().entries.isEmpty && repository.read().visits.isEmpty)

    // Nothing gone: as before.
    try repository.addEntry(entry, summary: "add HDL 50 mg/dL")
    let plain = try #require(try repository.undo(expecting: nil))
    #expect(plain.message == "Undid: add HDL 50 mg/dL" && plain.goneReadings == 0)
  }

  /// Attacker review at stop 40: add, edit, delete a reading, forget the delete, undo the edit:
  /// the deleted reading came back at its old value, and nothing said so. A visit alike.
  @Test(
    "undoing an edit of a reading or visit a forgotten later change deleted is refused; nothing changes",
    arguments: RepositoryKind.allCases)
  func undoEditOfForgottenDelete(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    var entry = Fixture.entry(Fixture.hdl, 50, on: "2025-01-10")
    try repository.addEntry(entry, summary: "add")
    entry.value = 60
    try repository.updateEntry(entry, summary: "edit")
    try repository.deleteEntry(entry.id, summary: "delete")
    #expect(try repository.forgetNewestUndo(expecting: nil)?.summary == "delete")
    let before = try repository.read()
    #expect(throws: UndoError.changedSinceDeleted) { try repository.undo() }
    #expect(try repository.read() == before)
    // Forgotten too, the add's undo takes nothing back that is there.
    #expect(try repository.forgetNewestUndo(expecting: nil)?.summary == "edit")
    #expect(try repository.undo()?.summary == "add")
    #expect(try repository.read().entries.isEmpty)

    // Edited again by a change since forgotten: undoing the first edit would undo that one too
    // (attacker's second look at stop 40: 50 on Nov 2 went back to 49 on Nov 1, unsaid).
    var again = Fixture.entry(Fixture.hdl, 49, on: "2025-01-11")
    try repository.addEntry(again, summary: "add again")
    again.value = 490
    try repository.updateEntry(again, summary: "edit once")
    again.value = 50
    try repository.updateEntry(again, summary: "edit twice")
    #expect(try repository.forgetNewestUndo(expecting: nil)?.summary == "edit twice")
    let twice = try repository.read()
    #expect(throws: UndoError.changedSince) { try repository.undo() }
    #expect(try repository.read() == twice)
    _ = try repository.forgetNewestUndo(expecting: nil)
    _ = try repository.undo()

    var visit = Fixture.visit("2025-02-01")
    try repository.addVisit(visit, summary: "add visit")
    visit.notes = "changed"
    try repository.updateVisit(visit, summary: "edit visit")
    _ = try repository.deleteVisit(visit.id, summary: "delete visit")
    _ = try repository.forgetNewestUndo(expecting: nil)
    let visits = try repository.read()
    #expect(throws: UndoError.changedSinceDeleted) { try repository.undo() }
    #expect(try repository.read() == visits)
    // With nothing forgotten, undoing an edit and a delete puts each back as it was.
    visit.id = UUID()
    try repository.addVisit(visit, summary: "add visit")
    var edited = visit
    edited.notes = "again"
    try repository.updateVisit(edited, summary: "edit visit")
    _ = try repository.deleteVisit(visit.id, summary: "delete visit")
    #expect(try repository.undo()?.summary == "delete visit")
    #expect(try repository.read().visits.contains(edited))
    #expect(try repository.undo()?.summary == "edit visit")
    #expect(try repository.read().visits.contains(visit))
  }

  /// Attacker review: add HDL, add LDL, forget the LDL step, undo the HDL step: the HDL step's
  /// tracked list (empty) came back, and the LDL reading, still stored, showed nowhere.
  @Test(
    "undoing a step keeps tracking a marker whose readings came in a forgotten later step, and untracks one it tracked",
    arguments: RepositoryKind.allCases)
  func undoKeepsForgottenTracking(kind: RepositoryKind) throws {
    let clock = MutableClock(Fixture.now)
    let (repository, folder) = kind.make(clock: { clock.now })
    _ = folder
    // As add saves: the reading, and its marker tracked.
    func add(_ entry: MarkerEntry, _ summary: String) throws {
      try repository.write(summary: summary) { transaction in
        transaction.apply(.putEntry(entry))
        transaction.track([entry.markerID])
      }
    }
    try add(Fixture.entry(Fixture.hdl, 60, on: "2025-01-10"), "add HDL 60")
    // Attacker's second look: a script's steps share one second; that counts as after.
    var ldl = Fixture.entry(Fixture.ldl, 100, on: "2025-01-11")
    ldl.entryTimestamp = Timestamp(clock.now)
    try add(ldl, "add LDL 100")
    #expect(try repository.forgetNewestUndo(expecting: nil)?.summary == "add LDL 100")
    clock.now += 60
    #expect(try repository.undo()?.summary == "add HDL 60")
    let after = try repository.read()
    #expect(after.entries.map(\.value) == [100])
    #expect(after.trackedMarkers.map(\.markerID) == [Fixture.ldl.id])
    // An ordinary undo still untracks what its step tracked, its readings stored before it.
    try repository.removeTrackedMarkers([Fixture.ldl.id], summary: "untrack LDL")
    clock.now += 60
    try repository.addTrackedMarkers([Fixture.ldl], summary: "track LDL")
    #expect(try repository.undo()?.summary == "track LDL")
    #expect(try repository.read().trackedMarkers.isEmpty)
  }

  @Test(
    "undoing a custom marker whose readings came in a forgotten step is refused, and forgetting it too works (attacker review)",
    arguments: RepositoryKind.allCases)
  func undoLeavesNoOrphans(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    let zinc = try repository.addCustomMarker(Fixture.customMarker("Zz"))
    try repository.addEntries(
      [Fixture.entry(zinc, 5, on: "2025-05-05"), Fixture.entry(zinc, 6, on: "2025-05-06")], summary: "add Zz")
    #expect(try repository.forgetNewestUndo(expecting: nil)?.summary == "add Zz")
    let before = try repository.read()
    #expect(
      throws: UndoError.leavesReadingsWithoutMarker(
        step: try #require(before.undo.last).summary, marker: "Zz", key: zinc.key, readings: 2)
    ) { try repository.undo() }
    #expect(try repository.read() == before)
    #expect(try repository.forgetNewestUndo(expecting: nil) != nil)
    #expect(try repository.read().entries.count == 2 && repository.read().customMarkers == [zinc])
    // Without the readings, the same undo removes the marker.
    let again = try repository.addCustomMarker(Fixture.customMarker("Zy"))
    #expect(try repository.undo() != nil)
    #expect(try !repository.read().customMarkers.contains(again))
  }

  @Test("a change of many readings (an import, a replace) is undone exactly", arguments: RepositoryKind.allCases)
  func undoLargeChanges(kind: RepositoryKind) throws {
    // The clock on the readings' today: undo puts back none dated after it.
    let (repository, folder) = kind.make(clock: { UndoRecordTests.now })
    _ = folder
    // As add saves it: the reading, and its marker tracked.
    try repository.write(summary: "add HDL 61") { transaction in
      transaction.apply(.putEntry(Fixture.entry(Fixture.hdl, 61, on: "2026-11-20")))
      transaction.track([Fixture.hdl.id])
    }
    let before = try repository.read()
    try UndoRecordTests.importCSV(UndoRecordTests.csv(rows: 3 * UndoStep.inlineLimit), into: repository)
    let imported = try repository.read()
    try UndoRecordTests.importCSV(UndoRecordTests.csv(rows: 150, offset: 900), into: repository, replace: true)
    #expect(try repository.read().entries.count == 150)
    #expect(try repository.undo() != nil)
    #expect(try repository.read().entries == imported.entries)
    #expect(try repository.undo() != nil)
    let after = try repository.read()
    #expect(after.entries == before.entries)
    #expect(after.trackedMarkers == before.trackedMarkers)
  }

  @Test("undo restores edits, deletes, visits and marker lists", arguments: RepositoryKind.allCases)
  func undoKinds(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    var entry = Fixture.entry(Fixture.hdl, 89, on: "2025-02-15")
    try repository.addTrackedMarkers([Fixture.hdl, Fixture.ldl], summary: "track")
    try repository.addEntry(entry)
    let visit = Fixture.visit("2025-03-01")
    try repository.addVisit(visit)
    let before = try repository.read()

    entry.value = 98
    try repository.updateEntry(entry, summary: "edit")
    try repository.deleteVisit(visit.id, summary: "delete visit")
    try repository.updateMarkerOrder([Fixture.ldl.id], summary: "order")
    try repository.deleteEntry(entry.id, summary: "delete")
    #expect(try repository.undo()?.summary == "delete")
    #expect(try repository.undo()?.summary == "order")
    #expect(try repository.undo()?.summary == "delete visit")
    #expect(try repository.undo()?.summary == "edit")
    let after = try repository.read()
    #expect(after.entries == before.entries)
    #expect(after.visits == before.visits)
    #expect(after.trackedMarkers == before.trackedMarkers)
  }

  @Test("a write that changes nothing records no undo step", arguments: RepositoryKind.allCases)
  func noOpWrites(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    try repository.addTrackedMarker(Fixture.hdl)
    try repository.addTrackedMarker(Fixture.hdl)
    #expect(try repository.read().undo.count == 1)
  }

  @Test("undo keeps a bounded history", arguments: RepositoryKind.allCases)
  func undoLimit(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    for index in 0..<(GlanceDocument.undoLimit + 5) {
      try repository.addEntry(Fixture.entry(Fixture.hdl, Double(index + 10), on: "2025-01-01"))
    }
    #expect(try repository.read().undo.count == GlanceDocument.undoLimit)
  }

  @Test("a body that throws changes nothing", arguments: RepositoryKind.allCases)
  func throwingBody(kind: RepositoryKind) throws {
    struct Stop: Error {}
    let (repository, folder) = kind.make()
    _ = folder
    try repository.addEntry(Fixture.entry(Fixture.hdl, 60, on: "2025-01-01"))
    let before = try repository.read()
    #expect(throws: Stop.self) {
      try repository.write(summary: "x") { transaction in
        transaction.apply(.putEntry(Fixture.entry(Fixture.hdl, 61, on: "2025-01-02")))
        throw Stop()
      }
    }
    #expect(try repository.read() == before)
  }

  @Test("a value JSON cannot hold is refused and nothing is stored", arguments: RepositoryKind.allCases)
  func nonFiniteValues(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    #expect(throws: StorageError.invalidNumber(field: "an entry's value")) {
      try repository.addEntry(Fixture.entry(Fixture.hdl, .nan, on: "2025-01-01"))
    }
    #expect(try repository.read().entries.isEmpty)
  }
}

@Suite("Readings saved in the same second")
struct SameSecondTests {
  @Test(
    "a reading saved in the same second as another of that marker and day is the latest, as it was entered",
    arguments: RepositoryKind.allCases)
  func latestWins(kind: RepositoryKind) throws {
    let potassium = Fixture.library.marker(key: "potassium")!
    // Each round has fresh random ids: before the fix, about half of them put 6.8 first.
    for round in 0..<200 {
      let (repository, folder) = kind.make()
      _ = folder
      let day = CalendarDate(iso: "2025-06-01")!
      for value in [4.2, 6.8, 5.1] {
        let draft = try EntryPlanner.draft(
          potassium, valueText: "\(value)", unit: nil, date: day, note: nil, existing: [])
        try EntryPlanner.save([draft], source: .quickAdd, summary: "add", assumeYes: true, repository: repository)
      }
      let values = try repository.read().entries.map(\.value)
      #expect(values == [4.2, 6.8, 5.1], "round \(round)")
    }
  }
}

@Suite("partitioningIndex")
struct PartitioningIndexTests {
  @Test(
    "finds the first element of the second part",
    arguments: [([], 0), ([1], 1), ([5], 0), ([1, 2, 5, 6], 2), ([5, 6], 0), ([1, 2], 2)] as [([Int], Int)])
  func index(values: [Int], expected: Int) {
    #expect(values.partitioningIndex { $0 >= 5 } == expected)
  }
}

@Suite("UUID.random(after:)")
struct RandomAfterTests {
  @Test(
    "always sorts after, however near the top the other id is; nil only past the last id",
    arguments: [
      "00000000-0000-0000-0000-000000000000", "7F000000-0000-4000-8000-000000000000",
      "FFFFFFFF-FFF0-4FFF-BFFF-FFFFFFFFFFFF", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFF0",
      "FFFFFFFF-FFFF-FFFF-0000-000000000000",
    ])
  func sortsAfter(text: String) throws {
    let other = try #require(UUID(uuidString: text))
    for _ in 0..<200 {
      let next = try #require(UUID.random(after: other))
      #expect(other.sortsBefore(next), "\(next)")
    }
  }

  @Test("nothing sorts after the last id")
  func last() throws {
    #expect(UUID.random(after: try #require(UUID(uuidString: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF"))) == nil)
  }
}

@Suite("DataRepository contract: units")
struct RepositoryUnitsContractTests {
  @Test(
    "units set and per-marker choices persist; an answer to the one-time question never undoes a choice made meanwhile",
    arguments: RepositoryKind.allCases)
  func units(kind: RepositoryKind) throws {
    let (repository, folder) = kind.make()
    _ = folder
    #expect(try repository.setUnits(.si, unlessChosen: true))
    #expect(try repository.read().profile.units == .si)
    // Another glance chose conventional while a question waited: the waiting answer changes nothing.
    try repository.setUnits(.conventional)
    #expect(try !repository.setUnits(.si, unlessChosen: true))
    #expect(try repository.read().profile.units == .conventional)
    try repository.setUnit("kg", for: MarkerLibrary.builtIn.marker(key: "weight")!)
    #expect(try repository.read().profile.markerUnits == ["weight=kg"])
    try repository.setUnit(nil, for: MarkerLibrary.builtIn.marker(key: "weight")!)
    #expect(try repository.read().profile.markerUnits == nil)
  }

  @Test(
    "undo of an import that replaced everything, or filled an empty folder, puts the profile back too",
    arguments: RepositoryKind.allCases)
  func undoRestoresProfile(kind: RepositoryKind) throws {
    // The clock on the readings' today: undo puts back none dated after it.
    let (repository, folder) = kind.make(clock: { UndoRecordTests.now })
    _ = folder
    var other = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    other.profile.name = "Bob"
    other.profile.sex = .male
    other.profile.units = .conventional
    other.entries = [Fixture.entry(Fixture.ldl, 120, on: "2026-01-05")]
    let backup = try Importer.read(Exporter.json(other))
    // Into an empty folder: the file's profile is adopted, and undo gives back a nameless one
    // (a folder with no file yet has no profile of its own to keep).
    try Importer.apply(backup, replace: false, to: repository, summary: "import", today: Fixture.date("2026-11-22"))
    #expect(try repository.read().profile.name == "Bob")
    #expect(try repository.undo() != nil)
    let empty = try repository.read().profile
    #expect(empty.name == Profile.unnamed && empty.sex == nil && empty.units == nil)
    // A person's own profile, replaced by a restore and put back by its undo.
    try repository.addEntry(Fixture.entry(Fixture.hdl, 45, on: "2026-11-20"), summary: "add HDL 45")
    try repository.setName("Alice")
    try repository.setSex(.female)
    try repository.setUnits(.si)
    try repository.setUnit("lb", for: MarkerLibrary.builtIn.marker(key: "weight")!)
    let mine = try repository.read().profile
    try Importer.apply(backup, replace: true, to: repository, summary: "replace", today: Fixture.date("2026-11-22"))
    #expect(try repository.read().profile.name == "Bob")
    #expect(try repository.undo() != nil)
    #expect(try repository.read().profile == mine)
    #expect(try repository.read().entries.map(\.value) == [45])
  }
}

/// A clock a test moves by hand.
final class MutableClock: @unchecked Sendable {
  var now: Date
  init(_ now: Date) { self.now = now }
}
