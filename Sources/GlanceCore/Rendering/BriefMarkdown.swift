/// `glance prep --markdown`: the brief as plain Markdown a person can paste into a portal
/// message: headings, the items, a table of latest values with range and date, the questions.
public enum BriefMarkdown {
  /// The line every brief ends with.
  public static let privacyLine = "Made with glance on this computer. Nothing was sent anywhere."

  public static func render(_ brief: VisitBrief) -> String {
    var out: [String] = []
    out.append("# Next Visit Prep" + (brief.name.map { " for " + inline($0) } ?? ""))
    var prepared = "Prepared \(DateText.long(brief.today))"
    if let coming = brief.comingLine { prepared += " for: " + inline(coming) }
    out.append(prepared + ".")
    out.append("## Things to bring up")
    if brief.items.isEmpty {
      out.append(brief.nothingRaised)
    } else {
      out.append(
        brief.items.enumerated().map { index, item in
          let critical = item.kind == .critical ? "**Past a critical limit.** " : ""
          return "\(index + 1). " + critical + inline(item.suggestionText)
        }.joinedText("\n"))
    }
    out += brief.ownMarkersNotes.map(inline)
    if !brief.questions.isEmpty {
      out.append("## Your questions")
      out.append(
        brief.questions.map { visit, notes in (visit.map { "**" + inline($0) + ":**  \n" } ?? "") + block(notes) }
          .joinedText("\n\n"))
    }
    if let last = brief.last, let line = brief.lastLine, let notes = last.notes {
      out.append("## Last time (\(inline(line)))")
      out.append(block(notes))
    }
    let rows = brief.latestValues
    if !rows.isEmpty {
      out.append("## Latest values")
      var table = ["| Marker | Latest | Date | Range | Status |", "|---|---:|---|---|---|"]
      for snapshot in rows {
        guard let latest = snapshot.latest else { continue }
        let judged = snapshot.asJudged(latest)
        let range = ValueText.rangeInWords(judged.range, unit: judged.unit, places: judged.places) ?? "none"
        let judgement = snapshot.judgement(of: latest)
        table.append(
          "| " + cell(snapshot.definition.displayName) + " | "
            + cell(ValueText.withUnit(judged.value, latest.comparator, judged.unit, places: judged.places)) + " | "
            + DateText.long(latest.dateOfService) + " | "
            + cell((snapshot.rangeIsYours ? "your range: " : "") + range)
            + " | " + cell(judgement.status == .noRange ? "" : judgement.words) + " |")
      }
      out.append(table.joinedText("\n"))
    }
    if let last = brief.last {
      out.append("## Since your last \(VisitsView.typeName(last).lowercased()) (\(DateText.long(last.date)))")
      let total = brief.sinceTotal
      let rows = brief.sinceLatest
      // Said when a row stands for more than its reading.
      if rows.count < total { out.append(brief.sinceCount.prefix(1).uppercased() + brief.sinceCount.dropFirst() + ":") }
      out.append(
        total == 0
          ? "No new readings."
          : rows.map { snapshot, entry, count in
            let judged = snapshot.asJudged(entry)
            let words = snapshot.judgement(of: entry)
            return "- " + inline(snapshot.definition.displayName) + ": "
              + inline(ValueText.withUnit(judged.value, entry.comparator, judged.unit, places: judged.places)) + " on "
              + DateText.long(entry.dateOfService) + (words.status == .noRange ? "" : " (\(inline(words.words)))")
              + (count > 1 ? ", the latest of \(count)" : "")
          }.joinedText("\n"))
    }
    if !brief.stale.isEmpty { out.append(brief.stale.map(inline).joinedText("\n\n")) }
    if !brief.pastYear.isEmpty {
      out.append("## Visits in the past year")
      out.append(
        brief.pastYear.map {
          "- " + DateText.long($0.date) + ": " + inline(VisitsView.typeName($0)) + " with " + inline($0.doctorName)
        }.joinedText("\n"))
    }
    out.append("_" + privacyLine + "_")
    return out.joinedText("\n\n") + "\n"
  }

  /// Text from a person or the library, with Markdown's own characters escaped, so a note that
  /// says `*` or `<b>` is shown as written, never as formatting, a link or HTML: a `<` that could
  /// start a tag (before a letter, `/`, `!` or `?`) as an entity (a renderer shows it; a browser
  /// handed the file never sees a tag); a bound's `<0.01` and `>10` as they are, so the brief
  /// reads the same pasted as plain text (clinician review; a `>` quotes only at a line's start,
  /// which `block` escapes), `&` escaped
  /// (no entity of the person's is decoded), web addresses broken up (`https\://`, `www\.`,
  /// `a\@b`) so no renderer makes them links, and control characters dropped (a file must
  /// not act on a terminal it is printed to).
  static func inline(_ text: String) -> String {
    let characters = Array(text)
    var result = ""
    for (index, character) in characters.enumerated() {
      func next(_ offset: Int) -> Character? {
        index + offset < characters.count ? characters[index + offset] : nil
      }
      switch character {
      case "\\", "`", "*", "_", "[", "]", "|", "#", "~", "&", "@": result += "\\" + String(character)
      case "<":
        let opens = next(1).map { $0.isASCII && ($0.isLetter || "/!?".contains($0)) } ?? false
        result += opens ? "&lt;" : "<"
      case ">": result += ">"
      // "https://" and "www." are what renderers make links of on their own.
      case ":" where next(1) == "/" && next(2) == "/": result += "\\:"
      case "." where result.lowercased().hasSuffix("www"): result += "\\."
      case "\n", "\r\n", "\r": result += " "
      default:
        if character.unicodeScalars.contains(where: { TerminalText.isHidden($0) }) {
          result.unicodeScalars.append(contentsOf: character.unicodeScalars.filter { !TerminalText.isHidden($0) })
        } else {
          result.append(character)
        }
      }
    }
    return result
  }

  /// Notes of several lines: each line escaped and kept as its own line; leading spaces and
  /// blank lines dropped (an indent would make a code block, a blank line a new paragraph).
  static func block(_ text: String) -> String {
    text.split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
      .map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
      .map { line in
        var escaped = inline(String(line))
        // A line that would start a list in Markdown ("- ", "+ ", "1. ", "2) "), a quote ("> ") or
        // underline a heading ("===") is kept as text.
        if escaped.first == "-" || escaped.first == "+" || escaped.first == "=" || escaped.first == ">" {
          return "\\" + escaped
        }
        let digits = escaped.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, digits.count < escaped.count {
          let mark = escaped.index(escaped.startIndex, offsetBy: digits.count)
          if escaped[mark] == "." || escaped[mark] == ")" { escaped.insert("\\", at: mark) }
        }
        return escaped
      }.joinedText("  \n")
  }

  static func cell(_ text: String) -> String { inline(text) }
}
