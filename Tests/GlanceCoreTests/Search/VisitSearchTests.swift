import Foundation
import Testing

@testable import GlanceCore

/// DESIGN §5 `glance search`: across visit notes and doctor names (as well as markers); best first;
/// typos tolerated.
@Suite("SearchService visits")
struct VisitSearchTests {
  static let service = SearchService(markers: Fixture.library.markers)

  static let patel = Fixture.visit(
    "2024-03-01", doctor: "Dr. Patel", type: .physical, notes: "Recheck lipids in 6 months")
  static let nguyen = Fixture.visit(
    "2025-01-10", doctor: "Dr. Nguyen", type: .dental, notes: "Ask Dr Patel's office about the referral")
  static let okafor = Fixture.visit(
    "2024-11-05", doctor: "Dr. Okafor", type: .other, notes: "Mole check, all fine", label: "Dermatology")
  static let smith = Fixture.visit("2023-07-20", doctor: "Dr. Smith", type: .vision, notes: "New glasses")
  static let visits = [patel, nguyen, okafor, smith]

  static func found(_ query: String) -> [Visit] {
    service.searchVisits(query, in: visits).map(\.visit)
  }

  @Test(
    "finds visits by doctor, notes, or type and label",
    arguments: [
      ("Dr. Patel", "Dr. Patel"), ("Okafor", "Dr. Okafor"), ("nguyen", "Dr. Nguyen"),
      ("lipids", "Dr. Patel"), ("glasses", "Dr. Smith"), ("mole check", "Dr. Okafor"),
      ("referral", "Dr. Nguyen"), ("dermatology", "Dr. Okafor"), ("dental", "Dr. Nguyen"),
      ("vision", "Dr. Smith"), ("physical", "Dr. Patel"),
    ])
  func finds(query: String, doctor: String) throws {
    let first = try #require(Self.found(query).first, "nothing for \(query)")
    #expect(first.doctorName == doctor)
  }

  @Test(
    "a small typo in a longer word is tolerated",
    arguments: [
      ("patell", "Dr. Patel"), ("ngyuen", "Dr. Nguyen"), ("okafur", "Dr. Okafor"), ("glases", "Dr. Smith"),
      ("dermatolgy", "Dr. Okafor"), ("lipdis", "Dr. Patel"),
    ])
  func typos(query: String, doctor: String) throws {
    let first = try #require(Self.found(query).first, "nothing for \(query)")
    #expect(first.doctorName == doctor)
  }

  @Test("a doctor's name ranks above the same name in notes", arguments: ["dr patel", "Patel", "patell"])
  func doctorFirst(query: String) {
    let matches = Self.service.searchVisits(query, in: Self.visits)
    #expect(matches.map(\.visit.doctorName) == ["Dr. Patel", "Dr. Nguyen"], "\(matches)")
    #expect(matches.first?.field == "doctor")
    #expect(matches.last?.field == "notes")
    if let first = matches.first, let last = matches.last { #expect(first.score > last.score) }
  }

  @Test("among equal matches the newest visit comes first")
  func newestFirst() {
    let older = Fixture.visit("2022-01-01", doctor: "Dr. Lee", type: .dental)
    let newer = Fixture.visit("2024-01-01", doctor: "Dr. Kim", type: .dental)
    let matches = Self.service.searchVisits("dental", in: [older, newer])
    #expect(matches.map(\.visit.id) == [newer.id, older.id])
  }

  @Test(
    "unrelated words find nothing",
    arguments: ["cardiology", "banana", "patel lipids glasses", "xyz", "mri", "   ", ""])
  func nothing(query: String) {
    #expect(Self.found(query).isEmpty, "\(Self.found(query).map(\.doctorName))")
  }

  @Test("every word of the query must match")
  func everyWord() {
    #expect(Self.found("new glasses").map(\.doctorName) == ["Dr. Smith"])
    #expect(Self.found("new referral").isEmpty)
  }
}
