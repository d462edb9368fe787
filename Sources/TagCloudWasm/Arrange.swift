import TagCloudCore

/// The fast path: the flow rule over packed sizes, no allocation, no JSON.
///
/// `sizes` holds `count` pairs `w, h`; `result` receives `count` pairs `x, y` followed by the
/// cloud's `width, height` (so it holds `2 * count + 2` doubles). `width` may be `Infinity` for
/// an unbounded row. `sizes` and `result` may not overlap.
///
///     // JS: sizes at p (Float64Array [96, 40, 60, 40]), result at q (6 doubles)
///     exports.tc_arrange(p, 2, 390, 18, q);  // q: [0, 0, 114, 0, 174, 40]
///
/// - Complexity: O(count), allocation-free.
@_cdecl("tc_arrange")
public func wasmArrange(
  _ sizes: UnsafePointer<Double>, _ count: Int32, _ width: Double, _ spacing: Double,
  _ result: UnsafeMutablePointer<Double>
) {
  let pairs = Int(max(count, 0))
  let size = FlowLayout.arrange(
    packedSizes: UnsafeBufferPointer(start: sizes, count: 2 * pairs), width: width,
    spacing: spacing, into: UnsafeMutableBufferPointer(start: result, count: 2 * pairs))
  result[2 * pairs] = size.width
  result[2 * pairs + 1] = size.height
}
