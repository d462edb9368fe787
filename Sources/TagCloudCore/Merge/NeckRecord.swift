/// Where the merge sweep records the pairs of capsules that melt (the necks a renderer draws):
/// buffers the caller owns, filled while they have room; `count` counts every pair found.
///
///     pairs.withUnsafeMutableBufferPointer { pairs in
///       gaps.withUnsafeMutableBufferPointer { gaps in
///         var necks = NeckRecord(pairs: pairs, gaps: gaps)
///         _ = MergeGroups(frames: frames, rowStarts: rows, mergeDistance: 10, necks: &necks)
///         necks.count  // 1; pairs [0, 1], gaps [8]: capsules 0 and 1 melt, 8 px apart
///       }
///     }
///
/// Written in the pass that finds the pairs, with no array of its own: a layout records its
/// necks without allocating.
public struct NeckRecord {
  /// `i, j` per pair (i < j), in the sweep's order: by the row of `i`, then the row of `j`, then
  /// `i`, then `j` (a row's own pairs before those reaching the rows below it).
  public let pairs: UnsafeMutableBufferPointer<Int32>
  /// The gap (``Stadium/gap(to:)``, below the merge distance) of each pair.
  public let gaps: UnsafeMutableBufferPointer<Double>
  /// Every pair found; only the first ``room`` are written.
  public private(set) var count = 0
  /// How many pairs the buffers hold.
  public let room: Int

  public init(pairs: UnsafeMutableBufferPointer<Int32>, gaps: UnsafeMutableBufferPointer<Double>) {
    self.pairs = pairs
    self.gaps = gaps
    room = min(pairs.count / 2, gaps.count)
  }

  /// No room: only counts.
  public static var none: NeckRecord {
    NeckRecord(
      pairs: UnsafeMutableBufferPointer(start: nil, count: 0),
      gaps: UnsafeMutableBufferPointer(start: nil, count: 0))
  }

  /// Records that `first` and `second` (first < second) melt, `gap` apart.
  ///
  /// - Complexity: O(1).
  mutating func record(_ first: Int, _ second: Int, gap: Double) {
    if count < room {
      pairs[2 &* count] = Int32(truncatingIfNeeded: first)
      pairs[2 &* count &+ 1] = Int32(truncatingIfNeeded: second)
      gaps[count] = gap
    }
    count &+= 1
  }
}
