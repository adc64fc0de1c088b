import Testing

@testable import GlanceCore

/// Issue 11, point 8: a word for a different test is never filed under the library marker it
/// sounds like, by exact match, alias or fuzzy search.
@Suite("False friends")
struct FalseFriendsTests {
  static let markers = Fixture.library.markers

  /// Clinician's third look at stop 34: urine albumin written "Albumin, Ur" was filed as UACR.
  @Test("a test named with its urine sample as 'Ur' is a urine test, refused")
  func urineAbbreviated() {
    for word in ["Albumin, Ur", "Sodium, Ur", "Creatinine, Ur"] {
      #expect(throws: EntryError.self, "\(word)") { try MarkerResolver.markers(word, among: Self.markers) }
    }
  }

  /// Newcomer review at stop 35: a European sheet's "Glucose random" row, 6.1 mmol/L, was told
  /// to `glance custom "Random glucose" --unit mg/dL`. The custom marker a refusal suggests is in
  /// the unit the result was given in, when that is a unit of the test it is mistaken for
  /// (glance's spelling); any other unit, or none, leaves the advice as it is.
  @Test(
    "a refusal's custom marker is suggested in the unit the result came in",
    arguments: [
      ("random glucose", "mmol/L", "--unit mmol/L"), ("random glucose", "MMOL/L", "--unit mmol/L"),
      ("random glucose", "mg/dL", "--unit mg/dL"), ("random glucose", nil, "--unit mg/dL"),
      ("random glucose", "kg", "--unit mg/dL"), ("ionized calcium", "mg/dL", "--unit mg/dL"),
      ("ionized calcium", "mmol/L", "--unit mmol/L"), ("ionized calcium", nil, "--unit mmol/L"),
      ("total t4", "nmol/L", "--unit µg/dL"),
    ] as [(String, String?, String)])
  func adviceInUnit(word: String, unit: String?, ends: String) throws {
    let error = try #require(throws: EntryError.self) { try MarkerResolver.markers(word, among: Self.markers) }
    let said = FalseFriends.inUnit(error, unit, markers: Self.markers)
    guard case .falseFriend(_, let explanation) = said else {
      Issue.record("\(said)")
      return
    }
    #expect(explanation.hasSuffix(ends), "\(explanation)")
    // Still the same test's refusal: its critical judgement is found by it.
    #expect(FalseFriends.leftOutCritical(of: said) == FalseFriends.leftOutCritical(of: error))
  }

  /// Attacker review at stop 36: a lab report's test "LD<ESC>L" was filed as LDL without a word,
  /// the control byte read around. A name with a control character names no marker.
  @Test(
    "a test name with a control character is refused, never read around",
    arguments: [
      "LD\u{1B}L", "HDL\u{7}", "\u{85}LDL", "L\u{7F}DL", "L\u{200F}DL", "LD\u{AD}L", "\u{200B}LDL", "Pota\u{200D}ssium",
      "LD\u{FE0F}L",
    ])
  func controlCharacterName(name: String) throws {
    #expect(throws: EntryError.self) { try MarkerResolver.markers(name, among: Self.markers) }
    let plan = try Importer.plan(
      Importer.read(Array("Date,Test,Result,Units\n2024-01-15,\(name),50,mg/dL\n2024-01-15,HDL,55,mg/dL\n".utf8)),
      replace: false, into: .empty(createdAt: Timestamp(Fixture.now)), library: Fixture.library,
      today: Fixture.date("2025-06-01"), now: Timestamp(Fixture.now))
    #expect(plan.entries.count == 1 && plan.unknownTests.count == 1, "\(plan.unknownTests)")
    // Left out, a result past a critical limit of the test its letters name is still named.
    let critical = try Importer.plan(
      Importer.read(
        Array("Date,Test,Result,Units\n2024-01-15,Potassium\u{7},7.5,mmol/L\n2024-01-15,HDL,55,mg/dL\n".utf8)),
      replace: false, into: .empty(createdAt: Timestamp(Fixture.now)), library: Fixture.library,
      today: Fixture.date("2025-06-01"), now: Timestamp(Fixture.now))
    #expect(critical.criticalLeftOut.count == 1, "\(critical.criticalLeftOut)")
    // A test glance leaves out, spelled so, too (third look at stop 36: "Random<ZWSP>glucose").
    let leftOut = try Importer.plan(
      Importer.read(
        Array("Date,Test,Result,Units\n2024-01-15,Random\u{200B}glucose,30,mg/dL\n2024-01-15,HDL,55,mg/dL\n".utf8)),
      replace: false, into: .empty(createdAt: Timestamp(Fixture.now)), library: Fixture.library,
      today: Fixture.date("2025-06-01"), now: Timestamp(Fixture.now))
    #expect(leftOut.criticalLeftOut.count == 1, "\(leftOut.criticalLeftOut)")
  }

  /// Attacker review at stop 37: a wide sheet's "Pota<ZWJ>ssium (mmol/L)" 7.5 column, and FHIR
  /// observations named only "Random<ZWSP>glucose" 30 or "Ionized<SHY>calcium" 0.5, were left
  /// out without a word; only a lab report's rows were named.
  @Test(
    "a garbled name's critical result is named in every layout and in FHIR",
    arguments: [
      ("Pota\u{200D}ssium", "7.5", "4.1", "mmol/L"), ("Random\u{200B}glucose", "30", "95", "mg/dL"),
      ("Ionized\u{AD}calcium", "0.5", "1.2", "mmol/L"), ("Sod\u{2060}ium", "118", "140", "mmol/L"),
    ])
  func garbledCriticalEverywhere(name: String, value: String, calm: String, unit: String) throws {
    let files = [
      "Date,Test,Result,Units\n2024-01-15,\(name),\(value),\(unit)\n2024-01-15,HDL,55,mg/dL\n",
      "Date,\(name) (\(unit)),HDL\n2024-01-15,\(value),55\n",
      FHIRImportTests.bundle([
        #"{"resourceType": "Observation", "status": "final", "code": {"text": "\#(name)"}, "effectiveDateTime": "2024-01-15", "valueQuantity": {"value": \#(value), "unit": "\#(unit)"}}"#,
        #"{"resourceType": "Observation", "status": "final", "code": {"text": "HDL"}, "effectiveDateTime": "2024-01-15", "valueQuantity": {"value": 55, "unit": "mg/dL"}}"#,
      ]),
    ]
    for file in files {
      let plan = try Importer.plan(
        Importer.read(Array(file.utf8)), replace: false, into: .empty(createdAt: Timestamp(Fixture.now)),
        library: Fixture.library, today: Fixture.date("2025-06-01"), now: Timestamp(Fixture.now))
      #expect(plan.entries.count == 1, "\(file)")
      #expect(plan.criticalLeftOut.count == 1, "\(file): \(plan.criticalLeftOut)")
      // Not critical: not named.
      let calm = try Importer.plan(
        Importer.read(
          Array(
            file.replacingOccurrences(of: ",\(value)", with: ",\(calm)").replacingOccurrences(
              of: ": \(value),", with: ": \(calm),"
            ).utf8)), replace: false,
        into: .empty(createdAt: Timestamp(Fixture.now)), library: Fixture.library, today: Fixture.date("2025-06-01"),
        now: Timestamp(Fixture.now))
      #expect(calm.criticalLeftOut.isEmpty, "\(file): \(calm.criticalLeftOut)")
    }
  }

  /// Attacker review at stop 37: a German lab's "BZ" 35 mg/dL and "Kalium Vollblut" 6.9 were
  /// left out as tests of no marker, with no word of their critical values.
  @Test("a German lab's BZ is judged as a glucose, and its whole-blood potassium is potassium")
  func germanWholeBlood() throws {
    let file = "Datum;Test;Ergebnis;Einheit\n15.01.2024;BZ;35;mg/dL\n15.01.2024;Kalium Vollblut;6,9;mmol/L\n"
    let plan = try Importer.plan(
      Importer.read(Array(file.utf8)), replace: false, into: .empty(createdAt: Timestamp(Fixture.now)),
      library: Fixture.library, today: Fixture.date("2025-06-01"), now: Timestamp(Fixture.now))
    #expect(plan.entries.map(\.value) == [6.9])
    #expect(plan.criticalLeftOut.count == 1 && plan.criticalLeftOut[0].hasPrefix("“BZ”"), "\(plan.criticalLeftOut)")
  }

  /// Clinician's third look at stop 34: the reason given must be the test's own.
  @Test(
    "a refused name gets its own test's reason",
    arguments: [
      ("1,25-Dihydroxyvitamin D3", "calcitriol"), ("Protein/Creatinine Ratio, Urine", "protein"),
      ("CREATININE, RANDOM URINE", "Urine creatinine"), ("VITAMIN D3,25-OH", "one part"),
    ])
  func ownReason(word: String, says: String) throws {
    let friend = try #require(FalseFriends.named(word), "\(word)")
    #expect(friend.explanation.lowercased().contains(says.lowercased()), "\(word): \(friend.explanation)")
  }

  @Test(
    "each word for a different test is refused with its reason, never resolved",
    arguments: [
      ("crp", "hs-crp"), ("CRP", "hs-crp"), ("c-reactive protein", "hs-crp"), ("t4", "free-t4"),
      ("total t4", "free-t4"), ("thyroxine", "free-t4"), ("microalbumin", "uacr"), ("urine albumin", "uacr"),
      ("urine creatinine", "creatinine"), ("urine-creatinine", "uacr"), ("ca++", "calcium"),
      ("ionized calcium", "calcium"), ("urea", "bun"), ("random glucose", "fasting-glucose"),
      ("non-fasting glucose", "fasting-glucose"), ("protein", "hs-crp"), ("total protein", "albumin"),
      ("calcitriol", "vitamin-d"), ("1,25-dihydroxy vitamin d", "vitamin-d"),
      // Abbreviations (attacker review).
      ("urine creat", "uacr"), ("creat urine", "uacr"), ("microalb", "uacr"), ("c-reactive", "hs-crp"),
      ("ca+", "calcium"), ("ca+++", "calcium"), ("bun/urea", "bun"),
      // Clinician and newcomer reviews of lab-report import: hemoglobin fractions, and a sample.
      ("HbA", "a1c"), ("Hemoglobin A", "a1c"), ("Hgb A", "a1c"), ("Hb A", "hemoglobin"), ("total HbA1", "a1c"),
      ("Urine", "uacr"), ("urinalysis", "uacr"),
      // Urea in other languages (a newcomer's French sheet filed "Urée 37 mg/dL" as BUN 37).
      ("urée", "bun"), ("Urée", "bun"), ("uree", "bun"), ("Harnstoff", "bun"), ("Serum-Harnstoff", "bun"),
      ("ureum", "bun"), ("urée sanguine", "bun"),
      // Clinician review: other hemoglobin fractions, Portuguese urea, creatine.
      ("HbA2", "a1c"), ("Hb A2", "a1c"), ("HbA1a", "a1c"), ("HbA1b", "a1c"), ("Hämoglobin A", "a1c"),
      ("hémoglobine A", "a1c"), ("hemoglobina A", "a1c"), ("ureia", "bun"),
      ("creatine", "creatinine"), ("Kreatin", "creatinine"), ("créatine", "creatinine"), ("creatina", "creatinine"),
      ("Creatin", "creatinine"),
      // Clinician review: the protein/creatinine ratio was filed as UACR, an HDL subfraction as HDL.
      ("upcr", "uacr"), ("UPCR", "uacr"), ("protein/creatinine ratio", "uacr"),
      ("urine protein creatinine ratio", "uacr"),
      ("PCR", "uacr"), ("Protein/Kreatinin-Quotient", "uacr"), ("hdl2", "hdl"), ("HDL-3", "hdl"),
      ("HDL2 cholesterol", "hdl"),
      // Attacker review: other apolipoproteins, other B vitamins, particle numbers and the free
      // thyroxine index were filed under ApoB, B12, HDL, LDL and free T4 by typo or prefix.
      ("apoa", "apob"), ("ApoA1", "apob"), ("Apo A-I", "apob"), ("apoe", "apob"), ("ApoC3", "apob"), ("apo", "apob"),
      ("apolipoprotein a1", "apob"), ("Apolipoprotein E", "apob"), ("vitamin b1", "b12"), ("vit b1", "b12"),
      ("thiamine", "b12"), ("vitamin b6", "b12"), ("hdlp", "hdl"), ("HDL-P", "hdl"),
      ("HDL particle number", "hdl"), ("ldlp", "ldl"), ("LDL-P", "ldl"), ("LDL particle number", "ldl"),
      ("ft4i", "free-t4"), ("FTI", "free-t4"), ("free thyroxine index", "free-t4"), ("free t", "free-t4"),
      // Review at stop 33: phosphate (serum phosphorus, LOINC 2777-1) was filed as alkaline
      // phosphatase (6768-6) by a typo or a prefix, German "Phosphat" too; "thyroxin", the German
      // spelling of total thyroxine, as free T4.
      ("phosphate", "alp"), ("phosphates", "alp"), ("Phosphat", "alp"), ("phosphorus", "alp"),
      ("serum phosphate", "alp"), ("anorganisches Phosphat", "alp"), ("PO4", "alp"),
      ("thyroxin", "free-t4"), ("Gesamt-Thyroxin", "free-t4"), ("TT4", "free-t4"),
      // Clinician review at stop 33: cystatin C (LOINC 33863-2, mg/L) was filed as eGFR, a normal
      // 1.4 shown as kidney failure; US labs' "T4 (Thyroxine)" (total T4) as free T4;
      // "lipoprotein" alone as Lp(a).
      ("cystatin c", "egfr"), ("Cystatin C", "egfr"), ("cystatin-c", "egfr"), ("Cystatin", "egfr"),
      ("CysC", "egfr"), ("Cystatin C (serum)", "egfr"), ("t4 (thyroxine)", "free-t4"), ("T4 (Thyroxine)", "free-t4"),
      ("thyroxin (t4)", "free-t4"), ("t4 thyroxin", "free-t4"), ("Thyroxine (T-4)", "free-t4"),
      ("Thyroxine, total", "free-t4"), ("lipoprotein", "lpa"), ("Lipoproteins", "lpa"),
      // Clinician's second look at stop 33: haptoglobin was filed as hemoglobin (a false critical),
      // protein C and S as hs-CRP, standard CRP written in French, Spanish or Italian as hs-CRP,
      // "apolipoprotein" alone as ApoB, cholestanol as cholesterol.
      ("haptoglobin", "hemoglobin"), ("Haptoglobine", "hemoglobin"), ("protein C", "hs-crp"),
      ("Protein S", "hs-crp"), ("protein C activity", "hs-crp"), ("free protein S", "hs-crp"),
      ("protéine C réactive", "hs-crp"), ("proteína C reactiva", "hs-crp"), ("proteina C reattiva", "hs-crp"),
      ("protein c reactive", "hs-crp"), ("reactive protein", "hs-crp"), ("apolipoprotein", "apob"),
      ("cholestanol", "total-cholesterol"), ("Hemoglobin A", "hemoglobin"), ("Hb A", "hemoglobin"),
      // Clinician's second look at stop 34: LabCorp's race-adjusted eGFR (removed by the NKF-ASN
      // Task Force, 2021) was filed as eGFR beside the one without race, and became the day's
      // latest; plasma (free) hemoglobin, a test of hemolysis, was filed as blood hemoglobin.
      ("eGFR If Africn Am", "egfr"), ("EGFR AFRICAN AMERICAN", "egfr"), ("eGFR (African American)", "egfr"),
      ("eGFR Black", "egfr"), ("Plasma haemoglobin", "hemoglobin"), ("Serum hemoglobin", "hemoglobin"),
      ("free hemoglobin", "hemoglobin"), ("Plasma Hb", "hemoglobin"),
      // Quest's urine creatinine, printed beside the microalbumin and the ratio, was filed as UACR
      // (a false albuminuria of 120 mg/g): any creatinine named with a urine sample and no albumin.
      ("CREATININE, RANDOM URINE", "uacr"), ("Creatinine random urine", "uacr"), ("Urine creatinine random", "uacr"),
      ("Creatinine Ratio Random Urine", "uacr"), ("Kreatinin im Urin", "uacr"),
      // Quest's D3 and D2 rows, each one part of the total vitamin D.
      ("VITAMIN D3,25-OH,LC/MS/MS", "vitamin-d"), ("VITAMIN D2,25-OH,LC/MS/MS", "vitamin-d"),
      ("25-Hydroxyvitamin D3", "vitamin-d"), ("25-OH Vitamin D3", "vitamin-d"),
      // Clinician's third look at stop 34: "Ur" for urine, "Af Amer" for the race-adjusted eGFR,
      // the plasma hemoglobin written after its name.
      ("Creatinine, Ur", "uacr"), ("eGFR Af Amer", "egfr"), ("eGFR If Af Am", "egfr"),
      ("Hemoglobin, Plasma", "hemoglobin"), ("Hemoglobin (serum)", "hemoglobin"),
      // Attacker and clinician reviews at stop 37: a whole-blood calcium is ionized.
      ("Ca++ WB", "calcium"), ("Calcium WB", "calcium"), ("Calcium (whole blood)", "calcium"),
      ("Calcium Vollblut", "calcium"), ("Ca, whole blood", "calcium"),
    ])
  func refused(word: String, lookalike: String) throws {
    do {
      let found = try MarkerResolver.markers(word, among: Self.markers)
      Issue.record("\(word) resolved to \(found.map(\.key))")
    } catch {
      guard case .falseFriend = error else {
        Issue.record("\(word): \(error)")
        return
      }
    }
    // Urea is BUN written another way: search lists BUN (with the explanation); add refuses.
    guard FalseFriends.named(word)?.searchShowsLookalike != true else { return }
    let found = SearchService(markers: Self.markers).searchMarkers(word).map(\.marker.key)
    #expect(!found.contains(lookalike), "\(word) → \(found)")
  }

  @Test(
    "the real markers still resolve",
    arguments: [
      ("hs-crp", "hs-crp"), ("hscrp", "hs-crp"), ("high sensitivity crp", "hs-crp"), ("free t4", "free-t4"),
      ("ft4", "free-t4"), ("uacr", "uacr"), ("albumin creatinine ratio", "uacr"), ("creatinine", "creatinine"),
      ("calcium", "calcium"), ("bun", "bun"), ("blood urea nitrogen", "bun"), ("glucose", "fasting-glucose"),
      ("blood sugar", "fasting-glucose"),
      // A European lab sheet's names (newcomer review).
      ("Kreatinin", "creatinine"), ("Kalium", "potassium"), ("Natrium", "sodium"), ("Harnsäure", "uric-acid"),
      ("acide urique", "uric-acid"), ("Gesamtcholesterin", "total-cholesterol"),
      ("Cholestérol total", "total-cholesterol"),
      ("Glukose nüchtern", "fasting-glucose"), ("Nüchternglukose", "fasting-glucose"),
      ("Glycémie à jeun", "fasting-glucose"), ("glucemia en ayunas", "fasting-glucose"), ("Kalzium", "calcium"),
      ("creatinin", "creatinine"), ("Kreatinin", "creatinine"), ("creatinina", "creatinine"), ("HbA1c", "a1c"),
      ("HbA1", "a1c"),
      // Newcomer's second review: a German report's "TSH basal" (the plain TSH, as German lab
      // catalogues name it: Fenner, MVZ Labor Oldenburg) was left out as unknown.
      ("TSH basal", "tsh"), ("basales TSH", "tsh"), ("Glucose nuchter", "fasting-glucose"),
      ("apob", "apob"), ("apo b", "apob"), ("Apolipoprotein B", "apob"), ("apob-100", "apob"), ("vitamin b12", "b12"),
      ("vit b12", "b12"), ("b12", "b12"), ("vitamin b9", "folate"), ("ldl-c", "ldl"), ("hdl-c", "hdl"),
      ("free t4", "free-t4"), ("free thyroxine", "free-t4"),
      ("egfr cystatin c", "egfr"), ("eGFR (cystatin C)", "egfr"), ("Free T4 (Free Thyroxine)", "free-t4"),
      ("freies Thyroxin", "free-t4"), ("fT4", "free-t4"), ("Thyroxine, free", "free-t4"), ("T4, free", "free-t4"),
      ("free t-4", "free-t4"), ("Lipoprotein(a)", "lpa"), ("lipoprotein a", "lpa"), ("lp(a)", "lpa"),
      // Free T4 in German, French, Spanish, Italian and Dutch, and as US labs print it.
      ("T4 frei", "free-t4"), ("T4, frei", "free-t4"), ("Thyroxin frei", "free-t4"), ("T4 libre", "free-t4"),
      ("FT4 libre", "free-t4"), ("tiroxina libre", "free-t4"), ("T4 libera", "free-t4"), ("vrij T4", "free-t4"),
      ("T4,Free(Direct)", "free-t4"), ("Free T4 (direct)", "free-t4"), ("Free T4, serum", "free-t4"),
      // Hemoglobin in Spanish, Italian and Portuguese.
      ("hemoglobina", "hemoglobin"), ("Hemoglobina", "hemoglobin"), ("emoglobina", "hemoglobin"),
      ("Apolipoprotein B", "apob"), ("C-reactive protein, high sensitivity", "hs-crp"),
      // Stop 34's newcomer and clinician reviews: Quest's and LabCorp's printed names, the German
      // and Dutch UACR, and UK reports' "Serum …" names were left out.
      ("VITAMIN D,25-OH,TOTAL,IA", "vitamin-d"), ("LDL Chol Calc (NIH)", "ldl"), ("eGFR If NonAfricn Am", "egfr"),
      ("EGFR NON-AFR. AMERICAN", "egfr"), ("Prostate Specific Ag", "psa"),
      ("Albumin/Creatinine Ratio, Random Urine", "uacr"), ("Albumin/Kreatinin-Quotient", "uacr"),
      ("Albumin/Kreatinin-Ratio", "uacr"), ("Albumine/kreatinine ratio", "uacr"),
      ("Serum triglycerides", "triglycerides"), ("Serum TSH", "tsh"), ("Serum vitamin B12", "b12"),
      ("Serum ALT", "alt"), ("Serum HDL cholesterol", "hdl"), ("Plasma sodium", "sodium"),
      ("Serum vitamin D", "vitamin-d"),
      ("Microalbumin/Creatinine Ratio, Urine", "uacr"), ("Vitamin D3", "vitamin-d"), ("vit d3", "vitamin-d"),
      ("VITAMIN D,25-OH,TOTAL,IA", "vitamin-d"), ("albumine/creatinine ratio", "uacr"),
      ("Albumin/Creatinine Ratio, Urine", "uacr"), ("eGFR non-Black", "egfr"), ("eGFR NAA", "egfr"),
      ("Potassium, Plasma", "potassium"), ("Hemoglobin, Whole Blood", "hemoglobin"), ("Sodium (serum)", "sodium"),
      // Clinician's third look at stop 34: the total hemoglobin was refused as unknown.
      ("Hemoglobin, Total", "hemoglobin"), ("Total hemoglobin", "hemoglobin"), ("Hb total", "hemoglobin"),
      ("Whole blood Hb", "hemoglobin"), ("Total Haemoglobin", "hemoglobin"),
      // Attacker review at stop 37: "K (whole blood)" was potassium, and these were left out
      // without a critical check.
      ("Potassium (WB)", "potassium"), ("Kalium Vollblut", "potassium"), ("Natrium, Vollblut", "sodium"),
      ("Hemoglobin WB", "hemoglobin"),
      // Clinician review at stop 37: German names of total bilirubin and fasting glucose.
      ("Bilirubin gesamt", "bilirubin-total"), ("Bilirubin, gesamt", "bilirubin-total"),
      ("Gesamtbilirubin", "bilirubin-total"), ("BZ nüchtern", "fasting-glucose"), ("Nüchtern-BZ", "fasting-glucose"),
      ("NBZ", "fasting-glucose"),
      // Second looks at stop 37: counts are whole blood anyway; the sample before the name.
      ("Platelets whole blood", "platelets"), ("WBC (WB)", "wbc"), ("Whole blood potassium", "potassium"),
      ("WB-K", "potassium"), ("Kalium im Vollblut", "potassium"), ("Kalium (VB)", "potassium"),
      ("Vollblut Natrium", "sodium"),
    ])
  func stillResolved(word: String, key: String) throws {
    #expect(try MarkerResolver.markers(word, among: Self.markers).map(\.key) == [key])
  }

  /// Attacker's second look: a short word one letter or a prefix from a marker's name was filed
  /// under it ("apoh" as ApoB, "vitk" as vitamin D, "psma" as PSA, "t" as total cholesterol),
  /// and "calcium score" (a heart scan's) as calcium, "score" being read as a filler word.
  @Test(
    "a short word one letter from a marker's name, a lone letter, or a calcium score is never filed under it",
    arguments: [
      "apoh", "apod", "vitk", "vite", "vitc", "psma", "t", "b", "a", "n", "en", "calcium score",
      // Clinician review at stop 33: standard CRP is refused, so its lay name is too.
      "inflammation marker",
    ])
  func shortLookalikes(word: String) {
    #expect(throws: EntryError.self) { try MarkerResolver.markers(word, among: Self.markers) }
  }

  /// Attacker and clinician reviews at stop 37: a sample word filed any test under the library's
  /// serum test. Whole-blood glucose reads about 11% under plasma glucose, a whole-blood
  /// magnesium or folate counts the red cells' share: none is the library's test.
  @Test(
    "a whole-blood glucose, magnesium or folate names no library marker",
    arguments: [
      "Glucose WB", "Glukose Vollblut", "Glucose, whole blood", "Glucose (WB)", "Magnesium (WB)",
      "Magnesium, whole blood", "Magnesium Vollblut", "Folate whole blood", "Folate (WB)", "Folat Vollblut",
      "Whole blood magnesium", "WB glucose", "Vollblut Glukose",
    ])
  func wholeBloodNotSerum(word: String) {
    #expect(throws: EntryError.self) { try MarkerResolver.markers(word, among: Self.markers) }
  }

  /// Review at stop 33: a word that only qualifies a test ("free", "total", "ratio", "cardiac",
  /// "direct") was filed under the one library marker whose name holds it: "free" as free T4,
  /// "ratio" as UACR (a lipid sheet's TC/HDL ratio column), "plasma" as fasting glucose. Each is
  /// refused, naming the marker it may mean.
  @Test(
    "a word that only qualifies a test is not filed, and the refusal names the marker it may mean",
    arguments: [
      ("free", "free-t4"), ("ratio", "uacr"), ("cardiac", "hs-crp"), ("sensitivity", "hs-crp"), ("direct", "ldl"),
      ("calculated", "ldl"), ("plasma", "fasting-glucose"), ("stimulating", "tsh"),
      ("top", "bp-systolic"), ("Ratio", "uacr"), ("free free", "free-t4"),
    ])
  func qualifierAlone(word: String, key: String) throws {
    do {
      let found = try MarkerResolver.markers(word, among: Self.markers)
      Issue.record("\(word) resolved to \(found.map(\.key))")
    } catch {
      guard case .partialName(let text, let candidates) = error else {
        Issue.record("\(word): \(error)")
        return
      }
      #expect(text == word)
      #expect(candidates.contains { $0.hasSuffix("(\(key))") }, "\(candidates)")
      #expect(error.message.hasPrefix("“\(word)” alone doesn't say which test."), "\(error.message)")
    }
  }

  /// Attacker's and clinician's second looks at stop 33: "Chol/HDL" (the cholesterol ratio) was
  /// filed as HDL, "Non-HDL/HDL" as non-HDL cholesterol.
  @Test(
    "two tests' names joined by a slash (a ratio) are refused; a ratio glance tracks still resolves",
    arguments: [
      ("chol/hdl", false), ("Cholesterol/HDL", false), ("Non-HDL/HDL", false), ("LDL/HDL", false),
      ("TC / HDL", false), ("BUN/Creatinine", false), ("albumin/creatinine ratio", true), ("UACR", true),
      ("alb/creat", true),
    ])
  func ratios(word: String, resolves: Bool) throws {
    // The blood-pressure pair written with a slash is the pair, as "bp" is.
    for pair in ["Systolic/Diastolic", "SBP/DBP", "sys/dia", "BP systolic/diastolic"] {
      #expect(try MarkerResolver.markers(pair, among: Self.markers).map(\.key) == ["bp-systolic", "bp-diastolic"])
    }
    let found = try? MarkerResolver.markers(word, among: Self.markers)
    #expect((found != nil) == resolves, "\(word) → \(found?.map(\.key) ?? [])")
    if !resolves {
      do {
        _ = try MarkerResolver.markers(word, among: Self.markers)
      } catch {
        #expect(error.message.contains("ratio"), "\(error.message)")
      }
    }
  }

  @Test(
    "a qualifier with the test's own word still resolves",
    arguments: [
      ("free t4", "free-t4"), ("albumin creatinine ratio", "uacr"), ("cardiac crp", "hs-crp"), ("direct ldl", "ldl"),
      ("fasting plasma glucose", "fasting-glucose"), ("thyroid stimulating hormone", "tsh"), ("lipoprotein a", "lpa"),
      ("top number", "bp-systolic"), ("total cholesterol", "total-cholesterol"), ("uric", "uric-acid"),
      ("alkaline", "alp"), ("sugar", "fasting-glucose"), ("heart rate", "resting-hr"), ("free thyroxin", "free-t4"),
      ("high density lipoprotein", "hdl"), ("total psa", "psa"),
    ])
  func qualifierWithTest(word: String, key: String) throws {
    #expect(try MarkerResolver.markers(word, among: Self.markers).map(\.key) == [key])
  }

  @Test(
    "typos of longer names still resolve",
    arguments: [
      ("cholestrol", "total-cholesterol"), ("trigylcerides", "triglycerides"), ("potasium", "potassium"),
      ("hemoglobn", "hemoglobin"),
    ])
  func longTypos(word: String, key: String) throws {
    #expect(try MarkerResolver.markers(word, among: Self.markers).map(\.key) == [key])
  }

  /// Attacker review: "vit b" was filed as B12 (a prefix of its alias "vit b12"); like
  /// "vitamin b" it names two markers, and is asked about.
  @Test("a B vitamin named without its number is asked about, never filed", arguments: ["vit b", "vitamin b"])
  func vitaminB(word: String) throws {
    #expect(throws: EntryError.self) { try MarkerResolver.markers(word, among: Self.markers) }
  }

  /// Newcomer review: Dutch "Glucose nuchter" (fasting glucose, as the NHG-Standaard Diabetes
  /// mellitus type 2 writes it) was asked "Was this a fasting reading?".
  @Test(
    "a glucose named fasting in Dutch, German or French is not asked about fasting",
    arguments: [
      ("Glucose nuchter", false), ("nuchtere glucose", false), ("Glukose nüchtern", false), ("Glycémie à jeun", false),
      ("Glucose", true), ("Glucose (serum)", true), ("NBZ", false), ("BZ nüchtern", false),
    ])
  func fastingWords(name: String, asked: Bool) throws {
    let marker = try #require(Self.markers.first { $0.key == "fasting-glucose" })
    #expect(EntryChecks.isUnqualifiedGlucose(name, marker: marker) == asked)
  }

  @Test("no library key, name or alias reads as a false friend, even allowing typos")
  func noTermIsAFalseFriend() {
    for marker in Self.markers {
      for term in [marker.key, marker.displayName, marker.shortName] + marker.aliases {
        #expect(FalseFriends.named(term) == nil, "\(marker.key): \(term)")
      }
    }
  }

  @Test("no false-friend phrase is a library key, name or alias")
  func noAliasCollides() {
    for friend in FalseFriends.all {
      for phrase in friend.phrases {
        #expect(!Self.markers.contains { $0.answers(to: phrase) }, "\(phrase)")
      }
    }
  }

  @Test("a custom marker of that name is the person's own and resolves")
  func customWins() throws {
    var custom = Fixture.customMarker("CRP", unit: "mg/L")
    custom.key = "custom-crp"
    #expect(try MarkerResolver.markers("crp", among: Self.markers + [custom]).map(\.key) == ["custom-crp"])
  }
}

/// Issue 11, point 10: search by what people say.
@Suite("Search by what people say")
struct PatientPhrasingTests {
  static let search = SearchService(markers: Fixture.library.markers)

  @Test(
    "filler words and plurals never make a query fail",
    arguments: [
      ("my ldl level", "ldl"), ("cholesterol test results", "total-cholesterol"), ("my a1c number", "a1c"),
      ("vitamin d levels", "vitamin-d"), ("triglyceride numbers", "triglycerides"), ("platelet count", "platelets"),
      ("my bottom number", "bp-diastolic"), ("the top number", "bp-systolic"), ("potassium test", "potassium"),
      ("my psa results", "psa"), ("ferritin levels", "ferritin"), ("latest tsh reading", "tsh"),
    ])
  func fillers(query: String, key: String) {
    #expect(Self.search.searchMarkers(query).first?.marker.key == key)
    #expect(Self.search.resolveMarker(query) == .found(Fixture.library.marker(key: key)!))
  }

  @Test(
    "a word that is neither filler nor found keeps the query from matching another test",
    arguments: ["vitamin k", "sodium bicarbonate", "creatine kinase", "insulin resistance", "urine creatinin"])
  func noPartialLookalikes(query: String) {
    #expect(Self.search.searchMarkers(query).isEmpty, "\(Self.search.searchMarkers(query).map(\.marker.key))")
  }

  @Test("a group named with filler words is still the group", arguments: ["liver function test", "full blood count"])
  func groups(query: String) {
    let library = Fixture.library
    let found = LibraryBrowser.markers(matching: query, in: library.markers, categories: library.categories)
    #expect(found.count >= 4, "\(found.map(\.key))")
  }

  @Test("reading notes are searched, newest first, filler words aside")
  func notes() {
    let ldl = Fixture.ldl
    let entries = [
      Fixture.entry(ldl, 120, on: "2025-01-01", note: "fasting, after the marathon"),
      Fixture.entry(ldl, 110, on: "2025-06-01", note: "not fasting"),
      Fixture.entry(ldl, 100, on: "2025-09-01"),
    ]
    #expect(Self.search.searchNotes("fasting", in: entries).map(\.value) == [110, 120])
    #expect(Self.search.searchNotes("the marathon", in: entries).map(\.value) == [120])
    #expect(Self.search.searchNotes("holiday", in: entries).isEmpty)
  }

  @Test(
    "a number in a note matches only itself: not a longer number, a number inside one, or a typo of it",
    arguments: [
      ("99999", [1.0]), ("9999", [2]), ("1200", [3]), ("120", [4]), ("121", []), ("room 12", [5]), ("statin", [6]),
    ] as [(String, [Double])])
  func numbersInNotes(query: String, expected: [Double]) {
    let ldl = Fixture.ldl
    let entries = [
      Fixture.entry(ldl, 1, on: "2025-01-01", note: "lab ref 99999"),
      Fixture.entry(ldl, 2, on: "2025-01-02", note: "lab ref 9999 and 99997"),
      Fixture.entry(ldl, 3, on: "2025-01-03", note: "ate 1200 kcal"),
      Fixture.entry(ldl, 4, on: "2025-01-04", note: "120 over 80"),
      Fixture.entry(ldl, 5, on: "2025-01-05", note: "room 12, floor 120x"),
      Fixture.entry(ldl, 6, on: "2025-01-06", note: "started atorvastatin"),
    ]
    #expect(Self.search.searchNotes(query, in: entries).map(\.value) == expected)
  }
}

/// Issue 11, point 10: phrasings written by people who saw only the marker list (filler words,
/// units typed along, two names at once, halves of a pair, condition words, plurals, misspellings,
/// regional words, and tests glance does not have). Set 1 (160) was used while improving search;
/// set 2 (120) was first measured unseen (78%), then its misses' kinds (units, two names at once)
/// were fixed generally. Set 3 (100) was measured unseen after that: 98 of 100, no lookalike
/// (the build before issue 11 found 69). In set 2, "crp", "c reactive protein" and "microalbumin urine" are
/// expected to find nothing: they name other tests (issue 11, point 8).
@Suite("Patient phrasings")
struct PatientPhrasingSetTests {
  static func rows(_ file: String) -> [(query: String, key: String)] {
    let text =
      (try? String(contentsOfFile: packageRoot + "/Tests/GlanceCoreTests/Fixtures/" + file, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap { line in
      let parts = line.split(separator: "\t").map(String.init)
      return parts.count == 2 ? (parts[0], parts[1]) : nil
    }
  }

  @Test(
    "at least 95% find the marker a clinician would name, and no test glance lacks finds a lookalike",
    arguments: [("patient-phrasings.tsv", 160), ("patient-phrasings-2.tsv", 120), ("patient-phrasings-3.tsv", 100)])
  func phrasings(file: String, count: Int) {
    let library = Fixture.library
    let rows = Self.rows(file)
    #expect(rows.count == count)
    var found = 0
    for (query, key) in rows {
      let top = LibraryBrowser.markers(matching: query, in: library.markers, categories: library.categories).first?.key
      if key == "-" {
        #expect(top == nil, "\(query) found \(top ?? "")")
        if top == nil { found += 1 }
      } else if top == key {
        found += 1
      }
    }
    #expect(found * 100 >= rows.count * 95, "\(found) of \(rows.count)")
  }
}
