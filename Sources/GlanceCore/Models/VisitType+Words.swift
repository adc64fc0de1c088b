extension VisitType {
  /// The type a person's word names: `physical`, `annual`, `dentist`, `eye`, `lab`, `blood work`,
  /// `mri`, … (case and punctuation ignored), or nil.
  public init?(word: String) {
    let compact = SearchText(word).compact
    let table: [String: VisitType] = [
      "physical": .physical, "annual": .physical, "annualphysical": .physical, "checkup": .physical,
      "wellness": .physical, "primarycare": .physical, "pcp": .physical, "general": .physical,
      "dental": .dental, "dentist": .dental, "teeth": .dental, "cleaning": .dental, "dentalcleaning": .dental,
      "hygienist": .dental,
      "vision": .vision, "eye": .vision, "eyes": .vision, "eyeexam": .vision, "optometrist": .vision,
      "ophthalmologist": .vision, "optician": .vision,
      "specialist": .specialist, "cardiology": .specialist, "cardiologist": .specialist,
      "lab": .labWork, "labs": .labWork, "labwork": .labWork, "bloodwork": .labWork, "bloodtest": .labWork,
      "bloodtests": .labWork, "blooddraw": .labWork,
      "imaging": .imaging, "xray": .imaging, "mri": .imaging, "ct": .imaging, "ctscan": .imaging,
      "scan": .imaging, "ultrasound": .imaging, "mammogram": .imaging,
      "other": .other,
    ]
    guard let type = table[compact] else { return nil }
    self = type
  }

  /// The words `glance visit add --type` lists in help and errors.
  public static let typeWords = "physical, dental, vision, specialist, lab, imaging or other"

  /// "Last dental cleaning", "Last physical", "Last Dermatology" (with a label for other).
  public func lastLabel(label: String?) -> String {
    switch self {
    case .physical: "Last physical"
    case .dental: "Last dental cleaning"
    case .vision: "Last vision exam"
    case .specialist: label.map { "Last \($0) visit" } ?? "Last specialist visit"
    case .labWork: "Last lab work"
    case .imaging: label.map { "Last \($0)" } ?? "Last imaging"
    case .other: label.map { "Last \($0)" } ?? "Last other visit"
    }
  }
}
