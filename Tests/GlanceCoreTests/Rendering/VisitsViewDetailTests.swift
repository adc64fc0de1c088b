import Foundation
import Testing

@testable import GlanceCore

/// DESIGN §5 `glance visit show ID`: one visit in full; `glance visits`: date, doctor, type, first
/// line of the notes. VisitsView.typeName: "Dental cleaning", or the label for other visits.
@Suite("VisitsView: detail and type names")
struct VisitsViewDetailTests {
  static let today = Fixture.date("2025-06-01")

  @Test(
    "a type is named by its display name; other, specialist and imaging visits by their label",
    arguments: [
      (VisitType.dental, String?.none, "Dental cleaning"), (.dental, "Deep clean", "Dental cleaning"),
      (.physical, nil, "Physical"), (.physical, "Annual", "Physical"), (.vision, nil, "Vision exam"),
      (.labWork, "Fasting", "Lab work"), (.other, "Dermatology", "Dermatology"), (.other, nil, "Other"),
      (.specialist, "Cardiology", "Specialist: Cardiology"), (.specialist, nil, "Specialist"),
      (.imaging, "MRI", "Imaging: MRI"), (.imaging, nil, "Imaging"),
    ])
  func typeName(type: VisitType, label: String?, expected: String) {
    let visit = Fixture.visit("2025-05-01", type: type, label: label)
    #expect(VisitsView.typeName(visit) == expected)
  }

  static func detailLines(_ visit: Visit, id: String = "3f2a") -> [String] {
    VisitsView.detail(visit, shortID: id, today: today).split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
  }

  @Test("the detail names the type and doctor, the date in words and how long ago, and the id")
  func detailHeader() throws {
    let visit = Fixture.visit(
      "2024-10-01", doctor: "Dr. Romero", type: .specialist, notes: "Echo normal.", label: "Cardiology")
    let lines = Self.detailLines(visit)
    #expect(lines.first == "Specialist: Cardiology with Dr. Romero")
    let date = try #require(lines.first { $0.hasPrefix("Date:") })
    #expect(date.contains("Oct 1, 2024"))
    #expect(date.contains("8 months ago"))
    #expect(lines.contains { $0.hasPrefix("Id:") && $0.hasSuffix("3f2a") })
  }

  @Test("a planned visit's date reads forward in time")
  func plannedDetail() throws {
    let lines = Self.detailLines(Fixture.visit("2025-06-22", type: .labWork))
    let date = try #require(lines.first { $0.hasPrefix("Date:") })
    #expect(date.contains("Jun 22, 2025"))
    #expect(date.contains("in 3 weeks"))
  }

  @Test("every line of the notes is shown, indented, blank lines and CRLF included")
  func detailNotes() throws {
    let notes = "LDL up again.\r\nTalked about diet.\n\nRecheck lipids in 3 months."
    let lines = Self.detailLines(Fixture.visit("2025-05-11", notes: notes))
    let start = try #require(lines.firstIndex(of: "Notes:"))
    #expect(
      Array(lines[(start + 1)...]) == [
        "  LDL up again.", "  Talked about diet.", "  ", "  Recheck lipids in 3 months.",
      ])
  }

  @Test("without notes, the detail says how to add some for this visit")
  func detailWithoutNotes() throws {
    let lines = Self.detailLines(Fixture.visit("2025-05-11"), id: "9c1e")
    #expect(!lines.contains("Notes:"))
    let hint = try #require(lines.last)
    #expect(hint.contains("glance visit edit 9c1e --notes"))
  }

  static let visits = [
    Fixture.visit("2025-05-02", doctor: "Dr. Baker", type: .dental, notes: "Cleaning, no cavities.\nNext in 6 months"),
    Fixture.visit("2025-07-15", doctor: "Dr. Diaz", type: .labWork, notes: "Fasting lipid panel"),
  ]

  @Test("a planned visit is marked as planned; a past one is not")
  func plannedInList() throws {
    let text = VisitsView.render(
      Self.visits.sorted(by: Visit.newestFirst), all: Self.visits, shortIDs: [:], today: Self.today, style: .plain)
    let lines = text.split(separator: "\n").map(String.init)
    let diaz = try #require(lines.first { $0.contains("Dr. Diaz") })
    let baker = try #require(lines.first { $0.contains("Dr. Baker") })
    #expect(diaz.contains("planned"))
    #expect(!baker.contains("planned"))
  }

  @Test("rows use the short ids given, else the first four hex digits of the id")
  func shortIDs() throws {
    let sorted = Self.visits.sorted(by: Visit.newestFirst)
    let given = VisitsView.render(
      sorted, all: Self.visits, shortIDs: [sorted[0].id: "ab12c"], today: Self.today, style: .plain)
    #expect(given.split(separator: "\n").contains { $0.hasPrefix("  ab12c  ") })
    let fallback = String(ShortID.hex(sorted[1].id).prefix(4))
    #expect(given.split(separator: "\n").contains { $0.hasPrefix("  \(fallback)") && $0.contains("Dr. Baker") })
  }

  @Test("on a narrow terminal the first line of the notes goes below its row, and lines fit")
  func narrow() throws {
    let style = OutputStyle(unicode: true, color: false, width: 40)
    let sorted = Self.visits.sorted(by: Visit.newestFirst)
    let lines = VisitsView.render(sorted, all: Self.visits, shortIDs: [:], today: Self.today, style: style)
      .split(separator: "\n").map(String.init)
    let row = try #require(lines.firstIndex { $0.contains("Dr. Baker") })
    #expect(!lines[row].contains("Cleaning"))
    #expect(lines[row + 1].hasPrefix("        "))
    #expect(lines[row + 1].contains("Cleaning"))
    #expect(!lines.contains { $0.contains("Next in 6 months") }, "only the first line of the notes")
    for line in lines where line.hasPrefix("        ") { #expect(TextWidth.of(line) <= 40, "\(line)") }
  }

  @Test("on a wide terminal the first line of the notes shares the row")
  func wide() throws {
    let style = OutputStyle(unicode: true, color: false, width: 120)
    let lines = VisitsView.render(
      Self.visits.sorted(by: Visit.newestFirst), all: Self.visits, shortIDs: [:], today: Self.today, style: style
    ).split(separator: "\n").map(String.init)
    let row = try #require(lines.first { $0.contains("Dr. Baker") })
    #expect(row.contains("Cleaning, no cavities."))
    #expect(!lines.contains { $0.contains("Next in 6 months") })
  }
}
