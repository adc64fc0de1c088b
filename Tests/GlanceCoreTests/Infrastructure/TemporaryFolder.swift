import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A fresh private folder under the system's temporary directory, removed when released.
final class TemporaryFolder {
  let path: String

  init() {
    var template = Array((NSTemporaryDirectory() + "/glance-test-XXXXXX").utf8CString)
    let created = template.withUnsafeMutableBufferPointer { buffer in mkdtemp(buffer.baseAddress!) }
    precondition(created != nil, "mkdtemp failed")
    path = String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
  }

  /// A path inside the folder.
  func file(_ name: String) -> String { path + "/" + name }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// The permission bits of a file, or nil when it is missing.
func mode(of path: String) -> UInt16? {
  var info = stat()
  guard stat(path, &info) == 0 else { return nil }
  return UInt16(info.st_mode & 0o777)
}

func bytes(of path: String) -> [UInt8]? {
  FileManager.default.contents(atPath: path).map { Array($0) }
}
