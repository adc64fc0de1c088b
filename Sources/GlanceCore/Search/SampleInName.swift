/// The sample a test's name says it was measured in, when that is not blood: lab reports prefix or
/// tag a test with its sample ("U-Natrium", "Kalium i.U.", "K (U)" for urine; "Leukozyten i.L.",
/// "CSF-Protein" for spinal fluid; the IFCC-IUPAC NPU terminology writes the sample first as
/// `U—` and `Csf—`, and German reports abbreviate "im Urin" and "im Liquor" as "i.U." and "i.L.").
/// glance's markers are blood tests (UACR is measured in urine): a urine sodium filed as blood
/// sodium was judged "far below" (clinician review).
enum SampleInName: Equatable {
  case urine, spinalFluid

  /// Markers measured in urine: named with a urine tag, they are still themselves.
  static let urineMarkers: Set<String> = ["uacr"]

  private static let urinePrefixes = ["u-", "u ", "urin-", "urine-", "harn-"]
  private static let urineTags = ["i.u.", "i. u.", "(u)", "(urin)", "(urine)", "(harn)", "im urin", "im harn"]
  private static let spinalFluidPrefixes = ["csf-", "csf ", "liquor-", "liquor "]
  private static let spinalFluidTags = ["i.l.", "i. l.", "(csf)", "(liquor)", "im liquor"]

  /// The sample `name` names, if it names one other than blood.
  static func of(_ name: String) -> SampleInName? {
    let text = name.trimmingWhitespace().lowercased()
    // "U Natrium": a lone U before a word; "UACR", "Urea", "Uric acid" start a word with it.
    if urinePrefixes.contains(where: { text.hasPrefix($0) && text.count > $0.count })
      || urineTags.contains(where: text.contains)
    {
      return .urine
    }
    if spinalFluidPrefixes.contains(where: { text.hasPrefix($0) && text.count > $0.count })
      || spinalFluidTags.contains(where: text.contains)
    {
      return .spinalFluid
    }
    return nil
  }

  /// Why `name` is not `markers` (what it resembles, when anything), in the words of a refusal.
  func explanation(_ name: String, resembling markers: [MarkerDefinition]) -> String {
    let sample = self == .urine ? "a urine test" : "a spinal-fluid test"
    let tags = self == .urine ? "U-, i.U. and (U) name the sample" : "i.L., Liquor and CSF name the sample"
    let blood =
      markers.isEmpty
      ? "glance's markers are blood tests"
      : "glance's \(markers.map(\.displayName).joinedText(" and ")) is the blood test"
    let unit = markers.first?.unit ?? "mg/dL"
    return
      "\(quoted(name)) is \(sample) (\(tags)): \(blood). For the \(self == .urine ? "urine" : "spinal-fluid") test, add your own marker with the report's unit, e.g. glance custom \(ShellQuote.quote(name)) --unit \(ShellQuote.quote(unit))"
  }
}
