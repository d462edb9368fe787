/// Capsule sizes from label metrics, and the touch targets around them.
///
/// A capsule is its label plus the seed's paddings: width = label + 2 × 16 × textScale,
/// height = lineHeight × lines + 2 × 10 × textScale. A label that does not fit the container
/// wraps, as SwiftUI's `Text` does under a proposal of the container's width: the capsule takes
/// the container width and grows by whole lines (greedy word wrap when word widths are known,
/// else by width).
public enum CapsuleSizing {
  /// The capsule for `label` in a container `containerWidth` wide (`.infinity` for unbounded).
  ///
  ///     let metrics = CapsuleMetrics(textScale: 1, lineHeight: 20)
  ///     CapsuleSizing.capsule(for: LabelMetrics(width: 46.5), metrics: metrics,
  ///                           containerWidth: 390)
  ///     // Size(width: 78.5, height: 40)
  ///
  /// - Complexity: O(words).
  public static func capsule(
    for label: LabelMetrics, metrics: CapsuleMetrics, containerWidth: Double
  ) -> Size {
    let paddingX = 2 * metrics.horizontalPadding
    let paddingY = 2 * metrics.verticalPadding
    let natural = label.width + paddingX
    if natural <= containerWidth {
      return Size(width: natural, height: metrics.lineHeight + paddingY)
    }
    let available = containerWidth - paddingX
    let lines = lineCount(of: label, in: available)
    return Size(width: containerWidth, height: metrics.lineHeight * Double(lines) + paddingY)
  }

  /// How many lines `label` takes when wrapped into `available` width.
  ///
  /// Greedy, like the browser's line breaking at spaces: words go on the current line while
  /// they fit; a word wider than a whole line takes as many lines as its width needs. Without
  /// word widths, the label's width is cut into whole lines.
  ///
  /// - Complexity: O(words).
  public static func lineCount(of label: LabelMetrics, in available: Double) -> Int {
    guard available > 0 else { return 1 }
    if label.words.isEmpty { return linesByWidth(label.width, in: available) }
    var lines = 0
    var lineWidth = 0.0
    for word in label.words {
      if lines > 0, lineWidth + label.spaceWidth + word <= available {
        lineWidth += label.spaceWidth + word
        continue
      }
      // The word starts a new line; one wider than a line breaks, its tail starting the next.
      let pieces = linesByWidth(word, in: available)
      lines += pieces
      lineWidth = word - Double(pieces - 1) * available
    }
    return max(lines, 1)
  }

  /// The touch target of a capsule: 3 px more above and below, and never less than 44 px tall,
  /// centred on the capsule. The visible capsule is unchanged (the seed's `.contentShape`).
  ///
  ///     CapsuleSizing.touchTarget(for: Rect(x: 0, y: 0, width: 96, height: 40))
  ///     // Rect(x: 0, y: -3, width: 96, height: 46)
  ///
  /// - Complexity: O(1).
  public static func touchTarget(for capsule: Rect) -> Rect {
    let height = max(capsule.height + 2 * touchOutset, minimumTouchHeight)
    return Rect(
      x: capsule.x, y: capsule.y - (height - capsule.height) / 2, width: capsule.width,
      height: height)
  }

  /// The seed's extra touch padding above and below a capsule.
  public static let touchOutset = 3.0
  /// The smallest touch target height (WCAG 2.5.5).
  public static let minimumTouchHeight = 44.0

  /// The most lines a label may take: a bound that keeps absurd inputs finite.
  public static let maximumLines = 1_000_000

  private static func linesByWidth(_ width: Double, in available: Double) -> Int {
    let lines = (width / available).rounded(.up)
    return lines < 1 ? 1 : Int(min(lines, Double(maximumLines)))
  }
}
