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
  let index = withLayout(frames, count, rows, rowCount) { frames, rowStarts in
    HitTesting.tagIndex(at: Point(x: x, y: y), frames: frames, rowStarts: rowStarts)
  }
  return Int32(index)
}

/// Keyboard navigation: where focus goes from `index` on `key` (0…7: next, previous, up,
/// down, first, last, previous row, next row), over the same `frames` and `rows` as `tc_hit_test`. `index` must be an
/// item; the loader maps "nothing focused" itself.
@_cdecl("tc_navigate")
public func wasmNavigate(
  _ frames: UnsafePointer<Double>, _ count: Int32, _ rows: UnsafePointer<Int32>,
  _ rowCount: Int32, _ index: Int32, _ key: Int32
) -> Int32 {
  guard let direction = KeyboardNavigation.Direction(rawValue: Int(key)), index >= 0,
    index < count
  else { return index }
  return Int32(
    withLayout(frames, count, rows, rowCount) { frames, rowStarts in
      KeyboardNavigation.target(
        from: Int(index), moving: direction, frames: frames, rowStarts: rowStarts)
    })
}

/// Hands the packed layout to `body` as buffers, read in place: the frames `x, y, w, h` are
/// the stored properties of `Rect`, in order; the rows are `Int32`, which is `Int` on wasm32
/// (natively, where the exports are only compiled, they are copied).
private func withLayout(
  _ frames: UnsafePointer<Double>, _ count: Int32, _ rows: UnsafePointer<Int32>,
  _ rowCount: Int32, _ body: (UnsafeBufferPointer<Rect>, UnsafeBufferPointer<Int>) -> Int
) -> Int {
  let rects = UnsafeBufferPointer(
    start: UnsafeRawPointer(frames).bindMemory(to: Rect.self, capacity: Int(max(count, 0))),
    count: Int(max(count, 0)))
  #if _pointerBitWidth(_32)
    return body(
      rects,
      UnsafeBufferPointer(
        start: UnsafeRawPointer(rows).bindMemory(to: Int.self, capacity: Int(max(rowCount, 0))),
        count: Int(max(rowCount, 0))))
  #else
    let starts = UnsafeBufferPointer(start: rows, count: Int(max(rowCount, 0))).map(Int.init)
    return starts.withUnsafeBufferPointer { body(rects, $0) }
  #endif
}
