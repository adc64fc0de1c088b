import Testing

@testable import GlanceCore

/// Choosing from a numbered list (setup, DESIGN §5): `1 3`, `1,3`, `2-4`, `all`. Anything else is
/// not a selection, so it can be searched for instead.
@Suite("SelectionParser")
struct SelectionParserTests {
  @Test(
    "numbers, lists and ranges, in the order given, without repeats",
    arguments: [
      ("1", [1]), ("3", [3]), ("5", [5]), (" 2 ", [2]), ("1 3", [1, 3]), ("1,3", [1, 3]), ("1, 3", [1, 3]),
      ("1 ,3", [1, 3]), ("1  3", [1, 3]), ("3 1", [3, 1]), ("2-4", [2, 3, 4]), ("4-4", [4]),
      ("1,2-4", [1, 2, 3, 4]), ("5 2-3", [5, 2, 3]), ("1 1 2", [1, 2]), ("2-4 3", [2, 3, 4]),
      ("3 1-3", [3, 1, 2]), ("1-5", [1, 2, 3, 4, 5]),
    ])
  func selections(text: String, expected: [Int]) {
    #expect(SelectionParser.parse(text, count: 5) == expected)
  }

  @Test("all (or *) chooses every item", arguments: ["all", "ALL", "All", " all ", "*"])
  func all(text: String) {
    #expect(SelectionParser.parse(text, count: 5) == [1, 2, 3, 4, 5])
    #expect(SelectionParser.parse(text, count: 1) == [1])
  }

  @Test(
    "anything that is not a selection from 1…5 is nil, to be searched for instead",
    arguments: [
      "", " ", ",", "0", "6", "-1", "1-", "-", "4-2", "0-3", "3-6", "1-2-3", "1.5", "1 x", "hdl",
      "good cholesterol", "1 6", "99999999999999999999", "one", "1;2", "a1c",
    ])
  func notSelections(text: String) {
    #expect(SelectionParser.parse(text, count: 5) == nil)
  }

  @Test("with no items, all is an empty choice")
  func emptyList() {
    #expect(SelectionParser.parse("all", count: 0) == [])
  }
}
