#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a read shows of a data file changed by hand that still reads: a reading of a marker no
/// one knows (hidden on every screen), or one dated after today (shown as the latest). Said on
/// stderr by every command that reads readings (attacker review at stop 37: home, show and prep
/// read such a file silently; only `export` said so). Never a value.
public enum DamageNotice {
  /// The sentence for `document` (all its readings, or the ones a screen selected), nil when
  /// none is odd. A day after today is allowed for a reading saved in a zone ahead of this one.
  public static func of(_ document: GlanceDocument, library: MarkerLibrary, today: CalendarDate) -> String? {
    let known = IDSet(library.markers.map(\.id) + document.customMarkers.map(\.id))
    var units: [UUID: String] = [:]
    for marker in library.markers + document.customMarkers { units[marker.id] = marker.unit }
    var unknown = false
    var otherUnit = false
    var latest: CalendarDate?
    let tomorrow = today.adding(days: 1) ?? today
    for entry in document.entries {
      if !known.contains(entry.markerID) {
        unknown = true
      } else if !otherUnit, let unit = units[entry.markerID], entry.unit != unit {
        otherUnit = true
      }
      if entry.dateOfService > tomorrow, latest.map({ entry.dateOfService > $0 }) ?? true {
        latest = entry.dateOfService
      }
    }
    var sentences: [String] = []
    if unknown {
      sentences.append(
        "Your data file holds readings of a marker glance does not know (the file was changed by hand, or by a newer glance): no screen shows them. glance export --json --yes keeps a copy of everything."
      )
    }
    if otherUnit {
      // Attacker review at stop 40: "mg/L" put in by hand was listed as mg/dL, and judged so.
      sentences.append(
        "Your data file holds a reading in a unit its marker is not kept in (the file was changed by hand): screens show it as if in the marker's unit, and a backup keeps the unit it says. Correct it with glance edit ID --value V (glance show MARKER lists the ids)."
      )
    }
    if let latest {
      sentences.append(
        "Your data file holds a reading dated \(DateText.long(latest)), after today: check this computer's date, or correct the reading with glance edit ID --date D."
      )
    }
    return sentences.isEmpty ? nil : sentences.joinedText(" ")
  }
}
