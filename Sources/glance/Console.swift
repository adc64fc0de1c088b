import GlanceCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's world: standard streams, environment, terminal facts. Tests of the binary drive
/// it through a pseudo-terminal or pipes; nothing else reads them.
final class Console {
  let environment: [String: String]
  let stdinIsTerminal: Bool
  let stdoutIsTerminal: Bool
  private var output = FileHandleWriter(descriptor: 1)
  private var errors = FileHandleWriter(descriptor: 2)

  /// The variables glance reads. Only these are looked up: building the whole environment as a
  /// dictionary costs more than a small command's own work.
  static let variables = [
    "GLANCE_HOME", "GLANCE_TODAY", "XDG_DATA_HOME", "HOME", "NO_COLOR", "TERM", "LC_ALL", "LC_CTYPE", "LANG",
    "COLUMNS", "TMPDIR",
  ]

  init(environment: [String: String] = Console.readEnvironment()) {
    self.environment = environment
    stdinIsTerminal = isatty(0) == 1
    stdoutIsTerminal = isatty(1) == 1
  }

  /// Today on this machine's wall calendar (TZ, else /etc/localtime), asked of the C library:
  /// Foundation's `TimeZone.current` costs a short command about a tenth of its run time.
  static func localToday() -> CalendarDate {
    var now = time(nil)
    var parts = tm()
    let offset = localtime_r(&now, &parts) == nil ? 0 : Int(parts.tm_gmtoff)
    return CalendarDate.today(secondsSince1970: Int(now), utcOffset: offset)
  }

  /// The working directory, for a relative GLANCE_HOME ("" when it cannot be found out).
  static func currentDirectory() -> String {
    guard let path = getcwd(nil, 0) else { return "" }
    defer { free(path) }
    return String(cString: path)
  }

  static func readEnvironment() -> [String: String] {
    var result: [String: String] = [:]
    for name in variables {
      if let value = getenv(name) { result[name] = String(cString: value) }
    }
    return result
  }

  /// Prints a line (or several) to standard output.
  func out(_ text: String = "") { output.write(text + "\n") }

  /// Prints to standard error: problems, warnings and notices.
  func err(_ text: String) { errors.write(text + "\n") }

  /// Writes bytes to standard output as they are (exports).
  func write(_ bytes: [UInt8]) { output.write(String(decoding: bytes, as: UTF8.self)) }

  /// Writes without a newline (for prompts) and flushes.
  func prompt(_ text: String) { output.write(text) }

  /// One line of standard input without its line ending, or nil at the end of input.
  func readLine() -> String? {
    guard let line = Swift.readLine(strippingNewline: true) else { return nil }
    return line.hasSuffix("\r") ? String(line.dropLast()) : line
  }

  /// Asks a yes/no question on the terminal; anything but y/yes is no. Nil when there is no
  /// terminal to ask on.
  func confirm(_ question: String) -> Bool? {
    guard stdinIsTerminal else { return nil }
    prompt(question + " [y/N] ")
    guard let answer = readLine()?.trimmingWhitespace().lowercased() else {
      out()
      return false
    }
    return answer == "y" || answer == "yes"
  }

  /// The output style for these options and this terminal.
  func style(for options: GlobalOptions) -> OutputStyle {
    var columns: Int?
    if stdoutIsTerminal, options.width == nil {
      var size = winsize()
      if ioctl(1, UInt(TIOCGWINSZ), &size) == 0 { columns = Int(size.ws_col) }
    }
    return OutputStyle.resolve(
      color: options.color, ascii: options.ascii, width: options.width, environment: environment,
      stdoutIsTerminal: stdoutIsTerminal, terminalColumns: columns)
  }
}

/// Unbuffered writes to a file descriptor, retried until complete.
struct FileHandleWriter {
  let descriptor: Int32

  mutating func write(_ text: String) {
    var text = text
    text.withUTF8 { buffer in
      var offset = 0
      while offset < buffer.count {
        #if canImport(Darwin)
          let written = Darwin.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        #elseif canImport(Musl)
          let written = Musl.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        #else
          let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        #endif
        if written < 0 {
          if errno == EINTR { continue }
          return
        }
        offset += written
      }
    }
  }
}
