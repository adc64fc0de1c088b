#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Which entries a read needs. Screens rarely need thirty years of readings: the home screen
/// shows each marker's latest twelve, `show` one marker's.
public enum EntrySelection: Equatable, Sendable {
  case all
  /// The latest `count` entries of every marker.
  case latest(Int)
  /// Every entry of these markers.
  case markers(Set<UUID>)
  /// The latest `count` entries of every marker and every entry with a note (`search`).
  case latestAndNoted(Int)
}

/// A document read for display, possibly with only some of its entries.
public struct DocumentView: Sendable {
  /// The document; its `entries` hold only what was selected.
  public var document: GlanceDocument
  /// The first 16 hex digits of every entry's id, selected or not, as numbers (short ids must be
  /// unique among all); empty unless asked for.
  public var allEntryIDPrefixes: [UInt64]
}

extension JSONReader {
  /// The largest file whose skimmed lines are checked after the choice (`skimEntries`).
  static let checkOnceLimit = 4 << 20

  /// Reads the entries array keeping only `selection`. Each line that `writeEntry` wrote is
  /// skimmed for its marker and date (and, when `ids` is set, its id) without being decoded;
  /// only the selected lines are decoded in full. Nil (and nothing consumed) when a line is not
  /// in that layout or the dates are out of order: then the caller decodes everything. With
  /// `releasing`, it is told after each line how far the skim has read.
  ///
  /// In a file of at most `checkingOnceUpTo` bytes (it is still in the cache when the chosen lines
  /// are decoded), the rest of each line is checked after the choice, and a chosen line only by
  /// decoding it in the writer's layout: prep at 1,000 readings decodes them all, and checked
  /// each twice. A larger file is checked as it is skimmed.
  ///
  /// `expecting`: how many lines the caller knows the file has (a save reading back what it
  /// wrote); the table that finds a repeated id is sized by it instead of by an estimate for
  /// short lines, which for a file of long notes was four times too large.
  mutating func skimEntries(
    _ selection: EntrySelection, ids wantIDs: Bool, releasing release: ((Int) -> Void)? = nil,
    checkingOnceUpTo checkOnceLimit: Int = checkOnceLimit, expecting expected: Int? = nil
  ) throws -> (
    entries: [MarkerEntry], ids: [UInt64]
  )? {
    let arrayStart = position
    func giveUp() -> (entries: [MarkerEntry], ids: [UInt64])? {
      restore(arrayStart)
      paths.skimFallbacks += 1
      return nil
    }
    skipWhitespace()
    guard consume("[") else { return giveUp() }
    skipWhitespace()
    if consume("]") { return ([], []) }
    // Markers are few: each line's marker id text is matched against those seen so far (the
    // previous one first) and kept as a small number, without parsing or hashing.
    var markerTexts: [Int] = []  // offset of a line's marker id text, one per distinct marker
    var markerIDs: [UUID] = []
    var starts: [Int] = []
    var slots: [Int32] = []
    var ids: [UInt64] = []
    // Which lines have a note, when the selection asks.
    var noted: [Bool] = []
    var wantsNotes = false
    if case .latestAndNoted = selection { wantsNotes = true }
    // Where each line's rest (from its date) starts and where its record ends, when checked later.
    // Search's selection needs each line's note before the choice: it is checked as skimmed.
    let checkLater = !wantsNotes && release == nil && count <= checkOnceLimit
    var rests: [Int] = []
    var lasts: [Int] = []
    let estimate = count / 200
    starts.reserveCapacity(estimate)
    slots.reserveCapacity(estimate)
    if checkLater {
      rests.reserveCapacity(estimate)
      lasts.reserveCapacity(estimate)
    }
    if wantIDs { ids.reserveCapacity(estimate) }
    var previousDate = -1
    var lastSlot = -1
    var allIDs = IDSet(capacity: expected ?? estimate)
    // NB: the globals read once: inside the loop their lazy-initialisation check ran every byte.
    let stops = stopsPlainString
    let fixedRest = EntryLayout.fixedRest
    let uuidWidth = EntryLayout.uuidWidth
    while true {
      skipWhitespace()
      let start = position
      guard consume(EntryLayout.idOpening), position + fixedRest < count,
        let id = parseUUID(UnsafeBufferPointer(start: base + position, count: uuidWidth))
      else { return giveUp() }
      // Two readings with one id: the full reader refuses the file, so the skim must not show it.
      guard allIDs.insert(id) else { return giveUp() }
      // The first 16 hex digits are all a short id needs.
      if wantIDs { ids.append(id.orderKey.0) }
      restore(position + uuidWidth)
      guard consume(EntryLayout.markerOpening) else { return giveUp() }
      let markerText = position
      var slot = -1
      if lastSlot >= 0, memcmp(base + markerTexts[lastSlot], base + markerText, uuidWidth) == 0 {
        slot = lastSlot
      } else {
        for (index, known) in markerTexts.enumerated() where memcmp(base + known, base + markerText, uuidWidth) == 0 {
          slot = index
          break
        }
        if slot < 0 {
          guard let marker = parseUUID(UnsafeBufferPointer(start: base + markerText, count: uuidWidth)) else {
            return giveUp()
          }
          markerTexts.append(markerText)
          markerIDs.append(marker)
          slot = markerIDs.count - 1
        }
        lastSlot = slot
      }
      restore(markerText + uuidWidth)
      guard consume(EntryLayout.dateOpening) else { return giveUp() }
      // YYYY-MM-DD compares as text.
      if previousDate >= 0, memcmp(base + previousDate, base + position, EntryLayout.dateWidth) > 0 { return giveUp() }
      previousDate = position
      // Records are one a line (line breaks inside strings are escaped): the line must end in
      // "}," before the next record or "}" before the closing bracket.
      guard let newline = memchr(base + position, 0x0A, count - position) else { return giveUp() }
      let lineEnd = UnsafeRawPointer(newline).assumingMemoryBound(to: UInt8.self) - base
      var last = lineEnd - 1
      while last > position, base[last] == 0x20 || base[last] == 0x0D { last -= 1 }
      let more = base[last] == UInt8(ascii: ",")
      if more { last -= 1 }
      guard base[last] == UInt8(ascii: "}") else { return giveUp() }
      // Every byte of the line is checked as the full reader would check it, here or once the
      // lines are chosen: a damaged byte anywhere sends the read to the full decoder, which says so.
      if checkLater {
        rests.append(position)
        lasts.append(last)
      } else {
        var hasNote = false
        guard skimRestOfEntry(stops: stops, hasNote: &hasNote), position == last + 1 else { return giveUp() }
        if wantsNotes { noted.append(hasNote) }
      }
      starts.append(start)
      slots.append(Int32(slot))
      restore(lineEnd)
      // A large file read back after a save may let go of what is behind.
      release?(lineEnd)
      skipWhitespace()
      if !more {
        guard consume("]") else { return giveUp() }
        break
      }
    }
    let end = position
    // The lines to decode, oldest first.
    var chosen: [Int] = []
    switch selection {
    case .all:
      chosen = Array(starts.indices)
    case .markers(let wanted):
      let wantedSlots = markerIDs.map { wanted.contains($0) }
      chosen = slots.indices.filter { wantedSlots[Int(slots[$0])] }
    case .latest(let limit), .latestAndNoted(let limit):
      var counts = [Int](repeating: 0, count: markerIDs.count)
      var full = 0
      var index = slots.count - 1
      // Every line with a note is wanted too: then every line is looked at.
      while index >= 0, full < markerIDs.count || wantsNotes {
        let slot = Int(slots[index])
        if counts[slot] < limit {
          counts[slot] += 1
          if counts[slot] == limit { full += 1 }
          chosen.append(index)
        } else if wantsNotes, noted[index] {
          chosen.append(index)
        }
        index -= 1
      }
      chosen.reverse()
    }
    var entries: [MarkerEntry] = []
    entries.reserveCapacity(chosen.count)
    if checkLater {
      // Every line as the full reader would take it: a chosen one decoded in the writer's layout,
      // any other checked; either ending where its line does.
      var next = 0
      for index in starts.indices {
        if next < chosen.count, chosen[next] == index {
          next += 1
          restore(starts[index])
          guard let entry = try? readCanonicalEntry(), position == lasts[index] + 1 else { return giveUp() }
          paths.canonicalEntries += 1
          entries.append(entry)
        } else {
          restore(rests[index])
          var hasNote = false
          guard skimRestOfEntry(stops: stops, hasNote: &hasNote), position == lasts[index] + 1 else {
            return giveUp()
          }
        }
      }
    } else {
      for index in chosen {
        restore(starts[index])
        entries.append(try readEntry())
      }
    }
    restore(end)
    paths.skims += 1
    return (entries, ids)
  }

  /// Checks the rest of an entry line, from its date on, as `readCanonicalEntry` reads it: a real
  /// date, a JSON number, a known comparator, strings with no raw control character and valid
  /// UTF-8, a real time. False (the position wherever it stopped) for anything else.
  private mutating func skimRestOfEntry(stops: UnsafePointer<Bool>, hasNote: inout Bool) -> Bool {
    let dateWidth = EntryLayout.dateWidth
    let timestampWidth = EntryLayout.timestampWidth
    guard CalendarDate(isoBytes: UnsafeBufferPointer(start: base + position, count: dateWidth)) != nil else {
      return false
    }
    restore(position + dateWidth)
    guard consume("\""), consume(EntryLayout.valueKey), (try? readNumber()) != nil else { return false }
    if consume(EntryLayout.comparatorKey) {
      guard consume("\"<\"") || consume("\">\"") || consume("\"<=\"") || consume("\">=\"") else { return false }
    }
    guard consume(EntryLayout.unitKey), skimString(stops) else { return false }
    if consume(EntryLayout.enteredValueKey) {
      guard (try? readNumber()) != nil, consume(EntryLayout.enteredUnitKey), skimString(stops) else { return false }
    }
    if consume(EntryLayout.noteKey) {
      guard skimString(stops) else { return false }
      hasNote = true
    }
    guard consume(EntryLayout.sourceKey), skimString(stops), consume(EntryLayout.timestampKey), consume("\""),
      position + timestampWidth + 2 <= count,
      Timestamp.isValid(isoBytes: UnsafeBufferPointer(start: base + position, count: timestampWidth))
    else { return false }
    restore(position + timestampWidth)
    return consume("\"}")
  }

  /// Skips a string the full reader would accept; false when it would not.
  private mutating func skimString(_ stops: UnsafePointer<Bool>) -> Bool {
    guard position < count, base[position] == UInt8(ascii: "\"") else { return false }
    let start = position + 1
    var index = start
    var high: UInt8 = 0
    while index < count, !stops[Int(base[index])] {
      high |= base[index]
      index += 1
    }
    guard index < count else { return false }
    if base[index] == UInt8(ascii: "\"") {
      if high >= 0x80, !isValidUTF8(UnsafeBufferPointer(start: base + start, count: index - start)) { return false }
      restore(index + 1)
      return true
    }
    // An escape (or a raw control character): the full string reader decides.
    return (try? readString()) != nil
  }
}
