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
    try document.validateNumbers()
    var writer = JSONWriter(capacity: 256 + document.entries.count * 240)
    writer.raw("{\n  ")
    writer.key("format")
    writer.string(document.format)
    writer.raw(",\n  ")
    writer.key("schemaVersion")
    writer.integer(Int64(document.schemaVersion))
    writer.raw(",\n  ")
    writer.key("profile")
    writer.writeProfile(document.profile)
    writer.raw(",\n  ")
    writer.key("trackedMarkers")
    writer.records(document.trackedMarkers) { $0.writeUserMarker($1) }
    writer.raw(",\n  ")
    writer.key("customMarkers")
    writer.records(document.customMarkers) { $0.writeMarkerDefinition($1) }
    writer.raw(",\n  ")
    writer.key("entries")
    writer.records(document.entries) { $0.writeEntry($1) }
    writer.raw(",\n  ")
    writer.key("visits")
    writer.records(document.visits) { $0.writeVisit($1) }
    if includeUndo {
      writer.raw(",\n  ")
      writer.key("undo")
      writer.records(document.undo) { $0.writeUndoStep($1) }
    }
    writer.raw("\n}\n")
    return writer.bytes
  }

  /// Decodes a data file (or, with `formats`, an export); errors say where (line, column) and
  /// what is wrong.
  public static func decode(
    _ bytes: some ContiguousBytes, formats: Set<String> = [GlanceDocument.formatName]
  ) throws -> GlanceDocument {
    try JSONReader.read(bytes) { reader in
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
          if let version = schemaVersion, version > GlanceDocument.currentSchemaVersion {
            throw DocumentVersionError(version: version)
          }
        case "profile": profile = try reader.readProfile()
        case "trackedMarkers": try reader.readArray { tracked.append(try $0.readUserMarker()) }
        case "customMarkers":
          try reader.readArray { custom.append(try $0.readMarkerDefinition(isSystemDefined: false)) }
        case "entries":
          entries.reserveCapacity(1024)
          try reader.readArray { entries.append(try $0.readEntry()) }
        case "visits": try reader.readArray { visits.append(try $0.readVisit()) }
        case "undo": try reader.readArray { undo.append(try $0.readUndoStep()) }
        default: try reader.skipValue()
        }
      }
      try reader.expectEnd()
      guard let format, formats.contains(format) else {
        throw reader.error(
          "This is not a glance \(formats.contains(GlanceDocument.formatName) ? "data file" : "export"): its \"format\" is not \"\(formats.sorted().joined(separator: "\" or \""))\".",
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
      try document.validateIdentity(reader)
      document.normalizeOrderIfNeeded()
      return document
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
  fileprivate func validateIdentity(_ reader: borrowing JSONReader) throws {
    var entryIDs = Set<UUID>(minimumCapacity: entries.count)
    for entry in entries where !entryIDs.insert(entry.id).inserted {
      throw reader.error("Two entries share the id \(entry.id.uuidString).", at: 0)
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

  /// Sorts only when a hand-edited file left the arrays out of their stored order.
  fileprivate mutating func normalizeOrderIfNeeded() {
    let entriesSorted = zip(entries, entries.dropFirst()).allSatisfy {
      !MarkerEntry.chronological($1, $0)
    }
    let visitsSorted = zip(visits, visits.dropFirst()).allSatisfy { !Visit.newestFirst($0, $1) }
    let trackedSorted = zip(trackedMarkers, trackedMarkers.dropFirst()).allSatisfy {
      $0.displayOrder <= $1.displayOrder
    }
    if !(entriesSorted && visitsSorted && trackedSorted) { normalizeOrder() }
  }
}

/// A value with no JSON form (NaN or infinity) reached the encoder.
public struct NonFiniteNumberError: Error, Equatable, Sendable {
  public var field: String
}
