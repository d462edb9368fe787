/// A capsule's exact shape: every point within `radius` of the segment from `start` to `end`.
///
/// A capsule of size w × h is a stadium of radius min(w, h) / 2 around a horizontal segment
/// (or a vertical one when it is taller than wide; a point when it is a circle).
///
///     let stadium = Stadium(capsule: Rect(x: 0, y: 0, width: 96, height: 40))
///     // start (20, 20), end (76, 20), radius 20
public struct Stadium: Equatable, Sendable {
  public var start: Point
  public var end: Point
  public var radius: Double

  public init(capsule: Rect) {
    if capsule.width >= capsule.height {
      radius = capsule.height / 2
      start = Point(x: capsule.x + radius, y: capsule.y + radius)
      end = Point(x: capsule.maxX - radius, y: capsule.y + radius)
    } else {
      radius = capsule.width / 2
      start = Point(x: capsule.x + radius, y: capsule.y + radius)
      end = Point(x: capsule.x + radius, y: capsule.maxY - radius)
    }
  }

  /// The shortest distance between the two shapes; 0 when they touch or overlap.
  ///
  /// - Complexity: O(1).
  public func gap(to other: Stadium) -> Double {
    let between = Stadium.segmentDistance(start, end, other.start, other.end)
    return max(0, between - radius - other.radius)
  }

  /// The distance between two axis-aligned segments (each horizontal, vertical or a point).
  static func segmentDistance(_ a0: Point, _ a1: Point, _ b0: Point, _ b1: Point) -> Double {
    // Axis-aligned segments are boxes of zero thickness; two boxes are apart by their gaps.
    let dx = intervalGap(min(a0.x, a1.x), max(a0.x, a1.x), min(b0.x, b1.x), max(b0.x, b1.x))
    let dy = intervalGap(min(a0.y, a1.y), max(a0.y, a1.y), min(b0.y, b1.y), max(b0.y, b1.y))
    if dx == 0 { return dy }
    if dy == 0 { return dx }
    return (dx * dx + dy * dy).squareRoot()
  }

  private static func intervalGap(
    _ low1: Double, _ high1: Double, _ low2: Double, _ high2: Double
  ) -> Double {
    if high1 < low2 { return low2 - high1 }
    if high2 < low1 { return low1 - high2 }
    return 0
  }
}
