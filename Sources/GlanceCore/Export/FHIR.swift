#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The parts of FHIR R4 resources glance reads: Bundles (any type) and their entries, and
/// Observations (code, value, date, status, identifiers, notes, components). Everything else a
/// resource holds is skipped unread. Read with glance's own JSON reader, one resource at a time.
struct FHIRResource: Sendable {
  struct Coding: Sendable, Equatable {
    var system: String?
    var code: String?
    var display: String?
  }

  struct Quantity: Sendable, Equatable {
    var value: Double?
    var unit: String?
    var system: String?
    var code: String?
    var comparator: String?
  }

  var resourceType: String?
  var id: String?
  /// `system|value` of each identifier.
  var identifiers: [String] = []
  var status: String?
  var codings: [Coding] = []
  var codeText: String?
  var quantity: Quantity?
  var valueString: String?
  var valueInteger: Double?
  /// `effectiveDateTime`, else `effectivePeriod.start`.
  var effective: String?
  var issued: String?
  var notes: [String] = []
  /// A panel's parts (blood pressure: systolic and diastolic).
  var components: [FHIRResource] = []
  /// A Bundle's resources.
  var entries: [FHIRResource] = []
  /// A Bundle's entries that hold no resource (a malformed file): named, never skipped unsaid.
  var entriesWithoutResource = 0
  /// A lab report's results: references to its Observations ("Observation/cholesterol").
  var results: [String] = []
  /// `meta.tag` codings (glance's export says where a reading came from).
  var tags: [Coding] = []
  /// `meta.lastUpdated` (glance's export: when the reading was recorded).
  var lastUpdated: String?
  /// `meta.versionId`: which version of the resource this is (a file may hold several).
  var versionId: String?
  /// The quantity of glance's `urn:glance:entered` extension: what the person typed.
  var entered: Quantity?
  /// A Patient's first name's text, gender and birth date.
  var patientName: String?
  var gender: String?
  var birthDate: String?
  /// The lab's interpretation codes ("H", "LL"…, HL7 v3 ObservationInterpretation), and whether
  /// it gave a reference range: glance judges by its own, and says where the lab's says more.
  var interpretations: [String] = []
  var hasReferenceRange = false
  /// Whose results these are: an Observation's `subject.reference` ("Patient/123").
  var subject: String?
  /// The `fullUrl` of the Bundle entry the resource came in ("urn:uuid:…"): what a subject
  /// may refer to it by.
  var fullUrl: String?

  static let loincSystem = "http://loinc.org"
  static let ucumSystem = "http://unitsofmeasure.org"

  /// The LOINC codes of the observation's code, in order.
  var loincCodes: [String] {
    codings.compactMap { $0.system == Self.loincSystem ? $0.code : nil }
  }

  /// The name a person would read: the code's text, else its first display.
  var name: String? {
    if let codeText, !codeText.trimmingWhitespace().isEmpty { return codeText }
    return codings.compactMap(\.display).first { !$0.trimmingWhitespace().isEmpty }
  }
}

extension JSONReader {
  /// One resource, with every Bundle entry's resource inside it.
  mutating func readFHIRResource() throws -> FHIRResource {
    var resource = FHIRResource()
    try readObject { reader, key in
      switch key {
      case "resourceType": resource.resourceType = try reader.readFHIRString()
      case "id": resource.id = try reader.readFHIRString()
      case "status": resource.status = try reader.readFHIRString()
      case "meta":
        try reader.readObject { reader, key in
          switch key {
          case "tag": try reader.readFHIRArray { resource.tags.append(try $0.readFHIRCoding()) }
          case "lastUpdated": resource.lastUpdated = try reader.readFHIRString()
          case "versionId": resource.versionId = try reader.readFHIRString()
          default: try reader.skipValue()
          }
        }
      case "identifier":
        try reader.readFHIRArray {
          var system: String?
          var value: String?
          try $0.readObject { reader, key in
            switch key {
            case "system": system = try reader.readFHIRString()
            case "value": value = try reader.readFHIRString()
            default: try reader.skipValue()
            }
          }
          if let value { resource.identifiers.append((system ?? "") + "|" + value) }
        }
      case "code":
        try reader.readObject { reader, key in
          switch key {
          case "text": resource.codeText = try reader.readFHIRString()
          case "coding":
            try reader.readFHIRArray { resource.codings.append(try $0.readFHIRCoding()) }
          default: try reader.skipValue()
          }
        }
      case "valueQuantity": resource.quantity = try reader.readFHIRQuantity()
      case "extension":
        try reader.readFHIRArray {
          var url: String?
          var quantity: FHIRResource.Quantity?
          try $0.readObject { reader, key in
            switch key {
            case "url": url = try reader.readFHIRString()
            case "valueQuantity": quantity = try reader.readFHIRQuantity()
            default: try reader.skipValue()
            }
          }
          if url == GlanceFHIR.enteredExtension, let quantity { resource.entered = quantity }
        }
      case "gender": resource.gender = try reader.readFHIRString()
      case "birthDate": resource.birthDate = try reader.readFHIRString()
      case "name":
        try reader.readFHIRArray {
          try $0.readObject { reader, key in
            if key == "text", let text = try reader.readFHIRString() {
              if resource.patientName == nil { resource.patientName = text }
            } else {
              try reader.skipValue()
            }
          }
        }
      case "valueString": resource.valueString = try reader.readFHIRString()
      case "valueInteger": resource.valueInteger = try reader.readFHIRNumber()
      case "effectiveDateTime", "effectiveInstant": resource.effective = try reader.readFHIRString()
      case "effectivePeriod":
        try reader.readObject { reader, key in
          if key == "start" { resource.effective = try reader.readFHIRString() } else { try reader.skipValue() }
        }
      case "issued": resource.issued = try reader.readFHIRString()
      case "note":
        try reader.readFHIRArray {
          try $0.readObject { reader, key in
            if key == "text", let text = try reader.readFHIRString() {
              resource.notes.append(text)
            } else {
              try reader.skipValue()
            }
          }
        }
      case "component": try reader.readFHIRArray { resource.components.append(try $0.readFHIRResource()) }
      case "result":
        try reader.readFHIRArray {
          try $0.readObject { reader, key in
            if key == "reference", let reference = try reader.readFHIRString() {
              resource.results.append(reference)
            } else {
              try reader.skipValue()
            }
          }
        }
      case "interpretation":
        try reader.readFHIRArray {
          try $0.readObject { reader, key in
            if key == "coding" {
              try reader.readFHIRArray {
                if let code = try $0.readFHIRCoding().code { resource.interpretations.append(code.uppercased()) }
              }
            } else {
              try reader.skipValue()
            }
          }
        }
      case "referenceRange":
        resource.hasReferenceRange = true
        try reader.skipValue()
      // A report's results carried inside it, referred to as "#id": read as its entries are.
      case "contained": try reader.readFHIRArray { resource.entries.append(try $0.readFHIRResource()) }
      case "subject":
        try reader.readObject { reader, key in
          if key == "reference" { resource.subject = try reader.readFHIRString() } else { try reader.skipValue() }
        }
      case "entry":
        try reader.readFHIRArray {
          var held: FHIRResource?
          var fullUrl: String?
          try $0.readObject { reader, key in
            switch key {
            case "resource": held = try reader.readFHIRResource()
            case "fullUrl": fullUrl = try reader.readFHIRString()
            default: try reader.skipValue()
            }
          }
          guard var held else {
            resource.entriesWithoutResource += 1
            return
          }
          held.fullUrl = fullUrl
          resource.entries.append(held)
        }
      default: try reader.skipValue()
      }
    }
    return resource
  }

  fileprivate mutating func readFHIRQuantity() throws -> FHIRResource.Quantity {
    var quantity = FHIRResource.Quantity()
    try readObject { reader, key in
      switch key {
      case "value": quantity.value = try reader.readFHIRNumber()
      case "unit": quantity.unit = try reader.readFHIRString()
      case "system": quantity.system = try reader.readFHIRString()
      case "code": quantity.code = try reader.readFHIRString()
      case "comparator": quantity.comparator = try reader.readFHIRString()
      default: try reader.skipValue()
      }
    }
    return quantity
  }

  fileprivate mutating func readFHIRCoding() throws -> FHIRResource.Coding {
    var coding = FHIRResource.Coding()
    try readObject { reader, key in
      switch key {
      case "system": coding.system = try reader.readFHIRString()
      case "code": coding.code = try reader.readFHIRString()
      case "display": coding.display = try reader.readFHIRString()
      default: try reader.skipValue()
      }
    }
    return coding
  }

  /// A string, or nil for null; anything else is skipped as nil (a server's extension in an
  /// unexpected shape is not a reason to refuse the file).
  fileprivate mutating func readFHIRString() throws -> String? {
    if readNullIfPresent() { return nil }
    guard peekAfterWhitespace() == UInt8(ascii: "\"") else {
      try skipValue()
      return nil
    }
    return try readString()
  }

  /// A number, or nil for anything else (null, "150", true): that observation is then not read,
  /// and the others of the file still are.
  fileprivate mutating func readFHIRNumber() throws -> Double? {
    guard let byte = peekAfterWhitespace(), byte == UInt8(ascii: "-") || (byte >= 48 && byte <= 57) else {
      try skipValue()
      return nil
    }
    return try readNumber()
  }

  /// An array's elements, or nothing for null or a lone object where an array belongs.
  fileprivate mutating func readFHIRArray(_ body: (inout JSONReader) throws -> Void) throws {
    if readNullIfPresent() { return }
    guard peekAfterWhitespace() == UInt8(ascii: "[") else {
      try skipValue()
      return
    }
    try readArray(body)
  }
}

enum FHIRFormat {
  /// How much of a file's start `looksLikeFHIR` looks at.
  static let sniffedBytes = 65_536

  /// True when `bytes` look like FHIR JSON: a `"resourceType"` key near the start.
  static func looksLikeFHIR(_ bytes: [UInt8]) -> Bool {
    let needle = Array("\"resourceType\"".utf8)
    let window = bytes.prefix(sniffedBytes)
    guard window.count >= needle.count else { return false }
    return window.withUnsafeBufferPointer { buffer in
      var index = 0
      while index + needle.count <= buffer.count {
        if buffer[index] == needle[0], buffer[index..<(index + needle.count)].elementsEqual(needle) { return true }
        index += 1
      }
      return false
    }
  }

  /// Every resource in `bytes`: one resource (a Bundle holds its entries), or NDJSON (one
  /// resource a line, the bulk-data format). Nil when the top level holds no `resourceType`
  /// (a glance export that mentions the word).
  static func read(_ bytes: [UInt8]) throws(JSONError) -> [FHIRResource]? {
    var body = bytes
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body.removeFirst(3) }
    do {
      return try JSONReader.read(body) { reader in
        var resources: [FHIRResource] = []
        while reader.peekAfterWhitespace() != nil {
          let resource = try reader.readFHIRResource()
          guard resource.resourceType != nil else { return nil }
          resources.append(resource)
        }
        return resources
      }
    } catch let error as JSONError {
      throw error
    } catch {
      throw JSONError(message: "\(error)", offset: 0, line: 1, column: 1)
    }
  }

  /// UCUM codes as glance spells the unit ("mm[Hg]" → "mmHg", "10*3/uL" → "10³/µL"); any other
  /// code as it is, for `UnitConverter` to match or refuse.
  static func unit(ucum code: String) -> String {
    if let known = GlanceFHIR.ucumUnits.first(where: { $0.ucum == code }) { return known.unit }
    // UCUM's annotations in braces say what a unit counts, not the unit: `mg/g{creat}` is mg/g
    // (clinician's third look at stop 34: a portal's UACR in it was refused). Only one, at the
    // end, as add and sheets read it (attacker's second look this session: `mg/{creat}mmol` was
    // read as mg/mmol over a unit field that said mg/g).
    let plain = UnitConverter.withoutAnnotations(code)
    guard plain != code, plain != "1" else { return code }
    return GlanceFHIR.ucumUnits.first { $0.ucum == plain }?.unit ?? plain
  }
}
