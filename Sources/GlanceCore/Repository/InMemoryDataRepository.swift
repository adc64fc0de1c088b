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
    try document = validated(transaction.finished())
    return result
  }

  public func undo() throws -> UndoStep? {
    var transaction = Transaction(document: document, summary: "", now: Timestamp(clock()))
    transaction.recordsUndo = false
    guard let step = transaction.popUndoStep() else { return nil }
    transaction.apply(step.operations)
    document = transaction.finished()
    return step
  }

  /// Refuses what the file repository could not save, so both fail alike.
  private func validated(_ candidate: GlanceDocument) throws -> GlanceDocument {
    do {
      try candidate.validateNumbers()
    } catch let error as NonFiniteNumberError {
      throw StorageError.invalidNumber(field: error.field)
    }
    return candidate
  }
}
