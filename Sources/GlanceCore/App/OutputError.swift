#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard output could not be written (a full disk, a device error): what was printed is
/// incomplete, so `glance export --json > backup.json` must not look like it worked.
public struct OutputError: GlanceError, Equatable {
  /// The `errno` of the failed write.
  public var code: Int32
  /// True when the command saved its change before the output failed.
  public var changeSaved: Bool

  public init(code: Int32, changeSaved: Bool = false) { (self.code, self.changeSaved) = (code, changeSaved) }

  public var message: String {
    "glance could not write its output (\(String(cString: strerror(code)))). What was written is incomplete."
      // NB: no "glance undo" advice: units, the profile and a forget are no undo steps.
      + (changeSaved ? " The change was saved." : "")
  }

  public var kind: ErrorKind { .dataFile }
}
