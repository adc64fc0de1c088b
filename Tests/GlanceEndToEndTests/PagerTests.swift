import Foundation
import GlanceCore
import Testing

/// Issue 15, item 3: a long screen on a terminal goes through a pager ($PAGER, else less -FRX);
/// never in a pipe, never when it fits, never with --no-pager, --json, PAGER= or PAGER=cat.
@Suite("Pager")
struct PagerTests {
  @Test(
    "which pager, if any",
    arguments: [
      ([:], 30, 24, ["less", "-FRX"]), ([:], 23, 24, nil), ([:], 24, 24, ["less", "-FRX"]), ([:], 500, 0, nil),
      (["PAGER": "more"], 30, 24, ["/bin/sh", "-c", "more"]), (["PAGER": ""], 30, 24, nil),
      (["PAGER": " cat "], 30, 24, nil), (["PAGER": "less -S"], 30, 24, ["/bin/sh", "-c", "less -S"]),
    ] as [([String: String], Int, Int, [String]?)])
  func choice(environment: [String: String], lines: Int, rows: Int, expected: [String]?) {
    #expect(Pager.command(environment: environment, lines: lines, rows: rows) == expected)
  }

  static func sandbox() throws -> GlanceSandbox {
    let glance = GlanceSandbox()
    let lines = (1...40).map { "ldl \(100 + $0) --date 2026-\(String(format: "%02d", 1 + $0 % 10))-\(10 + $0 % 18)" }
    for line in lines {
      let words = line.split(separator: " ").map(String.init)
      _ = try glance.run(["add"] + words + ["--yes"])
    }
    return glance
  }

  @Test("a screen longer than the terminal goes through $PAGER; one that fits, --no-pager, --json and pipes do not")
  func paging() throws {
    let glance = try Self.sandbox()
    let pager = ["PAGER": "sed s/^/PAGED:/"]
    func onTerminal(_ arguments: [String], rows: UInt16 = 20, environment: [String: String] = pager) throws -> String {
      let session = try glance.terminal(arguments, environment: environment, rows: rows)
      #expect(session.wait() == 0, "\(arguments)")
      return session.transcript
    }
    let long = try onTerminal(["show", "ldl", "--all"])
    #expect(long.contains("PAGED:") && long.split(separator: "\n").allSatisfy { $0.hasPrefix("PAGED:") }, "\(long)")
    #expect(!(try onTerminal(["show", "ldl", "--all"], rows: 200)).contains("PAGED:"), "it fits")
    #expect(!(try onTerminal(["show", "ldl", "--all", "--no-pager"])).contains("PAGED:"))
    #expect(!(try onTerminal(["show", "ldl", "--all", "--json"])).contains("PAGED:"))
    #expect(!(try onTerminal(["show", "ldl", "--all"], environment: ["PAGER": "cat"])).contains("PAGED:"))
    #expect(try onTerminal(["help"]).contains("PAGED:"), "help is long too")
    #expect(!(try onTerminal(["help", "--man"])).contains("PAGED:"), "the man page is data")
    // A command that changes something is never held back (it may ask).
    #expect(!(try onTerminal(["add", "hdl", "50"])).contains("PAGED:"))
    // A pipe is never paged.
    let piped = try glance.run(["show", "ldl", "--all"], environment: pager)
    #expect(!piped.stdout.contains("PAGED:"))
    // A pager that cannot be started: the text is printed directly.
    let missing = try onTerminal(["show", "ldl", "--all"], environment: ["PAGER": "/nonexistent/pager"])
    #expect(missing.contains("LDL Cholesterol"))
  }
}
