#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What could be read back from a damaged data file or export.
public struct Salvage: Sendable {
  public var document: GlanceDocument
  /// Record lines that did not read and were left out.
  public var lostLines: Int
}

extension DocumentCodec {
  /// Reads every record that still reads from a damaged file glance wrote (one record a line):
  /// the readings, visits, custom and tracked markers whose own line is intact, whatever happened
  /// to the rest (a truncated end, a flipped byte, a broken bracket). The undo history is left
  /// out. Nil when nothing in it looks like a glance file.
  public static func salvage(_ bytes: [UInt8]) -> Salvage? {
    enum Section { case none, tracked, custom, entries, visits, other }
    var section = Section.none
    var document = GlanceDocument.empty(createdAt: Timestamp(secondsSince1970: 0))
    var recognized = false
    var lost = 0
    var entryIDs = IDSet()
    var visitIDs = IDSet()
    var start = 0
    func read<T>(_ line: ArraySlice<UInt8>, _ body: (inout JSONReader) throws -> T) -> T? {
      try? JSONReader.read(Array(line)) { reader in
        let value = try body(&reader)
        try reader.expectEnd()
        return value
      }
    }
    while start < bytes.count {
      let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
      var line = bytes[start..<end]
      start = end + 1
      while let last = line.last, last == 0x20 || last == 0x0D || last == 0x09 { line = line.dropLast() }
      while let first = line.first, first == 0x20 || first == 0x09 { line = line.dropFirst() }
      let text = String(decoding: line.prefix(24), as: UTF8.self)
      if text.hasPrefix("\"profile\": ") {
        recognized = true
        var body = line.dropFirst(11)
        if body.last == UInt8(ascii: ",") { body = body.dropLast() }
        if let profile = read(body, { try $0.readProfile() }) { document.profile = profile }
        continue
      }
      if text.hasPrefix("\"format\": ") || text.hasPrefix("\"schemaVersion\": ") {
        recognized = true
        continue
      }
      if text.hasPrefix("\"") {
        // A section opens ("entries": [) or is empty ("visits": []).
        let empty =
          line.last == UInt8(ascii: "]")
          || (line.last == UInt8(ascii: ",") && line.dropLast().last == UInt8(ascii: "]"))
        let name = text.dropFirst().prefix { $0 != "\"" }
        switch name {
        case "trackedMarkers": section = empty ? .none : .tracked
        case "customMarkers": section = empty ? .none : .custom
        case "entries": section = empty ? .none : .entries
        case "visits": section = empty ? .none : .visits
        default: section = .other
        }
        recognized = recognized || section != .other
        continue
      }
      guard line.first == UInt8(ascii: "{") else {
        if line.first == UInt8(ascii: "]") { section = .none }
        continue
      }
      if line.last == UInt8(ascii: ",") { line = line.dropLast() }
      switch section {
      case .none, .other: continue
      case .tracked:
        if let marker = read(line, { try $0.readUserMarker() }),
          !document.trackedMarkers.contains(where: { $0.markerID == marker.markerID })
        {
          document.trackedMarkers.append(marker)
        } else {
          lost += 1
        }
      case .custom:
        if let marker = read(line, { try $0.readMarkerDefinition(isSystemDefined: false) }),
          !document.customMarkers.contains(where: { $0.id == marker.id })
        {
          document.customMarkers.append(marker)
        } else {
          lost += 1
        }
      case .entries:
        if let entry = read(line, { try $0.readEntry() }), entryIDs.insert(entry.id) {
          document.entries.append(entry)
        } else {
          lost += 1
        }
      case .visits:
        if let visit = read(line, { try $0.readVisit() }), visitIDs.insert(visit.id) {
          document.visits.append(visit)
        } else {
          lost += 1
        }
      }
    }
    guard recognized else { return nil }
    document.normalizeOrder()
    return Salvage(document: document, lostLines: lost)
  }
}
