/// How a spreadsheet file was written: the byte between its columns, the decimal mark that goes
/// with it, and the order of its slashed dates. Worked out once for the whole file, never a row
/// at a time, so one sheet is read one way.
enum SheetFormat {
  /// A unit cell without the mark some US reports add to a calculated result ("mg/dL (calc)",
  /// Quest's LDL and non-HDL): the unit is the same (newcomer review at stop 33).
  static func withoutCalculatedMark(_ unit: String) -> String {
    let trimmed = unit.trimmingWhitespace()
    for mark in ["(calc)", "(calc.)", "(calculated)"] where trimmed.lowercased().hasSuffix(mark) {
      return String(trimmed.dropLast(mark.count)).trimmingWhitespace()
    }
    return unit
  }

  static let comma = UInt8(ascii: ",")
  static let semicolon = UInt8(ascii: ";")
  static let tab = UInt8(ascii: "\t")

  /// The one of comma, semicolon and tab that the first line holds most of outside quotes
  /// (`Datum;LDL;HDL` from a European Excel); a comma when it holds none, or on a tie.
  static func delimiter(_ bytes: some Sequence<UInt8>) -> UInt8 {
    // Each line's counts, for the first twelve lines.
    var lines: [[UInt8: Int]] = []
    var counts: [UInt8: Int] = [comma: 0, semicolon: 0, tab: 0]
    var quoted = false
    var previous: UInt8 = 0
    for byte in bytes {
      if byte == UInt8(ascii: "\"") {
        quoted.toggle()
      } else if !quoted {
        if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
          if previous != UInt8(ascii: "\r") || byte != UInt8(ascii: "\n") { lines.append(counts) }
          counts = [comma: 0, semicolon: 0, tab: 0]
          if lines.count == 12 { break }
        } else if counts[byte] != nil {
          counts[byte]! += 1
        }
      }
      previous = byte
    }
    if lines.count < 12 { lines.append(counts) }
    // The first line decides, unless it is a lab's line above the header ("Patient: Müller,
    // Hans", one comma at most): then the first twelve lines together (newcomer's second look
    // at stop 37: such a semicolon file was read with commas, and refused).
    var decided = lines[0]
    if (decided.values.max() ?? 0) <= 1, !firstLineHasDate(bytes) {
      decided = lines.reduce(into: [comma: 0, semicolon: 0, tab: 0]) { total, line in
        for (byte, count) in line { total[byte]! += count }
      }
    }
    let most = decided[comma]!
    if decided[semicolon]! > most && decided[semicolon]! >= decided[tab]! { return semicolon }
    if decided[tab]! > most && decided[tab]! > decided[semicolon]! { return tab }
    return comma
  }

  /// True when the first line names a date column in any of the delimiters ("Date,LDL"): a
  /// header, whatever the lines below hold.
  private static func firstLineHasDate(_ bytes: some Sequence<UInt8>) -> Bool {
    let first = String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }, as: UTF8.self)
    return first.split(whereSeparator: { $0 == "," || $0 == ";" || $0 == "\t" }).contains {
      SpreadsheetImporter.isDateHeader(String($0))
    }
  }

  /// "The file's columns are separated by semicolons", for the summary; nil for commas.
  static func delimiterName(_ delimiter: UInt8) -> String? {
    switch delimiter {
    case semicolon: "semicolons"
    case tab: "tabs"
    default: nil
    }
  }

  /// A result without the lab's flag printed after it ("142 H", "18.2 (L)", "5.9 *", "88 High")
  /// or before it ("H 7.2", "(L)38"), and true when there was one. glance judges by its own
  /// ranges, so the flag is left out; a flag glued to a letter or a word it does not know stays
  /// and the cell is refused as before.
  static func withoutLabFlag(_ text: String) -> (text: String, flagged: Bool) {
    let bytes = Array(text.trimmingWhitespace().utf8)
    for flag in labFlags {
      // Before the value (newcomer review: a portal's "H 7.2" was a row left out): a space after
      // a bare flag, and a digit or a lab's "<" after it, so "Hb 13.5" is no flag.
      let prefix = Array(flag.utf8)
      guard bytes.count > prefix.count,
        Array(bytes.prefix(prefix.count)).map(\.lowercasedASCII) == prefix.map(\.lowercasedASCII)
      else { continue }
      let tail = bytes.dropFirst(prefix.count)
      guard tail.first == UInt8(ascii: " ") || flag.first == "(" || flag.first == "[" else { continue }
      let value = String(decoding: tail, as: UTF8.self).trimmingWhitespace()
      guard let first = value.utf8.first,
        first.isASCIIDigit || first == UInt8(ascii: "<") || first == UInt8(ascii: ">"),
        let last = value.utf8.last, last.isASCIIDigit
      else { continue }
      return (value, true)
    }
    // After the value: a lab's flag ("142 H", "18.2(L)"), or a German lab's mark ("5,6 +",
    // "2,1--", "5,6↑", "5,6 hoch": newcomer review at stop 37, each had refused the whole sheet).
    // Glued to the number only where no letter of a word could be: a bracketed flag, "*", a sign
    // or an arrow; a lone minus needs a space ("5-" may be a range cut short).
    let flags = labFlags
    for (index, flag) in (flags + markFlags).enumerated() {
      let suffix = Array(flag.utf8)
      guard bytes.count > suffix.count,
        Array(bytes.suffix(suffix.count)).map(\.lowercasedASCII) == suffix.map(\.lowercasedASCII)
      else { continue }
      let head = bytes.dropLast(suffix.count)
      let mayGlue =
        index < flags.count
        ? flag.first == "(" || flag.first == "[" || flag == "*"
        : flag != "-" && flag.unicodeScalars.allSatisfy { !$0.properties.isAlphabetic }
      guard mayGlue || head.last == UInt8(ascii: " ") else { continue }
      let value = String(decoding: head, as: UTF8.self).trimmingWhitespace()
      guard let last = value.utf8.last, last.isASCIIDigit else { continue }
      return (value, true)
    }
    return (text, false)
  }

  /// Marks German labs print after a result outside its range, longest first: plus and minus
  /// signs (bare or in brackets), arrows, and the words for high and low.
  static let markFlags = [
    "(erniedrigt)", "(erhöht)", "(niedrig)", "(hoch)", "(tief)", "erniedrigt", "erhöht", "erhoeht", "niedrig", "hoch",
    "tief", "(+++)", "(---)", "[++]", "[--]", "(++)", "(--)", "[+]", "[-]", "(+)", "(-)",
    "(↑)", "(↓)", "↑↑↑", "↓↓↓", "↑↑", "↓↓", "+++", "---", "++", "--", "↑", "↓", "+", "-",
  ]

  /// Flags labs print after a result, longest first.
  static let labFlags = [
    "abnormal", "high", "low", "(hh)", "(ll)", "(aa)", "[hh]", "[ll]", "[aa]", "(h)", "(l)", "[h]", "[l]", "(a)", "hh",
    "ll", "aa", "h*",
    "l*", "h", "l", "a", "*", "!!", "!",
  ]

  /// True for a flag a lab prints for a result outside its range that is not critical: H, L, A
  /// (HL7 v2 table 0078), bracketed or starred, or the word; and a German lab's mark (`+`, `-`,
  /// arrows, hoch, tief: their "Pathologiekennzeichnung", clinician's look at stop 39).
  static func isOutsideFlag(_ text: String) -> Bool {
    let word = flagWord(text)
    return ["h", "l", "a", "h*", "l*", "high", "low", "abnormal", "pathologisch", "path."].contains(word)
      || markFlags.contains(word)
  }

  /// The same for a Flag column's cell, where a bare dash is the empty cell many exports write.
  static func isOutsideFlag(inColumn text: String) -> Bool {
    !["-", "--", "—", "–"].contains(text.trimmingWhitespace()) && isOutsideFlag(text)
  }

  /// True for a flag a lab prints for a critical result: HL7's HH, LL and AA (v2 table 0078:
  /// panic high, panic low, very abnormal), bracketed or not, and "!!".
  static func isCriticalFlag(_ text: String) -> Bool {
    // A lab's words for it too (clinician's third look at stop 34).
    // A German lab's too: "kritisch" (clinician's second look at stop 39).
    ["hh", "ll", "aa", "!!", "critical", "crit", "panic", "critical high", "critical low", "kritisch"].contains(
      flagWord(text))
  }

  /// A flag cell as one lowercase word, without the brackets a lab may put round it: "(H)" → "h".
  static func flagWord(_ text: String) -> String {
    let flag = text.trimmingWhitespace().lowercased()
    guard flag.count > 2, let first = flag.first, first == "(" || first == "[", let last = flag.last,
      last == ")" || last == "]"
    else { return flag }
    return String(flag.dropFirst().dropLast())
  }

  /// `5,9` → `5.9` (and `<0,5 mmol/L` → `<0.5 mmol/L`) in a file whose columns are not separated
  /// by commas, where a comma is the decimal mark. A single comma between two digits only, in a
  /// cell with no point: `1.234,5` stays as it is and is refused as a number.
  static func decimalPoint(_ text: String, delimiter: UInt8) -> String {
    guard delimiter != comma else { return text }
    let bytes = Array(text.utf8)
    guard let index = bytes.firstIndex(of: comma), index > 0, index + 1 < bytes.count,
      bytes.lastIndex(of: comma) == index, !bytes.contains(UInt8(ascii: ".")),
      bytes[index - 1].isASCIIDigit, bytes[index + 1].isASCIIDigit
    else { return text }
    var fixed = bytes
    fixed[index] = UInt8(ascii: ".")
    return String(decoding: fixed, as: UTF8.self)
  }

  /// `1,045` → `1045` (and `<1,045 mg/dL` → `<1045 mg/dL`, `12,345.6` → `12345.6`): a number
  /// whose commas each stand before exactly three digits, after one to three digits that are not
  /// a lone 0, and before nothing but a decimal point and digits, a space or the end. Nil for any
  /// other text (`1,04`, `0,045`, `5,9`). Used only where commas are not decimal marks
  /// (`groupsThousands`).
  static func withoutThousands(_ text: String) -> String? {
    let bytes = Array(text.utf8)
    var start = 0
    while start < bytes.count, !bytes[start].isASCIIDigit {
      guard [UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "="), UInt8(ascii: " ")].contains(bytes[start])
      else { return nil }
      start += 1
    }
    var end = start
    while end < bytes.count, bytes[end].isASCIIDigit { end += 1 }
    let lead = end - start
    guard (1...3).contains(lead), !(lead == 1 && bytes[start] == UInt8(ascii: "0")) else { return nil }
    var kept = Array(bytes[..<end])
    var groups = 0
    while end < bytes.count, bytes[end] == comma {
      let digits = bytes[(end + 1)...].prefix { $0.isASCIIDigit }.count
      guard digits == 3 else { return nil }
      kept += bytes[(end + 1)..<(end + 4)]
      end += 4
      groups += 1
    }
    guard groups > 0 else { return nil }
    if end < bytes.count, bytes[end] == UInt8(ascii: ".") {
      let digits = bytes[(end + 1)...].prefix { $0.isASCIIDigit }.count
      guard digits > 0 else { return nil }
      kept += bytes[end..<(end + 1 + digits)]
      end += 1 + digits
    }
    guard end == bytes.count || bytes[end] == UInt8(ascii: " ") else { return nil }
    return String(decoding: kept + bytes[end...], as: UTF8.self)
  }

  /// A cell's number as glance reads it: `5,9` → `5.9` where commas are decimal marks
  /// (`decimalPoint`); a portal's `1,045` → `1045` where the file groups thousands. In a file
  /// separated by commas, a quoted comma no grouping can make (`"6,3"`, `"0,045"`) is a decimal
  /// one too (clinician review: a European report's critical "6,3" potassium was refused), and
  /// `"1,045"` stays as it is where the file does not group thousands (`ambiguous`).
  static func number(_ text: String, delimiter: UInt8, groupsThousands: Bool) -> String {
    guard delimiter == comma else { return decimalPoint(text, delimiter: delimiter) }
    // NB: most cells hold no comma; a large sheet reads each without a copy of its bytes.
    guard text.utf8.contains(comma) else { return text }
    if let grouped = withoutThousands(text) { return groupsThousands ? grouped : text }
    return decimalPoint(text, delimiter: UInt8(ascii: ";"))
  }

  /// The two numbers an ambiguous one can be (`ambiguous`): `2,345` (or `<2.345 mU/l`) as
  /// 2345 and as 2.345, each keeping what stands around the number. Nil for any other text.
  static func twoReadings(_ text: String) -> (grouped: String, decimal: String)? {
    let bytes = Array(text.utf8)
    guard let start = bytes.firstIndex(where: \.isASCIIDigit) else { return nil }
    let end = bytes[start...].firstIndex { !$0.isASCIIDigit && $0 != comma && $0 != UInt8(ascii: ".") } ?? bytes.count
    let marks = (start..<end).filter { !bytes[$0].isASCIIDigit }
    guard marks.count == 1, let mark = marks.first else { return nil }
    var grouped = bytes
    grouped.remove(at: mark)
    var decimal = bytes
    decimal[mark] = UInt8(ascii: ".")
    return (String(decoding: grouped, as: UTF8.self), String(decoding: decimal, as: UTF8.self))
  }

  /// True for a number read neither way: `1.250` where commas are decimal marks
  /// (`looksLikeThousands`), or a quoted `"1,045"` in a comma-separated file that writes decimal
  /// commas elsewhere (1045 or 1.045?).
  /// In a comma-separated file: a quoted `"1,045"` always (where the file groups thousands its
  /// reading is 1045 unless only 1.045 is plausible for the test), and `"1.250"` where the file
  /// writes decimal commas (`decimalCommas`: a dot there groups thousands).
  static func ambiguous(_ text: String, delimiter: UInt8, groupsThousands: Bool, decimalCommas: Bool = false) -> Bool {
    guard delimiter == comma else { return looksLikeThousands(text, delimiter: delimiter) }
    if text.utf8.contains(comma) { return withoutThousands(text) != nil }
    return decimalCommas && looksLikeThousands(text, delimiter: UInt8(ascii: ";"))
  }

  /// Whether a file's `1,045` is read as 1045 (`withoutThousands`), and whether it holds one: in a
  /// file separated by commas (where a dot is the decimal point) whose cells hold no other
  /// number with a comma between digits. A quoted "5,9" or "0,87" anywhere says the file writes
  /// decimal commas, and then "1,045" could be 1.045: never guessed.
  static func groupsThousands(_ rows: CSV.Table, delimiter: UInt8) -> (reads: Bool, holds: Bool, decimalCommas: Bool) {
    guard delimiter == comma else { return (false, false, false) }
    var holds = false
    for row in rows {
      for cell in row where cell.utf8.contains(comma) {
        let bytes = Array(cell.utf8)
        let between = bytes.indices.contains { index in
          bytes[index] == comma && index > 0 && index + 1 < bytes.count && bytes[index - 1].isASCIIDigit
            && bytes[index + 1].isASCIIDigit
        }
        guard between else { continue }
        guard withoutThousands(cell.trimmingWhitespace()) != nil else { return (false, false, true) }
        holds = true
      }
    }
    return (holds, holds, false)
  }

  /// True for a file not separated by commas whose results (`columns`: the cells that hold
  /// them) write decimals only with a comma: some cell has a decimal comma ("1,4", "0,125",
  /// "1.250,5") and none a decimal point ("3.4", "1,250.5"). There a lone "1.250" groups thousands, as a German lab prints 1250 (newcomer
  /// review at stop 39: a ferritin "1.250 ++" refused the sheet). A number of three digits after
  /// its mark ("1,020", "2.500") tells nothing; a date's two dots are no number.
  static func writesDecimalCommasOnly(_ rows: CSV.Table, columns: [Int]) -> Bool {
    var commas = false
    for row in rows {
      for cell in columns.lazy.filter({ $0 < row.count }).map({ row[$0] })
      where cell.utf8.contains(comma) || cell.utf8.contains(UInt8(ascii: ".")) {
        let bytes = Array(cell.utf8)
        var index = 0
        while index < bytes.count {
          guard bytes[index].isASCIIDigit else {
            index += 1
            continue
          }
          // One number: digits with their marks.
          let start = index
          while index < bytes.count,
            bytes[index].isASCIIDigit || bytes[index] == comma || bytes[index] == UInt8(ascii: ".")
          {
            index += 1
          }
          var number = Array(bytes[start..<index])
          while let last = number.last, !last.isASCIIDigit { number.removeLast() }
          let marks = number.indices.filter { !number[$0].isASCIIDigit }
          guard let last = marks.last else { continue }
          let kinds = Set(marks.map { number[$0] })
          // Two of one mark: a date (15.01.2024) or a grouping (1,045,000): says nothing here.
          if kinds.count == 1 && marks.count > 1 { continue }
          let fraction = number.count - last - 1
          let whole = marks.count == 1 ? last : 0
          // "1,020", "2.500": a grouping or a decimal; "0,125" is a decimal.
          if kinds.count == 1 && fraction == 3 && (1...3).contains(whole) && number.first != UInt8(ascii: "0") {
            continue
          }
          if number[last] == comma { commas = true } else { return false }
        }
      }
    }
    return commas
  }

  /// The decimals of the first number in `text` as printed, a dot its decimal point ("5.50 mmol/L":
  /// 2, "43": 0); nil without a number.
  static func printedPlaces(_ text: String) -> Int? {
    let bytes = Array(text.utf8)
    guard let start = bytes.firstIndex(where: \.isASCIIDigit) else { return nil }
    var index = start
    while index < bytes.count, bytes[index].isASCIIDigit { index += 1 }
    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "."), bytes[index + 1].isASCIIDigit else { return 0 }
    return bytes[(index + 1)...].prefix { $0.isASCIIDigit }.count
  }

  /// True for a number that could be a thousands grouping in a file where commas are decimal
  /// marks: `1.250`, `1,020`, `<2.500` (1 to 3 digits, not a lone 0, one mark, then exactly three
  /// digits). `0,125` and `5,9` are decimals; in a comma-separated file nothing is (a dot is the
  /// decimal point there).
  static func looksLikeThousands(_ text: String, delimiter: UInt8) -> Bool {
    guard delimiter != comma else { return false }
    var bytes = Array(text.utf8)
    while let first = bytes.first, !first.isASCIIDigit {
      guard
        first == UInt8(ascii: "<") || first == UInt8(ascii: ">") || first == UInt8(ascii: "=")
          || first == UInt8(ascii: " ")
      else { return false }
      bytes.removeFirst()
    }
    let number = bytes.prefix { $0.isASCIIDigit || $0 == comma || $0 == UInt8(ascii: ".") }
    let rest = bytes.dropFirst(number.count)
    guard rest.isEmpty || rest.first == UInt8(ascii: " ") else { return false }
    let marks = number.indices.filter { !number[$0].isASCIIDigit }
    guard marks.count == 1, let mark = marks.first else { return false }
    let whole = number[..<mark]
    let fraction = number[(mark + 1)...]
    return (1...3).contains(whole.count) && whole.first != UInt8(ascii: "0") && fraction.count == 3
  }

  /// The two numbers before the year of a slashed or dashed date with a four-digit year
  /// (`3/14/2024`, `14-03-2024`); nil for any other form (ISO, dotted, words).
  static func slashedParts(_ text: String) -> (Int, Int)? {
    var trimmed = text.trimmingWhitespace()
    if let (day, _) = DateParser.splitTime(trimmed) { trimmed = day }
    for separator: Character in ["/", "-"] where trimmed.contains(separator) {
      let parts = trimmed.split(separator: separator, omittingEmptySubsequences: false)
      guard parts.count == 3, parts[2].utf8.count == 4 || parts[2].utf8.count == 2,
        (1...2).contains(parts[0].utf8.count),
        (1...2).contains(parts[1].utf8.count), let first = Int(parts[0]), let second = Int(parts[1]),
        parts.allSatisfy({ $0.utf8.allSatisfy(\.isASCIIDigit) })
      else { return nil }
      return (first, second)
    }
    return nil
  }

  /// A dashed date of three one- or two-digit parts (`25-02-03`), which may be year first.
  static func isDashedTwoDigit(_ text: String) -> Bool {
    var trimmed = text.trimmingWhitespace()
    if let (day, _) = DateParser.splitTime(trimmed) { trimmed = day }
    let parts = trimmed.split(separator: "-", omittingEmptySubsequences: false)
    return parts.count == 3 && parts.allSatisfy { (1...2).contains($0.utf8.count) }
  }

  /// The order the file's slashed dates are read in: the one given (`--dates us|eu`), else the
  /// only one its dates allow (one `3/14/2024` makes every date of the file month first), with the
  /// file's date that decided it; nil when no date needs one. Refused when dates need an order and
  /// none is possible or given.
  static func dayOrder(_ cells: [String], given: DateParser.DayOrder?) throws(ImportError) -> (
    DateParser.DayOrder?, decidedBy: String?
  ) {
    if let given { return (given, nil) }
    var monthFirst: String?
    var dayFirst: String?
    var ambiguous: String?
    // "25-02-03" may be ISO's year first (2025) as well as day first (2003): no such date decides
    // the file's order, and one of them asks for it (attacker review at stop 37).
    var yearFirstToo: String?
    // Which separators' dates decided an order, and the first ambiguous date of each: a slashed
    // 1/15/2024 says nothing of a dashed 05-11-2018 (newcomer review at stop 37: it was read as
    // May 11 without a word).
    var deciding: Set<Bool> = []
    var ambiguousOf: [Bool: String] = [:]
    for cell in cells {
      guard let (first, second) = slashedParts(cell) else { continue }
      if yearFirstToo == nil, isDashedTwoDigit(cell) { yearFirstToo = cell.trimmingWhitespace() }
      // The date's own separator: "1/15/2024 10:00-05:00" is slashed.
      let day = DateParser.splitTime(cell.trimmingWhitespace())?.0 ?? cell
      let dashed = day.utf8.contains(UInt8(ascii: "-"))
      if first > 12 && second <= 12 {
        dayFirst = dayFirst ?? cell.trimmingWhitespace()
        deciding.insert(dashed)
      } else if second > 12 && first <= 12 {
        monthFirst = monthFirst ?? cell.trimmingWhitespace()
        deciding.insert(dashed)
      } else if first != second && first <= 12 && second <= 12 {
        ambiguous = ambiguous ?? cell.trimmingWhitespace()
        if ambiguousOf[dashed] == nil { ambiguousOf[dashed] = cell.trimmingWhitespace() }
      }
    }
    if let yearFirstToo { throw .ambiguousDates(yearFirstToo) }
    if monthFirst == nil || dayFirst == nil,
      let undecided = [false, true].first(where: { ambiguousOf[$0] != nil && !deciding.contains($0) }),
      !deciding.isEmpty
    {
      throw .ambiguousDates(ambiguousOf[undecided]!)
    }
    switch (monthFirst, dayFirst) {
    case (let us?, let eu?): throw .mixedDates(us, eu)
    case (let us?, nil): return (.monthFirst, us)
    case (nil, let eu?): return (.dayFirst, eu)
    case (nil, nil):
      if let ambiguous { throw .ambiguousDates(ambiguous) }
      return (nil, nil)
    }
  }
}
