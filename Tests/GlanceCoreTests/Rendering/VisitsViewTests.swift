import Foundation
import Testing

@testable import GlanceCore

/// PRD §5.7 / DESIGN §5 `glance visits`: newest first; above them "Last dental cleaning: 8 months
/// ago" for each type (planned visits are not a "last" one); no visits: "Log your first visit after
/// your next appointment" and that past visits can be logged too.
@Suite("VisitsView")
struct VisitsViewTests {
  static let today = Fixture.date("2025-06-01")

  @Test(
    "how long ago the last visit of a type was, across month ends and leap years",
    arguments: [
      ("2024-03-01", "2023-06-30", "8 months ago"),
      ("2025-06-01", "2024-10-01", "8 months ago"),
      ("2025-06-01", "2024-10-02", "7 months ago"),
      // Aug 31 + 6 months is Feb 29 in a leap year, so Feb 29 is 6 whole months, Feb 28 only 5.
      ("2024-02-29", "2023-08-31", "6 months ago"),
      ("2024-02-28", "2023-08-31", "5 months ago"),
      // Feb 29 + 12 months is the last day of the next February.
      ("2025-02-28", "2024-02-29", "12 months ago"),
      ("2025-02-27", "2024-02-29", "11 months ago"),
    ])
  func lastByTypeMonths(today: String, visit: String, expected: String) {
    let lines = VisitsView.lastByType([Fixture.visit(visit, type: .dental)], today: Fixture.date(today))
    #expect(lines.count == 1)
    #expect(lines.first?.hasPrefix("Last dental cleaning: " + expected) == true, "\(lines)")
  }

  @Test("the newest visit of each type wins, one line per type")
  func newestWins() {
    let visits = [
      Fixture.visit("2023-01-15", type: .dental),
      Fixture.visit("2024-10-01", type: .dental),
      Fixture.visit("2024-12-01", type: .dental, notes: nil),
      Fixture.visit("2025-03-01", type: .physical),
    ].shuffled()
    let lines = VisitsView.lastByType(visits, today: Self.today)
    #expect(lines.count == 2)
    let dental = lines.filter { $0.hasPrefix("Last dental cleaning:") }
    #expect(dental.count == 1)
    #expect(dental.first?.hasPrefix("Last dental cleaning: 6 months ago") == true, "\(dental)")
    #expect(lines.contains { $0.hasPrefix("Last physical: 3 months ago") }, "\(lines)")
  }

  @Test("a planned visit is not the last one")
  func plannedVisits() {
    let onlyPlanned = [Fixture.visit("2025-07-01", type: .dental)]
    #expect(VisitsView.lastByType(onlyPlanned, today: Self.today).isEmpty)
    let both = onlyPlanned + [Fixture.visit("2024-10-01", type: .dental)]
    let lines = VisitsView.lastByType(both, today: Self.today)
    #expect(lines.count == 1)
    #expect(lines.first?.hasPrefix("Last dental cleaning: 8 months ago") == true, "\(lines)")
  }

  @Test("a visit today counts as the last one")
  func visitToday() {
    let lines = VisitsView.lastByType([Fixture.visit("2025-06-01", type: .vision)], today: Self.today)
    #expect(lines.count == 1)
    #expect(lines.first?.hasPrefix("Last vision exam: today") == true, "\(lines)")
  }

  @Test("other visits are named by their label")
  func otherLabel() {
    let lines = VisitsView.lastByType(
      [Fixture.visit("2025-02-01", type: .other, label: "Dermatology")], today: Self.today)
    #expect(lines.first?.hasPrefix("Last Dermatology: 4 months ago") == true, "\(lines)")
  }

  @Test("no visits: a warm start that mentions past visits")
  func emptyState() {
    let text = VisitsView.render([], all: [], shortIDs: [:], today: Self.today, style: .plain)
    #expect(text.contains("Log your first visit after your next appointment"))
    #expect(text.contains("past visits"))
    #expect(text.contains("glance visit add"))
  }

  /// Newcomer review at stop 33: a planned visit's note was cut to the row's room and then
  /// " (planned)" added after it: 90 columns on 80.
  @Test("a planned visit's row with a long note fits the width, its (planned) included", arguments: [60, 80, 100])
  func plannedFits(width: Int) {
    let note = "Discuss the blood pressure readings from the home monitor and the new lipid panel results"
    let visits = [
      Fixture.visit("2025-12-10", doctor: "Dr. Alvarez", type: .physical, notes: note),
      Fixture.visit("2025-03-03", doctor: "Dr. Alvarez", type: .physical, notes: note),
    ]
    let text = VisitsView.render(
      visits, all: visits, shortIDs: [:], today: Self.today, style: OutputStyle(unicode: true, width: width))
    for line in text.split(separator: "\n") { #expect(TextWidth.of(line) <= width, "\(width): \(line)") }
    #expect(text.contains("(planned)"))
  }

  @Test("the list is newest first, below the last-of-each-type lines")
  func newestFirst() throws {
    let visits = [
      Fixture.visit("2024-01-10", doctor: "Dr. Adams", type: .physical, notes: "Annual"),
      Fixture.visit("2025-05-02", doctor: "Dr. Baker", type: .dental, notes: "Cleaning"),
      Fixture.visit("2024-08-20", doctor: "Dr. Chen", type: .vision, notes: "New glasses"),
      Fixture.visit("2025-07-15", doctor: "Dr. Diaz", type: .labWork, notes: "Fasting"),
    ]
    let sorted = visits.sorted(by: Visit.newestFirst)
    let text = VisitsView.render(sorted, all: visits, shortIDs: [:], today: Self.today, style: .plain)
    let lines = text.split(separator: "\n").map(String.init)
    let order = ["Dr. Diaz", "Dr. Baker", "Dr. Chen", "Dr. Adams"].map { name in
      lines.firstIndex { $0.contains(name) }
    }
    #expect(order.allSatisfy { $0 != nil }, "\(text)")
    let indices = order.compactMap { $0 }
    #expect(indices == indices.sorted(), "\(text)")
    let firstListed = try #require(indices.first)
    let lastLine = try #require(lines.lastIndex { $0.hasPrefix("Last ") })
    #expect(lastLine < firstListed, "\(text)")
    // Each row shows the date and the first line of the notes.
    #expect(lines.contains { $0.contains("Dr. Chen") && $0.contains("Aug 20, 2024") })
    #expect(text.contains("New glasses"))
  }

  @Test("a filter by type shows that type's last-visit line, not every type's (issue 15)")
  func filteredLastLines() {
    let dental = Fixture.visit("2024-10-01", type: .dental)
    let all = [Fixture.visit("2025-01-10", type: .physical), dental]
    let text = VisitsView.render([dental], all: all, shortIDs: [:], today: Self.today, style: .plain)
    #expect(text.contains("Last dental cleaning: 8 months ago"))
    #expect(!text.contains("Last physical"), "\(text)")
  }

  @Test("a filter that matches nothing says so, and still shows the last-of-each-type lines")
  func noMatches() {
    let all = [Fixture.visit("2024-10-01", type: .dental)]
    let text = VisitsView.render([], all: all, shortIDs: [:], today: Self.today, style: .plain)
    #expect(text.contains("Last dental cleaning: 8 months ago"))
    #expect(!text.contains("Log your first visit"))
  }
}
