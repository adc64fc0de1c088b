import Foundation
import GlanceCore
import Testing

@testable import glance

/// A value typed in another unit keeps what was typed (issue 11, point 1; issue 13's "your
/// units"): `add`, a slip answered with the conversion, `edit`, and both exports and imports.
@Suite("The value as entered")
struct EnteredValueTests {
  static func document(_ glance: InProcessGlance) throws -> GlanceDocument {
    try LocalDataRepository(location: DataLocation(folder: glance.home)).read()
  }

  static func only(_ glance: InProcessGlance, _ key: String) throws -> MarkerEntry {
    let marker = try #require(MarkerLibrary.builtIn.marker(key: key))
    let entries = try document(glance).entries.filter { $0.markerID == marker.id }
    try #require(entries.count == 1)
    return entries[0]
  }

  @Test("add keeps the number and unit typed; a UACR of 3.0 mg/mmol is judged by KDIGO's 3 mg/mmol")
  func add() throws {
    let glance = InProcessGlance()
    let (status, console) = glance.run("add", "uacr", "3.0", "mg/mmol")
    #expect(status == .success, "\(console.stderr)")
    #expect(console.stdout.contains("Converted 3.0 mg/mmol to 26.5 mg/g."), "\(console.stdout)")
    #expect(console.stdout.contains("! above range, judged in mg/mmol: below 3 mg/mmol"), "\(console.stdout)")
    let entry = try Self.only(glance, "uacr")
    #expect(entry.value == 26.55 && entry.unit == "mg/g")
    #expect(entry.entered == EnteredValue(value: 3, unit: "mg/mmol"))
    let (_, show) = glance.run("show", "uacr")
    // Led by the value judged (by KDIGO's mg/mmol figure), the person's unit beside it.
    #expect(show.stdout.contains("3.0 mg/mmol (26.5 mg/g)  !"), "\(show.stdout)")
    // Home and prep show it as judged: in the unit typed, against the guideline's own figure,
    // with the decimal a lab prints in mg/mmol.
    let (_, home) = glance.run()
    #expect(home.stdout.contains("! Urine Albumin/Creatinine Ratio (UACR)  3.0 mg/mmol  "), "\(home.stdout)")
    let (_, prep) = glance.run("prep", "--width", "200")
    #expect(
      prep.stdout.contains("was 3.0 mg/mmol on Jun 1, 2025, above the reference range (below 3.0 mg/mmol)."),
      "\(prep.stdout)")
    #expect(prep.stdout.contains("3.0 mg/mmol  Jun 1, 2025  range: below 3.0 mg/mmol"), "\(prep.stdout)")
    // The same number typed in the marker's own unit keeps nothing extra.
    glance.run("add", "hdl", "89", "mg/dL")
    #expect(try Self.only(glance, "hdl").entered == nil)
  }

  @Test("a unit slip answered with the conversion keeps the number as typed, in the unit asked about")
  func slip() throws {
    let glance = InProcessGlance()
    for (day, value) in [("01", "190"), ("02", "185"), ("03", "192")] {
      glance.run("add", "ldl", value, "--date", "2025-05-\(day)")
    }
    let (status, console) = glance.run("add", "ldl", "5.5", answers: ["1"])
    #expect(status == .success, "\(console.stderr)")
    let latest = try #require(try Self.document(glance).entries.max { MarkerEntry.chronological($0, $1) })
    #expect(latest.entered == EnteredValue(value: 5.5, unit: "mmol/L"))
    #expect(abs(latest.value - 212.7) < 0.1)
  }

  @Test("edit: a new value replaces what was entered (kept only when typed in another unit); a note keeps it")
  func edit() throws {
    let glance = InProcessGlance()
    glance.run("add", "uacr", "3.0", "mg/mmol")
    let id = String(ShortID.hex(try Self.only(glance, "uacr").id).prefix(8))
    glance.run("edit", id, "--note", "morning sample", "--yes")
    #expect(try Self.only(glance, "uacr").entered == EnteredValue(value: 3, unit: "mg/mmol"))
    glance.run("edit", id, "--value", "2.5 mg/mmol", "--yes")
    #expect(try Self.only(glance, "uacr").entered == EnteredValue(value: 2.5, unit: "mg/mmol"))
    // A bare number is read in the unit the reading was typed in (newcomer review at stop 37).
    glance.run("edit", id, "--value", "2.0", "--yes")
    #expect(try Self.only(glance, "uacr").entered == EnteredValue(value: 2, unit: "mg/mmol"))
    glance.run("edit", id, "--value", "20 mg/g", "--yes")
    let edited = try Self.only(glance, "uacr")
    #expect(edited.value == 20 && edited.entered == nil)
  }

  @Test(
    "an export keeps what was entered and an import into an empty folder gives it back, judged the same",
    arguments: ["csv", "json"])
  func roundTrip(format: String) throws {
    let glance = InProcessGlance()
    glance.run("add", "uacr", "3.0", "mg/mmol")
    glance.run("add", "glucose", "5.58 mmol/L", "--date", "2025-05-01", "--yes")
    let folder = NSTemporaryDirectory() + "glance-entered-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/backup." + format
    let (exported, console) = glance.run("export", "-o", file)
    #expect(exported == .success, "\(console.stderr)")
    if format == "csv" {
      let text = try String(contentsOfFile: file, encoding: .utf8)
      #expect(text.hasPrefix("date,") && text.contains(",entered_as,shown,shown_unit\r\n"))
      #expect(text.contains(",3 mg/mmol,26.5,mg/g\r\n"))
    }
    let other = InProcessGlance()
    let (imported, importConsole) = other.run("import", file, "--yes")
    #expect(imported == .success, "\(importConsole.stderr)")
    let before = try Self.document(glance).entries.sorted { $0.value < $1.value }
    let after = try Self.document(other).entries.sorted { $0.value < $1.value }
    #expect(after.map(\.entered) == before.map(\.entered))
    #expect(after.map(\.value) == before.map(\.value))
    #expect(after.compactMap(\.entered).count == 2)
    // Judged the same after the restore: the glucose in range by ADA's 5.6 mmol/L.
    let (_, show) = other.run("show", "glucose")
    #expect(show.stdout.contains("5.58 mmol/L (101 mg/dL)  ▲"), "\(show.stdout)")
  }
}
