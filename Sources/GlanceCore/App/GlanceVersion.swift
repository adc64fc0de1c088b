/// The release of this build.
public enum GlanceVersion {
  public static let current = "0.1.0"
}
