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

  init(writer: JSONWriter) { self.writer = writer }

  mutating func fresh(_ part: Part, _ write: (inout JSONWriter) -> Void) {
    let start = writer.count
    write(&writer)
    fresh.append((part, start..<writer.count))
  }

  /// The entries array, one record a line, copying unchanged entries from the old file: a run of
  /// them that stood together there is copied in one piece, separators and all.
  mutating func entries(_ entries: [MarkerEntry], reusing reuse: Reuse?) {
    guard !entries.isEmpty else {
      writer.raw("[]")
      return
    }
    writer.raw("[")
    var originalIndex = 0
    // The old records waiting to be copied: first..<end in the old entries.
    var run: Range<Int>?
    func flush(_ encoded: inout Encoded) {
      guard let pending = run, let reuse else { return }
      let bytes =
        reuse.layout.entryRanges[pending.lowerBound]
        .lowerBound..<reuse.layout.entryRanges[pending.upperBound - 1].upperBound
      reuse.bytes.withUnsafeBytes { encoded.writer.append(UnsafeRawBufferPointer(rebasing: $0[bytes])) }
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
            flush(&self)
            writer.raw(index == 0 ? "\n    " : ",\n    ")
            run = originalIndex..<(originalIndex + 1)
          }
          originalIndex += 1
          continue
        }
      }
      flush(&self)
      writer.raw(index == 0 ? "\n    " : ",\n    ")
      let label = labels?[entries[index].markerID]
      fresh(.entry(index)) { $0.writeEntry(entries[index], label: label) }
    }
    flush(&self)
    writer.raw("\n  ]")
  }

  /// The undo array, copying steps already in the old file (a step never changes once written).
  mutating func undo(_ steps: [UndoStep], reusing reuse: Reuse?) {
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
        continue
      }
      fresh(.undoStep(index)) { $0.writeUndoStep(step) }
    }
    writer.raw("\n  ]")
  }

  /// Decodes every freshly encoded part again and checks it reads back as the value written;
  /// false when any does not.
  func freshPartsReadBack(as document: GlanceDocument) -> Bool {
    writer.withBytes { bytes in
      for (part, range) in fresh {
        let slice = Array(UnsafeRawBufferPointer(rebasing: bytes[range]))
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
}
