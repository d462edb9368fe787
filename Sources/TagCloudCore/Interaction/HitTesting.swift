/// Which tag a pointer lands on, using the touch targets (3 px taller above and below than the
/// visible capsule, at least 44 px tall), as the seed's `.contentShape` does.
///
/// Touch targets of neighbouring rows can overlap when the spacing is tight. A point inside a
/// visible capsule always picks that capsule; otherwise the capsule nearest to the point among
/// those whose touch target holds it; on a tie, the earlier tag.
///
///     HitTesting.tag(at: Point(x: 10, y: -2), frames: frames, rowStarts: rows)  // 0
public enum HitTesting {
  /// The index of the tag at `point`, or nil for empty space.
  ///
  /// - Parameters:
  ///   - point: where the pointer is, in the cloud's coordinates.
  ///   - frames: the visible capsules, laid out by the flow rule.
  ///   - rowStarts: the flow's rows.
  /// - Complexity: O(log n) plus the rows within a touch outset of the point.
  public static func tag(at point: Point, frames: [Rect], rowStarts: [Int]) -> Int? {
    frames.withUnsafeBufferPointer { frames in
      rowStarts.withUnsafeBufferPointer { rowStarts in
        let index = tagIndex(at: point, frames: frames, rowStarts: rowStarts)
        return index < 0 ? nil : index
      }
    }
  }

  /// ``tag(at:frames:rowStarts:)`` over buffers, -1 for empty space: for the Wasm export,
  /// which reads them in place and returns -1 itself. Frames are read without bounds checks:
  /// only through a row's range, which `FlowArrangement.items(inRow:rowStarts:total:)`
  /// checks to lie in the frames.
  public static func tagIndex(
    at point: Point, frames: UnsafeBufferPointer<Rect>, rowStarts: UnsafeBufferPointer<Int>
  ) -> Int {
    guard !frames.isEmpty, !rowStarts.isEmpty else { return -1 }
    let reach = CapsuleSizing.minimumTouchHeight / 2
    // Index arithmetic wraps (`&+`): every value lies in 0...count of a buffer, far from
    // overflow; `>> 1` halves the non-negative sums.
    // Rows are stacked downwards; skip those that end (with the widest possible touch outset)
    // above the point.
    var low = 0
    var high = rowStarts.count
    while low < high {
      let mid = (low &+ high) >> 1
      if rowBottom(mid, frames: frames, rowStarts: rowStarts) + reach < point.y {
        low = mid &+ 1
      } else {
        high = mid
      }
    }
    // The rule as one ordering: a capsule holding the point ranks -1, any other its vertical
    // distance (>= 0, and finite: within the touch outset); the first of the lowest rank wins.
    var best = -1
    var bestRank = Double.infinity
    var row = low
    while row < rowStarts.count {
      let items = FlowArrangement.items(inRow: row, rowStarts: rowStarts, total: frames.count)
      // An empty row (rows that do not ascend) at the end has no first item to read.
      precondition(items.lowerBound < frames.count, "rows out of range")
      if frames[items.lowerBound].y - reach > point.y { break }
      let index = candidate(in: items, x: point.x, frames: frames)
      if index >= 0 {
        let frame = frames[index]
        if CapsuleSizing.touchTarget(for: frame).contains(point) {
          let rank = frame.contains(point) ? -1 : verticalDistance(from: point.y, to: frame)
          if rank < bestRank {
            best = index
            bestRank = rank
          }
        }
      }
      row &+= 1
    }
    return best
  }

  /// The item of a row whose horizontal extent holds `x`, or -1 (at most one, as items in a
  /// row do not overlap; zero-width items hold nothing). Rows run left to right, or right to
  /// left in a mirrored (right-to-left) layout.
  private static func candidate(in items: Range<Int>, x: Double, frames: UnsafeBufferPointer<Rect>)
    -> Int
  {
    let rightToLeft =
      items.count > 1 && frames[items.lowerBound].x > frames[items.upperBound &- 1].x
    var low = items.lowerBound
    var high = items.upperBound
    while low < high {
      let mid = (low &+ high) >> 1
      let passed = rightToLeft ? frames[mid].x > x : frames[mid].maxX <= x
      if passed { low = mid &+ 1 } else { high = mid }
    }
    guard low < items.upperBound else { return -1 }
    let frame = frames[low]
    return frame.x <= x && x < frame.maxX ? low : -1
  }

  private static func rowBottom(
    _ row: Int, frames: UnsafeBufferPointer<Rect>, rowStarts: UnsafeBufferPointer<Int>
  ) -> Double {
    var bottom = -Double.infinity
    let items = FlowArrangement.items(inRow: row, rowStarts: rowStarts, total: frames.count)
    var index = items.lowerBound
    while index < items.upperBound {
      bottom = max(bottom, frames[index].maxY)
      index &+= 1
    }
    return bottom
  }

  private static func verticalDistance(from y: Double, to frame: Rect) -> Double {
    if y < frame.y { return frame.y - y }
    if y >= frame.maxY { return y - frame.maxY }
    return 0
  }
}
