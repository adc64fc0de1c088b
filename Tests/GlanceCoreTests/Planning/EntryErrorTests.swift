import Foundation
import Testing

@testable import GlanceCore

/// EntryError: "Why a value, unit, date or marker was refused, in words that say how to fix it."
/// README exit codes: 65, the input was refused.
@Suite("EntryError")
struct EntryErrorTests {
  static let all: [EntryError] = [
    .emptyValue, .invalidValue("8g"), .decimalComma("5,6"),
    .unknownUnit(unit: "g/L", marker: "LDL", accepted: ["mg/dL", "mmol/L"]),
    .noConversion(unit: "mmol/mol", marker: "A1c"), .futureDate(Fixture.date("2025-06-02")),
    .invalidDate("someday"), .ambiguousDate("02/03/2025"), .unknownMarker("banana"),
    .ambiguousMarker("liver", ["ALT (alt)", "AST (ast)"]), .bloodPressureFormat("120"),
    .negativeNotAllowed("HDL"), .boundAtZero("HDL", ">=0"),
  ]

  @Test("every refusal is a refusal (exit 65) in plain words, never a type's debug name", arguments: all)
  func refusal(error: EntryError) {
    #expect(error.kind == .refused)
    let message = error.message
    #expect(message.count > 20)
    #expect(!message.contains("EntryError"))
    #expect(!message.contains("Optional("))
  }

  @Test(
    "date refusals show the forms glance reads",
    arguments: [EntryError.invalidDate("someday"), .ambiguousDate("02/03/2025")])
  func dateExamples(error: EntryError) {
    #expect(error.message.contains(DateText.examples))
  }

  @Test("a future date is named in words and the rule given")
  func futureDate() {
    let message = EntryError.futureDate(Fixture.date("2025-06-02")).message
    #expect(message.contains("Jun 2, 2025"))
    #expect(message.contains("today or earlier"))
  }

  @Test("an unknown unit lists the accepted units and the default")
  func unknownUnit() {
    let message = EntryError.unknownUnit(unit: "g/L", marker: "LDL", accepted: ["mg/dL", "mmol/L"]).message
    #expect(message.contains("“g/L”"))
    #expect(message.contains("mg/dL or mmol/L"))
    // Never "leave the unit out" alone: that invites a unit slip (issue 11).
    #expect(message.contains("A number without a unit is read as mg/dL"))
  }

  @Test("a unit with no fixed conversion asks for the marker's own unit")
  func noConversion() {
    let message = EntryError.noConversion(unit: "mmol/mol", marker: "A1c").message
    #expect(message.contains("“mmol/mol”"))
    #expect(message.contains("A1c"))
    #expect(message.contains("own unit"))
  }

  @Test("an unknown marker points to the library and to making a custom marker, the words shell-quoted")
  func unknownMarker() {
    let one = EntryError.unknownMarker("ketones").message
    #expect(one.contains("glance library 'ketones'"))
    #expect(one.contains("glance custom 'ketones' --unit"))
    let two = EntryError.unknownMarker("blood ketones").message
    #expect(two.contains("glance library 'blood ketones'"))
    // Words from a piped file never become commands when the line is pasted.
    let hostile = EntryError.unknownMarker("$(touch x)`id`").message
    #expect(hostile.contains("glance library '$(touch x)`id`'"))
  }

  @Test("several possible markers are listed, and the example uses the first one's key, whatever the command")
  func ambiguousMarker() {
    let message = EntryError.ambiguousMarker("liver", ["ALT (alt)", "AST (ast)"]).message
    #expect(message.contains("\n  ALT (alt)\n  AST (ast)\n"))
    #expect(message.hasSuffix("Type one of the keys in brackets instead, e.g. “alt”."))
    #expect(!message.contains("glance add"), "show, edit and range refuse with this message too")
    // A candidate without a key in brackets is used as it is.
    #expect(EntryError.ambiguousMarker("x", ["Plain"]).message.hasSuffix("e.g. “Plain”."))
    #expect(EntryError.ambiguousMarker("x", []).message.hasSuffix("e.g. “hdl”."))
  }

  @Test("blood pressure's format is shown by example")
  func bloodPressure() {
    #expect(EntryError.bloodPressureFormat("120").message.contains("glance add bp 120/80"))
  }

  @Test("a comma or an empty value is explained with the form to use")
  func valueForms() {
    #expect(EntryError.decimalComma("5,6").message.contains("dot"))
    #expect(EntryError.emptyValue.message.contains("Type a number"))
    #expect(EntryError.invalidValue("8g").message.contains("<0.5"))
    #expect(EntryError.negativeNotAllowed("HDL").message.contains("HDL can't be negative"))
  }
}
