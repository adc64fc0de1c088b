import Testing

@testable import GlanceCore

/// What people actually type when they look for a marker, and what they mean by it.
///
/// Every expectation was decided from what a patient means (and from the names and aliases in
/// Resources/MarkerData.json), never by copying what the search happens to return today.
/// - `.top(key)`: that marker is the first result, and `resolveMarker` finds exactly it.
/// - `.among(keys)`: the query could mean several markers; all of them are offered and
///   `resolveMarker` asks instead of picking one silently.
/// - `.nothing`: the query names no marker in the library; nothing is offered rather than the
///   nearest string (a false friend would put a reading under the wrong marker).
@Suite("Search query table: what patients type")
struct SearchQueryTableTests {
  enum Expected: Sendable, CustomStringConvertible {
    case top(String)
    case among([String])
    case nothing

    var description: String {
      switch self {
      case .top(let key): "top(\(key))"
      case .among(let keys): "among(\(keys.joined(separator: ", ")))"
      case .nothing: "nothing"
      }
    }
  }

  struct Row: Sendable, CustomTestStringConvertible {
    var query: String
    var expected: Expected
    var testDescription: String { "\"\(query)\" → \(expected)" }

    init(_ query: String, _ expected: Expected) {
      self.query = query
      self.expected = expected
    }
  }

  static let service = SearchService(markers: MarkerLibrary.builtIn.markers)

  // MARK: - The table

  static let rows: [Row] = [
    // Cholesterol: lay words, abbreviations, spellings.
    // "cholesterol" alone is what lab reports call total cholesterol (and it is its alias).
    Row("cholesterol", .top("total-cholesterol")),
    Row("Cholesterol", .top("total-cholesterol")),
    Row("CHOLESTEROL", .top("total-cholesterol")),
    Row("total cholesterol", .top("total-cholesterol")),
    Row("chol", .top("total-cholesterol")),
    Row("tc", .top("total-cholesterol")),
    Row("cholestrol", .top("total-cholesterol")),
    Row("cholesteral", .top("total-cholesterol")),
    Row("colesterol", .top("total-cholesterol")),
    Row("cholesterl", .top("total-cholesterol")),
    Row("total cholestrol", .top("total-cholesterol")),
    Row("good cholesterol", .top("hdl")),
    Row("good chol", .top("hdl")),
    Row("hdl", .top("hdl")),
    Row("HDL", .top("hdl")),
    Row("HDL C", .top("hdl")),
    Row("hdl-c", .top("hdl")),
    Row("h.d.l.", .top("hdl")),
    Row("hdl cholesterol", .top("hdl")),
    Row("cholesterol hdl", .top("hdl")),
    Row("hdl cholestrol", .top("hdl")),
    Row("good cholestrol", .top("hdl")),
    Row("bad cholesterol", .top("ldl")),
    Row("bad chol", .top("ldl")),
    Row("bad cholestrol", .top("ldl")),
    Row("ldl", .top("ldl")),
    Row("LDL-C", .top("ldl")),
    Row("ldl c", .top("ldl")),
    Row("l.d.l.", .top("ldl")),
    Row("ldl cholesterol", .top("ldl")),
    Row("cholesterol ldl", .top("ldl")),
    Row("non hdl", .top("non-hdl")),
    Row("non-hdl", .top("non-hdl")),
    Row("nonhdl", .top("non-hdl")),
    Row("non hdl cholesterol", .top("non-hdl")),
    Row("triglycerides", .top("triglycerides")),
    Row("Triglycerides", .top("triglycerides")),
    Row("triglyceride", .top("triglycerides")),
    Row("tg", .top("triglycerides")),
    Row("trigs", .top("triglycerides")),
    Row("trig", .top("triglycerides")),
    Row("triglicerides", .top("triglycerides")),
    Row("trigliserides", .top("triglycerides")),
    Row("tryglicerides", .top("triglycerides")),
    Row("tryglycerides", .top("triglycerides")),
    Row("triglycerids", .top("triglycerides")),
    Row("lp(a)", .top("lpa")),
    Row("lpa", .top("lpa")),
    Row("lp a", .top("lpa")),
    Row("lipoprotein a", .top("lpa")),
    Row("lipoprotein little a", .top("lpa")),
    Row("apob", .top("apob")),
    Row("apo b", .top("apob")),
    Row("ApoB", .top("apob")),
    Row("apolipoprotein b", .top("apob")),

    // Sugar and diabetes.
    // "sugar" / "blood sugar": the everyday fasting glucose (its aliases), not the 3-month A1c.
    Row("blood sugar", .top("fasting-glucose")),
    Row("sugar", .top("fasting-glucose")),
    Row("glucose", .top("fasting-glucose")),
    Row("Glucose", .top("fasting-glucose")),
    Row("fasting glucose", .top("fasting-glucose")),
    Row("fasting blood sugar", .top("fasting-glucose")),
    Row("fasting sugar", .top("fasting-glucose")),
    Row("blood glucose", .top("fasting-glucose")),
    Row("fbs", .top("fasting-glucose")),
    Row("fbg", .top("fasting-glucose")),
    Row("FBS", .top("fasting-glucose")),
    Row("glucoce", .top("fasting-glucose")),
    Row("gluckose", .top("fasting-glucose")),
    Row("glocose", .top("fasting-glucose")),
    Row("a1c", .top("a1c")),
    Row("A1C", .top("a1c")),
    Row("a1 c", .top("a1c")),
    Row("a1-c", .top("a1c")),
    Row("hba1c", .top("a1c")),
    Row("HbA1c", .top("a1c")),
    Row("hb a1c", .top("a1c")),
    Row("hemoglobin a1c", .top("a1c")),
    Row("haemoglobin a1c", .top("a1c")),
    Row("hemaglobin a1c", .top("a1c")),
    Row("aic", .top("a1c")),
    Row("glycated hemoglobin", .top("a1c")),
    Row("average blood sugar", .top("a1c")),
    Row("insulin", .top("fasting-insulin")),
    Row("fasting insulin", .top("fasting-insulin")),
    Row("insuline", .top("fasting-insulin")),
    // "fasting" alone could be fasting glucose or fasting insulin: ask.
    Row("fasting", .among(["fasting-glucose", "fasting-insulin"])),

    // Kidney.
    Row("kidney function", .top("egfr")),
    Row("egfr", .top("egfr")),
    Row("eGFR", .top("egfr")),
    Row("e gfr", .top("egfr")),
    Row("e-gfr", .top("egfr")),
    Row("gfr", .top("egfr")),
    Row("glomerular filtration rate", .top("egfr")),
    Row("renal function", .top("egfr")),
    // "kidney" alone: eGFR and creatinine are both "my kidney number" to patients (creatinine is
    // what is printed in the chemistry panel, eGFR is computed from it). A value of 1.1 put under
    // eGFR would be absurd, so ask rather than pick eGFR silently.
    Row("kidney", .among(["egfr", "creatinine"])),
    Row("creatinine", .top("creatinine")),
    Row("creatinin", .top("creatinine")),
    Row("creatnine", .top("creatinine")),
    Row("creatinene", .top("creatinine")),
    Row("creat", .top("creatinine")),
    // Patients type "creatine" for creatinine: search lists it with why they differ; add refuses
    // the word (creatine is another substance; FalseFriends).
    Row("creatine", .top("creatinine")),
    Row("bun", .top("bun")),
    Row("BUN", .top("bun")),
    Row("b.u.n.", .top("bun")),
    Row("urea", .top("bun")),  // listed with how to enter it; add refuses the word (FalseFriends)
    Row("blood urea nitrogen", .top("bun")),
    Row("uric acid", .top("uric-acid")),
    Row("urate", .top("uric-acid")),
    Row("uacr", .top("uacr")),
    Row("microalbumin", .nothing),  // a different test (FalseFriends, issue 11)
    Row("urine albumin", .nothing),  // a different test (FalseFriends, issue 11)
    Row("albumin creatinine ratio", .top("uacr")),
    Row("acr", .top("uacr")),

    // Liver.
    Row("alt", .top("alt")),
    Row("ALT", .top("alt")),
    Row("sgpt", .top("alt")),
    Row("alanine aminotransferase", .top("alt")),
    Row("ast", .top("ast")),
    Row("sgot", .top("ast")),
    Row("aspartate aminotransferase", .top("ast")),
    Row("alp", .top("alp")),
    Row("alk phos", .top("alp")),
    Row("alkaline phosphatase", .top("alp")),
    Row("alkaline phosphotase", .top("alp")),
    Row("ggt", .top("ggt")),
    Row("gamma gt", .top("ggt")),
    Row("bilirubin", .top("bilirubin-total")),
    Row("bilirubine", .top("bilirubin-total")),
    Row("billirubin", .top("bilirubin-total")),
    Row("bili", .top("bilirubin-total")),
    Row("total bilirubin", .top("bilirubin-total")),
    Row("albumin", .top("albumin")),
    Row("albumine", .top("albumin")),
    Row("alb", .top("albumin")),
    // "liver enzymes" / "liver tests": ALT, AST, ALP and GGT are all liver enzymes.
    Row("liver enzymes", .among(["alt", "ast", "alp", "ggt"])),
    Row("liver", .among(["alt", "ast"])),

    // Blood count.
    Row("hemoglobin", .top("hemoglobin")),
    Row("Hemoglobin", .top("hemoglobin")),
    Row("haemoglobin", .top("hemoglobin")),
    Row("hemaglobin", .top("hemoglobin")),
    Row("heamoglobin", .top("hemoglobin")),
    Row("hemoglobine", .top("hemoglobin")),
    Row("hgb", .top("hemoglobin")),
    Row("hb", .top("hemoglobin")),
    Row("Hb", .top("hemoglobin")),
    Row("hematocrit", .top("hematocrit")),
    Row("haematocrit", .top("hematocrit")),
    Row("hematocrite", .top("hematocrit")),
    Row("hct", .top("hematocrit")),
    Row("wbc", .top("wbc")),
    Row("WBC", .top("wbc")),
    Row("white blood cells", .top("wbc")),
    Row("white blood cell count", .top("wbc")),
    Row("white count", .top("wbc")),
    Row("leukocytes", .top("wbc")),
    Row("leucocytes", .top("wbc")),
    Row("platelets", .top("platelets")),
    Row("platelet", .top("platelets")),
    Row("platlets", .top("platelets")),
    Row("platelet count", .top("platelets")),
    Row("plt", .top("platelets")),
    // "cbc" names the whole blood-count panel, not one marker: offer its markers and ask.
    Row("cbc", .among(["hemoglobin", "hematocrit", "wbc", "platelets"])),

    // Thyroid.
    // "thyroid" alone means the TSH screen (its alias); "thyroid hormone" could be TSH (thyroid-
    // stimulating hormone) or free T4 (the thyroid hormone itself), so ask.
    Row("thyroid", .top("tsh")),
    Row("thyriod", .top("tsh")),
    Row("tsh", .top("tsh")),
    Row("TSH", .top("tsh")),
    Row("thyroid stimulating hormone", .top("tsh")),
    Row("thyroid hormone", .among(["tsh", "free-t4"])),
    Row("ft4", .top("free-t4")),
    Row("free t4", .top("free-t4")),
    Row("t4", .nothing),  // a different test (FalseFriends, issue 11)
    Row("free thyroxine", .top("free-t4")),

    // Vitamins and minerals.
    Row("vitamin d", .top("vitamin-d")),
    Row("Vitamin D", .top("vitamin-d")),
    Row("vit d", .top("vitamin-d")),
    Row("vitd", .top("vitamin-d")),
    Row("vitamen d", .top("vitamin-d")),
    Row("vitimin d", .top("vitamin-d")),
    Row("vitamin d3", .top("vitamin-d")),
    Row("25-oh d", .top("vitamin-d")),
    Row("25 hydroxy vitamin d", .top("vitamin-d")),
    Row("b12", .top("b12")),
    Row("b-12", .top("b12")),
    Row("vitamin b12", .top("b12")),
    Row("vit b12", .top("b12")),
    Row("folate", .top("folate")),
    Row("folic acid", .top("folate")),
    // "vitamin b" could be B12 or folate (B9): ask.
    Row("vitamin b", .among(["b12", "folate"])),
    Row("ferritin", .top("ferritin")),
    Row("ferritn", .top("ferritin")),
    Row("feritin", .top("ferritin")),
    Row("iron stores", .top("ferritin")),
    Row("iron", .top("iron")),
    Row("serum iron", .top("iron")),
    Row("sodium", .top("sodium")),
    Row("na", .top("sodium")),
    Row("potassium", .top("potassium")),
    Row("potasium", .top("potassium")),
    Row("potassuim", .top("potassium")),
    Row("k", .top("potassium")),
    Row("calcium", .top("calcium")),
    Row("calcuim", .top("calcium")),
    Row("magnesium", .top("magnesium")),
    Row("magnesuim", .top("magnesium")),
    Row("magnisium", .top("magnesium")),

    // Inflammation.
    Row("crp", .nothing),  // a different test (FalseFriends, issue 11)
    // Only a number is left once "test", "number", "level" go: it names no test, though an
    // alias holds it ("3 month sugar", "25-hydroxy"). A FHIR file's unnamed tests were filed so.
    Row("test number 3", .nothing),
    Row("Test number 25", .nothing),
    Row("level 2", .nothing),
    Row("vitamin d 25", .top("vitamin-d")),
    Row("CRP", .nothing),  // a different test (FalseFriends, issue 11)
    Row("hs crp", .top("hs-crp")),
    Row("hs-crp", .top("hs-crp")),
    Row("hscrp", .top("hs-crp")),
    Row("c reactive protein", .nothing),  // a different test (FalseFriends, issue 11)
    Row("c-reactive protein", .nothing),  // a different test (FalseFriends, issue 11)
    Row("inflammation", .nothing),  // standard CRP or hs-CRP? (clinician review at stop 33)

    // Vitals and body.
    // "bp", "blood pressure" and "pressure" mean both numbers; the spec has `bp` track both, and
    // a single value must never be put under one of them silently.
    Row("bp", .among(["bp-systolic", "bp-diastolic"])),
    Row("BP", .among(["bp-systolic", "bp-diastolic"])),
    Row("blood pressure", .among(["bp-systolic", "bp-diastolic"])),
    Row("pressure", .among(["bp-systolic", "bp-diastolic"])),
    Row("systolic", .top("bp-systolic")),
    Row("systolic pressure", .top("bp-systolic")),
    Row("top number", .top("bp-systolic")),
    Row("sistolic", .top("bp-systolic")),
    Row("diastolic", .top("bp-diastolic")),
    Row("diastolic pressure", .top("bp-diastolic")),
    Row("bottom number", .top("bp-diastolic")),
    Row("diastolik", .top("bp-diastolic")),
    Row("heart rate", .top("resting-hr")),
    Row("resting heart rate", .top("resting-hr")),
    Row("hr", .top("resting-hr")),
    Row("pulse", .top("resting-hr")),
    Row("Pulse", .top("resting-hr")),
    Row("heartrate", .top("resting-hr")),
    Row("weight", .top("weight")),
    Row("Weight", .top("weight")),
    Row("wieght", .top("weight")),
    Row("weigth", .top("weight")),
    Row("body weight", .top("weight")),
    Row("wt", .top("weight")),
    Row("bmi", .top("bmi")),
    Row("BMI", .top("bmi")),
    Row("b.m.i.", .top("bmi")),
    Row("body mass index", .top("bmi")),
    Row("waist", .top("waist")),
    Row("waistline", .top("waist")),
    Row("waist line", .top("waist")),
    Row("waist circumference", .top("waist")),

    // Prostate.
    Row("psa", .top("psa")),
    Row("PSA", .top("psa")),
    Row("prostate", .top("psa")),
    // "prostrate" is the commonest misspelling of prostate.
    Row("prostrate", .top("psa")),
    Row("prostate specific antigen", .top("psa")),

    // False friends: tests, vitals and words that name no marker in the library.
    Row("vitamin k", .nothing),
    Row("vitamin c", .nothing),
    Row("vitamin a", .nothing),
    Row("vitamin e", .nothing),
    Row("vitamin b6", .nothing),
    Row("cortisol", .nothing),
    Row("testosterone", .nothing),
    Row("estrogen", .nothing),
    Row("oestrogen", .nothing),
    Row("inr", .nothing),
    Row("pt", .nothing),
    Row("covid", .nothing),
    // A condition (usually judged by HOMA-IR), not a test; fasting insulin is found by "insulin".
    Row("insulin resistance", .nothing),
    Row("calories", .nothing),
    Row("steps", .nothing),
    Row("sleep", .nothing),
    Row("oxygen", .nothing),
    Row("spo2", .nothing),
    // Bicarbonate (CO2) is not in the library; it must not fall back to sodium.
    Row("sodium bicarbonate", .nothing),
    Row("bicarbonate", .nothing),
    Row("chloride", .nothing),
    // Serum phosphate is its own test, not alkaline phosphatase.
    Row("phosphate", .nothing),
    Row("ldh", .nothing),
    // Creatine kinase (CK/CPK) is a muscle enzyme, not creatinine or eGFR (CKD-EPI).
    Row("ck", .nothing),
    Row("cpk", .nothing),
    Row("creatine kinase", .nothing),
    Row("hiv", .nothing),
    Row("hepatitis c", .nothing),
    Row("zinc", .nothing),
    Row("copper", .nothing),
    Row("omega 3", .nothing),
    Row("ana", .nothing),
    // The sed rate is a different inflammation test from hs-CRP.
    Row("esr", .nothing),
    Row("sed rate", .nothing),
    Row("lipase", .nothing),
    Row("amylase", .nothing),
    Row("cea", .nothing),
    // A tumour marker, not calcium ("ca").
    Row("ca 125", .nothing),
    Row("t3", .nothing),
    Row("free t3", .nothing),
    // Free PSA is its own test (a percentage), not total PSA.
    Row("free psa", .nothing),
    Row("rbc", .nothing),
    Row("red blood cells", .nothing),
    Row("mcv", .nothing),
    Row("homocysteine", .nothing),
    // A ratio (total/HDL) is a different number from either; nothing in the library holds it.
    Row("cholesterol ratio", .nothing),
    Row("bone density", .nothing),
    Row("eye pressure", .nothing),
    Row("blood type", .nothing),
    Row("banana", .nothing),
    Row("password", .nothing),
    Row("xyz", .nothing),
    Row("qwerty", .nothing),
    Row("hello", .nothing),
  ]

  // MARK: - Tests

  @Test("the table is big, has no duplicates, and names only real markers")
  func tableShape() {
    #expect(Self.rows.count >= 170)
    let queries = Self.rows.map(\.query)
    #expect(Set(queries).count == queries.count, "duplicate queries")
    let keys = Set(MarkerLibrary.builtIn.markers.map(\.key))
    for row in Self.rows {
      switch row.expected {
      case .top(let key): #expect(keys.contains(key), "\(row.query): unknown key \(key)")
      case .among(let list):
        #expect(list.count >= 2, "\(row.query): among needs at least two markers")
        for key in list { #expect(keys.contains(key), "\(row.query): unknown key \(key)") }
      case .nothing: break
      }
    }
    // Every library marker is reached by at least one row as the top result.
    let topped = Set(
      Self.rows.compactMap { row -> String? in
        if case .top(let key) = row.expected { return key }
        return nil
      })
    for key in keys.sorted() { #expect(topped.contains(key), "no row finds \(key) first") }
  }

  @Test("each query finds what the patient means", arguments: rows)
  func query(_ row: Row) {
    let matches = Self.service.searchMarkers(row.query)
    let resolution = Self.service.resolveMarker(row.query)
    let actual = Self.describe(matches, resolution)
    // Each check is computed first so a failure prints one readable line: query → expected / actual.
    switch row.expected {
    case .top(let key):
      let first = matches.first?.marker.key == key
      #expect(first, "\(row.query) → top(\(key)) / actual \(actual)")
      var resolved = false
      if case .found(let marker) = resolution { resolved = marker.key == key }
      #expect(resolved, "\(row.query) → resolves to \(key) / actual \(actual)")
    case .among(let keys):
      let found = Set(matches.map(\.marker.key))
      let missing = keys.filter { !found.contains($0) }
      let allFound = missing.isEmpty
      #expect(allFound, "\(row.query) → among \(keys), missing \(missing) / actual \(actual)")
      var asks = false
      if case .ambiguous(let candidates) = resolution {
        let offered = Set(candidates.map(\.key))
        asks = keys.allSatisfy { offered.contains($0) }
      }
      #expect(asks, "\(row.query) → ambiguous offering \(keys) / actual \(actual)")
    case .nothing:
      let none = matches.isEmpty && resolution == .notFound
      #expect(none, "\(row.query) → nothing / actual \(actual)")
    }
  }

  /// "[hdl (exact, good cholesterol), …] resolve=found(hdl)": the top three and the resolution.
  static func describe(_ matches: [SearchService.MarkerMatch], _ resolution: SearchService.Resolution) -> String {
    let top = matches.prefix(3).map { "\($0.marker.key) (\($0.confidence), \($0.matchedTerm))" }
    let resolved: String
    switch resolution {
    case .found(let marker): resolved = "found(\(marker.key))"
    case .ambiguous(let list): resolved = "ambiguous(\(list.map(\.key).joined(separator: ",")))"
    case .notFound: resolved = "notFound"
    }
    return "[\(top.joined(separator: "; "))] (\(matches.count) results) resolve=\(resolved)"
  }
}
