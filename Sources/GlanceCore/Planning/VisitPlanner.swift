#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Builds and edits visits from what a person typed.
public enum VisitPlanner {

  /// A new visit. Dates may be in the future (a planned visit).
  public static func make(
    date: String?, doctor: String?, type: String?, label: String?, notes: String?, today: CalendarDate, now: Timestamp
  ) throws -> Visit {
    guard let date else { throw VisitError.missing("--date") }
    guard let doctor else { throw VisitError.missing("--doctor") }
    guard let type else { throw VisitError.missing("--type") }
    var visit = Visit(
      date: try DateParser.parse(date, today: today, for: .visit), doctorName: "", visitType: .other,
      entryTimestamp: now)
    try apply(doctor: doctor, type: type, label: label, notes: notes, to: &visit)
    return visit
  }

  /// `glance visits [--type T] [--doctor NAME] [--since D]`: the visits that match every filter
  /// given, newest first. A doctor matches by the words of the name (small typos allowed), as in
  /// search; `--since` includes that day.
  public static func filter(
    _ visits: [Visit], type: String?, doctor: String?, since: String?, today: CalendarDate
  ) throws -> [Visit] {
    var list = visits.sorted(by: Visit.newestFirst)
    if let type {
      guard let wanted = VisitType(word: type) else { throw VisitError.unknownType(type) }
      list = list.filter { $0.visitType == wanted }
    }
    if let doctor {
      let matches = SearchService(markers: []).searchVisits(doctor, in: list).filter { $0.field == "doctor" }
      let ids = Set(matches.map(\.visit.id))
      list = list.filter { ids.contains($0.id) }
    }
    if let since {
      let date = try DateParser.parse(since, today: today, for: .visit)
      list = list.filter { $0.date >= date }
    }
    return list
  }

  /// Applies the given changes to `visit`; nil leaves a field as it is, "" clears label and notes.
  public static func edit(
    _ visit: Visit, date: String?, doctor: String?, type: String?, label: String?, notes: String?, today: CalendarDate
  ) throws -> Visit {
    var result = visit
    if let date { result.date = try DateParser.parse(date, today: today, for: .visit) }
    try apply(doctor: doctor, type: type, label: label, notes: notes, to: &result)
    return result
  }

  private static func apply(
    doctor: String?, type: String?, label: String?, notes: String?, to visit: inout Visit
  ) throws {
    if let doctor {
      let trimmed = doctor.trimmingWhitespaceAndNewlines()
      guard !trimmed.isEmpty else { throw VisitError.emptyDoctor }
      try InputLimits.checkName(trimmed, InputLimits.nameCharacters, "The doctor's name")
      visit.doctorName = trimmed
    }
    if let type {
      guard let parsed = VisitType(word: type) else { throw VisitError.unknownType(type) }
      visit.visitType = parsed
      // A word that is not a type name ("cardiology", "mri") becomes the label when none is given.
      if label == nil, parsed == .specialist || parsed == .imaging || parsed == .other,
        !["specialist", "imaging", "other"].contains(SearchText(type).compact)
      {
        visit.visitTypeLabel = capitalizedWords(type.trimmingWhitespace())
      }
    }
    if let label {
      visit.visitTypeLabel = clean(label)
      if let cleaned = visit.visitTypeLabel {
        try InputLimits.checkName(cleaned, InputLimits.nameCharacters, "The label")
      }
    }
    if let notes {
      visit.notes = clean(notes)
      try InputLimits.check(notes, InputLimits.visitNotesCharacters, "The visit note")
    }
  }

  private static func clean(_ text: String) -> String? {
    text.trimmingWhitespaceAndNewlines().isEmpty ? nil : text
  }
}

/// "cardiology" → "Cardiology", "eye clinic" → "Eye Clinic"; initials stay initials: "mri" →
/// "MRI", "ct scan" → "CT Scan".
func capitalizedWords(_ text: String) -> String {
  let initials: Set<String> = ["mri", "ct", "pet", "ent", "ecg", "ekg", "eeg", "gi", "ob", "gyn", "obgyn"]
  return text.split(separator: " ", omittingEmptySubsequences: false).map { word in
    initials.contains(word.lowercased()) ? word.uppercased() : word.prefix(1).uppercased() + word.dropFirst()
  }.joinedText(" ")
}

/// A visit's fields as typed (`--date`, `--doctor`, …); nil where not given.
public struct VisitFields: Equatable, Sendable {
  public var date: String?
  public var doctor: String?
  public var type: String?
  public var label: String?
  public var notes: String?

  public init(
    date: String? = nil, doctor: String? = nil, type: String? = nil, label: String? = nil, notes: String? = nil
  ) {
    (self.date, self.doctor, self.type, self.label, self.notes) = (date, doctor, type, label, notes)
  }

  /// True when no field was given.
  public var isEmpty: Bool { self == VisitFields() }
}

extension VisitPlanner {
  /// A new visit from typed fields.
  public static func make(_ fields: VisitFields, today: CalendarDate, now: Timestamp) throws -> Visit {
    try make(
      date: fields.date, doctor: fields.doctor, type: fields.type, label: fields.label, notes: fields.notes,
      today: today, now: now)
  }

  /// `visit` with the typed fields changed.
  public static func edit(_ visit: Visit, _ fields: VisitFields, today: CalendarDate) throws -> Visit {
    try edit(
      visit, date: fields.date, doctor: fields.doctor, type: fields.type, label: fields.label, notes: fields.notes,
      today: today)
  }

  /// How many saved visits `visit` repeats: the same day, type (and its label) and doctor, the
  /// doctor's name compared without case, spaces or punctuation ("dr patel" is "Dr. Patel").
  public static func repeats(of visit: Visit, in visits: [Visit]) -> Int {
    // A name of punctuation only ("...") is compared as typed: it has no letters to compare
    // (attacker's third look at stop 34: "..." repeated ",,,").
    func person(_ name: String) -> String {
      let compact = SearchText(name).compact
      return compact.isEmpty ? "\u{0}" + name.trimmingWhitespace() : compact
    }
    let doctor = person(visit.doctorName)
    let label = visit.visitTypeLabel?.lowercased()
    return visits.filter {
      $0.date == visit.date && $0.visitType == visit.visitType && $0.visitTypeLabel?.lowercased() == label
        && person($0.doctorName) == doctor
    }.count
  }

  /// "Physical with Dr. Lee on Jun 10, 2025 is already saved. Add it again?"
  public static func repeatQuestion(_ visit: Visit) -> String {
    "\(VisitsView.typeName(visit)) with \(visit.doctorName) on \(DateText.long(visit.date)) is already saved. Add it again?"
  }

  /// Saves a new visit. `asked`: how many saved visits it repeated when the person was asked
  /// (nil with `--yes`); a repeat saved meanwhile by another glance refuses it, so what was
  /// confirmed is what is saved (a repeated reading is refused the same way).
  public static func add(_ visit: Visit, summary: String, asked: Int?, repository: any DataRepository) throws {
    try repository.write(summary: summary) { transaction in
      if let asked, repeats(of: visit, in: transaction.document.visits) > asked {
        throw ConcurrentChangeError.visitAppeared
      }
      transaction.apply(.putVisit(visit))
    }
  }

  /// "Dec 3, 2025, physical with Dr. Lee — “Recheck lipids”", for the Was:/Now: lines.
  public static func describe(_ visit: Visit) -> String {
    "\(DateText.long(visit.date)), \(VisitsView.typeName(visit)) with \(visit.doctorName)"
      + (visit.notes.map { " — \(quoted(ShowView.firstLine($0)))" } ?? "")
  }
}

public enum VisitError: GlanceError, Equatable {
  case missing(String)
  case unknownType(String)
  case emptyDoctor

  public var message: String {
    switch self {
    case .missing(let what):
      "A visit needs \(what), e.g. glance visit add --date yesterday --doctor \"Dr. Patel\" --type physical"
    case .unknownType(let word):
      "\(quoted(word)) is not a visit type glance knows. Use \(VisitType.typeWords) (with --label for other)."
    case .emptyDoctor: "The doctor's name is empty. Use --doctor \"Dr. Patel\" (any name or place is fine)."
    }
  }

  public var kind: ErrorKind { .refused }
}
