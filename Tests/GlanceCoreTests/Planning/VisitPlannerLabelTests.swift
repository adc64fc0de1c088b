import Foundation
import Testing

@testable import GlanceCore

/// VisitPlanner: "A word that is not a type name ("cardiology", "mri") becomes the label when none
/// is given"; `capitalizedWords`: "cardiology" → "Cardiology", "eye clinic" → "Eye Clinic".
@Suite("VisitPlanner: labels from type words")
struct VisitPlannerLabelTests {
  static let today = Fixture.date("2025-06-01")

  static func make(type: String, label: String? = nil) throws -> Visit {
    try VisitPlanner.make(
      date: "2025-05-20", doctor: "Dr. Romero", type: type, label: label, notes: nil, today: today,
      now: Timestamp(Fixture.now))
  }

  @Test(
    "a word that names a specialty or scan becomes the label",
    arguments: [
      ("cardiology", VisitType.specialist, "Cardiology"), ("cardiologist", .specialist, "Cardiologist"),
      ("ultrasound", .imaging, "Ultrasound"), ("ct scan", .imaging, "CT Scan"), (" x-ray ", .imaging, "X-ray"),
    ])
  func labelFromWord(word: String, type: VisitType, label: String) throws {
    let visit = try Self.make(type: word)
    #expect(visit.visitType == type)
    #expect(visit.visitTypeLabel == label)
  }

  @Test(
    "the type's own name gives no label, however it is written",
    arguments: ["specialist", "Specialist", "imaging", "IMAGING", "other", "physical", "dentist", "lab work"])
  func typeNamesGiveNoLabel(word: String) throws {
    #expect(try Self.make(type: word).visitTypeLabel == nil)
  }

  @Test("a label given wins over the word")
  func labelGiven() throws {
    let visit = try Self.make(type: "cardiology", label: "Heart clinic")
    #expect(visit.visitType == .specialist)
    #expect(visit.visitTypeLabel == "Heart clinic")
  }

  @Test("editing to a specialty word relabels the visit; a blank label given clears it")
  func editRelabels() throws {
    let visit = Fixture.visit("2025-05-20", type: .other, label: "Dermatology")
    let edited = try VisitPlanner.edit(
      visit, date: nil, doctor: nil, type: "mammogram", label: nil, notes: nil, today: Self.today)
    #expect(edited.visitType == .imaging)
    #expect(edited.visitTypeLabel == "Mammogram")
    let cleared = try VisitPlanner.edit(
      visit, date: nil, doctor: nil, type: "ultrasound", label: " ", notes: nil, today: Self.today)
    #expect(cleared.visitTypeLabel == nil)
  }

  @Test(
    "words are capitalised one by one, the rest left as typed",
    arguments: [
      ("cardiology", "Cardiology"), ("eye clinic", "Eye Clinic"), ("MRI", "MRI"), ("ct  scan", "CT  Scan"),
      ("", ""), ("éclair clinic", "Éclair Clinic"), ("x-ray", "X-ray"),
    ])
  func capitalised(text: String, expected: String) {
    #expect(capitalizedWords(text) == expected)
  }

  @Test("an unknown type word is refused with the words glance knows")
  func unknownTypeMessage() {
    let message = VisitError.unknownType("banana").message
    #expect(message.contains("“banana”"))
    #expect(message.contains(VisitType.typeWords))
    #expect(message.contains("--label"))
  }
}
