import Foundation
import GlanceCore
import Testing

@testable import glance

/// A whole session in process, every command once: what each prints first, and its exit code.
@Suite("Commands in process: a session")
struct InProcessSessionTests {
  static func document(_ glance: InProcessGlance) throws -> GlanceDocument {
    try LocalDataRepository(location: DataLocation(folder: glance.home)).read()
  }

  @Test("setup on a terminal: the units, a category, a search, a marker of one's own, the sex; then home")
  func setup() throws {
    let glance = InProcessGlance()
    let (status, console) = glance.run(
      "setup", answers: ["", "", "1", "1 2", "a1c", "1", "", "Blood ketones", "mmol/L", "maybe", "female"])
    #expect(status == .success, "\(console.stderr)")
    // Enter keeps conventional units, said, and kept so the one-time question is never asked.
    #expect(console.stdout.contains("Results will be shown in conventional units"))
    #expect(console.stdout.contains("LDL Cholesterol (mg/dL)"))
    #expect(try Self.document(glance).profile.units == .conventional)
    #expect(console.stdout.contains("Step 3 of 3"))
    #expect(console.stdout.contains("Please type female or male"))
    #expect(console.stdout.contains("All set: you're tracking 4 markers."))
    let document = try Self.document(glance)
    #expect(document.trackedMarkers.count == 4)
    #expect(document.customMarkers.map(\.displayName) == ["Blood ketones"])
    #expect(document.profile.sex == .female)
    // Without a terminal, setup says how to do it in one line: a question it could not ask, 3.
    let (noTerminal, refusal) = glance.run("setup")
    #expect(noTerminal == .needsConfirmation)
    #expect(refusal.stderr.contains("glance setup --markers hdl,ldl,a1c"), "\(refusal.stderr)")
    #expect(glance.run("setup", "--markers", "hdl,bp").console.stdout.hasPrefix("Now tracking: HDL Cholesterol"))
  }

  @Test("batch on a terminal: the date once, each tracked marker in turn; a refused value is typed again")
  func batch() throws {
    let glance = InProcessGlance()
    glance.run("track", "hdl", "ldl")
    let (status, console) = glance.run("batch", answers: ["2025-05-30", "sixty", "60", "", "y"])
    #expect(status == .success, "\(console.stderr)")
    #expect(console.stdout.contains("  HDL Cholesterol  60 mg/dL\nSave this reading for May 30, 2025? [Y/n] "))
    #expect(console.stdout.contains("Try again, or press Enter to skip."))
    #expect(console.stdout.contains("Saved HDL 60 mg/dL on May 30, 2025"))
    #expect(try Self.document(glance).entries.count == 1)
    // A no at the review saves nothing.
    let (declined, _) = glance.run("batch", answers: ["2025-05-31", "61", "", "n"])
    #expect(declined == .needsConfirmation)
    #expect(try Self.document(glance).entries.count == 1)
    // With nothing typed, nothing is saved.
    #expect(
      glance.run("batch", answers: ["", "", ""]).console.stdout.hasSuffix("Nothing entered, so nothing was saved.\n"))
  }

  @Test("batch on a terminal: 120/80 at the systolic prompt fills both; conversions are said; Ctrl-D ends the panel")
  func batchPairsAndConversions() throws {
    let glance = InProcessGlance()
    glance.run("track", "bp", "ldl", "hdl")
    // Ctrl-D (the end of input) after LDL: HDL is not asked, the review is.
    let (status, console) = glance.run("batch", answers: ["2025-05-30", "128/82", "3.4 mmol/L"])
    #expect(status == .needsConfirmation, "the end of input answers the review no")
    #expect(console.stdout.contains("Converted 3.4 mmol/L to 131 mg/dL."), "\(console.stdout)")
    #expect(
      !console.stdout.contains("(Diastolic) (mmHg):"), "the pair was typed at the systolic prompt: \(console.stdout)")
    #expect(console.stdout.contains("Save these 3 readings for May 30, 2025? [Y/n] \n"), "\(console.stdout)")
    #expect(try Self.document(glance).entries.isEmpty)
    let (saved, done) = glance.run("batch", answers: ["2025-05-30", "128/82", "3.4 mmol/L", "", "y"])
    #expect(saved == .success, "\(done.stderr)")
    let values = try Self.document(glance).entries.map(\.value).sorted()
    #expect(values == [82, 128, 131.5])
    // A pair at the diastolic prompt says where a pair goes (newcomer's second look at stop 40).
    let (_, atDiastolic) = glance.run("batch", answers: ["2025-06-01", "138", "138/88", "", "", "", "n"])
    #expect(atDiastolic.stdout.contains("a pair such as 120/80 goes at the systolic prompt"), "\(atDiastolic.stdout)")
    #expect(!atDiastolic.stdout.contains("unit"), "\(atDiastolic.stdout)")
    // A pair typed the wrong way round is asked about there and then.
    let (swapped, asked) = glance.run("batch", answers: ["2025-05-31", "82/128", "n", "", "", "", ""])
    #expect(asked.stdout.contains("normally the higher one. Save it as typed? [y/N]"), "\(asked.stdout)")
    #expect(swapped == .success)
    #expect(try Self.document(glance).entries.count == 3)
  }

  /// Seen in a terminal at stop 40: someone who reads SI units was asked "LDL Cholesterol (mg/dL):"
  /// and "Hemoglobin A1c (%):", while a bare number is read (rightly) in mmol/L and mmol/mol.
  @Test(
    "batch on a terminal asks in the unit a bare number is read in",
    arguments: [
      (["units", "si"], [("LDL Cholesterol", "mmol/L"), ("Hemoglobin A1c", "mmol/mol"), ("(Systolic)", "mmHg")]),
      (["units", "ldl", "mmol/L"], [("LDL Cholesterol", "mmol/L"), ("Hemoglobin A1c", "%")]),
      (["units", "conventional"], [("LDL Cholesterol", "mg/dL"), ("Hemoglobin A1c", "%")]),
    ])
  func batchPromptsInTheReadersUnit(units: [String], prompts: [(String, String)]) throws {
    let glance = InProcessGlance()
    glance.run("track", "ldl", "a1c", "bp")
    glance.run(units)
    // Every marker skipped: only the prompts are read.
    let (status, console) = glance.run("batch", answers: ["2025-05-30", "", "", "", ""])
    #expect(status == .success, "\(console.stderr)")
    // The names are padded to one width: the spaces are read as one.
    let asked = console.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    for (name, unit) in prompts { #expect(asked.contains("\(name) (\(unit)): "), "\(name) in \(unit): \(asked)") }
  }

  /// Seen in a terminal: a long question ("…glance cust" / "om …") broke mid-word at its edge.
  @Test("a question on a terminal is wrapped at its spaces to the width")
  func questionsWrapped() throws {
    let glance = InProcessGlance()
    let (status, console) = glance.run("add", "calcium", "1.2", "mmol/L", "--width", "60", answers: ["n"])
    #expect(status == .needsConfirmation)
    let lines = console.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count > 3 && lines.allSatisfy { TextWidth.of($0) <= 60 }, "\(console.stdout)")
    #expect(console.stdout.contains("Is it total calcium?"))
    #expect(lines.contains { $0.hasSuffix("[y/N] n") || $0.hasSuffix("[y/N] ") }, "\(console.stdout)")
  }

  @Test("every other command once, in a day of use")
  func session() throws {
    let glance = InProcessGlance()
    func ok(_ words: String..., answers: [String]? = nil) -> String {
      let (status, console) = glance.run(words, answers: answers)
      #expect(status == .success, "\(words): \(console.stderr)")
      return console.stdout
    }
    #expect(
      ok("track", "hdl", "ldl", "a1c").hasPrefix("Now tracking: HDL Cholesterol, LDL Cholesterol, Hemoglobin A1c."))
    #expect(ok("track", "hdl").hasPrefix("Already tracking: HDL Cholesterol."))
    for (day, value) in [("01", "130"), ("02", "140"), ("03", "150")] {
      _ = ok("add", "ldl", value, "--date", "2025-05-\(day)")
    }
    #expect(ok("add", "ldl", "4.1", "mmol/L", "--date", "2025-05-04", "--yes").hasPrefix("Converted 4.1 mmol/L"))
    #expect(ok("show", "ldl").hasPrefix("LDL Cholesterol"))
    #expect(ok("show", "ldl", "--since", "2025-06-01").hasPrefix("No LDL Cholesterol readings since Jun 1, 2025"))
    #expect(ok("order", "ldl").contains("LDL"))
    #expect(ok("range", "ldl", "--high", "160").hasPrefix("Your target range for LDL Cholesterol is now"))
    #expect(ok("range", "ldl", "--reset").hasPrefix("LDL Cholesterol is judged against the library's range again"))
    #expect(glance.run("range", "ldl", "--low", "9", "--high", "3").status == .refused)
    #expect(ok("custom", "Steps", "--unit", "steps", "--low", "6000").hasPrefix("Added and tracking Steps (steps)"))
    #expect(ok("library", "--category", "thyroid").contains("TSH"))
    #expect(ok("library").contains("Track one with"))
    #expect(ok("prep").contains("LDL"))
    #expect(ok("profile", "--sex", "male").hasPrefix("Sex-specific ranges are judged for men."))
    #expect(glance.run("profile", "--sex", "sometimes").status == .usage)
    #expect(ok("about").contains("Holds:        4 tracked marker"))
    #expect(ok("privacy").hasPrefix("# Glance privacy policy"))
    #expect(
      ok("visit", "add", "--date", "2025-05-20", "--doctor", "Dr. Lee", "--type", "lab").hasPrefix("Saved: Lab work"))
    let visit = try #require(try Self.document(glance).visits.first)
    let visitID = String(ShortID.hex(visit.id).prefix(8))
    #expect(ok("visit", "show", visitID).contains("Dr. Lee"))
    #expect(ok("visits").contains("Dr. Lee"))
    #expect(ok("visit", "edit", visitID, "--doctor", "Dr. Ng").hasSuffix("Now: May 20, 2025, Lab work with Dr. Ng\n"))
    #expect(ok("visit", "edit", visitID, "--doctor", "Dr. Ng").hasPrefix("Nothing to change"))
    #expect(ok("visit", "delete", visitID, answers: ["y"]).contains("Deleted the Lab work visit"))
    #expect(glance.run("visit", "show", "zzzz").status == .refused)
    let reading = try #require(try Self.document(glance).entries.first)
    #expect(ok("delete", String(ShortID.hex(reading.id).prefix(8)), "--yes").hasPrefix("Deleted the LDL reading"))
    // The nil UUID: never a random reading's id (“abcd” was, about once in 65,536 runs).
    #expect(glance.run("delete", "00000000-0000-0000-0000-000000000000").status == .refused)
    #expect(ok("untrack", "a1c", answers: ["yes"]).hasSuffix("Track it again any time: glance track a1c\n"))
    #expect(ok("untrack", "a1c").hasPrefix("You're not tracking Hemoglobin A1c"))
    // "bp" names both halves, as for add and track: one question, one change, one undo.
    _ = ok("add", "bp", "128/82")
    #expect(
      ok("untrack", "bp", answers: ["y"]).hasPrefix(
        "Stop tracking Blood Pressure (Systolic) and Blood Pressure (Diastolic)? Their 2 readings are kept."))
    #expect(try Self.document(glance).trackedMarkers.count == 3)
    #expect(ok("undo", "--yes").contains("stop tracking Systolic BP and Diastolic BP"))
    #expect(ok("range", "ldl").hasPrefix("LDL Cholesterol is judged against"))
    #expect(glance.run("order", "a1c").status == .refused)
    let backup = glance.scratch.path + "/backup.json"
    #expect(ok("export", "-o", backup).hasPrefix("Exported 5 readings and 0 visits"))
    #expect(ok("export", "--json", "-o", backup, "--yes").hasPrefix("Exported"))
    let csv = glance.run("export", "--csv")
    #expect(String(decoding: csv.console.written, as: UTF8.self).hasPrefix("date,"))
    #expect(ok("import", backup, "--dry-run").hasSuffix("This was a dry run: nothing was changed.\n"))
    _ = ok("import", backup, "--replace", "--yes")
    #expect(ok("undo", "--yes").hasPrefix("Undid:"))
    #expect(ok().contains("LDL"))
    #expect(ok("help").hasPrefix("glance — your health numbers"))
    #expect(glance.run("help", "nosuch").status == .usage)
    #expect(ok("--version") == "glance \(GlanceVersion.current)\n")
  }
}
