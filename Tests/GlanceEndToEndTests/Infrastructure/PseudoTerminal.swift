import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a program on a pseudo-terminal, so it sees a real terminal on stdin and stdout and asks
/// its questions; the test answers them like a person typing.
final class PseudoTerminalSession: @unchecked Sendable {
  private let process = Process()
  private let master: Int32
  private var buffer = [UInt8]()
  private let lock = NSLock()
  private var reader: Thread?

  /// `rows`: the terminal's height as the program asks for it (0: unknown, as a bare pty says).
  init(_ executable: String, _ arguments: [String], environment: [String: String], rows: UInt16 = 0) throws {
    master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    guard master >= 0 else { throw POSIXError(.EIO) }
    #if os(Linux)
      // NB: Glibc's module does not export posix_openpt/grantpt/unlockpt/ptsname; these are the
      // Linux ioctls behind them (TIOCSPTLCK to unlock, TIOCGPTN for the slave's number).
      var unlock: Int32 = 0
      var number: UInt32 = 0
      guard ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
        throw POSIXError(.EIO)
      }
      let slavePath = "/dev/pts/\(number)"
    #else
      guard grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else { throw POSIXError(.EIO) }
      let slavePath = String(cString: name)
    #endif
    let slave = open(slavePath, O_RDWR | O_NOCTTY)
    guard slave >= 0 else { throw POSIXError(.EIO) }
    // Raw-ish: no echo, so the transcript holds only what the program prints.
    var settings = termios()
    tcgetattr(slave, &settings)
    settings.c_lflag &= ~tcflag_t(ECHO)
    tcsetattr(slave, TCSANOW, &settings)
    if rows > 0 {
      var size = winsize(ws_row: rows, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
      _ = ioctl(slave, UInt(TIOCSWINSZ), &size)
    }
    let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    process.standardInput = handle
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    try handle.close()
    let thread = Thread { [weak self] in self?.readLoop() }
    reader = thread
    thread.start()
  }

  private func readLoop() {
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(master, &chunk, chunk.count)
      if count <= 0 { return }
      lock.lock()
      buffer.append(contentsOf: chunk[0..<count])
      lock.unlock()
    }
  }

  /// Everything printed so far.
  var transcript: String {
    lock.lock()
    defer { lock.unlock() }
    return String(decoding: buffer, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
  }

  /// Waits until the transcript contains `text`, for at most `timeout` seconds.
  @discardableResult
  func expect(_ text: String, timeout: Double = 10) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if transcript.contains(text) { return true }
      usleep(10_000)
    }
    return false
  }

  /// Types a line and presses Enter.
  func send(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress!, $0.count) }
  }

  /// Presses Ctrl-D: the end of input at the start of a line, as a terminal gives it.
  func sendEndOfInput() {
    var byte: UInt8 = 0x04
    _ = write(master, &byte, 1)
  }

  /// Waits for the program to end and returns its exit code.
  func wait(timeout: Double = 20) -> Int32? {
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    if process.isRunning {
      process.terminate()
      return nil
    }
    usleep(50_000)
    return process.terminationStatus
  }

  deinit { close(master) }
}
