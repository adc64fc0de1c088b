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
      source: "Resources/MarkerData.json", generated: "Sources/GlanceCore/Library/MarkerData+Embedded.swift",
      typeName: "MarkerLibrary", property: "embeddedJSON",
      documentation:
        "The text of Resources/MarkerData.json, compiled in so a binary copied alone still has its library.",
      value: { MarkerLibrary.embeddedJSON }),
    Embedding(
      source: "PrivacyPolicy.md", generated: "Sources/GlanceCore/App/PrivacyPolicy+Embedded.swift",
      typeName: "PrivacyPolicy", property: "text",
      documentation: "The text of PrivacyPolicy.md, printed by `glance privacy`.", value: { PrivacyPolicy.text }),
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
}
