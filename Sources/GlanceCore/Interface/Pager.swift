#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Long screens on a terminal go through a pager, as git's do: `$PAGER` (run by the shell), or
/// `less -FRX` (which prints and quits when the text fits after all, passes colour, and leaves it
/// on the screen). Never in a pipe, never for a command that asks, never with `--no-pager`, `--json`,
/// an empty `PAGER` or `PAGER=cat`.
public enum Pager {
  /// The program to page `lines` lines through on a terminal of `rows` rows, or nil to print
  /// them directly (they fit, the size is unknown, or paging is off).
  public static func command(environment: [String: String], lines: Int, rows: Int) -> [String]? {
    // One row stays free for the shell's prompt.
    guard rows > 0, lines > rows - 1 else { return nil }
    if let chosen = environment["PAGER"] {
      let trimmed = chosen.trimmingWhitespace()
      if trimmed.isEmpty || trimmed == "cat" { return nil }
      return ["/bin/sh", "-c", trimmed]
    }
    return ["less", "-FRX"]
  }

  /// Runs `arguments` with `bytes` on its standard input and waits for it; false when it could
  /// not be started or the shell found no such pager (then the caller prints the text itself).
  static func run(_ arguments: [String], bytes: [UInt8]) -> Bool {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return false }
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, ends[0], 0)
    posix_spawn_file_actions_addclose(&actions, ends[0])
    posix_spawn_file_actions_addclose(&actions, ends[1])
    var pid = pid_t()
    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    #if canImport(Darwin)
      let environment = _NSGetEnviron().pointee
    #else
      let environment = environ
    #endif
    let started = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environment)
    close(ends[0])
    guard started == 0 else {
      close(ends[1])
      return false
    }
    // A pager quit before the end (q in less) closes the pipe: the rest is not wanted.
    _ = bytes.withUnsafeBytes { writeAll(ends[1], $0) }
    close(ends[1])
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    // The shell could not find or run the pager (126, 127): it showed nothing, so print directly.
    let exited = status & 0x7F == 0
    let code = (status >> 8) & 0xFF
    return !(exited && (code == 126 || code == 127))
  }
}
