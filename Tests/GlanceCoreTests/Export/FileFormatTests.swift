import Testing

@testable import GlanceCore

@Suite("FileFormat: what a file's name says")
struct FileFormatTests {
  @Test(
    "the extension names the format, in any case; another name names none",
    arguments: [
      ("backup.json", FileFormat.json), ("BACKUP.JSON", .json), ("readings.csv", .csv), ("brief.md", .markdown),
      ("Brief.Markdown", .markdown), ("brief.html", .html), ("brief.HTM", .html), ("dir.csv/brief.md", .markdown),
      ("backup", nil), ("backup.txt", nil), ("csv", nil), ("brief.md.txt", nil), ("", nil), ("-", nil),
    ] as [(String, FileFormat?)])
  func named(path: String, format: FileFormat?) {
    #expect(FileFormat.named(path) == format)
  }
}
