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

  /// True when `name`, tagged urine, names the urine marker it resolved to: the albumin/creatinine
  /// ratio says creatinine or ratio ("U-Albumin/Kreatinin"); "Albumin (U)" alone is urine
  /// albumin, a concentration, not the ratio.
  static func namesUrineMarker(_ name: String, _ found: [MarkerDefinition]) -> Bool {
    // NB: bytes, not `String.contains(String)`, which links the regex engine (.ci/run checks).
    let compact = Array(SearchText(name).compact.utf8)
    return found.allSatisfy { urineMarkers.contains($0.key) }
      && ["creat", "krea", "ratio", "quotient", "acr"].contains { compact.containsBytes(Array($0.utf8)) }
  }

  /// Words that name urine or spinal fluid; a lone "U" names urine too ("Natrium, U", "K (U)",
  /// "U-Natrium", "Kalium i.U"), unless it starts a unit ("U/l").
  private static let urineWords: Set<String> = ["urin", "urine", "harn", "urinary", "ur", "urn"]
  private static let spinalFluidWords: Set<String> = ["csf", "liquor"]

  /// The sample `name` names, if it names one other than blood.
  static func of(_ name: String) -> SampleInName? {
    // The name's words (letters and digits) with the character after each.
    var words: [(word: String, next: Character?)] = []
    var word = ""
    for character in name.lowercased() {
      if character.isLetter || character.isNumber {
        word.append(character)
      } else {
        if !word.isEmpty { words.append((word, character)) }
        word = ""
      }
    }
    if !word.isEmpty { words.append((word, nil)) }
    // "iU" run together: "im Urin" as some sheets write it.
    if Array(name.utf8).containsBytes(Array("iU".utf8)) { return .urine }
    for (index, entry) in words.enumerated() {
      if urineWords.contains(entry.word) || (entry.word == "u" && entry.next != "/") { return .urine }
      if spinalFluidWords.contains(entry.word) { return .spinalFluid }
      // "i.L.", "i. L.": im Liquor.
      if entry.word == "l", index > 0, words[index - 1].word == "i" { return .spinalFluid }
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
      : markers.allSatisfy({ Self.urineMarkers.contains($0.key) })
        ? "glance's \(markers.map(\.displayName).joinedText(" and ")) is another urine test"
        : "glance's \(markers.map(\.displayName).joinedText(" and ")) is the blood test"
    let unit = markers.first?.unit ?? "mg/dL"
    return
      "\(quoted(name)) is \(sample) (\(tags)): \(blood). For the \(self == .urine ? "urine" : "spinal-fluid") test, add your own marker with the report's unit, e.g. glance custom \(ShellQuote.quote(name)) --unit \(ShellQuote.quote(unit))"
  }
}
