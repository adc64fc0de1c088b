import Foundation
import Testing

/// Issue 14 (newcomer review): the brief is "for" a named person, and there was no way to give
/// a name. `glance profile --name` sets it; the brief's heading and prep's "For:" show it.
@Suite("profile --name")
struct ProfileNameTests {
  @Test("a name set with profile --name is on the brief in every form; an empty one removes it")
  func name() throws {
    let glance = GlanceSandbox()
    #expect(try glance.run("add", "ldl", "162").status == 0)
    let set = try glance.run("profile", "--name", "  Jane Doe ")
    #expect(set.status == 0 && set.stdout.contains("Name: Jane Doe"), "\(set.stdout)")
    #expect(try glance.run("prep").stdout.contains("Jane Doe"))
    #expect(try glance.run("prep", "--markdown").stdout.contains("Jane Doe"))
    #expect(try glance.run("prep", "--html").stdout.contains("Jane Doe"))
    #expect(try glance.run("prep", "--json").stdout.contains("\"name\": \"Jane Doe\""))
    #expect(try glance.run("profile", "--name", "").status == 0)
    #expect(!(try glance.run("prep").stdout.contains("Jane Doe")))
    #expect(try glance.run("prep", "--json").stdout.contains("\"name\": null"))
  }

  @Test(
    "a name with a line break or a control character, or too long, is refused and nothing changes",
    arguments: ["Jane\nDoe", "Jane\u{1B}[31m", String(repeating: "J", count: 201)])
  func refused(name: String) throws {
    let glance = GlanceSandbox()
    #expect(try glance.run("add", "ldl", "162").status == 0)
    let before = glance.bytes
    let result = try glance.run("profile", "--name", name)
    #expect(result.status == 65, "\(result.stderr)")
    #expect(glance.bytes == before)
  }
}
