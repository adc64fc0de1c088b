extension ClinicalRules {
  /// The reference change value (Fraser 2001; Clin Chem Lab Med 2012;50:807): the smallest
  /// difference between two results, in percent, that is more than within-person biological
  /// variation (`cvi`) and analytical imprecision (`cva`) at 95% two-sided (Z 1.96). Without a
  /// published analytical CV, the desirable imprecision ½ CVI is assumed (Ricós et al., Scand J
  /// Clin Lab Invest 2004;64:175).
  static func rcv(cvi: Double, cva: Double? = nil) -> Double {
    let analytical = cva ?? cvi / 2
    return 2.0.squareRoot() * 1.96 * (cvi * cvi + analytical * analytical).squareRoot()
  }

  static let nhlbi = "NHLBI ATP III (2002)"
  static let acc2017 = "2017 ACC/AHA blood pressure guideline"

  /// One row per library marker; every figure with its source.
  static let table: [ClinicalRule] = [
    ClinicalRule(
      key: "total-cholesterol", highStrict: true, minimumChangePercent: rcv(cvi: 6.1),
      source: "\(nhlbi): desirable <200 mg/dL. CVI 6.1% (Smith et al., Clin Chem 1993, meta-analysis)."),
    ClinicalRule(
      key: "ldl", highStrict: true, minimumChangePercent: rcv(cvi: 9.5),
      source: "\(nhlbi): optimal <100 mg/dL. CVI 9.5% (Smith et al., Clin Chem 1993)."),
    ClinicalRule(
      key: "hdl", minimumChangePercent: rcv(cvi: 7.4),
      male: ReferenceRange(low: 40, high: nil), female: ReferenceRange(low: 50, high: nil),
      source:
        "\(nhlbi): low is <40 mg/dL (men), <50 (women). CVI 7.4% (Smith et al., Clin Chem 1993). Men ≥40, women ≥50 (NHLBI; metabolic-syndrome criteria)."
    ),
    ClinicalRule(
      key: "triglycerides", highStrict: true, criticalHigh: .atLeast(1000), minimumChangePercent: rcv(cvi: 22.6),
      source:
        "\(nhlbi): normal <150 mg/dL. CVI 22.6% (Smith et al., Clin Chem 1993). Critical: ≥1000 mg/dL, the Endocrine Society 2012 guideline's severe hypertriglyceridemia (1000–1999 mg/dL; Berglund et al., JCEM 2012;97:2969), a risk for pancreatitis."
    ),
    ClinicalRule(
      key: "non-hdl", highStrict: true,
      source: "Cleveland Clinic adult table (copy): desirable <130 mg/dL. No biological-variation source read."),
    ClinicalRule(
      key: "lpa", highStrict: true, minimumChangePercent: 31.6,
      source:
        "2018 ACC/AHA cholesterol guideline: ≥50 mg/dL is a risk-enhancing factor. RCV +31.6% (Antwi et al., Ann Clin Biochem 2025)."
    ),
    ClinicalRule(
      key: "apob", highStrict: true, minimumChangePercent: rcv(cvi: 6.4),
      source: "Mayo Clinic Laboratories: desirable <90 mg/dL. CVI 6.4% (Kafonek et al., Clin Chem 1992)."),
    ClinicalRule(
      key: "fasting-glucose", highStrict: true, criticalLow: .atMost(50), criticalHigh: .atLeast(400),
      minimumChangePercent: rcv(cvi: 5.0), siRange: ReferenceRange(low: 3.9, high: 5.6, highStrict: true),
      source:
        "ADA Standards of Care: normal fasting glucose <100 mg/dL (5.6 mmol/L); ADA pairs 70 mg/dL with 3.9 mmol/L (hypoglycemia level 1). In mmol/L: 3.9 to <5.6. CVI 5.0% (EFLM meta-analysis of glucose and HbA1c biological variation). Critical: ≤50 / ≥400 mg/dL (Houston Methodist, WakeMed lists; Kost, JAMA 1990 (survey means): 46 / 484)."
    ),
    ClinicalRule(
      key: "a1c", highStrict: true, minimumChangePercent: rcv(cvi: 1.2),
      siRange: ReferenceRange(low: nil, high: 39, highStrict: true),
      source:
        "ADA Standards of Care: normal <5.7% (39 mmol/mol); in mmol/mol: <39 (prediabetes 39–47). CVI 1.2% (EFLM meta-analysis of glucose and HbA1c biological variation)."
    ),
    ClinicalRule(
      key: "fasting-insulin", minimumChangePercent: rcv(cvi: 26),
      source: "LabCorp reference interval (secondary). CVI 26% (Clin Chem 1999;45:561)."),
    ClinicalRule(
      key: "creatinine", criticalHigh: .atLeast(6.0), minimumChangePercent: 14.3,
      male: ReferenceRange(low: 0.7, high: 1.3), female: ReferenceRange(low: 0.6, high: 1.1),
      source:
        "MedlinePlus reference range. RCV 14.26% (Jaffe; Clin Lab 2022, doi 10.7754/Clin.Lab.2022.220524). Critical: ≥6.0 mg/dL (Starling list; Kost 1990 mean 7.4). MedlinePlus: men 0.7–1.3, women 0.6–1.1 mg/dL."
    ),
    ClinicalRule(
      key: "egfr", criticalLow: .below(15), minimumChangePercent: 16.5,
      source:
        "KDIGO 2012: GFR categories G1 ≥90, G2 60–89. RCV ±16.5% (Front Med 2022, doi 10.3389/fmed.2022.1009358). Critical: <15, KDIGO 2012's G5, kidney failure (a guideline category; laboratory critical-value lists do not list eGFR)."
    ),
    ClinicalRule(
      key: "bun", criticalHigh: .atLeast(100), minimumChangePercent: rcv(cvi: 9),
      source:
        "Mayo Clinic reference range. CVI 9–12% (Cotlove et al., Clin Chem 1970); the lower figure is used. Critical: ≥100 mg/dL (Starling, Sunrise lists; Kost 1990 mean 104)."
    ),
    ClinicalRule(
      key: "uric-acid", minimumChangePercent: rcv(cvi: 9),
      male: ReferenceRange(low: 3.5, high: 7.2), female: ReferenceRange(low: 2.6, high: 6.0),
      source:
        "MedlinePlus reference range. CVI 9–12% (Cotlove et al., Clin Chem 1970); the lower figure is used. Reference file: men 3.5–7.2, women 2.6–6.0 mg/dL (the current A.D.A.M. text prints 4.0–8.6 and 3.0–7.1)."
    ),
    ClinicalRule(
      key: "uacr", highStrict: true, minimumChangePercent: 83,
      siRange: ReferenceRange(low: nil, high: 3, highStrict: true),
      source:
        "KDIGO 2012: A1 <30 mg/g (<3 mg/mmol), A2 30–300 (3–30 mg/mmol); the two are rounded separately, so mg/mmol is judged by <3. Day-to-day RCV ±83% to ±467% (Am J Kidney Dis 2013;62:1095); the smallest is used."
    ),
    ClinicalRule(
      key: "alt", criticalHigh: .above(540), minimumChangePercent: rcv(cvi: 9.3), flagsLow: false,
      source:
        "MedlinePlus reference range; the library's direction is lower-is-better, so a value under the lab's lower limit is not flagged. CVI 9.3% (EuBIVAS, Carobene et al., Clin Chem 2017). Critical: >15× the upper limit (RCPath 2017 guidance, via hospital tables)."
    ),
    ClinicalRule(
      key: "ast", criticalHigh: .above(495), minimumChangePercent: rcv(cvi: 9.5), flagsLow: false,
      source:
        "MedlinePlus reference range; lower-is-better, a value under the lower limit is not flagged. CVI 9.5% (EuBIVAS, Carobene et al., Clin Chem 2017). Critical: >15× the upper limit (RCPath 2017 guidance, via hospital tables)."
    ),
    ClinicalRule(
      key: "alp", minimumChangePercent: rcv(cvi: 5.3),
      source: "MedlinePlus reference range. CVI 5.3% (EuBIVAS, Carobene et al., Clin Chem 2017)."),
    ClinicalRule(
      key: "ggt", minimumChangePercent: rcv(cvi: 8.9), flagsLow: false,
      source:
        "A.D.A.M./MedlinePlus reference range; lower-is-better, a value under the lower limit is not flagged. CVI 8.9% (EuBIVAS, Carobene et al., Clin Chem 2017)."
    ),
    ClinicalRule(
      key: "bilirubin-total", criticalHigh: .atLeast(10), flagsLow: false,
      source:
        "Reference range 0.1–1.2 mg/dL; lower-is-better, a value under the lower limit is not flagged. No biological-variation figure read. Critical: ≥10 mg/dL (Starling, Sunrise lists; Kost 1990 mean 15)."
    ),
    ClinicalRule(
      key: "albumin", minimumChangePercent: rcv(cvi: 3),
      source: "MedlinePlus reference range. CVI 3–4% (Cotlove et al., Clin Chem 1970); the lower figure is used."),
    ClinicalRule(
      key: "hemoglobin", criticalLow: .atMost(7.0), criticalHigh: .atLeast(20.0), minimumChangePercent: rcv(cvi: 2.8),
      male: ReferenceRange(low: 13.0, high: 17.2), female: ReferenceRange(low: 12.0, high: 15.1),
      source:
        "MedlinePlus reference range. CVI 2.8% (Arch Pathol Lab Med 1992;116:825). Critical: ≤7.0 / ≥20.0 g/dL (Houston Methodist, Mayo; Kost, JAMA 1990 (survey means): 6.6 / 19.9). WHO 2024 haemoglobin cut-offs: anaemia below 13.0 g/dL in men, 12.0 in non-pregnant women; upper limits MedlinePlus (men 17.2, women 15.1)."
    ),
    ClinicalRule(
      key: "hematocrit", criticalLow: .atMost(20), criticalHigh: .atLeast(60), minimumChangePercent: rcv(cvi: 2.9),
      male: ReferenceRange(low: 40.7, high: 50.3), female: ReferenceRange(low: 36.1, high: 44.3),
      source:
        "MedlinePlus reference range. CVI 2.9% (Arch Pathol Lab Med 1992;116:825). Critical: ≤20 / ≥60% (Starling; Kost, JAMA 1990 (survey means): 18 / 61). MedlinePlus: men 40.7–50.3%, women 36.1–44.3%."
    ),
    ClinicalRule(
      key: "wbc", criticalLow: .atMost(2.0), criticalHigh: .atLeast(40), minimumChangePercent: rcv(cvi: 10.8),
      source:
        "Reference range 4.5–11.0. CVI 10.8% men, 15.7% women (Arch Pathol Lab Med 1992;116:825). Critical: ≤2.0 / ≥40 (ARUP; Kost, JAMA 1990 (survey means): 2.0 / 37)."
    ),
    ClinicalRule(
      key: "platelets", criticalLow: .atMost(40), criticalHigh: .atLeast(1000), minimumChangePercent: rcv(cvi: 6.7),
      source:
        "MedlinePlus reference range. CVI 6.7% men, 8.6% women (Arch Pathol Lab Med 1992;116:825). Critical: ≤40 / ≥1000 (Mayo Clinic Laboratories; Kost, JAMA 1990 (survey means): 37 / 910)."
    ),
    ClinicalRule(
      key: "ferritin", minimumChangePercent: 18.3,
      male: ReferenceRange(low: 15, high: 336), female: ReferenceRange(low: 15, high: 307),
      source:
        "MedlinePlus reference range. RCV 18.3% (Cokluk et al., Clin Lab 2021). WHO 2020 ferritin guideline: below 15 µg/L is iron deficiency in adults; upper limits MedlinePlus (men 336, women 307)."
    ),
    ClinicalRule(
      key: "tsh", criticalHigh: .above(100), minimumChangePercent: 54.7,
      source:
        "Reference range 0.4–4.5 mIU/L. CVI 17.7% (EuBIVAS, Bottani et al., CCLM 2022); RCV 54.7% (Mairesse et al., Clin Endocrinol 2021). Critical: >100 mIU/L (MaineGeneral test catalog; one source)."
    ),
    ClinicalRule(
      key: "free-t4", criticalHigh: .atLeast(5.1), minimumChangePercent: 16.2,
      source:
        "Reference range 0.8–1.8 ng/dL. RCV 16.2% (Mairesse et al., Clin Endocrinol 2021). Critical: ≥5.1 ng/dL (Houston Methodist list)."
    ),
    ClinicalRule(
      key: "vitamin-d", minimumChangePercent: 24.7,
      source: "IOM/NAM 2011 and NIH ODS: ≥20 ng/mL adequate. RCV 24.7% (Cokluk et al., Clin Lab 2021)."),
    ClinicalRule(
      key: "b12", minimumChangePercent: 23.4,
      source: "MedlinePlus reference range. RCV 23.4% (Cokluk et al., Clin Lab 2021)."),
    ClinicalRule(
      key: "folate", minimumChangePercent: 31.4,
      source: "Lower limit 3 ng/mL. RCV 31.4% (Cokluk et al., Clin Lab 2021)."),
    ClinicalRule(
      key: "iron", minimumChangePercent: 74.9,
      source: "Reference range 60–170 µg/dL. RCV 74.9% (Cokluk et al., Clin Lab 2021)."),
    ClinicalRule(
      key: "sodium", criticalLow: .atMost(120), criticalHigh: .atLeast(160), minimumChangePercent: rcv(cvi: 2),
      source:
        "Reference range 135–145. CVI under 2% (Cotlove et al., Clin Chem 1970); 2% is used. Critical: ≤120 / ≥160 (WakeMed; Kost, JAMA 1990 (survey means): 120 / 158)."
    ),
    ClinicalRule(
      key: "potassium", criticalLow: .atMost(2.8), criticalHigh: .atLeast(6.2), minimumChangePercent: rcv(cvi: 5),
      source:
        "NLM/MedlinePlus range 3.7–5.2. CVI 5–7% (Cotlove et al., Clin Chem 1970); the lower figure is used. Critical: ≤2.8 / ≥6.2 (UIHC; Kost, JAMA 1990 (survey means): 2.8 / 6.2; RCPA-AACB >6.2)."
    ),
    ClinicalRule(
      key: "calcium", criticalLow: .atMost(6.5), criticalHigh: .atLeast(13.0), minimumChangePercent: rcv(cvi: 2),
      source:
        "Reference range 8.5–10.2 mg/dL. CVI under 2% (Cotlove et al., Clin Chem 1970); 2% is used. Critical: ≤6.5 / ≥13.0 mg/dL (Houston Methodist; Kost, JAMA 1990 (survey means): 6.6 / 12.9)."
    ),
    ClinicalRule(
      key: "magnesium", criticalLow: .atMost(1.0), criticalHigh: .atLeast(4.5), minimumChangePercent: rcv(cvi: 2),
      source:
        "Reference range 1.7–2.2 mg/dL. CVI under 2% (Cotlove et al., Clin Chem 1970); 2% is used. Critical: ≤1.0 / ≥4.5 mg/dL (Houston Methodist; Kost, JAMA 1990 (survey means): 1.0 / 4.9)."
    ),
    ClinicalRule(
      key: "hs-crp", minimumChangePercent: 118,
      source:
        "AHA/CDC 2003: <1 low, 1–3 average, >3 mg/L high. Critical difference 118% (Macy et al., Clin Chem 1997;43:52)."
    ),
    ClinicalRule(
      key: "bp-systolic", highStrict: true, criticalHigh: .atLeast(180), minimumChangePercent: rcv(cvi: 7.0, cva: 0),
      stages: [
        ClinicalRule.Stage(from: 120, words: "elevated", isWatch: true),
        ClinicalRule.Stage(from: 130, words: "stage 1 range"),
        ClinicalRule.Stage(from: 140, words: "stage 2 range"),
      ],
      source:
        "\(acc2017): normal <120, elevated 120–129, stage 1 130–139, stage 2 ≥140 mmHg. Home day-to-day SD 8.6 mmHg at 123 (7.0%; Ohasama study, Kato et al.). Crisis: 180 or higher (AHA blood pressure chart; the guideline text reads >180)."
    ),
    ClinicalRule(
      key: "bp-diastolic", highStrict: true, criticalHigh: .atLeast(120), minimumChangePercent: rcv(cvi: 7.7, cva: 0),
      stages: [
        ClinicalRule.Stage(from: 80, words: "stage 1 range"),
        ClinicalRule.Stage(from: 90, words: "stage 2 range"),
      ],
      source:
        "\(acc2017): normal <80, stage 1 80–89, stage 2 ≥90 mmHg. Home day-to-day SD 5.8 mmHg at 76 (7.7%; Ohasama study, Kato et al.). Crisis: 120 or higher (AHA blood pressure chart; the guideline text reads >120)."
    ),
    ClinicalRule(
      key: "resting-hr", criticalLow: .atMost(40), criticalHigh: .atLeast(131),
      source:
        "AHA/Mayo 60–100 bpm; population studies use 50 as the low cut-off and trained athletes rest near 40 (markers-reference.json), so 50 is the low bound. No biological-variation figure read. Critical: ≤40 / ≥131 bpm (NEWS2, Royal College of Physicians 2017: a red score)."
    ),
    ClinicalRule(key: "weight", source: "No reference range; no biological-variation figure read."),
    ClinicalRule(
      key: "bmi", highStrict: true,
      source:
        "NHLBI: normal 18.5–24.9, overweight from 25 (a strict bound: 24.95 is normal). No biological-variation figure read."
    ),
    ClinicalRule(
      key: "waist", male: ReferenceRange(low: nil, high: 40), female: ReferenceRange(low: nil, high: 35),
      source:
        "NHLBI: high above 40 in (men), 35 in (women). No biological-variation figure read. NHLBI: above 40 in (men) or 35 in (women)."
    ),
    ClinicalRule(
      key: "psa", minimumChangePercent: rcv(cvi: 6.8),
      source:
        "≤4.0 ng/mL common cut-off (no safe threshold, NCI). CVI 6.8% (EuBIVAS, Carobene et al., Clin Chim Acta 2018)."
    ),
  ]
}
