import Foundation
import GlanceCore
import Testing

/// Issue 15: `--ascii` and a locale that is not UTF-8 print pure ASCII on every screen, with the
/// library's own typography spelled out (µ as u, ² as 2, → as ->) rather than escaped.
@Suite("End to end: ASCII output")
struct AsciiOutputTests {
  /// A folder whose screens hold every kind of non-ASCII text glance prints itself: units with
  /// µ and ², a critical !!, arrows, ellipses, a BP pair, a visit, and a trend.
  static func sandbox() throws -> GlanceSandbox {
    let glance = GlanceSandbox()
    for (day, value) in [("2026-09-01", "100"), ("2026-10-01", "130"), ("2026-11-01", "160")] {
      #expect(try glance.run("add", "ldl", value, "--date", day).status == 0)
    }
    #expect(try glance.run("add", "fasting-insulin", "12", "--date", "2026-11-01").status == 0)
    #expect(try glance.run("add", "egfr", "55", "--date", "2026-11-01").status == 0)
    #expect(try glance.run("add", "potassium", "6.8", "--date", "2026-11-02", "--yes").status == 0)
    #expect(try glance.run("add", "bp", "128/82", "--date", "2026-11-02").status == 0)
    let notes = String(repeating: "Ask about the statin dose and the next lipid panel. ", count: 4)
    let visit = try glance.run(
      "visit", "add", "--date", "2026-11-03", "--doctor", "Dr. Lee", "--type", "physical", "--notes", notes)
    #expect(visit.status == 0, "\(visit.stderr)")
    return glance
  }

  static let screens: [[String]] = [
    [], ["show", "ldl"], ["show", "fasting-insulin"], ["prep"], ["prep", "--markdown"], ["prep", "--json"],
    ["--json"], ["visits"], ["library"], ["search", "kidney"], ["completions", "bash"], ["help", "--man"],
    ["about"], ["help"], ["help", "add"], ["help", "import"], ["add", "hdl", "50", "--date", "2026-11-04"],
    ["undo", "--yes"],
  ]

  @Test(
    "every screen is pure ASCII with --ascii and in the C locale",
    arguments: [["--ascii"], []] as [[String]], [[:], ["LANG": "C", "LC_ALL": "C"]] as [[String: String]])
  func pureASCII(flags: [String], locale: [String: String]) throws {
    // Either way asks for ASCII; both together too. Plain UTF-8 with no flag is not this test.
    guard !(flags.isEmpty && locale.isEmpty) else { return }
    let glance = try Self.sandbox()
    for screen in Self.screens {
      let result = try glance.run(flags + screen, environment: locale)
      #expect(result.status == 0, "\(screen): \(result.stderr)")
      for (stream, text) in [("stdout", result.stdout), ("stderr", result.stderr)] {
        let bad = text.unicodeScalars.filter { !$0.isASCII }
        #expect(bad.isEmpty, "\(flags) \(locale) \(screen) \(stream): \(Set(bad.map { String($0) }))")
        // Spelled out, not escaped: the library's units read as a lab prints them in ASCII.
        #expect(!text.contains("\\u{"), "\(screen) \(stream): \(text)")
      }
    }
    let library = try glance.run(flags + ["library"], environment: locale).stdout
    #expect(library.contains("uIU/mL") && library.contains("mL/min/1.73m^2"), "\(library)")
    // Clinician review: "10³/µL" printed as "103/uL", a count of 103.
    #expect(library.contains("10^3/uL") && !library.contains("103/uL"), "\(library)")
  }

  @Test("a person's own non-ASCII text in the C locale is shown escaped, never as raw bytes")
  func ownTextEscaped() throws {
    let glance = GlanceSandbox()
    #expect(try glance.run("add", "hdl", "50", "--note", "Dr. Müller 😀").status == 0)
    let show = try glance.run(["show", "hdl"], environment: ["LANG": "C", "LC_ALL": "C"])
    #expect(show.stdout.unicodeScalars.allSatisfy { $0.isASCII })
    #expect(show.stdout.contains("Dr. M\\u{FC}ller"), "\(show.stdout)")
  }
}
