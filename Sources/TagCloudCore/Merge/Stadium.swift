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

  /// Where the liquid neck between two melting capsules runs: its axis from `from` on this
  /// stadium's segment to `to` on `other`'s, the closest points of the two segments, and
  /// `halfSpan`, half the length over which the segments run side by side at that distance.
  ///
  /// Per axis, the segments' extents are either apart (then the axis joins their facing ends)
  /// or overlap (then it runs through the middle of the overlap). `halfSpan` is half that
  /// overlap when the segments are apart along the other axis (capsules in adjacent rows:
  /// the neck is a wall along their shared length), else 0 (end caps facing each other).
  ///
  ///     let upper = Stadium(capsule: Rect(x: 0, y: 0, width: 100, height: 40))
  ///     let lower = Stadium(capsule: Rect(x: 40, y: 43, width: 100, height: 40))
  ///     upper.neck(to: lower)
  ///     // from (70, 20), to (70, 63), halfSpan 10: the segments share x 60…80
  ///
  /// - Complexity: O(1).
  public func neck(to other: Stadium) -> (from: Point, to: Point, halfSpan: Double) {
    let x = Stadium.facing(
      min(start.x, end.x), max(start.x, end.x),
      min(other.start.x, other.end.x), max(other.start.x, other.end.x))
    let y = Stadium.facing(
      min(start.y, end.y), max(start.y, end.y),
      min(other.start.y, other.end.y), max(other.start.y, other.end.y))
    let halfSpan = x.apart == y.apart ? 0 : x.apart ? y.halfOverlap : x.halfOverlap
    return (Point(x: x.mine, y: y.mine), Point(x: x.theirs, y: y.theirs), halfSpan)
  }

  /// Along one axis, the closest coordinates of two extents (`mine` in the first, `theirs` in
  /// the second): their facing ends when apart, the middle of their overlap otherwise.
  private static func facing(
    _ low1: Double, _ high1: Double, _ low2: Double, _ high2: Double
  ) -> (mine: Double, theirs: Double, apart: Bool, halfOverlap: Double) {
    if high1 < low2 { return (high1, low2, true, 0) }
    if high2 < low1 { return (low1, high2, true, 0) }
    let from = max(low1, low2)
    let to = min(high1, high2)
    let middle = (from + to) / 2
    return (middle, middle, false, (to - from) / 2)
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
