// swift-format-ignore-file
// Generated from Resources/MarkerData.json. Do not edit: change that file, then run
//   GLANCE_RECORD=1 swift test --filter EmbeddedFilesTests
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension MarkerLibrary {
  /// The categories of Resources/MarkerData.json, compiled in so a binary copied alone has them.
  static func generatedCategories() -> [MarkerCategory] {
    var categories: [MarkerCategory] = []
    categories.append(MarkerCategory(id: UUID(uuid: (0xDE, 0x4F, 0xE5, 0xB7, 0xC6, 0x60, 0x49, 0xC1, 0xBA, 0x5C, 0x1A, 0xE2, 0x92, 0xBA, 0xFF, 0x49)), key: "heart", name: "Heart", displayOrder: 1, aliases: ["lipids", "lipid panel", "lipid profile", "cardiac", "cardio"]))
    categories.append(MarkerCategory(id: UUID(uuid: (0x8B, 0x65, 0xA1, 0x29, 0xB5, 0x66, 0x4A, 0xC9, 0x9B, 0xE6, 0x29, 0xE1, 0x99, 0xD9, 0xAD, 0x75)), key: "metabolic", name: "Metabolic", displayOrder: 2, aliases: ["diabetes", "diabetes panel", "metabolism"]))
    categories.append(MarkerCategory(id: UUID(uuid: (0xC9, 0x4F, 0xEF, 0xC9, 0xF2, 0x38, 0x47, 0xF2, 0x91, 0xF3, 0xD6, 0xC4, 0x81, 0xFC, 0x95, 0x66)), key: "kidney", name: "Kidney", displayOrder: 3, aliases: ["kidneys", "renal", "renal panel", "kidney panel"]))
    categories.append(MarkerCategory(id: UUID(uuid: (0x3F, 0x88, 0x7F, 0xF5, 0xBC, 0x21, 0x42, 0x60, 0x8C, 0x69, 0xEF, 0x93, 0x88, 0xA8, 0xC4, 0x64)), key: "liver", name: "Liver", displayOrder: 4, aliases: ["hepatic", "liver function", "liver panel", "lfts"]))
    categories.append(MarkerCategory(id: UUID(uuid: (0xCE, 0x38, 0x50, 0xCD, 0x78, 0xAC, 0x49, 0x20, 0x9C, 0xDC, 0x45, 0x11, 0x3E, 0x7A, 0x3B, 0x6C)), key: "blood", name: "Blood", displayOrder: 5, aliases: ["cbc", "complete blood count", "blood count", "hematology", "full blood count", "fbc", "haematology"]))
    categories.append(MarkerCategory(id: UUID(uuid: (0xF5, 0xD1, 0xA9, 0xE7, 0x3C, 0xF, 0x44, 0xBC, 0x86, 0x97, 0xEB, 0x5B, 0x96, 0xD5, 0x39, 0xC3)), key: "thyroid", name: "Thyroid", displayOrder: 6, aliases: ["thyroid panel", "thyroid tests", "tfts"]))
    categories.append(MarkerCategory(id: UUID(uuid: (0xF2, 0xCC, 0xC0, 0x2D, 0x77, 0x24, 0x48, 0x89, 0xA5, 0x70, 0xE9, 0x65, 0xB8, 0xE0, 0x2C, 0xD9)), key: "vitamins-minerals", name: "Vitamins & Minerals", displayOrder: 7, aliases: ["vitamins", "minerals", "electrolytes", "lytes"]))
    categories.append(MarkerCategory(id: UUID(uuid: (0xF5, 0xA2, 0xC3, 0xFD, 0x7C, 0x52, 0x4D, 0x1D, 0xBC, 0xF0, 0xF6, 0x18, 0x1E, 0x78, 0x18, 0xF1)), key: "inflammation", name: "Inflammation", displayOrder: 8, aliases: ["inflammatory", "inflammatory markers"]))
    categories.append(MarkerCategory(id: UUID(uuid: (0x5A, 0xA7, 0x93, 0xF0, 0xDC, 0x7D, 0x42, 0x48, 0x84, 0x9C, 0xB, 0x66, 0x71, 0x3B, 0x38, 0xA7)), key: "vitals-body", name: "Vitals & Body", displayOrder: 9, aliases: ["vitals", "vital signs", "body", "measurements"]))
    categories.append(MarkerCategory(id: UUID(uuid: (0xB6, 0xFF, 0x7C, 0xBF, 0x16, 0x2F, 0x45, 0x2B, 0x9B, 0xE0, 0x35, 0xAA, 0xBE, 0xDF, 0xBE, 0x9B)), key: "prostate", name: "Prostate", displayOrder: 10, aliases: ["prostate screening", "mens health"]))
    return categories
  }

  /// The markers of Resources/MarkerData.json, built from literals (no JSON to parse at start).
  static func generatedMarkers() -> [MarkerDefinition] {
    var markers: [MarkerDefinition] = []
    markers.reserveCapacity(44)
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0x6A, 0x5, 0x44, 0x50, 0xE3, 0xDD, 0x49, 0x2F, 0x98, 0x60, 0x83, 0x56, 0x26, 0x37, 0x79, 0xFF)), key: "total-cholesterol", displayName: "Total Cholesterol",
      shortName: "Total Cholesterol", category: "heart", unit: "mg/dL",
      unitSynonyms: [], siUnit: "mmol/L",
      siFactor: 0.02586, siOffset: nil, decimals: 0, siDecimals: 1,
      referenceLow: nil, referenceHigh: 200.0,
      plausibleMin: 50.0, plausibleMax: 1000.0,
      direction: .lowerIsBetter, loinc: "2093-3",
      aliases: ["cholesterol", "total chol", "tc", "chol", "t chol", "cholestrol", "cholesteral", "colesterol", "total cholestrol", "serum cholesterol", "cholesterol level", "tot chol", "gesamtcholesterin", "cholesterin", "cholestérol total", "colesterolo totale", "colesterol total"],
      source: "NHLBI/ATP III (via reprinted tables), Merck Manual; LOINC via HL7 FHIR and public code files",
      notes: "NHLBI/ATP III: desirable <200 mg/dL (a strict bound: 200 itself is above), borderline high 200-239, high >=240. Some labs print a lower bound (e.g. 100-199); no guideline lower bound. SI factor = 1/38.67. Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0xF4, 0x4, 0x26, 0x3C, 0xD0, 0x2A, 0x40, 0x5A, 0xB9, 0xA, 0x2, 0xA8, 0xCB, 0x23, 0xA8, 0x8E)), key: "ldl", displayName: "LDL Cholesterol",
      shortName: "LDL", category: "heart", unit: "mg/dL",
      unitSynonyms: [], siUnit: "mmol/L",
      siFactor: 0.02586, siOffset: nil, decimals: 0, siDecimals: 1,
      referenceLow: nil, referenceHigh: 100.0,
      plausibleMin: 15.0, plausibleMax: 700.0,
      direction: .lowerIsBetter, loinc: "13457-7",
      aliases: ["bad cholesterol", "ldl-c", "ldl c", "ldl chol", "ldl calc", "ldl calculated", "direct ldl", "ldl direct", "low density lipoprotein", "low-density lipoprotein", "low density lipoprotein cholesterol", "ldl cholestrol", "bad chol", "ldl chol calc (nih)", "ldl chol calc nih", "ldl cholesterol calc"],
      source: "NHLBI/ATP III (via reprinted tables), Merck Manual; LOINC via HL7 FHIR and public code files",
      notes: "NHLBI/ATP III: optimal <100 (a strict bound), near optimal 100-129, borderline high 130-159, high 160-189, very high >=190 mg/dL. Lower personal targets (e.g. <70) apply to high-risk patients; 2018 ACC/AHA de-emphasised fixed targets. LOINC 13457-7 = calculated LDL; 18262-6 = direct assay. Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0x30, 0x24, 0xD8, 0x74, 0x71, 0x3E, 0x49, 0x19, 0xAD, 0xCE, 0x2B, 0xA0, 0x54, 0x7A, 0x4C, 0x56)), key: "hdl", displayName: "HDL Cholesterol",
      shortName: "HDL", category: "heart", unit: "mg/dL",
      unitSynonyms: [], siUnit: "mmol/L",
      siFactor: 0.02586, siOffset: nil, decimals: 0, siDecimals: 1,
      referenceLow: 40.0, referenceHigh: nil,
      plausibleMin: 5.0, plausibleMax: 200.0,
      direction: .higherIsBetter, loinc: "2085-9",
      aliases: ["good cholesterol", "good chol", "hdl-c", "hdl c", "hdl chol", "high density lipoprotein", "high-density lipoprotein", "high density lipoprotein cholesterol", "hdl cholestrol", "hdl level", "healthy cholesterol"],
      source: "NHLBI/ATP III (via reprinted tables), Merck/MSD Manuals; LOINC via HL7 FHIR and public code files",
      notes: "Sex-specific (NHLBI): low is <40 mg/dL in men, <50 in women; >=60 protective. Default low is the men's/any-sex 40; women may set 50 as their target. Merck lists >40 desirable, MSD >60. Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0x6, 0x88, 0x36, 0xCF, 0x8B, 0x20, 0x49, 0xBE, 0x89, 0xCD, 0xA6, 0x3C, 0xE4, 0x49, 0x25, 0xF1)), key: "triglycerides", displayName: "Triglycerides",
      shortName: "Triglycerides", category: "heart", unit: "mg/dL",
      unitSynonyms: [], siUnit: "mmol/L",
      siFactor: 0.01129, siOffset: nil, decimals: 0, siDecimals: 1,
      referenceLow: nil, referenceHigh: 150.0,
      plausibleMin: 20.0, plausibleMax: 5000.0,
      direction: .lowerIsBetter, loinc: "2571-8",
      aliases: ["tg", "tgs", "trig", "trigs", "triglyceride", "trigliserides", "triglycerids", "triglicerides", "tryglycerides", "triglycerides fasting", "trigl"],
      source: "NHLBI/ATP III (via reprinted tables), 2018 ACC/AHA; LOINC via HL7 FHIR and public code files",
      notes: "NHLBI: normal <150 (a strict bound), borderline high 150-199, high 200-499, very high >=500 mg/dL; usually fasting 9-12 h. 2018 ACC/AHA: persistently >=175 mg/dL (non-fasting) is a risk enhancer. SI factor = 1/88.57. Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0x2E, 0xD4, 0xBF, 0x39, 0xE2, 0xCA, 0x4D, 0x62, 0x96, 0xC0, 0x4D, 0x9A, 0x2B, 0xB9, 0xBE, 0x32)), key: "non-hdl", displayName: "Non-HDL Cholesterol",
      shortName: "Non-HDL", category: "heart", unit: "mg/dL",
      unitSynonyms: [], siUnit: "mmol/L",
      siFactor: 0.02586, siOffset: nil, decimals: 0, siDecimals: 1,
      referenceLow: nil, referenceHigh: 130.0,
      plausibleMin: 20.0, plausibleMax: 900.0,
      direction: .lowerIsBetter, loinc: "43396-1",
      aliases: ["non hdl", "nonhdl", "non-hdl-c", "non hdl c", "non-hdl chol", "non high density lipoprotein cholesterol"],
      source: "Cleveland Clinic age/sex table (copy), MedlinePlus; LOINC via HL7 FHIR and public code files",
      notes: "Total cholesterol minus HDL. Adults 20+: desirable <130 mg/dL (a strict bound); one consumer page cites <160. Often calculated rather than reported. Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0x64, 0xA7, 0x2D, 0xF0, 0xD9, 0x76, 0x42, 0xEE, 0x97, 0x6F, 0xCE, 0x12, 0xBE, 0xB7, 0x8C, 0x15)), key: "lpa", displayName: "Lipoprotein(a)",
      shortName: "Lp(a)", category: "heart", unit: "mg/dL",
      unitSynonyms: [], siUnit: nil,
      siFactor: nil, siOffset: nil, decimals: 0, siDecimals: nil,
      referenceLow: nil, referenceHigh: 50.0,
      plausibleMin: 0.0, plausibleMax: 500.0,
      direction: .lowerIsBetter, loinc: "10835-7",
      aliases: ["lp(a)", "lp a", "lp-a", "lipoprotein a", "lipoprotein (a)", "lp little a", "lipoprotein little a"],
      source: "2018 ACC/AHA risk enhancers (CCJM reprint), AHA Lp(a) toolkit; LOINC via HL7 FHIR and public code files",
      notes: "2018 AHA/ACC: >=50 mg/dL or >=125 nmol/L is a risk-enhancing factor (stored as the strict bound 50). Many US labs report nmol/L (LOINC 43583-4). mg/dL and nmol/L are not reliably interconvertible (particle-size dependent), so siUnit and siFactor are null here (the reference names nmol/L as SI unit without a factor); store the unit the lab used. Largely genetic; usually measured once. Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0x9A, 0x74, 0x7C, 0x74, 0xCC, 0x98, 0x47, 0xB9, 0x89, 0xAC, 0x0, 0x18, 0x30, 0x10, 0xE4, 0xA2)), key: "apob", displayName: "Apolipoprotein B",
      shortName: "ApoB", category: "heart", unit: "mg/dL",
      unitSynonyms: [], siUnit: "g/L",
      siFactor: 0.01, siOffset: nil, decimals: 0, siDecimals: 2,
      referenceLow: nil, referenceHigh: 90.0,
      plausibleMin: 10.0, plausibleMax: 400.0,
      direction: .lowerIsBetter, loinc: "1884-6",
      aliases: ["apo b", "apo-b", "apo b100", "apob100", "apob-100", "apolipoprotein b100", "apolipoprotein b-100"],
      source: "Mayo Clinic Laboratories APOLB, 2018 ACC/AHA, Boston Heart; LOINC via HL7 FHIR and public code files",
      notes: "Mayo Clinic Laboratories (adults): desirable <90 (a strict bound), above desirable 90-99, borderline high 100-119, high 120-139, very high >=140 mg/dL. 2018 ACC/AHA: >=130 mg/dL is a risk enhancer; Boston Heart uses optimal <80. Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0x9D, 0xC5, 0xED, 0xA6, 0x2F, 0x9C, 0x4F, 0x2E, 0xBB, 0xD6, 0xDD, 0xC2, 0xCB, 0x9B, 0xAB, 0x9E)), key: "fasting-glucose", displayName: "Fasting Glucose",
      shortName: "Fasting Glucose", category: "metabolic", unit: "mg/dL",
      unitSynonyms: [], siUnit: "mmol/L",
      siFactor: 0.0555, siOffset: nil, decimals: 0, siDecimals: 1,
      referenceLow: 70.0, referenceHigh: 100.0,
      plausibleMin: 20.0, plausibleMax: 800.0,
      direction: .inRange, loinc: "1558-6",
      aliases: ["glucose", "blood sugar", "sugar", "fasting blood sugar", "fasting sugar", "fbs", "fbg", "fpg", "fasting blood glucose", "fasting plasma glucose", "blood glucose", "glucose fasting", "glucose level", "gluclose", "glucoce", "glukose nüchtern", "nüchternglukose", "nüchtern-glukose", "nüchternblutzucker", "blutzucker nüchtern", "bz nüchtern", "nüchtern-bz", "nbz", "glycémie à jeun", "glucose à jeun", "glicemia a digiuno", "glucemia en ayunas"],
      source: "ADA Standards of Care (Diabetes Care table), Merck Manual; LOINC via HL7 FHIR and public code files",
      notes: "ADA: normal <100 mg/dL (a strict bound; 5.6 mmol/L); prediabetes 100-125; diabetes >=126 (7.0 mmol/L), fasting >=8 h. Low bound 70 is the common lab lower limit (no ADA page read). Non-fasting glucose is LOINC 2345-7. SI factor = 1/18.016. Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0xCE, 0xB, 0xC1, 0xFB, 0x40, 0x73, 0x4D, 0xB1, 0x8B, 0x97, 0x9B, 0x1B, 0x1A, 0x9C, 0x5, 0x49)), key: "a1c", displayName: "Hemoglobin A1c",
      shortName: "A1c", category: "metabolic", unit: "%",
      unitSynonyms: ["percent", "% of total Hgb"], siUnit: "mmol/mol",
      siFactor: 10.9314, siOffset: 2.152, decimals: 1, siDecimals: 0,
      referenceLow: nil, referenceHigh: 5.7,
      plausibleMin: 3.9, plausibleMax: 20.0,
      direction: .lowerIsBetter, loinc: "4548-4",
      aliases: ["hba1c", "hb a1c", "hgb a1c", "hba1", "haemoglobin a1c", "hemaglobin a1c", "hemoglobin aic", "aic", "a1-c", "glycated hemoglobin", "glycated haemoglobin", "glycosylated hemoglobin", "glycohemoglobin", "average blood sugar", "3 month sugar", "diabetes test", "sugar average"],
      source: "ADA Standards of Care (Diabetes Care table), Merck Manual; LOINC via HL7 FHIR IG; DiaSys reference ranges (HbA1c)",
      notes: "ADA: normal <5.7% (a strict bound); prediabetes 5.7-6.4% (39-46 mmol/mol); diabetes >=6.5% (48 mmol/mol); many care plans aim below 7.0% (53 mmol/mol). Labs often print 4.0-5.6%. IFCC-reported A1c is LOINC 59261-8. Added here (reference has siFactor null): the conversion is affine, IFCC mmol/mol = (NGSP% - 2.152) / 0.09148, encoded as siOffset 2.152 and siFactor 10.9314 (= 1/0.09148); 6.5% -> 47.5, printed as 48. Key renamed from the reference's hba1c to a1c. Plausible max is an editorial typo-catching bound (unverified); plausible min 3.9%, under 20 mmol/mol (3.98%), the low end of the non-diabetic reference range (DiaSys reference ranges: 4-6%, 20-42 mmol/mol): a lower A1c is asked about, and no unit slip offers one (clinician review at stop 37: 14 was offered as 14 mmol/mol, 3.4%).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0x42, 0x50, 0xD, 0x9D, 0x73, 0xE7, 0x49, 0x7C, 0xBD, 0xA6, 0xA5, 0x54, 0x5E, 0x60, 0x7F, 0xFB)), key: "fasting-insulin", displayName: "Fasting Insulin",
      shortName: "Insulin", category: "metabolic", unit: "µIU/mL",
      unitSynonyms: ["mIU/L", "µU/mL", "mU/L", "mcIU/mL"], siUnit: "pmol/L",
      siFactor: 6.0, siOffset: nil, decimals: 1, siDecimals: 0,
      referenceLow: 2.6, referenceHigh: 24.9,
      plausibleMin: 0.2, plausibleMax: 500.0,
      direction: .inRange, loinc: "20448-7",
      aliases: ["insulin", "insulin fasting", "serum insulin", "insulin level", "insuline", "fasting insulin level"],
      source: "LabCorp interval (secondary source), Tehran Lipid & Glucose Study; LOINC via HL7 FHIR and public code files",
      notes: "No guideline range; assay-dependent. 2.6-24.9 µIU/mL is a LabCorp interval (secondary source); a population study found 2-12 in healthy adults; 'optimal' <10-12 claims are not guideline-based. µIU/mL = mIU/L. pmol/L factor convention varies: 6.00 (current consensus, used here) vs 6.945 (older); unverified. Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0x3A, 0xF5, 0x64, 0xF6, 0xC0, 0xD8, 0x41, 0xA7, 0xAA, 0x3, 0x38, 0x69, 0x95, 0xE1, 0xC8, 0x83)), key: "creatinine", displayName: "Creatinine",
      shortName: "Creatinine", category: "kidney", unit: "mg/dL",
      unitSynonyms: [], siUnit: "µmol/L",
      siFactor: 88.4, siOffset: nil, decimals: 2, siDecimals: 0,
      referenceLow: 0.6, referenceHigh: 1.3,
      plausibleMin: 0.1, plausibleMax: 25.0,
      direction: .inRange, loinc: "2160-0",
      aliases: ["creat", "creatnine", "creatinin", "creatinne", "serum creatinine", "creatinine serum", "blood creatinine", "scr", "cr", "kidney creatinine", "kreatinin", "creatinina"],
      source: "MedlinePlus creatinine blood test (read directly); LOINC via HL7 FHIR and public code files",
      notes: "Sex-specific (MedlinePlus): men 0.7-1.3 mg/dL (61.9-114.9 µmol/L), women 0.6-1.1 mg/dL (53-97.2 µmol/L); default is the union. Depends on muscle mass; enzymatic assays give slightly lower ranges (M 0.73-1.18 / F 0.55-1.02). Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0x7F, 0x16, 0x8E, 0x63, 0xE, 0x63, 0x40, 0x8D, 0x83, 0x15, 0xCF, 0x81, 0xCB, 0x57, 0x4E, 0xDE)), key: "egfr", displayName: "eGFR (Estimated Glomerular Filtration Rate)",
      shortName: "eGFR", category: "kidney", unit: "mL/min/1.73m²",
      unitSynonyms: ["mL/min/1.73 m2", "mL/min/1.73m2", "mL/min/1.73 m²", "mL/min/1,73m²", "mL/min/1.73", "mL/min/1,73"], siUnit: nil,
      siFactor: nil, siOffset: nil, decimals: 0, siDecimals: nil,
      referenceLow: 60.0, referenceHigh: nil,
      plausibleMin: 1.0, plausibleMax: 200.0,
      direction: .higherIsBetter, loinc: "98979-8",
      aliases: ["kidney function", "renal function", "gfr", "e-gfr", "estimated gfr", "estimated glomerular filtration rate", "glomerular filtration rate", "kidney filtration", "kidney filtration rate", "ckd-epi", "egfr ckd-epi", "egfr ckd-epi 2021", "ckd-epi 2021", "egfr ckd-epi 2009", "ckd-epi 2009", "egfr mdrd", "mdrd", "egfr cystatin c", "egfr cys", "egfrcys", "egfr if nonafricn am", "egfr non-afr. american", "egfr non-afr american", "egfr non-african american", "egfr non-black", "egfr nonblack", "egfr naa", "egfr non-aa"],
      source: "KDIGO 2012 GFR categories (CCJM reprint, BMJ Best Practice); LOINC via HL7 FHIR and public code files; 1,73 with a decimal comma (ISO 80000-1: the decimal sign is a comma or a point)",
      notes: "KDIGO 2012: G1 >=90 normal/high; G2 60-89 mildly decreased (not CKD without other kidney damage markers); G3a 45-59; G3b 30-44; G4 15-29; G5 <15 kidney failure. CKD = GFR <60 for >3 months or kidney damage. Declines with age. LOINC 98979-8 = CKD-EPI 2021 (race-free); older reports may use 62238-1 (CKD-EPI 2009) or 33914-3 (MDRD). Reported per 1.73 m² body surface area. Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0xE3, 0x1E, 0xB0, 0x85, 0x88, 0x5B, 0x47, 0xCA, 0xBF, 0x36, 0x37, 0x32, 0xE8, 0xC0, 0x9, 0xDF)), key: "bun", displayName: "Blood Urea Nitrogen (BUN)",
      shortName: "BUN", category: "kidney", unit: "mg/dL",
      unitSynonyms: [], siUnit: "mmol/L",
      siFactor: 0.357, siOffset: nil, decimals: 0, siDecimals: 1,
      referenceLow: 7.0, referenceHigh: 20.0,
      plausibleMin: 1.0, plausibleMax: 250.0,
      direction: .inRange, loinc: "3094-0",
      aliases: ["urea nitrogen", "blood urea nitrogen", "serum urea nitrogen", "urea n", "b.u.n."],
      source: "Mayo Clinic BUN text (copy); LOINC via HL7 FHIR IG",
      notes: "Mayo Clinic: 7-20 mg/dL (2.5-7.1 mmol/L urea); other sources 6-20, 6-24 or 10-20. Rises with age, dehydration and high protein intake. siFactor converts urea nitrogen mg/dL to urea mmol/L (x0.357). Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0x37, 0xDF, 0x2C, 0x25, 0x30, 0x13, 0x4D, 0x9D, 0x91, 0xB6, 0x27, 0x4F, 0xE8, 0x87, 0xF2, 0x17)), key: "uric-acid", displayName: "Uric Acid",
      shortName: "Uric Acid", category: "kidney", unit: "mg/dL",
      unitSynonyms: [], siUnit: "µmol/L",
      siFactor: 59.48, siOffset: nil, decimals: 1, siDecimals: 0,
      referenceLow: 2.6, referenceHigh: 7.2,
      plausibleMin: 0.5, plausibleMax: 25.0,
      direction: .inRange, loinc: "3084-1",
      aliases: ["urate", "serum urate", "uricacid", "uric", "uric acid level", "sua", "gout", "gout test", "harnsäure", "acide urique", "acido urico", "ácido úrico"],
      source: "Lab reference pages (mrlabtest, healthcheckup, droracle); LOINC via HL7 FHIR IG",
      notes: "Sex-specific: men 3.5-7.2 mg/dL, women 2.6-6.0 (other sources 3.4-7.0 / 2.4-6.0); default is the union. >6 mg/dL (360 µmol/L) is the level gout guidelines most often cite. Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0x5F, 0xE3, 0x46, 0x57, 0x36, 0xBA, 0x41, 0x79, 0xAA, 0x9D, 0xA3, 0x44, 0xE0, 0x81, 0x79, 0xD9)), key: "uacr", displayName: "Urine Albumin/Creatinine Ratio (UACR)",
      shortName: "UACR", category: "kidney", unit: "mg/g",
      unitSynonyms: ["µg/mg", "mcg/mg", "mg/g creat", "mg/g creatinine", "mcg/mg creat", "µg/mg creat", "mg/g crea", "mg/g krea", "mg/g kreatinin"], siUnit: "mg/mmol",
      siFactor: 0.113, siOffset: nil, decimals: 1, siDecimals: 1,
      referenceLow: nil, referenceHigh: 30.0,
      plausibleMin: 0.0, plausibleMax: 10000.0,
      direction: .lowerIsBetter, loinc: "9318-7",
      aliases: ["microalbumin creatinine ratio", "albumin creatinine ratio", "albumin/creatinine ratio", "acr", "urine acr", "malb/cr", "alb/creat", "albumin/creatinine", "alb/cr", "albumin/creatinine ratio, random urine", "albumin/creatinine ratio random urine", "albumin/kreatinin-quotient", "albumin-kreatinin-quotient", "albumin/kreatinin-ratio", "albumine/kreatinine ratio", "albumine-kreatinine ratio", "albumine/creatinine ratio", "albumin/creatinine ratio, urine", "albumin/creatinine ratio urine"],
      source: "KDIGO 2012 albuminuria categories (CCJM reprint, BMJ Best Practice); LOINC via HL7 FHIR and public code files",
      notes: "KDIGO albuminuria: A1 <30 mg/g (<3 mg/mmol) normal to mildly increased; A2 30-300 mg/g; A3 >300 mg/g. Spot urine. Labs also code it as 14959-1 (Microalbumin/Creatinine [Mass ratio] in Urine). Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0x9, 0x59, 0x46, 0x3A, 0x63, 0xB9, 0x49, 0xF0, 0x83, 0x73, 0x69, 0x3D, 0xD9, 0x5C, 0x7C, 0x8F)), key: "alt", displayName: "ALT (Alanine Aminotransferase)",
      shortName: "ALT", category: "liver", unit: "U/L",
      unitSynonyms: ["IU/L", "UI/L", "units/L"], siUnit: "µkat/L",
      siFactor: 0.01667, siOffset: nil, decimals: 0, siDecimals: 2,
      referenceLow: 4.0, referenceHigh: 36.0,
      plausibleMin: 1.0, plausibleMax: 10000.0,
      direction: .lowerIsBetter, loinc: "1742-6",
      aliases: ["sgpt", "alt sgpt", "sgpt alt", "alanine aminotransferase", "alanine transaminase", "alanine amino transferase", "alat", "alt level", "liver enzyme alt", "gpt", "gpt alt", "alt gpt", "glutamic pyruvic transaminase"],
      source: "MedlinePlus/A.D.A.M. ALT text (copy), Mayo Clinic; LOINC via HL7 FHIR IG; GPT, the older European name: FPnotebook Alanine Aminotransferase (aka Glutamic Pyruvate Transaminase), Healthwise test 001545 (synonyms ALT, GPT, SGPT)",
      notes: "MedlinePlus: 4-36 U/L. Wide lab variation: Mayo 7-55 U/L (adult men), Cleveland Clinic/WebMD 7-56, others 0-40/0-45; usually higher in men. Most countries report U/L rather than µkat/L. Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0x4C, 0x4C, 0x74, 0x6F, 0xF3, 0xF1, 0x4A, 0xF7, 0xBB, 0xAE, 0x50, 0x22, 0xCE, 0x25, 0x28, 0x6F)), key: "ast", displayName: "AST (Aspartate Aminotransferase)",
      shortName: "AST", category: "liver", unit: "U/L",
      unitSynonyms: ["IU/L", "UI/L", "units/L"], siUnit: "µkat/L",
      siFactor: 0.01667, siOffset: nil, decimals: 0, siDecimals: 2,
      referenceLow: 8.0, referenceHigh: 33.0,
      plausibleMin: 1.0, plausibleMax: 10000.0,
      direction: .lowerIsBetter, loinc: "1920-8",
      aliases: ["sgot", "ast sgot", "sgot ast", "aspartate aminotransferase", "aspartate transaminase", "aspartate amino transferase", "asat", "ast level", "liver enzyme ast", "got", "got ast", "ast got", "glutamic oxaloacetic transaminase"],
      source: "MedlinePlus (as quoted), Mayo Clinic; LOINC via HL7 FHIR IG; GOT, the older European name: FPnotebook Aspartate Aminotransferase (aka Glutamic oxaloacetic transaminase), EMF-Portal glossary (AST, ASAT, GOT)",
      notes: "MedlinePlus: 8-33 U/L (0.13-0.55 µkat/L). Mayo 8-48 U/L (adult men); others 10-40. Also found in muscle and heart, so rises after hard exercise. Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0xFC, 0x0, 0xD8, 0xE0, 0xF3, 0x74, 0x44, 0x2, 0xB2, 0x33, 0x74, 0x2C, 0xA2, 0x56, 0xE3, 0x60)), key: "alp", displayName: "Alkaline Phosphatase (ALP)",
      shortName: "ALP", category: "liver", unit: "U/L",
      unitSynonyms: ["IU/L", "UI/L", "units/L"], siUnit: "µkat/L",
      siFactor: 0.01667, siOffset: nil, decimals: 0, siDecimals: 1,
      referenceLow: 44.0, referenceHigh: 147.0,
      plausibleMin: 5.0, plausibleMax: 3000.0,
      direction: .inRange, loinc: "6768-6",
      aliases: ["alk phos", "alkphos", "alk phosphatase", "alkaline phos", "alkaline phosphatase", "alkaline phosphotase", "alkphase", "alp total", "liver enzyme alp", "alkalische phosphatase"],
      source: "MedlinePlus (as cited), Mayo Clinic; LOINC via HL7 FHIR IG",
      notes: "MedlinePlus: 44-147 IU/L in adults; Mayo 45-115 U/L (adult men); other labs 33-96 or 20-140. Much higher in children, adolescents and pregnancy (bone growth, placenta). Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0xED, 0xB7, 0x41, 0x3D, 0x78, 0xCC, 0x47, 0x7B, 0xAA, 0xFE, 0xFE, 0xCB, 0xDE, 0xF3, 0x81, 0x56)), key: "ggt", displayName: "GGT (Gamma-Glutamyl Transferase)",
      shortName: "GGT", category: "liver", unit: "U/L",
      unitSynonyms: ["IU/L", "UI/L", "units/L"], siUnit: "µkat/L",
      siFactor: 0.01667, siOffset: nil, decimals: 0, siDecimals: 2,
      referenceLow: 5.0, referenceHigh: 40.0,
      plausibleMin: 1.0, plausibleMax: 3000.0,
      direction: .lowerIsBetter, loinc: "2324-2",
      aliases: ["gamma gt", "gamma-gt", "ggtp", "gamma glutamyl transferase", "gamma-glutamyltransferase", "gamma glutamyl transpeptidase", "gamma-glutamyl transpeptidase", "liver enzyme ggt"],
      source: "A.D.A.M./MedlinePlus GGT text, Mayo Clinic; LOINC via HL7 FHIR IG",
      notes: "A.D.A.M./MedlinePlus: 5-40 U/L for adults. Mayo 9-48 U/L (adult men); other sources sex-specific (men 8-55/8-61, women 5-38); an older MedlinePlus version 0-51. Raised by alcohol and some drugs. Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0xAD, 0xDC, 0xC6, 0xC9, 0x77, 0x46, 0x4F, 0x20, 0x89, 0x71, 0x9F, 0x72, 0x1C, 0xDC, 0xA5, 0x12)), key: "bilirubin-total", displayName: "Bilirubin, Total",
      shortName: "Bilirubin", category: "liver", unit: "mg/dL",
      unitSynonyms: [], siUnit: "µmol/L",
      siFactor: 17.1, siOffset: nil, decimals: 1, siDecimals: 0,
      referenceLow: 0.1, referenceHigh: 1.2,
      plausibleMin: 0.05, plausibleMax: 50.0,
      direction: .lowerIsBetter, loinc: "1975-2",
      aliases: ["bilirubin", "total bilirubin", "tbil", "tbili", "t bili", "bili", "bilirubine", "billirubin", "serum bilirubin", "bilirubin gesamt", "gesamtbilirubin", "gesamt-bilirubin"],
      source: "Lab reference pages (upper limit ~1.2 mg/dL), Mayo Clinic; LOINC via HL7 FHIR IG",
      notes: "Adults: upper limit ~1.2 mg/dL (~20 µmol/L); Mayo 0.1-1.0 (adult men); other labs 0.3-1.2. The MedlinePlus figure (0.1-1.2) was not seen directly. Mild isolated elevation (1-3 mg/dL) is often benign Gilbert syndrome. Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0x8B, 0x93, 0xAF, 0x7C, 0xBA, 0x8C, 0x48, 0x9C, 0xBC, 0x67, 0xA8, 0x84, 0x2F, 0x40, 0x1F, 0x91)), key: "albumin", displayName: "Albumin",
      shortName: "Albumin", category: "liver", unit: "g/dL",
      unitSynonyms: ["gm/dL"], siUnit: "g/L",
      siFactor: 10.0, siOffset: nil, decimals: 1, siDecimals: 0,
      referenceLow: 3.4, referenceHigh: 5.4,
      plausibleMin: 1.0, plausibleMax: 7.0,
      direction: .inRange, loinc: "1751-7",
      aliases: ["serum albumin", "albumin serum", "blood albumin", "alb", "albumine"],
      source: "MedlinePlus albumin blood test (copy), Mayo Clinic; LOINC via HL7 FHIR IG",
      notes: "MedlinePlus: 3.4-5.4 g/dL (34-54 g/L); Mayo 3.5-5.0; varies by method (BCG vs BCP). Low in liver/kidney disease and malnutrition; high mainly with dehydration. Blood albumin, not urine albumin (see UACR). Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0xE3, 0xB1, 0x74, 0x7D, 0x8F, 0xFF, 0x4A, 0x3A, 0x8E, 0x6B, 0x37, 0x21, 0x6B, 0x18, 0x20, 0x76)), key: "hemoglobin", displayName: "Hemoglobin",
      shortName: "Hemoglobin", category: "blood", unit: "g/dL",
      unitSynonyms: ["gm/dL"], siUnit: "g/L",
      siFactor: 10.0, siOffset: nil, decimals: 1, siDecimals: 0,
      referenceLow: 12.0, referenceHigh: 17.2,
      plausibleMin: 3.0, plausibleMax: 25.0,
      direction: .inRange, loinc: "718-7",
      aliases: ["hgb", "hb", "haemoglobin", "hemoglobine", "hemaglobin", "heamoglobin", "haemaglobin", "hemoglobin level", "blood hemoglobin", "cbc hemoglobin", "anemia", "anemia test", "hemoglobina", "emoglobina", "total hemoglobin", "hemoglobin total", "total haemoglobin", "haemoglobin total", "total hb", "hb total", "whole blood hemoglobin", "whole blood hb"],
      source: "MedlinePlus/A.D.A.M. hemoglobin text (copy); LOINC via HL7 FHIR and public code files",
      notes: "WHO 2024: anaemia below 13.0 g/dL in men, 12.0 in non-pregnant women (glance's lower bounds; the default is 12.0, the lower of the two). MedlinePlus: men 13.8-17.2, women 12.1-15.1. Mayo: men 13.5-17.5, women 12.0-15.5. Higher at altitude and in smokers. Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0xC9, 0xEA, 0x68, 0x7F, 0xAF, 0xDC, 0x44, 0x5F, 0xA4, 0x73, 0xEC, 0x33, 0x5C, 0x60, 0x9E, 0x18)), key: "hematocrit", displayName: "Hematocrit",
      shortName: "Hematocrit", category: "blood", unit: "%",
      unitSynonyms: ["percent"], siUnit: "L/L",
      siFactor: 0.01, siOffset: nil, decimals: 1, siDecimals: 2,
      referenceLow: 36.1, referenceHigh: 50.3,
      plausibleMin: 10.0, plausibleMax: 75.0,
      direction: .inRange, loinc: "4544-3",
      aliases: ["hct", "haematocrit", "hematocrite", "hemocrit", "packed cell volume", "pcv", "crit", "cbc hematocrit"],
      source: "MedlinePlus (as cited), Mayo Clinic; LOINC via HL7 FHIR IG",
      notes: "Sex-specific (MedlinePlus): men 40.7-50.3%, women 36.1-44.3%; default is the union. Mayo: men 38.8-50%, women 34.9-44.5%. Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0xE2, 0x6, 0xA1, 0xA7, 0xAB, 0x6F, 0x47, 0x22, 0x9C, 0xC8, 0x32, 0x4, 0x32, 0xD2, 0xA6, 0xF7)), key: "wbc", displayName: "White Blood Cell Count (WBC)",
      shortName: "WBC", category: "blood", unit: "10³/µL",
      unitSynonyms: ["K/µL", "x10^3/µL", "10^3/µL", "x10E3/µL", "10*3/µL", "thou/µL", "thou/mm3", "K/mm3", "G/L", "/nL", "Gpt/L", "Tsd/µL", "Tsd./µL", "Thousand/µL"], siUnit: "10⁹/L",
      siFactor: 1.0, siOffset: nil, decimals: 1, siDecimals: 1,
      referenceLow: 4.5, referenceHigh: 11.0,
      plausibleMin: 0.1, plausibleMax: 300.0,
      direction: .inRange, loinc: "6690-2",
      aliases: ["white blood cells", "white blood cell", "white blood count", "white cell count", "white count", "white cells", "wbc count", "leukocytes", "leukocyte count", "leucocytes", "cbc white count", "wcc"],
      source: "MedlinePlus/NIH and lab reference pages (as cited); LOINC via HL7 FHIR and public code files; G/L and /nL: the SI prefixes giga (10^9) and nano (10^-9), as German-speaking labs print cell counts (BIPM SI Brochure, 9th ed., 2019, Table 7); Gpt/L (giga particles per litre, as /nL: Deximed) and Tsd./µL (thousands per µL, 10^3/µL: Labor Becker), as German reports print them",
      notes: "4,500-11,000 cells/µL = 4.5-11.0 x10³/µL (= x10⁹/L). Older MedlinePlus/NIH text 4.5-10.0; Mayo 3.5-10.5. Reports also write K/µL or thousand/µL. A value entered as 7500 most likely means 7.5 (x10³/µL). Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0x2B, 0xB1, 0xEB, 0x2C, 0xA9, 0x1A, 0x43, 0x66, 0xB8, 0xAA, 0x8C, 0x82, 0x2A, 0x9E, 0x24, 0x60)), key: "platelets", displayName: "Platelet Count",
      shortName: "Platelets", category: "blood", unit: "10³/µL",
      unitSynonyms: ["K/µL", "x10^3/µL", "10^3/µL", "x10E3/µL", "10*3/µL", "thou/µL", "thou/mm3", "K/mm3", "G/L", "/nL", "Gpt/L", "Tsd/µL", "Tsd./µL", "Thousand/µL"], siUnit: "10⁹/L",
      siFactor: 1.0, siOffset: nil, decimals: 0, siDecimals: 0,
      referenceLow: 150.0, referenceHigh: 400.0,
      plausibleMin: 1.0, plausibleMax: 2500.0,
      direction: .inRange, loinc: "777-3",
      aliases: ["plt", "plts", "platelet", "platlets", "platelet level", "thrombocytes", "thrombocyte count", "cbc platelets"],
      source: "MedlinePlus and Mount Sinai (as cited), The Blood Project; LOINC via HL7 FHIR and public code files; G/L and /nL: the SI prefixes giga (10^9) and nano (10^-9), as German-speaking labs print cell counts (BIPM SI Brochure, 9th ed., 2019, Table 7); Gpt/L (giga particles per litre, as /nL: Deximed) and Tsd./µL (thousands per µL, 10^3/µL: Labor Becker), as German reports print them",
      notes: "MedlinePlus/Mount Sinai: 150,000-400,000/µL (150-400 x10⁹/L); many labs use 150-450. A value entered as 250000 most likely means 250 (x10³/µL). Alternative LOINC 26515-7. Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0xE4, 0xCD, 0x65, 0xA5, 0x55, 0xB9, 0x49, 0x5C, 0x87, 0xF8, 0xCE, 0xDA, 0x45, 0xF3, 0xE3, 0xB3)), key: "ferritin", displayName: "Ferritin",
      shortName: "Ferritin", category: "blood", unit: "ng/mL",
      unitSynonyms: [], siUnit: "µg/L",
      siFactor: 1.0, siOffset: nil, decimals: 0, siDecimals: 0,
      referenceLow: 15.0, referenceHigh: 336.0,
      plausibleMin: 1.0, plausibleMax: 20000.0,
      direction: .inRange, loinc: "2276-4",
      aliases: ["serum ferritin", "ferritin level", "iron stores", "ferriten", "ferritine", "feritin"],
      source: "MedlinePlus-derived ranges (secondary source); LOINC via HL7 FHIR and public code files",
      notes: "WHO 2020: below 15 µg/L is iron deficiency in adults (glance's lower bound for both sexes). MedlinePlus-derived: men 24-336 ng/mL, women 11-307. Other sources: men 12-300/20-250, women 12-150/20-200. Acute-phase reactant: inflammation raises it and can mask iron deficiency. ng/mL = µg/L. Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0xFB, 0xCC, 0x38, 0x29, 0x97, 0x61, 0x46, 0x4B, 0xB3, 0x82, 0xEC, 0x13, 0x34, 0x89, 0xA4, 0xA3)), key: "tsh", displayName: "TSH (Thyroid-Stimulating Hormone)",
      shortName: "TSH", category: "thyroid", unit: "mIU/L",
      unitSynonyms: ["µIU/mL", "mU/L", "µU/mL", "mcIU/mL"], siUnit: nil,
      siFactor: nil, siOffset: nil, decimals: 2, siDecimals: nil,
      referenceLow: 0.4, referenceHigh: 4.5,
      plausibleMin: 0.001, plausibleMax: 500.0,
      direction: .inRange, loinc: "3016-3",
      aliases: ["thyroid", "thyroid function", "thyroid test", "thyroid level", "thyroid stimulating hormone", "thyroid-stimulating hormone", "thyrotropin", "tsh level", "sensitive tsh", "ultrasensitive tsh", "tsh 3rd generation", "tsh basal", "basales tsh"],
      source: "Lab and clinical reference pages, older MedlinePlus (as cited); LOINC via HL7 FHIR and public code files; TSH basal, the German reports' name for the plain TSH (Fenner Labor and MVZ Labor Oldenburg test catalogues)",
      notes: "High suggests hypothyroidism, low hyperthyroidism. Common adult ranges 0.4-4.0, 0.45-4.5 (NHANES-based) or 0.5-5.0 mIU/L; MedlinePlus versions have printed 0.4-4.0 and ~0.4-4.8. Upper limit rises with age; pregnancy uses trimester-specific ranges. µIU/mL = mIU/L, so no SI conversion. Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0xAE, 0xE1, 0xE9, 0x76, 0x21, 0x85, 0x41, 0xBF, 0x99, 0x38, 0xA0, 0xB9, 0x7C, 0x90, 0xC9, 0x18)), key: "free-t4", displayName: "Free T4 (Free Thyroxine)",
      shortName: "Free T4", category: "thyroid", unit: "ng/dL",
      unitSynonyms: [], siUnit: "pmol/L",
      siFactor: 12.87, siOffset: nil, decimals: 2, siDecimals: 1,
      referenceLow: 0.8, referenceHigh: 1.8,
      plausibleMin: 0.1, plausibleMax: 7.0,
      direction: .inRange, loinc: "3024-7",
      aliases: ["ft4", "free t-4", "free t 4", "t4 free", "free thyroxine", "thyroxine free", "free thyroxin", "free thyroid hormone", "t4 frei", "thyroxin frei", "t4 libre", "ft4 libre", "tiroxina libre", "t4 libera", "tiroxina libera", "vrij t4", "t4 free direct", "free t4 direct", "free t4 serum"],
      source: "Lab reference pages, EndocrineWeb; LOINC via HL7 FHIR IG",
      notes: "Assay-specific. Common ranges 0.8-1.8 ng/dL (several labs), 0.7-1.9 (EndocrineWeb), ~0.9-1.7 (12-22 pmol/L). MedlinePlus is often quoted as 0.9-2.3 but that was not seen directly. Total T4 (3026-2, µg/dL) is a different test, so 't4' alone is not an alias. Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0xB8, 0x6E, 0x1B, 0x74, 0xAF, 0x88, 0x40, 0xDE, 0xA9, 0xA9, 0xE3, 0x55, 0x5B, 0xC, 0xF7, 0x38)), key: "vitamin-d", displayName: "Vitamin D, 25-Hydroxy",
      shortName: "Vitamin D", category: "vitamins-minerals", unit: "ng/mL",
      unitSynonyms: ["µg/L", "mcg/L"], siUnit: "nmol/L",
      siFactor: 2.496, siOffset: nil, decimals: 0, siDecimals: 0,
      referenceLow: 20.0, referenceHigh: 50.0,
      plausibleMin: 2.0, plausibleMax: 250.0,
      direction: .inRange, loinc: "62292-8",
      aliases: ["vitamin d", "vit d", "vitd", "vitamin d total", "vitamin d 25-oh", "25-oh d", "25 oh d", "25(oh)d", "25-oh vitamin d", "25-hydroxyvitamin d", "25 hydroxy vitamin d", "calcidiol", "vitamin d3", "vit d3", "vitamine d", "sunshine vitamin", "vitamin d 25-oh total ia", "vitamin d,25-oh,total", "vitamin d, 25-hydroxy, total"],
      source: "IOM/NAM and NIH ODS categories (AHRQ table), Endocrine Society 2011; LOINC via HL7 FHIR and public code files",
      notes: "IOM/NAM and NIH ODS: <12 ng/mL (<30 nmol/L) deficient; 12-<20 inadequate; >=20 ng/mL (50 nmol/L) adequate for bone health; >50 ng/mL (125 nmol/L) potential adverse effects. The Endocrine Society (2011) used >=30 as sufficient and many labs print 30-100 ng/mL. LOINC 62292-8 = D2+D3; 1989-3 = D3 only. 1,25-dihydroxy vitamin D is a different test. Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0x29, 0x2, 0x32, 0xD2, 0x93, 0x48, 0x41, 0xFF, 0x9C, 0x4A, 0x55, 0xF0, 0x31, 0x87, 0xD5, 0xB6)), key: "b12", displayName: "Vitamin B12",
      shortName: "B12", category: "vitamins-minerals", unit: "pg/mL",
      unitSynonyms: ["ng/L"], siUnit: "pmol/L",
      siFactor: 0.7378, siOffset: nil, decimals: 0, siDecimals: 0,
      referenceLow: 200.0, referenceHigh: 900.0,
      plausibleMin: 50.0, plausibleMax: 5000.0,
      direction: .inRange, loinc: "2132-9",
      aliases: ["vit b12", "b-12", "b 12", "vitamin b-12", "vitamin b 12", "cobalamin", "cobalamine", "cyanocobalamin"],
      source: "MedlinePlus (as cited); LOINC via HL7 FHIR IG and public code files",
      notes: "MedlinePlus (as cited): 200-900 pg/mL; current MedlinePlus may print 160-950 pg/mL (unverified). Guideline cut-offs: <180-200 pg/mL deficient, 180-350 indeterminate (check MMA). High values usually reflect supplements. pg/mL = ng/L. Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0x4D, 0x9A, 0xDF, 0xF2, 0xD3, 0x43, 0x4E, 0xF, 0x84, 0x56, 0x5C, 0x66, 0x94, 0xF, 0x93, 0x61)), key: "folate", displayName: "Folate, Serum",
      shortName: "Folate", category: "vitamins-minerals", unit: "ng/mL",
      unitSynonyms: ["µg/L", "ug/L", "mcg/L"], siUnit: "nmol/L",
      siFactor: 2.266, siOffset: nil, decimals: 1, siDecimals: 1,
      referenceLow: 3.0, referenceHigh: nil,
      plausibleMin: 0.5, plausibleMax: 60.0,
      direction: .higherIsBetter, loinc: "2284-8",
      aliases: ["folic acid", "serum folate", "folate level", "vitamin b9", "vit b9", "b9", "folacin"],
      source: "Medscape reference-range text (copy), UCSF lab manual, WebMD; LOINC via HL7 FHIR and public code files",
      notes: "Biochemical deficiency <3 ng/mL (<6.7 nmol/L); UCSF: <2 low, 2-4 borderline, >4 normal. Upper limits vary widely (13, 17, 20 ng/mL) and are not clinically meaningful, so no high bound. Reflects recent intake; RBC folate is a different test. Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0xEC, 0xD7, 0x47, 0xDF, 0x9C, 0x63, 0x4B, 0x6A, 0xA6, 0x9F, 0x3A, 0x96, 0xE3, 0xB4, 0x1C, 0xC5)), key: "iron", displayName: "Iron, Serum",
      shortName: "Iron", category: "vitamins-minerals", unit: "µg/dL",
      unitSynonyms: ["mcg/dL"], siUnit: "µmol/L",
      siFactor: 0.1791, siOffset: nil, decimals: 0, siDecimals: 0,
      referenceLow: 60.0, referenceHigh: 170.0,
      plausibleMin: 5.0, plausibleMax: 1000.0,
      direction: .inRange, loinc: "2498-4",
      aliases: ["serum iron", "total iron", "blood iron", "iron level", "fe"],
      source: "MedlinePlus (as cited), lab reference pages; LOINC via HL7 FHIR and public code files",
      notes: "MedlinePlus: 60-170 mcg/dL (TIBC 240-450). Lab ranges are often sex-specific (e.g. men 50-160, women 40-150). Swings through the day and with meals; read with ferritin/TIBC. Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0xC7, 0x3D, 0x3D, 0xB2, 0x1A, 0x91, 0x4F, 0x26, 0x92, 0x2F, 0xED, 0x65, 0x9C, 0xA4, 0x8F, 0x64)), key: "sodium", displayName: "Sodium",
      shortName: "Sodium", category: "vitamins-minerals", unit: "mEq/L",
      unitSynonyms: [], siUnit: "mmol/L",
      siFactor: 1.0, siOffset: nil, decimals: 0, siDecimals: 0,
      referenceLow: 135.0, referenceHigh: 145.0,
      plausibleMin: 100.0, plausibleMax: 190.0,
      direction: .inRange, loinc: "2951-2",
      aliases: ["na", "na+", "serum sodium", "sodium serum", "sodium level", "sodum", "salt", "blood salt", "natrium", "sodio"],
      source: "NLM/MedlinePlus (as cited); LOINC via public code files",
      notes: "NLM/MedlinePlus: 135-145 mEq/L; some labs 136-144/145. mEq/L = mmol/L for sodium (the SI unit, factor 1); many US labs print mmol/L. Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0x81, 0xE9, 0xA2, 0x3B, 0x91, 0xC0, 0x46, 0x69, 0xA4, 0xAB, 0xE6, 0xCC, 0x97, 0x0, 0xD4, 0x50)), key: "potassium", displayName: "Potassium",
      shortName: "Potassium", category: "vitamins-minerals", unit: "mEq/L",
      unitSynonyms: [], siUnit: "mmol/L",
      siFactor: 1.0, siOffset: nil, decimals: 1, siDecimals: 1,
      referenceLow: 3.7, referenceHigh: 5.2,
      plausibleMin: 1.5, plausibleMax: 10.0,
      direction: .inRange, loinc: "2823-3",
      aliases: ["k", "k+", "serum potassium", "potassium serum", "potassium level", "potasium", "potassuim", "potassim", "kalium", "potasio", "potassio"],
      source: "NLM/MedlinePlus (as cited); LOINC via public code files",
      notes: "NLM/MedlinePlus: 3.7-5.2 mEq/L; many labs use 3.5-5.0 or 3.5-5.1. Falsely high with haemolysed samples. mEq/L = mmol/L (the SI unit, factor 1). Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0xCD, 0x30, 0x84, 0x23, 0x9, 0x1E, 0x4E, 0x93, 0xAD, 0x5B, 0xEC, 0x83, 0x7B, 0xF4, 0x9C, 0xFA)), key: "calcium", displayName: "Calcium",
      shortName: "Calcium", category: "vitamins-minerals", unit: "mg/dL",
      unitSynonyms: [], siUnit: "mmol/L",
      siFactor: 0.2495, siOffset: nil, decimals: 1, siDecimals: 2,
      referenceLow: 8.5, referenceHigh: 10.2,
      plausibleMin: 4.0, plausibleMax: 18.0,
      direction: .inRange, loinc: "17861-6",
      aliases: ["ca", "total calcium", "calcium total", "serum calcium", "calcium level", "calcuim", "kalzium", "calcio"],
      source: "MedlinePlus (as cited); LOINC via HL7 FHIR and public code files",
      notes: "Total calcium. MedlinePlus: 8.5-10.2 mg/dL; other labs 8.6-10.3. Depends on albumin; ionized calcium is a separate test. Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0x6D, 0xE9, 0xE8, 0xD6, 0x48, 0xFC, 0x43, 0xF4, 0x89, 0x81, 0x56, 0xA9, 0x56, 0x9D, 0xB1, 0xC)), key: "magnesium", displayName: "Magnesium",
      shortName: "Magnesium", category: "vitamins-minerals", unit: "mg/dL",
      unitSynonyms: [], siUnit: "mmol/L",
      siFactor: 0.4114, siOffset: nil, decimals: 1, siDecimals: 2,
      referenceLow: 1.7, referenceHigh: 2.2,
      plausibleMin: 0.5, plausibleMax: 10.0,
      direction: .inRange, loinc: "19123-9",
      aliases: ["mg", "mag", "serum magnesium", "magnesium level", "magnesuim", "magnisium", "magnesim"],
      source: "A.D.A.M./MedlinePlus magnesium text; LOINC via public code files",
      notes: "MedlinePlus/A.D.A.M.: 1.7-2.2 mg/dL; other sources 1.6-2.6 mg/dL (0.65-1.05 mmol/L). Serum holds <1% of body magnesium. Molar-unit LOINC is 2601-3. Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0x5B, 0xD9, 0x4, 0xEB, 0xA7, 0xD3, 0x42, 0x0, 0xA1, 0x5C, 0xCE, 0x11, 0x2B, 0x8E, 0x32, 0xB6)), key: "hs-crp", displayName: "hs-CRP (High-Sensitivity C-Reactive Protein)",
      shortName: "hs-CRP", category: "inflammation", unit: "mg/L",
      unitSynonyms: ["µg/mL", "mcg/mL"], siUnit: nil,
      siFactor: nil, siOffset: nil, decimals: 1, siDecimals: nil,
      referenceLow: nil, referenceHigh: 3.0,
      plausibleMin: 0.01, plausibleMax: 500.0,
      direction: .lowerIsBetter, loinc: "30522-7",
      aliases: ["hscrp", "hs crp", "high sensitivity crp", "high-sensitivity c-reactive protein", "cardiac crp", "crp cardiac", "cardio crp"],
      source: "AHA/CDC risk categories, 2018 ACC/AHA, Mayo Clinic; LOINC via HL7 FHIR and public code files",
      notes: "AHA/CDC cardiovascular risk: <1.0 mg/L low, 1.0-3.0 average, >3.0 high. 2018 ACC/AHA: >=2.0 mg/L is a risk enhancer. >=10 mg/L usually reflects acute infection or inflammation: repeat when well. Standard CRP (LOINC 1988-5) is a different test, sometimes in mg/dL (x10 = mg/L); 'crp' is an alias here because people say it. mg/L is used internationally, so no SI conversion. Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0xF5, 0xE9, 0x12, 0xFA, 0x7E, 0x1C, 0x42, 0xC3, 0xAF, 0x6F, 0x2C, 0x3A, 0x17, 0x9B, 0x48, 0x9C)), key: "bp-systolic", displayName: "Blood Pressure (Systolic)",
      shortName: "Systolic BP", category: "vitals-body", unit: "mmHg",
      unitSynonyms: ["mm Hg"], siUnit: nil,
      siFactor: nil, siOffset: nil, decimals: 0, siDecimals: nil,
      referenceLow: 90.0, referenceHigh: 120.0,
      plausibleMin: 50.0, plausibleMax: 280.0,
      direction: .inRange, loinc: "8480-6",
      aliases: ["systolic", "sbp", "top number", "upper number", "first number", "systolic blood pressure", "systolic pressure", "systolic bp", "sys", "systolc", "upper blood pressure", "upper bp", "top blood pressure"],
      source: "2017 ACC/AHA categories (BMC reprint), hypotension <90/60; LOINC via HL7 FHIR vital signs",
      notes: "2017 ACC/AHA: normal <120 (a strict bound) with diastolic <80; elevated 120-129; stage 1 130-139; stage 2 >=140; crisis >=180. Older JNC7 used 140 for stage 1. Low bound 90 = common hypotension definition (<90/60), relevant mainly with symptoms. SI (kPa) unused, so no SI unit. Moved from Heart to Vitals & Body. Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0x7, 0x42, 0xD, 0x58, 0x29, 0xE2, 0x40, 0x32, 0xAF, 0xE4, 0x21, 0x35, 0x63, 0x78, 0x40, 0xEF)), key: "bp-diastolic", displayName: "Blood Pressure (Diastolic)",
      shortName: "Diastolic BP", category: "vitals-body", unit: "mmHg",
      unitSynonyms: ["mm Hg"], siUnit: nil,
      siFactor: nil, siOffset: nil, decimals: 0, siDecimals: nil,
      referenceLow: 60.0, referenceHigh: 80.0,
      plausibleMin: 20.0, plausibleMax: 180.0,
      direction: .inRange, loinc: "8462-4",
      aliases: ["diastolic", "dbp", "bottom number", "lower number", "second number", "diastolic blood pressure", "diastolic pressure", "diastolic bp", "dia", "diastolc", "lower blood pressure", "lower bp", "bottom blood pressure"],
      source: "2017 ACC/AHA categories (BMC reprint), hypotension <90/60; LOINC via HL7 FHIR vital signs",
      notes: "2017 ACC/AHA: normal <80 (a strict bound); stage 1 80-89; stage 2 >=90; crisis >=120. Low bound 60 = common hypotension definition. SI (kPa) unused, so no SI unit. Moved from Heart to Vitals & Body. Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0xE6, 0xE1, 0xEC, 0xED, 0xDF, 0x54, 0x40, 0x89, 0xA8, 0x53, 0x36, 0x2E, 0xCE, 0x55, 0x72, 0x8A)), key: "resting-hr", displayName: "Resting Heart Rate",
      shortName: "Heart Rate", category: "vitals-body", unit: "bpm",
      unitSynonyms: ["beats/min", "/min", "beats per minute"], siUnit: nil,
      siFactor: nil, siOffset: nil, decimals: 0, siDecimals: nil,
      referenceLow: 50.0, referenceHigh: 100.0,
      plausibleMin: 20.0, plausibleMax: 220.0,
      direction: .inRange, loinc: "40443-4",
      aliases: ["heart rate", "resting hr", "rhr", "hr", "pulse", "resting pulse", "pulse rate", "heartrate", "resting heartrate", "heart beat"],
      source: "AHA/Mayo Clinic (via copies); LOINC via HL7 FHIR vital signs",
      notes: "AHA/Mayo: 60-100 bpm for adults; trained athletes can be ~40 bpm without disease; population studies often use 50 as the low cut-off, which glance uses. LOINC 40443-4 = resting heart rate; generic heart rate is 8867-4. Moved from Heart to Vitals & Body. Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0x31, 0x41, 0x58, 0x91, 0x76, 0x64, 0x48, 0x38, 0x87, 0x89, 0x13, 0xC2, 0xC0, 0xC5, 0xF2, 0xE3)), key: "weight", displayName: "Body Weight",
      shortName: "Weight", category: "vitals-body", unit: "lb",
      unitSynonyms: ["lbs", "pounds", "pound"], siUnit: "kg",
      siFactor: 0.45359237, siOffset: nil, decimals: 1, siDecimals: 1,
      referenceLow: nil, referenceHigh: nil,
      plausibleMin: 50.0, plausibleMax: 800.0,
      direction: .inRange, loinc: "29463-7",
      aliases: ["wt", "body wt", "bodyweight", "weigth", "wieght", "weigh in", "scale weight", "my weight", "gewicht", "körpergewicht", "poids", "peso corporal"],
      source: "No population range; LOINC via HL7 FHIR vital signs",
      notes: "No population reference range: a healthy weight depends on height (see BMI) and the person's goal, so direction is inRange and the person sets a target range. 1 lb = 0.45359237 kg exactly. Moved from Metabolic to Vitals & Body. Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0x7E, 0x1C, 0xEB, 0xD7, 0x3E, 0x96, 0x44, 0x89, 0xB4, 0xC1, 0xE3, 0xC, 0x4C, 0x9D, 0xE6, 0x1B)), key: "bmi", displayName: "Body Mass Index (BMI)",
      shortName: "BMI", category: "vitals-body", unit: "kg/m²",
      unitSynonyms: ["kg/m2", "kg/m^2"], siUnit: nil,
      siFactor: nil, siOffset: nil, decimals: 1, siDecimals: nil,
      referenceLow: 18.5, referenceHigh: 25.0,
      plausibleMin: 10.0, plausibleMax: 100.0,
      direction: .inRange, loinc: "39156-5",
      aliases: ["body mass index", "body-mass index", "b.m.i.", "bmi index", "quetelet index"],
      source: "NHLBI BMI categories (via copies of the NIH Practical Guide); LOINC via HL7 FHIR vital signs",
      notes: "NHLBI: underweight <18.5; normal 18.5-24.9; overweight 25-29.9; obesity I 30-34.9, II 35-39.9, III >=40. Lower cut-points are used for Asian populations (values unverified). BMI = kg/m² = 703 x lb/in². Moved from Metabolic to Vitals & Body. Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0xB4, 0xA3, 0xD0, 0x38, 0xCD, 0x62, 0x47, 0xAE, 0xAE, 0x6C, 0x81, 0xEF, 0xAB, 0x9D, 0x9, 0x3A)), key: "waist", displayName: "Waist Circumference",
      shortName: "Waist", category: "vitals-body", unit: "in",
      unitSynonyms: ["inches", "inch", "in."], siUnit: "cm",
      siFactor: 2.54, siOffset: nil, decimals: 1, siDecimals: 1,
      referenceLow: nil, referenceHigh: 40.0,
      plausibleMin: 15.0, plausibleMax: 90.0,
      direction: .lowerIsBetter, loinc: "8280-0",
      aliases: ["waistline", "waist line", "waist size", "waist measurement", "waist girth", "abdominal circumference", "belly size", "wc"],
      source: "NHLBI waist cut-offs (via copies of the NIH Practical Guide); LOINC via HL7 FHIR and public code files",
      notes: "Sex-specific (NHLBI): increased risk above 40 in (102 cm) for men and above 35 in (88 cm) for women; default uses the men's value, women may set 35. LOINC 8280-0 = at umbilicus by tape measure (56086-2 is an alternative protocol code). Moved from Metabolic to Vitals & Body. Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    markers.append(MarkerDefinition(
      id: UUID(uuid: (0x74, 0x63, 0x2A, 0xE3, 0x7C, 0x64, 0x41, 0xE8, 0x8F, 0xE2, 0xCC, 0xFD, 0xA9, 0xCE, 0x4D, 0x6B)), key: "psa", displayName: "PSA (Prostate-Specific Antigen)",
      shortName: "PSA", category: "prostate", unit: "ng/mL",
      unitSynonyms: [], siUnit: "µg/L",
      siFactor: 1.0, siOffset: nil, decimals: 1, siDecimals: 1,
      referenceLow: nil, referenceHigh: 4.0,
      plausibleMin: 0.0, plausibleMax: 2000.0,
      direction: .lowerIsBetter, loinc: "2857-1",
      aliases: ["prostate specific antigen", "prostate-specific antigen", "total psa", "psa total", "serum psa", "psa level", "prostate", "prostate test", "psa gesamt", "gesamt psa", "prostate specific ag"],
      source: "A.D.A.M./MedlinePlus PSA text (copy), NCI/ACS wording; LOINC via HL7 FHIR and public code files; \"PSA gesamt\": German for total PSA",
      notes: "Men only. Traditional cut-off 4.0 ng/mL (4-10 borderline, >10 high), but there is no safe threshold: cancer occurs below 4 and many men above 4 have none; age-specific cut-offs are used and the trend over time matters. Near undetectable after prostatectomy. ng/mL = µg/L. Plausible min/max are editorial typo-catching bounds (unverified).",
      isSystemDefined: true))
    return markers
  }
}
