import Foundation
import GlanceCore
import Testing

/// Issue 14: `glance prep --html` on the demo, opened in a real browser (headless Chromium from
/// the distribution; `.ci/run` installs it), printed to PDF and photographed. Skipped, saying
/// so, only where no browser is installed.
@Suite("End to end: the printable brief in a browser")
struct BriefBrowserTests {
  static let browser = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
  static let pdfinfo = ["/usr/bin/pdfinfo"].first { FileManager.default.isExecutableFile(atPath: $0) }
  static let pdftotext = ["/usr/bin/pdftotext"].first { FileManager.default.isExecutableFile(atPath: $0) }

  /// A sandbox holding the demo's history for the sandbox's today, and its brief written with -o.
  static func demoBrief(_ format: String) throws -> (GlanceSandbox, String, GlanceDocument) {
    let glance = GlanceSandbox()
    let made = try DemoData.create(
      today: try #require(CalendarDate(iso: glance.today)), temporaryFolder: glance.scratch.path)
    try FileManager.default.moveItem(atPath: made, toPath: glance.home)
    let path = glance.scratch.file("brief." + format)
    let result = try glance.run("prep", "--" + format, "-o", path)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains(Exporter.notice))
    #expect(result.stdout == "Wrote your brief to \(path).\n")
    let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    #expect(mode & 0o777 == 0o600, "written private, like every export")
    return (glance, path, try glance.document())
  }

  static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, stdout: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  @Test("prep --markdown -o writes the brief private, with the export notice")
  func markdownFile() throws {
    let (glance, path, _) = try Self.demoBrief("markdown")
    // NB: the sandbox's folder lives as long as `glance`.
    let text = try withExtendedLifetime(glance) { try String(contentsOfFile: path, encoding: .utf8) }
    #expect(text.hasPrefix("# Next Visit Prep"))
    #expect(text.contains("## Latest values\n\n| Marker | Latest | Date | Range | Status |"))
  }

  @Test(
    "the demo's brief prints to at most two pages with every item and every chart, and its screenshot is not blank",
    arguments: [false, true])
  func chromium(heavy: Bool) throws {
    guard let browser = Self.browser, let pdfinfo = Self.pdfinfo, let pdftotext = Self.pdftotext else {
      print(
        "SKIPPED: no Chromium or poppler-utils here (.ci/run installs them: apt-get install -y chromium poppler-utils)")
      return
    }
    var (glance, path, document) = try Self.demoBrief("html")
    if heavy {
      // Newcomer review: nine items (a critical value and five trends) printed on three pages.
      for (key, values) in [
        ("tsh", ["2.1", "2.4", "3.1", "4.2", "5.1"]), ("creatinine", ["0.9", "0.95", "1.02", "1.1", "1.24"]),
        ("psa", ["0.6", "0.8", "1.1", "1.4"]),
      ] {
        for (index, value) in values.enumerated() {
          let date = "20\(20 + index)-03-08"
          #expect(try glance.run("add", key, value, "--date", date, "--yes").status == 0)
        }
      }
      #expect(try glance.run("add", "potassium", "6.8", "--yes").status == 0)
      #expect(try glance.run("prep", "--html", "-o", path, "--yes").status == 0)
      document = try glance.document()
    }
    let html = try String(contentsOfFile: path, encoding: .utf8)
    #expect(!html.lowercased().contains("http:") && !html.lowercased().contains("https:"))
    #expect(!html.lowercased().contains("<script"))
    let snapshots = document.trackedSnapshots(library: .builtIn)
    let items = InsightsEngine.insights(for: snapshots, at: Timestamp(secondsSince1970: 0))
    #expect(!items.isEmpty)
    // Every chart is an SVG with points in it.
    let charts = html.components(separatedBy: "<svg ").dropFirst()
    #expect(charts.count == items.count)
    // Charts come in the items' order; a marker with one reading has a point and no line.
    for (chart, item) in zip(charts, items) {
      let readings = snapshots.first { $0.definition.id == item.markerID }?.entries.count ?? 0
      #expect(chart.contains("class=\"pt ") && chart.contains("<polyline") == (readings > 1), "\(readings)")
    }

    let pdf = glance.scratch.file("brief.pdf")
    let profile = glance.scratch.file("chromium-profile")
    let common = ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + profile]
    _ = try Self.run(browser, common + ["--no-pdf-header-footer", "--print-to-pdf=" + pdf, "file://" + path])
    let info = try Self.run(pdfinfo, [pdf]).stdout
    let pages = info.split(separator: "\n").first { $0.hasPrefix("Pages:") }.flatMap {
      Int($0.split(separator: " ").last ?? "")
    }
    #expect(pages.map { (1...2).contains($0) } == true, "\(info)")
    // The words of every item are on the printed pages (line breaks and hyphens aside).
    let printed = try Self.run(pdftotext, [pdf, "-"]).stdout
    func words(_ text: String) -> String {
      String(text.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init))
    }
    let printedWords = words(printed)
    for item in items { #expect(printedWords.contains(words(item.suggestionText)), "\(item.suggestionText)") }
    #expect(printedWords.contains(words(BriefMarkdown.privacyLine)))

    let png = glance.scratch.file("brief.png")
    _ = try Self.run(browser, common + ["--screenshot=" + png, "--window-size=900,1400", "file://" + path])
    let image = try Data(contentsOf: URL(fileURLWithPath: png))
    // A PNG, and not one flat colour: a blank page compresses to a few kilobytes.
    #expect(image.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    #expect(image.count > 40_000, "\(image.count) bytes")
  }
}
