import Foundation
import GlanceCore
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The attacks of the integrity review, run against the built binary: hostile bytes in every
/// field and file, twin custom markers, restores of duplicates, races between two glances at a
/// question and many at once, damaged and odd files. Each once lost, locked or corrupted data.
@Suite("Adversarial: the binary under attack", .serialized)
struct AdversarialTests {
  /// A note, name or cell carrying every kind of terminal attack.
  static let hostile =
    "hd\u{1B}]52;c;SGFja2Vk\u{07}l\u{1B}[2J\u{1B}]8;;http://x\u{1B}\\\u{202E}\u{08}\r\u{0}\u{9B}31m\u{1B}[31mRED"

  /// What may reach a terminal: no control byte but the line feed and, with colour, glance's own
  /// colour codes.
  static func expectClean(_ text: String, color: Bool, _ what: String) {
    var scalars = Array(text.unicodeScalars)[...]
    while let scalar = scalars.first {
      scalars = scalars.dropFirst()
      if scalar == "\u{1B}" {
        guard color else {
          Issue.record("\(what): a raw ESC reached the output")
          return
        }
        // Only ESC [ digits m, with the digits glance uses.
        let code = String(String.UnicodeScalarView(scalars.prefix { $0 != "m" }))
        guard ["[0", "[1", "[2", "[31", "[32", "[33", "[34"].contains(code) else {
          Issue.record("\(what): ESC\(code.prefix(12)) reached the output")
          return
        }
        scalars = scalars.dropFirst(code.unicodeScalars.count + 1)
        continue
      }
      if scalar == "\r", scalars.first == "\n" { continue }
      if scalar != "\n", scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{202E}" {
        Issue.record("\(what): U+\(String(scalar.value, radix: 16)) reached the output")
        return
      }
    }
    // The note's own colour code never passes as one.
    #expect(!text.contains("\u{1B}[31mRED"), "\(what): the data's colour code was obeyed")
  }

  /// A folder holding hostile text everywhere a file can put it: custom marker name and unit, a
  /// note, a doctor, a label, visit notes.
  static func hostileSandbox() throws -> GlanceSandbox {
    let glance = GlanceSandbox()
    var document = GlanceDocument.empty(createdAt: Timestamp(secondsSince1970: 1_750_000_000))
    var marker = MarkerDefinition(
      id: UUID(), key: "custom-x", displayName: "Ket" + hostile, category: "custom", unit: "u\u{1B}[2J\u{7}\u{202E}",
      direction: .lowerIsBetter, isSystemDefined: false)
    marker.shortName = marker.displayName
    let hdl = MarkerLibrary.builtIn.marker(key: "hdl")!
    document.apply(.putCustomMarker(marker))
    document.apply(
      .setTrackedMarkers([
        UserMarker(markerID: hdl.id, displayOrder: 0, addedAt: document.profile.createdAt),
        UserMarker(markerID: marker.id, displayOrder: 1, addedAt: document.profile.createdAt),
      ]))
    for (index, value) in [50.0, 45, 40].enumerated() {
      document.apply(
        .putEntry(
          MarkerEntry(
            markerID: hdl.id, value: value, unit: "mg/dL",
            dateOfService: CalendarDate(year: 2026, month: 1 + index, day: 2)!,
            entryTimestamp: document.profile.createdAt, note: "note " + hostile)))
      document.apply(
        .putEntry(
          MarkerEntry(
            markerID: marker.id, value: value, unit: marker.unit,
            dateOfService: CalendarDate(year: 2026, month: 1 + index, day: 2)!,
            entryTimestamp: document.profile.createdAt, note: hostile)))
    }
    document.apply(
      .putVisit(
        Visit(
          date: CalendarDate(year: 2026, month: 12, day: 1)!, doctorName: "Dr. " + hostile, visitType: .other,
          visitTypeLabel: "L" + hostile, notes: "n " + hostile + "\nsecond line",
          entryTimestamp: document.profile.createdAt)))
    // Every entrance refuses control characters in names, so only a hand-edited data file holds
    // them: written as the data file itself.
    let file = glance.scratch.file("hostile.json")
    try Data(try Exporter.json(document)).write(to: URL(fileURLWithPath: file))
    let imported = try glance.run("import", file, "--yes")
    expectClean(imported.stdout + imported.stderr, color: false, "import")
    #expect(imported.status == 65 && imported.stderr.contains("control character"), "\(imported.stderr)")
    _ = mkdir(glance.home, 0o700)
    try Data(try DocumentCodec.encode(document)).write(to: URL(fileURLWithPath: glance.dataFile))
    return glance
  }

  @Test("escape sequences in every field reach no terminal: every printing command, colour on and off")
  func escapes() throws {
    let glance = try Self.hostileSandbox()
    let document = try glance.document()
    let entryID = ShortID.hex(document.entries[0].id)
    let visitID = ShortID.hex(document.visits[0].id)
    let commands: [[String]] = [
      [], ["show", "hdl"], ["show", "custom-x"], ["visits"], ["visit", "show", visitID], ["search", "ket"],
      ["search", "dr"], ["prep"], ["library"], ["library", "custom"], ["about"],
      ["show", "zz" + Self.hostile], ["add", "hdl", "5" + Self.hostile], ["add", "hdl", "50", "--date", Self.hostile],
      ["delete", entryID], ["undo"], ["edit", entryID, "--value", "5000"], ["track", Self.hostile],
      ["custom", Self.hostile, "--unit", "x"],
      ["visit", "add", "--date", "today", "--doctor", Self.hostile, "--type", "physical"],
      ["--today", Self.hostile], [Self.hostile],
    ]
    for command in commands {
      for color in ["never", "always"] {
        let result = try glance.run(command + ["--color", color])
        Self.expectClean(result.stdout + result.stderr, color: color == "always", "\(command.first ?? "home") \(color)")
      }
    }
    // On a terminal (colour on by default) too, an export included: a screen is no file.
    for command in [["show", "custom-x"], ["export", "--csv", "--yes"], ["visits"]] {
      let session = try glance.terminal(command, environment: [:])
      #expect(session.wait() == 0)
      Self.expectClean(session.transcript, color: true, "\(command[0]) on a terminal")
    }
    // A JSON backup of names import refuses would not restore (attacker review): refused, each
    // record named, cleanly, and nothing written.
    let path = glance.scratch.file("out.json")
    let refused = try glance.run("export", "--json", "-o", path)
    #expect(refused.status == 65, "\(refused.stderr)")
    Self.expectClean(refused.stdout + refused.stderr, color: false, "export --json")
    #expect(refused.stderr.contains("glance visit edit") && refused.stderr.contains("Nothing was exported"))
    #expect(!FileManager.default.fileExists(atPath: path))
    // With --yes it is written, and stays exact.
    #expect(try glance.run("export", "--json", "-o", path, "--yes").status == 0)
    // To the screen too it says so (attacker review: only a file's export did).
    let screen = try glance.run("export", "--json", "--yes")
    #expect(screen.status == 0 && screen.stderr.contains("Exported anyway (--yes)"), "\(screen.stderr)")
    let exported = try DocumentCodec.decode(
      Array(try Data(contentsOf: URL(fileURLWithPath: path))), formats: [Exporter.formatName])
    #expect(exported.entries.contains { $0.note == Self.hostile })
  }

  @Test("a spreadsheet's header and cells with escape codes are shown, not obeyed")
  func hostileSpreadsheet() throws {
    let glance = GlanceSandbox()
    let sheet = glance.scratch.file("labs.csv")
    try
      "Date,HDL,\(Self.hostile)\n2026-01-02,61,x\n2026-01-03,\(Self.hostile.replacingOccurrences(of: "\r", with: "")),y\n"
      .write(toFile: sheet, atomically: true, encoding: .utf8)
    let result = try glance.run("import", sheet, "--dry-run")
    #expect(result.status == 65)
    Self.expectClean(result.stdout + result.stderr, color: false, "spreadsheet")
  }

  @Test("twin custom markers (Ketones, KETONES) import without locking the folder; the next add saves")
  func twins() throws {
    let glance = GlanceSandbox()
    #expect(try glance.run("custom", "ketones", "--unit", "mmol/L").status == 0)
    #expect(try glance.run("untrack", "ketones", "--yes").status == 0)
    var document = GlanceDocument.empty(createdAt: Timestamp(secondsSince1970: 1_750_000_000))
    for (index, name) in ["Ketones", "KETONES"].enumerated() {
      let marker = MarkerDefinition(
        id: UUID(), key: "custom-ketones-\(index + 9)", displayName: name, category: "custom", unit: "mmol/L",
        direction: .lowerIsBetter, isSystemDefined: false)
      document.apply(.putCustomMarker(marker))
      document.apply(
        .setTrackedMarkers(
          document.trackedMarkers + [
            UserMarker(markerID: marker.id, displayOrder: index, addedAt: document.profile.createdAt)
          ]))
    }
    let file = glance.scratch.file("twins.json")
    try Data(try Exporter.json(document)).write(to: URL(fileURLWithPath: file))
    let imported = try glance.run("import", file, "--yes")
    #expect(imported.status == 0, "\(imported.stderr)")
    let add = try glance.run("add", "hdl", "51", "--yes")
    #expect(add.status == 0, "\(add.stderr)")
    let stored = try glance.document()
    #expect(stored.customMarkers.count == 1)
    #expect(Set(stored.trackedMarkers.map(\.markerID)).count == stored.trackedMarkers.count)
  }

  @Test("two identical BP readings, exported and imported into an empty folder: all four come back")
  func restoreDuplicates() throws {
    let glance = GlanceSandbox()
    for _ in 0..<2 { #expect(try glance.run("add", "bp", "120/80", "--yes").status == 0) }
    #expect(try glance.run("add", "hdl", "50", "--note", "a", "--yes").status == 0)
    #expect(try glance.run("add", "hdl", "50", "--note", "b", "--yes").status == 0)
    let json = glance.scratch.file("backup.json")
    let csv = glance.scratch.file("backup.csv")
    #expect(try glance.run("export", "--json", "-o", json).status == 0)
    let csvExport = try glance.run("export", "--csv", "-o", csv)
    #expect(csvExport.status == 0, "\(csvExport.stderr)")
    for file in [json, csv] {
      let fresh = GlanceSandbox()
      let restored = try fresh.run("import", file, "--yes")
      #expect(restored.status == 0, "\(restored.stderr)")
      #expect(!restored.stdout.contains("Skipped"), "\(restored.stdout)")
      #expect(try fresh.document().entries.count == 6)
      let again = try fresh.run("import", file, "--yes")
      #expect(again.stdout.contains("Nothing new to add."))
      #expect(try fresh.document().entries.count == 6)
    }
  }

  @Test("undo waiting at its question never undoes another glance's change")
  func undoRace() throws {
    let glance = GlanceSandbox()
    #expect(try glance.run("add", "hdl", "50", "--yes").status == 0)
    let session = try glance.terminal("undo")
    #expect(session.expect("Undo: add HDL 50 mg/dL on Nov 22, 2026? [y/N]"))
    #expect(try glance.run("add", "ldl", "130", "--yes").status == 0)
    session.send("y")
    #expect(session.wait() == 75)
    // Said without either change's values (attacker review: the race put "add LDL 131" on stderr).
    // Error text is wrapped at spaces to the terminal's width.
    let unwrapped = session.transcript.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(
      unwrapped.contains("the latest change is no longer the one you were asked about"), "\(session.transcript)")
    #expect(!session.transcript.contains("LDL 130"))
    #expect(try glance.document().entries.count == 2)
  }

  @Test("an edit waiting at its question never wipes another glance's edit; a delete meanwhile is said plainly")
  func editRace() throws {
    let glance = GlanceSandbox()
    #expect(try glance.run("add", "hdl", "50", "--note", "fasting", "--yes").status == 0)
    let id = String(ShortID.hex(try glance.document().entries[0].id).prefix(8))
    let session = try glance.terminal("edit", id, "--value", "500")
    #expect(session.expect("anyway? [y/N]"))
    #expect(try glance.run("edit", id, "--note", "after the run").status == 0)
    session.send("y")
    #expect(session.wait() == 75)
    #expect(session.transcript.contains("Another glance changed this reading"), "\(session.transcript)")
    let entry = try glance.document().entries[0]
    #expect(entry.value == 50 && entry.note == "after the run")

    let second = try glance.terminal("edit", id, "--value", "500")
    #expect(second.expect("anyway? [y/N]"))
    #expect(try glance.run("delete", id, "--yes").status == 0)
    second.send("y")
    #expect(second.wait() == 75)
    #expect(second.transcript.contains("deleted by another glance"), "\(second.transcript)")
    #expect(!second.transcript.contains("Please report"))
  }

  @Test("adds, imports and undos at once: the file always reads, every change that said yes is there or undone")
  func concurrentMix() throws {
    let glance = GlanceSandbox()
    #expect(try glance.run("add", "hdl", "50", "--yes").status == 0)
    // Sheets that each bring one ferritin reading (ferritin not tracked yet).
    for index in 0..<4 {
      try "Date,Ferritin\n2026-0\(index + 1)-15,\(90 + index)\n".write(
        toFile: glance.scratch.file("fer-\(index).csv"), atomically: true, encoding: .utf8)
    }
    // Every process starts at once; each writes its streams to files of its own.
    var running: [(what: String, process: Process, out: String, err: String)] = []
    func launch(_ what: String, _ arguments: [String]) throws {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: binary("glance"))
      process.arguments = arguments
      process.environment = glance.environment
      let out = glance.scratch.file("out-\(running.count)")
      let err = glance.scratch.file("err-\(running.count)")
      FileManager.default.createFile(atPath: out, contents: nil)
      FileManager.default.createFile(atPath: err, contents: nil)
      process.standardOutput = FileHandle(forWritingAtPath: out)
      process.standardError = FileHandle(forWritingAtPath: err)
      process.standardInput = FileHandle.nullDevice
      running.append((what, process, out, err))
    }
    for worker in 0..<3 {
      for step in 0..<6 { try launch("add", ["add", "ldl", "\(100 + worker * 10 + step)", "--yes"]) }
    }
    for index in 0..<4 { try launch("import", ["import", glance.scratch.file("fer-\(index).csv"), "--yes"]) }
    for _ in 0..<4 { try launch("undo", ["undo", "--yes"]) }
    for item in running { try item.process.run() }
    var outcomes: [(what: String, result: ProcessResult)] = []
    for item in running {
      item.process.waitUntilExit()
      outcomes.append(
        (
          item.what,
          ProcessResult(
            status: item.process.terminationStatus,
            stdout: (try? String(contentsOfFile: item.out, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: item.err, encoding: .utf8)) ?? "")
        ))
    }
    let document = try glance.document()
    #expect(Set(document.trackedMarkers.map(\.markerID)).count == document.trackedMarkers.count)
    let undone = outcomes.filter { $0.what == "undo" && $0.result.status == 0 }.compactMap {
      $0.result.stdout.split(separator: "\n").first { $0.hasPrefix("Undid: ") }.map { String($0.dropFirst(7)) }
    }
    for outcome in outcomes {
      #expect([0, 75].contains(outcome.result.status), "\(outcome.what): \(outcome.result.stderr)")
    }
    let ldl = MarkerLibrary.builtIn.marker(key: "ldl")!
    let ferritin = MarkerLibrary.builtIn.marker(key: "ferritin")!
    for outcome in outcomes where outcome.result.status == 0 && outcome.what == "add" {
      let line = outcome.result.stdout.split(separator: "\n").first { $0.hasPrefix("Saved LDL ") }
      let value = Double(line?.split(separator: " ")[2] ?? "") ?? -1
      let present = document.entries.contains { $0.markerID == ldl.id && $0.value == value }
      let wasUndone = undone.contains("add LDL \(ValueText.number(value)) mg/dL on Nov 22, 2026")
      #expect(present != wasUndone, "LDL \(value): present \(present), undone \(wasUndone)")
    }
    for outcome in outcomes where outcome.result.status == 0 && outcome.what == "import" {
      #expect(outcome.result.stdout.contains("Added 1 reading"))
    }
    let importsDone = outcomes.filter { $0.what == "import" && $0.result.status == 0 }.count
    let importsUndone = undone.filter { $0.hasPrefix("import fer-") }.count
    #expect(document.entries.filter { $0.markerID == ferritin.id }.count == importsDone - importsUndone)
  }

  @Test("crashers of the old binary are refusals: odd digits, a 1e308 import")
  func crashers() throws {
    let glance = GlanceSandbox()
    for date in ["٢٠٢٥-٠١-٠١", "２０２５-０１-０１", "2025-01-½", "2025-01-0²", "99999999999999999999-01-01"] {
      let result = try glance.run("add", "hdl", "50", "--date", date)
      #expect(result.status == 65, "\(date): \(result.stderr)")
      #expect(try glance.run("show", "hdl", "--since", date).status == 65)
      #expect(try glance.run("visit", "add", "--date", date, "--doctor", "Dr. A", "--type", "lab").status == 65)
    }
    #expect(try glance.run("add", "hdl", "50", "--date", "yesterday", "--today", "0001-01-01").status == 64)
    var document = GlanceDocument.empty(createdAt: Timestamp(secondsSince1970: 1_750_000_000))
    let hdl = MarkerLibrary.builtIn.marker(key: "hdl")!
    document.apply(
      .putEntry(
        MarkerEntry(
          markerID: hdl.id, value: 1e308, unit: "mg/dL", dateOfService: CalendarDate(year: 2026, month: 1, day: 1)!,
          entryTimestamp: document.profile.createdAt)))
    let file = glance.scratch.file("huge.json")
    try Data(try Exporter.json(document)).write(to: URL(fileURLWithPath: file))
    let imported = try glance.run("import", file, "--yes")
    #expect(imported.status == 65)
    #expect(!imported.stderr.contains("1e+308") && !imported.stderr.contains("1e308"))
    for command in [[], ["prep"], ["export", "--csv"], ["show", "hdl"]] {
      #expect(try glance.run(command).status == 0)
    }
  }

  @Test("endless input is refused: import /dev/zero, batch < /dev/zero")
  func endless() throws {
    let glance = GlanceSandbox()
    let imported = try glance.run("import", "/dev/zero")
    #expect(imported.status == 65 && imported.stderr.contains("larger than glance imports"), "\(imported.stderr)")
    let batch = Process()
    batch.executableURL = URL(fileURLWithPath: binary("glance"))
    batch.arguments = ["batch"]
    batch.environment = glance.environment
    batch.standardInput = FileHandle(forReadingAtPath: "/dev/zero")
    let errors = Pipe()
    batch.standardError = errors
    batch.standardOutput = FileHandle.nullDevice
    try batch.run()
    batch.waitUntilExit()
    #expect(batch.terminationStatus == 65)
    #expect(
      String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).contains(
        "longer than glance reads"))
  }

  @Test("a FIFO named glance.json is refused at once; the lock as a symlink is never followed")
  func oddFiles() throws {
    let glance = GlanceSandbox()
    #expect(mkdir(glance.home, 0o700) == 0)
    #expect(mkfifo(glance.dataFile, 0o600) == 0)
    // An old glance blocked opening the FIFO forever: end it rather than hang the suite.
    let watched = Process()
    watched.executableURL = URL(fileURLWithPath: binary("glance"))
    watched.environment = glance.environment
    watched.standardOutput = FileHandle.nullDevice
    watched.standardError = FileHandle.nullDevice
    try watched.run()
    var waited = 0
    while watched.isRunning && waited < 3000 {
      usleep(10_000)
      waited += 1
    }
    if watched.isRunning {
      watched.terminate()
      Issue.record("glance blocked on a FIFO named glance.json")
      return
    }
    let home = try glance.run()
    #expect(home.status == 74 && home.stderr.contains("not a regular file"), "\(home.stderr)")
    #expect(try glance.run("add", "hdl", "50", "--yes").status == 74)
    unlink(glance.dataFile)

    let target = glance.scratch.file("precious")
    FileManager.default.createFile(atPath: target, contents: Data("keep".utf8), attributes: [.posixPermissions: 0o644])
    #expect(symlink(target, glance.home + "/glance.lock") == 0)
    let add = try glance.run("add", "hdl", "50", "--yes")
    #expect(add.status == 74 && add.stderr.contains("symbolic link"), "\(add.stderr)")
    #expect(mode(of: target) == 0o644)
  }

  @Test("an export into the data folder is refused; the live file stays")
  func exportIntoDataFolder() throws {
    let glance = GlanceSandbox()
    #expect(try glance.run("add", "hdl", "50", "--yes").status == 0)
    let before = glance.bytes
    for target in [glance.dataFile, glance.home + "/glance.json.1", glance.home + "/x.csv"] {
      let result = try glance.run("export", "--json", "-o", target, "--yes")
      #expect(result.status == 74 && result.stderr.contains("inside glance's data folder"), "\(result.stderr)")
    }
    #expect(glance.bytes == before)
  }

  @Test("fix commands are shell-quoted; shared folders are refused instead of chmod 700 /tmp")
  func quotedCommands() throws {
    let glance = GlanceSandbox()
    let folder = glance.scratch.path + "/a'; echo INJECTED; echo '"
    #expect(mkdir(folder, 0o755) == 0)
    let result = try glance.run(["add", "hdl", "50", "--yes"], environment: ["GLANCE_HOME": folder])
    #expect(result.status == 74)
    let command = try #require(result.stderr.split(separator: "\n").first { $0.contains("chmod 700") })
    let shell = try GlanceEndToEnd.run(
      "/bin/sh",
      [
        "-c", "set -- " + command.replacingOccurrences(of: "  chmod 700 ", with: "") + "; printf '%s\\n' \"$#\" \"$1\"",
      ],
      environment: [:], stdin: nil, in: glance.scratch)
    #expect(shell.stdout == "1\n\(folder)\n", "\(shell.stdout)")
    #expect(!shell.stdout.contains("INJECTED\n"))
    for shared in ["/tmp", "/tmp/", "/"] {
      let refused = try glance.run(["add", "hdl", "50", "--yes"], environment: ["GLANCE_HOME": shared])
      #expect(refused.status == 74 && !refused.stderr.contains("chmod"), "\(shared): \(refused.stderr)")
    }
  }

  @Test("a data file made read-only is said, not replaced; output to a full disk fails; head is fine")
  func readOnlyAndFullDisk() throws {
    let glance = GlanceSandbox()
    #expect(try glance.run("add", "hdl", "50", "--yes").status == 0)
    chmod(glance.dataFile, 0o400)
    let before = glance.bytes
    let add = try glance.run("add", "hdl", "51", "--yes")
    #expect(add.status == 74 && add.stderr.contains("read-only"), "\(add.stderr)")
    #expect(glance.bytes == before && mode(of: glance.dataFile) == 0o400)
    chmod(glance.dataFile, 0o600)

    let full = Process()
    full.executableURL = URL(fileURLWithPath: binary("glance"))
    full.arguments = ["export", "--json"]
    full.environment = glance.environment
    full.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
    full.standardError = FileHandle.nullDevice
    try full.run()
    full.waitUntilExit()
    #expect(full.terminationStatus == 74)
    // Enough readings that the export outgrows the pipe, so head closes it mid-write.
    let sheet = glance.scratch.file("many.csv")
    try
      (["Date,HDL,LDL,Triglycerides"]
      + (0..<3000).map {
        "\(CalendarDate(dayNumber: 15_000 + $0)!.iso),\(40 + $0 % 30),\(100 + $0 % 50),\(120 + $0 % 60)"
      })
      .joined(separator: "\n").write(toFile: sheet, atomically: true, encoding: .utf8)
    #expect(try glance.run("import", sheet, "--yes").status == 0)
    let head = try GlanceEndToEnd.run(
      "/bin/bash", ["-c", "'\(binary("glance"))' export --csv | head -c 10 >/dev/null; echo \"${PIPESTATUS[0]}\""],
      environment: glance.environment, stdin: nil, in: glance.scratch)
    #expect(head.stdout == "0\n", "\(head.stdout) \(head.stderr)")
    #expect(!head.stderr.contains("could not write"))
  }

  /// Attacker review: `add … >/dev/full` saved the reading and exited 74, "Nothing was changed";
  /// a script retrying on 74 saved it twice.
  @Test(
    "a change saved before its output failed exits 0 and says it was saved; a screen that fails exits 74",
    .enabled(if: access("/dev/full", W_OK) == 0))
  func savedThenOutputFailed() throws {
    let glance = GlanceSandbox()
    func run(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: binary("glance"))
      process.arguments = arguments
      process.environment = glance.environment
      process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
      let errors = Pipe()
      process.standardError = errors
      try process.run()
      let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      return (process.terminationStatus, text)
    }
    let add = try run(["add", "hdl", "50", "--yes"])
    #expect(add.status == 0 && add.stderr.contains("The change was saved"), "\(add.stderr)")
    // NB: the CSV's lines end in CRLF, one Character: split on isNewline, not "\n".
    func readings() throws -> Int {
      try glance.run("export", "--csv").stdout.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("20") }.count
    }
    #expect(try readings() == 1)
    let show = try run(["show", "hdl"])
    #expect(show.status == 74 && !show.stderr.contains("saved"), "\(show.stderr)")
    let undo = try run(["undo", "--yes"])
    #expect(undo.status == 0 && undo.stderr.contains("The change was saved"), "\(undo.stderr)")
    #expect(try readings() == 0)
  }

  @Test("a flipped byte and no backup: home, show, search, visits and about say the file is damaged")
  func damaged() throws {
    let glance = GlanceSandbox()
    // Fourteen readings: home shows each marker's latest twelve, so the oldest is only skimmed.
    let sheet = glance.scratch.file("hdl.csv")
    try (["Date,HDL"] + (1...14).map { "2026-0\(($0 - 1) / 4 + 1)-\(10 + $0),\(40 + $0)" }).joined(separator: "\n")
      .write(toFile: sheet, atomically: true, encoding: .utf8)
    #expect(try glance.run("import", sheet, "--yes").status == 0)
    for index in 1...5 { unlink(glance.dataFile + ".\(index)") }
    // The oldest reading's time turned into an hour that does not exist.
    var text = String(decoding: try #require(glance.bytes), as: UTF8.self)
    let oldest = try #require(text.range(of: "\"entryTimestamp\": \""))
    let hour = text.index(oldest.upperBound, offsetBy: 11)
    text.replaceSubrange(hour...hour, with: "9")
    try Data(text.utf8).write(to: URL(fileURLWithPath: glance.dataFile))
    #expect((try? glance.document()) == nil, "the full reader refuses the file")
    for command in [[], ["show", "ldl"], ["search", "hdl"], ["visits"], ["about"]] {
      let result = try glance.run(command)
      #expect(result.status == 74 && result.stderr.contains("could not be read"), "\(command): \(result.stderr)")
    }
  }
}
