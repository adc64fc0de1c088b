#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Turns a value typed in another unit into the marker's own, with that marker's own factor.
public enum UnitConverter {
  /// The result of reading a unit: the value in the marker's unit, and how it was converted.
  public struct Conversion: Equatable, Sendable {
    public var value: Double
    /// Set when the value was converted: the value and unit as typed.
    public var original: (value: Double, unit: String)?

    public static func == (lhs: Conversion, rhs: Conversion) -> Bool {
      lhs.value == rhs.value && lhs.original?.value == rhs.original?.value && lhs.original?.unit == rhs.original?.unit
    }
  }

  /// `value` in `unit` as a value in `marker.unit`; nil `unit` means the marker's own.
  /// A converted value is rounded to one decimal more than the marker's lab precision, so a
  /// conversion never moves a reading across a range boundary by rounding alone.
  public static func convert(_ value: Double, unit: String?, for marker: MarkerDefinition) throws(EntryError)
    -> Conversion
  {
    var conversion = try unrounded(value, unit: unit, for: marker)
    if conversion.original != nil { conversion.value = round(conversion.value, decimals: marker.decimals + 1) }
    return conversion
  }

  /// `convert` without its rounding: what a screen rounds once, as a lab prints it (clinician
  /// review: glucose 2.8 mmol/L, 50.45 mg/dL, was stored as 50.5 and printed from it as 51).
  static func unrounded(_ value: Double, unit: String?, for marker: MarkerDefinition) throws(EntryError)
    -> Conversion
  {
    guard var unit, !unit.isEmpty else { return Conversion(value: value, original: nil) }
    // A UCUM code glance knows is its unit (`mL/min/{1.73_m2}`, `m[IU]/L`), as a FHIR file's is
    // (attacker's second look this session: a sheet with them was refused).
    if let known = GlanceFHIR.ucumUnits.first(where: { $0.ucum == unit }) { unit = known.unit }
    var typed = normalize(unit)
    // UCUM annotations say nothing about the unit ("mg/g{creat}" is mg/g), and a ratio to
    // creatinine is often printed with the word ("mg/mmol Krea", "mg/g Cr"): clinician's third
    // look at stop 34, each refused a whole sheet.
    if typed.utf8.contains(UInt8(ascii: "{")) { typed = withoutAnnotations(typed) }
    if marker.key == "uacr", marker.isSystemDefined { typed = withoutCreatinineWord(typed) }
    if typed == normalize(marker.unit) || marker.unitSynonyms.contains(where: { normalize($0) == typed }) {
      return Conversion(value: value, original: nil)
    }
    if let siUnit = marker.siUnit, normalize(siUnit) == typed {
      guard let factor = marker.siFactor, factor > 0 else {
        throw .noConversion(unit: unit, marker: marker.shortName)
      }
      let converted = value / factor + (marker.siOffset ?? 0)
      // A value within the limit can leave it when converted (999999999 mmol/L of LDL).
      guard ValueParser.isStorable(converted) else { throw .valueOutOfRange }
      return Conversion(value: converted, original: (value, siUnit))
    }
    if marker.isSystemDefined,
      let other = otherUnits.first(where: { $0.key == marker.key && normalize($0.unit) == typed })
    {
      guard let factor = other.factor else { throw .noConversion(unit: unit, marker: marker.shortName) }
      let converted = value * factor
      guard ValueParser.isStorable(converted) else { throw .valueOutOfRange }
      return Conversion(value: converted, original: (value, other.unit))
    }
    var accepted = [marker.unit]
    if let siUnit = marker.siUnit, marker.siFactor != nil { accepted.append(siUnit) }
    accepted += otherUnits.filter { $0.key == marker.key && $0.factor != nil }.map(\.unit)
    throw .unknownUnit(unit: unit, marker: marker.shortName, accepted: accepted)
  }

  /// `unit` (normalised) without its UCUM annotation, one pair of braces at its end:
  /// "mg/g{creat}" → "mg/g". Anything else with a brace ("mg/mmol{", "mg/{creat}mmol",
  /// "mg/g{{creat}}") stays as it is, and is refused as an unknown unit (attacker's review this
  /// session: each was read).
  static func withoutAnnotations(_ unit: String) -> String {
    guard unit.hasSuffix("}"), let open = unit.firstIndex(of: "{"), open != unit.startIndex else { return unit }
    let inside = unit[unit.index(after: open)..<unit.index(before: unit.endIndex)]
    // Printable ASCII only, as UCUM writes an annotation: no brace, no control character.
    guard !inside.isEmpty, inside.utf8.allSatisfy({ (0x21...0x7E).contains($0) && $0 != 0x7B && $0 != 0x7D })
    else { return unit }
    return String(unit[..<open])
  }

  /// A ratio's unit (normalised) without the creatinine word a lab prints after it:
  /// "mg/mmolkrea" → "mg/mmol", "mg/gcr" → "mg/g".
  static func withoutCreatinineWord(_ unit: String) -> String {
    for word in ["creatinine", "kreatinin", "creat", "crea", "krea", "cr"] where unit.hasSuffix(word) {
      let rest = String(unit.dropLast(word.count))
      if rest.hasSuffix("/g") || rest.hasSuffix("/mg") || rest.hasSuffix("/mmol") { return rest }
    }
    return unit
  }

  /// Units labs also report a marker in, with the fixed factor to the marker's unit, or nil when
  /// there is none (so the unit is refused with that reason, never taken as the marker's own).
  /// Sources: hs-CRP mg/dL ×10 = mg/L (markers-reference.json, hs-CRP note); hemoglobin
  /// g/dL × 0.6206 = mmol/L (per globin chain; standard molar conversion, issue 11 research);
  /// Lp(a) nmol/L ↔ mg/dL depends on particle size (2018 ACC/AHA; markers-reference.json).
  /// Magnesium and calcium are divalent: 1 mEq/L is 0.5 mmol/L (Mg 0.5 / 0.4114 mg/dL, Ca 0.5 /
  /// 0.2495 mg/dL, from the library's molar factors).
  static let otherUnits: [(key: String, unit: String, factor: Double?)] = [
    ("hs-crp", "mg/dL", 10), ("hemoglobin", "mmol/L", 1 / 0.6206), ("lpa", "nmol/L", nil),
    ("magnesium", "mEq/L", 0.5 / 0.4114), ("calcium", "mEq/L", 0.5 / 0.2495),
    // Some UK and Australian labs print urate in mmol/L (docs/MarkerLibrary.md): 1 mmol/L is
    // 1,000 µmol/L, from the library's molar factor.
    ("uric-acid", "mmol/L", 1000 / 59.48),
    // Cell counts per microlitre (FHIR's UCUM "/uL", some US reports' "cells/mm3"): 1,000 of
    // them are one 10³/µL (clinician review at stop 33: WBC 1500 /uL was left out).
    ("wbc", "/µL", 0.001), ("wbc", "cells/µL", 0.001), ("wbc", "/mm³", 0.001), ("wbc", "cells/mm³", 0.001),
    ("platelets", "/µL", 0.001), ("platelets", "cells/µL", 0.001), ("platelets", "/mm³", 0.001),
    ("platelets", "cells/mm³", 0.001),
  ]

  /// Lowercase, no spaces, µ/μ as u, superscripts as digits, "x10^3" as "10 3": the differences
  /// between how labs print one unit.
  ///
  /// NB: called for every reading a screen judges or shows in another unit (9,000 weights typed
  /// in kg took 2 billion instructions as Characters): the usual spellings are read as bytes,
  /// anything else (another letter beyond ASCII, a combining mark) as Characters.
  public static func normalize(_ unit: String) -> String {
    var unit = unit
    return unit.withUTF8 { bytes in
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { out in
        var count = 0
        var index = 0
        func put(_ byte: UInt8) {
          out[count] = byte
          count += 1
        }
        while index < bytes.count {
          let byte = bytes[index]
          if byte < 0x80 {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "^"), UInt8(ascii: "*"): break
            default: put(byte.lowercasedASCII)
            }
            index += 1
            continue
          }
          let next = index + 1 < bytes.count ? bytes[index + 1] : 0
          switch (byte, next) {
          case (0xC2, 0xB5), (0xCE, 0xBC): put(UInt8(ascii: "u"))  // µ, μ
          case (0xC2, 0xB3): put(UInt8(ascii: "3"))  // ³
          case (0xC2, 0xB2): put(UInt8(ascii: "2"))  // ²
          case (0xC3, 0x97): break  // ×
          case (0xE2, 0x81) where index + 2 < bytes.count && bytes[index + 2] == 0xB9:  // ⁹
            put(UInt8(ascii: "9"))
            index += 1
          default: return normalizeCharacters(String(decoding: bytes, as: UTF8.self))
          }
          // NB: none of these joins the next Character; a mark that would join this one is
          // beyond ASCII and sends the whole unit to the Character reading.
          index += 2
        }
        var start = 0
        if count >= 3, out[0] == UInt8(ascii: "x"), out[1] == UInt8(ascii: "1"), out[2] == UInt8(ascii: "0") {
          start = 1
        }
        return String(decoding: UnsafeBufferPointer(rebasing: out[start..<count]), as: UTF8.self)
      }
    }
  }

  /// `normalize`, Character by Character: the rule as first written.
  static func normalizeCharacters(_ unit: String) -> String {
    var result = ""
    for character in unit.lowercased() {
      switch character {
      case " ", "^", "*", "×": continue
      case "µ", "μ": result.append("u")
      case "³": result.append("3")
      case "⁹": result.append("9")
      case "²": result.append("2")
      default: result.append(character)
      }
    }
    if result.hasPrefix("x10") { result.removeFirst() }
    return result
  }

  static func round(_ value: Double, decimals: Int) -> Double {
    let scale = pow(10, Double(decimals))
    return (value * scale).rounded() / scale
  }
}
