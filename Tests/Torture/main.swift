import Foundation
import GlanceCore

// A helper the crash and concurrency tests start as a child process. Never shipped.
//
//   glance-torture save-loop FOLDER          add one reading after another until killed, saying
//                                            "saved" after each
//   glance-torture add FOLDER N              add N readings, one write each
//   glance-torture hold-lock FOLDER SECONDS  hold the write lock, say "locked", then sleep
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

umask(0o077)
let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
  FileHandle.standardError.write(Data("usage: glance-torture save-loop|add|hold-lock FOLDER [N]\n".utf8))
  exit(64)
}
let location = DataLocation(folder: arguments[2])
let repository = LocalDataRepository(location: location, lockTimeout: 30)
let hdl = MarkerLibrary.builtIn.marker(key: "hdl")!

/// Adds the next reading: its value is one more than the number of readings already stored, so
/// a test can tell that no save was lost or repeated.
@MainActor func addNext() throws {
  try repository.write(summary: "torture") { transaction in
    let count = transaction.document.entries.count
    transaction.apply(
      .putEntry(
        MarkerEntry(
          markerID: hdl.id, value: Double(count + 1), unit: "mg/dL",
          dateOfService: CalendarDate(year: 2020, month: 1, day: 1)!.adding(days: count % 2000)!,
          entryTimestamp: transaction.now, note: "reading \(count + 1)")))
  }
}

do {
  switch arguments[1] {
  case "save-loop":
    while true {
      try addNext()
      FileHandle.standardOutput.write(Data("saved\n".utf8))
    }
  case "add":
    for _ in 0..<(Int(arguments[3]) ?? 1) { try addNext() }
  case "hold-lock":
    try FileManager.default.createDirectory(
      atPath: location.folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    guard let lock = try PosixFileSystem().lockExclusive(location.lockFile, timeout: 5) else { exit(75) }
    FileHandle.standardOutput.write(Data("locked\n".utf8))
    sleep(UInt32(arguments[3]) ?? 5)
    lock.unlock()
  default:
    exit(64)
  }
} catch {
  FileHandle.standardError.write(Data("\(error)\n".utf8))
  exit(1)
}
