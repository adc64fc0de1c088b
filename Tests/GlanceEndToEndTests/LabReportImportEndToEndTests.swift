import Foundation
import Testing

/// Issue 13, item 1, through the binary: a lab report with one row per result, and a semicolon
/// file with decimal commas from a European Excel; importing either again adds nothing.
@Suite("Lab-report import, end to end")
struct LabReportImportEndToEndTests {
  @Test("a long CSV: dry run shows how it was read and changes nothing; the import adds the known tests once")
  func longCSV() throws {
    let glance = GlanceSandbox()
    let report = glance.scratch.file("report.csv")
    try Data(
      """
      Date,Test,Result,Units,Reference Range,Flag,Comment
      2024-01-15,LDL Cholesterol,130,mg/dL,<100,H,fasting
      2024-01-15,HDL,55,mg/dL,>40,,
      2024-01-15,MCV,90,fL,80-100,,
      2024-06-01,LDL,3.1,mmol/L,,,
      2024-06-01,Blood pressure,128/82,mmHg,,,

      """.utf8
    ).write(to: URL(fileURLWithPath: report))
    try glance.run("add", "weight", "180")
    let before = glance.bytes
    let dry = try glance.run("import", report, "--dry-run")
    #expect(dry.status == 0, "\(dry.stderr)")
    #expect(dry.stdout.contains("Read a spreadsheet with one row per result"))
    #expect(dry.stdout.contains("Would add 5 readings"))
    #expect(dry.stdout.contains("“MCV” (1 row)"))
    // The Flag column is read, named as read wherever it stands (newcomer review at stop 36).
    #expect(dry.stdout.contains("“Reference Range” (the lab's range and flag"), "\(dry.stdout)")
    #expect(dry.stdout.contains("“Flag” → the lab's flags"), "\(dry.stdout)")
    #expect(dry.stdout.contains("row 5: Jun 1, 2024, LDL Cholesterol 120 mg/dL (3.1 mmol/L)"))
    #expect(glance.bytes == before)
    let imported = try glance.run("import", report)
    #expect(imported.status == 0, "\(imported.stderr)")
    let show = try glance.run("show", "ldl")
    #expect(show.stdout.contains("120 mg/dL (3.1 mmol/L)") && show.stdout.contains("fasting"))
    let again = try glance.run("import", report)
    #expect(again.status == 0 && again.stdout.contains("Nothing new to add."), "\(again.stdout)")
  }

  @Test("a semicolon CSV with decimal commas and dotted dates imports, and again adds nothing")
  func semicolonCSV() throws {
    let glance = GlanceSandbox()
    let sheet = glance.scratch.file("befund.csv")
    try Data("\u{FEFF}Datum;Test;Ergebnis;Einheit\r\n04.03.2024;LDL;3,4;mmol/L\r\n04.03.2024;HbA1c;5,6;%\r\n".utf8)
      .write(
        to: URL(fileURLWithPath: sheet))
    let imported = try glance.run("import", sheet)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout.contains("Added 2 readings"))
    #expect(imported.stdout.contains("columns separated by semicolons, a comma between digits as a decimal point"))
    let entries = try glance.document().entries
    #expect(Set(entries.map(\.value)) == [131.5, 5.6])
    #expect(try glance.run("import", sheet).stdout.contains("Nothing new to add."))
    let ambiguous = glance.scratch.file("us.csv")
    try Data("Date,HDL\n3/4/2024,55\n".utf8).write(to: URL(fileURLWithPath: ambiguous))
    #expect(try glance.run("import", ambiguous).status == 65)
    #expect(try glance.run("import", ambiguous, "--dates", "eu").status == 0)
    #expect(try glance.run("import", ambiguous, "--dates", "uk").status == 64)
  }

  @Test("export --fhir, import into an empty folder, export --fhir: the same bytes; wrong format pairs are refused")
  func fhirRoundTrip() throws {
    let glance = GlanceSandbox()
    try glance.run("add", "ldl", "3.4 mmol/L", "--date", "2024-03-04", "--note", "fasting, \"lab A\"")
    try glance.run("add", "tsh", "<0.01", "--date", "2024-03-04", "--yes")
    try glance.run("add", "bp", "128/82")
    try glance.run("custom", "Zinc", "--unit", "ug/dL")
    try glance.run("add", "zinc", "88")
    let file = glance.scratch.file("records.json")
    let exported = try glance.run("export", "--fhir", "-o", file)
    #expect(exported.status == 0 && exported.stdout.contains("Exported 5 readings"), "\(exported.stderr)")
    let other = GlanceSandbox()
    let imported = try other.run("import", file)
    #expect(imported.status == 0 && imported.stdout.contains("Added 5 readings"), "\(imported.stdout)")
    let again = other.scratch.file("again.json")
    #expect(try other.run("export", "--fhir", "-o", again).status == 0)
    #expect(FileManager.default.contents(atPath: again) == FileManager.default.contents(atPath: file))
    #expect(try other.run("show", "ldl").stdout.contains("131 mg/dL (3.4 mmol/L)"))
    #expect(try other.run("import", file).stdout.contains("Nothing new to add."))
    #expect(try glance.run("export", "--fhir", "--csv").status == 64)
    #expect(try glance.run("export", "--fhir", "--visits").status == 64)
  }
}
