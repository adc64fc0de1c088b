import Testing

@testable import GlanceCore

/// README "Exit codes": 0 done, 1 a bug, 3 a question needed a yes, 64 the command line is wrong,
/// 65 the input was refused, 74 the data folder or file cannot be used, 75 another glance was
/// saving. Scripts rely on them, so they never change.
@Suite("ExitStatus")
struct ExitStatusTests {
  @Test(
    "each status has the documented code",
    arguments: [
      (GlanceCore.ExitStatus.success, Int32(0)), (.failure, 1), (.needsConfirmation, 3), (.usage, 64), (.refused, 65),
      (.dataFile, 74), (.busy, 75),
    ])
  func codes(status: GlanceCore.ExitStatus, code: Int32) {
    #expect(status.rawValue == code)
    #expect(GlanceCore.ExitStatus(rawValue: code) == status)
  }

  @Test("the codes are distinct and only success is zero")
  func distinct() {
    #expect(Set(GlanceCore.ExitStatus.allCases.map(\.rawValue)).count == GlanceCore.ExitStatus.allCases.count)
    #expect(GlanceCore.ExitStatus.allCases.filter { $0.rawValue == 0 } == [.success])
    #expect(GlanceCore.ExitStatus.allCases.count == 7)
  }
}
