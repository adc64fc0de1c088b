/// Every command's name, options and help text: the one place `--help`, `glance help COMMAND`
/// and the parser read from.
struct CommandInfo {
  var name: String
  var usage: String
  var summary: String
  var details: String = ""
  var options: [(String, String)] = []
  var examples: [String] = []
  var spec = OptionSpec()
}

enum CommandCatalog {
  static let yes = ("-y, --yes", "Answer yes to every question (needed when there is no terminal to ask on).")

  static let all: [CommandInfo] = [
    CommandInfo(
      name: "home", usage: "glance",
      summary: "Every tracked marker on one line: status, latest value, trend, date.",
      details: "Run with no command. With nothing tracked yet it points you to `glance setup` and `glance demo`."),
    CommandInfo(
      name: "setup", usage: "glance setup [--markers hdl,ldl,…]",
      summary: "Choose the markers you want to follow (3 short steps).",
      details:
        "On a terminal it asks: pick markers by category number or by typing a search, then add a marker of your own if you like. --markers does it in one line and takes the same words as `add` (`bp` tracks both blood-pressure numbers).",
      options: [("--markers LIST", "Comma-separated markers to track, e.g. hdl,ldl,a1c,bp.")],
      examples: ["glance setup", "glance setup --markers hdl,ldl,a1c,bp,weight"],
      spec: OptionSpec(valued: ["markers"])),
    CommandInfo(
      name: "add", usage: "glance add MARKER VALUE [UNIT] [--date D] [--note N] [--yes]",
      summary: "Record one reading.",
      details:
        "MARKER is a key, name or everyday word (`hdl`, \"good cholesterol\", `a1c`). VALUE is a number as the lab printed it (`89`, `5.6`, `<0.5`). A UNIT other than the marker's own is converted (`ldl 3.2 mmol/L`). `bp 120/80` records both blood-pressure numbers. Unusual values, likely slips and duplicates are asked about before anything is saved.",
      options: [
        ("--date D", "Date of the test: 2025-02-15, today, yesterday, \"3 days ago\", \"Feb 15\". Default: today."),
        ("--note N", "A note to keep with the reading."), yes,
      ],
      examples: [
        "glance add hdl 89", "glance add \"good cholesterol\" 89 --date 2025-02-15", "glance add ldl 3.2 mmol/L",
        "glance add bp 128/82 --note \"after coffee\"", "glance add psa \"<0.1\"",
      ],
      spec: OptionSpec(valued: ["date", "note"], flags: ["yes"], short: [("y", "yes")])),
    CommandInfo(
      name: "batch", usage: "glance batch [--date D] [MARKER=VALUE …]",
      summary: "Record a lab panel: one date, many values.",
      details:
        "With MARKER=VALUE pairs it records them all. With none, on a terminal it asks for each tracked marker in turn (Enter skips); with input piped in it reads `MARKER VALUE` lines. All or nothing: if one value is refused, none is saved.",
      options: [("--date D", "Date of the panel (default: today)."), yes],
      examples: [
        "glance batch --date 2025-02-15 hdl=62 ldl=131 triglycerides=150 a1c=5.9", "glance batch < panel.txt",
      ],
      spec: OptionSpec(valued: ["date"], flags: ["yes"], short: [("y", "yes")])),
    CommandInfo(
      name: "show", usage: "glance show MARKER [--since D]",
      summary: "A marker's trend chart, every reading, and a one-line summary.",
      options: [("--since D", "Only readings from this date on (\"1 year ago\", 2023-01-01).")],
      examples: ["glance show hdl", "glance show ldl --since \"2 years ago\"", "glance show a1c --width 120"],
      spec: OptionSpec(valued: ["since"])),
    CommandInfo(
      name: "edit", usage: "glance edit ID [--value V] [--date D] [--note N]",
      summary: "Change a reading; shows the old and the new.",
      details:
        "ID is the short id `glance show` prints (the first few characters are enough, as with git). --note \"\" removes the note.",
      options: [
        ("--value V", "The corrected value."), ("--date D", "The corrected date."), ("--note N", "A new note."), yes,
      ],
      examples: ["glance edit 3fa2 --value 98", "glance edit 3fa2 --date 2025-02-14"],
      spec: OptionSpec(valued: ["value", "date", "note"], flags: ["yes"], short: [("y", "yes")])),
    CommandInfo(
      name: "delete", usage: "glance delete ID [--yes]", summary: "Delete a reading (asks first).",
      options: [yes], examples: ["glance delete 3fa2"],
      spec: OptionSpec(flags: ["yes"], short: [("y", "yes")])),
    CommandInfo(
      name: "range", usage: "glance range MARKER --low L --high H | --reset",
      summary: "Set your own target range for a marker; every reading is judged against it.",
      options: [
        ("--low L", "Lower bound (inclusive)."), ("--high H", "Upper bound (inclusive)."),
        ("--reset", "Go back to the library's default range."),
      ],
      examples: ["glance range ldl --high 70", "glance range hdl --low 50", "glance range ldl --reset"],
      spec: OptionSpec(valued: ["low", "high"], flags: ["reset"])),
    CommandInfo(
      name: "library", usage: "glance library [QUERY] [--category C]",
      summary:
        "Browse the marker library by category; tracked markers are marked. QUERY finds markers, or a whole group (lipid panel, vitals, cbc).",
      options: [("--category C", "Only one category (heart, metabolic, kidney, liver, blood, thyroid, …).")],
      examples: [
        "glance library", "glance library cholesterol", "glance library lipid panel",
        "glance library --category thyroid",
      ],
      spec: OptionSpec(valued: ["category"])),
    CommandInfo(
      name: "track", usage: "glance track MARKER…", summary: "Start following markers.",
      examples: ["glance track hdl ldl", "glance track \"vitamin d\""]),
    CommandInfo(
      name: "untrack", usage: "glance untrack MARKER [--yes]",
      summary: "Stop following a marker (asks first; its readings are kept).", options: [yes],
      spec: OptionSpec(flags: ["yes"], short: [("y", "yes")])),
    CommandInfo(
      name: "order", usage: "glance order MARKER…",
      summary: "Put markers first on the home screen, in the order given.",
      examples: ["glance order a1c ldl hdl"]),
    CommandInfo(
      name: "custom", usage: "glance custom NAME --unit U [--low L] [--high H] [--higher-is-better|--lower-is-better]",
      summary: "Add a marker of your own.",
      details:
        "Custom markers get no plausible-range check, no slip check and no prep insights: glance knows nothing medical about them.",
      options: [
        ("--unit U", "The unit you record it in."), ("--low L / --high H", "Your target range (optional)."),
        ("--higher-is-better", "Rising is good news."), ("--lower-is-better", "Falling is good news."),
      ],
      examples: ["glance custom \"Blood ketones\" --unit mmol/L --high 0.6"],
      spec: OptionSpec(valued: ["unit", "low", "high"], flags: ["higher-is-better", "lower-is-better"])),
    CommandInfo(
      name: "visit", usage: "glance visit add|show|edit|delete …",
      summary: "Log doctor visits and notes.",
      details: """
        glance visit add --date D --doctor NAME --type TYPE [--label L] [--notes N]
        glance visit show ID
        glance visit edit ID [--date D] [--doctor NAME] [--type TYPE] [--label L] [--notes N]
        glance visit delete ID [--yes]
        TYPE is physical, dental, vision, specialist, lab, imaging or other (give other a --label). Future dates are fine for planned visits.
        """,
      examples: [
        "glance visit add --date yesterday --doctor \"Dr. Patel\" --type physical --notes \"Recheck lipids in 6 months\"",
        "glance visit add --date \"in 3 weeks\" --doctor \"Dr. Lee\" --type dental",
      ],
      spec: OptionSpec(valued: ["date", "doctor", "type", "label", "notes"], flags: ["yes"], short: [("y", "yes")])),
    CommandInfo(
      name: "visits", usage: "glance visits [--type T] [--doctor NAME] [--since D]",
      summary: "Your visits, newest first, with how long ago each kind last happened.",
      spec: OptionSpec(valued: ["type", "doctor", "since"])),
    CommandInfo(
      name: "prep", usage: "glance prep", summary: "Next Visit Prep: what to ask your doctor about."),
    CommandInfo(
      name: "search", usage: "glance search QUERY",
      summary: "Find markers (names, everyday words, typos) and visits (doctors, notes).",
      examples: ["glance search cholestrol", "glance search \"dr patel\""]),
    CommandInfo(
      name: "export", usage: "glance export --json|--csv [--visits] [-o FILE]",
      summary: "A copy of your data: complete JSON, or CSV for a spreadsheet.",
      options: [
        ("--json", "Everything, re-importable."), ("--csv", "One row per reading."),
        ("--visits", "With --csv: visits instead of readings."),
        (
          "-o, --output FILE",
          "Write to FILE (created private) instead of the screen; a .json or .csv name picks the format."
        ),
        ("-y, --yes", "Replace FILE if it already exists, without asking."),
      ],
      examples: ["glance export --csv -o readings.csv", "glance export --json -o glance-backup.json"],
      spec: OptionSpec(
        valued: ["output"], flags: ["json", "csv", "visits", "yes"], short: [("o", "output"), ("y", "yes")])),
    CommandInfo(
      name: "import", usage: "glance import FILE [--replace] [--dry-run] [--salvage] [--yes]",
      summary: "Bring in a glance export (JSON or CSV) or your own spreadsheet.",
      options: [
        ("--replace", "Replace everything with the file (asks first)."),
        ("--dry-run", "Show what would change; change nothing."),
        ("--salvage", "FILE is a damaged glance data file: bring in every record that still reads."), yes,
      ],
      spec: OptionSpec(flags: ["replace", "dry-run", "salvage", "yes"], short: [("y", "yes")])),
    CommandInfo(
      name: "undo", usage: "glance undo [--yes]", summary: "Take back the latest change (asks first).",
      options: [yes], spec: OptionSpec(flags: ["yes"], short: [("y", "yes")])),
    CommandInfo(
      name: "demo", usage: "glance demo",
      summary: "Try glance on a realistic sample history, in a throwaway folder."),
    CommandInfo(name: "about", usage: "glance about", summary: "Version, and where your data lives."),
    CommandInfo(name: "privacy", usage: "glance privacy", summary: "The privacy policy."),
    CommandInfo(
      name: "profile", usage: "glance profile [--sex female|male|unspecified]",
      summary: "Show or set the sex that sex-specific ranges (hemoglobin, HDL, ferritin…) are judged by.",
      options: [("--sex S", "female, male or unspecified (then glance says where a range depends on sex).")],
      examples: ["glance profile --sex female"], spec: OptionSpec(valued: ["sex"])),
    CommandInfo(
      name: "help", usage: "glance help [COMMAND]", summary: "Help for glance or for one command."),
  ]

  static func info(_ name: String) -> CommandInfo? { all.first { $0.name == name } }
}
