import Foundation
import Testing

@testable import GlanceCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// StorageError: "Everything that can go wrong with the data folder and file, in words a person can
/// act on. No message contains a health value: they name files, reasons and fixes only." README exit
/// codes: 75 busy, 64 the command line (no HOME), 74 the data folder or file.
@Suite("StorageError")
struct StorageErrorTests {
  static let folder = "/home/ada/.local/share/glance"
  static let file = folder + "/glance.json"
  static let failure = FileSystemError(operation: "write", path: file, code: ENOSPC)

  /// Each error, what its message must name, and its exit status.
  typealias Case = (StorageError, [String], ErrorKind)

  static func row(_ error: StorageError, _ mentions: [String], _ status: ErrorKind) -> Case {
    (error, mentions, status)
  }

  static let cases: [Case] = [
    row(.busy(folder: folder), [folder, "try again"], .busy),
    row(
      .damaged(file: file, reason: "unexpected end", backup: file + ".1", aside: file + ".damaged-1"),
      [file, "unexpected end", file + ".1", "glance import --salvage '\(file).damaged-1'"], .dataFile),
    row(
      .damaged(file: file, reason: "unexpected end", backup: nil, aside: file + ".damaged-1"),
      [file, "unexpected end", "no readable backup", "Keep the file aside", "glance import --salvage"], .dataFile),
    row(.newerVersion(file: file, version: 7), [file, "schema 7", "Update glance"], .dataFile),
    row(.unsafeFolder(folder: folder, mode: 0o755), [folder, "755", "chmod 700 '\(folder)'"], .dataFile),
    row(.foreignFolder(folder: folder), [folder, "GLANCE_HOME"], .dataFile),
    row(.notAFolder(path: folder), [folder, "GLANCE_HOME"], .dataFile),
    row(.noHome, ["HOME", "Set GLANCE_HOME"], .usage),
    row(.io(failure), [file, String(cString: strerror(ENOSPC)), "Nothing was changed"], .dataFile),
    row(.notDurable(failure), [file, String(cString: strerror(ENOSPC)), "check the disk"], .dataFile),
    row(.invalidNumber(field: "value"), ["value", "nothing was saved"], .dataFile),
  ]

  @Test("every message names what it is about and what to do, with the documented exit status", arguments: cases)
  func messages(error: StorageError, mentions: [String], status: ErrorKind) {
    let message = error.message
    #expect(message == "\(error)")
    for text in mentions { #expect(message.contains(text), "“\(text)” missing from: \(message)") }
    #expect(error.kind == status)
  }

  @Test("a damaged file with a backup gives the commands that restore it, keeping the damaged file")
  func restoreCommand() {
    let message = StorageError.damaged(
      file: Self.file, reason: "bad", backup: Self.file + ".2", aside: Self.file + ".damaged-x"
    ).message
    #expect(
      message.contains(
        "mv '\(Self.file)' '\(Self.file).damaged-x' && cp '\(Self.file).2' '\(Self.file)' && GLANCE_HOME='\(Self.folder)' glance import --salvage '\(Self.file).damaged-x'"
      ), "\(message)")
    // The folder is named: pasted where GLANCE_HOME is not set (it was given for one command, as
    // `glance demo` shows), the salvage went into the default folder (attacker's second look at
    // stop 34).
    #expect(message.contains("has not been changed"))
  }

  @Test("a newer file says which schema this glance knows")
  func newerVersion() {
    let message = StorageError.newerVersion(file: Self.file, version: 9).message
    #expect(message.contains("this one knows \(GlanceDocument.currentSchemaVersion)"))
    #expect(message.contains("Nothing was changed"))
  }

  @Test("a failed file-system call describes itself as call, path and reason")
  func fileSystemError() {
    #expect(Self.failure.description == "write \(Self.file): \(String(cString: strerror(ENOSPC)))")
    #expect(Self.failure.reason == String(cString: strerror(ENOSPC)))
  }

  @Test("a damaged data file is reported without any of the readings or notes in it", arguments: 0..<6)
  func noHealthValues(cut: Int) throws {
    let folder = TemporaryFolder()
    let location = DataLocation(folder: folder.path)
    let repository = LocalDataRepository(location: location, clock: { Fixture.now })
    try repository.write(summary: "add") { transaction in
      transaction.apply(.putEntry(Fixture.entry(Fixture.ldl, 4321.5, on: "2025-02-15", note: "secret-note-777")))
    }
    let stored = try #require(bytes(of: location.dataFile))
    var text = try #require(String(bytes: stored, encoding: .utf8))
    // Break the file at, or right after, the reading: each way the reader stops near the value.
    let value = try #require(text.range(of: "4321.5"))
    switch cut {
    case 0: text.replaceSubrange(value, with: "4321.5.5")
    case 1: text.replaceSubrange(value, with: "4321.5e")
    case 2: text = String(text[..<value.upperBound])
    case 3: text.replaceSubrange(value, with: "4321.5x")
    case 4: text = text.replacingOccurrences(of: "secret-note-777\"", with: "secret-note-777")
    default: text = text.replacingOccurrences(of: "4321.5", with: "\"4321.5\"")
    }
    #expect(FileManager.default.createFile(atPath: location.dataFile, contents: Data(text.utf8)))
    for fallback in try PosixFileSystem().contentsOfDirectory(folder.path) where fallback.contains(".json.") {
      try PosixFileSystem().remove(folder.file(fallback))
    }
    let reader = LocalDataRepository(location: location, clock: { Fixture.now })
    do {
      _ = try reader.read()
      Issue.record("the damaged file was read")
    } catch let error as StorageError {
      guard case .damaged = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(!error.message.contains("4321"), "\(error.message)")
      #expect(!error.message.contains("secret-note"), "\(error.message)")
      #expect(error.message.contains(location.dataFile))
    }
  }
}
