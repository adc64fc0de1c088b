/// What judges a result an import leaves out for a critical limit, so a critical one is named
/// (never valued) while it stays out: a test glance leaves out but knows the limits of (a random
/// glucose, `LeftOutCritical`), or, for a name with a control or invisible character (which names
/// no marker), the test its letters spell: a library marker's limits, or a left-out test's.
/// One judge for every layout and for FHIR (attacker review at stop 37: a wide sheet's
/// "Pota<ZWJ>ssium" 7.5 and a FHIR "Random<ZWSP>glucose" 30 went unsaid; only a lab report's
/// rows were named).
struct LeftOutJudge {
  /// The left-out test whose limits judge it.
  var test: LeftOutCritical?
  /// The library marker a garbled name's letters spell.
  var marker: MarkerDefinition?
  /// The name had a control or invisible character.
  var garbled: Bool

  /// Why it was left out, as the summary names it.
  var why: String { garbled ? "a control character in its name" : test?.why ?? "no marker" }

  /// Why `typed` was left out: `why`, and for an ionized calcium whose value is a usual total
  /// calcium's (a whole-blood "Calcium" of 9.5 mg/dL), that too: a mislabelled total is likelier
  /// (clinician review at stop 38). Never the value.
  func why(_ typed: TypedValue, unit: String?, markers: [MarkerDefinition]) -> String {
    guard test == .ionizedCalcium, let calcium = markers.first(where: { $0.key == "calcium" }),
      let draft = try? EntryPlanner.draft(
        calcium, typed: TypedValue(value: typed.value, comparator: typed.comparator, unit: nil),
        unit: typed.unit ?? unit, date: CalendarDate(dayNumber: 0)!, note: nil, existing: []),
      draft.comparator == nil,
      Judgement.of(draft.value, comparator: nil, range: calcium.defaultRange, rule: nil).status
        == .normal
    else { return why }
    return why + "; as a total calcium it would be within its range: if the report says it is total calcium, "
      + "import it as Calcium"
  }

  /// The judge of a test `name` that names no marker; nil when nothing judges it.
  static func of(_ name: String, among markers: [MarkerDefinition], search: SearchService) -> LeftOutJudge? {
    do {
      _ = try MarkerResolver.markers(name, among: markers, search: search)
      return nil
    } catch {
      return of(name, refused: error, among: markers, search: search)
    }
  }

  /// The same for a `name` the resolver refused with `error`.
  static func of(_ name: String, refused error: EntryError, among markers: [MarkerDefinition], search: SearchService)
    -> LeftOutJudge?
  {
    guard MarkerResolver.hasControlCharacter(name) else {
      return FalseFriends.leftOutCritical(of: error).map { LeftOutJudge(test: $0, marker: nil, garbled: false) }
    }
    let letters = String(String.UnicodeScalarView(name.unicodeScalars.filter { !MarkerResolver.isControl($0) }))
    do {
      let found = try MarkerResolver.markers(letters, among: markers, search: search)
      guard found.count == 1, found[0].isSystemDefined else { return nil }
      return LeftOutJudge(test: nil, marker: found[0], garbled: true)
    } catch {
      // Another test glance judges for a critical limit ("Random<ZWSP>glucose": third look at
      // stop 36).
      return FalseFriends.leftOutCritical(of: error).map { LeftOutJudge(test: $0, marker: nil, garbled: true) }
    }
  }

  /// True when `typed` (as the file gave it; `unit` its column's or row's, nil when none) is
  /// past a critical limit of the test this judge names.
  func isCritical(_ typed: TypedValue, unit: String?, markers: [MarkerDefinition]) -> Bool {
    let unit = typed.unit ?? unit
    if let test {
      return test.isCritical(
        typed.value, comparator: typed.comparator, unit: unit, markers: markers)
    }
    guard let marker,
      let draft = try? EntryPlanner.draft(
        marker, typed: TypedValue(value: typed.value, comparator: typed.comparator, unit: nil), unit: unit,
        date: CalendarDate(dayNumber: 0)!, note: nil, existing: [])
    else { return false }
    return Importer.anyCritical(drafts: [draft])
  }
}
