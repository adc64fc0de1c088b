/// The lines `glance add` and `glance batch` print after saving.
public enum SavedView {
  /// "Saved HDL 89 mg/dL on Feb 15, 2025 · ✓ in range · trend ↓ falling (worth watching)"; a
  /// critical reading gets the advice line under it.
  public static func line(_ entry: MarkerEntry, document: GlanceDocument, library: MarkerLibrary, style: OutputStyle)
    -> String
  {
    guard let definition = document.definition(for: entry.markerID, library: library) else { return "Saved." }
    let snapshot = document.snapshot(for: definition)
    let judgement = snapshot.judgement(of: entry)
    var parts = ["Saved \(definition.shortName) \(snapshot.judgedText(entry)) on \(DateText.long(entry.dateOfService))"]
    if judgement.status != .noRange { parts.append(judgement.badge(style) + " " + judgement.words) }
    let trend = snapshot.trend
    // What the trend counts: a day's last reading, never a bound (`<0.1`). Clinician review:
    // three readings on one morning said "2 of 3", then nothing, as if they made a trend.
    let counted = snapshot.trendReadings(snapshot.entries)
    if trend.arrow != .none {
      parts.append("trend " + trend.badge(style) + " " + trend.words)
    } else if !counted.isEmpty, counted.count < Trend.minimumRun {
      let sameDay = zip(snapshot.entries, snapshot.entries.dropFirst()).contains {
        $0.dateOfService == $1.dateOfService
      }
      parts.append(
        "\(counted.count) of \(Trend.minimumRun) readings for a trend" + (sameDay ? " (one a day counts)" : ""))
    }
    let line = parts.joinedText(" · ")
    return judgement.criticalSentence.map { line + "\n" + $0 } ?? line
  }

  /// "Converted 3.2 mmol/L to 124 mg/dL." when the value was typed in a unit other than the one
  /// the person reads (`snapshot.display`), said in that one as the saved reading will be shown
  /// (by their range and units: `GlanceDocument.judging`).
  public static func converted(_ draft: EntryDraft, snapshot: MarkerSnapshot) -> String? {
    guard draft.convertedFrom != nil, let entered = draft.entered,
      UnitConverter.normalize(entered.unit) != UnitConverter.normalize(snapshot.display.unit),
      // "Converted 4.8 mmol/L to 4.8 mEq/L" says nothing (attacker's second look at stop 34).
      !snapshot.sameNumber(in: entered.unit)
    else { return nil }
    let text = snapshot.text(of: draft)
    // As the report prints it: "6.0 mmol/L", with the decimals labs use in that unit; a unit of
    // no such choice (a count per µL) as typed, never "1500.0 /µL".
    let places =
      UnitConverter.normalize(entered.unit) == UnitConverter.normalize(draft.marker.siUnit ?? "")
      ? DisplayUnit.of(draft.marker, unit: entered.unit)?.decimals : nil
    let from = ValueText.withUnit(entered.value, draft.comparator, entered.unit, places: places)
    return "Converted \(from) to \(text)."
  }
}
