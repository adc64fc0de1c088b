/// The three steps of `glance setup` on a terminal: what glance does, which markers to follow
/// (by category number or by search), and a marker of one's own; then the sex ranges are
/// judged by. Only asks: the command saves what was chosen.
public struct SetupQuestions {
  /// What the person chose; nothing is saved yet.
  public struct Choice: Sendable {
    public var markers: [MarkerDefinition] = []
    public var custom: MarkerDefinition?
    /// nil when not answered.
    public var sex: Sex??
    /// The units results are shown in; nil when not answered.
    public var units: UnitSystem?
    /// The profile as it was when the questions were asked: answers are not saved over one
    /// another glance changed meanwhile.
    public var profileAsked: Profile?

    public init(
      markers: [MarkerDefinition] = [], custom: MarkerDefinition? = nil, sex: Sex?? = nil, units: UnitSystem? = nil
    ) {
      (self.markers, self.custom, self.sex, self.units) = (markers, custom, sex, units)
    }

    /// Saves what was chosen as one undo step "setup": the custom marker, tracking of every chosen
    /// marker, the sex when one was given. Skipping the sex keeps the one already set; nothing is
    /// written when nothing was chosen. False then.
    @discardableResult
    public func save(to repository: some DataRepository) throws -> Bool {
      let sex = self.sex.flatMap { $0 }
      guard !markers.isEmpty || custom != nil || sex != nil || units != nil else { return false }
      try repository.write(summary: "setup") { transaction in
        // Attacker review: answers given while another glance chose units were written over them.
        if sex != nil || units != nil, let asked = profileAsked,
          transaction.document.profile.sex != asked.sex || transaction.document.profile.units != asked.units
        {
          throw ConcurrentChangeError.profileChanged
        }
        if let custom { transaction.apply(.putCustomMarker(custom)) }
        transaction.track(markers.map(\.id) + (custom.map { [$0.id] } ?? []))
        if sex != nil || units != nil {
          var profile = transaction.document.profile
          if let sex { profile.sex = sex }
          if let units { profile.units = units }
          transaction.setProfile(profile)
        }
      }
      return true
    }
  }

  public let console: any Console
  public let style: OutputStyle
  public let library: MarkerLibrary
  public let document: GlanceDocument

  public init(console: any Console, style: OutputStyle, library: MarkerLibrary, document: GlanceDocument) {
    self.console = console
    self.style = style
    self.library = library
    self.document = document
  }

  /// A line, wrapped at its spaces on a terminal (newcomer review at stop 33: the first screen
  /// broke "trending" and "internet, nothing" mid-word at 80 columns).
  private func say(_ text: String = "") {
    console.out(style.wrapsLines ? TextFit.fit(text, width: style.width) : text)
  }

  /// A prompt, wrapped the same way ("[1/2/ 3]" broke at the edge).
  private func ask(_ text: String) {
    console.prompt(style.wrapsLines ? TextFit.fit(text, width: style.width) : text)
  }

  /// Asks; nil when input ended at the first step.
  public func ask() throws -> Choice? {
    say(style.paint("Step 1 of 3 — What glance does", .bold))
    say(
      "glance keeps your lab numbers and vitals on this computer, shows how each one is trending, and helps you prepare questions before a doctor's visit. No account, no internet, nothing leaves this machine."
    )
    ask("Press Enter to choose your markers… ")
    guard try console.readLine() != nil else { return nil }
    var choice = Choice()
    choice.profileAsked = document.profile
    // Units first, so the markers are listed in them.
    choice.units = try askUnits()
    choice.markers = try chooseMarkers(units: choice.units ?? document.profile.units)
    choice.custom = try askCustom()
    choice.sex = try askSex()
    return choice
  }

  private var all: [MarkerDefinition] { library.markers + document.customMarkers }

  private func chooseMarkers(units: UnitSystem?) throws -> [MarkerDefinition] {
    var chosen: [MarkerDefinition] = []
    let alreadyTracked = Set(document.trackedMarkers.map(\.markerID))
    say("")
    say(style.paint("Step 2 of 3 — Choose the markers you follow", .bold))
    let categories = library.categories
    func showCategories() {
      for (index, category) in categories.enumerated() {
        let count = library.markers(inCategory: category.key).count
        say("  " + TextWidth.padLeft(String(index + 1), to: 2) + "  \(category.name) (\(count))")
      }
      say("Type a category number to see its markers, or type what you're looking for")
      say("(\"cholesterol\", \"a1c\", \"good cholesterol\"). Press Enter when you're done.")
    }
    showCategories()
    while true {
      ask("> ")
      guard let line = try console.readLine()?.trimmingWhitespace(), !line.isEmpty else { break }
      let candidates: [MarkerDefinition]
      if let number = Int(line), (1...categories.count).contains(number) {
        candidates = library.markers(inCategory: categories[number - 1].key)
        say(style.paint(categories[number - 1].name, .bold))
      } else if line == "?" || line.lowercased() == "list" {
        showCategories()
        continue
      } else {
        // A group's name ("lipid panel") finds its markers, as `glance library` does.
        candidates = Array(LibraryBrowser.markers(matching: line, in: all, categories: library.categories).prefix(12))
        if candidates.isEmpty {
          say(
            "Nothing in the library matches \(quoted(line)). Try another word, or add it as your own in step 3.")
          continue
        }
      }
      for (index, marker) in candidates.enumerated() {
        let mark =
          chosen.contains(where: { $0.id == marker.id }) || alreadyTracked.contains(marker.id)
          ? "  " + MarkerStatus.normal.symbol(style) : ""
        say(
          "  " + TextWidth.padLeft(String(index + 1), to: 2)
            + "  \(marker.displayName) (\(DisplayUnit.preferred(marker, system: units, choice: nil).unit))\(mark)")
      }
      ask("Numbers to track (e.g. 1 3, or all), Enter to go back: ")
      guard let answer = try console.readLine(), !answer.trimmingWhitespace().isEmpty else { continue }
      guard let picks = SelectionParser.parse(answer, count: candidates.count) else {
        say("Please type numbers from the list, like 1 3, or all.")
        continue
      }
      let picked = picks.map { candidates[$0 - 1] }.filter { marker in !chosen.contains { $0.id == marker.id } }
      chosen += picked
      if !picked.isEmpty { say("Added: " + picked.map(\.displayName).joinedText(", ") + ".") }
      say("Another number or search, or Enter when you're done.")
    }
    return chosen.filter { !alreadyTracked.contains($0.id) }
  }

  private func askCustom() throws -> MarkerDefinition? {
    say("")
    say(style.paint("Step 3 of 3 — A marker of your own (optional)", .bold))
    ask("Name of a marker that isn't in the library, or Enter to skip: ")
    guard let name = try console.readLine()?.trimmingWhitespace(), !name.isEmpty else { return nil }
    ask("Its unit (e.g. mmol/L): ")
    let unit = try console.readLine() ?? ""
    do {
      return try CustomMarkerPlanner.make(name: name, unit: unit, low: nil, high: nil, direction: nil, existing: all)
    } catch let error as any GlanceError {
      say(error.message + " Skipped; add it later with glance custom.")
      return nil
    }
  }

  private func askSex() throws -> Sex?? {
    say("")
    say("Some ranges differ for women and men (hemoglobin, HDL, ferritin, creatinine, …).")
    while true {
      ask("Judge them for women or men? (female/male, Enter to skip): ")
      guard let answer = try console.readLine() else { return nil }
      if let sex = Sex.answer(answer) { return sex }
      say("Please type female or male, or press Enter to skip.")
    }
  }

  private func askUnits() throws -> UnitSystem? {
    say("")
    say("Results can be shown in conventional units (mg/dL, lb) or SI units (mmol/L, kg).")
    let current = document.profile.units == .si ? "si" : "conventional"
    while true {
      ask("Which do you read? (conventional/si, Enter for \(current)): ")
      guard let answer = try console.readLine() else { return nil }
      let system =
        answer.trimmingWhitespace().isEmpty ? document.profile.units ?? .conventional : UnitsPlanner.system(answer)
      if let system {
        say(
          system == .si
            ? "Results will be shown in SI units (mmol/L, µmol/L, kg, cm); glance units changes that."
            : "Results will be shown in conventional units (mg/dL, lb, in); glance units changes that.")
        return system
      }
      say("Please type conventional or si, or press Enter for \(current).")
    }
  }
}
