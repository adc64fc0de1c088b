#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// Saving without re-encoding what did not change. A save of one new reading into a 25 MB file
// copies the 99,999 unchanged lines as they are and encodes one; then only what was freshly
// encoded needs checking, because every copied line was decoded from the file moments before.

/// Where records sit in the bytes a document was decoded from.
struct DocumentLayout: Sendable {
  /// The id and byte range of each entry, in the order of the decoded `entries`.
  var entryIDs: [UUID]
  var entryRanges: [Range<Int>]
  /// Byte range of each undo step, with its id and whether it keeps its operations in a file of
  /// their own (there are at most twenty).
  var undoRanges: [(id: UUID, stored: Bool, range: Range<Int>)]
}

/// What a save may copy: the file as read, its layout, and the entries the change touched
/// (added, edited or removed); every other entry is unchanged.
struct Reuse {
  let bytes: FileBytes
  let layout: DocumentLayout
  let touchedEntries: TouchedIDs
}

/// The ids of the entries a change touched.
typealias TouchedIDs = IDSet

/// An encoded document and the freshly encoded parts of it.
struct Encoded {
  enum Part {
    case profile, trackedMarkers, customMarkers, visits
    case entry(Int)
    case undoStep(Int)
  }

  var writer: JSONWriter
  /// For an export: each marker's key and name, written beside an entry's `markerID`.
  var labels: [UUID: (key: String, name: String)]? = nil
  /// Freshly encoded parts and where they are in `writer`.
  private(set) var fresh: [(part: Part, range: Range<Int>)] = []
  /// How many entries were copied rather than encoded.
  private(set) var reusedEntries = 0
  /// The bytes before the undo history: what an export of the document holds besides labels.
  var beforeUndo = 0
  /// For a file written as it is encoded: where the text goes, and the document it encodes.
  private(set) var spilling: Spilling?

  /// A large file is written as it is encoded: each time `chunkBytes` are held, at the end of a
  /// record, the parts encoded since are read back (`partsReadBack`) and the text goes to
  /// `sink`, so the file is never held whole beside its document.
  struct Spilling {
    var chunkBytes: Int
    var document: GlanceDocument
    /// False for an export (written for people and other tools; the data file is what is checked).
    var checksParts = true
    var sink: (UnsafeRawBufferPointer) throws -> Void
  }

  /// A freshly encoded part of a file being written as it is encoded did not read back as the
  /// value written.
  struct PartDoesNotReadBack: Error {}

  init(writer: JSONWriter, spilling: Spilling? = nil) {
    self.writer = writer
    self.spilling = spilling
  }

  /// Spills the text held when it has reached `Spilling.chunkBytes`; call only between records.
  @inline(__always) mutating func spillIfFull() throws {
    if let spilling, writer.held >= spilling.chunkBytes { try spill() }
  }

  /// Reads back the parts encoded since the last spill, then hands the text held to the sink.
  mutating func spill() throws {
    guard let spilling else { return }
    let start = writer.spilled
    let readBack =
      !spilling.checksParts
      || writer.withHeldBytes { held in
        partsReadBack(fresh[...], in: held, startingAt: start, as: spilling.document)
      }
    guard readBack else { throw PartDoesNotReadBack() }
    fresh.removeAll(keepingCapacity: true)
    try writer.spill(spilling.sink)
  }

  mutating func fresh(_ part: Part, _ write: (inout JSONWriter) -> Void) {
    let start = writer.count
    write(&writer)
    fresh.append((part, start..<writer.count))
  }

  /// The entries array, one record a line, copying unchanged entries from the old file: a run of
  /// them that stood together there is copied in one piece, separators and all.
  mutating func entries(_ entries: [MarkerEntry], reusing reuse: Reuse?) throws {
    guard !entries.isEmpty else {
      writer.raw("[]")
      return
    }
    writer.raw("[")
    var originalIndex = 0
    // The old records waiting to be copied: first..<end in the old entries.
    var run: Range<Int>?
    func flush(_ encoded: inout Encoded) throws {
      guard let pending = run, let reuse else { return }
      let bytes =
        reuse.layout.entryRanges[pending.lowerBound]
        .lowerBound..<reuse.layout.entryRanges[pending.upperBound - 1].upperBound
      // A file written as it is encoded takes a long run a chunk at a time.
      let piece = encoded.spilling?.chunkBytes ?? bytes.count
      for start in stride(from: bytes.lowerBound, to: bytes.upperBound, by: max(1, piece)) {
        let slice = start..<min(bytes.upperBound, start + max(1, piece))
        reuse.bytes.withUnsafeBytes { encoded.writer.append(UnsafeRawBufferPointer(rebasing: $0[slice])) }
        try encoded.spillIfFull()
      }
      encoded.reusedEntries += pending.count
      run = nil
    }
    // NB: taken out of `reuse` once; unwrapping it inside the loop copied it for every entry.
    let touched = reuse?.touchedEntries
    let originals = reuse?.layout.entryIDs ?? []
    for index in entries.indices {
      let id = entries[index].id
      if let touched, !touched.contains(id) {
        // Unchanged entries keep their relative order: the next untouched original is this one.
        while originalIndex < originals.count, touched.contains(originals[originalIndex]) {
          originalIndex += 1
        }
        if originalIndex < originals.count, originals[originalIndex].words == id.words {
          if let pending = run, pending.upperBound == originalIndex {
            run = pending.lowerBound..<(originalIndex + 1)
          } else {
            try flush(&self)
            writer.raw(index == 0 ? "\n    " : ",\n    ")
            run = originalIndex..<(originalIndex + 1)
          }
          originalIndex += 1
          continue
        }
      }
      try flush(&self)
      writer.raw(index == 0 ? "\n    " : ",\n    ")
      let label = labels?[entries[index].markerID]
      fresh(.entry(index)) { $0.writeEntry(entries[index], label: label) }
      try spillIfFull()
    }
    try flush(&self)
    writer.raw("\n  ]")
  }

  /// The undo array, copying steps already in the old file (a step never changes once written).
  mutating func undo(_ steps: [UndoStep], reusing reuse: Reuse?) throws {
    guard !steps.isEmpty else {
      writer.raw("[]")
      return
    }
    writer.raw("[")
    for (index, step) in steps.enumerated() {
      writer.raw(index == 0 ? "\n    " : ",\n    ")
      // A step moved into a file of its own since it was read is written afresh.
      if let reuse,
        let range = reuse.layout.undoRanges.first(where: {
          $0.id.words == step.id.words && $0.stored == (step.storedOperations != nil)
        })?.range
      {
        reuse.bytes.withUnsafeBytes { writer.append(UnsafeRawBufferPointer(rebasing: $0[range])) }
        try spillIfFull()
        continue
      }
      fresh(.undoStep(index)) { $0.writeUndoStep(step) }
      try spillIfFull()
    }
    writer.raw("\n  ]")
  }

  /// Decodes every freshly encoded part again and checks it reads back as the value written;
  /// false when any does not.
  func freshPartsReadBack(as document: GlanceDocument) -> Bool {
    writer.withBytes { partsReadBack(fresh[...], in: $0, startingAt: 0, as: document) }
  }

  /// Decodes each of `parts` (`bytes` holds the text from byte `offset` on) and checks it reads
  /// back as the value written; false when any does not.
  private func partsReadBack(
    _ parts: ArraySlice<(part: Part, range: Range<Int>)>, in bytes: UnsafeRawBufferPointer, startingAt offset: Int,
    as document: GlanceDocument
  ) -> Bool {
    for (part, range) in parts {
      let slice = Array(
        UnsafeRawBufferPointer(rebasing: bytes[(range.lowerBound - offset)..<(range.upperBound - offset)]))
      let matches: Bool? = try? JSONReader.read(slice) { reader -> Bool in
        let same: Bool
        switch part {
        case .profile: same = try reader.readProfile() == document.profile
        case .trackedMarkers:
          var list: [UserMarker] = []
          try reader.readArray { list.append(try $0.readUserMarker()) }
          same = list == document.trackedMarkers
        case .customMarkers:
          var list: [MarkerDefinition] = []
          try reader.readArray { list.append(try $0.readMarkerDefinition(isSystemDefined: false)) }
          same = list == document.customMarkers
        case .visits:
          var list: [Visit] = []
          try reader.readArray { list.append(try $0.readVisit()) }
          same = list == document.visits
        case .entry(let index): same = try reader.readEntry() == document.entries[index]
        case .undoStep(let index): same = try reader.readUndoStep() == document.undo[index]
        }
        try reader.expectEnd()
        return same
      }
      if matches != true { return false }
    }
    return true
  }
}
