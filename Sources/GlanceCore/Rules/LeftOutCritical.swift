/// A result glance leaves out (a test it does not track) that it can still judge against a
/// critical limit: a critical one is named, never valued, while it stays left out (clinician's
/// third look at stop 34: a random glucose of 35 mg/dL and an ionized calcium of 0.6 mmol/L were
/// routine "no marker" lines).
public enum LeftOutCritical: Sendable, Equatable {
  /// A glucose not said to be fasting: glance's glucose critical limits (≤ 50, ≥ 400 mg/dL)
  /// are laboratory limits, fasting or not.
  case glucose
  /// Ionized calcium: below 0.82 or above 1.55 mmol/L (3.29 and 6.21 mg/dL), the mean critical
  /// limits of 100 US medical centers (Kost, Arch Pathol Lab Med 1993;117:890–896).
  case ionizedCalcium

  /// Ionized calcium's critical limits in mmol/L, and its mg/dL per mmol/L (40.08 g/mol).
  static let ionizedCalciumLimits = (low: 0.82, high: 1.55)
  static let calciumMgPerDLPerMmol = 4.008

  /// Why it was left out, as the summary names it.
  public var why: String {
    switch self {
    case .glucose: "not said to be fasting"
    case .ionizedCalcium: "ionized calcium, not glance's total calcium"
    }
  }

  /// True when `value` (as the lab printed it, `unit` nil when it gave none) is past a critical
  /// limit. A unit glance does not convert is not judged. `markers`: the library, for glucose's.
  public func isCritical(_ value: Double, unit: String?, markers: [MarkerDefinition]) -> Bool {
    guard value.isFinite, value > 0 else { return false }
    switch self {
    case .glucose:
      guard let glucose = markers.first(where: { $0.key == "fasting-glucose" && $0.isSystemDefined }),
        let mgdl = try? UnitConverter.convert(value, unit: unit ?? glucose.unit, for: glucose).value
      else { return false }
      return ClinicalRules.rule(for: glucose.key)?.isCritical(mgdl) == true
    case .ionizedCalcium:
      let (low, high) = Self.ionizedCalciumLimits
      let perMmol = Self.calciumMgPerDLPerMmol
      switch unit.map(UnitConverter.normalize) {
      case UnitConverter.normalize("mmol/L"): return value < low || value > high
      case UnitConverter.normalize("mg/dL"): return value < low * perMmol || value > high * perMmol
      case nil:
        // Without a unit, a value normal in neither unit is critical in both (2.4: above the
        // limit in mmol/L, below it in mg/dL): only values normal in one of them pass.
        return !((low...high).contains(value) || (low * perMmol...high * perMmol).contains(value))
      default: return false
      }
    }
  }
}
