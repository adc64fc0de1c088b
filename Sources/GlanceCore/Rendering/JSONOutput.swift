#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A value of `--json` output. Objects keep the order their keys were written in, so the
/// output is stable and reads like the screen it stands for.
public indirect enum JSONValue: Equatable, Sendable {
  case object([Member])
  case array([JSONValue])
  case string(String)
  case number(Double)
  case bool(Bool)
  case null

  public struct Member: Equatable, Sendable {
    public var key: String
    public var value: JSONValue
  }

  /// An object from key-value pairs, in order.
  public static func object(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
    .object(pairs.map { Member(key: $0.key, value: $0.value) })
  }

  /// A string, or null when there is none.
  public static func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

  /// A whole number.
  public static func count(_ value: Int) -> JSONValue { .number(Double(value)) }

  /// A day as ISO 8601 (`2026-03-15`), or null.
  public static func date(_ value: CalendarDate?) -> JSONValue { value.map { .string($0.iso) } ?? .null }

  /// The value printed with two-space indents and a final newline. Every control character, the
  /// line and paragraph separators and every invisible format character (bidirectional controls,
  /// a byte-order mark, zero-width joiners) are written as `\uXXXX`, so a
  /// note holding terminal escapes reaches a terminal as text; with `asciiOnly` (`--ascii`, a
  /// non-UTF-8 locale) every character beyond ASCII is too, so the output is pure ASCII.
  public func text(asciiOnly: Bool = false) -> String {
    var output = ""
    write(to: &output, indent: 0, asciiOnly: asciiOnly)
    return output
  }

  private func write(to output: inout String, indent: Int, asciiOnly: Bool) {
    // An object or an array: each item on its own line, one level in; an empty one is `{}`/`[]`.
    func container(_ open: String, _ close: String, _ count: Int, _ item: (Int) -> Void) {
      output += open
      for index in 0..<count {
        output += (index > 0 ? "," : "") + "\n" + String(repeating: " ", count: (indent + 1) * 2)
        item(index)
      }
      if count > 0 { output += "\n" + String(repeating: " ", count: indent * 2) }
      output += close
    }
    switch self {
    case .object(let members):
      container("{", "}", members.count) { index in
        Self.writeString(members[index].key, to: &output, asciiOnly: asciiOnly)
        output += ": "
        members[index].value.write(to: &output, indent: indent + 1, asciiOnly: asciiOnly)
      }
    case .array(let values):
      container("[", "]", values.count) { index in
        values[index].write(to: &output, indent: indent + 1, asciiOnly: asciiOnly)
      }
    case .string(let value): Self.writeString(value, to: &output, asciiOnly: asciiOnly)
    case .number(let value):
      // Stored values are finite (the record rules refuse others); a non-finite one is null
      // rather than text no JSON reader accepts.
      guard value.isFinite else {
        output += "null"
        return
      }
      var writer = JSONWriter(capacity: 32)
      writer.number(value)
      output += String(decoding: writer.bytes, as: UTF8.self)
    case .bool(let value): output += value ? "true" : "false"
    case .null: output += "null"
    }
  }

  private static func writeString(_ value: String, to output: inout String, asciiOnly: Bool) {
    func escape(_ unit: UInt32) {
      let hex = String(unit, radix: 16)
      output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
    output += "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\t": output += "\\t"
      case "\r": output += "\\r"
      default:
        let code = scalar.value
        guard
          code < 0x20 || (0x7F...0x9F).contains(code) || code == 0x2028 || code == 0x2029
            || scalar.properties.generalCategory == .format || (asciiOnly && code > 0x7E)
        else {
          output.unicodeScalars.append(scalar)
          continue
        }
        if code > 0xFFFF {
          // Beyond the Basic Multilingual Plane (an emoji's tag, in --ascii any letter there): a
          // UTF-16 surrogate pair, as JSON writes it. A format character there crashed every
          // --json read (attacker review at stop 33: the Scotland flag's tags).
          let offset = code - 0x10000
          escape(0xD800 + (offset >> 10))
          escape(0xDC00 + (offset & 0x3FF))
        } else {
          escape(code)
        }
      }
    }
    output += "\""
  }
}

/// The `--json` form of every read command: one documented, versioned schema
/// (`docs/json-output.md`). Dates are ISO 8601 days, values are numbers in the marker's unit with
/// the comparator of a lab's bound (`<`, `>`) beside them, never inside.
public enum JSONOutput {
  /// Raised when a field changes meaning or goes away; new fields may appear in any version.
  public static let schemaVersion = 1

  /// The envelope every command's output shares.
  static func document(_ command: String, _ members: KeyValuePairs<String, JSONValue>) -> JSONValue {
    .object(
      [JSONValue.Member(key: "schema", value: .count(schemaVersion)), .init(key: "command", value: .string(command))]
        + members.map { JSONValue.Member(key: $0.key, value: $0.value) })
  }

  /// A status as the schema names it.
  public static func status(_ status: MarkerStatus) -> String {
    switch status {
    case .criticalLow: "critical-low"
    case .criticalHigh: "critical-high"
    case .low: "low"
    case .high: "high"
    case .watchLow: "watch-low"
    case .watchHigh: "watch-high"
    case .normal: "normal"
    case .indeterminate: "indeterminate"
    case .noRange: "no-range"
    }
  }

  static func range(_ range: ReferenceRange, yours: Bool) -> JSONValue {
    guard !range.isEmpty else { return .null }
    return .object([
      "low": range.low.map(JSONValue.number) ?? .null, "high": range.high.map(JSONValue.number) ?? .null,
      "lowStrict": .bool(range.lowStrict), "highStrict": .bool(range.highStrict), "yours": .bool(yours),
    ])
  }

  /// A marker with the range its readings are judged by.
  static func marker(_ snapshot: MarkerSnapshot) -> JSONValue {
    let definition = snapshot.definition
    return .object([
      "key": .string(definition.key), "name": .string(definition.displayName), "unit": .string(definition.unit),
      "category": .string(definition.category), "range": range(snapshot.range, yours: snapshot.rangeIsYours),
      // In the unit the person reads it in (`glance units`), as the screens show it.
      "shown": .object([
        "unit": .string(snapshot.display.unit), "range": range(snapshot.shownRange, yours: snapshot.rangeIsYours),
      ]),
    ])
  }

  /// One reading, judged as every screen judges it.
  static func reading(_ entry: MarkerEntry, in snapshot: MarkerSnapshot, shortID: String?) -> JSONValue {
    let judgement = snapshot.judgement(of: entry)
    return .object([
      "id": .string(ShortID.uuidText(entry.id).lowercased()), "shortId": .text(shortID),
      "date": .date(entry.dateOfService), "value": .number(entry.value),
      "comparator": .text(entry.comparator?.rawValue), "unit": .string(entry.unit),
      "entered": entry.entered(for: snapshot.definition).map {
        .object(["value": .number($0.value), "unit": .string($0.unit)])
      } ?? .null,
      // As the screens show it, in the unit the person reads the marker in.
      "shown": .object(["value": .number(snapshot.displayed(entry)), "unit": .string(snapshot.display.unit)]),
      "status": .string(status(judgement.status)), "statusWords": .string(judgement.words),
      // Beyond glance's plausible range: to be checked, critical or not (clinician review at
      // stop 41: a script could not tell a kept potassium of 15 from a 6.8).
      "beyondPlausible": .bool(judgement.beyondPlausible),
      // Judged in the unit typed, by the guideline's own figure for it (glucose 5.59 mmol/L
      // against below 5.6 mmol/L): the number, unit and range that decided `status`.
      "judgedAs": judgement.asEntered
        ? (entry.entered(for: snapshot.definition)).flatMap { entered in
          snapshot.siRange(of: entry).map { siRange in
            .object([
              "value": .number(entered.value), "unit": .string(entered.unit),
              // A side the person set is theirs (newcomer review at stop 38).
              "range": range(siRange, yours: snapshot.hasCustomRange),
            ])
          }
        } ?? .null : .null,
      "note": .text(entry.note),
    ])
  }

  static func trend(_ trend: Trend) -> JSONValue {
    let arrow =
      switch trend.arrow {
      case .up: "up"
      case .down: "down"
      case .none: "none"
      }
    let meaning =
      switch trend.meaning {
      case .good: "good"
      case .concerning: "concerning"
      case .neutral: "neutral"
      }
    return .object(["direction": .string(arrow), "meaning": .string(meaning)])
  }

  static func visit(_ visit: Visit, shortID: String?) -> JSONValue {
    .object([
      "id": .string(ShortID.uuidText(visit.id).lowercased()), "shortId": .text(shortID), "date": .date(visit.date),
      "type": .string(visit.visitType.rawValue), "typeName": .string(VisitsView.typeName(visit)),
      "doctor": .string(visit.doctorName), "notes": .text(visit.notes),
    ])
  }

  /// `glance --json`: every tracked marker with its latest reading and trend.
  /// `untrackedCritical`: the markers not on the list whose latest reading is past, or may be
  /// past, a critical limit (`GlanceDocument.untrackedCriticalSnapshots`), as home says them.
  public static func home(
    _ snapshots: [MarkerSnapshot], untrackedCritical: [MarkerSnapshot] = [], shortIDs: [UUID: String],
    today: CalendarDate
  ) -> JSONValue {
    document(
      "home",
      [
        "today": .date(today),
        "markers": .array(
          snapshots.map { snapshot in
            .object([
              "marker": marker(snapshot),
              "latest": snapshot.latest.map { reading($0, in: snapshot, shortID: shortIDs[$0.id]) } ?? .null,
              "trend": trend(snapshot.trend),
            ])
          }),
        "untrackedCritical": .array(
          untrackedCritical.map { snapshot in
            .object([
              "marker": marker(snapshot),
              "latest": snapshot.latest.map { reading($0, in: snapshot, shortID: shortIDs[$0.id]) } ?? .null,
            ])
          }),
      ])
  }

  /// One marker of `glance show --json`: the readings the table would list (oldest first), how
  /// many earlier ones the period holds, the trend and the summary sentence. Short ids are
  /// `shortIDs`, or made for the listed readings among `allEntryIDPrefixes`, as `show` makes them.
  public static func shown(
    _ snapshot: MarkerSnapshot, since: CalendarDate?, until: CalendarDate?, rows: Int?,
    shortIDs given: [UUID: String]? = nil, allEntryIDPrefixes: [UInt64] = [], today: CalendarDate
  ) -> JSONValue {
    let entries = ShowView.entries(snapshot, since: since, until: until)
    let listed = rows.map { Array(entries.suffix($0)) } ?? entries
    let shortIDs = given ?? ShortID.prefixes(for: listed.map(\.id), amongPrefixes: allEntryIDPrefixes)
    let period = since == nil && until == nil ? nil : ShowView.periodWords(since: since, until: until, today: today)
    return .object([
      "marker": marker(snapshot),
      "period": .object(["since": .date(since), "until": .date(until)]),
      "readingCount": .count(entries.count), "earlierCount": .count(entries.count - listed.count),
      "readings": .array(listed.map { reading($0, in: snapshot, shortID: shortIDs[$0.id]) }),
      "trend": trend(Trend.of(entries, definition: snapshot.definition, range: snapshot.range)),
      "summary": entries.isEmpty
        ? .null : .string(ShowView.summary(snapshot, entries: entries, period: period, today: today)),
    ])
  }

  /// `glance show --json`: one object per marker asked for (two for `bp`).
  public static func show(_ markers: [JSONValue]) -> JSONValue {
    document("show", ["markers": .array(markers)])
  }

  /// `glance prep --json`: the brief, item by item.
  public static func prep(_ brief: VisitBrief, shortIDs: [UUID: String]) -> JSONValue {
    let byMarker = Dictionary(brief.snapshots.map { ($0.definition.id, $0) }, uniquingKeysWith: { first, _ in first })
    func kind(_ kind: VisitPrepInsight.Kind) -> String {
      switch kind {
      case .critical: "critical"
      case .earlierCritical: "earlier-critical"
      case .recentAverage: "recent-average"
      case .outOfRange: "out-of-range"
      case .trendingUp: "trending-up"
      case .trendingDown: "trending-down"
      case .check: "check"
      }
    }
    let items: [JSONValue] = brief.items.compactMap { item in
      guard let snapshot = byMarker[item.markerID] else { return nil }
      return .object([
        "marker": .string(snapshot.definition.key), "kind": .string(kind(item.kind)),
        "text": .string(item.suggestionText),
        "readings": .array(item.triggeringValues.map { reading($0, in: snapshot, shortID: shortIDs[$0.id]) }),
      ])
    }
    return document(
      "prep",
      [
        "today": .date(brief.today), "name": .text(brief.name),
        "coming": .array(brief.comingDay.map { visit($0, shortID: shortIDs[$0.id]) }),
        "items": .array(items),
        "questions": .array(brief.questions.map { .object(["visit": .text($0.visit), "notes": .string($0.notes)]) }),
        "lastVisit": brief.last.map { visit($0, shortID: shortIDs[$0.id]) } ?? .null,
        "sinceLastVisit": .object([
          "count": .count(brief.sinceLast.reduce(0) { $0 + $1.entries.count }),
          "readings": .array(
            brief.sinceRows.map { row in
              .object([
                "marker": .string(row.snapshot.definition.key),
                "reading": reading(row.entry, in: row.snapshot, shortID: shortIDs[row.entry.id]),
              ])
            }),
        ]),
        "stale": .array(brief.stale.map(JSONValue.string)),
        // What glance checks of your own markers, as every other form of the brief says it.
        "ownMarkers": .array(brief.ownMarkersNotes.map(JSONValue.string)),
        "latest": .array(
          brief.snapshots.map { snapshot in
            .object([
              "marker": marker(snapshot),
              "latest": snapshot.latest.map { reading($0, in: snapshot, shortID: shortIDs[$0.id]) } ?? .null,
            ])
          }),
        "pastYearVisits": .array(brief.pastYear.map { visit($0, shortID: shortIDs[$0.id]) }),
      ])
  }

  /// `glance visits --json`, newest first.
  public static func visits(_ visits: [Visit], shortIDs: [UUID: String]) -> JSONValue {
    document("visits", ["visits": .array(visits.map { visit($0, shortID: shortIDs[$0.id]) })])
  }

  /// `glance visit show ID --json`.
  public static func visitShow(_ visit: Visit, shortID: String) -> JSONValue {
    document("visit show", ["visit": Self.visit(visit, shortID: shortID)])
  }

  /// `glance search QUERY --json`: every marker, visit and noted reading found.
  public static func search(
    _ results: SearchResults, document stored: GlanceDocument, library: MarkerLibrary, shortIDs: [UUID: String],
    visitIDs: [UUID: String]
  ) -> JSONValue {
    let markers = library.markers + stored.customMarkers
    // One snapshot per marker, not per reading: 10,000 matching notes each filtered the history.
    var snapshots: [UUID: MarkerSnapshot] = [:]
    func snapshot(_ definition: MarkerDefinition) -> MarkerSnapshot {
      if let known = snapshots[definition.id] { return known }
      let made = stored.snapshot(for: definition)
      snapshots[definition.id] = made
      return made
    }
    return document(
      "search",
      [
        "query": .string(results.query),
        "markers": .array(
          results.markers.map { definition in
            let snapshot = snapshot(definition)
            return .object([
              "marker": marker(snapshot),
              "latest": snapshot.latest.map { reading($0, in: snapshot, shortID: shortIDs[$0.id]) } ?? .null,
            ])
          }),
        "visits": .array(
          results.visits.map { match in
            .object(["visit": visit(match.visit, shortID: visitIDs[match.visit.id]), "field": .string(match.field)])
          }),
        "notedReadings": .array(
          results.noted.compactMap { entry in
            guard let definition = markers.first(where: { $0.id == entry.markerID }) else { return nil }
            let snapshot = snapshot(definition)
            return .object([
              "marker": .string(definition.key), "reading": reading(entry, in: snapshot, shortID: shortIDs[entry.id]),
            ])
          }),
        "differentTest": .text(results.falseFriend),
      ])
  }

  /// `glance library --json`: the markers chosen, grouped by category in display order.
  public static func library(
    markers: [MarkerDefinition], categories: [MarkerCategory], trackedIDs: Set<UUID>, query: String?
  ) -> JSONValue {
    document(
      "library",
      [
        "query": .text(query),
        "categories": .array(
          categories.compactMap { category in
            let inside = markers.filter { $0.category == category.key }
            guard !inside.isEmpty else { return nil }
            return .object([
              "key": .string(category.key), "name": .string(category.name),
              "markers": .array(
                inside.map { definition in
                  .object([
                    "key": .string(definition.key), "name": .string(definition.displayName),
                    "unit": .string(definition.unit), "siUnit": .text(definition.siUnit),
                    "range": range(definition.defaultRange, yours: false), "loinc": .text(definition.loinc),
                    "aliases": .array(definition.aliases.map(JSONValue.string)),
                    "custom": .bool(!definition.isSystemDefined), "tracked": .bool(trackedIDs.contains(definition.id)),
                  ])
                }),
            ])
          }),
      ])
  }

  /// `glance about --json`.
  public static func about(
    dataFolder: String, dataFile: String, exists: Bool, trackedMarkers: Int, readings: Int, visits: Int,
    backups: Int, library: MarkerLibrary
  ) -> JSONValue {
    document(
      "about",
      [
        "version": .string(GlanceVersion.current), "dataFolder": .string(dataFolder), "dataFile": .string(dataFile),
        "dataFileExists": .bool(exists), "trackedMarkers": .count(trackedMarkers), "readings": .count(readings),
        "visits": .count(visits), "backups": .count(backups), "libraryMarkers": .count(library.markers.count),
        "libraryCategories": .count(library.categories.count),
      ])
  }
}
