/// The seed's `@ScaledMetric` paddings and text metrics that turn a label into a capsule.
///
/// The seed pads `Text` by 16 pt horizontally and 10 pt vertically, both scaled with Dynamic
/// Type (`.subheadline`). On the web the scale is the browser's text size over the default
/// (root font size / 16 px), and the label's line height comes from the page's font.
///
///     let metrics = CapsuleMetrics(textScale: 1.25, lineHeight: 25)
///     metrics.horizontalPadding  // 20
public struct CapsuleMetrics: Equatable, Sendable {
  /// The seed's horizontal padding at the default text size.
  public static let baseHorizontalPadding = 16.0
  /// The seed's vertical padding at the default text size.
  public static let baseVerticalPadding = 10.0

  /// The browser's text size over the default; 1 at 16 px.
  public var textScale: Double
  /// The height of one line of label text, in CSS pixels.
  public var lineHeight: Double

  public init(textScale: Double = 1, lineHeight: Double = 20) {
    assert(textScale > 0 && lineHeight >= 0)
    self.textScale = textScale
    self.lineHeight = lineHeight
  }

  @inlinable public var horizontalPadding: Double { Self.baseHorizontalPadding * textScale }
  @inlinable public var verticalPadding: Double { Self.baseVerticalPadding * textScale }
}
