import Foundation
import Testing

@testable import GlanceCore

/// DESIGN §5 `glance add`: "A library marker not yet tracked starts being tracked, and it says so";
/// every write is one undo step whose summary `glance undo` repeats ("add HDL 89 mg/dL on Feb 15, 2025").
@Suite("EntryPlanner: save and summary")
struct EntryPlannerSaveTests {
  static let today = Fixture.date("2025-06-01")
  static func clock() -> Date { Fixture.now }

  static func drafts(_ marker: String, _ value: String, date: String? = nil, in document: GlanceDocument) throws
    -> [EntryDraft]
  {
    try EntryPlanner.plan(
      marker: marker, value: value, unit: nil, date: date, note: nil, today: today, document: document,
      library: .builtIn)
  }

  static func trackedDocument(_ markers: [MarkerDefinition]) -> GlanceDocument {
    var document = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    document.apply(
      .setTrackedMarkers(
        markers.enumerated().map {
          UserMarker(markerID: $0.element.id, displayOrder: $0.offset, addedAt: Timestamp(Fixture.now))
        }))
    return document
  }

  @Test("saving no drafts writes nothing: no undo step, no data file")
  func savesNothing() throws {
    let folder = TemporaryFolder()
    let location = DataLocation(folder: folder.path + "/glance")
    let repository = LocalDataRepository(location: location, clock: Self.clock)
    let saved = try EntryPlanner.save([], source: .batchEntry, summary: "add nothing", repository: repository)
    #expect(saved.entries.isEmpty && saved.newlyTracked.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: location.dataFile))
    let memory = InMemoryDataRepository(document: Self.trackedDocument([Fixture.ldl]), clock: Self.clock)
    _ = try EntryPlanner.save([], source: .batchEntry, summary: "add nothing", repository: memory)
    #expect(try memory.read().undo.isEmpty)
  }

  @Test("saving a reading of an untracked marker tracks it, last on the home screen, in one undo step")
  func tracksNewMarker() throws {
    let repository = InMemoryDataRepository(
      document: Self.trackedDocument([Fixture.ldl, Fixture.tsh]), clock: Self.clock)
    let drafts = try Self.drafts("hdl", "89", date: "2025-02-15", in: repository.read())
    let saved = try EntryPlanner.save(drafts, source: .quickAdd, summary: "add HDL", repository: repository)
    #expect(saved.newlyTracked == [Fixture.hdl])
    #expect(saved.entries.count == 1)
    let entry = try #require(saved.entries.first)
    #expect(entry.markerID == Fixture.hdl.id)
    #expect(entry.value == 89)
    #expect(entry.unit == Fixture.hdl.unit)
    #expect(entry.dateOfService == Fixture.date("2025-02-15"))
    #expect(entry.entryTimestamp == Timestamp(Fixture.now))
    #expect(entry.sourceType == .quickAdd)
    #expect(saved.document == (try repository.read()))
    #expect(saved.document.trackedMarkers.map(\.markerID) == [Fixture.ldl.id, Fixture.tsh.id, Fixture.hdl.id])
    #expect(saved.document.entries == saved.entries)
    #expect(saved.document.undo.map(\.summary) == ["add HDL"])
  }

  @Test("blood pressure saves both readings and tracks both markers as one change, undone at once")
  func bloodPressure() throws {
    let repository = InMemoryDataRepository(clock: Self.clock)
    let drafts = try Self.drafts("bp", "120/80", in: repository.read())
    let saved = try EntryPlanner.save(
      drafts, source: .quickAdd, summary: EntryPlanner.summary(of: drafts), repository: repository)
    #expect(saved.newlyTracked.map(\.key) == ["bp-systolic", "bp-diastolic"])
    #expect(saved.document.trackedMarkers.map(\.displayOrder) == [0, 1])
    #expect(Set(saved.document.entries.map(\.value)) == [120, 80])
    #expect(saved.document.undo.count == 1)
    _ = try repository.undo()
    let after = try repository.read()
    #expect(after.entries.isEmpty)
    #expect(after.trackedMarkers.isEmpty)
  }

  @Test("a marker already tracked stays where it is and is not reported as new")
  func alreadyTracked() throws {
    let before = Self.trackedDocument([Fixture.hdl, Fixture.ldl])
    let repository = InMemoryDataRepository(document: before, clock: Self.clock)
    let drafts = try Self.drafts("ldl", "120", in: before)
    let saved = try EntryPlanner.save(drafts, source: .batchEntry, summary: "add LDL", repository: repository)
    #expect(saved.newlyTracked.isEmpty)
    #expect(saved.document.trackedMarkers == before.trackedMarkers)
    #expect(saved.document.entries.map(\.sourceType) == [.batchEntry])
  }

  @Test("drafts of one marker track it once")
  func sameMarkerTwice() throws {
    let repository = InMemoryDataRepository(clock: Self.clock)
    let document = try repository.read()
    let drafts =
      try Self.drafts("hdl", "89", date: "2025-01-01", in: document)
      + Self.drafts("hdl", "92", date: "2025-02-01", in: document)
    let saved = try EntryPlanner.save(drafts, source: .batchEntry, summary: "add 2 readings", repository: repository)
    #expect(saved.newlyTracked == [Fixture.hdl])
    #expect(saved.document.trackedMarkers.count == 1)
    #expect(saved.document.entries.map(\.value) == [89, 92])
  }

  @Test("a custom marker is tracked like any other")
  func customMarker() throws {
    let custom = Fixture.customMarker()
    var document = GlanceDocument.empty(createdAt: Timestamp(Fixture.now))
    document.apply(.putCustomMarker(custom))
    let repository = InMemoryDataRepository(document: document, clock: Self.clock)
    let drafts = try Self.drafts(custom.key, "0.4", in: document)
    let saved = try EntryPlanner.save(drafts, source: .quickAdd, summary: "add", repository: repository)
    #expect(saved.document.trackedMarkers.map(\.markerID) == [custom.id])
  }

  // MARK: summary and labels

  static func draft(_ marker: MarkerDefinition, _ value: Double, _ comparator: ValueComparator? = nil) -> EntryDraft {
    EntryDraft(
      marker: marker, value: value, comparator: comparator, entered: nil, date: Fixture.date("2025-02-15"),
      note: nil, checks: [])
  }

  @Test("the undo summary of one reading is the doc's example")
  func summaryOne() {
    // With its unit (newcomer review: "add HDL 89" named no unit, where a value typed in another
    // unit named its own), so undo says what it takes back.
    #expect(EntryPlanner.summary(of: [Self.draft(Fixture.hdl, 89)]) == "add HDL 89 mg/dL on Feb 15, 2025")
    #expect(EntryPlanner.summary(of: [Self.draft(Fixture.tsh, 0.5, .lessThan)]).hasPrefix("add TSH <0.5 mIU/L on"))
    #expect(EntryPlanner.summary(of: [Self.draft(Fixture.a1c, 5.6)]) == "add A1c 5.6% on Feb 15, 2025")
  }

  @Test("the undo summary of blood pressure names both numbers")
  func summaryBloodPressure() {
    let systolic = Fixture.library.marker(key: "bp-systolic")!
    let diastolic = Fixture.library.marker(key: "bp-diastolic")!
    #expect(
      EntryPlanner.summary(of: [Self.draft(systolic, 120), Self.draft(diastolic, 80)])
        == "add blood pressure 120/80 mmHg on Feb 15, 2025")
  }

  /// Newcomer review at stop 40: undoing a batch said "Undid: add 5 readings on …", naming none.
  @Test("the undo summary of several readings names each, blood pressure as a pair; a long batch is counted too")
  func summarySeveral() {
    let systolic = Fixture.library.marker(key: "bp-systolic")!
    let diastolic = Fixture.library.marker(key: "bp-diastolic")!
    #expect(
      EntryPlanner.summary(of: [Self.draft(Fixture.hdl, 61), Self.draft(Fixture.ldl, 120)])
        == "add HDL 61 mg/dL, LDL 120 mg/dL on Feb 15, 2025")
    #expect(
      EntryPlanner.summary(of: [
        Self.draft(Fixture.hdl, 61), Self.draft(systolic, 120), Self.draft(diastolic, 80),
        Self.draft(Fixture.a1c, 5.6),
      ]) == "add HDL 61 mg/dL, blood pressure 120/80 mmHg, A1c 5.6% on Feb 15, 2025")
    let many = (0..<12).map { Self.draft($0 % 2 == 0 ? Fixture.hdl : Fixture.ldl, Double(80 + $0)) }
    #expect(
      EntryPlanner.summary(of: many)
        == "add 12 readings on Feb 15, 2025: HDL 80 mg/dL, LDL 81 mg/dL, HDL 82 mg/dL, LDL 83 mg/dL, HDL 84 mg/dL, LDL 85 mg/dL and 6 more"
    )
    // The rest counted in readings: a pair among them is two (13 readings: six named, 7 more).
    let withPair = Array(many.prefix(11)) + [Self.draft(systolic, 120), Self.draft(diastolic, 80)]
    #expect(EntryPlanner.summary(of: withPair).hasPrefix("add 13 readings"))
    #expect(EntryPlanner.summary(of: withPair).hasSuffix("LDL 85 mg/dL and 7 more"))
  }

  @Test("a draft's label is the marker's short name, the value and the unit")
  func label() {
    #expect(Self.draft(Fixture.hdl, 89).label == "HDL 89 mg/dL")
  }

  @Test("a draft saves as an entry with everything it holds")
  func entry() {
    var draft = Self.draft(Fixture.tsh, 0.5, .lessThan)
    draft.note = "fasting"
    let entry = draft.entry(at: Timestamp(Fixture.now), source: .batchEntry)
    #expect(entry.markerID == Fixture.tsh.id)
    #expect(entry.value == 0.5)
    #expect(entry.comparator == .lessThan)
    #expect(entry.unit == Fixture.tsh.unit)
    #expect(entry.dateOfService == Fixture.date("2025-02-15"))
    #expect(entry.note == "fasting")
    #expect(entry.sourceType == .batchEntry)
    #expect(entry.entryTimestamp == Timestamp(Fixture.now))
  }
}
