/// How much glance reads of anything a person or a file supplies. Past a limit the input is
/// refused with a message that names it, never read on without end.
public enum InputLimits {
  /// A reading's note.
  public static let noteCharacters = 2_000
  /// A visit's notes (a doctor's instructions can run long).
  public static let visitNotesCharacters = 20_000
  /// A doctor's name, a visit label, a custom marker's name.
  public static let nameCharacters = 200
  /// A search query: longer than any name or phrase a person searches for.
  public static let queryCharacters = 200
  /// A unit.
  public static let unitCharacters = 40
  /// Custom markers in one folder: far more than anyone keeps, and an import of a file that
  /// names thousands never slows to a crawl.
  public static let customMarkers = 1_000
  /// A file to import.
  public static let fileBytes = 512 << 20
  /// The questions an import's dry run lists: every one of a sheet whose unit changed for years,
  /// never a screen of hundreds of thousands.
  public static let questionsListed = 10_000
  /// The most files of a folder `glance import FOLDER` reads (a phone's clinical records).
  public static let folderFiles = 100_000
  /// A data file, backup or undo record glance reads back: far more than the largest folder
  /// glance keeps writes, and refused before it is read (a 5 GB sparse file would take all memory).
  public static let storedFileBytes = 1 << 30
  /// Readings in one folder: its JSON export (about 250 bytes a reading) stays within
  /// `fileBytes`, so every folder glance keeps can be restored.
  public static let readings = 1_000_000
  /// Rows of a spreadsheet or CSV file below its header: as many as a folder keeps readings,
  /// so a CSV export of the largest folder imports again.
  public static let rows = readings
  /// Columns of a spreadsheet.
  public static let columns = 2_000
  /// One cell of a spreadsheet.
  public static let cellBytes = 65_536
  /// Cells of a spreadsheet, the empty ones that end a row not counted: each is held (16 bytes)
  /// while the file is read, and a 100 MB file of commas took 2 GB before it ran out of memory.
  /// A sheet of a million rows of eight cells is within it.
  public static let cells = 16_000_000
  /// One line of input on a pipe (`glance batch < panel.txt`), and how many lines.
  public static let lineBytes = 65_536
  public static let lines = 10_000

  /// "1,000,000": a limit as people read it.
  static func text(_ value: Int) -> String { grouped(value) }

  /// Refuses a name (of a marker, a doctor, a unit, a label) that is longer than `limit` or holds
  /// a line break, a tab or another control character: a name is one line of plain text.
  public static func checkName(_ text: String, _ limit: Int, _ what: String) throws(EntryError) {
    try check(text, limit, what)
    if text.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\t" || TerminalText.isHidden($0) }) {
      throw .controlCharacter(what)
    }
  }

  /// Refuses `text` when it is longer than `limit` characters; `what` names it ("The note").
  public static func check(_ text: String, _ limit: Int, _ what: String) throws(EntryError) {
    // Bytes first: counting the characters of a 100 MB string would be the hang this prevents.
    if text.utf8.count > limit * 4 || text.count > limit { throw .tooLong(what: what, limit: limit) }
  }
}
