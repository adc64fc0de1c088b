import Foundation
import Testing

@testable import GlanceCore

/// DESIGN §5 `glance demo`: "A realistic sample history (several markers over years, a few
/// visits)"; DemoData's contract: deterministic for a given today, some values out of range, LDL
/// climbing lately, and one visit planned.
@Suite("DemoData")
struct DemoDataTests {
  static let todays = ["2025-06-01", "2024-02-29", "2031-12-31", "2000-01-31"].map(Fixture.date)

  @Test("the same today gives the same document, byte for byte", arguments: todays)
  func deterministic(today: CalendarDate) throws {
    let first = try DemoData.document(today: today)
    let second = try DemoData.document(today: today)
    #expect(first == second)
    #expect(try DocumentCodec.encode(first) == DocumentCodec.encode(second))
  }

  @Test("a different today moves the history with it")
  func followsToday() throws {
    let today = Fixture.date("2025-06-01")
    let later = try #require(today.adding(days: 100))
    let now = try DemoData.document(today: today)
    let then = try DemoData.document(today: later)
    let latest = try #require(now.entries.map(\.dateOfService).max())
    let latestThen = try #require(then.entries.map(\.dateOfService).max())
    #expect(latest.days(until: today) == latestThen.days(until: later))
  }

  @Test("the readings span years and none is in the future", arguments: todays)
  func spansYears(today: CalendarDate) throws {
    let document = try DemoData.document(today: today)
    let first = try #require(document.entries.map(\.dateOfService).min())
    let last = try #require(document.entries.map(\.dateOfService).max())
    #expect(first <= today.adding(months: -48)!, "first reading \(first)")
    #expect(last <= today)
    #expect(last >= today.adding(days: -31)!, "the history reaches the present")
  }

  @Test("several tracked markers, each with readings in its own unit", arguments: todays)
  func severalMarkers(today: CalendarDate) throws {
    let document = try DemoData.document(today: today)
    let snapshots = document.trackedSnapshots(library: .builtIn)
    #expect(snapshots.count == document.trackedMarkers.count)
    #expect(snapshots.count >= 5)
    for snapshot in snapshots {
      #expect(snapshot.entries.count >= 3, "\(snapshot.definition.key)")
      #expect(snapshot.entries.allSatisfy { $0.unit == snapshot.definition.unit }, "\(snapshot.definition.key)")
    }
    #expect(Set(document.trackedMarkers.map(\.markerID)).count == document.trackedMarkers.count)
    // Every reading belongs to a tracked library marker.
    let tracked = Set(document.trackedMarkers.map(\.markerID))
    #expect(document.entries.allSatisfy { tracked.contains($0.markerID) })
    #expect(document.entries.allSatisfy { MarkerLibrary.builtIn.marker(id: $0.markerID) != nil })
    // Ids are unique.
    #expect(Set(document.entries.map(\.id)).count == document.entries.count)
    #expect(Set(document.visits.map(\.id)).count == document.visits.count)
  }

  @Test("a few visits of several kinds, one of them planned", arguments: todays)
  func visits(today: CalendarDate) throws {
    let document = try DemoData.document(today: today)
    #expect(document.visits.count >= 3)
    #expect(Set(document.visits.map(\.visitType)).count >= 3)
    #expect(document.visits.filter { $0.date > today }.count == 1)
    #expect(document.visits.contains { $0.date <= today })
  }

  @Test("some latest values are out of range", arguments: todays)
  func outOfRange(today: CalendarDate) throws {
    let snapshots = try DemoData.document(today: today).trackedSnapshots(library: .builtIn)
    #expect(snapshots.contains { $0.status?.isOutOfRange == true })
  }

  @Test("prep flags LDL, rising the concerning way", arguments: todays)
  func insightsFlagLDL(today: CalendarDate) throws {
    let document = try DemoData.document(today: today)
    let insights = InsightsEngine.insights(
      for: document.trackedSnapshots(library: .builtIn), at: Timestamp(secondsSince1970: 0))
    let ldl = insights.filter { $0.markerID == Fixture.ldl.id }
    #expect(ldl.count == 1, "one item per marker")
    let rising = try #require(ldl.first)
    #expect(rising.suggestionText.contains("has increased across your last"))
    #expect(rising.triggeringValues.count >= Trend.minimumRun)
    let values = rising.triggeringValues.map(\.value)
    #expect(values == values.sorted())
  }

  @Test("the demo is a clean start: decodes again and has nothing to undo")
  func roundTrips() throws {
    let document = try DemoData.document(today: Fixture.date("2025-06-01"))
    #expect(try DocumentCodec.decode(DocumentCodec.encode(document)) == document)
    #expect(document.undo.isEmpty)
  }

  @Test(
    "a today too early for five years of history is refused, never a crash or a refused save",
    arguments: ["1900-01-01", "1903-06-01", "1904-06-01"])
  func tooEarly(text: String) {
    let today = Fixture.date(text)
    #expect(throws: DemoError.todayOutOfRange(today)) { try DemoData.document(today: today) }
  }

  @Test("the earliest and latest todays glance accepts that fit make a document the save check accepts")
  func edges() throws {
    for text in ["1905-02-01", "9998-12-31"] {
      let document = try DemoData.document(today: Fixture.date(text))
      let repository = InMemoryDataRepository(clock: { Fixture.now })
      try repository.write(summary: "demo") { transaction in
        transaction.apply(.setTrackedMarkers(document.trackedMarkers))
        transaction.apply(document.entries.map(Operation.putEntry))
        transaction.apply(document.visits.map(Operation.putVisit))
      }
      #expect(try repository.read().entries.count == document.entries.count)
    }
  }
}
