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
/// it through a pseudo-terminal or pipes; command tests use a scripted `Console` instead.
public final class TerminalConsole: Console {
  public let environment: [String: String]
  public let stdinIsTerminal: Bool
  public let stdoutIsTerminal: Bool
  public var canAsk: Bool { stdinIsTerminal }
  private var output = FileHandleWriter(descriptor: 1)
  private var errors = FileHandleWriter(descriptor: 2)
  /// New every run: only colour codes made with it get through `TerminalText.guarded` (see there).
  public let colorToken = String(UInt64.random(in: 100_000_000_000...999_999_999_999)) + ";"

  /// Why standard output could not be written (a full disk), if it could not; a closed pipe
  /// (`glance export --csv | head`) is not a failure.
  public var outputError: Int32? { output.error }

  /// The variables glance reads. Only these are looked up: building the whole environment as a
  /// dictionary costs more than a small command's own work.
  public static let variables = [
    "GLANCE_HOME", "GLANCE_TODAY", "XDG_DATA_HOME", "HOME", "NO_COLOR", "TERM", "LC_ALL", "LC_CTYPE", "LANG",
    "COLUMNS", "TMPDIR", "PAGER",
  ]

  public init(environment: [String: String] = TerminalConsole.readEnvironment()) {
    self.environment = environment
    stdinIsTerminal = isatty(0) == 1
    stdoutIsTerminal = isatty(1) == 1
  }

  /// Today on this machine's wall calendar (TZ, else /etc/localtime), asked of the C library:
  /// Foundation's `TimeZone.current` costs a short command about a tenth of its run time.
  public static func localToday() -> CalendarDate {
    var now = time(nil)
    var parts = tm()
    let offset = localtime_r(&now, &parts) == nil ? 0 : Int(parts.tm_gmtoff)
    return CalendarDate.today(secondsSince1970: Int(now), utcOffset: offset)
  }

  /// The working directory, for a relative GLANCE_HOME ("" when it cannot be found out).
  public static func currentDirectory() -> String {
    guard let path = getcwd(nil, 0) else { return "" }
    defer { free(path) }
    return String(cString: path)
  }

  public static func readEnvironment() -> [String: String] {
    var result: [String: String] = [:]
    for name in variables {
      if let value = getenv(name) { result[name] = String(cString: value) }
    }
    return result
  }

  /// Prints a line (or several) to standard output.
  public func out(_ text: String) { emit(safe(text) + "\n") }

  /// Output held back for the pager, when paging.
  private var held: [UInt8]?

  private func emit(_ text: String) {
    if held != nil { held! += Array(text.utf8) } else { output.write(text) }
  }

  public func startPaging() {
    if stdoutIsTerminal { held = [] }
  }

  public func finishPaging() {
    guard let text = held else { return }
    held = nil
    var size = winsize()
    let rows = ioctl(1, UInt(TIOCGWINSZ), &size) == 0 ? Int(size.ws_row) : 0
    let lines = text.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    if let command = Pager.command(environment: environment, lines: lines, rows: rows),
      Pager.run(command, bytes: text)
    {
      return
    }
    text.withUnsafeBytes { output.write($0) }
  }

  /// Prints to standard error: problems, warnings and notices. Never wrapped: error text holds
  /// commands to copy (a damaged file's `mv … && cp … && glance import --salvage '…'`), and a
  /// line broken at their spaces no longer runs (attacker's second look at stop 33).
  public func err(_ text: String) { errors.write(safe(text) + "\n") }

  /// Writes bytes to standard output as they are (an export is data); on a terminal, guarded
  /// like everything else, since a note's escape codes would act on the screen.
  public func write(_ bytes: [UInt8]) {
    if stdoutIsTerminal {
      emit(TerminalText.guarded(String(decoding: bytes, as: UTF8.self), asciiOnly: asciiOnly))
    } else {
      bytes.withUnsafeBytes { output.write($0) }
    }
  }

  /// Writes without a newline (for prompts) and flushes.
  public func prompt(_ text: String) { output.write(safe(text)) }

  /// Everything printed passes here: control characters in data are shown, never obeyed.
  private func safe(_ text: String) -> String {
    TerminalText.guarded(text, colorToken: colorToken, asciiOnly: asciiOnly)
  }

  /// In a locale that is not UTF-8 a terminal may take bytes beyond ASCII as control codes; with
  /// `--ascii` the person asked for ASCII (`style(for:)` sets it).
  private lazy var asciiOnly = !OutputStyle.localeIsUTF8(environment)

  private var input = LineBuffer()

  /// One line of standard input without its line ending, or nil at the end of input. A line
  /// longer than `InputLimits.lineBytes` is refused (`InputTooLong`), never read to its end.
  public func readLine() throws -> String? {
    while true {
      switch input.next() {
      case .line(let line): return line
      case .tooLong: throw InputTooLong()
      case .needMore:
        if input.isExhausted { return nil }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        if count <= 0 {
          input.finish()
          guard input.isExhausted else { continue }
          // Ctrl-D on a terminal ends what is being typed (the batch panel), not the terminal:
          // the question after it is still read (newcomer review: it read the same end).
          if stdinIsTerminal, count == 0 { input = LineBuffer() }
          return nil
        } else {
          input.feed(chunk[0..<count])
        }
      }
    }
  }

  /// The output style for these options and this terminal.
  public func style(for options: GlobalOptions) -> OutputStyle {
    var columns: Int?
    if stdoutIsTerminal, options.width == nil {
      var size = winsize()
      if ioctl(1, UInt(TIOCGWINSZ), &size) == 0 { columns = Int(size.ws_col) }
    }
    var style = OutputStyle.resolve(
      color: options.color, ascii: options.ascii, width: options.width, environment: environment,
      stdoutIsTerminal: stdoutIsTerminal, terminalColumns: columns)
    style.colorToken = colorToken
    if options.ascii { asciiOnly = true }
    return style
  }
}

/// Unbuffered writes to a file descriptor, retried until complete. The first failure stops
/// further writes and is kept in `error`, except a closed pipe (EPIPE): a reader that has seen
/// enough (`| head`) is not a failure.
struct FileHandleWriter {
  let descriptor: Int32
  private(set) var error: Int32?
  private var closed = false

  init(descriptor: Int32) { self.descriptor = descriptor }

  mutating func write(_ text: String) {
    var text = text
    text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
  }

  mutating func write(_ buffer: UnsafeRawBufferPointer) {
    guard !closed, let code = writeAll(descriptor, buffer) else { return }
    if code != EPIPE { error = code }
    closed = true
  }
}
