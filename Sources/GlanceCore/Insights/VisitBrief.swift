/// Everything the brief for the next visit says, worked out once: the terminal's `prep`, its
/// Markdown and its printable page all render this (issue 14).
public struct VisitBrief: Sendable {
  /// The person's name, when they gave one (not the default "Me").
  public var name: String?
  public var today: CalendarDate
  /// One item per marker, critical first (`InsightsEngine`).
  public var items: [VisitPrepInsight]
  /// Every tracked marker, in tracking order.
  public var snapshots: [MarkerSnapshot]
  /// The next visit (today or later), if one is planned.
  public var coming: Visit?
  /// Every visit planned on the coming visit's day (a blood draw and a physical), first entered
  /// first: their notes are all "your questions".
  public var comingDay: [Visit]
  /// The visit "since your last visit" counts from: the last one of the coming visit's type, else
  /// the last physical, else the last visit of any kind.
  public var last: Visit?
  /// Each marker's readings dated after `last` (none without a last visit), oldest first.
  public var sinceLast: [(snapshot: MarkerSnapshot, entries: ArraySlice<MarkerEntry>)]
  /// "Your latest Thyroid results are from Mar 2024 (2 years ago)."
  public var stale: [String]
  /// Visits in the year before today, newest first.
  public var pastYear: [Visit]
  /// Every visit.
  public var visits: [Visit]

  /// A marker's latest reading older than this many months is named as old.
  public static let staleMonths = 12

  public init(document: GlanceDocument, snapshots: [MarkerSnapshot], items: [VisitPrepInsight], today: CalendarDate) {
    self.init(
      name: document.profile.name, snapshots: snapshots, items: items, visits: document.visits, today: today)
    untrackedReadings = !document.entries.isEmpty && !snapshots.contains { $0.latest != nil }
  }

  /// True when the folder holds readings but none of a marker the brief covers (every marker with
  /// readings untracked): never "No readings yet" over them (attacker's second look at stop 40).
  public var untrackedReadings = false

  public init(
    name: String?, snapshots: [MarkerSnapshot], items: [VisitPrepInsight], visits: [Visit], today: CalendarDate
  ) {
    // "Me", the profile's default name, names nobody on a page for a doctor.
    let name = name?.trimmingWhitespaceAndNewlines() ?? ""
    self.name = name.isEmpty || name == Profile.unnamed ? nil : name
    self.today = today
    self.items = items
    self.snapshots = snapshots
    self.visits = visits
    coming = Self.coming(visits, today: today)
    let comingDate = coming?.date
    comingDay = visits.filter { $0.date == comingDate }.sorted { $0.entryTimestamp < $1.entryTimestamp }
    let past = visits.filter { $0.date < today }.sorted(by: Visit.newestFirst)
    last = Self.last(past, coming: coming)
    let since = last?.date
    sinceLast = snapshots.compactMap { snapshot in
      guard let since else { return nil }
      // Oldest first: the readings after the visit are the end of the list, copied at once.
      let start = snapshot.entries.withUnsafeBufferPointer { entries in
        var start = entries.count
        while start > 0, entries[start - 1].dateOfService > since { start -= 1 }
        return start
      }
      // A slice of the snapshot's readings, not a copy of them.
      return start == snapshot.entries.count ? nil : (snapshot, snapshot.entries[start...])
    }
    stale = Self.stale(snapshots, today: today)
    let yearAgo = today.adding(months: -12) ?? today
    pastYear = past.filter { $0.date >= yearAgo }
  }

  /// The next visit: the first on or after today.
  static func coming(_ visits: [Visit], today: CalendarDate) -> Visit? {
    visits.filter { $0.date >= today }.min { ($0.date, $0.entryTimestamp) < ($1.date, $1.entryTimestamp) }
  }

  /// The visit "since your last visit" counts from, of `past` (newest first).
  static func last(_ past: [Visit], coming: Visit?) -> Visit? {
    past.first { coming != nil && $0.visitType == coming?.visitType && $0.visitTypeLabel == coming?.visitTypeLabel }
      ?? past.first { $0.visitType == .physical } ?? past.first
  }

  /// The day after which a reading in a critical limit is an item of prep though the latest is
  /// not: the last visit's, else a year before today (`staleMonths`).
  public static func criticalSince(visits: [Visit], today: CalendarDate) -> CalendarDate {
    let past = visits.filter { $0.date < today }.sorted(by: Visit.newestFirst)
    return last(past, coming: coming(visits, today: today))?.date ?? today.adding(months: -staleMonths) ?? today
  }

  /// One sentence per category whose latest readings are all older than `staleMonths`: the
  /// marker named when it is the only one of its category, else the category.
  static func stale(_ snapshots: [MarkerSnapshot], today: CalendarDate) -> [String] {
    // Each marker's name and latest day only: a snapshot is a large value, and grouping copies
    // of 25 of them cost prep a page fault in ten.
    typealias Marker = (displayName: String, latest: CalendarDate)
    var groups: [(category: String, markers: [Marker])] = []
    for snapshot in snapshots {
      guard let latest = snapshot.latest?.dateOfService else { continue }
      let key = snapshot.definition.isSystemDefined ? snapshot.definition.category : snapshot.definition.key
      let marker = (snapshot.definition.displayName, latest)
      if let index = groups.firstIndex(where: { $0.category == key }) {
        groups[index].markers.append(marker)
      } else {
        groups.append((key, [marker]))
      }
    }
    func isStale(_ date: CalendarDate) -> Bool { DateText.wholeMonths(from: date, to: max(date, today)) >= staleMonths }
    func month(_ date: CalendarDate) -> String { DateText.shortMonth(date.month) + " \(date.year)" }
    var sentences: [String] = []
    for group in groups {
      let old = group.markers.filter { isStale($0.latest) }
      guard !old.isEmpty else { continue }
      // The whole group from one month: named by its category. Otherwise each month's markers by
      // name, so a recent LDL never hides a 2-year-old HDL (newcomer review).
      let months = Dictionary(grouping: old) { month($0.latest) }
      if old.count == group.markers.count, months.count == 1, old.count > 1 {
        let latest = old.map(\.latest).max()!
        let name = MarkerLibrary.builtIn.categories.first { $0.key == group.category }?.name ?? group.category
        // With the tests it means (newcomer review this session: "Your latest Heart results" read
        // as if Heart were a test).
        let tests = old.map(\.displayName)
        let named = tests.count <= 4 ? inWords(tests) : inWords(Array(tests.prefix(3)) + ["\(tests.count - 3) more"])
        sentences.append(
          "Your latest \(name.lowercased()) results (\(named)) are from \(month(latest)) (\(DateText.relative(latest, today: today)))."
        )
        continue
      }
      // Newest month first, each month's markers in tracking order.
      var done = Set<String>()
      for marker in old.sorted(by: { $0.latest > $1.latest }) {
        let key = month(marker.latest)
        guard done.insert(key).inserted, let same = months[key] else { continue }
        let latest = same.map(\.latest).max()!
        let names = same.map(\.displayName)
        let what =
          names.count == 1
          ? names[0] + (names[0].hasSuffix("s") ? " are" : " is")
          : inWords(names) + " results are"
        sentences.append(
          "Your latest \(what) from \(month(latest)) (\(DateText.relative(latest, today: today))).")
      }
    }
    return sentences
  }

  /// "Lab work with Dr. Patel on Jan 1, 2027 (in 1 month)"; every visit of that day.
  public var comingLine: String? {
    guard let coming else { return nil }
    let visits = comingDay.map { "\(VisitsView.typeName($0)) with \($0.doctorName)" }.joinedText(" and ")
    return "\(visits) on \(DateText.long(coming.date)) (\(DateText.relative(coming.date, today: today)))"
  }

  /// The notes of the coming day's visits, then of every later planned visit (newcomer review at
  /// stop 34: a blood draw a week before the physical hid the physical's questions); each named
  /// when there are several, a later visit with its day.
  public var questions: [(visit: String?, notes: String)] {
    let later = visits.filter { visit in coming.map { visit.date > $0.date } ?? false }
      .sorted { ($0.date, $0.entryTimestamp) < ($1.date, $1.entryTimestamp) }
    let noted = (comingDay + later).compactMap { visit in visit.notes.map { (visit, $0) } }
    return noted.map { visit, notes in
      let name = "\(VisitsView.typeName(visit)) with \(visit.doctorName)"
      if visit.date != coming?.date { return (name + ", " + DateText.long(visit.date), notes) }
      return (noted.count > 1 ? name : nil, notes)
    }
  }

  /// What the brief says when it raises nothing: that nothing is flagged, or, in a folder
  /// without readings, that there are none yet (never "nothing flagged" over nothing).
  public var nothingRaised: String {
    guard snapshots.contains(where: { $0.latest != nil }) else {
      if untrackedReadings {
        return
          "None of the markers you track has readings; your other readings are kept: glance search lists them, glance track MARKER follows one again."
      }
      return "No readings yet: glance add NAME VALUE records one, glance import FILE brings in a sheet."
    }
    // Custom markers are not judged (but for a test's critical limits): "nothing is flagged" is
    // said of the library's (clinician's second look at stop 36: the Markdown and HTML briefs
    // said "Nothing in your readings is flagged" beside them).
    return snapshots.contains { !$0.definition.isSystemDefined && $0.latest != nil }
      ? "Nothing in your library markers' readings is flagged for your next visit."
      : "Nothing in your readings is flagged for your next visit."
  }

  /// What glance checks of the person's own markers with readings, said in every form of the
  /// brief: nothing, the range the person gave one (judged on home and in show), or a test's
  /// critical limits (a random glucose). The brief raises nothing else about them (PRD: no
  /// insights for custom markers).
  public var ownMarkersNotes: [String] {
    let own = snapshots.filter { !$0.definition.isSystemDefined && $0.latest != nil }
    func names(leftOut: Bool, ranged: Bool) -> String? {
      let matching = own.filter { ($0.leftOut != nil) == leftOut && !$0.range.isEmpty == ranged }
      return matching.isEmpty ? nil : "Your own markers (\(matching.map(\.definition.displayName).joinedText(", ")))"
    }
    let shown = "on the home screen and in glance show"
    return [
      names(leftOut: false, ranged: false).map {
        "\($0) are not judged: glance knows no range for them, and raises nothing about them here."
      },
      names(leftOut: false, ranged: true).map {
        "\($0) are judged only by the range you gave them, \(shown); glance raises nothing about them here."
      },
      names(leftOut: true, ranged: false).map {
        "\($0) are checked only against the critical limits of the tests they are; glance raises nothing else about them here."
      },
      names(leftOut: true, ranged: true).map {
        "\($0) are checked against the critical limits of the tests they are, and judged by the range you gave them \(shown); glance raises nothing else about them here."
      },
    ].compactMap { $0 }
  }

  /// "3 readings", or "more than 1,500 readings" when a marker's readings since the visit reach
  /// past what prep reads (`InsightsEngine.readingsConsidered` per marker).
  public var sinceCount: String {
    let count = sinceTotal
    let capped = sinceLast.contains {
      $0.entries.count == $0.snapshot.entries.count && $0.entries.count >= InsightsEngine.readingsConsidered
    }
    return (capped ? "more than " : "") + counted(count, "reading")
  }

  /// How many readings came in since the last visit (of those prep read).
  public var sinceTotal: Int { sinceLast.reduce(0) { $0 + $1.entries.count } }

  /// Each marker's latest reading since the last visit and how many it had, in the order of
  /// those latest readings: prep lists one row a marker, so a lab result is never pushed out by
  /// daily home readings (newcomer review at stop 33: the latest 12 readings could all be home
  /// blood pressure and weight, and the LDL from the lab was not in the brief).
  public var sinceLatest: [(snapshot: MarkerSnapshot, entry: MarkerEntry, count: Int)] {
    // Each slice is oldest first: its last reading is the marker's latest.
    sinceLast.compactMap { item in item.entries.last.map { (item.snapshot, $0, item.entries.count) } }
      .sorted { MarkerEntry.chronological($0.entry, $1.entry) }
  }

  /// Every reading since the last visit, oldest first.
  public var sinceRows: [(snapshot: MarkerSnapshot, entry: MarkerEntry)] {
    // NB: positions are sorted and each row is built once: a snapshot is a large value, and
    // sorting the rows themselves moved it (and retained its arrays) at every step.
    let entries = sinceLast.flatMap(\.entries)
    var groups: [Int] = []
    groups.reserveCapacity(entries.count)
    for (group, item) in sinceLast.enumerated() { groups += repeatElement(group, count: item.entries.count) }
    let order = entries.indices.sorted { MarkerEntry.chronological(entries[$0], entries[$1]) }
    return order.map { (sinceLast[groups[$0]].snapshot, entries[$0]) }
  }

  /// "Physical with Dr. Patel, Nov 1, 2026".
  public var lastLine: String? {
    last.map { "\(VisitsView.typeName($0)) with \($0.doctorName), \(DateText.long($0.date))" }
  }

  /// Every marker with a reading, for a table of latest values: the markers with an item first,
  /// in the items' order (newcomer review at stop 34: the Markdown table's sixth row was the
  /// second item), then the others most severe first (near a limit before in range), in
  /// tracking order within each.
  public var latestValues: [MarkerSnapshot] {
    let first = flagged.filter { $0.latest != nil }
    let ids = Set(first.map(\.definition.id))
    let rest = snapshots.filter { $0.latest != nil && !ids.contains($0.definition.id) }.enumerated().sorted {
      lhs, rhs in
      let left = lhs.element.status?.severity ?? 0
      let right = rhs.element.status?.severity ?? 0
      return left != right ? left > right : lhs.offset < rhs.offset
    }.map(\.element)
    return first + rest
  }

  /// The markers with an item, in the items' order, each once (newcomer's second look at stop
  /// 41: blood pressure with a critical item and an average was listed twice in Latest values).
  public var flagged: [MarkerSnapshot] {
    var seen = IDSet()
    return items.compactMap { item in
      guard seen.insert(item.markerID) else { return nil }
      return snapshots.first { $0.definition.id == item.markerID }
    }
  }
}
