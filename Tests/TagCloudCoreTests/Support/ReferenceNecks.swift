import TagCloudCore

/// The melt rule by brute force, the plain reference the core's necks are checked against:
/// every pair of capsules, each capsule the segment through its middle swept by half its
/// shorter side, two capsules melting when the distance between their segments, less both
/// radii, is below the merge distance. No sweep, no pruning, no shared code with the core.
enum ReferenceNecks {
  struct Neck: Equatable {
    var first: Int
    var second: Int
    var gap: Double
    /// The closest points of the two segments, from `first`'s to `second`'s; for segments
    /// running side by side (parallel, apart across, overlapping along), the middle of that
    /// overlap.
    var from: Point
    var to: Point
    /// Half the length of that overlap; 0 otherwise.
    var halfSpan: Double
    /// Whether the closest points are the only ones (else only their distance is defined:
    /// segments that touch or cross).
    var unique: Bool
  }

  struct Segment {
    var a: Point
    var b: Point
    var radius: Double

    init(_ rect: Rect) {
      radius = min(rect.width, rect.height) / 2
      if rect.width >= rect.height {
        let y = rect.y + rect.height / 2
        a = Point(x: rect.x + radius, y: y)
        b = Point(x: rect.x + rect.width - radius, y: y)
      } else {
        let x = rect.x + rect.width / 2
        a = Point(x: x, y: rect.y + radius)
        b = Point(x: x, y: rect.y + rect.height - radius)
      }
    }

    /// The point of the segment nearest `p`.
    func nearest(to p: Point) -> Point {
      let dx = b.x - a.x
      let dy = b.y - a.y
      let length2 = dx * dx + dy * dy
      if length2 == 0 { return a }
      let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2))
      return Point(x: a.x + t * dx, y: a.y + t * dy)
    }
  }

  static func distance(_ p: Point, _ q: Point) -> Double {
    ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot()
  }

  /// Every melting pair of `frames` at `mergeDistance`, ordered by the row of the first, the
  /// row of the second, the first, the second (`rows[i]`: item i's row).
  static func necks(frames: [Rect], rows: [Int], mergeDistance: Double) -> [Neck] {
    var found: [Neck] = []
    for i in frames.indices {
      for j in frames.indices where j > i {
        if let neck = neck(frames[i], frames[j], mergeDistance: mergeDistance) {
          found.append(
            Neck(
              first: i, second: j, gap: neck.gap, from: neck.from, to: neck.to,
              halfSpan: neck.halfSpan, unique: neck.unique))
        }
      }
    }
    return found.sorted {
      (rows[$0.first], rows[$0.second], $0.first, $0.second)
        < (rows[$1.first], rows[$1.second], $1.first, $1.second)
    }
  }

  static func neck(_ first: Rect, _ second: Rect, mergeDistance: Double) -> (
    gap: Double, from: Point, to: Point, halfSpan: Double, unique: Bool
  )? {
    let s = Segment(first)
    let t = Segment(second)
    // The closest pair is among each end against the other segment.
    let candidates = [
      (s.a, t.nearest(to: s.a)), (s.b, t.nearest(to: s.b)),
      (s.nearest(to: t.a), t.a), (s.nearest(to: t.b), t.b),
    ]
    var best = candidates[0]
    for candidate in candidates.dropFirst()
    where distance(candidate.0, candidate.1) < distance(best.0, best.1) {
      best = candidate
    }
    let between = distance(best.0, best.1)
    let gap = max(0, between - s.radius - t.radius)
    guard gap < mergeDistance - MergeGroups.roundingSlack(first, second, mergeDistance) else {
      return nil
    }
    if let wall = sideBySide(s, t, alongX: true) ?? sideBySide(s, t, alongX: false) {
      return (gap, wall.from, wall.to, wall.halfSpan, true)
    }
    return (gap, best.0, best.1, 0, between > 0)
  }

  /// Parallel segments along x (or y), apart across it and overlapping along it: the middle of
  /// the overlap on each, and half its length.
  static func sideBySide(_ s: Segment, _ t: Segment, alongX: Bool) -> (
    from: Point, to: Point, halfSpan: Double
  )? {
    func along(_ p: Point) -> Double { alongX ? p.x : p.y }
    func across(_ p: Point) -> Double { alongX ? p.y : p.x }
    func point(along a: Double, across c: Double) -> Point {
      alongX ? Point(x: a, y: c) : Point(x: c, y: a)
    }
    guard across(s.a) == across(s.b), across(t.a) == across(t.b), across(s.a) != across(t.a),
      along(s.a) != along(s.b) || along(t.a) != along(t.b)
    else { return nil }
    let low = max(along(s.a), along(t.a))
    let high = min(along(s.b), along(t.b))
    guard low <= high else { return nil }
    let middle = (low + high) / 2
    return (
      point(along: middle, across: across(s.a)), point(along: middle, across: across(t.a)),
      (high - low) / 2
    )
  }
}
