import Foundation
import GlanceCore
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Real processes, real `kill -9`, real contention: the storage promises under fire.
@Suite("Crash safety and concurrent writers", .serialized)
struct CrashAndConcurrencyTests {
  @Test("a saver killed with SIGKILL at random moments, 200 times, never leaves a bad file")
  func killLoop() throws {
    let scratch = Scratch()
    let folder = scratch.file("data")
    let location = DataLocation(folder: folder)
    var highest = 0
    var generator = SystemRandomNumberGenerator()
    for round in 0..<200 {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: binary("glance-torture"))
      process.arguments = ["save-loop", folder]
      let pipe = Pipe()
      process.standardOutput = pipe
      process.standardError = FileHandle.nullDevice
      try process.run()
      // Killed on progress, not on time: after it reports 1 to 4 saves, somewhere in the next
      // one. A slow machine only makes a round take longer; it never lets the saver not run.
      let saves = Int.random(in: 1...4, using: &generator)
      var seen = 0
      while seen < saves {
        let chunk = pipe.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        seen += chunk.filter { $0 == 0x0A }.count
      }
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      #expect(seen >= saves, "round \(round): the saver stopped reporting saves")
      #expect(process.terminationReason == .uncaughtSignal, "round \(round): the saver exited by itself")

      guard let bytes = FileManager.default.contents(atPath: location.dataFile) else { continue }
      let document = try DocumentCodec.decode(bytes)
      let count = document.entries.count
      #expect(count >= highest, "round \(round): went back from \(highest) to \(count) readings")
      highest = max(highest, count)
      // Every save added value n+1 to n readings: the values are exactly 1…count.
      #expect(document.entries.map(\.value).sorted() == (0..<count).map { Double($0 + 1) })
      for path in [location.dataFile] + (1...5).map(location.backupFile)
      where FileManager.default.fileExists(atPath: path) {
        #expect(mode(of: path) == 0o600, "\(path) is not 0600")
        let backup = try #require(FileManager.default.contents(atPath: path))
        #expect((try? DocumentCodec.decode(backup)) != nil, "\(path) does not decode")
      }
    }
    #expect(highest >= 200, "every round saved at least once before its kill")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".tmp-") }
    #expect(leftovers.count <= 1, "temporary files pile up: \(leftovers)")
  }

  @Test("8 processes × 100 read-modify-write adds end with exactly 800 readings")
  func concurrentWriters() throws {
    let scratch = Scratch()
    let folder = scratch.file("data")
    let processes = try (0..<8).map { _ -> Process in
      let process = Process()
      process.executableURL = URL(fileURLWithPath: binary("glance-torture"))
      process.arguments = ["add", folder, "100"]
      try process.run()
      return process
    }
    for process in processes {
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
    }
    let document = try DocumentCodec.decode(try #require(FileManager.default.contents(atPath: folder + "/glance.json")))
    #expect(document.entries.count == 800)
    #expect(Set(document.entries.map(\.value)).count == 800)
  }

  @Test("a writer holding the lock makes glance report busy (exit 75) instead of hanging")
  func busyWriter() throws {
    let scratch = Scratch()
    let folder = scratch.file("data")
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: binary("glance-torture"))
    holder.arguments = ["hold-lock", folder, "6"]
    let pipe = Pipe()
    holder.standardOutput = pipe
    try holder.run()
    defer {
      kill(holder.processIdentifier, SIGKILL)
      holder.waitUntilExit()
    }
    let line = pipe.fileHandleForReading.availableData
    #expect(String(decoding: line, as: UTF8.self).contains("locked"))
    let started = Date()
    // glance waits about 3 s for the lock, then gives up.
    let glance = try run(
      binary("glance"), ["track", "hdl"], environment: ["GLANCE_HOME": folder, "LANG": "C.UTF-8"], in: scratch)
    #expect(glance.status == 75)
    #expect(glance.stderr.contains("Another glance is saving"))
    #expect(Date().timeIntervalSince(started) < 20)
  }
}
