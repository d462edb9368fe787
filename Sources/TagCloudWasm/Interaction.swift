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
  let direction: KeyboardNavigation.Direction
  switch key {
  case 0: direction = .next
  case 1: direction = .previous
  case 2: direction = .up
  case 3: direction = .down
  case 4: direction = .first
  case 5: direction = .last
  default: return index
  }
  guard index >= 0, index < count else { return index }
  return Int32(
    KeyboardNavigation.target(
      from: Int(index), moving: direction, frames: readFrames(frames, count),
      rowStarts: readRows(rows, rowCount)))
}

private func readFrames(_ frames: UnsafePointer<Double>, _ count: Int32) -> [Rect] {
  // Filled in place rather than appended: appending would add the array growth code for
  // `Rect` to the module.
  var result = [Rect](repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: Int(max(count, 0)))
  for item in result.indices {
    result[item] = Rect(
      x: frames[4 * item], y: frames[4 * item + 1], width: frames[4 * item + 2],
      height: frames[4 * item + 3])
  }
  return result
}

private func readRows(_ rows: UnsafePointer<Int32>, _ count: Int32) -> [Int] {
  var result: [Int] = []
  result.reserveCapacity(Int(max(count, 0)))
  var row = 0
  while row < Int(count) {
    result.append(Int(rows[row]))
    row += 1
  }
  return result
}
