#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Keeps the document in one JSON file in the data folder, crash-safe and shared safely between
/// processes (the protocol is in RELIABILITY.md and CLAUDE.md):
///
/// - folder 0700 and files 0600 whatever the umask; a folder others can open is refused;
/// - writes hold `glance.lock` (`flock`) from before the read until after the folder is synced,
///   giving up with `StorageError.busy` after `lockTimeout` seconds;
/// - the new document is encoded, decoded again to validate it, written to a fresh temporary file,
///   synced, and renamed over the data file after the last 5 versions are rotated as hard-linked
///   backups; then the folder is synced;
/// - a data file that does not decode is never written over: reads fall back to the newest backup
///   that decodes (and `notice` says so), writes are refused with the way to restore it;
/// - a file from a newer glance is read but never written.
///
/// Reads take no lock: the rename means they see the old document or the new one.
public final class LocalDataRepository: DataRepository {
  public let location: DataLocation
  public let library: MarkerLibrary
  private let fileSystem: any FileSystem
  private let lockTimeout: Double
  private let clock: () -> Date
  /// The document last read or saved, and the identity of the data file it came from (nil: no
  /// file). It is only returned again while the data file is still that file.
  private var cached: (document: GlanceDocument, identity: FileIdentity?)?
  /// The data file as last read or written, with its document: a write whose data file is still
  /// this very file (same inode, size and time) needs not read and decode it again.
  private var loaded: (bytes: FileBytes, document: GlanceDocument, layout: DocumentLayout?)?

  /// Set by a read that fell back to a backup because the data file did not decode.
  public private(set) var notice: StorageNotice?
  /// How many changes this repository saved: a command whose output then failed still changed
  /// the data, and must not say "Nothing was changed" (attacker review).
  public private(set) var saves = 0
  /// The most a JSON export of the folder may be: what `glance import` reads (smaller in tests).
  var restorableBytes = InputLimits.fileBytes
  /// A data file larger than this is written as it is encoded, `spillChunk` bytes at a time
  /// (smaller in tests, so every save can take that way).
  var spillAbove = 16 << 20
  var spillChunk = 8 << 20

  public init(
    location: DataLocation, library: MarkerLibrary = .builtIn,
    fileSystem: any FileSystem = PosixFileSystem(), lockTimeout: Double = 3,
    clock: @escaping () -> Date = Date.init
  ) {
    self.location = location
    self.library = library
    self.fileSystem = fileSystem
    self.lockTimeout = lockTimeout
    self.clock = clock
  }

  // MARK: DataRepository

  public func read() throws -> GlanceDocument {
    if let cached, try mapErrors({ try fileSystem.status(location.dataFile)?.identity }) == cached.identity {
      return cached.document
    }
    let (document, identity) = try mapErrors { try loadForReading() }
    cached = (document, identity)
    return document
  }

  public func write<T>(summary: String, _ body: (inout Transaction) throws -> T) throws -> T {
    try write(summary: summary, recordsUndo: true, body)
  }

  /// A display view: decodes only the selected entries from the file (the rest are skimmed for
  /// their ids); a damaged file falls back to a full read, with its notice.
  public func view(selecting selection: EntrySelection, allIDs: Bool) throws -> DocumentView {
    guard selection != .all, cached == nil else { return try viewFromFullRead(selection) }
    return try mapErrors {
      if try fileSystem.status(location.folder) != nil { try checkFolder() }
      guard let bytes = try fileSystem.readFile(location.dataFile) else {
        return DocumentView(document: .empty(createdAt: Timestamp(clock())), allEntryIDPrefixes: [])
      }
      do {
        let (document, _, ids, _) = try DocumentCodec.decode(bytes, selecting: selection, wantIDs: allIDs)
        return DocumentView(document: document, allEntryIDPrefixes: ids)
      } catch is DocumentVersionError {
        return try viewFromFullRead(selection)
      } catch is JSONError {
        return try viewFromFullRead(selection)
      }
    }
  }

  private func viewFromFullRead(_ selection: EntrySelection) throws -> DocumentView {
    var document = try read()
    let ids = document.entries.map { ShortID.halves($0.id).0 }
    document.entries = DocumentCodec.select(selection, from: document.entries)
    return DocumentView(document: document, allEntryIDPrefixes: ids)
  }

  public func undo(expecting shown: UndoStep?) throws -> UndoOutcome? {
    try write(summary: "", recordsUndo: false) { transaction in
      try transaction.undoNewest(expecting: shown, library: library) { step in try readUndoRecord(step) }
    }
  }

  // MARK: Writing

  private func write<T>(
    summary: String, recordsUndo: Bool, _ body: (inout Transaction) throws -> T
  ) throws -> T {
    try mapErrors {
      try prepareFolder()
      guard let lock = try fileSystem.lockExclusive(location.lockFile, timeout: lockTimeout) else {
        throw StorageError.busy(folder: location.folder)
      }
      defer { lock.unlock() }
      // One listing of the folder for the whole save: stale temporary files go now, unused
      // undo records after the save (a record this save writes is in use).
      let names = try fileSystem.contentsOfDirectory(location.folder)
      try removeStaleTemporaryFiles(names)
      // A data file that is a symbolic link would be replaced by the save, and what it points
      // to left behind (attacker's second look): said, not silently replaced.
      var link = stat()
      if lstat(location.dataFile, &link) == 0, link.st_mode & S_IFMT == S_IFLNK {
        throw StorageError.dataFileIsLink(file: location.dataFile)
      }
      // A data file its owner made read-only stays as it is: said, not silently replaced.
      if let status = try fileSystem.status(location.dataFile), status.isRegularFile, status.mode & 0o200 == 0 {
        throw StorageError.readOnlyFile(file: location.dataFile, mode: status.mode)
      }
      var current = try loadForWriting()
      let now = Timestamp(clock())
      // NB: the repository's own copies let go first, so the transaction's changes to a 100,000
      // entry array happen in place instead of copying it.
      let originalUndo = current.document?.undo
      var transaction = Transaction(
        document: current.document ?? .empty(createdAt: now), summary: summary, now: now)
      cached = nil
      loaded = nil
      current.document = nil
      transaction.recordsUndo = recordsUndo
      let result = try body(&transaction)
      // An undo pops a step even when its operations change nothing; that still needs saving.
      guard transaction.hasChanges || transaction.profileChanged || transaction.document.undo != originalUndo else {
        return result
      }
      let (scope, touched) = (transaction.scope, transaction.touchedEntries)
      var document = (consume transaction).finished()
      // Before anything is written: the file must be one the reader accepts.
      try document.checkBeforeSaving(library: library, scope: scope)
      let records = try storeLargeUndoSteps(&document)
      var reuse: Reuse?
      if let bytes = current.bytes, let layout = current.layout {
        reuse = Reuse(bytes: bytes, layout: layout, touchedEntries: touched)
      }
      // The old file's bytes before its undo history (all of them when it could not say).
      let before = current.layout?.undoRanges.first?.range.lowerBound ?? current.bytes?.count ?? 0
      do {
        try save(document, replacing: current.bytes, reusing: reuse, sizeBefore: before)
      } catch StorageError.notDurable(let error) {
        // The new data file is in place: the records it refers to stay.
        saves += 1
        throw StorageError.notDurable(error)
      } catch {
        // Nothing was replaced (refused, or a write failed): the records this save wrote belong
        // to no file.
        for path in records { try? fileSystem.remove(path) }
        throw error
      }
      saves += 1
      cached = (document, try fileSystem.status(location.dataFile)?.identity)
      notice = nil
      removeUnusedUndoRecords(names, keeping: document)
      return result
    }
  }

  /// A save that copied unchanged records from the old file decodes only its freshly encoded
  /// parts again (the copied lines were decoded from the file moments before, and the copying
  /// is tested to give exactly a full encode); a save that copied nothing also has its whole
  /// file read back (`DocumentCodec.readsBack`). A file larger than `spillAbove` is written as
  /// it is encoded and checked the same way (`writeWhileEncoding`).
  private func save(
    _ document: GlanceDocument, replacing oldBytes: FileBytes?, reusing reuse: Reuse?, sizeBefore: Int
  ) throws {
    let temporary =
      DocumentCodec.estimatedSize(document, reusing: reuse) > spillAbove
      ? try writeWhileEncoding(document, reusing: reuse, sizeBefore: sizeBefore)
      : try writeEncoded(document, reusing: reuse, sizeBefore: sizeBefore)
    var putBackBackups: () -> Void = {}
    do {
      if let oldBytes { putBackBackups = try rotateBackups(oldBytes) }
      try fileSystem.rename(temporary, location.dataFile)
    } catch {
      try? fileSystem.remove(temporary)
      // Not replaced: the backups go back as they were (an immutable data file failed every
      // save, and each one pushed an old backup out).
      putBackBackups()
      throw error
    }
    do {
      try fileSystem.syncDirectory(location.folder)
    } catch let error as FileSystemError {
      // The rename has happened: the change is in place but may not survive a power cut.
      throw StorageError.notDurable(error)
    }
  }

  /// Encodes `document`, checks it (see `save`) and writes it to a new temporary file; returns
  /// its path. Nothing is written unless every check passed.
  private func writeEncoded(_ document: GlanceDocument, reusing reuse: Reuse?, sizeBefore: Int) throws -> String {
    let encoded: Encoded
    do {
      encoded = try DocumentCodec.encode(document, includeUndo: true, reusing: reuse)
    } catch let error as NonFiniteNumberError {
      throw StorageError.invalidNumber(field: error.field)
    }
    try checkRestorable(encoded, document, sizeBefore: sizeBefore)
    // Validate before replacing: what is about to be written must read back as the document.
    var valid = encoded.freshPartsReadBack(as: document)
    if valid, reuse == nil {
      valid = encoded.writer.withBytes { DocumentCodec.readsBack($0, as: document) }
    }
    guard valid else { throw validationFailed }
    return try encoded.writer.withBytes { try writeTemporaryFile($0) }
  }

  /// Encodes `document` into a new temporary file as it goes, a chunk at a time, so a large
  /// file is never held whole beside its document; returns its path. The checks are those of
  /// `writeEncoded`, made as the parts are written and on the file once written (the whole of it
  /// read back through a mapping that lets go of what is behind); when one fails, the temporary
  /// file is removed and the data file stays as it was.
  private func writeWhileEncoding(_ document: GlanceDocument, reusing reuse: Reuse?, sizeBefore: Int) throws
    -> String
  {
    let temporary = newTemporaryPath()
    let descriptor = try fileSystem.createExclusive(temporary, mode: 0o600)
    var open = true
    do {
      let encoded: Encoded
      do {
        let spilling = Encoded.Spilling(chunkBytes: spillChunk, document: document) { [fileSystem] bytes in
          try fileSystem.write(descriptor, bytes)
        }
        encoded = try DocumentCodec.encode(document, includeUndo: true, reusing: reuse, spilling: spilling)
      } catch let error as NonFiniteNumberError {
        throw StorageError.invalidNumber(field: error.field)
      } catch is Encoded.PartDoesNotReadBack {
        throw validationFailed
      }
      try checkRestorable(encoded, document, sizeBefore: sizeBefore)
      try fileSystem.sync(descriptor)
      // NB: never close twice: after a failed close the descriptor is already released.
      open = false
      try fileSystem.close(descriptor)
      if reuse == nil {
        // Mapped, not read: the file is this save's own, in the 0700 folder, under the lock.
        // What the skim has passed is let go every MiB (or chunk, when smaller): the read-back
        // then adds little to the save's memory.
        let chunk = min(spillChunk, 1 << 20)
        let valid = try fileSystem.withMappedFile(temporary) { bytes, release in
          var released = 0
          return withoutActuallyEscaping(release) { release in
            DocumentCodec.readsBack(bytes, as: document) { end in
              if end - released >= chunk {
                release(end)
                released = end
              }
            }
          }
        }
        guard valid == true else { throw validationFailed }
      }
    } catch {
      if open { try? fileSystem.close(descriptor) }
      try? fileSystem.remove(temporary)
      throw error
    }
    return temporary
  }

  /// Every folder must have a backup that imports again. A folder already past it (a file from
  /// before this check) may still shrink; its undo history, which an export leaves out, does
  /// not count.
  private func checkRestorable(_ encoded: Encoded, _ document: GlanceDocument, sizeBefore: Int) throws {
    if encoded.beforeUndo > sizeBefore,
      !Exporter.exportImports(
        dataFileBytes: encoded.beforeUndo, document: document, library: library, limit: restorableBytes)
    {
      throw StorageError.tooLargeToRestore(limit: restorableBytes)
    }
  }

  /// What a save says when what it encoded does not read back as the document.
  private var validationFailed: StorageError {
    .io(FileSystemError(operation: "validate", path: location.dataFile, code: EIO))
  }

  // MARK: Undo records

  /// Moves the operations of every step with more than `UndoStep.inlineLimit` of them into a
  /// file of their own (`UndoRecord`), written and flushed before the data file that refers to
  /// them; a data file that still has such a step inline (written before records existed) is
  /// slimmed on its next save.
  /// Returns the records it wrote; when it fails, it removes them.
  private func storeLargeUndoSteps(_ document: inout GlanceDocument) throws -> [String] {
    var stored: [String] = []
    do {
      for index in document.undo.indices
      where document.undo[index].storedOperations == nil
        && document.undo[index].operations.count > UndoStep.inlineLimit
      {
        let step = document.undo[index]
        let path = location.undoFile(step.id)
        let temporary = try writeTemporaryFile { descriptor in
          try UndoRecord.write(step, chunkBytes: spillChunk) { try fileSystem.write(descriptor, $0) }
        }
        do {
          try fileSystem.rename(temporary, path)
        } catch {
          try? fileSystem.remove(temporary)
          throw error
        }
        document.undo[index].storedOperations = step.operations.count
        document.undo[index].operations = []
        stored.append(path)
      }
      if !stored.isEmpty { try fileSystem.syncDirectory(location.folder) }
    } catch {
      // No data file refers to them.
      for path in stored { try? fileSystem.remove(path) }
      throw error
    }
    return stored
  }

  /// The operations a stored step keeps in its record; fails, changing nothing, when the record
  /// is missing or is not that step's.
  private func readUndoRecord(_ step: UndoStep) throws -> [Operation] {
    let path = location.undoFile(step.id)
    let bytes: FileBytes?
    do {
      bytes = try fileSystem.readFile(path)
    } catch let error as FileSystemError {
      throw StorageError.undoRecordUnreadable(file: path, reason: "could not be read (\(error.reason))")
    }
    guard let bytes else { throw StorageError.undoRecordUnreadable(file: path, reason: "is missing") }
    do {
      return try UndoRecord.decode(bytes, for: step)
    } catch let error as JSONError {
      throw StorageError.undoRecordUnreadable(file: path, reason: "is damaged (\(error.description))")
    }
  }

  /// Removes the records no step refers to any more: neither the data file's nor a backup's
  /// (restoring a backup keeps its undo). A backup's steps are at its end; a record is kept
  /// whenever its step's id is in a backup's last `UndoRecord.backupTail` bytes, or cannot be
  /// looked for. Best effort: a record left behind takes only space.
  private func removeUnusedUndoRecords(_ names: [String], keeping document: GlanceDocument) {
    let prefix = location.undoFilePrefix
    // Only names glance gives its records: a file of the person's own (glance.undo-notes.json) stays.
    let records = names.filter { name in
      guard name.hasPrefix(prefix), name.hasSuffix(".json") else { return false }
      let id = String(name.dropFirst(prefix.count).dropLast(5))
      return UUID(uuidString: id)?.uuidString == id
    }
    guard !records.isEmpty else { return }
    var inUse = Set(
      document.undo.filter { $0.storedOperations != nil }.map { PathText.lastComponent(location.undoFile($0.id)) })
    // Each backup's tail, read only when a record needs it, newest backup first (the one right
    // after a step leaves the history is the one that still holds it): nil when it could not be
    // read (then nothing is removed), empty when there is no such backup.
    var tails: [Int: [UInt8]?] = [:]
    let undoArray = Array("\"undo\": [".utf8)
    func tail(_ generation: Int) -> [UInt8]? {
      if let known = tails[generation] { return known }
      let path = location.backupFile(generation)
      var read: [UInt8]?
      do {
        // The undo array is usually a few kilobytes: a short read first, a long one when the
        // array starts before it.
        read = try fileSystem.readTail(path, maximum: UndoRecord.backupTail / 16) ?? []
        if let short = read, short.count == UndoRecord.backupTail / 16, !short.containsBytes(undoArray) {
          read = try fileSystem.readTail(path, maximum: UndoRecord.backupTail) ?? []
        }
      } catch {
        read = nil
      }
      tails[generation] = read
      return read
    }
    for name in records where !inUse.contains(name) {
      let id = Array(name.utf8.dropFirst(prefix.utf8.count).dropLast(5))
      let referenced = (1...DataLocation.backupCount).contains { generation in
        guard let tail = tail(generation) else { return true }
        // A tail that starts after the undo array began cannot say: the record is kept.
        return !tail.isEmpty && (!tail.containsBytes(undoArray) || tail.containsBytes(id))
      }
      if referenced {
        inUse.insert(name)
        continue
      }
      try? fileSystem.remove(location.folder + "/" + name)
    }
  }

  /// Writes `bytes` to a new temporary file in the data folder and flushes it; returns its path.
  private func writeTemporaryFile(_ bytes: UnsafeRawBufferPointer) throws -> String {
    try writeTemporaryFile { try fileSystem.write($0, bytes) }
  }

  /// A new temporary file in the data folder, filled by `write` (given its descriptor) and
  /// flushed; returns its path. Nothing is left behind when `write` throws.
  private func writeTemporaryFile(_ write: (Int32) throws -> Void) throws -> String {
    let temporary = newTemporaryPath()
    let descriptor = try fileSystem.createExclusive(temporary, mode: 0o600)
    do {
      try write(descriptor)
      try fileSystem.sync(descriptor)
    } catch {
      try? fileSystem.close(descriptor)
      try? fileSystem.remove(temporary)
      throw error
    }
    do {
      // NB: never close twice: after a failed close the descriptor is already released.
      try fileSystem.close(descriptor)
    } catch {
      try? fileSystem.remove(temporary)
      throw error
    }
    return temporary
  }

  /// Shifts backups one generation older and keeps the current file as the newest: a hard link
  /// where the file system has them, else a copy of `currentBytes`. Returns what puts them back
  /// as they were (for a save whose rename then fails); when it fails itself, it has put back
  /// what it moved.
  private func rotateBackups(_ currentBytes: FileBytes) throws -> () -> Void {
    let count = DataLocation.backupCount
    let newest = try fileSystem.status(location.backupFile(1))
    // A save killed after rotating left the current file as the newest backup: rotating again
    // would push an older backup out for nothing.
    if let newest, let current = try fileSystem.status(location.dataFile),
      newest.identity.device == current.identity.device, newest.identity.inode == current.identity.inode
    {
      return {}
    }
    // One killed between moving the newest backup and keeping the current file: the gap is filled.
    let shift = try newest != nil || fileSystem.status(location.backupFile(2)) == nil
    // The generations moved one older, so that a rotation that fails, or a save whose rename
    // fails, puts them back: only the oldest backup is ever lost, once.
    var moved: [Int] = []
    let fileSystem = fileSystem
    let location = location
    func putBack() {
      for generation in moved.reversed() {
        try? fileSystem.rename(location.backupFile(generation + 1), location.backupFile(generation))
      }
    }
    do {
      for generation in stride(from: count - 1, through: 1, by: -1) where shift {
        let from = location.backupFile(generation)
        if try fileSystem.status(from) != nil {
          try fileSystem.rename(from, location.backupFile(generation + 1))
          moved.append(generation)
        }
      }
      do {
        try fileSystem.link(location.dataFile, location.backupFile(1))
      } catch let error as FileSystemError
        where [EPERM, EXDEV, EMLINK, ENOTSUP, EOPNOTSUPP].contains(error.code)
      {
        let copy = try currentBytes.withUnsafeBytes { try writeTemporaryFile($0) }
        do {
          try fileSystem.rename(copy, location.backupFile(1))
        } catch {
          try? fileSystem.remove(copy)
          throw error
        }
      }
    } catch {
      putBack()
      throw error
    }
    return {
      try? fileSystem.remove(location.backupFile(1))
      putBack()
    }
  }

  /// A name for a new temporary file in the data folder (removed by the next save if left behind).
  private func newTemporaryPath() -> String {
    location.folder + "/" + location.temporaryPrefix + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
  }

  /// Removes temporary files a killed save left behind; only safe while holding the lock.
  private func removeStaleTemporaryFiles(_ names: [String]) throws {
    for name in names where name.hasPrefix(location.temporaryPrefix) {
      try fileSystem.remove(location.folder + "/" + name)
    }
  }

  /// Creates the folder (0700) when missing; refuses one that others can open or that is not ours.
  private func prepareFolder() throws {
    if try fileSystem.status(location.folder) == nil {
      try makeFolders(location.folder)
    }
    try checkFolder()
  }

  private func makeFolders(_ path: String) throws {
    let parent = PathText.parent(path)
    if !parent.isEmpty, parent != path, try fileSystem.status(parent) == nil {
      try makeFolders(parent)
    }
    do {
      try fileSystem.makeDirectory(path, mode: 0o700)
    } catch let error as FileSystemError where error.code == EEXIST {
      // Another glance created it first.
    }
  }

  private func checkFolder() throws {
    guard let status = try fileSystem.status(location.folder) else { return }
    guard status.isDirectory else { throw StorageError.notAFolder(path: location.folder) }
    // A sticky folder (/tmp) is shared by design: refused before its owner or mode is looked at,
    // so glance never suggests chmod 700 /tmp.
    guard status.mode & 0o1000 == 0 else { throw StorageError.sharedFolder(folder: location.folder) }
    guard status.owner == UInt32(geteuid()) else {
      throw StorageError.foreignFolder(folder: location.folder)
    }
    guard status.mode & 0o077 == 0 else {
      throw StorageError.unsafeFolder(folder: location.folder, mode: status.mode)
    }
  }

  // MARK: Loading

  private struct Current {
    var document: GlanceDocument?
    /// The data file as read, nil when there is none yet.
    var bytes: FileBytes?
    /// Where its records are, for copying the unchanged ones.
    var layout: DocumentLayout?
  }

  /// The document to change: the data file, which must decode and be of a known version.
  private func loadForWriting() throws -> Current {
    if let loaded, let identity = loaded.bytes.identity,
      try fileSystem.status(location.dataFile)?.identity == identity
    {
      return Current(document: loaded.document, bytes: loaded.bytes, layout: loaded.layout)
    }
    guard let bytes = try fileSystem.readFile(location.dataFile) else {
      return Current(document: nil, bytes: nil, layout: nil)
    }
    do {
      let (document, layout) = try DocumentCodec.decodeWithLayout(bytes)
      if document.schemaVersion > GlanceDocument.currentSchemaVersion {
        throw StorageError.newerVersion(file: location.dataFile, version: document.schemaVersion)
      }
      loaded = (bytes, document, layout)
      return Current(document: document, bytes: bytes, layout: layout)
    } catch let error as DocumentVersionError {
      throw StorageError.newerVersion(file: location.dataFile, version: error.version)
    } catch let error as JSONError {
      throw StorageError.damaged(
        file: location.dataFile, reason: error.description, backup: newestGoodBackup()?.path,
        aside: asidePath(bytes))
    }
  }

  /// The document to show: the data file, else the newest backup that decodes; with the
  /// identity of the data file it stands for.
  ///
  /// A file from a newer glance is shown as far as this version understands it (fields it does
  /// not know are skipped), with a notice; writes stay refused (`loadForWriting`).
  private func loadForReading() throws -> (GlanceDocument, FileIdentity?) {
    if try fileSystem.status(location.folder) != nil { try checkFolder() }
    guard let bytes = try fileSystem.readFile(location.dataFile) else {
      return (.empty(createdAt: Timestamp(clock())), nil)
    }
    do {
      let (document, layout) = try DocumentCodec.decodeWithLayout(bytes)
      loaded = (bytes, document, layout)
      notice = nil
      return (document, bytes.identity)
    } catch let error as DocumentVersionError {
      guard let document = try? DocumentCodec.decode(bytes, acceptingNewer: true) else {
        throw StorageError.newerVersion(file: location.dataFile, version: error.version)
      }
      notice = .newerVersion(file: location.dataFile, version: error.version)
      return (document, bytes.identity)
    } catch let error as JSONError {
      guard let backup = newestGoodBackup() else {
        throw StorageError.damaged(
          file: location.dataFile, reason: error.description, backup: nil, aside: asidePath(bytes))
      }
      notice = .usedBackup(
        file: location.dataFile, reason: error.description, backup: backup.path, aside: asidePath(bytes))
      return (backup.document, bytes.identity)
    }
  }

  /// Where a restore moves the damaged data file: its name with the time it was last written, so
  /// a restore run twice never overwrites the damaged original.
  private func asidePath(_ bytes: FileBytes) -> String {
    asidePath(modifiedSeconds: bytes.identity?.modifiedSeconds ?? 0)
  }

  private func asidePath(modifiedSeconds: Int64) -> String {
    let stamp = Timestamp(secondsSince1970: modifiedSeconds).iso
    let compact = String(stamp.unicodeScalars.filter { $0 != "-" && $0 != ":" }.map(Character.init)).dropLast()
    return location.dataFile + ".damaged-" + compact.replacingEvery("T", with: "-")
  }

  private func newestGoodBackup() -> (path: String, document: GlanceDocument)? {
    for generation in 1...DataLocation.backupCount {
      let path = location.backupFile(generation)
      if let bytes = try? fileSystem.readFile(path), let document = try? DocumentCodec.decode(bytes) {
        return (path, document)
      }
    }
    return nil
  }

  private func mapErrors<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as FileSystemError {
      if error.path == location.lockFile, error.isNotRegularFile || error.isSymbolicLink {
        throw StorageError.unsafeLock(path: error.path)
      }
      if error.path == location.dataFile, error.code == EFBIG {
        // Larger than any data file glance writes: damaged, with the way back.
        let modified = (try? fileSystem.status(location.dataFile))?.identity.modifiedSeconds ?? 0
        throw StorageError.damaged(
          file: location.dataFile, reason: "it is larger than any data file glance writes",
          backup: newestGoodBackup()?.path, aside: asidePath(modifiedSeconds: modified))
      }
      if error.isNotRegularFile { throw StorageError.notAFile(path: error.path) }
      // A write to the new file (named by its descriptor) or its temporary name: the data file
      // is what a person knows (a full disk said "could not save to fd 4").
      var named = error
      if error.path.hasPrefix("fd ") || PathText.lastComponent(error.path).hasPrefix(location.temporaryPrefix) {
        named.path = location.dataFile
      }
      throw StorageError.io(named)
    }
  }
}

/// Something a person should know about how their data was loaded.
public enum StorageNotice: Equatable, Sendable {
  /// The data file did not decode; what is shown comes from `backup`.
  case usedBackup(file: String, reason: String, backup: String, aside: String)
  /// The data file was written by a newer glance; what this version understands of it is shown.
  case newerVersion(file: String, version: Int)

  public var message: String {
    switch self {
    case .newerVersion(let file, let version):
      return
        "Note: your data file \(PathText.shown(file)) was written by a newer glance (schema \(version); this one knows "
        + "\(GlanceDocument.currentSchemaVersion)). Showing what this version understands; nothing can be changed "
        + "until you update glance."
    case .usedBackup(let file, let reason, let backup, let aside):
      return
        "Note: your data file \(PathText.shown(file)) could not be read (\(reason)), so glance is showing the backup \(PathText.shown(backup)), "
        + "the version before the latest change(s). Nothing will be saved until the data file is restored; this "
        + "keeps the damaged file aside and brings back every record of it that still reads:\n  mv \(ShellQuote.path(file)) "
        + "\(ShellQuote.path(aside)) && cp \(ShellQuote.path(backup)) \(ShellQuote.path(file)) && "
        + StorageError.salvage(aside, of: file)
    }
  }
}
