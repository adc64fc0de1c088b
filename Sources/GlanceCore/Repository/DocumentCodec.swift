#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads and writes the data file.
///
/// The file is pretty JSON with each record on its own line:
///
/// ```json
/// {
///   "format": "glance-data",
///   "schemaVersion": 1,
///   "profile": {"id": "…", "name": "Me", "createdAt": "2025-01-01T09:00:00Z"},
///   "entries": [
///     {"id": "…", "markerID": "…", "dateOfService": "2025-02-15", "value": 89, "unit": "mg/dL", …}
///   ],
///   …
/// }
/// ```
///
/// Keys are those of the models' `Codable` conformances, so `JSONDecoder` reads the file into the
/// same values (`DocumentCodecTests` checks this over random documents). Unknown keys are skipped,
/// so a file from a later release of the same schema version still reads.
public enum DocumentCodec {
  /// Encodes `document`. Fails only on a value JSON cannot hold (a NaN or infinity).
  public static func encode(_ document: GlanceDocument, includeUndo: Bool = true) throws -> [UInt8] {
    try encode(document, includeUndo: includeUndo, reusing: nil).writer.bytes
  }

  /// An export: `document` with each entry's marker key and name beside its `markerID`, for
  /// people and `jq` (an import skips them).
  static func encode(_ document: GlanceDocument, labels: [UUID: (key: String, name: String)]) throws -> [UInt8] {
    try encode(document, includeUndo: false, reusing: nil, labels: labels).writer.bytes
  }

  /// About how many bytes `document` encodes to (at least as many, for the usual record).
  static func estimatedSize(_ document: GlanceDocument, reusing reuse: Reuse?) -> Int {
    // A line is about 240 bytes and its note.
    (reuse?.bytes.count ?? document.entries.reduce(0) { $0 + 240 + ($1.note?.utf8.count ?? 0) }) + 65_536
      + document.undo.count * 4096
  }

  /// Encodes `document`, copying unchanged entries and undo steps byte for byte from the file
  /// they were read from when `reuse` says which ones changed; the result lists the parts that
  /// were freshly encoded so they can be checked before the file is replaced. With `spilling`,
  /// the text goes to its sink as it is encoded, each part read back first
  /// (`Encoded.PartDoesNotReadBack` when one does not), and the result holds none of it.
  static func encode(
    _ document: GlanceDocument, includeUndo: Bool, reusing reuse: Reuse?,
    labels: [UUID: (key: String, name: String)]? = nil, spilling: Encoded.Spilling? = nil
  ) throws -> Encoded {
    try document.validateNumbers()
    // Room for the whole file up front: growing a 25 MB buffer by doubling would cost a copy and
    // twice the memory.
    let capacity = spilling.map { $0.chunkBytes + 65_536 } ?? estimatedSize(document, reusing: reuse)
    var encoded = Encoded(writer: JSONWriter(capacity: capacity), spilling: spilling)
    encoded.labels = labels
    encoded.writer.raw("{\n  ")
    encoded.writer.key("format")
    encoded.writer.string(document.format)
    encoded.writer.raw(",\n  ")
    encoded.writer.key("schemaVersion")
    encoded.writer.integer(Int64(document.schemaVersion))
    encoded.writer.raw(",\n  ")
    encoded.writer.key("profile")
    encoded.fresh(.profile) { $0.writeProfile(document.profile) }
    encoded.writer.raw(",\n  ")
    encoded.writer.key("trackedMarkers")
    encoded.fresh(.trackedMarkers) { $0.records(document.trackedMarkers) { $0.writeUserMarker($1) } }
    encoded.writer.raw(",\n  ")
    encoded.writer.key("customMarkers")
    encoded.fresh(.customMarkers) { $0.records(document.customMarkers) { $0.writeMarkerDefinition($1) } }
    encoded.writer.raw(",\n  ")
    encoded.writer.key("entries")
    try encoded.entries(document.entries, reusing: reuse)
    encoded.writer.raw(",\n  ")
    encoded.writer.key("visits")
    encoded.fresh(.visits) { $0.records(document.visits) { $0.writeVisit($1) } }
    encoded.beforeUndo = encoded.writer.count
    if includeUndo {
      encoded.writer.raw(",\n  ")
      encoded.writer.key("undo")
      try encoded.undo(document.undo, reusing: reuse)
    }
    encoded.writer.raw("\n}\n")
    try encoded.spill()
    return encoded
  }

  /// Decodes a data file (or, with `formats`, an export); errors say where (line, column) and
  /// what is wrong. A newer `schemaVersion` throws `DocumentVersionError` unless
  /// `acceptingNewer`: then what this version knows is read and the rest skipped, for display only.
  public static func decode(
    _ bytes: some ContiguousBytes, formats: Set<String> = [GlanceDocument.formatName], acceptingNewer: Bool = false
  ) throws -> GlanceDocument {
    try decode(bytes, formats: formats, selecting: .all, acceptingNewer: acceptingNewer).document
  }

  /// Decodes a data file and says where each entry and undo step sits in the bytes (nil when
  /// the file was out of order and had to be sorted: then nothing can be copied from it).
  static func decodeWithLayout(
    _ bytes: some ContiguousBytes, formats: Set<String> = [GlanceDocument.formatName]
  ) throws -> (document: GlanceDocument, layout: DocumentLayout?) {
    let (document, layout, _, _) = try decode(bytes, formats: formats, selecting: .all)
    return (document, layout)
  }

  /// Decodes a data file with only the selected entries (and the ids of all of them). A
  /// selection other than `.all` gives no layout: such a document is for display, never saved.
  static func decode(
    _ bytes: some ContiguousBytes, formats: Set<String> = [GlanceDocument.formatName],
    selecting selection: EntrySelection, wantIDs: Bool = true, acceptingNewer: Bool = false,
    releasing release: ((Int) -> Void)? = nil, skimCheckingOnceUpTo checkOnceLimit: Int = JSONReader.checkOnceLimit,
    expectingEntries expected: Int? = nil
  ) throws -> (document: GlanceDocument, layout: DocumentLayout?, allEntryIDPrefixes: [UInt64], paths: ReadPaths) {
    try JSONReader.read(bytes) { reader in
      var skimmed = false
      var idPrefixes: [UInt64] = []
      var entryRanges: [Range<Int>] = []
      var entryIDs: [UUID] = []
      var undoRanges: [(id: UUID, stored: Bool, range: Range<Int>)] = []
      var format: String?
      var schemaVersion: Int?
      var profile: Profile?
      var tracked: [UserMarker] = []
      var custom: [MarkerDefinition] = []
      var entries: [MarkerEntry] = []
      var visits: [Visit] = []
      var undo: [UndoStep] = []
      guard reader.peekAfterWhitespace() == UInt8(ascii: "{") else {
        throw reader.error("This is not a glance data file: it does not start with “{”.")
      }
      try reader.readObject { reader, key in
        switch key {
        case "format": format = try reader.readString()
        case "schemaVersion":
          schemaVersion = try reader.readInteger()
          if let version = schemaVersion, version > GlanceDocument.currentSchemaVersion, !acceptingNewer {
            throw DocumentVersionError(version: version)
          }
        case "profile": profile = try reader.readProfile()
        case "trackedMarkers": try reader.readArray { tracked.append(try $0.readUserMarker()) }
        case "customMarkers":
          try reader.readArray { custom.append(try $0.readMarkerDefinition(isSystemDefined: false)) }
        case "entries":
          if selection != .all,
            let (selected, ids) = try reader.skimEntries(
              selection, ids: wantIDs, releasing: release, checkingOnceUpTo: checkOnceLimit, expecting: expected)
          {
            entries = selected
            idPrefixes = ids
            skimmed = true
            return
          }
          // About 230 bytes a reading: one allocation instead of twenty doublings.
          entries.reserveCapacity(max(16, reader.count / 200))
          entryRanges.reserveCapacity(entries.capacity)
          entryIDs.reserveCapacity(entries.capacity)
          try reader.readArray { reader in
            let start = reader.position
            let entry = try reader.readEntry()
            entryIDs.append(entry.id)
            entryRanges.append(start..<reader.position)
            // Last use: the entry moves into the array instead of being copied and released.
            entries.append(entry)
          }
        case "visits": try reader.readArray { visits.append(try $0.readVisit()) }
        case "undo":
          try reader.readArray { reader in
            let start = reader.position
            let step = try reader.readUndoStep()
            undoRanges.append((step.id, step.storedOperations != nil, start..<reader.position))
            undo.append(step)
          }
        default: try reader.skipValue()
        }
      }
      try reader.expectEnd()
      guard let format, formats.contains(format) else {
        throw reader.error(
          "This is not a glance \(formats.contains(GlanceDocument.formatName) ? "data file" : "export"): its \"format\" is not \"\(formats.sorted().joinedText("\" or \""))\".",
          at: 0)
      }
      let version = try required(schemaVersion, "schemaVersion", in: "The document", reader, at: 0)
      guard version >= 1 else {
        throw reader.error("The schema version \(version) is not one glance ever wrote.", at: 0)
      }
      var document = GlanceDocument(
        profile: try required(profile, "profile", in: "The document", reader, at: 0),
        trackedMarkers: tracked, customMarkers: custom, entries: entries, visits: visits, undo: undo)
      document.schemaVersion = version
      document.format = format
      if skimmed {
        // Only what a screen shows was decoded; a save always reads the whole file again. The
        // skim checked every entry line and that no id repeats; the rest is checked here.
        try document.validateIdentity(reader, entries: false)
        document.normalizeOrderIfNeeded()
        return (document, nil, idPrefixes, reader.paths)
      }
      try document.validateIdentity(reader)
      let sorted = document.normalizeOrderIfNeeded()
      if selection != .all {
        document.entries = DocumentCodec.select(selection, from: document.entries)
        return (document, nil, wantIDs ? entryIDs.map { ShortID.halves($0).0 } : [], reader.paths)
      }
      let layout = sorted ? nil : DocumentLayout(entryIDs: entryIDs, entryRanges: entryRanges, undoRanges: undoRanges)
      return (document, layout, [], reader.paths)
    }
  }
}

extension DocumentCodec {
  /// True when `bytes`, just encoded from `document` with every record read back on its own
  /// (`Encoded.freshPartsReadBack`), read as `document` as a whole: the frame and every part but
  /// the entries decoded and compared, each entry line checked by the skim as the reader checks
  /// it, and as many lines as entries. The entries are not decoded a second time, so checking a
  /// 500,000-reading import does not hold two copies of it. Bytes the skim does not take are
  /// decoded whole and compared. `releasing` is told how far the entries have been read
  /// (`JSONReader.skimEntries`).
  static func readsBack(
    _ bytes: some ContiguousBytes, as document: GlanceDocument, releasing release: ((Int) -> Void)? = nil
  ) -> Bool {
    guard
      let (shell, _, ids, paths) = try? decode(
        bytes, selecting: .markers([]), wantIDs: true, releasing: release, expectingEntries: document.entries.count)
    else { return false }
    guard paths.skims == 1, paths.skimFallbacks == 0 else { return (try? decode(bytes)) == document }
    var expected = document
    expected.entries = []
    return ids.count == document.entries.count && shell == expected
  }
}

extension DocumentCodec {
  /// The selected entries of a chronological list.
  static func select(_ selection: EntrySelection, from entries: [MarkerEntry]) -> [MarkerEntry] {
    switch selection {
    case .all: return entries
    case .markers(let wanted): return entries.filter { wanted.contains($0.markerID) }
    case .latest(let limit), .latestAndNoted(let limit):
      let notes = selection == .latestAndNoted(limit)
      var counts: [UUID: Int] = [:]
      var chosen: [MarkerEntry] = []
      for entry in entries.reversed() {
        if counts[entry.markerID, default: 0] < limit {
          counts[entry.markerID, default: 0] += 1
          chosen.append(entry)
        } else if notes, entry.note != nil {
          chosen.append(entry)
        }
      }
      return chosen.reversed()
    }
  }
}

/// The file was written by a newer glance with a schema this build does not know.
public struct DocumentVersionError: Error, Equatable, Sendable {
  public var version: Int
}

extension GlanceDocument {
  /// Fails when a number has no JSON form.
  func validateNumbers() throws {
    func check(_ value: Double?, _ what: String) throws {
      if let value, !value.isFinite { throw NonFiniteNumberError(field: what) }
    }
    for entry in entries { try check(entry.value, "an entry's value") }
    for marker in trackedMarkers {
      try check(marker.customReferenceLow, "a target range")
      try check(marker.customReferenceHigh, "a target range")
    }
    for marker in customMarkers {
      for value in [
        marker.referenceLow, marker.referenceHigh, marker.plausibleMin, marker.plausibleMax,
        marker.siFactor, marker.siOffset,
      ] { try check(value, "a custom marker's range") }
    }
  }

  /// Fails when two records of one kind share an id: the file was edited into an impossible state.
  fileprivate func validateIdentity(_ reader: borrowing JSONReader, entries checkEntries: Bool = true) throws {
    if checkEntries, let duplicate = firstDuplicate(entries.map(\.id)) {
      throw reader.error("Two entries share the id \(duplicate.uuidString).", at: 0)
    }
    var visitIDs = Set<UUID>()
    for visit in visits where !visitIDs.insert(visit.id).inserted {
      throw reader.error("Two visits share the id \(visit.id.uuidString).", at: 0)
    }
    var markerIDs = Set<UUID>()
    for marker in trackedMarkers where !markerIDs.insert(marker.markerID).inserted {
      throw reader.error("A marker is tracked twice (\(marker.markerID.uuidString)).", at: 0)
    }
    var customIDs = Set<UUID>()
    for marker in customMarkers where !customIDs.insert(marker.id).inserted {
      throw reader.error("Two custom markers share the id \(marker.id.uuidString).", at: 0)
    }
  }

  /// Sorts only when a hand-edited file left the arrays out of their stored order; true when it
  /// sorted.
  @discardableResult
  fileprivate mutating func normalizeOrderIfNeeded() -> Bool {
    let entriesSorted = entries.withUnsafeBufferPointer { buffer in
      for index in buffer.indices.dropFirst() where MarkerEntry.chronological(buffer[index], buffer[index - 1]) {
        return false
      }
      return true
    }
    let visitsSorted = zip(visits, visits.dropFirst()).allSatisfy { !Visit.newestFirst($0, $1) }
    let trackedSorted = zip(trackedMarkers, trackedMarkers.dropFirst()).allSatisfy {
      $0.displayOrder <= $1.displayOrder
    }
    if entriesSorted && visitsSorted && trackedSorted { return false }
    normalizeOrder()
    return true
  }
}

/// A value with no JSON form (NaN or infinity) reached the encoder.
public struct NonFiniteNumberError: Error, Equatable, Sendable {
  public var field: String
}
