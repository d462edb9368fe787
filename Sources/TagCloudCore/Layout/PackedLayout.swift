/// The per-frame layout without JSON: capsule sizes in; origins, rows, merge groups and necks
/// out, in buffers the caller owns (the Wasm module's linear memory, which a page reads as typed
/// arrays).
///
/// The same engine as ``LayoutEngine/layout(_:)`` once the capsules are sized
/// (``LayoutEngine/place(_:width:spacing:mergeDistance:direction:maxRows:moreSizes:necks:)``),
/// so the results are the JSON path's: `origins[2i], origins[2i + 1]` are `items[i].x, y`;
/// `rows[i]` is the row of item `i` (the JSON `rows` lists each row's first item instead);
/// `groups[i]` is the merge group of item `i`, groups numbered as the JSON `groups` list them (by
/// their first item). The necks are the pairs that melt
/// (``MergeGroups/init(frames:rowStarts:mergeDistance:necks:)``, in its order) with what a
/// renderer draws a liquid neck from: the gap and the neck's axis (``Stadium/neck(to:)``), in the
/// laid-out (mirrored, for right-to-left) coordinates.
///
///     // sizes [96, 40, 60, 40]: two capsules on one row, 8 px apart, melting at 10
///     PackedLayout.layout(
///       sizes: sizes, width: 390, spacing: 8, mergeDistance: 10, direction: .leftToRight,
///       origins: origins, rows: rows, groups: groups, necks: necks)
///     // .laidOut(size: 164 × 40, rowCount: 1, groupCount: 1, neckCount: 1); origins
///     // [0, 0, 104, 0]; necks.pairs [0, 1], gaps [8], axes [76, 20, 124, 20], spans [0]
///
/// Nothing is written when the input is refused: a caller's previous results survive bad input.
public enum PackedLayout {
  /// Why a packed layout was refused.
  public enum Refusal: Equatable, Sendable {
    /// The width is NaN or negative (`.infinity` is one unbounded row).
    case width
    /// The spacing is NaN, infinite or negative.
    case spacing
    /// The merge distance is NaN, infinite or negative.
    case mergeDistance
    /// `sizes[index]` is NaN, infinite or negative (item `index / 2`'s width when even, its
    /// height when odd).
    case size(index: Int)
    /// `maxRows` is negative.
    case maxRows
    /// `moreSizes` holds fewer than `needed` sizes: one is needed for every digit count K can
    /// have (``RowLimit/sizesNeeded(forCount:)``).
    case moreSizes(needed: Int)
    /// `moreSizes[index]` is NaN, infinite or negative (the size for `index / 2 + 1` digits:
    /// its width when `index` is even, its height when odd).
    case moreSize(index: Int)
  }

  /// What a packed layout did.
  public enum Outcome: Equatable, Sendable {
    /// Every output was written: the cloud's size, the number of rows, of merge groups and of
    /// necks (melting pairs), and under a row limit how many tags are hidden (K). The necks are
    /// complete only when the neck buffers had room for them all; otherwise the buffers hold
    /// some of them, partly: call again with room for `neckCount`.
    case laidOut(size: Size, rowCount: Int, groupCount: Int, neckCount: Int, hidden: Int = 0)
    case refused(Refusal)
  }

  /// Where
  /// ``layout(sizes:width:spacing:mergeDistance:direction:maxRows:moreSizes:origins:rows:groups:necks:)``
  /// writes the necks, in buffers the caller owns; neck `k` is:
  /// - `pairs[2k], pairs[2k + 1]`: the two capsules `i < j`;
  /// - `gaps[k]`: the gap between their shapes (``Stadium/gap(to:)``), below the merge distance;
  /// - `axes[4k ..< 4k + 4]`: the neck's axis `fromX, fromY, toX, toY`, from capsule `i`'s
  ///   segment to capsule `j`'s (``Stadium/neck(to:)``);
  /// - `spans[k]`: half the length over which the two segments run side by side (0 when
  ///   only their ends face each other).
  public struct NeckBuffers {
    public var pairs: UnsafeMutableBufferPointer<Int32>
    public var gaps: UnsafeMutableBufferPointer<Double>
    public var axes: UnsafeMutableBufferPointer<Double>
    public var spans: UnsafeMutableBufferPointer<Double>

    public init(
      pairs: UnsafeMutableBufferPointer<Int32>, gaps: UnsafeMutableBufferPointer<Double>,
      axes: UnsafeMutableBufferPointer<Double>, spans: UnsafeMutableBufferPointer<Double>
    ) {
      self.pairs = pairs
      self.gaps = gaps
      self.axes = axes
      self.spans = spans
    }

    /// No room: the outcome still counts the necks.
    public static var none: NeckBuffers {
      NeckBuffers(
        pairs: UnsafeMutableBufferPointer(start: nil, count: 0),
        gaps: UnsafeMutableBufferPointer(start: nil, count: 0),
        axes: UnsafeMutableBufferPointer(start: nil, count: 0),
        spans: UnsafeMutableBufferPointer(start: nil, count: 0))
    }

    /// How many necks fit.
    public var capacity: Int { min(pairs.count / 2, gaps.count, axes.count / 4, spans.count) }
  }

  /// Lays out `sizes.count / 2` capsules (`sizes` = `w0, h0, w1, h1, …`), at most `maxRows`
  /// rows of them when `maxRows > 0` (``RowLimit``).
  ///
  /// Under a row limit the outputs hold one item more, the "+K" capsule, as item `n` (n =
  /// `sizes.count / 2`, after the tags): its origin, row and group, and the necks name it as
  /// `n`. Hidden tags get a NaN origin and row and group -1; so does item `n` when nothing is
  /// hidden. Rows and groups count the "+K" capsule (it is glass: it melts like a tag).
  ///
  ///     // sizes: four 100 × 40 tags; moreSizes [40, 40] (the "+K" capsule for one digit)
  ///     PackedLayout.layout(
  ///       sizes: sizes, width: 250, spacing: 10, mergeDistance: 10, direction: .leftToRight,
  ///       maxRows: 1, moreSizes: moreSizes, origins: origins, rows: rows, groups: groups)
  ///     // .laidOut(size: 150 × 40, rowCount: 1, groupCount: 2, neckCount: 0, hidden: 3)
  ///     // origins [0, 0, nan, nan, nan, nan, nan, nan, 110, 0]; rows [0, -1, -1, -1, 0]
  ///
  /// - Parameters:
  ///   - sizes: `w0, h0, w1, h1, …`, finite and non-negative.
  ///   - width: the container width.
  ///   - spacing: the gap between capsules and rows.
  ///   - mergeDistance: capsules closer than this melt into one group.
  ///   - direction: left to right, or mirrored.
  ///   - maxRows: at most this many rows; 0 for no limit.
  ///   - moreSizes: the "+K" capsule's `w, h` for one digit, then two, …: at least
  ///     ``RowLimit/sizesNeeded(forCount:)`` pairs when `maxRows > 0`, each finite and
  ///     non-negative.
  ///   - origins: receives `x0, y0, x1, y1, …`; at least `sizes.count` doubles (2 more under a
  ///     row limit).
  ///   - rows: receives each item's row; at least `sizes.count / 2` (1 more under a row limit).
  ///   - groups: receives each item's merge group; as many as `rows`.
  ///   - necks: receives the necks (complete when it has room for them all).
  /// - Complexity: O(n + necks) (that of
  ///   ``LayoutEngine/place(_:width:spacing:mergeDistance:direction:necks:)``, with a second
  ///   flow under a row limit); allocates the engine's working arrays, which are freed on return.
  public static func layout(
    sizes: UnsafeBufferPointer<Double>, width: Double, spacing: Double, mergeDistance: Double,
    direction: LayoutDirection, maxRows: Int = 0,
    moreSizes: UnsafeBufferPointer<Double> = UnsafeBufferPointer(start: nil, count: 0),
    origins: UnsafeMutableBufferPointer<Double>, rows: UnsafeMutableBufferPointer<Int32>,
    groups: UnsafeMutableBufferPointer<Int32>, necks: NeckBuffers = .none
  ) -> Outcome {
    let count = sizes.count / 2
    let items = maxRows > 0 ? count &+ 1 : count
    precondition(
      origins.count >= 2 * items && rows.count >= items && groups.count >= items
        && count < Int(Int32.max), "output buffers too small")
    if let refusal = refusal(width: width, spacing: spacing) { return .refused(refusal) }
    guard mergeDistance >= 0, mergeDistance < .infinity else { return .refused(.mergeDistance) }
    guard maxRows >= 0 else { return .refused(.maxRows) }
    var more: [Double] = []
    if maxRows > 0 {
      let needed = RowLimit.sizesNeeded(forCount: count)
      guard moreSizes.count / 2 >= needed else { return .refused(.moreSizes(needed: needed)) }
      for index in 0..<moreSizes.count / 2 * 2 {
        let length = moreSizes[index]
        guard length >= 0, length < .infinity else { return .refused(.moreSize(index: index)) }
        more.append(length)
      }
    }
    // The sizes are checked in the pass that copies them into frames, before any output is
    // written.
    var frames = [Rect](repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: count)
    var refused = -1
    frames.withUnsafeMutableBufferPointer { frames in
      for index in 0..<count {
        let width = sizes[2 &* index]
        let height = sizes[2 &* index &+ 1]
        // NaN fails every comparison, so it is refused with the negatives and infinities.
        guard width >= 0, width < .infinity else {
          refused = 2 &* index
          return
        }
        guard height >= 0, height < .infinity else {
          refused = 2 &* index &+ 1
          return
        }
        frames[index].width = width
        frames[index].height = height
      }
    }
    if refused >= 0 { return .refused(.size(index: refused)) }

    // The sweep writes the pairs and gaps as it finds them; the axes follow, over the laid-out
    // (mirrored) frames, when all fit.
    let room = necks.capacity
    var record = NeckRecord(
      pairs: UnsafeMutableBufferPointer(rebasing: necks.pairs[0..<2 &* room]),
      gaps: UnsafeMutableBufferPointer(rebasing: necks.gaps[0..<room]))
    let placed = LayoutEngine.place(
      &frames, width: width, spacing: spacing, mergeDistance: mergeDistance, direction: direction,
      maxRows: maxRows, moreSizes: more, necks: &record)
    // Placed capsule `index` is item `index`, but for the "+K" capsule (placed after the shown
    // tags, at `shown`), which is item `count`.
    let shown = placed.shown
    for index in 0..<frames.count {
      let item = index < shown ? index : count
      origins[2 &* item] = frames[index].x
      origins[2 &* item &+ 1] = frames[index].y
    }
    // The hidden tags, and under a row limit with nothing hidden the absent "+K" capsule.
    let absent = placed.hasMore ? count : items
    for item in shown..<absent {
      origins[2 &* item] = .nan
      origins[2 &* item &+ 1] = .nan
      rows[item] = -1
      groups[item] = -1
    }
    for row in placed.rowStarts.indices {
      let end = row &+ 1 < placed.rowStarts.count ? placed.rowStarts[row &+ 1] : frames.count
      for index in placed.rowStarts[row]..<end {
        rows[index < shown ? index : count] = Int32(truncatingIfNeeded: row)
      }
    }
    for group in 0..<placed.groups.count {
      for index in placed.groups.group(group) {
        groups[index < shown ? index : count] = Int32(truncatingIfNeeded: group)
      }
    }
    let neckCount = record.count
    if neckCount <= room {
      writeAxes(of: neckCount, frames, into: necks)
      // The "+K" capsule is the last placed capsule, so only a pair's second index can be it.
      if placed.hasMore {
        let moreIndex = Int32(truncatingIfNeeded: shown)
        for neck in 0..<neckCount where necks.pairs[2 &* neck &+ 1] == moreIndex {
          necks.pairs[2 &* neck &+ 1] = Int32(truncatingIfNeeded: count)
        }
      }
    }
    return .laidOut(
      size: placed.size, rowCount: placed.rowStarts.count, groupCount: placed.groups.count,
      neckCount: neckCount, hidden: count &- shown)
  }

  /// The axes and spans of the first `count` recorded necks (`necks.pairs`), over the laid-out
  /// frames.
  private static func writeAxes(of count: Int, _ frames: [Rect], into necks: NeckBuffers) {
    for neck in 0..<count {
      let first = Int(necks.pairs[2 &* neck])
      let second = Int(necks.pairs[2 &* neck &+ 1])
      let axis = Stadium(capsule: frames[first]).neck(to: Stadium(capsule: frames[second]))
      necks.axes[4 &* neck] = axis.from.x
      necks.axes[4 &* neck &+ 1] = axis.from.y
      necks.axes[4 &* neck &+ 2] = axis.to.x
      necks.axes[4 &* neck &+ 3] = axis.to.y
      necks.spans[neck] = axis.halfSpan
    }
  }

  /// What ``arrange(sizes:width:spacing:origins:)`` did.
  public enum ArrangeOutcome: Equatable, Sendable {
    /// Every origin was written; the cloud's size.
    case arranged(Size)
    /// Refused; for a bad size, the origins before it may have been written.
    case refused(Refusal)
  }

  /// The flow rule alone over packed sizes nobody has checked: ``FlowLayout`` checks each size
  /// in the pass that lays it out (no second pass over the sizes).
  ///
  ///     PackedLayout.arrange(sizes: sizes, width: 150, spacing: 10, origins: origins)
  ///     // .arranged(100 × 90) for [100, 40, 100, 40]; .refused(.size(index: 1)) for [10, .nan]
  ///
  /// - Complexity: O(n), no allocation.
  public static func arrange(
    sizes: UnsafeBufferPointer<Double>, width: Double, spacing: Double,
    origins: UnsafeMutableBufferPointer<Double>
  ) -> ArrangeOutcome {
    if let refusal = refusal(width: width, spacing: spacing) { return .refused(refusal) }
    switch FlowLayout.arrange(checking: sizes, width: width, spacing: spacing, into: origins) {
    case .arranged(let size): return .arranged(size)
    case .invalidSize(let index): return .refused(.size(index: index))
    }
  }

  /// The rule for the container: a width that is not NaN or negative (`.infinity` is one
  /// unbounded row), a finite, non-negative spacing.
  private static func refusal(width: Double, spacing: Double) -> Refusal? {
    guard width >= 0 else { return .width }
    guard spacing >= 0, spacing < .infinity else { return .spacing }
    return nil
  }
}
