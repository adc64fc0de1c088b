import GlanceCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// NB: before anything can create a file: whatever the shell's umask, glance's files are private.
umask(0o077)
signal(SIGPIPE, SIG_IGN)

let status = Glance.run(Array(CommandLine.arguments.dropFirst()), console: TerminalConsole())
exit(status.rawValue)
