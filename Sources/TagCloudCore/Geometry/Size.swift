/// A width and a height in CSS pixels (the seed's `CGSize`).
///
///     let capsule = Size(width: 96, height: 40)
///
/// - Complexity: O(1) storage; the type is a plain value.
public struct Size: Equatable, Sendable {
  public var width: Double
  public var height: Double

  @inlinable
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  public static let zero = Size(width: 0, height: 0)
}
