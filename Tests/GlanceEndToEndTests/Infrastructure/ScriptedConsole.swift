import GlanceCore

@testable import glance

/// A console for running commands in process: input is a script of lines, output is collected.
/// Printed text passes `TerminalText.guarded` as on the terminal.
final class ScriptedConsole: Console, @unchecked Sendable {
  let environment: [String: String]
  let canAsk: Bool
  private var script: [String]
  private(set) var stdout = ""
  private(set) var stderr = ""
  private(set) var written: [UInt8] = []
  var outputError: Int32? { nil }

  init(home: String, answers: [String]? = nil, environment: [String: String] = [:]) {
    self.environment = environment.merging(["GLANCE_HOME": home, "LANG": "C.UTF-8"]) { mine, _ in mine }
    canAsk = answers != nil
    script = answers ?? []
  }

  func out(_ text: String) { stdout += TerminalText.guarded(text) + "\n" }
  func err(_ text: String) { stderr += TerminalText.guarded(text) + "\n" }
  func prompt(_ text: String) { stdout += TerminalText.guarded(text) }
  func write(_ bytes: [UInt8]) { written += bytes }

  func readLine() throws -> String? {
    guard !script.isEmpty else { return nil }
    return script.removeFirst()
  }

  func style(for options: GlobalOptions) -> OutputStyle {
    OutputStyle.resolve(
      color: options.color, ascii: options.ascii, width: options.width, environment: environment,
      stdoutIsTerminal: false, terminalColumns: nil)
  }
}

/// Runs `glance` commands in this process against a fresh data folder, today pinned.
final class InProcessGlance {
  let scratch = Scratch()
  var home: String { scratch.path + "/home" }
  let today = "2025-06-01"
  private(set) var seconds: Int64 = 1_748_772_000

  /// Runs one command line; `answers` are typed on a terminal (nil: no terminal).
  @discardableResult
  func run(_ words: String..., answers: [String]? = nil) -> (status: ExitStatus, console: ScriptedConsole) {
    run(words, answers: answers)
  }

  @discardableResult
  func run(_ words: [String], answers: [String]? = nil) -> (status: ExitStatus, console: ScriptedConsole) {
    let console = ScriptedConsole(home: home, answers: answers, environment: ["GLANCE_TODAY": today])
    seconds += 60
    let now = seconds
    let status = Glance.run(
      // This machine's day after the pinned one: the pinned wins (a pinned day after the
      // machine's is refused).
      words, console: console, currentDirectory: scratch.path, localToday: { CalendarDate(iso: "2025-06-02")! },
      clock: { Timestamp(secondsSince1970: now) })
    return (status, console)
  }
}
