import Foundation
import Testing

@testable import GlanceCore

@Suite("Marker library (Resources/MarkerData.json)")
struct MarkerDataTests {
  static let resourcePath = packageRoot + "/Resources/MarkerData.json"
  static let library = MarkerLibrary.builtIn

  @Test("the file decodes with at least 40 markers in the designed categories")
  func shape() throws {
    let library = Self.library
    #expect(library.markers.count >= 40)
    let required = [
      "Heart", "Metabolic", "Kidney", "Liver", "Blood", "Thyroid", "Vitamins & Minerals", "Inflammation",
      "Vitals & Body",
    ]
    for name in required {
      let category = try #require(library.categories.first { $0.name == name }, "\(name)")
      #expect(!library.markers(inCategory: category.key).isEmpty, "\(name) has no markers")
    }
    #expect(Set(library.categories.map(\.displayOrder)).count == library.categories.count)
    for marker in library.markers {
      #expect(library.category(key: marker.category) != nil, "\(marker.key): unknown category")
    }
    // Foundation reads the same file into the same values.
    struct File: Decodable {
      var format: String
      var markers: [Marker]
      struct Marker: Decodable {
        var key: String
        var referenceLow: Double?
        var aliases: [String]
      }
    }
    let data = try Data(contentsOf: URL(fileURLWithPath: Self.resourcePath))
    let file = try JSONDecoder().decode(File.self, from: data)
    #expect(file.format == MarkerLibrary.formatName)
    #expect(file.markers.map(\.key) == library.markers.map(\.key))
    #expect(file.markers.map(\.aliases) == library.markers.map(\.aliases))
  }

  @Test("keys, ids and aliases are unique across the library")
  func uniqueness() {
    let markers = Self.library.markers
    #expect(Set(markers.map(\.key)).count == markers.count)
    #expect(Set(markers.map(\.id)).count == markers.count)
    #expect(Set(Self.library.categories.map(\.id)).count == Self.library.categories.count)
    #expect(Set(markers.map(\.id)).isDisjoint(with: Self.library.categories.map(\.id)))
    var owner: [String: String] = [:]
    for marker in markers {
      for word in [marker.key, marker.displayName] {
        owner[Self.normalized(word)] = marker.key
      }
    }
    for marker in markers {
      #expect(marker.aliases.count >= 3, "\(marker.key) has fewer than 3 aliases")
      for alias in marker.aliases {
        let key = Self.normalized(alias)
        if let other = owner[key], other != marker.key {
          Issue.record("alias \"\(alias)\" of \(marker.key) is also \(other)'s")
        }
        owner[key] = marker.key
      }
    }
  }

  @Test("each category has aliases of its own, none of them a marker's key, name or alias")
  func categoryAliases() {
    var markerTerms: [String: String] = [:]
    for marker in Self.library.markers {
      for term in [marker.key, marker.displayName, marker.shortName] + marker.aliases {
        markerTerms[Self.normalized(term)] = marker.key
      }
    }
    var owner: [String: String] = [:]
    for category in Self.library.categories {
      #expect(category.aliases.count >= 2, "\(category.key) has fewer than 2 aliases")
      for alias in category.aliases {
        let key = Self.normalized(alias)
        if let marker = markerTerms[key] { Issue.record("category alias \"\(alias)\" is also \(marker)'s") }
        if let other = owner[key], other != category.key {
          Issue.record("alias \"\(alias)\" of \(category.key) is also \(other)'s")
        }
        owner[key] = category.key
      }
    }
  }

  @Test("no library text uses a word glance never says to a person")
  func libraryWording() {
    for marker in Self.library.markers {
      let texts = [marker.displayName, marker.shortName, marker.notes ?? ""] + marker.aliases
      for text in texts {
        // Sources' own terms ("a risk enhancer") may stay in the notes; advice words may not.
        for banned in InsightsEngineTests.banned where banned != "risk" && banned != "score" {
          #expect(!text.lowercased().contains(banned), "\(marker.key): “\(banned)” in \(text)")
        }
      }
    }
  }

  static func normalized(_ text: String) -> String {
    String(text.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init))
  }

  @Test("every marker's figures are consistent", arguments: MarkerLibrary.builtIn.markers)
  func figures(marker: MarkerDefinition) throws {
    #expect(marker.isSystemDefined)
    #expect(marker.key.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "key \(marker.key)")
    if let low = marker.referenceLow, let high = marker.referenceHigh { #expect(low < high) }
    let min = try #require(marker.plausibleMin, "plausibleMin")
    let max = try #require(marker.plausibleMax, "plausibleMax")
    #expect(min < max)
    if let low = marker.referenceLow { #expect(min <= low, "plausible range must enclose the reference range") }
    if let high = marker.referenceHigh { #expect(high <= max, "plausible range must enclose the reference range") }
    if let factor = marker.siFactor {
      #expect(factor > 0)
      #expect(marker.siUnit != nil)
    }
    if marker.siOffset != nil { #expect(marker.siFactor != nil) }
    #expect((0...3).contains(marker.decimals))
    let loinc = try #require(marker.loinc)
    #expect(Self.loincCheckDigitIsValid(loinc), "LOINC \(loinc) has a wrong check digit")
    #expect(marker.source?.isEmpty == false)
    #expect(!marker.shortName.isEmpty)
  }

  /// LOINC's mod-10 check digit (the Luhn algorithm over the digits before the dash).
  static func loincCheckDigitIsValid(_ code: String) -> Bool {
    let parts = code.split(separator: "-")
    guard parts.count == 2, let check = Int(parts[1]), parts[1].count == 1,
      parts[0].allSatisfy(\.isNumber), !parts[0].isEmpty
    else { return false }
    var sum = 0
    for (index, character) in parts[0].reversed().enumerated() {
      var digit = character.wholeNumberValue!
      if index % 2 == 0 {
        digit *= 2
        if digit > 9 { digit -= 9 }
      }
      sum += digit
    }
    return (10 - sum % 10) % 10 == check
  }

  @Test(
    "the LOINC check itself rejects wrong digits",
    arguments: [
      ("2093-3", true), ("2093-4", false), ("2085-9", true), ("4548-4", true), ("4548-5", false), ("abc-1", false),
    ])
  func loincCheck(code: String, valid: Bool) {
    #expect(Self.loincCheckDigitIsValid(code) == valid)
  }

  @Test("the A1c SI conversion matches the ADA's paired values")
  func a1cConversion() throws {
    let a1c = try #require(Self.library.marker(key: "a1c"))
    let factor = try #require(a1c.siFactor)
    let offset = try #require(a1c.siOffset)
    #expect(((6.5 - offset) * factor).rounded() == 48)
    #expect(((5.7 - offset) * factor).rounded() == 39)
  }

  @Test("a marker with an SI unit says how many decimals labs print in it, and only then")
  func siDecimals() throws {
    for marker in MarkerLibrary.builtIn.markers {
      #expect((marker.siDecimals != nil) == (marker.siUnit != nil && marker.siFactor != nil), "\(marker.key)")
      if let decimals = marker.siDecimals { #expect((0...2).contains(decimals), "\(marker.key)") }
    }
  }

  @Test(
    "the SI decimals the issue names, and the A1c consensus",
    arguments: [("total-cholesterol", 1), ("ldl", 1), ("fasting-glucose", 1), ("creatinine", 0), ("a1c", 0)])
  func namedDecimals(key: String, decimals: Int) throws {
    #expect(MarkerLibrary.builtIn.marker(key: key)?.siDecimals == decimals)
  }
}
