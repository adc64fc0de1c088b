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

  @Test(
    "order's words name tracked markers, in their order, or name the one not tracked",
    arguments: [
      (["hdl", "ldl"], ["hdl", "ldl"], nil), (["bad cholesterol"], ["ldl"], nil),
      (["bp"], ["bp-systolic", "bp-diastolic"], nil),
      (["ldl", "tsh"], [], "TSH"), (["nonsense-word"], [], "nonsense-word"),
    ] as [([String], [String], String?)])
  func tracked(words: [String], keys: [String], refusal: String?) throws {
    let library = MarkerLibrary.builtIn
    let created = Timestamp(secondsSince1970: 1_700_000_000)
    var document = GlanceDocument.empty(createdAt: created)
    for (order, key) in ["ldl", "hdl", "bp-systolic", "bp-diastolic"].enumerated() {
      let marker = try #require(library.marker(key: key))
      document.trackedMarkers.append(UserMarker(markerID: marker.id, displayOrder: order, addedAt: created))
    }
    if let refusal {
      let error = #expect(throws: (any Error).self) {
        try MarkerResolver.tracked(words, in: document, among: library.markers)
      }
      #expect((error as? any GlanceError)?.message.contains(refusal) == true)
    } else {
      #expect(try MarkerResolver.tracked(words, in: document, among: library.markers).map(\.key) == keys)
    }
  }
}
