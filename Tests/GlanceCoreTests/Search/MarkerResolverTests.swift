import Testing

@testable import GlanceCore

/// Issue 15, item 8: a word that names several markers is refused with the same markers
/// `glance search` lists for it, so `show kidney` never offers 2 where search shows 5.
@Suite("Marker resolution offers what search finds")
struct MarkerResolverTests {
  static let library = Fixture.library

  @Test(
    "an ambiguous word offers every marker search lists for it",
    arguments: ["kidney", "liver", "liver enzymes", "fasting"])
  func offersSearchResults(word: String) throws {
    let listed = LibraryBrowser.markers(
      matching: word, in: Self.library.markers, categories: Self.library.categories + [.custom]
    ).prefix(MarkerResolver.maximumCandidates).map(\.key)
    do {
      let found = try MarkerResolver.markers(word, among: Self.library.markers)
      Issue.record("\(word) resolved to \(found.map(\.key)); search lists \(listed)")
    } catch {
      guard case .ambiguousMarker(_, let offered) = error else {
        Issue.record("\(word): \(error)")
        return
      }
      let keys = offered.map { String($0.split(separator: "(").last!.dropLast()) }
      #expect(keys == Array(listed), "\(word)")
    }
  }

  @Test(
    "an everyday word that is one marker's own alias still resolves to it", arguments: ["sugar", "good cholesterol"])
  func alias(word: String) throws {
    #expect(try MarkerResolver.markers(word, among: Self.library.markers).count == 1)
  }
}
