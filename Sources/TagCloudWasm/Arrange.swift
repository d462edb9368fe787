import TagCloudCore

/// The fast path: the flow rule over packed sizes, no allocation, no JSON.
///
/// `sizes` holds `count` pairs `w, h`; `result` receives `count` pairs `x, y` followed by the
/// cloud's `width, height` (so it holds `2 * count + 2` doubles). `width` may be `Infinity` for
/// an unbounded row. `sizes` and `result` may not overlap.
///
/// Returns 0, or a refusal code (``refusalCode(_:)``): each size is checked in the pass that
/// lays it out, so a NaN, infinite or negative size never reaches the layout unnoticed.
///
///     // JS: sizes at p (Float64Array [96, 40, 60, 40]), result at q (6 doubles)
///     exports.tc_arrange(p, 2, 390, 18, q);  // 0; q: [0, 0, 114, 0, 174, 40]
///
/// - Complexity: O(count), allocation-free.
@_cdecl("tc_arrange")
public func wasmArrange(
  _ sizes: UnsafePointer<Double>, _ count: Int32, _ width: Double, _ spacing: Double,
  _ result: UnsafeMutablePointer<Double>
) -> Int32 {
  let pairs = Int(max(count, 0))
  let outcome = PackedLayout.arrange(
    sizes: UnsafeBufferPointer(start: sizes, count: 2 * pairs), width: width, spacing: spacing,
    origins: UnsafeMutableBufferPointer(start: result, count: 2 * pairs))
  switch outcome {
  case .arranged(let size):
    result[2 * pairs] = size.width
    result[2 * pairs + 1] = size.height
    return 0
  case .refused(let refusal):
    return refusalCode(refusal)
  }
}

/// The per-frame layout without JSON: capsule sizes in; origins, rows, merge groups and necks
/// out; at most `maxRows` rows when `maxRows > 0`, the tags beyond folded into a "+K" capsule.
///
/// `sizes` holds `count` pairs `w, h` (f64). `more` holds `moreCount` pairs `w, h` (f64): the
/// "+K" capsule's size for a K of one digit, two, … (read only when `maxRows > 0`). Under a row
/// limit there are `count + 1` items, the "+K" capsule being item `count`; otherwise `count`.
/// `out` (8-byte aligned) receives, in order: the cloud's `width, height`, the number of necks
/// and the number of hidden tags (4 f64), the origins `x0, y0, …` (2 f64 an item), each item's
/// row (i32 an item), each item's merge group (i32 an item); a hidden tag (and the "+K" capsule
/// when nothing is hidden) has a NaN origin and row and group -1. `rightToLeft` non-zero
/// mirrors the rows as the JSON path's `"direction": "rtl"` does.
///
/// `necks` (8-byte aligned) has room for `neckCapacity` necks: their gaps (`neckCapacity` f64),
/// axes `fromX, fromY, toX, toY` (`4 * neckCapacity` f64), half spans (`neckCapacity` f64),
/// then the pairs `i, j` (`2 * neckCapacity` i32), 56 bytes a neck
/// (`PackedLayout.NeckBuffers`). They are complete only when all fit; otherwise the neck count
/// in `out` says how many to make room for, and a second call writes them.
///
/// Returns the number of merge groups (>= 0), or a refusal code (``refusalCode(_:)``); nothing
/// is written when refused.
///
///     exports.tc_layout_packed(p, 2, 390, 8, 10, 0, 0, 0, 0, q, n, 4);  // 1: both melt
///     // q: [164, 40, 1, 0, 0, 0, 104, 0, …]; n: gaps [8, …], axes [76, 20, 124, 20, …]
///
/// - Complexity: that of `PackedLayout.layout`, O(count + necks).
@_cdecl("tc_layout_packed")
public func wasmLayoutPacked(
  _ sizes: UnsafePointer<Double>, _ count: Int32, _ width: Double, _ spacing: Double,
  _ mergeDistance: Double, _ rightToLeft: Int32, _ maxRows: Int32, _ more: UnsafePointer<Double>,
  _ moreCount: Int32, _ out: UnsafeMutablePointer<Double>, _ necks: UnsafeMutablePointer<Double>,
  _ neckCapacity: Int32
) -> Int32 {
  let tags = Int(max(count, 0))
  let items = maxRows > 0 ? tags + 1 : tags
  let rows = UnsafeMutableRawPointer(out + 4 + 2 * items).bindMemory(
    to: Int32.self, capacity: 2 * items)
  let room = Int(max(neckCapacity, 0))
  let pairs = UnsafeMutableRawPointer(necks + 6 * room).bindMemory(
    to: Int32.self, capacity: 2 * room)
  let outcome = PackedLayout.layout(
    sizes: UnsafeBufferPointer(start: sizes, count: 2 * tags), width: width, spacing: spacing,
    mergeDistance: mergeDistance, direction: rightToLeft != 0 ? .rightToLeft : .leftToRight,
    maxRows: Int(maxRows),
    moreSizes: UnsafeBufferPointer(start: more, count: 2 * Int(max(moreCount, 0))),
    origins: UnsafeMutableBufferPointer(start: out + 4, count: 2 * items),
    rows: UnsafeMutableBufferPointer(start: rows, count: items),
    groups: UnsafeMutableBufferPointer(start: rows + items, count: items),
    necks: PackedLayout.NeckBuffers(
      pairs: UnsafeMutableBufferPointer(start: pairs, count: 2 * room),
      gaps: UnsafeMutableBufferPointer(start: necks, count: room),
      axes: UnsafeMutableBufferPointer(start: necks + room, count: 4 * room),
      spans: UnsafeMutableBufferPointer(start: necks + 5 * room, count: room)))
  switch outcome {
  case .laidOut(let size, _, let groupCount, let neckCount, let hidden):
    out[0] = size.width
    out[1] = size.height
    out[2] = Double(neckCount)
    out[3] = Double(hidden)
    return Int32(truncatingIfNeeded: groupCount)
  case .refused(let refusal):
    return refusalCode(refusal)
  }
}

/// A refusal as the loader reads it: -1 the width, -2 the spacing, -3 the merge distance,
/// -4 - i the size at index i of `sizes` (item i / 2's width when i is even, else its height);
/// -2^29 - d: `more` has no size for a K of d digits; -2^30 `maxRows` (negative);
/// -2^30 - 1 - j the number at index j of `more`.
private func refusalCode(_ refusal: PackedLayout.Refusal) -> Int32 {
  switch refusal {
  case .width: return -1
  case .spacing: return -2
  case .mergeDistance: return -3
  case .size(let index): return -4 - Int32(truncatingIfNeeded: index)
  case .moreSizes(let needed): return -(1 << 29) - Int32(truncatingIfNeeded: needed)
  case .maxRows: return -(1 << 30)
  case .moreSize(let index): return -(1 << 30) - 1 - Int32(truncatingIfNeeded: index)
  }
}
