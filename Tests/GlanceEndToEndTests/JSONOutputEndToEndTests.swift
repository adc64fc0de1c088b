import Foundation
import Testing

/// Issue 15, item 1: `--json` on every read command of the built binary, parsed as a script would.
@Suite("End to end: --json")
struct JSONOutputEndToEndTests {
  static func sandbox() throws -> GlanceSandbox {
    let glance = GlanceSandbox()
    for (day, value) in [("2026-09-01", "100"), ("2026-10-01", "130"), ("2026-11-01", "160")] {
      #expect(try glance.run("add", "ldl", value, "--date", day, "--note", "Dr. Müller \u{1B}[31m").status == 0)
    }
    #expect(try glance.run("add", "psa", "<0.1", "--date", "2026-11-01").status == 0)
    #expect(try glance.run("add", "glucose", "5.5", "mmol/L", "--date", "2026-11-01", "--yes").status == 0)
    #expect(try glance.run("add", "bp", "128/82", "--date", "2026-11-02").status == 0)
    #expect(
      try glance.run("visit", "add", "--date", "2026-11-03", "--doctor", "Dr. Lee", "--type", "physical").status == 0)
    return glance
  }

  static func object(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
  }

  @Test("each read command prints one JSON object of its own command, before or after the command word")
  func everyReadCommand() throws {
    let glance = try Self.sandbox()
    let visitID = try #require(
      (try Self.object(try glance.run("visits", "--json").stdout)["visits"] as? [[String: Any]])?.first?["shortId"]
        as? String)
    let commands: [([String], String)] = [
      (["--json"], "home"), (["show", "ldl", "--json"], "show"), (["--json", "show", "bp"], "show"),
      (["prep", "--json"], "prep"), (["visits", "--json"], "visits"),
      (["visit", "show", visitID, "--json"], "visit show"),
      (["search", "lee", "--json"], "search"), (["library", "lipid", "--json"], "library"),
      (["about", "--json"], "about"),
    ]
    for (arguments, command) in commands {
      let result = try glance.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      let object = try Self.object(result.stdout)
      #expect(object["schema"] as? Int == 1, "\(arguments)")
      #expect(object["command"] as? String == command, "\(arguments)")
      #expect(!result.stdout.contains("\u{1B}"), "\(arguments): a raw escape")
    }
    let show = try Self.object(try glance.run("show", "ldl", "--json", "-n", "2").stdout)
    let ldl = try #require((show["markers"] as? [[String: Any]])?.first)
    let readings = try #require(ldl["readings"] as? [[String: Any]])
    #expect(readings.map { $0["value"] as? Double } == [130, 160])
    #expect(readings.map { $0["date"] as? String } == ["2026-10-01", "2026-11-01"])
    #expect(ldl["earlierCount"] as? Int == 1)
    #expect(readings.last?["note"] as? String == "Dr. Müller \u{1B}[31m", "the note reads back exactly")
    let bp = try Self.object(try glance.run("show", "bp", "--json").stdout)
    #expect((bp["markers"] as? [[String: Any]])?.count == 2)
    let psa = try Self.object(try glance.run("show", "psa", "--json").stdout)
    let bound = try #require(((psa["markers"] as? [[String: Any]])?.first?["readings"] as? [[String: Any]])?.first)
    #expect(bound["value"] as? Double == 0.1 && bound["comparator"] as? String == "<")
    let glucose = try Self.object(try glance.run("show", "glucose", "--json").stdout)
    let typed = try #require(
      ((glucose["markers"] as? [[String: Any]])?.first?["readings"] as? [[String: Any]])?.first?["entered"]
        as? [String: Any])
    #expect(typed["value"] as? Double == 5.5 && typed["unit"] as? String == "mmol/L")
  }

  @Test("--json on a command that changes something, or with --markdown, is a usage error that changes nothing")
  func refused() throws {
    let glance = try Self.sandbox()
    let before = glance.bytes
    for arguments in [
      ["add", "hdl", "50", "--json"], ["--json", "delete", "abcd", "--yes"], ["--json", "undo", "--yes"],
      ["prep", "--json", "--markdown"], ["prep", "--json", "-o", "x.html"], ["help", "--json"],
    ] {
      let result = try glance.run(arguments)
      #expect(result.status == 64, "\(arguments): \(result.status) \(result.stderr)")
      #expect(result.stdout.isEmpty, "\(arguments)")
    }
    #expect(glance.bytes == before)
    let add = try glance.run("add", "hdl", "50", "--json")
    #expect(add.stderr.contains("--json is for commands that show something"), "\(add.stderr)")
    // export's own --json is the complete backup, as before.
    let export = try glance.run("export", "--json")
    #expect(export.status == 0 && export.stdout.contains("\"entries\""), "\(export.stderr)")
  }

  @Test("no match: exit 1, nothing on standard output; --ascii and the C locale: pure ASCII that reads back the same")
  func noMatchAndASCII() throws {
    let glance = try Self.sandbox()
    let none = try glance.run("search", "zzzzqqq", "--json")
    #expect(none.status == 1 && none.stdout.isEmpty)
    let unicode = try Self.object(try glance.run("show", "ldl", "--json").stdout)
    for (flags, environment) in [(["--ascii"], [:]), ([], ["LANG": "C", "LC_ALL": "C"])]
      as [([String], [String: String])]
    {
      let result = try glance.run(flags + ["show", "ldl", "--json"], environment: environment)
      #expect(result.stdout.utf8.allSatisfy { $0 < 0x80 }, "\(flags) \(environment)")
      let object = try Self.object(result.stdout)
      #expect(NSDictionary(dictionary: object).isEqual(to: unicode), "the same data either way")
    }
  }
}
