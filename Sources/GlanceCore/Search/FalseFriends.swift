/// Words that sound like a library marker but name a different test (issue 11). glance never files
/// a reading under the wrong test: `add`, `batch`, `show` and imports refuse such a word with the
/// reason, and search never lands on the marker it sounds like.
public struct FalseFriend: Sendable, Equatable {
  /// What people type, in `SearchText` compact form ("urinecreatinine").
  public var phrases: [String]
  /// The library markers the words must never resolve to.
  public var lookalikes: [String]
  /// Why, and what to do instead, in plain words.
  public var explanation: String
  /// True when it is the same analyte written another way (urea and BUN): search may list the
  /// marker, with the explanation; `add` and imports still refuse the word.
  public var searchShowsLookalike = false
  /// False when a typo of a phrase is the real name ("hemoglobin a1" is one letter from
  /// "hemoglobin a1c"): only the exact words are refused.
  public var matchesTypos = true
  /// Set when glance can judge the other test's results against a critical limit: a critical
  /// one is named while it is left out (`LeftOutCritical`).
  public var leftOutCritical: LeftOutCritical? = nil
}

public enum FalseFriends {
  /// Sources: markers-reference.json notes (hs-CRP: "Standard (non-hs) CRP is LOINC 1988-5 and is
  /// sometimes reported in mg/dL"; free T4: "Total T4 (3026-2, µg/dL) is a different test"; UACR:
  /// the ratio in mg/g; BUN: urea nitrogen, urea mmol/L = BUN mmol/L, urea mg/dL = BUN × 2.14;
  /// ionized calcium 1.16–1.32 mmol/L vs total calcium in mg/dL).
  public static let all: [FalseFriend] = [
    FalseFriend(
      // In French, Spanish and Italian too, and word for word reversed (clinician's second look
      // at stop 33: "protéine C réactive", a French lab's standard CRP, was filed as hs-CRP).
      phrases: [
        "crp", "creactiveprotein", "creactive", "standardcrp", "crpstandard", "regularcrp", "proteinecreactive",
        "proteinacreactiva", "proteinacreattiva", "proteincreactive", "reactiveprotein", "proteinecreactiveserique",
      ],
      lookalikes: ["hs-crp"],
      explanation:
        "Standard CRP and hs-CRP are different tests: standard CRP is often reported in mg/dL, hs-CRP in mg/L. glance tracks hs-CRP: if the report says high-sensitivity or hs-CRP, use hs-crp. For standard CRP, add your own marker: glance custom \"CRP\" --unit mg/L"
    ),
    FalseFriend(
      // "Thyroxin" is the German spelling (Gesamt-Thyroxin, total; freies Thyroxin, free).
      phrases: [
        "t4", "totalt4", "t4total", "thyroxine", "totalthyroxine", "serumt4", "thyroxinet4", "thyroxin", "tt4",
        "totalthyroxin", "gesamtthyroxin", "thyroxingesamt", "gesamtt4", "t4gesamt", "thyroxinetotal",
      ],
      lookalikes: ["free-t4"],
      explanation:
        "Total T4 (thyroxine, in µg/dL) is a different test from free T4 (ng/dL). glance tracks free T4: if the report says free T4 or FT4, use free-t4. For total T4, add your own marker: glance custom \"Total T4\" --unit µg/dL"
    ),
    FalseFriend(
      phrases: [
        "microalbumin", "urinemicroalbumin", "urinealbumin", "albuminurine", "microalbuminuria", "microalb",
        "microalbumine", "umalb", "ualb",
      ],
      lookalikes: ["uacr", "albumin"],
      explanation:
        "Urine albumin (\"microalbumin\", in mg/L) is a different number from UACR, the albumin/creatinine ratio (mg/g). If the report gives the ratio, use uacr. For urine albumin itself, add your own marker: glance custom \"Urine albumin\" --unit mg/L"
    ),
    FalseFriend(
      phrases: [
        "urinecreatinine", "creatinineurine", "urinarycreatinine", "ucreatinine", "creatinineurinerandom",
        "urinecreat", "creaturine", "ucreat", "urinecr", "crurine", "urinarycreat",
      ],
      lookalikes: ["creatinine", "uacr"],
      explanation:
        "Urine creatinine is a different test from blood creatinine and from UACR (the albumin/creatinine ratio). For urine creatinine, add your own marker: glance custom \"Urine creatinine\" --unit mg/dL"
    ),
    FalseFriend(
      phrases: [
        "ca++", "ca+", "ca+++", "ca2+", "ionizedcalcium", "ionisedcalcium", "calciumionized", "calciumionised", "ica",
        "freecalcium", "calciumfree", "ionisiertescalcium", "calciumionisiert", "ionisierteskalzium", "ca++ionized",
        "caionized", "ionizedca", "calcioionico",
        // Lab names with the sample or method (third look at stop 36: Mayo's "Calcium, Ionized,
        // Serum" was neither refused nor judged).
        "calciumionizedserum", "ionizedcalciumserum", "calciumionisedserum", "ionisedcalciumserum",
        "ionizedcalciumpoc", "calciumionizedpoc", "ionizedcalciumwholeblood", "calciumionizedwholeblood",
        "ionizedcalciumblood", "calciumionizedblood", "ionizedcalciumphadjusted", "calciumionizedphadjusted",
        "ionizedcalciumph74", "calciumionizedph74",
        // A whole-blood calcium is a blood-gas analyser's, ionized (clinician and attacker
        // reviews at stop 37: "Ca++ WB" 1.2 mmol/L was saved as a critical total calcium).
        "calciumwholeblood", "wholebloodcalcium", "calciumwb", "calciumvollblut", "vollblutcalcium",
        "cawb", "cawholeblood", "cavollblut", "ca++wb", "ca++(wb)", "ca++vollblut",
      ],
      lookalikes: ["calcium"],
      explanation:
        "Ionized calcium (about 1.2 mmol/L) is a different test from total calcium (about 9.5 mg/dL). glance tracks total calcium: use calcium for it. For ionized calcium, add your own marker: glance custom \"Ionized calcium\" --unit mmol/L",
      leftOutCritical: .ionizedCalcium
    ),
    FalseFriend(
      // Urea in French (urée), German (Harnstoff) and Dutch (ureum): "urée" once read as a typo
      // of a BUN name and filed urea in mg/dL, 2.14 times BUN, as BUN.
      phrases: [
        "urea", "serumurea", "bloodurea", "ureaserum", "ureablood", "bunurea", "ureabun", "uree", "ureesanguine",
        "ureeserique", "ureeplasmatique", "harnstoff", "serumharnstoff", "harnstoffserum", "ureum", "ureia",
        "ureiaserica",
      ], lookalikes: ["bun"],
      explanation:
        "glance tracks BUN (blood urea nitrogen). Urea in mmol/L is the same number as BUN in mmol/L: glance add bun 5.0 mmol/L. Urea in mg/dL is 2.14 times BUN: divide it by 2.14 and add that as bun.",
      searchShowsLookalike: true
    ),
    FalseFriend(
      phrases: ["protein", "totalprotein", "proteintotal", "serumprotein", "proteinserum", "bloodprotein"],
      lookalikes: ["hs-crp", "albumin"],
      explanation:
        "Total protein (about 7 g/dL) is a different test from hs-CRP (C-reactive protein) and from albumin. For total protein, add your own marker: glance custom \"Total protein\" --unit g/dL"
    ),
    FalseFriend(
      phrases: [
        "calcitriol", "125dihydroxyvitamind", "125ohd", "125ohvitamind", "125dihydroxyvitd", "125vitamind",
        "dihydroxyvitamind", "125dihydroxyvitamind3", "125dihydroxyvitamind2", "125ohd3", "dihydroxyvitamind3",
      ],
      lookalikes: ["vitamin-d"],
      explanation:
        "Calcitriol (1,25-dihydroxy vitamin D, in pg/mL) is a different test from 25-hydroxy vitamin D, the one glance tracks (ng/mL). For calcitriol, add your own marker: glance custom \"Calcitriol\" --unit pg/mL"
    ),
    // A.D.A.M. Medical Encyclopedia, "Hemoglobin electrophoresis" (MedlinePlus 003639): in adults
    // HbA is 95% to 98% of hemoglobin. Total HbA1 is an older assay of more than A1c ("HbA1"
    // alone stays the library's alias for A1c, as people write it).
    FalseFriend(
      phrases: [
        // "Hemoglobin A" as two words is `hemoglobinA` (`named`): one word, "hemoglobina" is
        // hemoglobin in Spanish, Italian and Portuguese (clinician's second look at stop 33).
        "hba", "hgba", "hemoglobina0", "hba0", "totalhba1", "hba1total",
        // Other fractions and other languages (clinician review: HbA2, a thalassaemia screen,
        // was saved as an A1c of 3.2%).
        "hba2", "hgba2", "hemoglobina2", "haemoglobina2", "hba1a", "hba1b", "hba1a1", "hba1a2", "hamoglobina",
        "hamoglobina2", "hemoglobinea2", "hemoglobinaa2",
      ],
      lookalikes: ["a1c", "hemoglobin"],
      explanation:
        "Hemoglobin A (HbA, about 97% of an adult's hemoglobin), its other fractions (HbA2, HbA1a, HbA1b: a hemoglobin electrophoresis reports them) and total HbA1 are different tests from hemoglobin A1c, the one glance tracks for blood sugar, and from hemoglobin in g/dL. If the report says A1c or HbA1c, use a1c; for hemoglobin, use hemoglobin. For HbA itself, add your own marker: glance custom \"Hemoglobin A\" --unit %",
      matchesTypos: false
    ),
    // Creatine is the muscle compound creatinine is made from (and CK, creatine kinase, an
    // enzyme): "creatine" was a typo alias of creatinine until a clinician's review.
    FalseFriend(
      phrases: ["creatine", "kreatin", "creatina", "creatin", "serumcreatine", "creatineserum", "creatinelevel"],
      lookalikes: ["creatinine"],
      explanation:
        "Creatine is a different substance from creatinine, the kidney test glance tracks (and from creatine kinase, CK). If the report says creatinine, use creatinine. For creatine itself, add your own marker: glance custom \"Creatine\" --unit mg/dL",
      // Usually a misspelling of creatinine: search lists it, with the explanation.
      searchShowsLookalike: true, matchesTypos: false
    ),
    // A sample, not a test: "Urine 6.0" is a urinalysis line (pH), never the ratio.
    FalseFriend(
      phrases: ["urine", "urinalysis", "urinesample", "urinetest", "urin"], lookalikes: ["uacr"],
      explanation:
        "Urine names a sample, not a test: a urinalysis reports several (pH, protein, glucose…). If the report gives the albumin/creatinine ratio, use uacr. For another urine test, add your own marker, e.g. glance custom \"Urine pH\" --unit pH"
    ),
    // KDIGO 2012 CKD guideline, albuminuria categories: PCR below 15 mg/mmol (150 mg/g) where
    // ACR is below 3 mg/mmol (30 mg/g); the two are not convertible (clinician review: "upcr 15
    // mg/mmol" was filed as a UACR "above the reference range").
    FalseFriend(
      phrases: [
        "upcr", "pcr", "uprot", "upcrratio", "proteincreatinineratio", "proteincreatinine", "proteincreatratio",
        "urineproteincreatinineratio", "urineproteincreatinine", "proteintocreatinineratio",
        "totalproteincreatinineratio",
        "proteinkreatininquotient", "eiweisskreatininquotient", "uproteinkreatinin", "quotientproteinkreatinin",
      ],
      lookalikes: ["uacr"],
      explanation:
        "The urine protein/creatinine ratio (UPCR, PCR) counts every protein, and is a different test from UACR, the albumin/creatinine ratio glance tracks; its limits differ too (KDIGO 2012: below 15 mg/mmol or 150 mg/g, where UACR's are 3 and 30). For UPCR, add your own marker: glance custom \"UPCR\" --unit mg/g"
    ),
    // HDL2 and HDL3 are subfractions of HDL, measured by special methods: not the HDL cholesterol
    // of a lipid panel (clinician review: "hdl2 15" was saved as an HDL "below range").
    FalseFriend(
      phrases: [
        "hdl2", "hdl3", "hdl2c", "hdl3c", "hdl2cholesterol", "hdl3cholesterol", "hdlsubfractions", "hdlsubclasses",
      ],
      lookalikes: ["hdl"],
      explanation:
        "HDL2 and HDL3 are subfractions of HDL, measured by special tests, and are not the HDL cholesterol of a lipid panel that glance tracks. If the report says HDL or HDL cholesterol, use hdl. For a subfraction, add your own marker: glance custom \"HDL2\" --unit mg/dL",
      matchesTypos: false
    ),
    // Attacker review: each of these was filed, by a typo or a prefix, under the library
    // marker it is one letter from. Each is a test of its own (docs/MarkerLibrary.md): other
    // apolipoproteins beside B, other B vitamins beside B12 and folate, HDL and LDL particle
    // numbers beside their cholesterol, the free thyroxine index beside free T4.
    FalseFriend(
      phrases: [
        "apo", "apoa", "apoa1", "apoai", "apoa2", "apoaii", "apoe", "apoe4", "apoc", "apoc2", "apoc3", "apociii",
        "apolipoproteina", "apolipoproteina1", "apolipoproteinai", "apolipoproteinaii", "apolipoproteine",
        "apolipoproteinc3", "apolipoproteinciii", "apoegenotype", "apoagenotype", "apolipoprotein",
        "apolipoproteins", "apolipoproteine", "apolipoproteina0",
      ],
      lookalikes: ["apob"],
      explanation:
        "Apolipoprotein A-I, A-II, C and E are different tests from apolipoprotein B (ApoB), the one glance tracks. If the report says ApoB, use apob; apolipoprotein(a), apo(a), is measured as Lp(a): use lpa. For another, add your own marker, e.g. glance custom \"ApoA1\" --unit mg/dL",
      matchesTypos: false
    ),
    FalseFriend(
      phrases: [
        "vitaminb1", "vitb1", "b1", "thiamine", "thiamin", "vitaminb2", "vitb2", "riboflavin",
        "vitaminb3", "vitb3", "niacin", "vitaminb6", "vitb6", "b6", "pyridoxine", "pyridoxalphosphate", "plp",
        "vitaminb7", "biotin", "vitaminbcomplex",
      ],
      lookalikes: ["b12", "folate"],
      explanation:
        "Vitamin B1 (thiamine), B2, B3, B6 and biotin are different tests from vitamin B12 and folate (B9), the B vitamins glance tracks. If the report says B12 or folate, use b12 or folate. For another, add your own marker, e.g. glance custom \"Vitamin B1\" --unit nmol/L",
      matchesTypos: false
    ),
    FalseFriend(
      phrases: [
        "hdlp", "hdlparticles", "hdlparticlenumber", "hdlpnumber", "hdlpn", "ldlp", "ldlparticles",
        "ldlparticlenumber", "ldlpnumber", "ldlpn", "smallldlp", "sldlp",
      ],
      lookalikes: ["hdl", "ldl"],
      explanation:
        "HDL and LDL particle numbers (HDL-P in µmol/L, LDL-P in nmol/L) are different tests from the HDL and LDL cholesterol glance tracks (mg/dL). If the report says cholesterol, use hdl or ldl. For a particle number, add your own marker, e.g. glance custom \"LDL-P\" --unit nmol/L",
      matchesTypos: false
    ),
    FalseFriend(
      phrases: ["ft4i", "fti", "t7", "freethyroxineindex", "freet4index", "thyroxineindex", "freet"],
      lookalikes: ["free-t4"],
      explanation:
        "The free thyroxine index (FTI, T7) is a different number from free T4, the one glance tracks (ng/dL), and free T3 is another test. If the report says free T4 or FT4, use free-t4. For another, add your own marker, e.g. glance custom \"FTI\" --unit index",
      matchesTypos: false
    ),
    // LOINC: "Cystatin C [Mass/volume] in Serum or Plasma" (33863-2) is the measured protein; the
    // eGFR calculated from it is 50210-4 (KDIGO 2012 CKD guideline, eGFRcys). Clinician review at
    // stop 33: "cystatin c 1.4" (mg/L, about normal) was filed as an eGFR of 1.4, kidney failure.
    FalseFriend(
      phrases: [
        "cystatinc", "cystatin", "cysc", "cystatinserum", "serumcystatinc", "cystatincserum", "cystatincplasma",
        "cystatincinserum", "cystatinecplasmatique", "cystatinec",
      ],
      lookalikes: ["egfr"],
      explanation:
        "Cystatin C (in mg/L) is a blood test of its own, not eGFR: an eGFR can be calculated from it (eGFRcys, in mL/min/1.73m²). If the report gives that eGFR, use egfr. For cystatin C itself, add your own marker: glance custom \"Cystatin C\" --unit mg/L"
    ),
    // LOINC: "Haptoglobin [Mass/volume] in Serum or Plasma" (4542-7), a protein that binds free
    // hemoglobin; "Protein C actual/normal" (27818-4) and "Protein S actual/normal" (27822-6),
    // clotting proteins in % activity; cholestanol, a sterol measured apart from cholesterol.
    // Clinician's second look at stop 33: each was filed, by a typo or a word, as hemoglobin (a
    // false critical), hs-CRP or cholesterol.
    FalseFriend(
      phrases: ["haptoglobin", "haptoglobine", "haptoglobina", "hp", "serumhaptoglobin", "haptoglobinserum"],
      lookalikes: ["hemoglobin"],
      explanation:
        "Haptoglobin (a protein that binds free hemoglobin, in mg/dL or g/L) is a different test from hemoglobin (g/dL). For haptoglobin, add your own marker: glance custom \"Haptoglobin\" --unit mg/dL",
      matchesTypos: false
    ),
    FalseFriend(
      phrases: [
        "proteinc", "proteins", "proteincactivity", "proteinsactivity", "proteincantigen", "proteinsantigen",
        "freeproteins", "proteinsfree", "proteincfunctional", "proteinsfunctional", "totalproteins",
      ],
      lookalikes: ["hs-crp"],
      explanation:
        "Protein C and protein S (clotting proteins, in % activity) are different tests from hs-CRP (C-reactive protein); total protein is another. For one of them, add your own marker, e.g. glance custom \"Protein C\" --unit %",
      matchesTypos: false
    ),
    FalseFriend(
      phrases: ["cholestanol", "cholestanolserum", "serumcholestanol"], lookalikes: ["total-cholesterol"],
      explanation:
        "Cholestanol is a different test from cholesterol. For cholestanol, add your own marker: glance custom \"Cholestanol\" --unit µmol/L",
      matchesTypos: false
    ),
    // Lp(a) is one lipoprotein; LDL and HDL cholesterol are carried by others.
    FalseFriend(
      phrases: ["lipoprotein", "lipoproteins", "lipoproteine", "lipoproteina0"],
      lookalikes: ["lpa"],
      explanation:
        "\"Lipoprotein\" alone names no one test: Lp(a), lipoprotein(a), is one (use lpa), and LDL and HDL are the cholesterol carried by low- and high-density lipoproteins (use ldl or hdl).",
      searchShowsLookalike: true, matchesTypos: false
    ),
    // LOINC names them as different tests: "Phosphate [Mass/volume] in Serum or Plasma" (2777-1,
    // the phosphorus of a metabolic panel) and "Alkaline phosphatase [Enzymatic
    // activity/volume] in Serum or Plasma" (6768-6), an enzyme (review at stop 33: "phosphates"
    // and German "Phosphat" were filed as ALP).
    FalseFriend(
      phrases: [
        "phosphate", "phosphates", "phosphat", "phosphorus", "phosphor", "phosphore", "serumphosphate",
        "phosphateserum", "serumphosphorus", "phosphorusserum", "inorganicphosphate", "inorganicphosphorus",
        "anorganischesphosphat", "phosphatanorganisch", "po4", "fosfato", "fosfaat", "fosfor", "fosforo",
      ],
      lookalikes: ["alp"],
      explanation:
        "Phosphate (phosphorus, in mg/dL or mmol/L) is a different test from alkaline phosphatase (ALP, an enzyme in U/L), the one glance tracks. If the report says alkaline phosphatase or ALP, use alp. For phosphate, add your own marker: glance custom \"Phosphate\" --unit mg/dL"
    ),
    FalseFriend(
      phrases: [
        "randomglucose", "glucoserandom", "nonfastingglucose", "glucosenonfasting", "randombloodsugar",
        "postprandialglucose", "randomsugar", "nonfastingbloodsugar", "2hglucose", "glucose2h", "2hourglucose",
        "glucose2hour", "2hrglucose", "glucose2hr", "2hpostprandialglucose", "ogtt2h", "2hogtt", "2hpg", "ppglucose",
        "glucosepp", "randombloodglucose", "bloodglucoserandom", "randomplasmaglucose", "randomserumglucose",
      ],
      lookalikes: ["fasting-glucose"],
      explanation:
        "A non-fasting glucose is judged differently from a fasting one, and glance tracks fasting glucose only. For non-fasting readings, add your own marker: glance custom \"Random glucose\" --unit mg/dL",
      leftOutCritical: .glucose
    ),
    // Clinician's second look this session: a capillary or meter glucose was an unknown test in
    // add and sheets, its critical values unsaid (FHIR's 41653-7 was judged).
    FalseFriend(
      phrases: [
        "capillaryglucose", "glucosecapillary", "fingerstickglucose", "glucosefingerstick", "fingerprickglucose",
        "pocglucose", "glucosepoc", "pointofcareglucose", "glucosepointofcare", "meterglucose", "glucosemeter",
        "glucometer", "capillarybloodglucose", "glucosepoct", "poctglucose", "bloodglucosemeter", "kapillarglukose",
        "kapillareglukose", "glukosekapillar", "glucosacapilar", "glicemiacapilar", "glucosecapillaire",
      ],
      lookalikes: ["fasting-glucose"],
      explanation:
        "A glucose from a meter or a fingerstick (capillary blood) is a different measurement from a laboratory's fasting glucose, the one glance tracks. For meter readings, add your own marker: glance custom \"Meter glucose\" --unit mg/dL",
      leftOutCritical: .glucose
    ),
    // Clinician's second look at stop 34: Quest's "VITAMIN D3,25-OH" row, one part of the total,
    // was filed as vitamin D and became the day's latest (14 "below range" beside a total of 34).
    // LOINC 1989-3 is this test, left out of FHIR imports for the same reason.
    FalseFriend(
      phrases: ["vitamind325oh", "25ohvitamind3", "25hydroxyvitamind3", "vitamind225oh", "25hydroxyvitamind2"],
      lookalikes: ["vitamin-d"],
      explanation:
        "25-hydroxyvitamin D3 (or D2) alone is one part of the vitamin D test; glance's Vitamin D is the total of both (D2 and D3), which the report gives on its own row (\"25-OH, Total\"). For one part alone, add your own marker: glance custom \"Vitamin D3, 25-OH\" --unit ng/mL",
      // One letter from "25-hydroxyvitamin D", the total: only the words themselves.
      matchesTypos: false
    ),
    // Clinician's second look at stop 34: LabCorp's "eGFR If Africn Am", the race-adjusted eGFR,
    // was filed as eGFR beside the one without race and became the day's latest (67 hid a 55).
    FalseFriend(
      phrases: ["egfrifafricnam", "egfrafricanamerican", "egfrifafricanamerican", "egfraa", "egfrblack"],
      lookalikes: ["egfr"],
      explanation:
        "This is the eGFR adjusted for race, which the NKF-ASN Task Force (2021) recommended no longer using; glance keeps the eGFR without it. Use the report's other eGFR (\"eGFR If NonAfricn Am\", or CKD-EPI 2021).",
      leftOutCritical: .raceAdjustedEGFR
    ),
    // Clinician's second look at stop 34: "Plasma haemoglobin" (free hemoglobin in plasma, a test
    // of red cells broken down, in mg/dL) was filed as blood hemoglobin once a sample word before
    // a name was read as the sample.
    FalseFriend(
      phrases: [
        "plasmahemoglobin", "plasmahaemoglobin", "serumhemoglobin", "serumhaemoglobin", "freehemoglobin",
        "freehaemoglobin", "plasmahb", "plasmahgb", "freehb", "freieshamoglobin", "hemoglobinelibre",
        "hemoglobinplasma", "haemoglobinplasma", "hemoglobinserum", "haemoglobinserum", "hbplasma", "hgbplasma",
        "hemoglobinfree", "haemoglobinfree",
      ],
      lookalikes: ["hemoglobin"],
      explanation:
        "Free hemoglobin in plasma or serum (a test of red cells broken down, often in mg/dL) is not the blood hemoglobin glance tracks. For it, add your own marker: glance custom \"Plasma hemoglobin\" --unit mg/dL"
    ),
  ]

  /// True when `name` says vitamin D2 or D3 ("Vitamin D3"): in a lab's report, beside its total,
  /// that is one part of it (clinician's third look at stop 34), where a person typing "vitamin
  /// D3" means their vitamin D test.
  static func namesVitaminDPart(_ name: String) -> Bool {
    SearchText(name).words.contains(where: vitaminDPartWords.contains)
  }

  /// The reason a part of vitamin D is refused.
  static var vitaminDPart: FalseFriend? { all.first { $0.phrases.contains("vitamind325oh") } }
  static let vitaminDPartWords: Set<String> = ["d3", "d2", "vitamind3", "vitamind2"]

  /// Words that name creatinine, and words that name albumin (a ratio of the two is UACR).
  static let creatinineWords: Set<String> = [
    "creatinine", "creatinin", "creat", "crea", "kreatinin", "kreat", "krea", "creatinina", "creatinines",
  ]
  static let albuminWords: Set<String> = ["albumin", "albumine", "microalbumin", "alb", "malb", "acr", "albumina"]

  /// Words that say an eGFR was adjusted for race, and words that say it was not.
  static let raceWords: Set<String> = ["africn", "african", "afr", "aa", "black", "af"]
  static let notRaceWords: Set<String> = [
    "non", "nonafricn", "nonafrican", "nonafr", "not", "nonblack", "nonaa", "naa", "nonaf",
  ]

  /// Words that name thyroxine, and words that say it is the free fraction (English, German,
  /// French, Spanish and Italian, Dutch, Scandinavian).
  static let totalT4Words: Set<String> = ["t4", "thyroxine", "thyroxin", "tt4", "tiroxina", "thyroxinet4"]
  static let freeWords: Set<String> = [
    "free", "freies", "freie", "freien", "frei", "libre", "libera", "vrij", "vrije", "fri", "frie", "unbound", "index",
    "ft4",
  ]

  /// The other test a refusal is about (`EntryError.falseFriend`), when glance can still judge its
  /// results for a critical limit (a random glucose, an ionized calcium).
  static func leftOutCritical(of error: EntryError) -> LeftOutCritical? {
    switch error {
    case .falseFriend(let name, let explanation):
      return namesAnotherThing(name) ? nil : friend(of: explanation)?.leftOutCritical
    // A name that matches no marker is still a glucose by its words ("Glucose 2h post", "Whole
    // blood glucose": clinician review at stop 36), judged by glucose's critical limits.
    case .unknownMarker(let name), .partialName(let name, _), .ambiguousMarker(let name, _):
      return namesGlucose(name) ? .glucose : nil
    default: return nil
    }
  }

  /// Words that name glucose (English, German, Spanish, Italian, Portuguese, French), and words
  /// that make a name another test that has the word (glucose-6-phosphate dehydrogenase, a
  /// ratio) or another sample.
  static let glucoseWords: Set<String> = [
    "glucose", "glukose", "glucosa", "glucosio", "glicose", "glucemia", "glicemia", "glycemia", "glycemie",
    "blutzucker", "glykamie",
    // German labs' short name for Blutzucker (attacker review at stop 37).
    "bz",
  ]
  /// (Clinician's second look at stop 36: a glucose SD, a rise after a meal, an estimated average
  /// glucose and a pleural-fluid glucose were judged as blood glucose: a difference, a statistic,
  /// a calculation, or another fluid with its own decision limits.)
  static let notGlucoseWords: Set<String> = [
    "6", "phosphate", "phosphat", "dehydrogenase", "g6pd", "isomerase", "ratio", "index", "urine", "urin", "harn",
    "csf", "liquor", "insulin", "sd", "standard", "deviation", "variability", "cv", "rise", "excursion", "delta",
    "change", "difference", "average", "mean", "estimated", "eag", "gmi", "tir", "time", "range", "target", "swing",
    "spike", "increase", "drop", "pleural", "peritoneal", "synovial", "ascitic", "ascites", "fluid", "drain",
    "pericardial", "amniotic", "dialysate", "body", "punctate", "punktat", "aszites", "pleura",
    // Third look at stop 36: CGM statistics, a glucose load, urinalysis names, other samples.
    "std", "stdev", "stddev", "dev", "mage", "iqr", "load", "ua", "urinalysis", "urinaire", "orina", "spinal",
    "semen", "seminal", "vitreous",
  ]

  /// True when `name` says a statistic, a difference, another sample or another test
  /// (`notGlucoseWords`): "Meter glucose SD" is no meter glucose, "Ionized calcium CV" no
  /// ionized calcium (third look at stop 36: both were called critical as custom markers).
  static func namesAnotherThing(_ name: String) -> Bool {
    SearchText(name).words.contains(where: notGlucoseWords.contains)
  }

  /// True when `name` says glucose (or blood sugar) and nothing that makes it another test.
  static func namesGlucose(_ name: String) -> Bool {
    let words = SearchText(name).words
    let says =
      words.contains(where: glucoseWords.contains) || (words.contains("blood") && words.contains("sugar"))
    return says && !namesAnotherThing(name)
  }

  /// The false friend a refusal's explanation is: its own, or its own with the custom marker in
  /// another unit (`inUnit`), or either with more said after it.
  static func friend(of explanation: String) -> FalseFriend? {
    all.first { $0.explanation == explanation }
      ?? all.first { friend in
        guard let unit = suggestedUnit(friend.explanation) else { return false }
        return explanation.hasPrefix(String(friend.explanation.dropLast(unit.count)))
      }
  }

  /// The unit of the custom marker an explanation ends by suggesting (`--unit mg/dL`), if it does.
  static func suggestedUnit(_ explanation: String) -> Substring? {
    let words = explanation.split(separator: " ")
    guard words.count >= 2, words[words.count - 2] == "--unit" else { return nil }
    return words.last
  }

  /// `error` (a refusal of another test) with the custom marker it suggests in `unit`, the unit
  /// the result came in, when that is a unit of the test it is mistaken for, spelled as glance
  /// spells it: a European sheet's random glucose of 6.1 mmol/L was told `--unit mg/dL` (newcomer
  /// review at stop 35). Any other unit, or none, leaves it as it is.
  public static func inUnit(_ error: EntryError, _ unit: String?, markers: [MarkerDefinition]) -> EntryError {
    guard case .falseFriend(let name, let explanation) = error, let unit,
      let friend = all.first(where: { $0.explanation == explanation }), let current = suggestedUnit(explanation)
    else { return error }
    let wanted = UnitConverter.normalize(unit)
    for key in friend.lookalikes {
      guard let marker = markers.first(where: { $0.key == key && $0.isSystemDefined }) else { continue }
      let spellings =
        [marker.unit] + (marker.siUnit.map { [$0] } ?? [])
        + UnitConverter.otherUnits.filter { $0.key == key }.map(\.unit)
      guard spellings.contains(where: { UnitConverter.normalize($0) == UnitConverter.normalize(String(current)) }),
        let spelled = spellings.first(where: { UnitConverter.normalize($0) == wanted })
      else { continue }
      return .falseFriend(name, String(explanation.dropLast(current.count)) + spelled)
    }
    return error
  }

  /// The false friend `query` names, if any ("CRP", "urine creatinine", "urine-creatinine"),
  /// misspelled too ("urine creatinin"): a typo must not turn it into the lookalike.
  public static func named(_ query: String) -> FalseFriend? {
    let search = SearchText(query)
    let compact = search.compact
    let symbols = query.lowercased().filter { !$0.isWhitespace }
    if let exact = all.first(where: { $0.phrases.contains(compact) || $0.phrases.contains(symbols) }) { return exact }
    // T4 or thyroxine named without "free" is total T4, however the words are arranged ("T4
    // (Thyroxine)", US labs' name for it; "Thyroxin (T4)"): clinician review at stop 33. T4
    // uptake and thyroxine-binding globulin are tests of their own, not named here.
    let words = search.words
    if words.contains(where: totalT4Words.contains), !words.contains(where: freeWords.contains),
      !words.contains(where: ["uptake", "binding", "globulin", "tbg"].contains)
    {
      return all.first { $0.phrases.contains("totalt4") }
    }
    // Creatinine named with a urine sample and no albumin: urine creatinine, however the words are
    // arranged (clinician's second look at stop 34: Quest's "CREATININE, RANDOM URINE", printed
    // beside the microalbumin and the ratio, was filed as a UACR of 120 mg/g).
    // Protein over creatinine is UPCR, however written ("Protein/Creatinine Ratio, Urine").
    if words.contains(where: creatinineWords.contains), words.contains(where: { $0 == "protein" || $0 == "eiweiss" }),
      !words.contains(where: albuminWords.contains)
    {
      return all.first { $0.phrases.contains("upcr") }
    }
    if words.contains(where: creatinineWords.contains), SampleInName.of(query) == .urine,
      !words.contains(where: albuminWords.contains)
    {
      return all.first { $0.phrases.contains("urinecreatinine") }
    }
    // Vitamin D2 or D3 named as the 25-hydroxy form: one part of the total ("Vitamin D3" alone is
    // how people name their vitamin D test, and stays it).
    // (1,25-dihydroxy, calcitriol, is another test, refused with its own reason.)
    if words.contains(where: vitaminDPartWords.contains),
      words.contains(where: { ["25", "oh", "25oh", "hydroxy", "hydroxyvitamin", "25hydroxy"].contains($0) }),
      !words.contains(where: { $0 == "1" || $0.hasPrefix("dihydroxy") || $0 == "125" })
    {
      return vitaminDPart
    }
    // An eGFR said to be for African Americans (or Black people), however the words are
    // arranged, and not said to be for others: the race-adjusted one.
    if words.contains(where: { $0 == "egfr" || $0 == "gfr" }), words.contains(where: raceWords.contains),
      !words.contains(where: notRaceWords.contains)
    {
      return all.first { $0.phrases.contains("egfrifafricnam") }
    }
    // "Hemoglobin A" (HbA), as two words: one word is hemoglobin in Spanish ("hemoglobina").
    if words.count == 2, words[1] == "a",
      ["hemoglobin", "haemoglobin", "hemoglobine", "hemoglobina", "hamoglobin", "hb", "hgb"].contains(words[0])
    {
      return all.first { $0.phrases.contains("hba") }
    }
    let typed = Array(compact.utf8)
    // Short words are too close to real names for typos ("urea n" is urea nitrogen, BUN).
    let limit = typed.count >= 8 ? allowedTypos(forLength: typed.count) : 0
    guard limit > 0 else { return nil }
    return all.first { friend in
      friend.matchesTypos
        && friend.phrases.contains { phrase in
          let bytes = Array(phrase.utf8)
          // Long phrases only ("creatinine" is one letter from "ucreatinine"), and the same first
          // letter, as search's own typo rule.
          return bytes.count >= 12 && bytes.first == typed.first && editDistance(typed, bytes, limit: limit) <= limit
        }
    }
  }
}
