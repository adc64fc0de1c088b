#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The predefined markers and their categories, from `Resources/MarkerData.json`.
///
/// The file is compiled into the binary (see `MarkerData+Embedded.swift`), so a release binary
/// copied alone anywhere still has its library. Lookups by id and key are constant time.
public struct MarkerLibrary: Sendable {
  public let categories: [MarkerCategory]
  /// Library markers, grouped by category in display order, as the file lists them.
  public let markers: [MarkerDefinition]
  /// Each marker's id as numbers, for lookups by comparison (44 markers: no hash table needed).
  private let idWords: [(UInt64, UInt64)]

  public init(categories: [MarkerCategory], markers: [MarkerDefinition]) {
    self.categories = categories.sorted { $0.displayOrder < $1.displayOrder }
    self.markers = markers
    idWords = markers.map(\.id.words)
  }

  /// The library built into this binary, from `MarkerData+Generated.swift` (generated from
  /// Resources/MarkerData.json and checked against it by `EmbeddedFilesTests`).
  public static let builtIn = MarkerLibrary(categories: generatedCategories(), markers: generatedMarkers())

  public func marker(id: UUID) -> MarkerDefinition? {
    let wanted = id.words
    return idWords.firstIndex { $0 == wanted }.map { markers[$0] }
  }

  public func marker(key: String) -> MarkerDefinition? { markers.first { $0.key == key } }

  public func category(key: String) -> MarkerCategory? { categories.first { $0.key == key } }

  /// Library markers of one category, in file order.
  public func markers(inCategory key: String) -> [MarkerDefinition] {
    markers.filter { $0.category == key }
  }
}

extension MarkerLibrary {
  /// The `format` value of a marker library file.
  public static let formatName = "glance-marker-library"

  /// Decodes a marker library file.
  public static func decode(_ bytes: [UInt8]) throws -> MarkerLibrary {
    try JSONReader.read(bytes) { reader in
      var format: String?
      var categories: [MarkerCategory] = []
      var markers: [MarkerDefinition] = []
      try reader.readObject { reader, key in
        switch key {
        case "format": format = try reader.readString()
        case "categories":
          try reader.readArray { reader in categories.append(try reader.readCategory()) }
        case "markers":
          try reader.readArray { reader in
            markers.append(try reader.readMarkerDefinition(isSystemDefined: true))
          }
        default: try reader.skipValue()
        }
      }
      try reader.expectEnd()
      guard format == formatName else {
        throw reader.error("This is not a glance marker library (its format is not \(formatName)).", at: 0)
      }
      return MarkerLibrary(categories: categories, markers: markers)
    }
  }
}

extension JSONReader {
  mutating func readCategory() throws -> MarkerCategory {
    skipWhitespace()
    let start = position
    var id: UUID?
    var key: String?
    var name: String?
    var order: Int?
    var aliases: [String] = []
    try readObject { reader, field in
      switch field {
      case "id": id = try reader.readUUID()
      case "key": key = try reader.readString()
      case "name": name = try reader.readString()
      case "displayOrder": order = try reader.readInteger()
      case "aliases": try reader.readArray { reader in aliases.append(try reader.readString()) }
      default: try reader.skipValue()
      }
    }
    let what = "A category"
    return MarkerCategory(
      id: try required(id, "id", in: what, self, at: start),
      key: try required(key, "key", in: what, self, at: start),
      name: try required(name, "name", in: what, self, at: start),
      displayOrder: try required(order, "displayOrder", in: what, self, at: start), aliases: aliases)
  }
}
