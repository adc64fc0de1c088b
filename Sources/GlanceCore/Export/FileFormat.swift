/// The format a file's name says, for `-o` without a format option: `backup.csv`, `brief.md`.
public enum FileFormat: String, Sendable, CaseIterable {
  case json, csv, markdown, html

  /// The format `path`'s extension names (any case), or nil.
  public static func named(_ path: String) -> FileFormat? {
    let name = path.lowercased()
    if name.hasSuffix(".json") { return .json }
    if name.hasSuffix(".csv") { return .csv }
    if name.hasSuffix(".md") || name.hasSuffix(".markdown") { return .markdown }
    if name.hasSuffix(".html") || name.hasSuffix(".htm") { return .html }
    return nil
  }
}
