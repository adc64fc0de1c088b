/// How a spreadsheet file was written: the byte between its columns, the decimal mark that goes
/// with it, and the order of its slashed dates. Worked out once for the whole file, never a row
/// at a time, so one sheet is read one way.
enum SheetFormat {
  static let comma = UInt8(ascii: ",")
  static let semicolon = UInt8(ascii: ";")
  static let tab = UInt8(ascii: "\t")

  /// The one of comma, semicolon and tab that the first line holds most of outside quotes
  /// (`Datum;LDL;HDL` from a European Excel); a comma when it holds none, or on a tie.
  static func delimiter(_ bytes: some Sequence<UInt8>) -> UInt8 {
    var counts: [UInt8: Int] = [comma: 0, semicolon: 0, tab: 0]
    var quoted = false
    for byte in bytes {
      if byte == UInt8(ascii: "\"") {
        quoted.toggle()
      } else if !quoted {
        if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
        if counts[byte] != nil { counts[byte]! += 1 }
      }
    }
    let most = counts[comma]!
    if counts[semicolon]! > most && counts[semicolon]! >= counts[tab]! { return semicolon }
    if counts[tab]! > most && counts[tab]! > counts[semicolon]! { return tab }
    return comma
  }

  /// "The file's columns are separated by semicolons", for the summary; nil for commas.
  static func delimiterName(_ delimiter: UInt8) -> String? {
    switch delimiter {
    case semicolon: "semicolons"
    case tab: "tabs"
    default: nil
    }
  }

  /// A result without the lab's flag printed after it ("142 H", "18.2 (L)", "5.9 *", "88 High"),
  /// and true when there was one. glance judges by its own ranges, so the flag is left out; a
  /// flag glued to a letter or a word it does not know stays and the cell is refused as before.
  static func withoutLabFlag(_ text: String) -> (text: String, flagged: Bool) {
    let bytes = Array(text.trimmingWhitespace().utf8)
    for flag in labFlags {
      let suffix = Array(flag.utf8)
      guard bytes.count > suffix.count,
        Array(bytes.suffix(suffix.count)).map(\.lowercasedASCII) == suffix.map(\.lowercasedASCII)
      else { continue }
      let head = bytes.dropLast(suffix.count)
      // "142 H", or "18.2(L)": a space before a bare flag, a digit before a bracketed one.
      let separated = head.last == UInt8(ascii: " ") || (flag.first == "(" || flag.first == "[" || flag == "*")
      guard separated else { continue }
      let value = String(decoding: head, as: UTF8.self).trimmingWhitespace()
      guard let last = value.utf8.last, last.isASCIIDigit else { continue }
      return (value, true)
    }
    return (text, false)
  }

  /// Flags labs print after a result, longest first.
  static let labFlags = [
    "abnormal", "high", "low", "(hh)", "(ll)", "[hh]", "[ll]", "(h)", "(l)", "[h]", "[l]", "(a)", "hh", "ll", "h*",
    "l*", "h", "l", "a", "*", "!",
  ]

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
    for cell in cells {
      guard let (first, second) = slashedParts(cell) else { continue }
      if first > 12 && second <= 12 {
        dayFirst = dayFirst ?? cell.trimmingWhitespace()
      } else if second > 12 && first <= 12 {
        monthFirst = monthFirst ?? cell.trimmingWhitespace()
      } else if first != second && first <= 12 && second <= 12 {
        ambiguous = ambiguous ?? cell.trimmingWhitespace()
      }
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
