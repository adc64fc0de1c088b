import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The folder SwiftPM built the products into (where `glance` and `glance-torture` are).
let productsDirectory: URL = {
  #if os(macOS)
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      return bundle.bundleURL.deletingLastPathComponent()
    }
  #endif
  return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
}()

/// The path of a built product.
func binary(_ name: String) -> String { productsDirectory.appendingPathComponent(name).path }

/// What a finished process left: its exit code and both streams.
struct ProcessResult {
  var status: Int32
  var stdout: String
  var stderr: String
}

/// A private temporary folder, removed when released.
final class Scratch {
  let path: String

  init() {
    var template = Array((NSTemporaryDirectory() + "/glance-e2e-XXXXXX").utf8CString)
    let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    precondition(created != nil)
    path = String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
  }

  func file(_ name: String) -> String { path + "/" + name }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// Runs `executable` with `arguments`, an exact environment and optional standard input, and
/// waits for it. Output goes through files so a large output can never dead-lock the pipes.
func run(
  _ executable: String, _ arguments: [String], environment: [String: String], stdin: String? = nil,
  in scratch: Scratch
) throws -> ProcessResult {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  process.environment = environment
  let id = UUID().uuidString
  let outPath = scratch.file("out-\(id)")
  let errPath = scratch.file("err-\(id)")
  _ = FileManager.default.createFile(atPath: outPath, contents: nil)
  _ = FileManager.default.createFile(atPath: errPath, contents: nil)
  let outHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
  let errHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
  process.standardOutput = outHandle
  process.standardError = errHandle
  let input = Pipe()
  process.standardInput = input
  try process.run()
  if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
  try input.fileHandleForWriting.close()
  process.waitUntilExit()
  try outHandle.close()
  try errHandle.close()
  let stdout = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
  let stderr = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
  try? FileManager.default.removeItem(atPath: outPath)
  try? FileManager.default.removeItem(atPath: errPath)
  return ProcessResult(status: process.terminationStatus, stdout: stdout, stderr: stderr)
}

/// The permission bits of a path, or nil.
func mode(of path: String) -> UInt16? {
  var info = stat()
  guard stat(path, &info) == 0 else { return nil }
  return UInt16(info.st_mode & 0o777)
}
