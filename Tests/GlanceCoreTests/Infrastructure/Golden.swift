import Foundation
import Testing

/// The package's root folder, found from this source file.
let packageRoot: String = {
  var url = URL(fileURLWithPath: #filePath)
  for _ in 0..<4 { url.deleteLastPathComponent() }
  return url.path
}()

/// True when golden files should be rewritten instead of compared (`GLANCE_RECORD=1`).
let isRecording = ProcessInfo.processInfo.environment["GLANCE_RECORD"] == "1"

/// Compares `actual` with the golden file `name` under Tests/GlanceCoreTests/Golden, exactly.
/// With `GLANCE_RECORD=1` the file is rewritten instead.
func assertGolden(
  _ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  let path = packageRoot + "/Tests/GlanceCoreTests/Golden/" + name
  if isRecording {
    try? FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try? actual.write(toFile: path, atomically: false, encoding: .utf8)
    return
  }
  guard let expected = try? String(contentsOfFile: path, encoding: .utf8) else {
    Issue.record("Missing golden file \(name); run with GLANCE_RECORD=1 to create it.", sourceLocation: sourceLocation)
    return
  }
  if expected != actual {
    Issue.record(
      "Golden \(name) differs.\n--- expected\n\(expected)\n--- actual\n\(actual)", sourceLocation: sourceLocation)
  }
}
