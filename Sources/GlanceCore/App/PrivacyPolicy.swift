/// The privacy policy, as PrivacyPolicy.md says it.
public enum PrivacyPolicy {}
