#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `glance export --fhir`: every reading as a FHIR R4 Observation in one collection Bundle, for
/// a doctor's system, a portal or another tool.
///
/// Each Observation has the reading's id (and that id as a `urn:uuid` identifier), status
/// `final`, a category (vital signs or laboratory), the marker's LOINC code with glance's name as
/// its text, the day as `effectiveDateTime`, the moment glance recorded it as `issued`, the value
/// as a UCUM `valueQuantity` (a censored value with its `comparator`; a value typed in another
/// unit, as typed) and the note. A custom marker has no LOINC code: its key is coded in
/// `GlanceFHIR.markerSystem`. Where the reading came from is a `meta.tag`. No Patient: the file
/// is about its reader. `glance import` reads it back as it was (`FHIRImportPlanner`).
public enum FHIRExporter {
  /// The Bundle, one entry a line, oldest reading first; the same data gives the same bytes.
  public static func bundle(_ document: GlanceDocument, library: MarkerLibrary) -> [UInt8] {
    var definitions: [UUID: MarkerDefinition] = [:]
    for markerID in Set(document.entries.map(\.markerID)) {
      definitions[markerID] = document.definition(for: markerID, library: library)
    }
    var writer = JSONWriter(capacity: 256 + document.entries.count * 560)
    writer.raw("{\n  \"resourceType\": \"Bundle\",\n  \"type\": \"collection\"")
    // FHIR allows no empty array: an empty folder is a Bundle without entries.
    var first = true
    for entry in document.entries {
      guard let marker = definitions[entry.markerID] else { continue }
      writer.raw(first ? ",\n  \"entry\": [\n    " : ",\n    ")
      first = false
      let id = ShortID.uuidText(entry.id).lowercased()
      writer.raw("{\"fullUrl\": ")
      writer.string("urn:uuid:" + id)
      writer.raw(", \"resource\": ")
      observation(entry, id: id, marker: marker, into: &writer)
      writer.raw("}")
    }
    writer.raw(first ? "\n}\n" : "\n  ]\n}\n")
    return writer.bytes
  }

  static func observation(_ entry: MarkerEntry, id: String, marker: MarkerDefinition, into writer: inout JSONWriter) {
    writer.raw("{\"resourceType\": \"Observation\", \"id\": ")
    writer.string(id)
    writer.raw(", \"meta\": {\"tag\": [")
    coding(system: GlanceFHIR.sourceSystem, code: entry.sourceType.rawValue, into: &writer)
    writer.raw("]}, \"identifier\": [{\"system\": ")
    writer.string(GlanceFHIR.uriSystem)
    writer.raw(", \"value\": ")
    writer.string("urn:uuid:" + id)
    writer.raw("}], \"status\": \"final\"")
    if marker.isSystemDefined {
      let vital = marker.category == GlanceFHIR.vitalsCategory
      writer.raw(", \"category\": [{\"coding\": [{\"system\": ")
      writer.string(GlanceFHIR.categorySystem)
      writer.raw(vital ? ", \"code\": \"vital-signs\"}]}]" : ", \"code\": \"laboratory\"}]}]")
    }
    writer.raw(", \"code\": {\"coding\": [")
    if let loinc = marker.loinc {
      coding(system: FHIRResource.loincSystem, code: loinc, into: &writer)
    } else {
      coding(system: GlanceFHIR.markerSystem, code: marker.key, into: &writer)
    }
    writer.raw("], \"text\": ")
    writer.string(marker.displayName)
    writer.raw("}, \"effectiveDateTime\": ")
    writer.string(entry.dateOfService.iso)
    writer.raw(", \"issued\": ")
    writer.string(entry.entryTimestamp.iso)
    // What the person typed when it was another unit (5.9 mmol/L): a lab's own figure.
    let shown = entry.entered(for: marker)
    let value = shown?.value ?? entry.value
    let unit = shown?.unit ?? entry.unit
    writer.raw(", \"valueQuantity\": {\"value\": ")
    writer.number(value)
    if let comparator = entry.comparator {
      writer.raw(", \"comparator\": ")
      writer.string(comparator.rawValue)
    }
    writer.raw(", \"unit\": ")
    writer.string(unit)
    if marker.isSystemDefined, let code = GlanceFHIR.ucum(unit, knownUnits: [marker.unit, marker.siUnit]) {
      writer.raw(", \"system\": ")
      writer.string(FHIRResource.ucumSystem)
      writer.raw(", \"code\": ")
      writer.string(code)
    }
    writer.raw("}")
    if let note = entry.note, !note.isEmpty {
      writer.raw(", \"note\": [{\"text\": ")
      writer.string(note)
      writer.raw("}]")
    }
    writer.raw("}")
  }

  static func coding(system: String, code: String, into writer: inout JSONWriter) {
    writer.raw("{\"system\": ")
    writer.string(system)
    writer.raw(", \"code\": ")
    writer.string(code)
    writer.raw("}")
  }
}

/// The names glance's FHIR files use, and the UCUM spelling of glance's units.
enum GlanceFHIR {
  /// An identifier that is a URI (`urn:uuid:…`), as FHIR names it.
  static let uriSystem = "urn:ietf:rfc:3986"
  static let categorySystem = "http://terminology.hl7.org/CodeSystem/observation-category"
  /// A custom marker's key (`custom-zinc`): it has no LOINC code.
  static let markerSystem = "urn:glance:marker"
  /// Where a reading came from (`quickAdd`, `import`…), a `meta.tag`.
  static let sourceSystem = "urn:glance:source"
  /// The library category whose markers are vital signs in FHIR's sense.
  static let vitalsCategory = "vitals-body"

  /// Each UCUM code glance reads and the unit as glance spells it. Where a unit has several
  /// codes, the first is the one an export writes. A code not listed is spelled as glance spells
  /// it (mg/dL, mmol/L, %).
  static let ucumUnits: [(ucum: String, unit: String)] = [
    ("mm[Hg]", "mmHg"), ("[lb_av]", "lb"), ("[in_i]", "in"), ("/min", "bpm"), ("{beats}/min", "bpm"),
    ("{Beats}/min", "bpm"), ("kg/m2", "kg/m²"), ("mL/min/{1.73_m2}", "mL/min/1.73m²"),
    ("mL/min/1.73m2", "mL/min/1.73m²"), ("[IU]/L", "IU/L"), ("m[IU]/L", "mIU/L"), ("u[IU]/mL", "µIU/mL"),
    ("meq/L", "mEq/L"), ("10*3/uL", "10³/µL"), ("10*9/L", "10⁹/L"), ("ug/dL", "µg/dL"), ("ug/L", "µg/L"),
    ("umol/L", "µmol/L"), ("ukat/L", "µkat/L"),
  ]

  /// What glance's own export says of a reading beyond its value: its id, when it was recorded
  /// and where it came from. Nil for any other observation (one without glance's source tag).
  static func reading(_ resource: FHIRResource) -> (id: UUID, entered: Timestamp?, source: SourceType)? {
    guard let tag = resource.tags.first(where: { $0.system == sourceSystem }), let code = tag.code,
      let identifier = resource.identifiers.first(where: { $0.hasPrefix(uriSystem + "|urn:uuid:") }),
      let id = UUID(uuidString: String(identifier.dropFirst(uriSystem.count + 10)))
    else { return nil }
    let source = SourceType(rawValue: code)
    return (
      id, resource.issued.flatMap { Timestamp(iso: $0) },
      SourceType.known.contains(source) ? source : .fileImport
    )
  }

  /// The UCUM code of a library marker's unit or SI unit; nil for any other unit (a custom
  /// marker's, whose UCUM spelling glance cannot vouch for: written as text only).
  static func ucum(_ unit: String, knownUnits: [String?]) -> String? {
    guard knownUnits.contains(unit) else { return nil }
    return ucumUnits.first { $0.unit == unit }?.ucum ?? unit
  }
}
