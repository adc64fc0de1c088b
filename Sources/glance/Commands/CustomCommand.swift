import GlanceCore

struct CustomCommand: GlanceCommand {
  static let declaration = CommandDeclaration(
    "custom", arguments: "NAME", words: 1...1,
    needs: "a name in quotes, e.g. glance custom \"Blood ketones\" --unit mmol/L", summary: "Add a marker of your own.",
    details:
      "Custom markers get no plausible-range check, no slip check and no prep insights: glance knows nothing medical about them. One for a test glance leaves out but knows the critical limits of (\"Random glucose\", \"Meter glucose\", \"Ionized calcium\") is checked against those limits only.",
    options: [
      .value("unit", "U", "The unit you record it in."), .value("low", "L", "Your target range, low end (optional)."),
      .value("high", "H", "Your target range, high end (optional)."), .flag("higher-is-better", "Rising is good news."),
      .flag("lower-is-better", "Falling is good news."),
    ],
    examples: ["glance custom \"Blood ketones\" --unit mmol/L --high 0.6"],
    usage: "glance custom NAME --unit U [--low L] [--high H] [--higher-is-better|--lower-is-better]")

  var name: String
  var unit: String
  var low: String? = nil
  var high: String? = nil
  var direction: Direction? = nil

  init(name: String, unit: String, low: String? = nil, high: String? = nil, direction: Direction? = nil) {
    (self.name, self.unit, self.low, self.high, self.direction) = (name, unit, low, high, direction)
  }

  init(_ input: ParsedInput) throws(UsageError) {
    guard let unit = input.value("unit") else {
      throw input.usageError("custom needs --unit, the unit you record it in.")
    }
    let higher = input.flag("higher-is-better")
    let lower = input.flag("lower-is-better")
    if higher && lower { throw input.usageError("Choose one of --higher-is-better and --lower-is-better.") }
    self.init(
      name: input.words[0], unit: unit, low: input.value("low"), high: input.value("high"),
      direction: higher ? .higherIsBetter : lower ? .lowerIsBetter : nil)
  }

  func run(_ context: Context) throws {
    let document = try context.document()
    let marker = try CustomMarkerPlanner.make(
      name: name, unit: unit, low: low, high: high, direction: direction, existing: context.allMarkers(document))
    try context.repository.addCustomMarker(marker, tracking: true, summary: "add custom marker \(marker.displayName)")
    var line = "Added and tracking \(marker.displayName) (\(marker.unit))"
    if let range = ValueText.range(marker.defaultRange, unit: marker.unit, style: context.style) {
      line += ", your target range \(range)"
    }
    context.out(line + ".")
    context.out("Record a reading with: glance add \(ShellQuote.key(marker.key)) VALUE")
    context.out(CustomMarkerPlanner.checksNote(marker))
  }
}
