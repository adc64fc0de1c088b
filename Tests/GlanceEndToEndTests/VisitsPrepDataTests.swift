import Foundation
import GlanceCore
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Visits, prep, search, batch entry, export/import and undo through the real binary.
@Suite("End to end: visits, prep, search, batch, export, import, undo")
struct VisitsPrepDataTests {
  @Test("visits: add past and planned, list newest first with last-of-type, show, edit, delete")
  func visits() throws {
    let glance = GlanceSandbox()
    let empty = try glance.run("visits")
    #expect(empty.stdout.contains("Log your first visit after your next appointment"))
    #expect(empty.stdout.contains("past visits"))
    let dental = try glance.run(
      "visit", "add", "--date", "2026-03-22", "--doctor", "Dr. Lee", "--type", "dentist", "--notes",
      "Cleaning, no cavities.")
    #expect(dental.status == 0, "\(dental.stderr)")
    try glance.run("visit", "add", "--date", "in 3 weeks", "--doctor", "Dr. Patel", "--type", "lab")
    try glance.run(
      "visit", "add", "--date", "yesterday", "--doctor", "Dr. Patel", "--type", "physical", "--notes",
      "Recheck lipids in 6 months\nBring the lab sheet")
    let list = try glance.run("visits")
    #expect(list.stdout.contains("Last dental cleaning: 8 months ago (Mar 22, 2026)"))
    #expect(list.stdout.contains("Last physical: yesterday"))
    let lines = list.stdout.split(separator: "\n").filter { $0.contains("Dr.") }
    #expect(lines.first?.contains("Dec 13, 2026") == true, "planned visit first (newest)")
    #expect(lines.first?.contains("(planned)") == true)
    // Filters: by type, by doctor, since a day; nothing matching says so.
    let dentalOnly = try glance.run("visits", "--type", "dental").stdout
    #expect(dentalOnly.contains("Dr. Lee") && !dentalOnly.contains("Dr. Patel"))
    let patel = try glance.run("visits", "--doctor", "patel").stdout
    #expect(patel.contains("Dec 13, 2026") && patel.contains("Nov 21, 2026") && !patel.contains("Dr. Lee"))
    let recent = try glance.run("visits", "--since", "2026-06-01").stdout
    // (The "Last …" lines above the list still cover every visit.)
    #expect(!recent.contains("Dr. Lee") && recent.contains("Nov 21, 2026"))
    #expect(try glance.run("visits", "--type", "vision").stdout.contains("No visits match."))
    #expect(try glance.run("visits", "--type", "party").status == 65)
    let visits = try glance.document().visits
    #expect(visits.count == 3)
    let physical = try #require(visits.first { $0.visitType == .physical })
    let id = String(ShortID.hex(physical.id).prefix(6))
    let show = try glance.run("visit", "show", id)
    #expect(show.stdout.contains("Bring the lab sheet"))
    let edit = try glance.run("visit", "edit", id, "--notes", "Recheck in 3 months")
    #expect(edit.stdout.contains("Now: Nov 21, 2026, Physical with Dr. Patel — “Recheck in 3 months”"))
    #expect(try glance.run("visit", "delete", id).status == 3)
    #expect(try glance.run("visit", "delete", id, "--yes").status == 0)
    #expect(try glance.document().visits.count == 2)
    #expect(try glance.run("visit", "add", "--date", "today", "--doctor", "Dr. X", "--type", "party").status == 65)
    // A missing option is a missing argument (README: exit 64), and all of them are named at once.
    let missing = try glance.run("visit", "add", "--doctor", "Dr. X")
    #expect(missing.status == 64)
    #expect(missing.stderr.hasPrefix("glance: glance visit add needs --date and --type"))
    #expect(missing.stderr.contains("See: glance help visit add"))
    // The same visit again (day, type, doctor) is asked about; without a terminal, refused with
    // exit 3; --yes saves it (stop 34).
    let again = try glance.run("visit", "add", "--date", "2026-12-13", "--doctor", "dr. patel", "--type", "lab")
    #expect(again.status == 3, "\(again.stderr)")
    #expect(again.stderr.contains("Lab work with dr. patel on Dec 13, 2026 is already saved. Add it again?"))
    #expect(try glance.document().visits.count == 2)
    let yes = try glance.run("visit", "add", "--date", "2026-12-13", "--doctor", "Dr. Patel", "--type", "lab", "--yes")
    #expect(yes.status == 0)
    #expect(try glance.document().visits.count == 3)
  }

  @Test("prep: insights with the triggering values, latest values, upcoming and last visits")
  func prep() throws {
    let glance = GlanceSandbox()
    let quiet = try glance.run("prep")
    // An empty folder: no readings yet, never "nothing flagged" over nothing.
    #expect(quiet.stdout.contains("No readings yet"))
    #expect(!quiet.stdout.lowercased().contains("all good"))
    for (date, value) in [("2025-06-01", "121"), ("2025-12-01", "135"), ("2026-06-01", "162")] {
      try glance.run("add", "ldl", value, "--date", date)
    }
    try glance.run("visit", "add", "--date", "in 2 weeks", "--doctor", "Dr. Patel", "--type", "physical")
    let prep = try glance.run("prep", "--width", "200")
    #expect(prep.status == 0)
    // One item per marker: out of range and rising, in one sentence.
    // Wrapped to the width: read as one sentence.
    #expect(
      prep.stdout.replacingOccurrences(of: "\n    ", with: " ").contains(
        "Your LDL Cholesterol was 162 mg/dL on Jun 1, 2026, above the reference range (below 100 mg/dL), and has increased across your last 3 readings (121 → 135 → 162 mg/dL). Consider asking your doctor about this result."
      ))
    #expect(prep.stdout.components(separatedBy: "Your LDL Cholesterol").count == 2)
    #expect(prep.stdout.contains("Coming up:"))
    for banned in ["diagnos", "treatment", "medication", "you should", "this means"] {
      #expect(!prep.stdout.lowercased().contains(banned))
    }
  }

  @Test("search finds markers with their latest value and visits by doctor and notes")
  func search() throws {
    let glance = GlanceSandbox()
    try glance.run("add", "hdl", "62")
    try glance.run(
      "visit", "add", "--date", "2026-01-05", "--doctor", "Dr. Patel", "--type", "physical", "--notes",
      "Talked about cholesterol")
    // A long name gives way to its short form, the columns as wide as what they hold.
    let kidney = try glance.run("search", "kidney function").stdout
    #expect(kidney.contains("  eGFR  egfr  no readings yet"), "\(kidney)")
    let markers = try glance.run("search", "cholestrol")
    #expect(markers.status == 0)
    #expect(markers.stdout.contains("HDL Cholesterol"))
    #expect(markers.stdout.contains("62 mg/dL"))
    #expect(markers.stdout.contains("Talked about cholesterol"))
    let doctor = try glance.run("search", "dr patel")
    #expect(doctor.stdout.contains("Jan 5, 2026"))
    // "patel" is a typo away from "panel": no lab panel may come before the doctor.
    let surname = try glance.run("search", "patel")
    #expect(surname.stdout.contains("Dr. Patel") && !surname.stdout.contains("Markers"), "\(surname.stdout)")
    // A group's name lists the group, each marker with its latest reading or none.
    let panel = try glance.run("search", "lipid", "panel")
    #expect(panel.status == 0)
    #expect(panel.stdout.contains("62 mg/dL") && panel.stdout.contains("Triglycerides"))
    #expect(panel.stdout.contains("no readings yet") && !panel.stdout.contains("TSH"))
    // Nothing found is exit 1, as grep's; the message still goes to stderr.
    let nothing = try glance.run("search", "banana")
    #expect(nothing.status == 1)
    #expect(nothing.stdout.isEmpty && nothing.stderr.hasPrefix("Nothing matches"))
  }

  /// Newcomer review: "… and 5 more." did not say how to see them.
  @Test("search past ten readings with a matching note says how many more, and where every one is listed")
  func searchMore() throws {
    let glance = GlanceSandbox()
    for day in 1...13 {
      try glance.run("add", "hdl", "\(50 + day)", "--date", "2026-01-\(day < 10 ? "0" : "")\(day)", "--note", "fasting")
    }
    let found = try glance.run("search", "fasting")
    #expect(found.stdout.contains("… and 3 more (glance search --json lists every one)."), "\(found.stdout)")
    let json = try glance.run("search", "fasting", "--json")
    #expect(json.stdout.components(separatedBy: "\"fasting\"").count - 1 >= 13, "\(json.stdout.prefix(400))")
  }

  @Test("batch with pairs: one date, all or nothing")
  func batchPairs() throws {
    let glance = GlanceSandbox()
    let empty = try glance.run("batch", "hdl=", "ldl=")
    #expect(empty.status == 0 && empty.stdout == "Nothing entered, so nothing was saved.\n")
    #expect(glance.bytes == nil, "nothing to save creates no data file")
    let bad = try glance.run("batch", "--date", "2026-02-15", "hdl=62", "ldl=13l", "a1c=5.9")
    #expect(bad.status == 65)
    #expect(bad.stderr.contains("ldl=13l"))
    #expect(glance.bytes == nil)
    // An empty field (tsh=) saves nothing and refuses nothing.
    let good = try glance.run("batch", "--date", "2026-02-15", "hdl=62", "ldl=131", "a1c=5.9", "bp=128/82", "tsh=")
    #expect(good.status == 0, "\(good.stderr)")
    let entries = try glance.document().entries
    #expect(entries.count == 5)
    #expect(!good.stdout.contains("TSH"))
    #expect(Set(entries.map(\.dateOfService.iso)) == ["2026-02-15"])
    #expect(Set(entries.map(\.sourceType)) == [.batchEntry])
    #expect(try glance.document().undo.count == 1, "a batch is one change")
  }

  /// Clinician review at stop 36: a piped panel stopped at its first question (hemoglobin 6.2
  /// g/dL, "was that mmol/L?") said nothing of the potassium 6.5 and sodium 118 beside it.
  @Test("a piped panel stopped at a question names its other readings past a critical limit")
  func batchStoppedNamesCritical() throws {
    let glance = GlanceSandbox()
    let result = try glance.run("batch", stdin: "potassium 6.5\nsodium 118\nhemoglobin 6.2\nglucose 95\n")
    #expect(result.status == 3, "\(result.stderr)")
    #expect(
      result.stderr.contains("As typed, Potassium, Sodium and Hemoglobin are past a critical limit."),
      "\(result.stderr)")
    #expect(glance.bytes == nil)
  }

  /// Newcomer review at stop 40: a piped panel of four slips said only the first, and needed four
  /// reruns to learn of the others.
  @Test("a piped panel stopped at its questions says every one of them, nothing saved")
  func batchStoppedSaysEveryQuestion() throws {
    let glance = GlanceSandbox()
    try glance.run("batch", "--yes", "--date", "2026-09-01", "hdl=50", "ldl=130")
    let before = glance.bytes
    let result = try glance.run("batch", stdin: "hdl 500\nldl 1300\nbp 80/120\n")
    #expect(result.status == 3, "\(result.stderr)")
    #expect(result.stderr.contains("You entered HDL of 500"), "\(result.stderr)")
    #expect(result.stderr.contains("You entered LDL of 1300"), "\(result.stderr)")
    #expect(result.stderr.contains("normally the higher one"), "\(result.stderr)")
    #expect(result.stderr.contains("3 readings need an answer"), "\(result.stderr)")
    #expect(glance.bytes == before)
  }

  @Test("batch from piped lines; a check refuses the whole panel without --yes")
  func batchPiped() throws {
    let glance = GlanceSandbox()
    let input = "# my lab sheet\nhdl 62\n\ngood cholesterol 62\nldl 3.4 mmol/L\n"
    let duplicate = try glance.run("batch", stdin: input)
    #expect(duplicate.status == 65, "the same marker twice is refused")
    let unusual = try glance.run("batch", stdin: "hdl 620\nldl 131\n")
    #expect(unusual.status == 3)
    #expect(unusual.stderr.contains("This seems unusual"))
    #expect(glance.bytes == nil)
    let ok = try glance.run("batch", "--date", "yesterday", stdin: "hdl 62\nldl 3.4 mmol/L\ntriglycerides: 150\n")
    #expect(ok.status == 0, "\(ok.stderr)")
    #expect(try glance.document().entries.map(\.value).sorted() == [62, 131.5, 150])
  }

  @Test("batch on a terminal asks for each tracked marker; Enter skips; a slip is retyped in place")
  func batchInteractive() throws {
    let glance = GlanceSandbox()
    try glance.run("setup", "--markers", "hdl,ldl,a1c")
    let session = try glance.terminal("batch")
    #expect(session.expect("Date of these results"))
    session.send("2026-02-15")
    #expect(session.expect("HDL Cholesterol"))
    session.send("6,2")
    #expect(session.expect("Try again"))
    // An unusual value is asked about on the spot; "no" lets it be typed again.
    session.send("620")
    #expect(session.expect("anyway? [y/N]"))
    session.send("n")
    #expect(session.expect("Not kept. Type it again"))
    session.send("62")
    #expect(session.expect("LDL Cholesterol"))
    session.send("")
    #expect(session.expect("Hemoglobin A1c"))
    session.send("5.9")
    // The panel is shown once more and saved on Enter (the default yes).
    #expect(session.expect("Save these 2 readings for Feb 15, 2026? [Y/n]"))
    session.send("")
    #expect(session.wait() == 0)
    let entries = try glance.document().entries
    #expect(entries.map(\.value).sorted() == [5.9, 62])
    #expect(Set(entries.map(\.dateOfService.iso)) == ["2026-02-15"])
  }

  /// Newcomer review: Ctrl-D, as the help says, ended the panel, and the question that followed
  /// read the same end of input: "Nothing was changed." before anything could be answered.
  @Test("batch on a terminal: Ctrl-D ends the panel, and its save is still asked and answered")
  func batchEndOfInput() throws {
    let glance = GlanceSandbox()
    try glance.run("setup", "--markers", "hdl,ldl,a1c")
    let session = try glance.terminal("batch")
    #expect(session.expect("Date of these results"))
    session.send("2026-02-15")
    #expect(session.expect("HDL Cholesterol"))
    session.send("62")
    #expect(session.expect("LDL Cholesterol"))
    session.sendEndOfInput()
    #expect(session.expect("Save this reading for Feb 15, 2026? [Y/n]"))
    session.send("y")
    #expect(session.wait() == 0, "\(session.transcript)")
    #expect(try glance.document().entries.map(\.value) == [62])
  }

  @Test("export --csv and --json: the notice on stderr, files 0600, formula cells protected")
  func export() throws {
    let glance = GlanceSandbox()
    try glance.run("add", "hdl", "62", "--date", "2026-01-02", "--note", "=1+2")
    try glance.run("add", "psa", "<0.1", "--date", "2026-01-02")
    let csv = try glance.run("export", "--csv")
    #expect(csv.stderr.contains("This file contains your health information. Store it securely."))
    #expect(
      csv.stdout.hasPrefix(
        "date,marker_key,marker,value,unit,status,note,source,id,entered,entered_as,shown,shown_unit\r\n"))
    #expect(csv.stdout.contains("2026-01-02,hdl,HDL Cholesterol,62,mg/dL,in range,'=1+2,quickAdd,"))
    #expect(csv.stdout.contains(",<0.1,ng/mL,"))
    let path = glance.scratch.file("out.json")
    let json = try glance.run("export", "--json", "-o", path)
    #expect(json.status == 0)
    #expect(mode(of: path) == 0o600)
    #expect(json.stderr.contains("Store it securely"))
    #expect(json.stdout.contains("Exported 2 readings and 0 visits to"), "\(json.stdout)")
    let asked = try glance.run("export", "--json", "-o", path)
    #expect(asked.status == 3, "an existing file is replaced only after a yes")
    #expect(asked.stderr.contains("--yes"))
    try glance.run("add", "hdl", "64", "--date", "2026-02-02")
    let replaced = try glance.run("export", "--json", "-o", path, "--yes")
    #expect(replaced.status == 0, "\(replaced.stderr)")
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains("2026-02-02"))
    // A file name that says the format is enough.
    let named = glance.scratch.file("labs.csv")
    #expect(try glance.run("export", "-o", named).status == 0)
    #expect(try String(contentsOfFile: named, encoding: .utf8).hasPrefix("date,marker_key,"))
  }

  @Test("export → import → export is byte-identical; importing twice adds nothing")
  func roundTrip() throws {
    let source = GlanceSandbox()
    for (date, value) in [("2025-01-02", "60"), ("2025-06-02", "58"), ("2026-01-02", "55")] {
      try source.run("add", "hdl", value, "--date", date, "--note", "note, with \"quotes\"\nand a line")
    }
    try source.run("custom", "Blood ketones", "--unit", "mmol/L")
    try source.run("add", "blood ketones", "0.4")
    try source.run("visit", "add", "--date", "2026-01-02", "--doctor", "Dr. Patel", "--type", "physical")
    let first = source.scratch.file("first.json")
    try source.run("export", "--json", "-o", first)

    let target = GlanceSandbox()
    let imported = try target.run("import", first)
    #expect(imported.status == 0, "\(imported.stderr)")
    let second = target.scratch.file("second.json")
    try target.run("export", "--json", "-o", second)
    #expect(FileManager.default.contents(atPath: first) == FileManager.default.contents(atPath: second))
    let again = try target.run("import", first)
    #expect(again.stdout.contains("Nothing new to add.") && !again.stdout.contains("Would add"))
    #expect(try target.document().entries.count == 4)

    // The CSVs come back into a fresh folder too: readings (the custom marker with them) and visits.
    let readings = source.scratch.file("readings.csv")
    let visits = source.scratch.file("visits.csv")
    try source.run("export", "--csv", "-o", readings)
    #expect(try source.run("export", "--csv", "--visits", "-o", visits).stdout.contains("Exported 1 visit to"))
    let fresh = GlanceSandbox()
    let fromReadings = try fresh.run("import", readings)
    #expect(fromReadings.status == 0, "\(fromReadings.stderr)")
    let fromVisits = try fresh.run("import", visits)
    #expect(fromVisits.status == 0, "\(fromVisits.stderr)")
    #expect(fromVisits.stdout.contains("Added 0 readings and 1 visit."))
    let roundTrip = fresh.scratch.file("readings.csv")
    try fresh.run("export", "--csv", "-o", roundTrip)
    #expect(FileManager.default.contents(atPath: readings) == FileManager.default.contents(atPath: roundTrip))
    #expect(try fresh.run("show", "blood ketones").stdout.contains("0.4 mmol/L"))
    #expect(try fresh.run("visits").stdout.contains("Dr. Patel"))
    #expect(try fresh.run("import", visits, "--replace", "--yes").status == 65, "visits alone never replace everything")
  }

  @Test("a foreign or damaged file is refused and nothing changes; --dry-run changes nothing")
  func importRefusals() throws {
    let glance = GlanceSandbox()
    try glance.run("add", "hdl", "60")
    let before = glance.bytes
    let foreign = glance.scratch.file("foreign.json")
    try Data("{\"format\": \"something-else\", \"schemaVersion\": 1}".utf8).write(to: URL(fileURLWithPath: foreign))
    #expect(try glance.run("import", foreign).status == 65)
    let truncated = glance.scratch.file("truncated.json")
    try Data(try #require(before).prefix(100)).write(to: URL(fileURLWithPath: truncated))
    #expect(try glance.run("import", truncated).status == 65)
    #expect(try glance.run("import", glance.scratch.file("missing.csv")).status == 65)
    let sheet = glance.scratch.file("sheet.csv")
    try Data("\u{FEFF}Date,HDL,LDL (mmol/L),Mood\r\n2025-02-15,62,3.4,good\r\n2025-08-15,,3.1,ok\r\n".utf8).write(
      to: URL(fileURLWithPath: sheet))
    let dry = try glance.run("import", sheet, "--dry-run")
    #expect(dry.status == 0, "\(dry.stderr)")
    #expect(dry.stdout.contains("Would add 3 readings"))
    #expect(dry.stdout.contains("“Mood”"))
    #expect(glance.bytes == before)
    let bad = glance.scratch.file("bad.csv")
    try Data("Date,HDL\n02/03/2025,62\n".utf8).write(to: URL(fileURLWithPath: bad))
    let refused = try glance.run("import", bad)
    #expect(refused.status == 65)
    #expect(refused.stderr.contains("“02/03/2025”") && refused.stderr.contains("--dates us"))
    #expect(glance.bytes == before)
    #expect(try glance.run("import", sheet).status == 0)
    #expect(try glance.document().entries.count == 4)
  }

  @Test("import --replace asks first; undo takes it back")
  func replaceAndUndo() throws {
    let glance = GlanceSandbox()
    try glance.run("add", "hdl", "60")
    let file = glance.scratch.file("other.csv")
    try Data("Date,LDL\n2025-01-01,120\n".utf8).write(to: URL(fileURLWithPath: file))
    #expect(try glance.run("import", file, "--replace").status == 3)
    #expect(try glance.run("import", file, "--replace", "--yes").status == 0)
    #expect(try glance.document().entries.map(\.value) == [120])
    let undo = try glance.run("undo", "--yes")
    // The undo names what it takes back: a replace, and how much it brought in.
    #expect(undo.stdout.contains("Undid: replace your data with other.csv (1 reading)"))
    #expect(try glance.document().entries.map(\.value) == [60])
    // Newcomer review at stop 33: an empty folder has nothing to lose, and is not asked about.
    let empty = GlanceSandbox()
    let restored = try empty.run("import", file, "--replace")
    #expect(restored.status == 0, "\(restored.stderr)")
    #expect(!restored.stdout.contains("Replace all your data"))
    #expect(try empty.document().entries.map(\.value) == [120])
  }

  @Test("undo reverts the latest change, says what it undid, and works across runs 10 deep")
  func undo() throws {
    let glance = GlanceSandbox()
    #expect(try glance.run("undo").stdout.contains("nothing to undo"))
    for day in 1...11 {
      try glance.run("add", "hdl", String(50 + day), "--date", "2026-01-\(String(format: "%02d", day))")
    }
    #expect(try glance.run("undo").status == 3, "undo asks first")
    for day in stride(from: 11, through: 2, by: -1) {
      let result = try glance.run("undo", "--yes")
      #expect(result.stdout == "Undid: add HDL \(50 + day) mg/dL on Jan \(day), 2026\n")
    }
    #expect(try glance.document().entries.map(\.value) == [51])
  }
}

@Suite("End to end: exports to things that are not files")
struct ExportTargetTests {
  @Test("export -o /dev/null writes into it and never replaces the device")
  func devNull() throws {
    let glance = GlanceSandbox()
    try glance.run("add", "hdl", "60")
    let result = try glance.run("export", "--csv", "-o", "/dev/null")
    #expect(result.status == 0, "\(result.stderr)")
    var info = stat()
    #expect(stat("/dev/null", &info) == 0)
    #expect(info.st_mode & S_IFMT == S_IFCHR)
    let folder = try FileManager.default.contentsOfDirectory(atPath: "/dev").filter { $0.hasPrefix(".null.tmp") }
    #expect(folder.isEmpty)
  }
}
