/// The rows of a file on their way to becoming readings, held in chunks of `chunkSize`:
/// `Importer.addRows` turns each chunk into readings and lets it go, so a 500,000-row sheet's
/// rows (200 bytes each) and its readings (152) are never all held at once, and the rows never
/// grow by doubling one large buffer (which held the old and the new at once).
struct ImportRows: RandomAccessCollection {
  static let chunkShift = 15
  static let chunkSize = 1 << chunkShift

  /// Room for `chunkSize` rows. NB: a chunk is mapped from the kernel, not taken from malloc:
  /// malloc keeps a freed block of this size for itself (its mmap threshold rises with every
  /// large block freed), so the memory of a chunk let go stayed the process's.
  final class Chunk {
    private let memory: (base: UnsafeMutablePointer<UInt8>, mapped: Bool, capacity: Int)
    private let base: UnsafeMutablePointer<ImportRow>
    private(set) var count = 0

    init() {
      memory = LargeMemory.allocate(
        ImportRows.chunkSize * MemoryLayout<ImportRow>.stride, room: 0, hugePages: false, always: true)
      base = UnsafeMutableRawPointer(memory.base).bindMemory(to: ImportRow.self, capacity: ImportRows.chunkSize)
    }

    deinit {
      base.deinitialize(count: count)
      LargeMemory.free(memory.base, capacity: memory.capacity, mapped: memory.mapped)
    }

    var rows: UnsafeBufferPointer<ImportRow> { UnsafeBufferPointer(start: base, count: count) }

    fileprivate func append(_ row: ImportRow) {
      precondition(count < ImportRows.chunkSize)
      (base + count).initialize(to: row)
      count += 1
    }

    fileprivate func copy() -> Chunk {
      let copy = Chunk()
      for row in rows { copy.append(row) }
      return copy
    }
  }

  /// Nil for a chunk taken (`takeChunk`).
  private var chunks: [Chunk?] = []
  private(set) var endIndex = 0

  init() {}

  init(_ rows: some Sequence<ImportRow>) {
    for row in rows { append(row) }
  }

  var startIndex: Int { 0 }

  subscript(index: Int) -> ImportRow {
    guard let chunk = chunks[index >> Self.chunkShift] else { preconditionFailure("a row of a chunk taken") }
    return chunk.rows[index & (Self.chunkSize - 1)]
  }

  mutating func append(_ row: ImportRow) {
    if endIndex & (Self.chunkSize - 1) == 0 { chunks.append(Chunk()) }
    let last = chunks.count - 1
    // A copy of these rows shares their chunks: the one appended to gets its own.
    if !isKnownUniquelyReferenced(&chunks[last]) { chunks[last] = chunks[last]?.copy() }
    chunks[last]?.append(row)
    endIndex += 1
  }

  static func += (rows: inout ImportRows, more: some Sequence<ImportRow>) {
    for row in more { rows.append(row) }
  }

  /// The next chunk, with the index of its first row; nil when every chunk was taken. The chunk
  /// is no longer held here: once the caller lets it go, its memory goes back to the system.
  mutating func takeChunk() -> (first: Int, chunk: Chunk)? {
    guard let index = chunks.firstIndex(where: { $0 != nil }), let chunk = chunks[index] else { return nil }
    chunks[index] = nil
    return (index << Self.chunkShift, chunk)
  }
}
