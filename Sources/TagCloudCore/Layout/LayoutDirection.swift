/// Which edge rows start from: the writing direction of the page (`dir="rtl"`).
///
/// Right-to-left is the same flow rule mirrored: the first tag touches the right edge and rows
/// fill leftwards. The container's right edge is its width, or the cloud's own width when the
/// width is unbounded.
///
///     LayoutDirection.rightToLeft.mirroredX(0, width: 96, in: 390)  // 294
public enum LayoutDirection: Equatable, Sendable {
  case leftToRight
  case rightToLeft

  /// The x of a box `width` wide placed at `x` from the leading edge of a container `extent`
  /// wide.
  @inlinable
  public func mirroredX(_ x: Double, width: Double, in extent: Double) -> Double {
    switch self {
    case .leftToRight: return x
    case .rightToLeft: return extent - x - width
    }
  }
}
