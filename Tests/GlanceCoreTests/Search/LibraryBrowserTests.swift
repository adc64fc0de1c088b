import Foundation
import Testing

@testable import GlanceCore

/// `glance library QUERY` finds markers and whole groups, as people name them.
@Suite("Library browsing and category search")
struct LibraryBrowserTests {
  static let library = MarkerLibrary.builtIn

  @Test(
    "a category is found by its key, its name or what people call the group",
    arguments: [
      ("lipids", "heart"), ("lipid panel", "heart"), ("Lipid profile", "heart"), ("lipid", "heart"),
      ("heart", "heart"), ("vitals", "vitals-body"), ("vital signs", "vitals-body"), ("Vitals & Body", "vitals-body"),
      ("kidney", "kidney"), ("renal", "kidney"), ("kidny", "kidney"), ("CBC", "blood"),
      ("complete blood count", "blood"), ("electrolytes", "vitamins-minerals"), ("vitamins", "vitamins-minerals"),
      ("diabetes", "metabolic"), ("metabolic", "metabolic"), ("LFTs", "liver"), ("thyroid panel", "thyroid"),
      ("inflammatory markers", "inflammation"), ("prostate", "prostate"),
    ])
  func categoryFound(query: String, expected: String) {
    #expect(SearchService.searchCategories(query, in: Self.library.categories).first?.key == expected)
  }

  @Test(
    "a marker's own words, or nothing like a group, name no category",
    arguments: [
      "hdl", "ldl", "a1c", "tsh", "cholesterol", "weight", "xyz", "", "  ", "vit k2", "panel", "patel", "count",
      "signs", "markers", "function",
    ])
  func noCategory(query: String) {
    #expect(SearchService.searchCategories(query, in: Self.library.categories).isEmpty)
  }

  static func keys(_ query: String?, category: String? = nil) throws(LibraryError) -> (
    markers: [String], categories: [String]
  ) {
    let result = try LibraryBrowser.select(
      markers: library.markers, categories: library.categories, query: query, category: category)
    return (result.markers.map(\.key), result.categories.map(\.key))
  }

  @Test("with no query or category, everything is listed in library order")
  func everything() throws {
    let all = try Self.keys(nil)
    #expect(all.markers == Self.library.markers.map(\.key))
    #expect(all.categories == Self.library.categories.map(\.key))
  }

  @Test("a query naming a group brings the whole group; named markers come first")
  func groupQuery() throws {
    #expect(try Self.keys("lipid panel").markers == Self.library.markers.filter { $0.category == "heart" }.map(\.key))
    // "heart" is the Heart category and the word in Resting Heart Rate: both, the named marker first.
    let heart = try Self.keys("heart").markers
    #expect(heart.first == "resting-hr")
    #expect(Set(heart) == Set(Self.library.markers.filter { $0.category == "heart" }.map(\.key) + ["resting-hr"]))
    #expect(heart.count == Set(heart).count)
  }

  @Test("a query naming markers only lists those markers")
  func markerQuery() throws {
    #expect(try Self.keys("good cholesterol").markers == ["hdl"])
    // Clinician review at stop 34: "gout" listed AST too, a typo of its old name "GOT"; a short
    // name is not a typo of a longer word.
    #expect(try Self.keys("gout").markers == ["uric-acid"])
  }

  @Test("--category takes a key, the start of a name, or an alias; a query narrows within it")
  func categoryOption() throws {
    #expect(try Self.keys(nil, category: "thy").categories == ["thyroid"])
    #expect(try Self.keys(nil, category: "Vitals").categories == ["vitals-body"])
    #expect(try Self.keys(nil, category: "lipids").categories == ["heart"])
    let heartKeys = Set(Self.library.markers.filter { $0.category == "heart" }.map(\.key))
    let cholesterol = try Self.keys("cholesterol", category: "heart").markers
    #expect(!cholesterol.isEmpty && Set(cholesterol).isSubset(of: heartKeys))
    #expect(try Self.keys("weight", category: "heart").markers.isEmpty)
  }

  @Test(
    "an unknown category or a query that finds nothing is refused with what to do",
    arguments: [(nil, "nonsense"), ("zzzz", nil), (nil, "")] as [(String?, String?)])
  func refusals(query: String?, category: String?) {
    #expect(throws: LibraryError.self) { try Self.keys(query, category: category) }
    do {
      _ = try Self.keys(query, category: category)
    } catch {
      #expect(error.kind == .refused)
      #expect(error.message.contains("“\(query ?? category ?? "")”"))
    }
  }
}
