#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A `DataRepository` that keeps the document in memory: for tests, previews and the demo.
///
/// It keeps the same contract as `LocalDataRepository` (the contract tests run against both):
/// a write whose body throws leaves the document exactly as it was.
public final class InMemoryDataRepository: DataRepository {
  public let library: MarkerLibrary
  private var document: GlanceDocument
  private let clock: () -> Date

  public init(
    document: GlanceDocument? = nil, library: MarkerLibrary = .builtIn,
    clock: @escaping () -> Date = Date.init
  ) {
    self.library = library
    self.clock = clock
    self.document = document ?? .empty(createdAt: Timestamp(clock()))
  }

  public func read() throws -> GlanceDocument { document }

  public func write<T>(summary: String, _ body: (inout Transaction) throws -> T) throws -> T {
    var transaction = Transaction(document: document, summary: summary, now: Timestamp(clock()))
    let result = try body(&transaction)
    let finished = transaction.finished()
    try finished.checkBeforeSaving(library: library, scope: transaction.scope)
    document = finished
    return result
  }

  public func undo(expecting shown: UndoStep?) throws -> UndoOutcome? {
    var transaction = Transaction(document: document, summary: "", now: Timestamp(clock()))
    transaction.recordsUndo = false
    guard let outcome = try transaction.undoNewest(expecting: shown, library: library) else { return nil }
    let finished = transaction.finished()
    try finished.checkBeforeSaving(library: library, scope: transaction.scope)
    document = finished
    return outcome
  }
}
