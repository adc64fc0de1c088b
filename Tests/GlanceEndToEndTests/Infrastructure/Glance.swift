import Foundation
import GlanceCore

/// A private data folder and a way to run the built `glance` on it, as a person would.
final class GlanceSandbox {
  let scratch = Scratch()
  var home: String { scratch.path + "/data" }
  var dataFile: String { home + "/glance.json" }
  var today = "2026-11-22"

  /// The environment every run gets: this data folder, a UTF-8 locale, a pinned today.
  var environment: [String: String] {
    ["GLANCE_HOME": home, "LANG": "C.UTF-8", "GLANCE_TODAY": today, "PATH": "/usr/bin:/bin", "TZ": "UTC"]
  }

  /// Runs `glance` with `arguments` (stdin piped, so never a terminal).
  @discardableResult
  func run(_ arguments: String..., stdin: String? = nil, environment extra: [String: String] = [:]) throws
    -> ProcessResult
  {
    try run(arguments, stdin: stdin, environment: extra)
  }

  func run(_ arguments: [String], stdin: String? = nil, environment extra: [String: String] = [:]) throws
    -> ProcessResult
  {
    try GlanceEndToEnd.run(
      binary("glance"), arguments, environment: environment.merging(extra) { $1 }, stdin: stdin, in: scratch)
  }

  /// Starts `glance` on a pseudo-terminal.
  func terminal(_ arguments: String...) throws -> PseudoTerminalSession {
    try terminal(arguments, environment: [:])
  }

  func terminal(_ arguments: [String], environment extra: [String: String], rows: UInt16 = 0) throws
    -> PseudoTerminalSession
  {
    try PseudoTerminalSession(
      binary("glance"), arguments,
      environment: environment.merging(["TERM": "xterm", "COLUMNS": "80"]) { $1 }.merging(extra) { $1 }, rows: rows)
  }

  /// The data file as stored now.
  func document() throws -> GlanceDocument {
    try DocumentCodec.decode(FileManager.default.contents(atPath: dataFile) ?? Data())
  }

  /// The data file's bytes, or nil.
  var bytes: Data? { FileManager.default.contents(atPath: dataFile) }
}

/// Namespaced access to the free `run` function (shadowed inside `GlanceSandbox`).
enum GlanceEndToEnd {
  static func run(
    _ executable: String, _ arguments: [String], environment: [String: String], stdin: String?, in scratch: Scratch
  ) throws -> ProcessResult {
    try GlanceEndToEndTests.run(executable, arguments, environment: environment, stdin: stdin, in: scratch)
  }
}
