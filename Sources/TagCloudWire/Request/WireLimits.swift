/// The bounds a request must stay within; anything beyond is refused as absurd, before it can
/// cost memory or time.
public enum WireLimits {
  /// The largest length (width, spacing, capsule side, label width) in CSS pixels.
  public static let maximumLength = 1_000_000.0
  /// The largest text scale (the browser's text size over 16 px).
  public static let maximumTextScale = 64.0

  /// Whether a text scale is accepted: above 0 and at most ``maximumTextScale`` (NaN is not).
  /// The one rule for both the layout request and the live protocol's `measure` message.
  ///
  ///     WireLimits.acceptsTextScale(1.25)  // true
  ///     WireLimits.acceptsTextScale(0)     // false
  public static func acceptsTextScale(_ scale: Double) -> Bool {
    scale > 0 && scale <= maximumTextScale
  }
  /// The most tags in one request.
  public static let maximumTags = 1_000_000
  /// The most words in one label.
  public static let maximumWords = 10_000
  /// The longest spring duration, in seconds.
  public static let maximumSpringDuration = 10.0
  /// The shortest spring duration, in seconds: shorter is no animation at all, and durations
  /// near 1e-47 s overflowed the spring's closed form into NaN (found by FuzzLayoutService).
  public static let minimumSpringDuration = 0.001
}
