#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What `glance library` lists: every marker, one category's, or those a query finds, where a
/// query may name markers ("cholesterol") or a whole group ("lipid panel", "vitals", "kidney").
public enum LibraryBrowser {
  /// The markers to show (best match first when there is a query) and the categories to group
  /// them under, in display order.
  public static func select(
    markers all: [MarkerDefinition], categories allCategories: [MarkerCategory], query: String?, category: String?
  ) throws(LibraryError) -> (markers: [MarkerDefinition], categories: [MarkerCategory]) {
    var categories = allCategories
    if let category {
      let wanted = SearchText(category).compact
      var chosen = categories.filter {
        SearchText($0.key).compact.hasPrefix(wanted) || SearchText($0.name).compact.hasPrefix(wanted)
      }
      if chosen.isEmpty { chosen = SearchService.searchCategories(category, in: categories) }
      guard !chosen.isEmpty, !wanted.isEmpty else {
        throw .unknownCategory(category, categories.map(\.key).joinedText(", "))
      }
      categories = chosen
    }
    var markers = all
    if let query {
      markers = Self.markers(matching: query, in: all, categories: allCategories)
      if markers.isEmpty { throw .noMatch(query) }
    }
    let allowed = categories.map(\.key)
    return (markers.filter { allowed.contains($0.category) }, categories)
  }
}

extension LibraryBrowser {
  /// The markers `query` names, best first, then, when it names a group ("lipids", "vitals"),
  /// the rest of that group in library order.
  public static func markers(matching query: String, in all: [MarkerDefinition], categories: [MarkerCategory])
    -> [MarkerDefinition]
  {
    var markers = SearchService(markers: all).searchMarkers(query).map(\.marker)
    var named = SearchService.searchCategories(query, in: categories).map(\.key)
    // "liver function test": filler words never keep a group from being named.
    if named.isEmpty {
      let words = SearchService.withoutFillers(SearchText(query).words)
      if !words.isEmpty { named = SearchService.searchCategories(words.joinedText(" "), in: categories).map(\.key) }
    }
    guard !named.isEmpty else { return markers }
    let found = markers.map(\.id.words)
    markers += all.filter { marker in
      named.contains(marker.category) && !found.contains { $0 == marker.id.words }
    }
    return markers
  }
}

/// Refusals of `glance library`.
public enum LibraryError: GlanceError, Equatable {
  /// The `--category` given, and the category keys there are.
  case unknownCategory(String, String)
  case noMatch(String)

  public var message: String {
    switch self {
    case .unknownCategory(let given, let names):
      "There is no category \(quoted(given)). The categories are: \(names)."
    case .noMatch(let query):
      "No marker in the library matches \(quoted(query)). Try another word, or add your own: glance custom \(ShellQuote.quote(query)) --unit UNIT"
    }
  }

  public var kind: ErrorKind { .refused }
}
