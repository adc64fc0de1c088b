#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where everything a person records is kept.
///
/// The contract every implementation keeps (checked by `RepositoryContractTests` against each):
/// - `read()` returns the latest saved document; it never changes what is stored.
/// - `write` runs its body on the latest saved document and saves the result as one atomic
///   change: either everything the body applied is stored, or nothing is (when the body throws or
///   the save fails, the stored document is exactly as before and the error reaches the caller).
/// - A write that changes something records one undo step; `undo()` reverts the newest one.
/// - Orders are fixed: tracked markers by `displayOrder`; entries oldest first by date of service,
///   then by entry time; visits newest first where a method says so.
/// - Ids are unique per kind: putting an entity with an existing id replaces it.
///
/// The operations of the PRD's repository (tracked markers, entries, visits, library) are built
/// on these two primitives in `DataRepository+Operations.swift`, so they behave the same for
/// every implementation.
public protocol DataRepository: AnyObject {
  /// The marker library this repository resolves marker ids against.
  var library: MarkerLibrary { get }

  /// The current document.
  func read() throws -> GlanceDocument

  /// Runs `body` once, on the current document under exclusive access, and saves what it applied.
  func write<T>(summary: String, _ body: (inout Transaction) throws -> T) throws -> T

  /// Reverts the newest recorded change; nil when there is nothing to undo. With `expecting`,
  /// only when the newest change is still that step (the one the person was asked about); else
  /// `ConcurrentChangeError.undoChanged` and nothing changes.
  func undo(expecting shown: UndoStep?) throws -> UndoOutcome?

  /// The current document for display, with only the selected entries (and, with `allIDs`,
  /// every entry's id). It must not be changed and saved: `write` works on the whole document.
  func view(selecting selection: EntrySelection, allIDs: Bool) throws -> DocumentView
}

extension DataRepository {
  /// Reverts the newest recorded change, whichever it is.
  public func undo() throws -> UndoStep? { try undo(expecting: nil)?.step }

  /// Removes the newest step from the undo history without taking it back: the way past a step
  /// whose undo record is lost. The data does not change; nil when there is no step.
  public func forgetNewestUndo(expecting shown: UndoStep?) throws -> UndoStep? {
    try write(summary: "") { transaction in try transaction.forgetNewest(expecting: shown) }
  }

  public func view(selecting selection: EntrySelection, allIDs: Bool) throws -> DocumentView {
    var document = try read()
    let ids = allIDs ? document.entries.map { ShortID.halves($0.id).0 } : []
    document.entries = DocumentCodec.select(selection, from: document.entries)
    return DocumentView(document: document, allEntryIDPrefixes: ids)
  }
}

/// The errors of the data layer that are not about the file itself.
public enum RepositoryError: Error, Equatable, Sendable {
  case unknownMarker(UUID)
  case entryNotFound(UUID)
  case visitNotFound(UUID)
  case duplicateCustomMarker(String)
}

extension RepositoryError: GlanceError {
  public var message: String {
    switch self {
    case .unknownMarker:
      "That marker is not in the library or among your own markers (another glance may have removed it). Nothing was changed."
    case .entryNotFound: ConcurrentChangeError.readingGone.message
    case .visitNotFound: ConcurrentChangeError.visitGone.message
    case .duplicateCustomMarker(let name):
      "There is already a marker called \(quoted(name)). Nothing was changed."
    }
  }

  public var kind: ErrorKind {
    switch self {
    case .entryNotFound, .visitNotFound: .busy
    case .unknownMarker, .duplicateCustomMarker: .refused
    }
  }
}
