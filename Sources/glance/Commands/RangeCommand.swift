import GlanceCore

struct RangeCommand: GlanceCommand {
  static let declaration = CommandDeclaration(
    "range", arguments: "MARKER", words: 1...1, needs: "one marker, e.g. glance range ldl --high 70",
    summary: "Set your own target range for a marker; every reading is judged against it.",
    options: [
      .value(
        "low", "L",
        "Lower bound (inclusive), in the unit you read the marker in (glance units) or with its own (\"4.0 mmol/L\"). Not given, your low end is kept, or the marker's own."
      ),
      .value(
        "high", "H",
        "Upper bound (inclusive), in the unit you read the marker in (glance units) or with its own (\"1.8 mmol/L\"). Not given, your high end is kept, or the marker's own."
      ),
      .flag("reset", "Go back to the library's default range."),
    ],
    examples: [
      "glance range ldl --high 70", "glance range ldl --high \"1.8 mmol/L\"", "glance range hdl --low 50",
      "glance range ldl --reset",
    ],
    usage: "glance range MARKER [--low L] [--high H] | --reset")

  var marker: String
  var low: String? = nil
  var high: String? = nil
  var reset = false

  init(marker: String, low: String? = nil, high: String? = nil, reset: Bool = false) {
    (self.marker, self.low, self.high, self.reset) = (marker, low, high, reset)
  }

  init(_ input: ParsedInput) throws(UsageError) {
    self.init(marker: input.words[0], low: input.value("low"), high: input.value("high"), reset: input.flag("reset"))
    if reset && (low != nil || high != nil) { throw input.usageError("Use either --reset or --low/--high, not both.") }
  }

  func run(_ context: Context) throws {
    let document = try context.document()
    let marker = try MarkerResolver.one(self.marker, among: context.allMarkers(document))
    // No option: the range it is judged by now, and how to change it.
    guard reset || low != nil || high != nil else {
      context.out(RangeView.render(document.snapshot(for: marker), change: .show, style: context.style))
      return
    }
    // The bound not given is kept from the range as it is under the write lock.
    let started = try context.repository.setTargetRange(
      for: marker.id,
      summary: reset ? "reset the range of \(marker.shortName)" : "set the range of \(marker.shortName)"
    ) { document in
      guard !reset else { return (nil, nil) }
      let tracked = document.trackedMarkers.first { $0.markerID == marker.id }
      return try CustomMarkerPlanner.targetRange(
        low: low, high: high, for: marker, defaultUnit: document.typingUnit(for: marker),
        keeping: (tracked?.customReferenceLow, tracked?.customReferenceHigh), own: document.keptRange(for: marker))
    }
    if started { context.out("Now tracking \(marker.displayName).") }
    let snapshot = try context.repository.read().snapshot(for: marker)
    context.out(RangeView.render(snapshot, change: reset ? .reset : .set, style: context.style))
  }
}
