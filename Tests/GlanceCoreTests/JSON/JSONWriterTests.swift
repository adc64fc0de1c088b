import Foundation
import Testing

@testable import GlanceCore

@Suite("JSONWriter")
struct JSONWriterTests {
  @Test(
    "writes numbers in their shortest form",
    arguments: [
      (89.0, "89"), (5.6, "5.6"), (-0.0, "-0"), (0.0, "0"), (-12.0, "-12"), (0.1, "0.1"),
      (1e15, "1000000000000000"), (1e16, "1e+16"), (123456789012345.0, "123456789012345"), (1e-7, "1e-07"),
      (2.5e-5, "2.5e-05"),
    ])
  func numbers(value: Double, expected: String) {
    var writer = JSONWriter()
    writer.number(value)
    #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
  }

  @Test(
    "escapes only what JSON requires",
    arguments: [
      ("plain", "\"plain\""), ("a\"b", "\"a\\\"b\""), ("back\\slash", "\"back\\\\slash\""),
      ("line\nbreak\r\n", "\"line\\nbreak\\r\\n\""), ("tab\there", "\"tab\\there\""),
      ("\u{01}\u{1F}", "\"\\u0001\\u001f\""), ("é 😀 עברית /", "\"é 😀 עברית /\""),
      ("", "\"\""),
    ])
  func strings(text: String, expected: String) {
    var writer = JSONWriter()
    writer.string(text)
    #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
  }

  @Test("every string it writes reads back identically, by itself and by Foundation", arguments: 0..<500)
  func stringRoundTrip(seed: Int) throws {
    var generator = SeededGenerator(seed: UInt64(seed))
    let text = randomText(using: &generator)
    var writer = JSONWriter()
    writer.string(text)
    let ours = try JSONReader.read(writer.bytes) { try $0.readString() }
    let foundation = try JSONDecoder().decode(String.self, from: Data(writer.bytes))
    #expect(ours == text)
    #expect(foundation == text)
  }
}

/// Text with the characters that break naive JSON and CSV code.
func randomText(using generator: inout SeededGenerator) -> String {
  let pieces = [
    "a", "Z", " ", "\"", "\\", "/", "\n", "\r\n", "\t", "\u{0}", "\u{7}", "\u{1F}", "é", "😀", "👩‍⚕️",
    "עברית", "العربية", "=1+2", "-5", "@", ",", ";", "\u{2028}", "\u{FEFF}", "中文", "mg/dL", "<0.5",
    // A combining mark joins whatever comes before it (a quote, a comma, "=") into one Character.
    "\u{301}",
  ]
  let count = Int.random(in: 0...12, using: &generator)
  return (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
}
