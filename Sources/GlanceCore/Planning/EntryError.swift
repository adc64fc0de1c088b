#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Why a value, unit, date or marker was refused, in words that say how to fix it.
public enum EntryError: Error, Equatable, Sendable {
  case emptyValue
  case invalidValue(String)
  /// More digits than a value glance keeps (`ValueParser.maximumDigits`).
  case tooManyDigits(String)
  case decimalComma(String)
  case unknownUnit(unit: String, marker: String, accepted: [String])
  case noConversion(unit: String, marker: String)
  case futureDate(CalendarDate)
  case dateTooEarly(CalendarDate)
  case dateTooFarAhead(CalendarDate)
  case valueTooLarge(String)
  /// A value from a file that is larger than glance keeps (the value itself is not repeated).
  case valueOutOfRange
  /// A reading's source that no glance writes.
  case unknownSource
  /// Text that must not be empty: `what` is "The doctor's name"…
  case emptyText(String)
  /// A name with a line break or a control character: `what` is "The doctor's name"…
  case controlCharacter(String)
  /// Text longer than glance keeps: `what` is "The note", "The doctor's name"…
  case tooLong(what: String, limit: Int)
  case invalidDate(String)
  case ambiguousDate(String)
  /// "1.250" in a file whose decimal mark is a comma: 1250 or 1.25?
  case ambiguousNumber(String)
  case unknownMarker(String)
  /// A word for a different test than the library marker it sounds like, with the reason.
  case falseFriend(String, String)
  case ambiguousMarker(String, [String])
  /// A word that only qualifies a test ("free", "ratio", "direct"), with the markers it may mean.
  case partialName(String, [String])
  /// The value typed before the marker ("glance add 61 hdl"): the marker's key.
  case markerAfterValue(String)
  case bloodPressureFormat(String)
  /// Both blood-pressure numbers typed at the panel's diastolic prompt.
  case bloodPressureAtDiastolic(String)
  case negativeNotAllowed(String)
  /// A lab's bound at or under zero (">=0", "<0"): it says nothing of a result.
  case boundAtZero(String, String)
  /// A test's name ending in one unit ("LDL mmol/L") with a value in another.
  case twoUnits(name: String, inName: String, typed: String)
  /// A test's name ending in a word that is only part of a unit ("LDL mmol"): the word and a
  /// whole unit it begins.
  case partOfUnit(name: String, word: String, unit: String)
}

extension EntryError: GlanceError {
  public var message: String {
    switch self {
    case .emptyValue:
      return "The value is empty. Type a number, like 89 or 5.6."
    case .invalidValue(let text):
      return "\(quoted(text)) is not a number glance can record. Type it as the lab printed it: 89, 5.6, <0.5 or >90."
    case .tooManyDigits(let text):
      return "\(quoted(text)) has more than \(ValueParser.maximumDigits) digits, more than glance keeps. "
        + "Type it as the lab printed it: 89, 5.6, <0.5 or >90."
    case .decimalComma(let text):
      return "\(quoted(text)) has a comma. Please use a dot for decimals (5.6) and no thousands separators (1200)."
    case .unknownUnit(let unit, let marker, let accepted):
      return
        "glance doesn't know the unit \(quoted(unit)) for \(marker). It takes \(accepted.joinedText(" or ")). A number without a unit is read as \(accepted[0]), so leave the unit out only when the report uses \(accepted[0])."
    case .noConversion(let unit, let marker):
      return
        "glance can't convert \(quoted(unit)) for \(marker): there is no fixed conversion between the units. Enter a result only when the report gives it in the marker's own unit; a number typed without a unit is read in that unit."
    case .futureDate(let date):
      return "\(DateText.long(date)) is in the future. Readings can only be recorded for today or earlier."
    case .dateTooEarly(let date):
      return "\(DateText.long(date)) is before 1900. glance keeps readings and visits from 1900 on."
    case .dateTooFarAhead(let date):
      return
        "\(DateText.long(date)) is more than \(DateParser.visitYearsAhead) years ahead. Plan visits up to \(DateParser.visitYearsAhead) years ahead."
    case .valueTooLarge(let text):
      return
        "\(quoted(text)) is larger than any reading glance keeps (up to \(ValueParser.maximumMagnitudeText) either way). Check the number and try again."
    case .valueOutOfRange:
      return
        "The value is beyond any reading glance keeps (up to \(ValueParser.maximumMagnitudeText) either way, and 0 or at least 0.00000000000001)."
    case .unknownSource:
      return "Its source is not one glance writes (quickAdd, batchEntry, import or demo)."
    case .emptyText(let what):
      return "\(what) is empty."
    case .controlCharacter(let what):
      return "\(what) has a line break or a control character in it. Type it as one line of plain text."
    case .tooLong(let what, let limit):
      return "\(what) is longer than glance keeps (\(InputLimits.text(limit)) characters). Shorten it and try again."
    case .invalidDate(let text):
      return DateParser.isMonthOnly(text)
        ? "\(quoted(text)) has no day: \(DateText.monthOnlyHint)."
        : "glance can't read the date \(quoted(text)). \(DateText.examples)"
    case .ambiguousNumber(let text):
      return
        "\(quoted(text)) could be a thousand and more or a decimal (this file writes decimals with a comma). Write it without a thousands separator, e.g. 1250 or 1,25."
    case .ambiguousDate(let text):
      return "\(quoted(text)) could mean two different days (month/day or day/month). \(DateText.examples)"
    case .partOfUnit(let name, let word, let unit):
      return
        "\(quoted(name)) ends in \(quoted(word)), part of a unit such as \(unit): glance will not guess the rest. Give the whole unit after the number (or in the column's name), or leave the word out."
    case .twoUnits(let name, let inName, let typed):
      return
        "\(quoted(name)) says two units, \(inName) and \(typed), and glance will not choose one: give only the one the value is in."
    case .falseFriend(let text, let explanation):
      return "glance doesn't file \(quoted(text)) under a library marker. \(explanation)"
    case .unknownMarker(let text):
      return
        "glance doesn't know a marker called \(quoted(text)). See the library with: glance library \(ShellQuote.quote(text))\nOr add your own with: glance custom \(ShellQuote.quote(text)) --unit UNIT"
    case .ambiguousMarker(let text, let candidates):
      return "\(quoted(text)) could be several markers:\n"
        + candidates.map { "  " + $0 }.joinedText("\n")
        + "\nType one of the keys in brackets instead, e.g. \(quoted(candidates.first.map(Self.key(of:)) ?? "hdl"))."
    case .partialName(let text, let candidates):
      return "\(quoted(text)) alone doesn't say which test. glance has:\n"
        + candidates.map { "  " + $0 }.joinedText("\n")
        + "\nIf it is one of these, type its key in brackets, e.g. \(quoted(candidates.first.map(Self.key(of:)) ?? "hdl")). For another test, add your own marker: glance custom NAME --unit UNIT"
    case .markerAfterValue(let key):
      return "The marker comes first, then the value: glance add \(ShellQuote.key(key)) VALUE"
    case .bloodPressureFormat(let text):
      return
        "\(quoted(text)) is not a blood pressure reading. Type it as top/bottom numbers, like: glance add bp 120/80"
    case .bloodPressureAtDiastolic:
      return "This prompt takes the diastolic (lower) number only; a pair such as 120/80 goes at the systolic prompt."
    case .negativeNotAllowed(let text):
      return "\(text) can't be negative. Check the number and try again."
    case .boundAtZero(let marker, let text):
      return
        "A bound at or below zero (\(quoted(TerminalText.cut(text, limit: 20)))) says nothing about \(EntryChecks.article(marker)) \(marker) result. Type the number the report gives."
    }
  }

  public var kind: ErrorKind { .refused }

  /// The message without the value it is about, for a file's refusal: it names the row and the
  /// test, never the result (attacker review at stop 33: "“130 furlongs mg/dL” is not a number").
  public var messageNamingNoValue: String {
    switch self {
    case .invalidValue, .tooManyDigits:
      "the result is not a number glance can record. Write it as the lab printed it: 89, 5.6, <0.5 or >90."
    case .decimalComma:
      "the result has a comma. Write decimals with a dot (5.6) and no thousands separators (1200)."
    case .valueTooLarge:
      "the result is larger than any reading glance keeps (up to \(ValueParser.maximumMagnitudeText) either way)."
    case .ambiguousNumber:
      "the result could be a thousand and more or a decimal (this file writes decimals with a comma). Write it without a thousands separator, e.g. 1250 or 1,25."
    case .bloodPressureFormat:
      "the result is not a blood pressure reading. Write it as top/bottom numbers, like 120/80."
    default: message
    }
  }

  /// `error`'s message as a file's refusal says it: an entry error without its value.
  static func messageNamingNoValue(_ error: any Error) -> String {
    if let entry = error as? EntryError { return entry.messageNamingNoValue }
    return (error as? any GlanceError)?.message ?? "\(error)"
  }

  /// The key at the end of a candidate line ("HDL Cholesterol (hdl)").
  private static func key(of line: String) -> String {
    guard let open = line.lastIndex(of: "("), line.hasSuffix(")") else { return line }
    return String(line[line.index(after: open)..<line.index(before: line.endIndex)])
  }
}
