import Foundation
import Testing

@testable import GlanceCore

/// Resources compiled into the binary are generated Swift sources; these tests keep them current.
@Suite("Embedded files")
struct EmbeddedFilesTests {
  struct Embedding: CustomTestStringConvertible, Sendable {
    var source: String
    var generated: String
    var typeName: String
    var property: String
    var documentation: String
    var value: @Sendable () -> String
    var testDescription: String { source }
  }

  static let embeddings = [
    Embedding(
      source: "PrivacyPolicy.md", generated: "Sources/GlanceCore/App/PrivacyPolicy+Embedded.swift",
      typeName: "PrivacyPolicy", property: "text",
      documentation: "The text of PrivacyPolicy.md, printed by `glance privacy`.", value: { PrivacyPolicy.text })
  ]

  /// The generated source for `embedding`, as it must read.
  static func expectedSource(_ embedding: Embedding, text: String) -> String {
    let body = text.hasSuffix("\n") ? String(text.dropLast()) : text
    return """
      // swift-format-ignore-file
      // Generated from \(embedding.source). Do not edit: change that file, then run
      //   GLANCE_RECORD=1 swift test --filter EmbeddedFilesTests
      extension \(embedding.typeName) {
        /// \(embedding.documentation)
        public static let \(embedding.property) = #\"\"\"
      \(body)
      \"\"\"#
      }

      """
  }

  @Test("each generated source matches its file", arguments: embeddings)
  func current(embedding: Embedding) throws {
    let text = try String(contentsOfFile: packageRoot + "/" + embedding.source, encoding: .utf8)
    #expect(!text.contains("\"\"\"#"), "the text would end the raw string literal")
    let path = packageRoot + "/" + embedding.generated
    let expected = Self.expectedSource(embedding, text: text)
    if isRecording {
      try expected.write(toFile: path, atomically: false, encoding: .utf8)
      return
    }
    #expect(
      try String(contentsOfFile: path, encoding: .utf8) == expected,
      "Run GLANCE_RECORD=1 swift test --filter EmbeddedFilesTests")
    #expect(embedding.value() + "\n" == text)
  }

  static let libraryPath = "Sources/GlanceCore/Library/MarkerData+Generated.swift"

  @Test("the compiled-in marker library is generated from Resources/MarkerData.json and equal to it")
  func markerLibrary() throws {
    let json = try String(contentsOfFile: packageRoot + "/Resources/MarkerData.json", encoding: .utf8)
    let decoded = try MarkerLibrary.decode(Array(json.utf8))
    let expected = Self.librarySource(decoded)
    let path = packageRoot + "/" + Self.libraryPath
    if isRecording {
      try expected.write(toFile: path, atomically: false, encoding: .utf8)
      return
    }
    #expect(
      try String(contentsOfFile: path, encoding: .utf8) == expected,
      "Run GLANCE_RECORD=1 swift test --filter EmbeddedFilesTests")
    #expect(MarkerLibrary.builtIn.categories == decoded.categories)
    #expect(MarkerLibrary.builtIn.markers == decoded.markers)
  }

  /// Swift source that builds `library` from literals: no JSON to parse when glance starts.
  static func librarySource(_ library: MarkerLibrary) -> String {
    func string(_ text: String) -> String {
      var result = "\""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": result += "\\\\"
        case "\"": result += "\\\""
        case "\n": result += "\\n"
        case "\t": result += "\\t"
        default:
          if scalar.value < 0x20 {
            result += "\\u{\(String(scalar.value, radix: 16))}"
          } else {
            result.unicodeScalars.append(scalar)
          }
        }
      }
      return result + "\""
    }
    func optional(_ text: String?) -> String { text.map(string) ?? "nil" }
    func number(_ value: Double?) -> String { value.map { "\($0)" } ?? "nil" }
    func uuid(_ id: UUID) -> String {
      let bytes = withUnsafeBytes(of: id.uuid) { Array($0) }
      return "UUID(uuid: (" + bytes.map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: ", ") + "))"
    }
    func strings(_ list: [String]) -> String { "[" + list.map(string).joined(separator: ", ") + "]" }
    var lines = [
      "// swift-format-ignore-file",
      "// Generated from Resources/MarkerData.json. Do not edit: change that file, then run",
      "//   GLANCE_RECORD=1 swift test --filter EmbeddedFilesTests",
      "#if canImport(FoundationEssentials)",
      "  import FoundationEssentials",
      "#else",
      "  import Foundation",
      "#endif",
      "",
      "extension MarkerLibrary {",
      "  /// The categories of Resources/MarkerData.json, compiled in so a binary copied alone has them.",
      "  static func generatedCategories() -> [MarkerCategory] {",
      "    var categories: [MarkerCategory] = []",
    ]
    for category in library.categories {
      lines.append(
        "    categories.append(MarkerCategory(id: \(uuid(category.id)), key: \(string(category.key)), name: \(string(category.name)), displayOrder: \(category.displayOrder), aliases: \(strings(category.aliases))))"
      )
    }
    lines += [
      "    return categories",
      "  }",
      "",
      "  /// The markers of Resources/MarkerData.json, built from literals (no JSON to parse at start).",
      "  static func generatedMarkers() -> [MarkerDefinition] {",
      "    var markers: [MarkerDefinition] = []",
      "    markers.reserveCapacity(\(library.markers.count))",
    ]
    for marker in library.markers {
      lines.append("    markers.append(MarkerDefinition(")
      lines.append(
        "      id: \(uuid(marker.id)), key: \(string(marker.key)), displayName: \(string(marker.displayName)),")
      lines.append(
        "      shortName: \(string(marker.shortName)), category: \(string(marker.category)), unit: \(string(marker.unit)),"
      )
      lines.append("      unitSynonyms: \(strings(marker.unitSynonyms)), siUnit: \(optional(marker.siUnit)),")
      lines.append(
        "      siFactor: \(number(marker.siFactor)), siOffset: \(number(marker.siOffset)), decimals: \(marker.decimals), siDecimals: \(marker.siDecimals.map(String.init) ?? "nil"),"
      )
      lines.append(
        "      referenceLow: \(number(marker.referenceLow)), referenceHigh: \(number(marker.referenceHigh)),")
      lines.append("      plausibleMin: \(number(marker.plausibleMin)), plausibleMax: \(number(marker.plausibleMax)),")
      lines.append("      direction: .\(marker.direction.rawValue), loinc: \(optional(marker.loinc)),")
      lines.append("      aliases: \(strings(marker.aliases)),")
      lines.append("      source: \(optional(marker.source)),")
      lines.append("      notes: \(optional(marker.notes)),")
      lines.append("      isSystemDefined: true))")
    }
    lines += ["    return markers", "  }", "}", ""]
    return lines.joined(separator: "\n")
  }
}
