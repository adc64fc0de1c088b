import Foundation
import GlanceCore
import Testing

@testable import glance

/// Issue 15, item 2: completions for bash, zsh and fish and the man page, generated from the
/// command declarations. bash completion is exercised through `compgen` in a real bash; the man
/// page renders with `man` without a warning and the committed copy is current.
@Suite("Completions and the man page")
struct CompletionsAndManTests {
  /// What bash offers after `line` (the last word is the one being completed).
  static func complete(_ line: String, in glance: GlanceSandbox) throws -> [String] {
    let script = try glance.run("completions", "bash").stdout
    let words = line.split(separator: " ", omittingEmptySubsequences: false).map { "'\($0)'" }
    let program = """
      \(script)
      COMP_WORDS=(\(words.joined(separator: " ")))
      COMP_CWORD=\(words.count - 1)
      _glance
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let folder = (binary("glance") as NSString).deletingLastPathComponent
    let result = try GlanceEndToEnd.run(
      "/bin/bash", ["--norc", "--noprofile", "-c", program],
      environment: glance.environment.merging(["PATH": folder + ":/usr/bin:/bin"]) { $1 }, stdin: nil,
      in: glance.scratch)
    #expect(result.status == 0, "\(line): \(result.stderr)")
    #expect(result.stderr.isEmpty, "\(line): \(result.stderr)")
    return result.stdout.split(separator: "\n").map(String.init)
  }

  @Test("bash completes commands, subcommands, options, option values, marker keys (yours too) and shells")
  func bash() throws {
    let glance = GlanceSandbox()
    #expect(try glance.run("custom", "Blood ketones", "--unit", "mmol/L").status == 0)
    #expect(try glance.run("custom", "Кетоны крови", "--unit", "mmol/L").status == 0)
    try Data().write(to: URL(fileURLWithPath: glance.scratch.path + "/labs.csv"))
    // A name with a space is one word, and one with $(…) is offered as it is, never run
    // (attacker and newcomer reviews at stop 41).
    try Data().write(to: URL(fileURLWithPath: glance.scratch.path + "/my labs 2024.csv"))
    try Data().write(to: URL(fileURLWithPath: glance.scratch.path + "/rx$(touch PWNED).csv"))
    let cases: [(String, [String], [String])] = [
      ("glance sh", ["show"], []), ("glance ", ["add", "show", "prep", "visit", "completions"], ["visit add"]),
      ("glance --", ["--json", "--ascii", "--width"], []),
      ("glance add l", ["ldl", "lpa"], ["hdl"]), ("glance add custom-b", ["custom-blood-ketones"], []),
      ("glance add ldl --d", ["--date"], []), ("glance add --date yesterday h", ["hdl", "hs-crp"], []),
      ("glance add ldl 130 ", [], ["ldl"]), ("glance visit ", ["add", "show", "edit", "delete"], []),
      ("glance visit add --type ", ["physical", "dental", "lab", "other"], ["labWork", "or"]),
      ("glance visit add --doctor ", [], ["physical"]), ("glance --color ", ["auto", "always", "never"], []),
      ("glance show ldl --since 2024 --u", ["--until"], []), ("glance completions ", ["bash", "zsh", "fish"], []),
      ("glance help ", ["add", "prep"], []), ("glance track hdl l", ["ldl"], []),
      ("glance library --category ", ["heart", "kidney"], []), ("glance profile --sex ", ["female", "male"], []),
      ("glance setup --markers ", ["hdl"], []), ("glance prep --", ["--html", "--markdown", "--json"], []),
      // A key made from a name in another script; a file after import (newcomer review at stop 40).
      ("glance add custom-к", ["custom-кетоны-крови"], []),
      ("glance import \(glance.scratch.path)/la", ["\(glance.scratch.path)/labs.csv"], []),
      ("glance import \(glance.scratch.path)/my", ["\(glance.scratch.path)/my labs 2024.csv"], ["2024.csv"]),
      ("glance import \(glance.scratch.path)/rx", ["\(glance.scratch.path)/rx$(touch PWNED).csv"], []),
      ("glance prep --html -o \(glance.scratch.path)/my", ["\(glance.scratch.path)/my labs 2024.csv"], []),
    ]
    for (line, wanted, unwanted) in cases {
      let offered = try Self.complete(line, in: glance)
      for word in wanted { #expect(offered.contains(word), "\(line) → \(offered)") }
      for word in unwanted { #expect(!offered.contains(word), "\(line) → \(offered)") }
    }
    #expect(!FileManager.default.fileExists(atPath: glance.scratch.path + "/PWNED"))
    // Where the output must be ASCII, a key in another script is left out, never offered as
    // `custom-\u{43A}…`, which names no marker (newcomer review at stop 41).
    let ascii = try glance.run("--ascii", "completions", "--markers").stdout.split(separator: "\n")
    #expect(ascii.contains("custom-blood-ketones") && !ascii.contains { $0.contains("\\u{") }, "\(ascii)")
    // Every command and option of the declarations is offered somewhere.
    let commands = try Self.complete("glance ", in: glance)
    for declaration in Glance.parser.declarations where !declaration.name.contains(" ") && declaration.name != "home" {
      #expect(commands.contains(declaration.name), "\(declaration.name)")
      let options = try Self.complete("glance \(declaration.name) --", in: glance)
      for option in declaration.allOptions { #expect(options.contains("--" + option.name), "\(declaration.name)") }
    }
  }

  @Test(
    "a hand-edited marker key never runs or expands in the shell: $(…), backticks, * and newlines are not offered",
    arguments: ["$(touch PWNED)", "`touch PWNED`", "*", "a\\nb", "$HOME"])
  func hostileKey(key: String) throws {
    let glance = GlanceSandbox()
    #expect(try glance.run("custom", "Ketones", "--unit", "mmol/L").status == 0)
    let text = try String(contentsOfFile: glance.dataFile, encoding: .utf8)
    let escaped = key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    let edited = text.replacingOccurrences(of: "\"key\": \"custom-ketones\"", with: "\"key\": \"\(escaped)\"")
    #expect(edited != text)
    try edited.write(toFile: glance.dataFile, atomically: true, encoding: .utf8)
    let keys = try glance.run("completions", "--markers").stdout.split(separator: "\n")
    #expect(keys.contains("ldl") && !keys.contains { $0.contains("$") || $0.contains("*") || $0.contains("`") })
    for line in ["glance add ", "glance track hdl ", "glance setup --markers "] {
      let offered = try Self.complete(line, in: glance)
      #expect(offered.contains("ldl"), "\(line)")
      #expect(offered.allSatisfy(Completions.isSafeKey), "\(offered)")
    }
    #expect(!FileManager.default.fileExists(atPath: glance.scratch.path + "/PWNED"))
    #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/PWNED"))
  }

  @Test("each shell's script names every command; zsh wraps the bash function; fish is declarative")
  func scripts() throws {
    let glance = GlanceSandbox()
    for shell in ["bash", "zsh", "fish"] {
      let result = try glance.run("completions", shell)
      #expect(result.status == 0)
      for declaration in Glance.parser.declarations where declaration.name != "home" {
        let last = String(declaration.name.split(separator: " ").last!)
        #expect(result.stdout.contains(last), "\(shell): \(declaration.name)")
      }
    }
    #expect(try glance.run("completions", "zsh").stdout.contains("bashcompinit"))
    #expect(
      try glance.run("completions", "fish").stdout.contains("complete -c glance -n '__fish_use_subcommand' -a add"))
    // bash and zsh's bash layer parse.
    let syntax = try GlanceEndToEnd.run(
      "/bin/bash", ["-n", "-c", try glance.run("completions", "bash").stdout], environment: [:], stdin: nil,
      in: glance.scratch)
    #expect(syntax.status == 0, "\(syntax.stderr)")
    let refused = try glance.run("completions", "powershell")
    #expect(refused.status == 64 && refused.stderr.contains("bash, zsh and fish"))
    #expect(try glance.run("completions").status == 64)
    // --markers never fails the line being typed: a damaged data file still lists the library.
    try FileManager.default.createDirectory(atPath: glance.home, withIntermediateDirectories: true)
    try Data("{not json".utf8).write(to: URL(fileURLWithPath: glance.dataFile))
    let keys = try glance.run("completions", "--markers")
    #expect(keys.status == 0 && keys.stdout.split(separator: "\n").contains("ldl"))
    // `bp`, as add takes both numbers (newcomer review at stop 40).
    #expect(keys.stdout.split(separator: "\n").contains("bp"))
    #expect(try Self.complete("glance add b", in: glance).contains("bp"))
  }

  @Test("the man page is generated from the declarations, the committed copy is current, and man renders it cleanly")
  func manPage() throws {
    let glance = GlanceSandbox()
    let page = try glance.run("help", "--man")
    #expect(page.status == 0)
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let committed = try String(contentsOfFile: root.path + "/docs/glance.1", encoding: .utf8)
    #expect(
      page.stdout == committed,
      "docs/glance.1 is stale: .build/debug/glance help --man > docs/glance.1")
    let ascii = page.stdout.unicodeScalars.allSatisfy { $0.isASCII }
    #expect(ascii)
    for declaration in Glance.parser.declarations {
      #expect(page.stdout.contains(ManPage.text(declaration.summary)), "\(declaration.name)")
    }
    for status in ExitStatus.allCases { #expect(page.stdout.contains(".B \(status.rawValue)\n")) }
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/man") else {
      print("man is not installed: the man page's rendering is not checked")
      return
    }
    let path = glance.scratch.path + "/glance.1"
    try page.stdout.write(toFile: path, atomically: true, encoding: .utf8)
    let rendered = try GlanceEndToEnd.run(
      "/usr/bin/man", ["--warnings", "-l", path],
      environment: ["MANWIDTH": "80", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"],
      stdin: nil, in: glance.scratch)
    #expect(rendered.status == 0)
    #expect(rendered.stderr.isEmpty, "\(rendered.stderr)")
    #expect(rendered.stdout.contains("EXIT STATUS") && rendered.stdout.contains("glance completions bash|zsh|fish"))
  }
}
