#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Finds markers and visits from the words people type: keys, names, aliases, lay words and small
/// typos, best first, and nothing at all for a query that names no marker.
///
/// Matching is by whole terms (key, names, each alias) at falling levels of confidence:
/// the same term ignoring spacing and punctuation; a term that starts with the query; every query
/// word found among the term's words (whole, as a prefix, or with a small typo); finally the whole
/// query one or two typos away from a term. Typos are never allowed on words under four letters.
public struct SearchService: Sendable {
  /// How sure a match is; higher is better.
  public enum Confidence: Int, Comparable, Sendable {
    case typo = 1
    case words = 2
    case prefix = 3
    case exact = 4

    public static func < (lhs: Confidence, rhs: Confidence) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// A marker that matched, how well, and by which of its terms.
  public struct MarkerMatch: Equatable, Sendable {
    public var marker: MarkerDefinition
    public var confidence: Confidence
    /// Higher is better among matches of the same confidence.
    public var score: Int
    /// The key, name or alias that matched.
    public var matchedTerm: String
  }

  /// What a query resolves to when one marker is needed.
  public enum Resolution: Equatable, Sendable {
    case found(MarkerDefinition)
    /// Several markers match equally well; nothing should be done without asking which.
    case ambiguous([MarkerDefinition])
    case notFound
  }

  private struct Term: Sendable {
    var text: String
    var search: SearchText
    var isKey: Bool
  }

  private let markers: [MarkerDefinition]
  private let terms: [[Term]]

  /// A search over `markers` (library and custom, in display order).
  public init(markers: [MarkerDefinition]) {
    self.markers = markers
    terms = markers.map { marker in
      var texts = [marker.key, marker.displayName, marker.shortName] + marker.searchAliases
      // "ALT (Alanine Aminotransferase)": the name outside and inside the brackets both count.
      if let open = marker.displayName.firstIndex(of: "("), let close = marker.displayName.lastIndex(of: ")"),
        open < close
      {
        // Not a letter or two: "Lipoprotein(a)" does not make "a" a name (attacker's second look).
        let parts = [
          String(marker.displayName[..<open]),
          String(marker.displayName[marker.displayName.index(after: open)..<close]),
        ]
        texts += parts.filter { SearchText($0).compact.utf8.count >= 3 }
      }
      var seen: [[UInt8]] = []
      return texts.compactMap { text in
        let search = SearchText(text)
        guard !search.isEmpty, !seen.contains(search.compactBytes) else { return nil }
        seen.append(search.compactBytes)
        return Term(text: text, search: search, isKey: text == marker.key)
      }
    }
  }

  /// Words people add around a marker's name that say nothing about which marker: "my LDL
  /// level", "cholesterol test results", "vitamin D numbers" (issue 11).
  static let fillerWords: Set<String> = [
    "my", "the", "of", "for", "in", "on", "what", "is", "was", "whats", "last", "latest", "recent",
    "level", "levels", "test", "tests", "testing", "result", "results", "number", "numbers", "measurement",
    "measurements", "measure", "reading", "readings", "value", "values", "lab", "labs", "check", "count", "counts",
    "blood", "work", "bloodwork", "screen", "screening", "report", "to", "and", "how", "much", "i", "do", "does",
    // NB: not "score": a calcium score is a heart scan's, not a calcium (attacker's second look).
    "am", "about", "stone", "pounds", "kilos", "kilograms", "at", "morning", "before", "breakfast",
    // Units typed along with the name ("ldl mmol/l", "albumin g/l", "weight kg").
    "mmol", "umol", "nmol", "pmol", "mol", "mg", "dl", "l", "g", "ng", "ml", "pg", "ug", "iu", "miu", "uiu", "u",
    "mmhg", "bpm", "kg", "lb", "lbs", "in", "inches", "inch", "cm", "percent", "meq", "ul",
  ]

  /// Every matching marker, best first.
  ///
  /// The query as typed first; when it finds nothing whole, the same without filler words and
  /// with plural words made singular ("my triglyceride numbers", "vitamin D levels"). A word that
  /// is neither a filler nor found keeps the query from matching ("sodium bicarbonate", "vitamin
  /// k" and "urine creatinin" find nothing): a partial match could be another test.
  public func searchMarkers(_ query: String) -> [MarkerMatch] {
    let search = SearchText(query)
    guard !search.isEmpty else { return [] }
    // A word for a different test never lands on the marker it sounds like.
    let friend = FalseFriends.named(query)
    let lookalikes = friend?.searchShowsLookalike == true ? [] : friend?.lookalikes ?? []
    var found = matches(search, lookalikes: lookalikes)
    if found.contains(where: { $0.confidence >= .words }) { return found }
    let words = Self.withoutFillers(search.words).map(Self.singular)
    // Only numbers left ("test number 3" is "3"): a number names no test, though an alias holds
    // it ("3 month sugar" is A1c).
    guard words.contains(where: { $0.contains(where: \.isLetter) }) else { return found }
    let simpler = SearchText(words.joinedText(" "))
    if simpler.compactBytes != search.compactBytes {
      let simplerFriend = FalseFriends.named(simpler.words.joinedText(" "))
      let more = simplerFriend?.searchShowsLookalike == true ? [] : simplerFriend?.lookalikes ?? []
      for match in matches(simpler, lookalikes: lookalikes + more) {
        if let index = found.firstIndex(where: { $0.marker.id == match.marker.id }) {
          if (match.confidence, match.score) > (found[index].confidence, found[index].score) { found[index] = match }
        } else {
          found.append(match)
        }
      }
      found.sort { ($0.confidence, $0.score) > ($1.confidence, $1.score) }
    }
    if !found.isEmpty { return found }
    return combinedMatches(simpler, lookalikes: lookalikes)
  }

  /// Markers whose terms together hold every query word ("kidney function egfr", "k+ potassium",
  /// "uric acid gout": two names for one marker typed together). Each word must be found, whole
  /// or as the start of a word of four letters or more, so an unknown word ("sodium
  /// bicarbonate", "vitamin k") still finds nothing.
  private func combinedMatches(_ search: SearchText, lookalikes: [String]) -> [MarkerMatch] {
    let queryWords = search.wordBytes
    guard queryWords.count >= 2 else { return [] }
    var result: [(match: MarkerMatch, order: Int)] = []
    for (index, marker) in markers.enumerated() {
      if marker.isSystemDefined, lookalikes.contains(marker.key) { continue }
      let words = terms[index].flatMap { [$0.search.compactBytes] + $0.search.wordBytes }
      let all = queryWords.allSatisfy { word in
        words.contains { $0 == word || (word.count >= 4 && $0.starts(with: word)) }
      }
      guard all else { continue }
      result.append((MarkerMatch(marker: marker, confidence: .typo, score: 0, matchedTerm: marker.displayName), index))
    }
    return result.sorted { $0.order < $1.order }.map(\.match)
  }

  /// `words` (as `SearchText` made them) without the filler words.
  static func withoutFillers(_ words: [String]) -> [String] { words.filter { !fillerWords.contains($0) } }

  /// "triglycerides" → "triglyceride", "platelets" → "platelet"; short words and "ss" endings stay.
  static func singular(_ word: String) -> String {
    guard word.count >= 5, word.hasSuffix("s"), !word.hasSuffix("ss"), !word.hasSuffix("us") else { return word }
    return String(word.dropLast())
  }

  private func matches(_ search: SearchText, lookalikes: [String]) -> [MarkerMatch] {
    var matches: [(match: MarkerMatch, order: Int)] = []
    for (index, marker) in markers.enumerated() {
      if marker.isSystemDefined, lookalikes.contains(marker.key) { continue }
      var best: MarkerMatch?
      for term in terms[index] {
        guard let (confidence, score) = Self.match(search, term) else { continue }
        let candidate = MarkerMatch(marker: marker, confidence: confidence, score: score, matchedTerm: term.text)
        if best == nil || (candidate.confidence, candidate.score) > (best!.confidence, best!.score) {
          best = candidate
        }
      }
      if let best { matches.append((best, index)) }
    }
    matches.sort { lhs, rhs in
      (lhs.match.confidence, lhs.match.score, -lhs.order) > (rhs.match.confidence, rhs.match.score, -rhs.order)
    }
    return matches.map(\.match)
  }

  /// The one marker a query means, or the candidates when it could mean several.
  ///
  /// An exact match or a best looser match is clear when no other marker matches as well; a
  /// prefix ("chol", "vit") is clear only when it starts a term of a single marker.
  public func resolveMarker(_ query: String) -> Resolution { Self.resolution(of: searchMarkers(query)) }

  /// The resolution `searchMarkers`' matches give (`resolveMarker`).
  static func resolution(of matches: [MarkerMatch]) -> Resolution {
    guard let top = matches.first else { return .notFound }
    let sameLevel = matches.filter { $0.confidence == top.confidence }
    let tied = top.confidence == .prefix ? sameLevel : sameLevel.filter { $0.score == top.score }
    if tied.count == 1 { return .found(top.marker) }
    return .ambiguous(tied.prefix(8).map(\.marker))
  }

  /// The categories `query` names by key, name or alias ("lipid panel", "vitals", "cbc"), best
  /// first: the whole term (small typos allowed) or its start. Some of a term's words are not
  /// enough: "panel", or a misspelled "patel", must not bring five panels.
  public static func searchCategories(_ query: String, in categories: [MarkerCategory]) -> [MarkerCategory] {
    let search = SearchText(query)
    guard !search.isEmpty else { return [] }
    var matches: [(category: MarkerCategory, confidence: Confidence, score: Int)] = []
    for category in categories {
      var best: (Confidence, Int)?
      for text in [category.key, category.name] + category.aliases {
        let term = Term(text: text, search: SearchText(text), isKey: text == category.key)
        guard let found = match(search, term),
          found.0 != .words || term.search.wordBytes.count == search.wordBytes.count
        else { continue }
        if best == nil || found > best! { best = found }
      }
      if let best { matches.append((category, best.0, best.1)) }
    }
    // Stable: equal matches keep display order.
    return matches.enumerated().sorted { lhs, rhs in
      (lhs.element.confidence, lhs.element.score, -lhs.offset) > (
        rhs.element.confidence, rhs.element.score, -rhs.offset
      )
    }.map(\.element.category)
  }

  private static func match(_ query: SearchText, _ term: Term) -> (Confidence, Int)? {
    let termCompact = term.search.compactBytes
    let queryCompact = query.compactBytes
    if queryCompact == termCompact { return (.exact, term.isKey ? 2 : 1) }
    if queryCompact.count >= 3, isPrefix(query.wordBytes, of: term.search.wordBytes) {
      // Shorter remainders are better: "chol" is closer to "cholesterol" than to "cholesterol ratio".
      return (.prefix, 1000 - (termCompact.count - queryCompact.count))
    }
    if let quality = wordsMatch(query.wordBytes, term.search.wordBytes) {
      return (.words, quality)
    }
    // A misspelled single word ("cholestrol") may be a typo of a whole term; a query of several
    // words must match word by word, so "vitamin k" never becomes "vitamin d".
    // As for single words: the shorter of the two sets the typos allowed, so "gout" is not a
    // typo of "got" (AST's old name: clinician review at stop 34).
    let limit =
      query.wordBytes.count == 1 ? allowedTypos(forLength: min(queryCompact.count, termCompact.count)) : 0
    if limit > 0, isTypo(queryCompact, termCompact, limit: limit) {
      return (.typo, 100 - editDistance(queryCompact, termCompact, limit: limit) * 10)
    }
    return nil
  }

  /// The query's words start the term: all but the last equal, the last a prefix of its word
  /// ("good chol" → "good cholesterol", "vitamin b" → "vitamin b12"; never across a word, so
  /// "vitamin e" is not "vitamine d").
  private static func isPrefix(_ queryWords: [[UInt8]], of termWords: [[UInt8]]) -> Bool {
    guard !queryWords.isEmpty, queryWords.count <= termWords.count else { return false }
    for index in 0..<(queryWords.count - 1) where queryWords[index] != termWords[index] { return false }
    return termWords[queryWords.count - 1].starts(with: queryWords[queryWords.count - 1])
  }

  /// Within `limit` edits, keeping the first letter (people rarely mistype it; "estrogen" is not
  /// "nitrogen").
  private static func isTypo(_ typed: [UInt8], _ word: [UInt8], limit: Int) -> Bool {
    guard let first = typed.first, let wordFirst = word.first else { return false }
    let sameStart =
      first == wordFirst || (typed.count > 1 && word.count > 1 && typed[0] == word[1] && typed[1] == word[0])
    return sameStart && editDistance(typed, word, limit: limit) <= limit
  }

  /// Every query word matched by a different term word; the quality rewards whole words and
  /// terms without many extra words.
  private static func wordsMatch(_ queryWords: [[UInt8]], _ termWords: [[UInt8]], allowExtraWords: Bool = false)
    -> Int?
  {
    guard !queryWords.isEmpty else { return nil }
    var used = [Bool](repeating: false, count: termWords.count)
    var usedCount = 0
    var quality = 0
    for (wordIndex, word) in queryWords.enumerated() {
      var bestIndex: Int?
      var bestPoints = 0
      // The last word of a longer query may be a short prefix ("vitamin b"); a lone word needs
      // three letters ("ck" is not "ckd-epi").
      let minimumPrefix = queryWords.count == 1 ? 3 : wordIndex == queryWords.count - 1 ? 1 : 2
      // A number matches only itself: 120 is not 1200, nor a typo of 121.
      let number = isNumber(word)
      for (index, termWord) in termWords.enumerated() where !used[index] {
        var points = 0
        if termWord == word {
          points = 3
        } else if number {
          continue
        } else if word.count >= minimumPrefix, termWord.starts(with: word) {
          points = 2
        } else {
          let limit = allowedTypos(forLength: min(word.count, termWord.count))
          if limit > 0, isTypo(word, termWord, limit: limit) { points = 1 }
        }
        if points > bestPoints {
          bestPoints = points
          bestIndex = index
        }
      }
      guard let bestIndex else { return nil }
      used[bestIndex] = true
      usedCount += 1
      quality += bestPoints
    }
    let extraWords = allowExtraWords ? 0 : termWords.count - usedCount
    return quality * 10 - extraWords
  }

  /// A visit that matched, and whether its doctor's name did (those rank first).
  public struct VisitMatch: Equatable, Sendable {
    public var visit: Visit
    public var score: Int
    /// Where the words were found: "doctor", "notes" or "type".
    public var field: String
  }

  /// Readings whose note holds every word of `query` (filler words aside), newest first:
  /// "fasting", "after the marathon".
  public func searchNotes(_ query: String, in entries: [MarkerEntry]) -> [MarkerEntry] {
    let search = SearchText(query)
    let meaningful = Self.withoutFillers(search.words)
    let words = meaningful.isEmpty ? search.wordBytes : meaningful.map { Array($0.utf8) }
    guard !words.isEmpty else { return [] }
    var found: [MarkerEntry] = []
    for entry in entries.reversed() {
      guard let note = entry.note, !note.isEmpty else { continue }
      let noteWords = SearchText(note).wordBytes
      // A word inside a longer one counts too ("statin" in "atorvastatin"); a number never
      // ("9999" is not in "99997").
      let inside = words.allSatisfy { word in
        word.count >= 4 && !Self.isNumber(word)
          && noteWords.contains { $0.count > word.count && Self.contains($0, word) }
      }
      if inside || Self.wordsMatch(words, noteWords, allowExtraWords: true) != nil { found.append(entry) }
    }
    return found
  }

  /// True when `word` is all digits.
  static func isNumber(_ word: [UInt8]) -> Bool {
    !word.isEmpty && word.allSatisfy(\.isASCIIDigit)
  }

  /// True when `word` occurs inside `text`.
  static func contains(_ text: [UInt8], _ word: [UInt8]) -> Bool {
    guard !word.isEmpty, word.count <= text.count else { return false }
    for start in 0...(text.count - word.count) where text[start] == word[0] {
      if text[start..<(start + word.count)].elementsEqual(word) { return true }
    }
    return false
  }

  /// Visits whose doctor, notes or type match every word of `query`, best first, then newest.
  public func searchVisits(_ query: String, in visits: [Visit]) -> [VisitMatch] {
    let search = SearchText(query)
    guard !search.isEmpty else { return [] }
    var matches: [VisitMatch] = []
    for visit in visits {
      let fields: [(String, String, Int)] = [
        ("doctor", visit.doctorName, 300),
        ("type", [visit.visitType.displayName, visit.visitTypeLabel ?? ""].joinedText(" "), 200),
        ("notes", visit.notes ?? "", 100),
      ]
      var best: VisitMatch?
      for (field, text, weight) in fields {
        let words = SearchText(text).wordBytes
        guard let quality = Self.wordsMatch(search.wordBytes, words, allowExtraWords: true) else { continue }
        let score = weight + quality
        if best.map({ score > $0.score }) ?? true { best = VisitMatch(visit: visit, score: score, field: field) }
      }
      if let best { matches.append(best) }
    }
    return matches.sorted { lhs, rhs in
      lhs.score != rhs.score ? lhs.score > rhs.score : Visit.newestFirst(lhs.visit, rhs.visit)
    }
  }
}
