import Foundation
import Testing

@testable import GlanceCore

/// DESIGN §5 `glance library [QUERY] [--category C]`: "Browse the library, grouped by category;
/// tracked markers marked." LibraryView renders markers already filtered and ordered.
@Suite("LibraryView")
struct LibraryViewTests {
  static let library = MarkerLibrary.builtIn

  static func render(
    _ markers: [MarkerDefinition] = library.markers, tracked: Set<UUID> = [], style: OutputStyle = .plain
  ) -> String {
    LibraryView.render(markers: markers, categories: library.categories, trackedIDs: tracked, style: style)
  }

  @Test("each category with markers is a heading, in the categories' order, with its markers below")
  func grouped() throws {
    let lines = Self.render().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let headings = Self.library.categories.filter { !Self.library.markers(inCategory: $0.key).isEmpty }.map(\.name)
    let positions = try headings.map { name in try #require(lines.firstIndex(of: name), "\(name)") }
    #expect(positions == positions.sorted())
    for marker in Self.library.markers {
      let row = try #require(lines.firstIndex { $0.hasPrefix("  ") && $0.contains(" \(marker.key) ") })
      let category = try #require(Self.library.category(key: marker.category))
      let heading = try #require(lines.firstIndex(of: category.name))
      // The nearest heading above the row is the marker's own category.
      let nearest = try #require(positions.filter { $0 < row }.max())
      #expect(nearest == heading, "\(marker.key)")
    }
    // Groups are separated by one blank line.
    #expect(lines.filter(\.isEmpty).count == headings.count - 1)
  }

  @Test("a category without markers in the list is left out")
  func emptyCategoriesLeftOut() {
    let text = Self.render([Fixture.hdl, Fixture.tsh])
    let lines = text.split(separator: "\n").map(String.init)
    let names = Self.library.categories.map(\.name)
    let headings = lines.filter { names.contains($0) }
    #expect(headings == ["Heart", "Thyroid"].filter { names.contains($0) })
    #expect(headings.count == 2)
    #expect(Self.render([]) == "")
  }

  @Test(
    "tracked markers are marked, in words that survive without colour or Unicode",
    arguments: [(true, "✓ tracked"), (false, "* tracked")])
  func trackedMark(unicode: Bool, mark: String) throws {
    let style = OutputStyle(unicode: unicode, color: false, width: 80)
    let lines = Self.render([Fixture.hdl, Fixture.ldl], tracked: [Fixture.hdl.id], style: style)
      .split(separator: "\n").map(String.init)
    let hdl = try #require(lines.first { $0.contains(" hdl ") || $0.hasSuffix(" hdl") })
    let ldl = try #require(lines.first { $0.contains(" ldl ") || $0.hasSuffix(" ldl") })
    #expect(hdl.hasSuffix(mark))
    #expect(!ldl.contains("tracked"))
  }

  @Test("each row shows the marker's name, key and unit, with no trailing spaces")
  func rows() throws {
    let lines = Self.render().split(separator: "\n").map(String.init)
    for marker in Self.library.markers {
      let row = try #require(lines.first { $0.contains(" \(marker.key) ") || $0.hasSuffix(" \(marker.unit)") })
      #expect(row.contains(marker.unit), "\(marker.key)")
    }
    #expect(lines.allSatisfy { $0.last != " " })
  }

  @Test("rows fit the terminal width, long names cut with an ellipsis", arguments: [70, 80, 120])
  func fitsWidth(width: Int) {
    for unicode in [true, false] {
      let style = OutputStyle(unicode: unicode, color: true, width: width)
      let text = Self.render(tracked: Set(Self.library.markers.map(\.id)), style: style)
      for line in text.split(separator: "\n") {
        #expect(TextWidth.of(String(line)) <= width, "\(line)")
      }
    }
  }

  @Test("colour, when on, paints the heading and the tracked mark but keeps the words")
  func colour() {
    let style = OutputStyle(unicode: true, color: true, width: 80)
    let text = Self.render([Fixture.hdl], tracked: [Fixture.hdl.id], style: style)
    #expect(text.contains("\u{1B}["))
    #expect(text.contains("✓ tracked"))
    let plain = Self.render([Fixture.hdl], tracked: [Fixture.hdl.id], style: .plain)
    #expect(!plain.contains("\u{1B}"))
  }

  @Test(
    "trailing spaces are trimmed, nothing else",
    arguments: [("abc   ", "abc"), ("   ", ""), ("", ""), ("  a b  c", "  a b  c"), ("x\t ", "x\t")])
  func trimTrailing(line: String, expected: String) {
    #expect(LibraryView.trimTrailing(line) == expected)
  }
}
