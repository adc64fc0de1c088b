import Foundation
import Testing

@testable import GlanceCore

/// The binary's console: what it reads of the process's world. (Its writes are exercised by the
/// end-to-end suites, on pipes and a pseudo-terminal.)
@Suite("TerminalConsole")
struct TerminalConsoleTests {
  @Test("reads only the variables glance uses, and takes the style from the options")
  func environmentAndStyle() {
    let environment = TerminalConsole.readEnvironment()
    #expect(Set(environment.keys).isSubset(of: Set(TerminalConsole.variables)))
    let console = TerminalConsole(environment: ["LANG": "C.UTF-8"])
    let style = console.style(for: GlobalOptions(color: .never, ascii: true, width: 72))
    #expect(style.width == 72)
    #expect(!style.unicode)
    #expect(console.canAsk == console.stdinIsTerminal)
    #expect(console.outputError == nil)
  }

  @Test("the working directory and today come from the C library")
  func worldFacts() {
    #expect(TerminalConsole.currentDirectory() == FileManager.default.currentDirectoryPath)
    let today = TerminalConsole.localToday()
    let utc = Timestamp(Date()).utcDay
    #expect(abs(today.dayNumber - utc.dayNumber) <= 1)
  }
}
