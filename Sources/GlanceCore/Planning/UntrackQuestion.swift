/// What `glance untrack` asks and says: the readings kept, and what leaves the screens with the
/// marker (attacker review at stop 40: "Stop tracking Potassium? Its reading is kept." said
/// nothing of the critical 6.8 it took off prep).
public enum UntrackQuestion {
  /// " Its reading is kept.", " Their 12 readings are kept.", or nothing without readings.
  public static func kept(_ markers: [MarkerDefinition], document: GlanceDocument) -> String {
    let ids = Set(markers.map(\.id))
    let count = document.entries.reduce(0) { $0 + (ids.contains($1.markerID) ? 1 : 0) }
    guard count > 0 else { return "" }
    let owner = markers.count == 1 ? "Its" : "Their"
    return " \(owner) \(count == 1 ? "reading is" : "\(count) readings are") kept."
  }

  /// The question, with what the latest readings are: one past a critical limit stays on home
  /// and in prep while it is; one outside its range leaves prep.
  public static func question(_ markers: [MarkerDefinition], document: GlanceDocument) -> String {
    let names = markers.map(\.displayName).joinedText(" and ")
    var question = "Stop tracking \(names)?" + kept(markers, document: document)
    // Each marker's latest reading judged once.
    let latest = markers.compactMap { marker -> (name: String, judgement: Judgement)? in
      let snapshot = document.snapshot(for: marker)
      return snapshot.latest.map { (marker.displayName, snapshot.judgement(of: $0)) }
    }
    let critical = latest.filter { $0.judgement.status.isCritical }.map(\.name)
    // A lab's bound that may be past the limit ("<2.9" potassium: attacker's second look).
    let maybe = latest.filter { !$0.judgement.status.isCritical && $0.judgement.mayBeCritical }.map(\.name)
    let outside = latest.filter {
      $0.judgement.status.isOutOfRange && !$0.judgement.status.isCritical && !$0.judgement.mayBeCritical
    }.map(\.name)
    if !critical.isEmpty {
      question +=
        " The latest \(critical.joinedText(" and ")) \(critical.count == 1 ? "reading is" : "readings are") past a critical limit: home and prep keep saying so while \(critical.count == 1 ? "it is" : "they are")."
    }
    if !maybe.isEmpty {
      question +=
        " The latest \(maybe.joinedText(" and ")) \(maybe.count == 1 ? "reading" : "readings") may be past a critical limit: home and prep keep saying so while \(maybe.count == 1 ? "it is" : "they are")."
    }
    if !outside.isEmpty {
      question +=
        " The latest \(outside.joinedText(" and ")) \(outside.count == 1 ? "reading is" : "readings are") outside \(outside.count == 1 ? "its range" : "their ranges"), and prep will no longer list \(outside.count == 1 ? "it" : "them")."
    }
    return question
  }
}
