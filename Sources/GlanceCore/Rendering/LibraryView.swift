#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The `glance library` listing: markers grouped by category, tracked ones marked.
public enum LibraryView {
  /// Renders `markers` (already filtered and ordered) under their categories' headings, each
  /// with the unit the person reads it in (`unit`: the library's own unless given).
  public static func render(
    markers: [MarkerDefinition], categories: [MarkerCategory], trackedIDs: Set<UUID>, style: OutputStyle,
    unit: (MarkerDefinition) -> String = { $0.unit }
  ) -> String {
    var lines: [String] = []
    let keyWidth = markers.map { TextWidth.of($0.key) }.max() ?? 0
    let unitWidth = markers.map { TextWidth.of(unit($0)) }.max() ?? 0
    let room = style.width - keyWidth - unitWidth - 19
    let nameWidth = min(max(16, room), markers.map { TextWidth.of($0.displayName) }.max() ?? 0)
    for category in categories {
      let members = markers.filter { $0.category == category.key }
      guard !members.isEmpty else { continue }
      if !lines.isEmpty { lines.append("") }
      lines.append(style.paint(category.name, .bold))
      for marker in members {
        let tracked = trackedIDs.contains(marker.id)
        let mark = tracked ? style.paint(style.symbol("✓ tracked", ascii: "* tracked"), .green) : ""
        let line =
          "  "
          + TextWidth.pad(TextWidth.truncate(marker.displayName, to: nameWidth, unicode: style.unicode), to: nameWidth)
          + "  " + TextWidth.pad(marker.key, to: keyWidth) + "  " + TextWidth.pad(unit(marker), to: unitWidth)
          + (mark.isEmpty ? "" : "  " + mark)
        lines.append(trimTrailing(line))
      }
    }
    return lines.joinedText("\n")
  }

  /// `line` without trailing spaces.
  public static func trimTrailing(_ line: String) -> String {
    var line = line
    while line.last == " " { line.removeLast() }
    return line
  }
}
