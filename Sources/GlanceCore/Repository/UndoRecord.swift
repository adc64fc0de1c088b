#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The file that keeps a large undo step's operations (`glance.undo-<step id>.json`).
///
/// An import of 100,000 readings is undone by 100,000 `removeEntry` operations; kept in the data
/// file, they made every read parse and every save copy 7 MB of history nobody looks at. A step
/// of more than `UndoStep.inlineLimit` operations keeps them here instead, and the data file's
/// step holds only their count: its size does not depend on the change. Nothing but `undo` opens
/// it. One operation a line:
///
/// ```json
/// {"format": "glance-undo", "step": "…", "count": 2, "operations": [
/// {"op": "removeEntry", "id": "…"},
/// {"op": "removeEntry", "id": "…"}
/// ],
/// "checksum": "…"}
/// ```
///
/// The checksum (FNV-1a, 64 bits, of the operations array's bytes) finds damage the shape does
/// not: one digit of an id changed would otherwise undo all but that reading and report success.
/// A record without one (written before it) is read as it is.
enum UndoRecord {
  static let formatName = "glance-undo"
  /// How much of a backup's end is searched for the steps it refers to (its undo array, which
  /// holds at most twenty steps, each small or stored).
  static let backupTail = 1 << 20

  /// The file's bytes for `step`'s operations.
  static func encode(_ step: UndoStep) -> JSONWriter {
    var writer = JSONWriter(capacity: 64 + step.operations.count * 64)
    // NB: never spills (`Int.max`): the writer holds the whole record.
    write(step, into: &writer, chunkBytes: .max) { _ in }
    return writer
  }

  /// Writes the file's bytes for `step` to `sink` as they are encoded, about `chunkBytes` at a
  /// time: a 500,000-row import's record (34 MB) is never held whole.
  static func write(_ step: UndoStep, chunkBytes: Int, to sink: (UnsafeRawBufferPointer) throws -> Void) rethrows {
    var writer = JSONWriter(capacity: min(64 + step.operations.count * 64, chunkBytes.addingReportingOverflow(4096).0))
    try write(step, into: &writer, chunkBytes: chunkBytes, to: sink)
    try writer.spill(sink)
  }

  private static func write(
    _ step: UndoStep, into writer: inout JSONWriter, chunkBytes: Int, to sink: (UnsafeRawBufferPointer) throws -> Void
  ) rethrows {
    writer.raw("{")
    writer.member("format", first: true)
    writer.string(formatName)
    writer.member("step")
    writer.uuid(step.id)
    writer.member("count")
    writer.integer(Int64(step.operations.count))
    writer.member("operations")
    // The checksum covers the operations array; what of it is held is hashed before a spill.
    var hash = Checksum()
    var hashedFrom = writer.count - writer.spilled
    func hashHeld() {
      writer.withHeldBytes { hash.add(UnsafeRawBufferPointer(rebasing: $0[hashedFrom...])) }
      hashedFrom = writer.count - writer.spilled
    }
    writer.raw("[")
    for (index, operation) in step.operations.enumerated() {
      writer.raw(index == 0 ? "\n" : ",\n")
      writer.writeOperation(operation)
      if writer.count - writer.spilled >= chunkBytes {
        hashHeld()
        try writer.spill(sink)
        hashedFrom = 0
      }
    }
    writer.raw("\n]")
    hashHeld()
    writer.raw(",\n")
    writer.key("checksum")
    writer.string(hash.text)
    writer.raw("}\n")
  }

  /// FNV-1a (64 bits) of `bytes`, as 16 hex digits.
  static func checksum(_ bytes: UnsafeRawBufferPointer) -> String {
    var hash = Checksum()
    hash.add(bytes)
    return hash.text
  }

  /// FNV-1a (64 bits), fed in parts.
  struct Checksum {
    private var hash: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bytes: UnsafeRawBufferPointer) {
      for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    }

    /// As 16 hex digits.
    var text: String {
      let digits = String(hash, radix: 16)
      return String(repeating: "0", count: 16 - digits.utf8.count) + digits
    }
  }

  /// The operations `bytes` keeps for `step`; fails unless the file is that step's, whole.
  static func decode(_ bytes: some ContiguousBytes, for step: UndoStep) throws -> [Operation] {
    try JSONReader.read(bytes) { reader in
      var format: String?
      var id: UUID?
      var count: Int?
      var operations: [Operation] = []
      var written: String?
      var found: String?
      try reader.readObject { reader, key in
        switch key {
        case "format": format = try reader.readString()
        case "step": id = try reader.readUUID()
        case "count": count = try reader.readInteger()
        case "operations":
          // The count comes from the data file: room only for what these bytes can hold (an
          // operation takes at least 40), so a hand-edited count cannot claim memory.
          operations.reserveCapacity(min(step.storedOperations ?? 0, reader.count / 40, UndoStep.storedLimit))
          reader.skipWhitespace()
          let start = reader.position
          try reader.readArray { reader in
            guard operations.count < UndoStep.storedLimit else { throw reader.error("It holds too many operations.") }
            operations.append(try reader.readOperation())
          }
          found = checksum(UnsafeRawBufferPointer(start: reader.base + start, count: reader.position - start))
        case "checksum": written = try reader.readString()
        default: try reader.skipValue()
        }
      }
      try reader.expectEnd()
      guard format == formatName else { throw reader.error("It is not a glance undo record.", at: 0) }
      guard id == step.id else { throw reader.error("It belongs to another change.", at: 0) }
      guard count == operations.count, count == step.storedOperations, written == nil || written == found else {
        throw reader.error("It does not hold the operations the change recorded.", at: 0)
      }
      return operations
    }
  }
}
