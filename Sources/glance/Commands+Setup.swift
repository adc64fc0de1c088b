import GlanceCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension App {
  func setup(markers list: String?, _ context: Context) throws {
    let document = try context.document()
    if let list {
      let words = list.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
      guard !words.isEmpty else {
        throw UsageError(message: "--markers needs at least one marker, e.g. --markers hdl,ldl,a1c", command: "setup")
      }
      try track(words, context)
      try home(context)
      return
    }
    guard console.stdinIsTerminal else {
      throw UsageError(
        message:
          "glance setup asks questions, and there is no terminal to ask on. Use: glance setup --markers hdl,ldl,a1c",
        command: "setup")
    }
    let style = context.style
    console.out(style.paint("Step 1 of 3 — What glance does", .bold))
    console.out(
      """
      glance keeps your lab numbers and vitals on this computer, shows how each one is trending,
      and helps you prepare questions before a doctor's visit. No account, no internet, nothing
      leaves this machine.
      """)
    console.prompt("Press Enter to choose your markers… ")
    guard try console.readLine() != nil else { return }

    let library = context.repository.library
    let all = context.allMarkers(document)
    var chosen: [MarkerDefinition] = []
    let alreadyTracked = Set(document.trackedMarkers.map(\.markerID))
    console.out("")
    console.out(style.paint("Step 2 of 3 — Choose the markers you follow", .bold))
    let categories = library.categories
    func showCategories() {
      for (index, category) in categories.enumerated() {
        let count = library.markers(inCategory: category.key).count
        console.out("  \(String(index + 1).leftPadded(2))  \(category.name) (\(count))")
      }
      console.out("Type a category number to see its markers, or type what you're looking for")
      console.out("(\"cholesterol\", \"a1c\", \"good cholesterol\"). Press Enter when you're done.")
    }
    showCategories()
    while true {
      console.prompt("> ")
      guard let line = try console.readLine()?.trimmingWhitespace(), !line.isEmpty else { break }
      let candidates: [MarkerDefinition]
      if let number = Int(line), (1...categories.count).contains(number) {
        candidates = library.markers(inCategory: categories[number - 1].key)
        console.out(style.paint(categories[number - 1].name, .bold))
      } else if line == "?" || line.lowercased() == "list" {
        showCategories()
        continue
      } else {
        candidates = SearchService(markers: all).searchMarkers(line).prefix(9).map(\.marker)
        if candidates.isEmpty {
          console.out(
            "Nothing in the library matches \(quoted(line)). Try another word, or add it as your own in step 3.")
          continue
        }
      }
      for (index, marker) in candidates.enumerated() {
        let mark =
          chosen.contains(where: { $0.id == marker.id }) || alreadyTracked.contains(marker.id)
          ? "  " + MarkerStatus.normal.symbol(style) : ""
        console.out("  \(String(index + 1).leftPadded(2))  \(marker.displayName) (\(marker.unit))\(mark)")
      }
      console.prompt("Numbers to track (e.g. 1 3, or all), Enter to go back: ")
      guard let answer = try console.readLine(), !answer.trimmingWhitespace().isEmpty else { continue }
      guard let picks = SelectionParser.parse(answer, count: candidates.count) else {
        console.out("Please type numbers from the list, like 1 3, or all.")
        continue
      }
      let picked = picks.map { candidates[$0 - 1] }.filter { marker in !chosen.contains { $0.id == marker.id } }
      chosen += picked
      if !picked.isEmpty { console.out("Added: " + picked.map(\.displayName).joinedText(", ") + ".") }
      console.out("Another number or search, or Enter when you're done.")
    }

    console.out("")
    console.out(style.paint("Step 3 of 3 — A marker of your own (optional)", .bold))
    console.prompt("Name of a marker that isn't in the library, or Enter to skip: ")
    var custom: MarkerDefinition?
    if let name = try console.readLine()?.trimmingWhitespace(), !name.isEmpty {
      console.prompt("Its unit (e.g. mmol/L): ")
      let unit = try console.readLine() ?? ""
      do {
        custom = try CustomMarkerPlanner.make(
          name: name, unit: unit, low: nil, high: nil, direction: nil, existing: all)
      } catch let error as any GlanceError {
        console.out(error.message + " Skipped; add it later with glance custom.")
      }
    }
    console.out("")
    console.out("Some ranges differ for women and men (hemoglobin, HDL, ferritin, creatinine, …).")
    var sex: Sex?? = nil
    while sex == nil {
      console.prompt("Judge them for women or men? (female/male, Enter to skip): ")
      guard let answer = try console.readLine() else { break }
      sex = Sex.answer(answer)
      if sex == nil { console.out("Please type female or male, or press Enter to skip.") }
    }
    let newMarkers = chosen.filter { !alreadyTracked.contains($0.id) }
    let newSex = sex.flatMap { $0 }
    if !newMarkers.isEmpty || custom != nil || newSex != nil {
      try context.repository.write(summary: "setup") { transaction in
        if let custom { transaction.apply(.putCustomMarker(custom)) }
        transaction.track(newMarkers.map(\.id) + (custom.map { [$0.id] } ?? []))
        if let newSex {
          var profile = transaction.document.profile
          profile.sex = newSex
          transaction.setProfile(profile)
        }
      }
    }
    console.out("")
    let total = try context.repository.read().trackedMarkers.count
    console.out(
      "All set: you're tracking \(total) marker\(total == 1 ? "" : "s"). Record a reading with glance add NAME VALUE.")
    console.out("")
    try home(context)
  }
}

extension String {
  func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
