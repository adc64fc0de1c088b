import Testing

@testable import GlanceCore

/// Issue 11, point 8: a word for a different test is never filed under the library marker it
/// sounds like, by exact match, alias or fuzzy search.
@Suite("False friends")
struct FalseFriendsTests {
  static let markers = Fixture.library.markers

  @Test(
    "each word for a different test is refused with its reason, never resolved",
    arguments: [
      ("crp", "hs-crp"), ("CRP", "hs-crp"), ("c-reactive protein", "hs-crp"), ("t4", "free-t4"),
      ("total t4", "free-t4"), ("thyroxine", "free-t4"), ("microalbumin", "uacr"), ("urine albumin", "uacr"),
      ("urine creatinine", "creatinine"), ("urine-creatinine", "uacr"), ("ca++", "calcium"),
      ("ionized calcium", "calcium"), ("urea", "bun"), ("random glucose", "fasting-glucose"),
      ("non-fasting glucose", "fasting-glucose"),
    ])
  func refused(word: String, lookalike: String) throws {
    do {
      let found = try EntryPlanner.resolveMarkers(word, among: Self.markers)
      Issue.record("\(word) resolved to \(found.map(\.key))")
    } catch {
      guard case .falseFriend = error else {
        Issue.record("\(word): \(error)")
        return
      }
    }
    let found = SearchService(markers: Self.markers).searchMarkers(word).map(\.marker.key)
    #expect(!found.contains(lookalike), "\(word) → \(found)")
  }

  @Test(
    "the real markers still resolve",
    arguments: [
      ("hs-crp", "hs-crp"), ("hscrp", "hs-crp"), ("high sensitivity crp", "hs-crp"), ("free t4", "free-t4"),
      ("ft4", "free-t4"), ("uacr", "uacr"), ("albumin creatinine ratio", "uacr"), ("creatinine", "creatinine"),
      ("calcium", "calcium"), ("bun", "bun"), ("blood urea nitrogen", "bun"), ("glucose", "fasting-glucose"),
      ("blood sugar", "fasting-glucose"),
    ])
  func stillResolved(word: String, key: String) throws {
    #expect(try EntryPlanner.resolveMarkers(word, among: Self.markers).map(\.key) == [key])
  }

  @Test("no false-friend phrase is a library key, name or alias")
  func noAliasCollides() {
    for friend in FalseFriends.all {
      for phrase in friend.phrases {
        #expect(!Self.markers.contains { $0.answers(to: phrase) }, "\(phrase)")
      }
    }
  }

  @Test("a custom marker of that name is the person's own and resolves")
  func customWins() throws {
    var custom = Fixture.customMarker("CRP", unit: "mg/L")
    custom.key = "custom-crp"
    #expect(try EntryPlanner.resolveMarkers("crp", among: Self.markers + [custom]).map(\.key) == ["custom-crp"])
  }
}
