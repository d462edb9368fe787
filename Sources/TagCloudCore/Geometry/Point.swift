/// A position in CSS pixels, origin at the top left, y growing downwards (the seed's `CGPoint`).
///
///     let origin = Point(x: 0, y: 58)
public struct Point: Equatable, Sendable {
  public var x: Double
  public var y: Double

  @inlinable
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  public static let zero = Point(x: 0, y: 0)
}
