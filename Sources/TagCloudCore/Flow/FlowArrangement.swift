/// Where the flow rule put each item, and how much room the whole cloud takes.
///
///     let result = FlowLayout.arrange([Size(width: 60, height: 40)], width: 390, spacing: 18)
///     result.origins   // [Point(x: 0, y: 0)]
///     result.size      // Size(width: 60, height: 40)
///     result.rowStarts // [0]
public struct FlowArrangement: Equatable, Sendable {
  /// The top-left corner of each item, in input order.
  public var origins: [Point]
  /// The widest row's end and the last row's bottom; `.zero` for no items.
  public var size: Size
  /// The index of the first item of each row, ascending; empty for no items.
  public var rowStarts: [Int]

  public init(origins: [Point], size: Size, rowStarts: [Int]) {
    self.origins = origins
    self.size = size
    self.rowStarts = rowStarts
  }

  /// The half-open range of item indices in row `row`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func items(inRow row: Int) -> Range<Int> {
    let end = row + 1 < rowStarts.count ? rowStarts[row + 1] : origins.count
    return rowStarts[row]..<end
  }

  /// The row that holds item `index`, found by binary search over `rowStarts`.
  ///
  /// - Complexity: O(log rows).
  public func row(of index: Int) -> Int {
    rowStarts.withUnsafeBufferPointer { FlowArrangement.row(of: index, rowStarts: $0) }
  }

  /// ``row(of:)`` over a buffer of row starts (reads only indices below its count).
  static func row(of index: Int, rowStarts: UnsafeBufferPointer<Int>) -> Int {
    // Wrapping arithmetic: low and high stay within 0..<count, far from overflow; `>> 1`
    // halves the non-negative sum.
    var low = 0
    var high = rowStarts.count &- 1
    while low < high {
      let mid = (low &+ high &+ 1) >> 1
      if rowStarts[mid] <= index { low = mid } else { high = mid &- 1 }
    }
    return low
  }

  /// The items of row `row` (which must be a row) of `rowStarts` over `total` items, checked to
  /// lie in `0..<total`: the engine and the interaction rules then read items without bounds
  /// checks. Out of line, as all of them share it.
  @inline(never)
  static func items(inRow row: Int, rowStarts: UnsafeBufferPointer<Int>, total: Int) -> Range<Int> {
    assert(row >= 0 && row < rowStarts.count)
    let next = row &+ 1
    let lower = rowStarts[row]
    let upper = next < rowStarts.count ? rowStarts[next] : total
    precondition(lower >= 0 && lower <= upper && upper <= total, "rows out of range")
    return Range(uncheckedBounds: (lower, upper))
  }
}
