import Foundation
import GlanceCore
import Testing

/// `glance` as a new user meets it: version, help, about, privacy, the library, bad command lines.
@Suite("End to end: basics")
struct BasicsTests {
  @Test("--version prints the version")
  func version() throws {
    let glance = GlanceSandbox()
    let result = try glance.run("--version")
    #expect(result.status == 0)
    #expect(result.stdout == "glance \(GlanceVersion.current)\n")
  }

  @Test("--help and help COMMAND explain, on stdout, with exit 0")
  func help() throws {
    let glance = GlanceSandbox()
    let overview = try glance.run("--help")
    #expect(overview.status == 0)
    #expect(overview.stdout.contains("Usage: glance [COMMAND]"))
    for command in ["add", "show", "visit", "export", "setup"] {
      let viaHelp = try glance.run("help", command)
      let viaFlag = try glance.run(command, "--help")
      #expect(viaHelp.status == 0)
      #expect(viaHelp.stdout.hasPrefix("Usage: glance \(command)"))
      #expect(viaFlag.stdout == viaHelp.stdout)
    }
  }

  @Test(
    "command-line mistakes are usage errors (64) with a pointer to help",
    arguments: [
      ["shwo", "hdl"], ["add"], ["add", "hdl"], ["add", "hdl", "89", "--colour", "never"], ["show", "hdl", "--since"],
      ["export"], ["export", "--json", "--csv"], ["range", "ldl", "--low"], ["prep", "--markdown", "--html"],
      ["prep", "-o", "brief.txt"], ["help", "nosuch"], ["--width", "abc"],
      ["--color", "sometimes"], ["visit"], ["visit", "fly"], ["edit", "abcd"],
      // Attacker review at stop 33: an empty -o was an I/O error (74).
      ["export", "--csv", "-o", ""],
    ])
  func usageErrors(arguments: [String]) throws {
    let glance = GlanceSandbox()
    let result = try glance.run(arguments)
    #expect(result.status == 64, "\(arguments): \(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("glance"))
    #expect(glance.bytes == nil)
  }

  @Test("a near-miss command suggests the right one")
  func suggestion() throws {
    let result = try GlanceSandbox().run("shwo")
    #expect(result.stderr.contains("Did you mean glance show?"))
  }

  @Test("about says where the data lives; privacy prints the policy")
  func aboutAndPrivacy() throws {
    let glance = GlanceSandbox()
    let about = try glance.run("about")
    #expect(about.status == 0)
    #expect(about.stdout.contains(glance.home))
    #expect(about.stdout.contains("not created yet"))
    let privacy = try glance.run("privacy")
    #expect(privacy.stdout.contains("Glance collects no data"))
    #expect(glance.bytes == nil, "read-only commands must not create the data file")
    try glance.run("batch", "hdl=62", "ldl=120", "--yes")
    try glance.run("visit", "add", "--date", "yesterday", "--doctor", "Dr. Lee", "--type", "physical")
    let counts = try glance.run("about")
    #expect(counts.stdout.contains("Holds:        2 tracked markers, 2 readings, 1 visit\n"), "\(counts.stdout)")
    #expect(counts.stdout.contains("Backups:      1 previous version beside it\n"), "\(counts.stdout)")
  }

  @Test("library lists every category; a query and --category narrow it")
  func library() throws {
    let glance = GlanceSandbox()
    let all = try glance.run("library")
    for category in MarkerLibrary.builtIn.categories { #expect(all.stdout.contains(category.name)) }
    let query = try glance.run("library", "good cholesterol")
    #expect(query.stdout.contains("HDL Cholesterol"))
    #expect(!query.stdout.contains("LDL Cholesterol"))
    let thyroid = try glance.run("library", "--category", "thyroid")
    #expect(thyroid.stdout.contains("TSH"))
    #expect(!thyroid.stdout.contains("HDL"))
    // A group's name brings the whole group.
    let panel = try glance.run("library", "lipid panel")
    #expect(panel.status == 0, "\(panel.stderr)")
    for name in ["LDL Cholesterol", "HDL Cholesterol", "Triglycerides", "Apolipoprotein B"] {
      #expect(panel.stdout.contains(name))
    }
    #expect(!panel.stdout.contains("TSH"))
    let vitals = try glance.run("library", "--category", "vitals")
    #expect(vitals.stdout.contains("Body Weight") && !vitals.stdout.contains("HDL"))
    let nothing = try glance.run("library", "zzzz")
    #expect(nothing.status == 65)
    #expect(nothing.stderr.contains("No marker in the library matches"))
  }

  @Test("a release-style binary copied alone into an empty folder still has its library")
  func loneBinary() throws {
    let glance = GlanceSandbox()
    let lone = glance.scratch.file("lone")
    try FileManager.default.createDirectory(atPath: lone, withIntermediateDirectories: false)
    try FileManager.default.copyItem(atPath: binary("glance"), toPath: lone + "/glance")
    let result = try GlanceEndToEnd.run(
      lone + "/glance", ["library"], environment: glance.environment, stdin: nil, in: glance.scratch)
    #expect(result.status == 0)
    #expect(result.stdout.contains("Vitamin D, 25-Hydroxy"))
  }

  @Test("the data folder is 0700 and its files 0600, even with a permissive umask in the shell")
  func modes() throws {
    let glance = GlanceSandbox()
    let result = try GlanceEndToEnd.run(
      "/bin/sh", ["-c", "umask 000; exec \"$0\" add hdl 60", binary("glance")], environment: glance.environment,
      stdin: nil, in: glance.scratch)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(mode(of: glance.home) == 0o700)
    #expect(mode(of: glance.dataFile) == 0o600)
    #expect(mode(of: glance.home + "/glance.lock") == 0o600)
  }

  @Test("a data folder others can read is refused with the fix, and nothing is written")
  func unsafeFolder() throws {
    let glance = GlanceSandbox()
    try FileManager.default.createDirectory(
      atPath: glance.home, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
    let result = try glance.run("add", "hdl", "60")
    #expect(result.status == 74)
    #expect(result.stderr.contains("chmod 700"))
    #expect(glance.bytes == nil)
  }

  /// Attacker's third look at stop 34: a folder named with a newline printed it raw in prose
  /// ("Data folder: …/nl" then a line of its own, "  chmod 700 …/evil", above the real fix), and
  /// a TAB as a space. Every path in prose shows them as `\u{A}` and `\u{9}`; the suggested
  /// command still quotes the real name.
  @Test("a folder name with a newline or a TAB never starts a line of its own in glance's prose")
  func pathWithNewline() throws {
    let glance = GlanceSandbox()
    let home = glance.scratch.path + "/nl\n  chmod 700 evil\tx"
    try FileManager.default.createDirectory(
      atPath: home, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    let about = try glance.run("about", environment: ["GLANCE_HOME": home])
    #expect(about.status == 0, "\(about.stderr)")
    #expect(about.stdout.contains("nl\\u{A}  chmod 700 evil\\u{9}x"), "\(about.stdout)")
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: home)
    let refused = try glance.run("add", "hdl", "60", environment: ["GLANCE_HOME": home])
    #expect(refused.status == 74)
    for output in [about.stdout, refused.stderr] {
      #expect(!output.split(separator: "\n").contains { $0.hasPrefix("  chmod 700 evil") }, "\(output)")
      #expect(!output.contains("\t"), "\(output)")
    }
    #expect(refused.stderr.contains("chmod 700 $'"), "\(refused.stderr)")
  }

  /// A 137 MB sheet was read and parsed (0.7 s, 363 MB) before its import was refused for the
  /// folder's mode.
  @Test("an import into a data folder others can read is refused for the folder before the file is read")
  func unsafeFolderImport() throws {
    let glance = GlanceSandbox()
    try FileManager.default.createDirectory(
      atPath: glance.home, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
    let result = try glance.run("import", glance.scratch.file("no-such-sheet.csv"))
    #expect(result.status == 74)
    #expect(result.stderr.contains("chmod 700"), "\(result.stderr)")
    #expect(glance.bytes == nil)
  }

  @Test("a data file from a newer glance is shown with a note and never changed")
  func newerFile() throws {
    let glance = GlanceSandbox()
    try glance.run("add", "hdl", "62")
    let text = try String(contentsOfFile: glance.dataFile, encoding: .utf8)
    try text.replacingOccurrences(of: "\"schemaVersion\": 1", with: "\"schemaVersion\": 2")
      .write(toFile: glance.dataFile, atomically: false, encoding: .utf8)
    let before = glance.bytes
    let home = try glance.run()
    #expect(home.status == 0)
    #expect(home.stdout.contains("HDL Cholesterol") && home.stdout.contains("62"))
    #expect(home.stderr.contains("written by a newer glance"))
    let add = try glance.run("add", "hdl", "63")
    #expect(add.status == 74)
    #expect(add.stderr.contains("Update glance to make changes"))
    #expect(glance.bytes == before)
  }

  @Test("a damaged data file is never overwritten; reads use the backup and say so")
  func damagedFile() throws {
    let glance = GlanceSandbox()
    try glance.run("add", "hdl", "60", "--date", "2026-01-01")
    try glance.run("add", "hdl", "62", "--date", "2026-02-01")
    var bytes = try #require(glance.bytes)
    bytes.removeLast(30)
    try bytes.write(to: URL(fileURLWithPath: glance.dataFile))
    let home = try glance.run()
    #expect(home.status == 0)
    #expect(home.stderr.contains("could not be read"))
    #expect(home.stderr.contains("glance.json.1"))
    #expect(home.stdout.contains("60"))
    let add = try glance.run("add", "hdl", "64")
    #expect(add.status == 74)
    #expect(add.stderr.contains("mv '"))
    #expect(glance.bytes == bytes)
    // An export would hold the backup, not the data: refused, in every format (attacker review
    // at stop 37: it wrote the backup and exited 0).
    for format in ["--json", "--csv", "--fhir"] {
      let export = try glance.run("export", format)
      #expect(export.status == 74, "\(format): \(export.stderr)")
      #expect(export.stdout.isEmpty && export.stderr.contains("Nothing was written"), "\(format)")
    }
    // Nor a brief for the doctor (attacker's second look at stop 37).
    for format in ["--markdown", "--html"] {
      let brief = try glance.run("prep", format)
      #expect(brief.status == 74 && brief.stdout.isEmpty, "\(format): \(brief.stderr)")
    }
  }
}
