/// Which capsules melt together: the seed's `GlassEffectContainer(spacing: mergeDistance)`.
///
/// Two capsules melt when the shortest distance between their shapes (``Stadium/gap(to:)``) is
/// below `mergeDistance`; a gap of exactly `mergeDistance` stands apart (within rounding:
/// ``roundingSlack(_:_:_:)``). Groups are the connected
/// components of that relation: each group lists its item indices ascending, groups are ordered
/// by their first index, and a capsule on its own is a group of one.
///
///     let groups = MergeGroups(arrangement: flow, sizes: sizes, mergeDistance: 10)
///     groups.group(0)  // [0, 1]: the first two capsules melt
///
/// Stored flat (`members` and `starts`) so that 100k singletons cost two arrays, not 100k.
///
/// Given a ``NeckRecord``, the sweep also records every melting pair there, the necks a renderer
/// draws: the one melt rule, so that no renderer finds the pairs again.
public struct MergeGroups: Equatable, Sendable {
  /// Every item index, group after group.
  public private(set) var members: [Int]
  /// Where each group starts in `members`.
  public private(set) var starts: [Int]

  /// The number of groups.
  @inlinable public var count: Int { starts.count }

  /// The item indices of group `index`, ascending.
  ///
  /// - Complexity: O(1) to slice.
  public func group(_ index: Int) -> ArraySlice<Int> {
    let end = index + 1 < starts.count ? starts[index + 1] : members.count
    return members[starts[index]..<end]
  }

  /// Every group as its own array (allocates; for tests and small clouds).
  public var groups: [[Int]] { (0..<count).map { Array(group($0)) } }

  /// Merge groups of capsules laid out by the flow rule.
  ///
  /// Only capsules whose boxes are nearer than `mergeDistance` can melt, and in a flow layout
  /// those are found by a sweep: along each row, and between rows whose vertical gap is below
  /// the distance, two pointers walk both rows left to right.
  ///
  /// - Parameters:
  ///   - frames: the capsules, in the flow's order.
  ///   - rowStarts: the flow's rows (``FlowArrangement/rowStarts``).
  ///   - mergeDistance: the gap below which neighbours melt.
  ///   - necks: receives every melting pair and its gap.
  /// - Complexity: O(n + p α(n)), where p is the number of pairs whose boxes are nearer than
  ///   `mergeDistance`: O(n) for any realistic cloud, never O(n²) when tags are spaced.
  public init(
    frames: [Rect], rowStarts: [Int], mergeDistance: Double, necks: inout NeckRecord
  ) {
    // The union-find's parents, then each item's root.
    var roots = [Int](filledWith: 0, count: frames.count)
    // Each row's top and bottom, at 2 × row and 2 × row + 1 (in range for every row).
    var rowBounds = [Double](filledWith: 0, count: 2 * rowStarts.count)
    frames.withUnsafeBufferPointer { frames in
      roots.withUnsafeMutableBufferPointer { parents in
        rowBounds.withUnsafeMutableBufferPointer { rowBounds in
          let components = UnionFind(parents)
          rowStarts.withUnsafeBufferPointer { rowStarts in
            MergeGroups.sweep(
              frames, rowStarts, rowBounds, mergeDistance, components, &necks)
          }
          components.resolveRoots()
        }
      }
    }
    self.init(roots: roots)
  }

  /// How far below `mergeDistance` a gap may be and still count as equal to it: rounding.
  ///
  /// The flow puts neighbours exactly `spacing` apart, but with fractional sizes (measured
  /// labels, capsules growing in) the coordinates' arithmetic leaves their gap a few ulps under
  /// it. At a spacing equal to the merge distance, where the seed's neighbours stand apart,
  /// such gaps made necks of no width flicker on and off; they stand apart too.
  public static func roundingSlack(_ a: Rect, _ b: Rect, _ mergeDistance: Double) -> Double {
    1e-9 * (mergeDistance + abs(a.x) + abs(a.y) + abs(b.x) + abs(b.y))
  }

  /// Merge groups alone (``init(frames:rowStarts:mergeDistance:necks:)`` without a record).
  public init(frames: [Rect], rowStarts: [Int], mergeDistance: Double) {
    var none = NeckRecord.none
    self.init(frames: frames, rowStarts: rowStarts, mergeDistance: mergeDistance, necks: &none)
  }

  /// The sweep over the frames, unions in `components`. Reads the frames without bounds checks
  /// (they would be most of its code): every index read is in a row's range, which
  /// ``FlowArrangement/items(inRow:rowStarts:total:)`` checks to lie in the frames.
  private static func sweep(
    _ frames: UnsafeBufferPointer<Rect>, _ rowStarts: UnsafeBufferPointer<Int>,
    _ rowBounds: UnsafeMutableBufferPointer<Double>, _ mergeDistance: Double,
    _ components: UnionFind, _ necks: inout NeckRecord
  ) {
    let rowCount = rowStarts.count
    for row in 0..<rowCount {
      let items = FlowArrangement.items(inRow: row, rowStarts: rowStarts, total: frames.count)
      var top = Double.infinity
      var bottom = -Double.infinity
      for index in items {
        top = min(top, frames[index].y)
        bottom = max(bottom, frames[index].maxY)
      }
      rowBounds[2 &* row] = top
      rowBounds[2 &* row &+ 1] = bottom
    }

    // Box gaps only prune; the stadium gap decides. Its arithmetic takes a different path and
    // may round a few ulps lower, so pruning leaves a margin relative to the coordinates.
    func mayMelt(_ boxGap: Double, near coordinate: Double) -> Bool {
      boxGap < mergeDistance + 1e-12 * (abs(coordinate) + mergeDistance)
    }

    // Out of line: called from two loops, and inlined into both it costs the Wasm module
    // about 1.2 KB.
    @inline(never)
    func meltIfClose(_ first: Int, _ second: Int) {
      let (a, b) = (frames[first], frames[second])
      let gap = Stadium(capsule: a).gap(to: Stadium(capsule: b))
      guard gap < mergeDistance - MergeGroups.roundingSlack(a, b, mergeDistance) else { return }
      components.union(first, second)
      necks.record(first, second, gap: gap)
    }

    // `first` with the items from `start` on, up to `end`, while their boxes are within reach:
    // boxes further right only get further away. One loop for both sweeps below.
    @inline(never)
    func meltRightwards(_ first: Int, from start: Int, to end: Int) {
      var second = start
      while second < end, mayMelt(frames[second].x - frames[first].maxX, near: frames[second].x) {
        meltIfClose(first, second)
        second &+= 1
      }
    }

    for row in 0..<rowCount {
      let items = FlowArrangement.items(inRow: row, rowStarts: rowStarts, total: frames.count)
      // Along the row.
      for first in items { meltRightwards(first, from: first &+ 1, to: items.upperBound) }
      // Rows below, while their top is within reach of this row's bottom.
      var below = row + 1
      while below < rowCount,
        mayMelt(rowBounds[2 &* below] - rowBounds[2 &* row &+ 1], near: rowBounds[2 &* below])
      {
        let others = FlowArrangement.items(inRow: below, rowStarts: rowStarts, total: frames.count)
        var low = others.lowerBound
        for first in items {
          while low < others.upperBound,
            !mayMelt(frames[first].x - frames[low].maxX, near: frames[first].x)
          {
            low += 1
          }
          meltRightwards(first, from: low, to: others.upperBound)
        }
        below += 1
      }
    }
  }

  /// Groups from each item's root: a counting sort by root. Roots are the smallest index of
  /// their component, so groups ordered by root are ordered by first index, and scanning items
  /// in order keeps each group's members ascending.
  private init(roots: [Int]) {
    let count = roots.count
    var next = [Int](filledWith: 0, count: count)
    var members = [Int](filledWith: 0, count: count)
    var starts: [Int] = []
    // Unchecked buffers (this loop is the module's largest array code otherwise): every root
    // is an index below `count` (UnionFind), and a group's next slot stays below its start
    // plus its size, whose sum over groups is `count`.
    roots.withUnsafeBufferPointer { roots in
      next.withUnsafeMutableBufferPointer { next in
        // Per root: first its group's size, then the next free slot of the group in `members`.
        // Only roots count members (every item counts towards its root, a root towards itself).
        for index in 0..<count {
          assert(roots[index] >= 0 && roots[index] < count)
          next[roots[index]] &+= 1
        }
        var running = 0
        for index in 0..<count where next[index] > 0 {
          starts.append(running)
          let size = next[index]
          next[index] = running
          running &+= size
        }
        members.withUnsafeMutableBufferPointer { members in
          for index in 0..<count {
            let root = roots[index]
            assert(next[root] < count)
            members[next[root]] = index
            next[root] &+= 1
          }
        }
      }
    }
    self.members = members
    self.starts = starts
  }
}
