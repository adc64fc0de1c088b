#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A lab panel: one date, many values (`glance batch`). Every value goes through the same checks
/// as quick-add; any problem refuses the whole batch and says which value.
public enum BatchPlanner {
  /// Splits words like `good cholesterol 62 mg/dL` into the marker words, the value and a unit:
  /// the value is the first word after the first that looks like a number (`62`, `.5`, `<0.1`,
  /// `120/80`).
  public static func split(_ words: [String]) -> (marker: String, value: String, unit: String?)? {
    guard words.count >= 2 else { return nil }
    for index in 1..<words.count where looksLikeValue(words[index]) {
      let unit = words[(index + 1)...].joinedText(" ")
      return (words[..<index].joinedText(" "), words[index], unit.isEmpty ? nil : unit)
    }
    return nil
  }

  static func looksLikeValue(_ word: String) -> Bool {
    guard let first = word.first else { return false }
    if first.isNumber || "<>≤≥".contains(first) { return true }
    if first == "." || first == "-" || first == "+", let second = word.dropFirst().first { return second.isNumber }
    return false
  }

  /// Drafts from `MARKER=VALUE` pairs (`hdl=62`, `ldl=3.2mmol/L`, `bp=120/80`); an empty value
  /// (`ldl=`) is an empty field and saves nothing.
  public static func plan(
    pairs: [String], date: CalendarDate, document: GlanceDocument, library: MarkerLibrary
  ) throws -> [EntryDraft] {
    let items = pairs.map { pair -> (String, String?) in
      guard let equals = pair.firstIndex(of: "=") else { return (pair, nil) }
      return (pair, String(pair[..<equals]) + " = " + String(pair[pair.index(after: equals)...]))
    }
    return try plan(
      items.map { ($0.0, $0.1) }, date: date, document: document, library: library, label: { "\(quoted($0))" },
      form: "MARKER=VALUE, e.g. hdl=62")
  }

  /// Drafts from input lines: `MARKER VALUE [UNIT]` (or `MARKER=VALUE`); blank lines and lines
  /// starting with # are skipped.
  public static func plan(
    lines: [String], date: CalendarDate, document: GlanceDocument, library: MarkerLibrary
  ) throws -> [EntryDraft] {
    var items: [(String, String?)] = []
    for (index, raw) in lines.enumerated() {
      let line = raw.trimmingWhitespace()
      if line.isEmpty || line.hasPrefix("#") { continue }
      let normalized = line.replacingEvery("=", with: " = ").replacingEvery(":", with: " = ")
      items.append(("line \(index + 1)", normalized))
    }
    return try plan(
      items, date: date, document: document, library: library, label: { $0 }, form: "MARKER VALUE, e.g. hdl 62")
  }

  private static func plan(
    _ items: [(String, String?)], date: CalendarDate, document: GlanceDocument, library: MarkerLibrary,
    label: (String) -> String, form: String
  ) throws -> [EntryDraft] {
    var problems: [String] = []
    var drafts: [EntryDraft] = []
    // Every reading planned, a marker's second one too: each is judged for a critical limit when
    // the panel is refused (attacker's second look at stop 36: "potassium 4" then "potassium 7").
    var all: [EntryDraft] = []
    let markers = library.markers + document.customMarkers
    for (name, text) in items {
      // A control character (a NUL, an ESC) is refused, never read around: "ldl\0 100" was saved
      // as LDL 100 (attacker review).
      if (text ?? name).unicodeScalars.contains(where: { $0 != "\t" && TerminalText.isHidden($0) }) {
        problems.append("\(label(TerminalText.guarded(name))): \(EntryError.controlCharacter("The line").message)")
        continue
      }
      let allWords = text.map { $0.split(separator: " ").map(String.init) } ?? []
      // MARKER = VALUE: the marker is what stands before the sign, whatever follows it.
      let sign = allWords.firstIndex(of: "=")
      let words = allWords.filter { $0 != "=" }
      let parts: (marker: String, value: String, unit: String?)
      if let sign, sign > 0, sign < allWords.count - 1 {
        let rest = allWords[(sign + 1)...].filter { $0 != "=" }
        parts = (
          allWords[..<sign].joinedText(" "), rest.first ?? "",
          rest.count > 1 ? Array(rest.dropFirst()).joinedText(" ") : nil
        )
      } else if let found = split(words) {
        parts = found
      } else {
        // A marker with nothing after it is an empty field: nothing to save, nothing wrong.
        if !words.isEmpty, (try? MarkerResolver.markers(words.joinedText(" "), among: markers)) != nil {
          continue
        }
        problems.append("\(label(name)): write it as \(form)")
        continue
      }
      do {
        let planned = try EntryPlanner.plan(
          marker: parts.marker, value: parts.value, unit: parts.unit, date: date.iso, note: nil, today: date,
          document: document, library: library)
        for draft in planned {
          all.append(draft)
          if drafts.contains(where: { $0.marker.id == draft.marker.id }) {
            problems.append("\(label(name)): \(draft.marker.displayName) appears twice in this panel.")
          } else {
            drafts.append(draft)
          }
        }
      } catch {
        // NB: `error` is an EntryError (typed throws); `catch let … as any GlanceError` here
        // crashes the 6.3 compiler.
        problems.append("\(label(name)): \(error.message)")
      }
    }
    if !problems.isEmpty {
      throw BatchError(problems: problems, critical: criticalNames(all, document: document))
    }
    return drafts
  }

  /// The markers of `drafts` whose reading as typed is past a critical limit, by name: what a
  /// panel that is refused, or stopped at a question, still says (clinician review at stop 36:
  /// potassium 6.5 and sodium 118 went unsaid beside one bad line).
  static func criticalNames(_ drafts: [EntryDraft], document: GlanceDocument) -> [String] {
    var names: [String] = []
    for draft in drafts
    where document.judging(draft.marker).judgement(
      of: draft.entry(at: Timestamp(secondsSince1970: 0), source: .batchEntry)
    ).status.isCritical && !names.contains(draft.marker.displayName) {
      names.append(draft.marker.displayName)
    }
    return names
  }

  /// "As typed, Potassium and Sodium are past a critical limit.", and the advice; nil when none is.
  public static func criticalLine(_ drafts: [EntryDraft], document: GlanceDocument) -> String? {
    criticalLine(criticalNames(drafts, document: document))
  }

  static func criticalLine(_ names: [String]) -> String? {
    guard !names.isEmpty else { return nil }
    return "As typed, \(inWords(names)) \(names.count == 1 ? "is" : "are") past a critical limit. "
      + Judgement.criticalAdvice
  }
}

/// Why a batch was refused: every bad value, by marker or line.
public struct BatchError: GlanceError, Equatable {
  public var problems: [String]
  /// The panel's other readings past a critical limit as typed, by marker (never by value).
  public var critical: [String] = []

  /// More lines came in than a panel has (`InputLimits.lines`).
  public static let tooManyLines = BatchError(problems: [
    "More than \(InputLimits.text(InputLimits.lines)) lines came in; a lab panel has far fewer. Split the input."
  ])

  public var message: String {
    "Nothing was saved; the whole panel waits until every value is right:\n"
      + problems.prefix(20).map { "  " + $0 }.joinedText("\n")
      + (problems.count > 20 ? "\n  … and \(problems.count - 20) more." : "")
      + (BatchPlanner.criticalLine(critical).map { "\n" + $0 } ?? "")
  }

  public var kind: ErrorKind { .refused }
}
