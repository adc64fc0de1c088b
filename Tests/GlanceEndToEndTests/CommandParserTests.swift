import GlanceCore
import Testing

@testable import glance

/// The command line becomes a plain value before anything runs.
@Suite("CommandParser: argv to a Command value")
struct CommandParserTests {
  static func parse(_ words: String...) throws -> Invocation { try CommandParser.parse(words) }

  @Test("no words is the home screen; global options apply anywhere")
  func home() throws {
    #expect(try Self.parse().command == .home)
    let invocation = try Self.parse("--width", "60", "--color=never", "--ascii", "--today", "2025-02-15")
    #expect(invocation.command == .home)
    #expect(invocation.global == GlobalOptions(color: .never, ascii: true, width: 60, today: "2025-02-15", yes: false))
    #expect(try Self.parse("show", "hdl", "--no-color").global.color == .never)
  }

  @Test(
    "every command that can ask a question takes --yes (and -y) to answer it",
    arguments: [
      ["add", "hdl", "62"], ["batch", "hdl=62"], ["edit", "abcd", "--value", "60"], ["delete", "abcd"],
      ["untrack", "hdl"], ["visit", "delete", "abcd"], ["import", "file.json", "--replace"], ["undo"],
      ["export", "--json", "-o", "out.json"],
    ])
  func yes(words: [String]) throws {
    #expect(try CommandParser.parse(words + ["--yes"]).global.yes)
    #expect(try CommandParser.parse(words + ["-y"]).global.yes)
  }

  @Test(
    "commands and their options",
    arguments: [
      (["--version"], Command.version),
      (["--help"], .help(topic: nil)),
      (["help", "add"], .help(topic: "add")),
      (["add", "--help"], .help(topic: "add")),
      (["about"], .about),
      (["privacy"], .privacy),
      (["library"], .library(query: nil, category: nil)),
      (
        ["library", "good", "cholesterol", "--category", "heart"],
        .library(query: "good cholesterol", category: "heart")
      ),
      (["setup", "--markers", "hdl,ldl"], .setup(markers: "hdl,ldl")),
      (["track", "hdl", "ldl"], .track(["hdl", "ldl"])),
      (["untrack", "hdl"], .untrack("hdl")),
      (["order", "a1c", "ldl"], .order(["a1c", "ldl"])),
      (["add", "hdl", "89"], .add(AddOptions(marker: "hdl", value: "89"))),
      (
        ["add", "good", "cholesterol", "89", "mg/dL", "--date=yesterday", "--note", "fasting"],
        .add(AddOptions(marker: "good cholesterol", value: "89", unit: "mg/dL", date: "yesterday", note: "fasting"))
      ),
      (["add", "psa", "<0.1"], .add(AddOptions(marker: "psa", value: "<0.1"))),
      (["add", "weight-change", "-5"], .add(AddOptions(marker: "weight-change", value: "-5"))),
      (["add", "hdl", "nan"], .add(AddOptions(marker: "hdl", value: "nan"))),
      (["add", "bp", "120/80"], .add(AddOptions(marker: "bp", value: "120/80"))),
      (["batch", "--date", "today", "hdl=60", "ldl=100"], .batch(date: "today", pairs: ["hdl=60", "ldl=100"])),
      (["show", "vitamin", "d", "--since", "2 years ago"], .show(marker: "vitamin d", since: "2 years ago")),
      (["edit", "3fa2", "--value", "98"], .edit(EditOptions(id: "3fa2", value: "98"))),
      (["delete", "3fa2"], .delete(id: "3fa2")),
      (["range", "ldl", "--high", "70"], .range(RangeOptions(marker: "ldl", high: "70", reset: false))),
      (["range", "ldl", "--reset"], .range(RangeOptions(marker: "ldl", reset: true))),
      (
        ["custom", "Blood ketones", "--unit", "mmol/L", "--lower-is-better"],
        .custom(CustomOptions(name: "Blood ketones", unit: "mmol/L", direction: .lowerIsBetter))
      ),
      (
        ["visit", "add", "--date", "today", "--doctor", "Dr. Lee", "--type", "dental"],
        .visitAdd(VisitOptions(date: "today", doctor: "Dr. Lee", type: "dental"))
      ),
      (["visit", "show", "ab12"], .visitShow(id: "ab12")),
      (["visit", "edit", "ab12", "--notes", ""], .visitEdit(id: "ab12", VisitOptions(notes: ""))),
      (["visit", "delete", "ab12"], .visitDelete(id: "ab12")),
      (["visits", "--type", "dental"], .visits(type: "dental", doctor: nil, since: nil)),
      (["prep"], .prep),
      (["search", "dr", "patel"], .search(query: "dr patel")),
      (["export", "--csv", "-o", "out.csv"], .export(ExportOptions(format: .csv, visits: false, output: "out.csv"))),
      (["export", "--json"], .export(ExportOptions(format: .json, visits: false, output: nil))),
      (["export", "-o", "Backup.JSON"], .export(ExportOptions(format: .json, visits: false, output: "Backup.JSON"))),
      (
        ["export", "-o", "labs.csv", "--visits"], .export(ExportOptions(format: .csv, visits: true, output: "labs.csv"))
      ),
      (["export", "--csv", "-o", "labs.txt"], .export(ExportOptions(format: .csv, visits: false, output: "labs.txt"))),
      (
        ["import", "file.json", "--replace", "--dry-run"],
        .importFile(ImportOptions(file: "file.json", replace: true, dryRun: true))
      ),
      (["undo"], .undo),
      (["demo"], .demo),
    ] as [([String], Command)])
  func commands(words: [String], expected: Command) throws {
    #expect(try CommandParser.parse(words).command == expected)
  }

  @Test("--yes and -y are read per command")
  func yes() throws {
    #expect(try Self.parse("delete", "3fa2", "-y").global.yes)
    #expect(try Self.parse("undo", "--yes").global.yes)
    #expect(try !Self.parse("undo").global.yes)
  }

  @Test(
    "mistakes are usage errors naming the command",
    arguments: [
      (["shwo"], nil), (["add"], "add"), (["add", "hdl", "89", "--colour", "x"], "add"), (["show"], "show"),
      (["show", "hdl", "--since"], "show"), (["export"], "export"), (["export", "--json", "--visits"], "export"),
      (["export", "-o", "labs.txt"], "export"), (["export", "--json", "--csv"], "export"),
      (["range", "ldl"], "range"), (["range", "ldl", "--reset", "--low", "1"], "range"), (["edit", "ab12"], "edit"),
      (["custom", "X"], "custom"), (["visit", "fly"], "visit"), (["--width", "5"], nil), (["--color", "maybe"], nil),
      (["untrack", "a", "b"], "untrack"), (["about", "extra"], "about"),
    ] as [([String], String?)])
  func usageErrors(words: [String], command: String?) {
    do {
      _ = try CommandParser.parse(words)
      Issue.record("accepted \(words)")
    } catch let error as UsageError {
      #expect(error.command == command, "\(words): \(error.message)")
      #expect(!error.message.isEmpty)
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test("a near-miss suggests the command meant")
  func suggestions() {
    #expect(CommandParser.suggestion(for: "shwo").contains("glance show"))
    #expect(CommandParser.suggestion(for: "expotr").contains("glance export"))
    #expect(CommandParser.suggestion(for: "zzzzzzzz").contains("glance help"))
  }
}
