#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `glance export --fhir`: every reading as a FHIR R4 Observation in one collection Bundle, for
/// a doctor's system, a portal or another tool.
///
/// Each Observation has the reading's id (and that id as a `urn:uuid` identifier), status
/// `final`, a category (vital signs or laboratory), the LOINC code for its value's unit with
/// glance's name as its text, the person (a Patient with the profile's name and sex) as subject
/// and performer, the day as `effectiveDateTime`, the value as a UCUM `valueQuantity` (a censored
/// value with its `comparator`; a value typed in another unit as typed, when LOINC has a code for
/// it) and the note. When glance recorded it is `meta.lastUpdated`, where it came from a
/// `meta.tag`. A custom marker has no LOINC code: its key is coded in `GlanceFHIR.markerSystem`.
/// `glance import` reads the readings back as they were (`FHIRImportPlanner`).
public enum FHIRExporter {
  /// The Bundle, one entry a line, oldest reading first; the same data gives the same bytes.
  public static func bundle(_ document: GlanceDocument, library: MarkerLibrary) -> [UInt8] {
    let definitions = Exporter.exportedDefinitions(document, library: library)
    var writer = JSONWriter(capacity: 256 + document.entries.count * 700)
    writer.raw("{\n  \"resourceType\": \"Bundle\",\n  \"type\": \"collection\"")
    // FHIR allows no empty array: an empty folder is a Bundle without entries.
    var first = true
    let patient = "urn:uuid:" + ShortID.uuidText(document.profile.id).lowercased()
    for entry in document.entries {
      guard let marker = definitions[entry.markerID] else { continue }
      if first {
        // The person the readings are about (and who recorded them): a Patient with the name
        // and sex the profile gives, and nothing else glance does not know.
        writer.raw(",\n  \"entry\": [\n    {\"fullUrl\": ")
        writer.string(patient)
        writer.raw(", \"resource\": {\"resourceType\": \"Patient\", \"id\": ")
        writer.string(String(patient.dropFirst(9)))
        writer.raw(", \"meta\": {\"tag\": [")
        coding(system: GlanceFHIR.sourceSystem, code: "profile", into: &writer)
        writer.raw("]}, \"identifier\": [{\"system\": ")
        writer.string(GlanceFHIR.uriSystem)
        writer.raw(", \"value\": ")
        writer.string(patient)
        writer.raw("}]")
        let name = document.profile.name
        if name != Profile.unnamed, !name.isEmpty {
          writer.raw(", \"name\": [{\"text\": ")
          writer.string(GlanceFHIR.fhirString(name))
          writer.raw("}]")
        }
        if let sex = document.profile.sex {
          writer.raw(", \"gender\": ")
          writer.string(sex.rawValue)
        }
        writer.raw("}}")
        first = false
      }
      writer.raw(",\n    ")
      let id = ShortID.uuidText(entry.id).lowercased()
      writer.raw("{\"fullUrl\": ")
      writer.string("urn:uuid:" + id)
      writer.raw(", \"resource\": ")
      observation(entry, id: id, marker: marker, patient: patient, into: &writer)
      writer.raw("}")
    }
    writer.raw(first ? "\n}\n" : "\n  ]\n}\n")
    return writer.bytes
  }

  static func observation(
    _ entry: MarkerEntry, id: String, marker: MarkerDefinition, patient: String, into writer: inout JSONWriter
  ) {
    writer.raw("{\"resourceType\": \"Observation\", \"id\": ")
    writer.string(id)
    // When glance recorded it (or last changed it): the version's time, not a lab's release.
    writer.raw(", \"meta\": {\"lastUpdated\": ")
    writer.string(entry.entryTimestamp.iso)
    writer.raw(", \"tag\": [")
    coding(system: GlanceFHIR.sourceSystem, code: entry.sourceType.rawValue, into: &writer)
    writer.raw("]}")
    // What the person typed in another unit (5.9 mmol/L) goes out as typed when LOINC has a code
    // for the test in that unit; otherwise the value in the marker's own unit under its own
    // code (HbA1c 42 mmol/mol under the % code would read as 4.2 %), and what was typed in
    // glance's extension, so nothing is lost.
    let typed = entry.entered(for: marker)
    let typedCode = typed.flatMap { GlanceFHIR.loinc(for: marker, unit: $0.unit) }
    if let typed, typedCode == nil {
      writer.raw(", \"extension\": [{\"url\": ")
      writer.string(GlanceFHIR.enteredExtension)
      writer.raw(", \"valueQuantity\": ")
      quantity(typed.value, entry.comparator, typed.unit, marker: marker, into: &writer)
      writer.raw("}]")
    }
    writer.raw(", \"identifier\": [{\"system\": ")
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
    if let loinc = typedCode ?? marker.loinc {
      coding(system: FHIRResource.loincSystem, code: loinc, into: &writer)
    } else {
      coding(system: GlanceFHIR.markerSystem, code: marker.key, into: &writer)
    }
    writer.raw("], \"text\": ")
    writer.string(marker.displayName)
    // The person's own reading: about them, and reported by them.
    writer.raw("}, \"subject\": {\"reference\": ")
    writer.string(patient)
    writer.raw("}, \"effectiveDateTime\": ")
    writer.string(entry.dateOfService.iso)
    writer.raw(", \"performer\": [{\"reference\": ")
    writer.string(patient)
    writer.raw("}], \"valueQuantity\": ")
    if let typed, typedCode != nil {
      quantity(typed.value, entry.comparator, typed.unit, marker: marker, into: &writer)
    } else {
      quantity(entry.value, entry.comparator, entry.unit, marker: marker, into: &writer)
    }
    if let note = entry.note, !note.isEmpty {
      writer.raw(", \"note\": [{\"text\": ")
      writer.string(GlanceFHIR.fhirString(note))
      writer.raw("}]")
    }
    writer.raw("}")
  }

  static func quantity(
    _ value: Double, _ comparator: ValueComparator?, _ unit: String, marker: MarkerDefinition,
    into writer: inout JSONWriter
  ) {
    writer.raw("{\"value\": ")
    writer.number(value)
    if let comparator {
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
  /// What the person typed, when the reading goes out in its marker's own unit.
  static let enteredExtension = "urn:glance:entered"
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
      id, resource.lastUpdated.flatMap { Timestamp(iso: $0) },
      SourceType.known.contains(source) ? source : .fileImport
    )
  }

  /// Units a marker's own LOINC code also takes, being the same kind of quantity (a mass
  /// concentration in g/L as in g/dL, a weight in kg as in lb), so a receiver converts them by
  /// UCUM. Sodium and potassium's codes are already molar.
  static let sameKind: [String: Set<String>] = [
    "apob": ["g/L"], "albumin": ["g/L"], "hemoglobin": ["g/L"], "hematocrit": ["L/L"], "wbc": ["10⁹/L"],
    "platelets": ["10⁹/L"], "ferritin": ["µg/L"], "psa": ["µg/L"], "hs-crp": ["mg/dL"], "alt": ["µkat/L"],
    "ast": ["µkat/L"], "alp": ["µkat/L"], "ggt": ["µkat/L"], "sodium": ["mmol/L"], "potassium": ["mmol/L"],
    "weight": ["kg"], "waist": ["cm"],
  ]

  /// The molar (SI) codes LOINC gives a test whose own code is a mass concentration, by marker
  /// key and unit; each is also read on import (`FHIRCodes.variants`, sources there).
  static let molarCodes: [String: String] = [
    "total-cholesterol|mmol/L": "14647-2", "ldl|mmol/L": "22748-8", "hdl|mmol/L": "14646-4",
    "triglycerides|mmol/L": "14927-8", "fasting-glucose|mmol/L": "14771-0", "a1c|mmol/mol": "59261-8",
    "creatinine|µmol/L": "14682-9", "bun|mmol/L": "14937-7", "bilirubin-total|µmol/L": "14631-6",
    "uacr|mg/mmol": "32294-1", "calcium|mmol/L": "2000-8", "magnesium|mmol/L": "2601-3",
    "uric-acid|µmol/L": "14933-6", "free-t4|pmol/L": "14920-3", "iron|µmol/L": "14798-3", "b12|pmol/L": "14685-2",
    "folate|nmol/L": "14732-2",
  ]

  /// The LOINC code for a library marker's value in `unit`: its own code in its own unit or one
  /// of the same kind, else the molar code LOINC has for it; nil when glance knows none (the
  /// value then goes out in the marker's own unit).
  static func loinc(for marker: MarkerDefinition, unit: String) -> String? {
    guard marker.isSystemDefined else { return nil }
    if unit == marker.unit || sameKind[marker.key]?.contains(unit) == true { return marker.loinc }
    return molarCodes[marker.key + "|" + unit]
  }

  /// Text as a FHIR string may hold it: no control character but tab, return and line feed
  /// (each other one becomes U+FFFD, so a reader sees that something was there).
  static func fhirString(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0.value < 0x20 && !["\t", "\r", "\n"].contains($0) }) else {
      return text
    }
    return String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { $0.value < 0x20 && !["\t", "\r", "\n"].contains($0) ? "\u{FFFD}" : $0 }))
  }

  /// The UCUM code of a library marker's unit or SI unit; nil for any other unit (a custom
  /// marker's, whose UCUM spelling glance cannot vouch for: written as text only).
  static func ucum(_ unit: String, knownUnits: [String?]) -> String? {
    guard knownUnits.contains(unit) else { return nil }
    return ucumUnits.first { $0.unit == unit }?.ucum ?? unit
  }
}
