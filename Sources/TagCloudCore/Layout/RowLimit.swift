/// The `max-rows` rule: at most `maxRows` rows, the tags that do not fit folded into one "+K"
/// glass capsule.
///
/// If the flow of every tag needs more than `maxRows` rows, the cloud shows the longest prefix of
/// its tags (in reading order) such that the prefix followed by the "+K" capsule, K the number of
/// tags left out, still fits in `maxRows` rows. The "+K" capsule is the last capsule in reading
/// order, like any other glass: it melts with its neighbours. Its label is the caller's to
/// measure, and its width depends on how many digits K has, so the caller gives one size per
/// digit count (`moreSizes[2d - 2], moreSizes[2d - 1]`, width and height, for a K of d digits:
/// "+9", "+99", "+999", …, packed as the tags' sizes are in ``PackedLayout``), and each
/// candidate prefix is tried with the size of its own K: a shorter prefix may hide enough tags to
/// give K one digit more, and a wider capsule.
///
///     // four 100 × 40 tags, 250 wide, 10 apart: two a row, two rows; "+K" is 40 × 40
///     RowLimit.decide(
///       sizes: Array(repeating: Size(width: 100, height: 40), count: 4), width: 250,
///       spacing: 10, maxRows: 1, moreSizes: [40, 40])
///     // .cut(shown: 1, more: 40 × 40): "tag 0, +3" (tag 0, tag 1 and "+2" would be 260 wide)
///
/// Edge cases, decided:
/// - `maxRows` 0 is no limit; a limit counts rows from 1.
/// - No tags: nothing to hide, no "+K" capsule.
/// - A "+K" capsule wider than the width sits alone on its row, as any capsule does in the flow;
///   with `maxRows` 1 that can leave the "+K" capsule alone, every tag hidden. The empty prefix
///   always fits (the "+K" capsule alone on the first row), so a limit is always met.
/// - The caller must give a size for every digit count K can have: ``sizesNeeded(forCount:)``,
///   the digits of the tag count, whatever the width, so that a page which works at one width
///   never fails at another. Checked by the callers (``PackedLayout``, the request decoder).
public enum RowLimit {
  /// What the limit decides.
  public enum Decision: Equatable, Sendable {
    /// Every tag fits in the rows allowed: nothing hidden, no "+K" capsule.
    case showAll
    /// The first `shown` tags, then the "+K" capsule of size `more`, K = count − `shown` ≥ 1.
    case cut(shown: Int, more: Size)
  }

  /// The number of decimal digits of `count` (1 for 0 to 9).
  ///
  /// - Complexity: O(digits).
  public static func digits(_ count: Int) -> Int {
    var digits = 1
    var rest = count
    while rest >= 10 {
      rest /= 10
      digits &+= 1
    }
    return digits
  }

  /// How many "+K" sizes (`w, h` pairs) a cloud of `count` tags needs: one per digit count K
  /// can have (1 ≤ K ≤ `count`), none without tags.
  public static func sizesNeeded(forCount count: Int) -> Int { count > 0 ? digits(count) : 0 }

  /// The rule over sizes: flows them, then decides
  /// (``decide(flowed:rowStarts:width:spacing:maxRows:moreSizes:)``).
  ///
  /// - Precondition: `moreSizes.count >= 2 * sizesNeeded(forCount: sizes.count)` when
  ///   `maxRows > 0`; sizes finite and non-negative.
  /// - Complexity: O(n).
  public static func decide(
    sizes: [Size], width: Double, spacing: Double, maxRows: Int, moreSizes: [Double]
  ) -> Decision {
    var frames = [Rect](repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: sizes.count)
    for index in sizes.indices {
      frames[index].width = sizes[index].width
      frames[index].height = sizes[index].height
    }
    var rowStarts: [Int] = []
    _ = FlowLayout.arrange(&frames, width: width, spacing: spacing, rowStarts: &rowStarts)
    return decide(
      flowed: frames, rowStarts: rowStarts, width: width, spacing: spacing, maxRows: maxRows,
      moreSizes: moreSizes)
  }

  /// The rule over capsules the flow has laid out, left to right (`frames` and `rowStarts` of
  /// ``FlowLayout``).
  ///
  /// The flow is greedy, so a prefix of the tags lies exactly where the whole flow put it, and
  /// only the "+K" capsule's place needs deciding: after the prefix's last tag, on its row when
  /// it fits there by the flow's own test, else at the start of the next row. A prefix ending
  /// before the last allowed row always fits; so only prefixes ending on the last allowed row
  /// are tried, longest first, each with the "+K" size of its own K.
  ///
  /// - Precondition: `moreSizes.count >= 2 * sizesNeeded(forCount: frames.count)` when
  ///   `maxRows > 0` and the flow needs more than `maxRows` rows.
  /// - Complexity: O(tags on the last allowed row), no allocation.
  public static func decide(
    flowed frames: [Rect], rowStarts: [Int], width: Double, spacing: Double, maxRows: Int,
    moreSizes: [Double]
  ) -> Decision {
    let count = frames.count
    guard maxRows > 0, rowStarts.count > maxRows else { return .showAll }
    // The tags of the first `maxRows` rows; the last allowed row starts at `lastRowStart`.
    let allowed = rowStarts[maxRows]
    let lastRowStart = rowStarts[maxRows &- 1]
    var shown = allowed
    while shown > lastRowStart {
      let more = size(for: count &- shown, moreSizes)
      let last = frames[shown &- 1]
      // The flow's cursor after the last shown tag, summed as the flow sums it, and the flow's
      // test for starting a new row.
      let cursor = last.x + (last.width + spacing)
      if !(cursor > 0 && cursor + more.width > width) { return .cut(shown: shown, more: more) }
      shown &-= 1
    }
    // The last shown tag ends the row before the last allowed one (or there is none): the
    // "+K" capsule fits at the latest at the start of the last allowed row.
    return .cut(shown: shown, more: size(for: count &- shown, moreSizes))
  }

  /// The "+K" capsule's size for `hidden` tags: the pair for its digit count.
  private static func size(for hidden: Int, _ moreSizes: [Double]) -> Size {
    let pair = 2 &* (digits(hidden) &- 1)
    return Size(width: moreSizes[pair], height: moreSizes[pair &+ 1])
  }
}
