import GlanceCore
import Testing

@testable import glance

/// README "Exit codes": 0 done, 1 nothing matched (as grep), 3 a question needed a yes (or was
/// answered no), 64 the command line is wrong, 65 the input was refused, 70 a bug, 74 the data
/// folder or file cannot be used, 75 another glance was saving. Scripts rely on them. The
/// library's errors carry a kind; only the binary knows the numbers.
@Suite("ExitStatus")
struct ExitStatusTests {
  @Test(
    "each kind of error has the documented code",
    arguments: [
      (ErrorKind.noMatch, Int32(1)), (.needsConfirmation, 3), (.usage, 64), (.refused, 65), (.failure, 70),
      (.dataFile, 74), (.busy, 75),
    ])
  func codes(kind: ErrorKind, code: Int32) {
    #expect(ExitStatus(kind).rawValue == code)
  }

  @Test("the codes are distinct and only success is zero")
  func distinct() {
    #expect(Set(ExitStatus.allCases.map(\.rawValue)).count == ExitStatus.allCases.count)
    #expect(ExitStatus.allCases.filter { $0.rawValue == 0 } == [.success])
    #expect(Set(ErrorKind.allCases.map { ExitStatus($0) }).count == ErrorKind.allCases.count)
  }
}
