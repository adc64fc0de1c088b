import Foundation
import GlanceCore
import Testing

@testable import glance

/// Commands run in this process with a scripted console, a pinned today and an injected clock:
/// the glue between the declarations, GlanceCore and the console, without starting the binary.
@Suite("Commands in process")
struct InProcessCommandTests {
  static func document(_ glance: InProcessGlance) throws -> GlanceDocument {
    try LocalDataRepository(location: DataLocation(folder: glance.home)).read()
  }

  @Test("add saves with the injected clock and says status and how many readings a trend needs")
  func add() throws {
    let glance = InProcessGlance()
    let (status, console) = glance.run("add", "hdl", "89")
    #expect(status == .success, "\(console.stderr)")
    #expect(console.stdout.hasPrefix("Now tracking HDL Cholesterol"))
    #expect(
      console.stdout.split(separator: "\n").last
        == "Saved HDL 89 mg/dL on Jun 1, 2025 · ✓ in range · 1 of 3 readings for a trend")
    let entry = try #require(try Self.document(glance).entries.first)
    #expect(entry.entryTimestamp == Timestamp(secondsSince1970: glance.seconds))
  }

  @Test("accepting a 10× suggestion keeps the duplicate check: the suggested value already stored is asked about")
  func suggestionKeepsChecks() throws {
    let glance = InProcessGlance()
    for value in ["60", "62", "61"] { glance.run("add", "hdl", value, "--date", "2025-05-0\(value.suffix(1))") }
    glance.run("add", "hdl", "61")
    let before = try Self.document(glance).entries.count
    let (status, console) = glance.run("add", "hdl", "610", answers: ["1", "n"])
    #expect(status == .needsConfirmation)
    #expect(console.stdout.contains("1) save 61"))
    #expect(console.stdout.contains("already"), "\(console.stdout)")
    #expect(try Self.document(glance).entries.count == before)
    let (yes, saved) = glance.run("add", "hdl", "610", answers: ["1", "y"])
    #expect(yes == .success)
    #expect(saved.stdout.contains("Saved HDL 61 mg/dL"))
  }

  /// Newcomer review: after choosing "<2 mmol/L" for `ldl "<2"`, the units question began
  /// "You typed mmol/L", which they had not; and choice 1 said "save 77" and saved "<78".
  @Test("a censored slip saves what its choice said, and the units question after it does not say it was typed")
  func censoredSlipChoice() throws {
    let glance = InProcessGlance()
    let (status, console) = glance.run("add", "ldl", "<2", answers: ["1", "n"])
    #expect(status == .success, "\(console.stdout)")
    #expect(console.stdout.contains("1) save <78 mg/dL (<2 mmol/L)   2) save <2 mg/dL as typed"), "\(console.stdout)")
    #expect(console.stdout.contains("Saved LDL <78 mg/dL"), "\(console.stdout)")
    #expect(console.stdout.contains("That reading was in mmol/L. Show every result in SI units"), "\(console.stdout)")
    #expect(!console.stdout.contains("You typed"))
  }

  @Test("one question per prompt; an answer that is not one of the choices asks again (issue 15)")
  func answersAskAgain() throws {
    let glance = InProcessGlance()
    let (unusual, console) = glance.run("add", "hdl", "890", answers: ["maybe", "", "y"])
    #expect(unusual == .needsConfirmation, "an empty answer is the default no")
    #expect(console.stdout.contains("Please answer y or n."))
    #expect(
      console.stdout.contains(
        "You entered HDL of 890 mg/dL. This seems unusual: please double-check it. If you meant 89, cancel and type 89. Save it anyway? [y/N] "
      ))
    #expect(!console.stdout.contains("double-check? "))
    let (saved, yes) = glance.run("add", "hdl", "890", answers: ["maybe", "y"])
    #expect(saved == .success, "\(yes.stdout)")
    // At a 1/2/3 choice, "y" is not a choice: asked again, then 1 saves the suggestion.
    for value in ["60", "62", "61"] { glance.run("add", "hdl", value, "--date", "2025-05-0\(value.suffix(1))") }
    let (choice, asked) = glance.run("add", "hdl", "610", "--date", "2025-05-05", answers: ["y", "4", "1"])
    #expect(choice == .success, "\(asked.stdout)")
    #expect(asked.stdout.components(separatedBy: "Please answer 1, 2 or 3.").count == 3)
    #expect(asked.stdout.contains("Saved HDL 61 mg/dL"), "\(asked.stdout)")
    // The end of input is a no, never a loop.
    let (ended, _) = glance.run("add", "hdl", "610", "--date", "2025-05-06", answers: ["y"])
    #expect(ended == .needsConfirmation)
  }

  @Test("deleting one half of a blood pressure says the other half is kept, with its id (issue 15)")
  func deleteHalfOfBloodPressure() throws {
    let glance = InProcessGlance()
    glance.run("add", "bp", "128/82")
    glance.run("add", "hdl", "60")
    let document = try Self.document(glance)
    let systolic = try #require(document.entries.first { $0.value == 128 })
    let diastolic = try #require(document.entries.first { $0.value == 82 })
    let (status, console) = glance.run("delete", String(ShortID.hex(systolic.id).prefix(8)), "--yes")
    #expect(status == .success, "\(console.stderr)")
    #expect(
      console.stdout.contains(
        "The Diastolic BP reading saved with it (82) is kept; delete it too with glance delete \(ShortID.hex(diastolic.id).prefix(8))"
      ), "\(console.stdout)")
    // Any other reading: no such line.
    let hdl = try #require(document.entries.first { $0.value == 60 })
    let (_, other) = glance.run("delete", String(ShortID.hex(hdl.id).prefix(8)), "--yes")
    #expect(!other.stdout.contains("saved with it"))
  }

  @Test("edit: a slip answered with the suggestion saves the suggestion; old and new are shown")
  func edit() throws {
    let glance = InProcessGlance()
    for (day, value) in [("01", "60"), ("02", "62"), ("03", "61")] {
      glance.run("add", "hdl", value, "--date", "2025-05-\(day)")
    }
    let target = try #require(try Self.document(glance).entries.first { $0.value == 62 })
    let id = ShortID.hex(target.id).prefix(8)
    let (status, console) = glance.run("edit", String(id), "--value", "630", answers: ["1"])
    #expect(status == .success, "\(console.stderr)")
    #expect(console.stdout.contains("Was: HDL 62 mg/dL on May 2, 2025"))
    #expect(console.stdout.contains("Now: HDL 63 mg/dL on May 2, 2025"))
    #expect(try Self.document(glance).entries.contains { $0.id == target.id && $0.value == 63 })
    let (same, nothing) = glance.run("edit", String(id), "--value", "63")
    #expect(same == .success)
    #expect(nothing.stdout == "Nothing to change: the reading already says that.\n")
  }

  @Test("undo --forget asks, then drops the latest step and keeps the data")
  func undoForget() throws {
    let glance = InProcessGlance()
    glance.run("add", "hdl", "60", "--date", "2025-05-01")
    glance.run("add", "hdl", "61")
    let (refused, asked) = glance.run("undo", "--forget")
    #expect(refused == .needsConfirmation)
    #expect(asked.stderr.hasPrefix("Drop “add HDL 61 mg/dL on Jun 1, 2025” from the undo history?"))
    let (status, console) = glance.run("undo", "--forget", "--yes")
    #expect(status == .success, "\(console.stderr)")
    #expect(
      console.stdout == "Dropped from the undo history: add HDL 61 mg/dL on Jun 1, 2025\nYour data is unchanged.\n")
    #expect(try Self.document(glance).entries.count == 2)
    #expect(glance.run("undo", "--yes").console.stdout.contains("Undid: add HDL 60"))
    #expect(try Self.document(glance).entries.map(\.value) == [61])
  }

  @Test("show lists the latest 20 readings and says how to list the rest; -n N and --all; a bad -n is a usage error")
  func showRows() throws {
    let glance = InProcessGlance()
    for day in 1...25 {
      glance.run("add", "ldl", "\(100 + day)", "--date", "2025-03-\(day < 10 ? "0" : "")\(day)", "--yes")
    }
    func rows(_ text: String) -> [Substring] { text.split(separator: "\n").filter { $0.contains(" mg/dL  ") } }
    let (status, shown) = glance.run("show", "ldl")
    #expect(status == .success, "\(shown.stderr)")
    #expect(rows(shown.stdout).count == 20)
    #expect(shown.stdout.contains("5 earlier readings: glance show ldl --all (or -n N for the latest N)"))
    #expect(rows(shown.stdout).last?.contains("Mar 25, 2025") == true)
    #expect(shown.stdout.contains("25 readings"))
    #expect(rows(glance.run("show", "ldl", "-n", "3").console.stdout).count == 3)
    #expect(rows(glance.run("show", "ldl", "--last", "30").console.stdout).count == 25)
    let all = glance.run("show", "ldl", "--all").console.stdout
    #expect(rows(all).count == 25)
    #expect(!all.contains("earlier reading"))
    #expect(rows(glance.run("show", "ldl", "--since", "2025-03-02").console.stdout).count == 24)
    let (bad, refused) = glance.run("show", "ldl", "-n", "0")
    #expect(bad == .usage)
    #expect(refused.stderr.contains("-n takes how many of the latest readings"))
    #expect(glance.run("show", "ldl", "-n", "2", "--all").status == .usage)
    #expect(glance.run("help", "show").console.stdout.contains("-n, --last N"))
  }

  @Test("without a terminal a question is a refusal (exit 3) that repeats it; nothing changes")
  func refusalWithoutTerminal() throws {
    let glance = InProcessGlance()
    glance.run("add", "hdl", "60")
    let (status, console) = glance.run("undo")
    #expect(status == .needsConfirmation)
    #expect(console.stderr.hasPrefix("Undo: add HDL 60 mg/dL on Jun 1, 2025?\nNothing was changed."))
    #expect(try Self.document(glance).entries.count == 1)
    #expect(glance.run("undo", "--yes").status == .success)
    #expect(try Self.document(glance).entries.isEmpty)
  }

  @Test("visits: an option's value that names a subcommand is a value; search finds the visit by its note")
  func visits() throws {
    let glance = InProcessGlance()
    let (status, console) = glance.run(
      "visit", "--notes", "edit the plan", "add", "--date", "2025-05-20", "--doctor", "Dr. Okafor", "--type", "physical"
    )
    #expect(status == .success, "\(console.stderr)")
    let visit = try #require(try Self.document(glance).visits.first)
    #expect(visit.notes == "edit the plan")
    let (found, search) = glance.run("search", "plan")
    #expect(found == .success)
    #expect(search.stdout.hasPrefix("Visits\n"))
    #expect(search.stdout.contains("Dr. Okafor"))
    let (missing, none) = glance.run("search", "zebra")
    // No match is 1, as grep's (issue 15): not a refused input.
    #expect(missing == .noMatch && missing.rawValue == 1)
    #expect(none.stderr.hasPrefix("Nothing matches “zebra”"))
  }

  @Test("help in process is the generated text; a usage error points at the command's help")
  func help() {
    let glance = InProcessGlance()
    let (status, console) = glance.run("help", "add")
    #expect(status == .success)
    #expect(console.stdout == HelpText.command(AddCommand.declaration) + "\n")
    let (usage, error) = glance.run("add", "hdl", "--bogus")
    #expect(usage == .usage)
    #expect(error.stderr == "glance: Unknown option --bogus.\nSee: glance help add\n")
    // A near miss names the option (newcomer review at stop 40: "--dat yesterday").
    for (typed, meant) in [("--dat", "--date"), ("--nte", "--note"), ("--dates", "--date")] {
      let (_, near) = glance.run("add", "hdl", "50", typed, "x")
      #expect(near.stderr.hasPrefix("glance: Unknown option \(typed). Did you mean \(meant)?"), "\(near.stderr)")
    }
    // `help visit foo` says what `visit foo --help` says.
    let (group, wrong) = glance.run("help", "visit", "foo")
    #expect(group == .usage)
    #expect(wrong.stderr.hasPrefix("glance: “foo” is not something glance visit does: use add, show, edit or delete."))
  }

  /// Attacker review: readings saved under a pinned 2035 made every later export refuse them.
  @Test("a pinned today after this machine's today is a usage error, and nothing is saved")
  func futureToday() throws {
    let glance = InProcessGlance()
    let (status, console) = glance.run("add", "hdl", "50", "--yes", "--today", "2035-06-01")
    #expect(status == .usage && console.stderr.contains("from 1900 to today"), "\(console.stderr)")
    #expect(!FileManager.default.fileExists(atPath: glance.home + "/glance.json"))
    #expect(glance.run("add", "hdl", "50", "--yes", "--today", "2025-06-03").status == .usage)
    #expect(glance.run("add", "hdl", "50", "--yes", "--today", "2025-06-02").status == .success)
  }

  /// Clinician's second look: an import of potassium 6.3 said only "Added 2 readings".
  @Test("an import that leaves a latest reading critical says so, as add does; one that does not, nothing")
  func importSaysCritical() throws {
    let glance = InProcessGlance()
    let sheet = glance.scratch.path + "/labs.csv"
    try "Date,Potassium,HDL\n2025-05-01,4.1,50\n2025-05-20,6.3,52\n".write(
      toFile: sheet, atomically: true, encoding: .utf8)
    let (status, console) = glance.run("import", sheet, "--yes")
    #expect(status == .success, "\(console.stderr)")
    #expect(
      console.stdout.contains(
        "The latest Potassium (May 20, 2025) reading is far outside its range. " + Judgement.criticalAdvice),
      "\(console.stdout)")
    let calm = glance.scratch.path + "/calm.csv"
    try "Date,HDL\n2025-05-25,55\n".write(toFile: calm, atomically: true, encoding: .utf8)
    let other = InProcessGlance()
    #expect(!other.run("import", calm, "--yes").console.stdout.contains("far outside"))
  }

  @Test("demo makes its own folder under TMPDIR and fills it; the person's folder is untouched")
  func demo() throws {
    let glance = InProcessGlance()
    let console = ScriptedConsole(
      home: glance.home, environment: ["TMPDIR": glance.scratch.path, "GLANCE_TODAY": "2025-06-01"])
    let status = Glance.run(
      ["demo"], console: console, currentDirectory: glance.scratch.path,
      localToday: { CalendarDate(iso: "2025-06-01")! })
    #expect(status == .success, "\(console.stderr)")
    let folder = try #require(
      try FileManager.default.contentsOfDirectory(atPath: glance.scratch.path).first { $0.hasPrefix("glance-demo-") })
    let demo = try LocalDataRepository(location: DataLocation(folder: glance.scratch.path + "/" + folder)).read()
    #expect(demo.entries.count > 100)
    // One-line commands: no `export` that would send what is typed next into the demo (issue 15).
    #expect(console.stdout.contains("  GLANCE_HOME=\(glance.scratch.path)/\(folder) glance show ldl\n"))
    #expect(!console.stdout.contains("export "))
    #expect(!FileManager.default.fileExists(atPath: glance.home + "/glance.json"))

    // --clean removes demo folders, and only those: a look-alike holding other files is left.
    let lookalike = glance.scratch.path + "/glance-demo-keepme"
    try FileManager.default.createDirectory(atPath: lookalike, withIntermediateDirectories: false)
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: lookalike)
    try "mine".write(toFile: lookalike + "/thesis.txt", atomically: false, encoding: .utf8)
    let other = glance.scratch.path + "/glance-demo-notes.txt"
    try "x".write(toFile: other, atomically: false, encoding: .utf8)
    let cleaner = ScriptedConsole(home: glance.home, environment: ["TMPDIR": glance.scratch.path])
    #expect(Glance.run(["demo", "--clean"], console: cleaner, currentDirectory: glance.scratch.path) == .success)
    #expect(cleaner.stdout.hasPrefix("Removed 1 demo folder.\n"), "\(cleaner.stdout)")
    #expect(cleaner.stdout.contains("Left \(lookalike): it holds more than a glance demo."))
    #expect(!FileManager.default.fileExists(atPath: glance.scratch.path + "/" + folder))
    #expect(FileManager.default.fileExists(atPath: lookalike + "/thesis.txt"))
    #expect(FileManager.default.fileExists(atPath: other))
    let again = ScriptedConsole(home: glance.home, environment: ["TMPDIR": glance.scratch.path])
    _ = Glance.run(["demo", "--clean"], console: again, currentDirectory: glance.scratch.path)
    #expect(again.stdout.hasPrefix("No demo folders to remove."))
  }
}

/// Attacker review at stop 37: home, show and prep read a hand-changed data file silently.
@Suite("A hand-changed data file is said by home, show and prep")
struct DamageNoticeCommandTests {
  @Test("a reading dated 2090 is said once on stderr by home, show and prep, without values")
  func said() throws {
    let glance = InProcessGlance()
    glance.run("add", "hdl", "55", "--yes")
    glance.run("add", "ldl", "120", "--yes")
    let path = glance.home + "/glance.json"
    var text = try String(contentsOfFile: path, encoding: .utf8)
    text = text.replacingOccurrences(of: "\"dateOfService\": \"2025-06-01\"", with: "\"dateOfService\": \"2090-07-08\"")
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    for command in [[], ["show", "hdl"], ["prep"]] {
      let result = glance.run(command)
      let stderr = result.console.stderr
      #expect(stderr.contains("dated Jul 8, 2090, after today"), "\(command): \(stderr)")
      #expect(stderr.components(separatedBy: "after today").count == 2, "said once: \(stderr)")
      #expect(!stderr.contains("55") && !stderr.contains("120"), "never a value: \(stderr)")
    }
  }

  @Test("a day pinned in the past (--today) never calls the machine's later readings damage")
  func pinnedDay() throws {
    let glance = InProcessGlance()
    glance.run("add", "hdl", "55", "--yes")
    let path = glance.home + "/glance.json"
    var text = try String(contentsOfFile: path, encoding: .utf8)
    // The machine's tomorrow (2025-06-03): two days after the pinned 2025-06-01.
    text = text.replacingOccurrences(of: "\"dateOfService\": \"2025-06-01\"", with: "\"dateOfService\": \"2025-06-03\"")
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    #expect(!glance.run([]).console.stderr.contains("after today"))
  }
}
