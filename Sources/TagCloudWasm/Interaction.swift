import TagCloudCore

/// Hit testing over a laid-out cloud: the index of the tag at `(x, y)`, or -1.
///
/// `frames` holds `count` capsule frames `x, y, w, h` (a response's items); `rows` holds
/// `rowCount` row starts (a response's `rows`). The loader checks both before calling.
///
///     exports.tc_hit_test(frames, 10, rows, 3, 12, 20);  // 0: inside the first capsule
///
/// - Complexity: that of `HitTesting.tag(at:frames:rowStarts:)`, plus O(n) to read the frames.
@_cdecl("tc_hit_test")
public func wasmHitTest(
  _ frames: UnsafePointer<Double>, _ count: Int32, _ rows: UnsafePointer<Int32>,
  _ rowCount: Int32, _ x: Double, _ y: Double
) -> Int32 {
  let index = HitTesting.tag(
    at: Point(x: x, y: y), frames: readFrames(frames, count),
    rowStarts: readRows(rows, rowCount))
  return index.map { Int32($0) } ?? -1
}

/// Keyboard navigation: where focus goes from `index` on `key` (0…5: next, previous, up,
/// down, first, last), over the same `frames` and `rows` as `tc_hit_test`. `index` must be an
/// item; the loader maps "nothing focused" itself.
@_cdecl("tc_navigate")
public func wasmNavigate(
  _ frames: UnsafePointer<Double>, _ count: Int32, _ rows: UnsafePointer<Int32>,
  _ rowCount: Int32, _ index: Int32, _ key: Int32
) -> Int32 {
  let directions: [KeyboardNavigation.Direction] = [.next, .previous, .up, .down, .first, .last]
  guard key >= 0, key < directions.count, index >= 0, index < count else { return index }
  return Int32(
    KeyboardNavigation.target(
      from: Int(index), moving: directions[Int(key)], frames: readFrames(frames, count),
      rowStarts: readRows(rows, rowCount)))
}

private func readFrames(_ frames: UnsafePointer<Double>, _ count: Int32) -> [Rect] {
  let packed = UnsafeBufferPointer(start: frames, count: 4 * Int(max(count, 0)))
  return (0..<Int(max(count, 0))).map { item in
    Rect(
      x: packed[4 * item], y: packed[4 * item + 1], width: packed[4 * item + 2],
      height: packed[4 * item + 3])
  }
}

private func readRows(_ rows: UnsafePointer<Int32>, _ count: Int32) -> [Int] {
  UnsafeBufferPointer(start: rows, count: Int(max(count, 0))).map { Int($0) }
}
