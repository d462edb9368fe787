/// A placement under a row limit (``RowLimit``): the shown tags and, when some are hidden, the
/// "+K" capsule after them, flowed, melted and mirrored together.
public struct RowLimitedPlacement {
  /// The cloud's size: the shown tags and the "+K" capsule.
  public var size: Size
  /// The rows of the placed capsules (the shown tags, then the "+K" capsule).
  public var rowStarts: [Int]
  /// The merge groups of the placed capsules; the "+K" capsule, glass like the tags, is one of
  /// their members (index `shown`).
  public var groups: MergeGroups
  /// How many tags are shown: the first `shown`; the others are hidden.
  public var shown: Int
  /// Whether a "+K" capsule follows the shown tags (some are hidden).
  public var hasMore: Bool
}

extension LayoutEngine {
  /// ``place(_:width:spacing:mergeDistance:direction:necks:)`` under a limit of `maxRows` rows:
  /// the tags that fit (``RowLimit``) and the "+K" capsule.
  ///
  /// `frames` holds every tag's size on entry; on return, the placed capsules: every tag when
  /// all fit, otherwise the shown tags followed by the "+K" capsule (index `shown`). `necks`
  /// receives the melting pairs of the placed capsules.
  ///
  ///     var frames = Array(repeating: Rect(x: 0, y: 0, width: 100, height: 40), count: 4)
  ///     var necks = NeckRecord.none
  ///     let placed = LayoutEngine.place(
  ///       &frames, width: 250, spacing: 10, mergeDistance: 10, direction: .leftToRight,
  ///       maxRows: 1, moreSizes: [40, 40], necks: &necks)
  ///     // placed.shown == 1, placed.hasMore; frames: tag 0 at x 0, "+3" (40 × 40) at x 110
  ///
  /// - Precondition: sizes finite and non-negative; `maxRows >= 0`;
  ///   `moreSizes.count >= 2 * RowLimit.sizesNeeded(forCount: frames.count)` when
  ///   `maxRows > 0` (`w, h` for one digit, then two, …), each finite and non-negative.
  /// - Complexity: O(n): the flow twice (all tags, then the shown ones with the "+K" capsule)
  ///   and the merge sweep once.
  @inline(never)
  public static func place(
    _ frames: inout [Rect], width: Double, spacing: Double, mergeDistance: Double,
    direction: LayoutDirection, maxRows: Int, moreSizes: [Double], necks: inout NeckRecord
  ) -> RowLimitedPlacement {
    var rowStarts: [Int] = []
    var size = FlowLayout.arrange(&frames, width: width, spacing: spacing, rowStarts: &rowStarts)
    var shown = frames.count
    var hasMore = false
    if case .cut(let prefix, let more) = RowLimit.decide(
      flowed: frames, rowStarts: rowStarts, width: width, spacing: spacing, maxRows: maxRows,
      moreSizes: moreSizes)
    {
      shown = prefix
      hasMore = true
      // A new array rather than removing and appending (fewer array operations in the module).
      var placed = [Rect](repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: prefix &+ 1)
      placed.withUnsafeMutableBufferPointer { placed in
        for index in 0..<prefix { placed[index] = frames[index] }
        placed[prefix].width = more.width
        placed[prefix].height = more.height
      }
      frames = placed
      // The prefix lies where it lay; flowing it again gives the rows and size with the "+K"
      // capsule by the flow's own arithmetic.
      size = FlowLayout.arrange(&frames, width: width, spacing: spacing, rowStarts: &rowStarts)
    }
    let groups = meltAndMirror(
      &frames, size: size, rowStarts: rowStarts, width: width, mergeDistance: mergeDistance,
      direction: direction, necks: &necks)
    return RowLimitedPlacement(
      size: size, rowStarts: rowStarts, groups: groups, shown: shown, hasMore: hasMore)
  }
}
