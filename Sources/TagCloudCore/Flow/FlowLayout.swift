/// The seed's flow rule, `GlassTagCloudFlow.arrange`, exactly.
///
/// Items go left to right. A new row starts when the cursor is past 0 and the next item would
/// cross `width`; so an item wider than the width sits alone on its row. Rows are top-aligned and
/// `spacing` apart, items in a row `spacing` apart. The result's size is the widest row's end by
/// the last row's bottom. `width: .infinity` is the seed's unbounded proposal: one row.
///
/// Spacing is the seed's `animatableData`: the layout at any intermediate spacing of an animation
/// is this same rule at that spacing.
public enum FlowLayout {
  /// Arranges `sizes` in rows no wider than `width`, `spacing` apart.
  ///
  ///     let sizes = [Size(width: 100, height: 40), Size(width: 100, height: 40)]
  ///     FlowLayout.arrange(sizes, width: 150, spacing: 10).origins
  ///     // [Point(x: 0, y: 0), Point(x: 0, y: 50)]
  ///
  /// - Parameters:
  ///   - sizes: non-negative, finite item sizes, in order.
  ///   - width: the container width, or `.infinity` for unbounded.
  ///   - spacing: the gap between items and between rows; non-negative and finite.
  /// - Complexity: O(n) time; allocates only the result.
  public static func arrange(_ sizes: [Size], width: Double, spacing: Double) -> FlowArrangement {
    let count = sizes.count
    if count == 0 { return FlowArrangement(origins: [], size: .zero, rowStarts: []) }
    var size = Size.zero
    var rowStarts: [Int] = []
    var invalid = -1
    // Straight from the sizes into the result's points (no intermediate frames: the array API
    // ran 1.4x the C loop that way). A Size is two doubles (width, height), a Point two (x, y).
    let origins = [Point](unsafeUninitializedCapacity: count) { points, initialized in
      rowStarts = [Int](unsafeUninitializedCapacity: count) { rows, rowCount in
        size = sizes.withUnsafeBufferPointer { sizes in
          sizes.withMemoryRebound(to: Double.self) { sizes in
            points.withMemoryRebound(to: Double.self) { points in
              flow(
                count: count, stride: 2, sizes: sizes.baseAddress!, origins: points.baseAddress!,
                width: width, spacing: spacing, rows: rows.baseAddress!, rowCount: &rowCount,
                invalid: &invalid)
            }
          }
        }
      }
      initialized = count
    }
    precondition(invalid < 0, "sizes must be finite and non-negative")
    return FlowArrangement(origins: origins, size: size, rowStarts: rowStarts)
  }

  /// The rule in place over frames: each frame's `width` and `height` are read, its `x` and
  /// `y` written; `rowStarts` is set to the rows. What the engine uses, so that the module
  /// holds no array of sizes or points.
  ///
  /// - Complexity: O(n) time; allocates only the rows.
  static func arrange(
    _ frames: inout [Rect], width: Double, spacing: Double, rowStarts: inout [Int]
  ) -> Size {
    let count = frames.count
    if count == 0 {
      rowStarts = []
      return .zero
    }
    var size = Size(width: 0, height: 0)
    var invalid = -1
    // At most one row per item: the loop writes the rows into a buffer of that capacity (a
    // store, where an append would put a call into the loop, which slows it down).
    rowStarts = [Int](unsafeUninitializedCapacity: count) { rows, rowCount in
      size = frames.withUnsafeMutableBufferPointer { frames in
        frames.withMemoryRebound(to: Double.self) { doubles in
          // A Rect is four doubles x, y, width, height: sizes at offset 2, origins at 0.
          flow(
            count: count, stride: 4, sizes: UnsafePointer(doubles.baseAddress! + 2),
            origins: doubles.baseAddress!, width: width, spacing: spacing,
            rows: rows.baseAddress!, rowCount: &rowCount, invalid: &invalid)
        }
      }
    }
    // The engine's sizes come from the decoder and capsule sizing, both bounded and finite.
    assert(invalid < 0, "sizes must be finite and non-negative")
    return size
  }

  /// The allocation-free fast path over packed buffers, for the Wasm export and benchmarks.
  ///
  /// `sizes` holds `w0, h0, w1, h1, …`; `origins` receives `x0, y0, x1, y1, …` and must be at
  /// least as long as `sizes`. Same rule, same results as ``arrange(_:width:spacing:)``.
  ///
  ///     var origins = [Double](repeating: 0, count: 4)
  ///     let size = [100.0, 40, 100, 40].withUnsafeBufferPointer { sizes in
  ///       origins.withUnsafeMutableBufferPointer { out in
  ///         FlowLayout.arrange(packedSizes: sizes, width: 150, spacing: 10, into: out)
  ///       }
  ///     }
  ///     // origins == [0, 0, 0, 50], size == Size(width: 100, height: 90)
  ///
  /// - Precondition: every size finite and non-negative (``arrange(checking:width:spacing:into:)``
  ///   refuses the others instead).
  /// - Complexity: O(n) time, no allocation.
  public static func arrange(
    packedSizes sizes: UnsafeBufferPointer<Double>, width: Double, spacing: Double,
    into origins: UnsafeMutableBufferPointer<Double>
  ) -> Size {
    let outcome = arrange(checking: sizes, width: width, spacing: spacing, into: origins)
    guard case .arranged(let size) = outcome else {
      preconditionFailure("sizes must be finite and non-negative")
    }
    return size
  }

  /// What ``arrange(checking:width:spacing:into:)`` did.
  public enum CheckedOutcome: Equatable, Sendable {
    /// Every origin was written; the cloud's size.
    case arranged(Size)
    /// `sizes[index]` is the first size that is NaN, infinite or negative: the origins written
    /// mean nothing.
    case invalidSize(index: Int)
  }

  /// The fast path for sizes nobody has checked (a page's `Float64Array`): the same loop, which
  /// checks each size as it reads it, so bad input costs no second pass over the sizes.
  ///
  ///     [10.0, .nan].withUnsafeBufferPointer { sizes in
  ///       FlowLayout.arrange(checking: sizes, width: 100, spacing: 0, into: out)
  ///     }  // .invalidSize(index: 1)
  ///
  /// - Complexity: O(n) time, no allocation.
  public static func arrange(
    checking sizes: UnsafeBufferPointer<Double>, width: Double, spacing: Double,
    into origins: UnsafeMutableBufferPointer<Double>
  ) -> CheckedOutcome {
    precondition(origins.count >= sizes.count, "origins buffer too small")
    let count = sizes.count / 2
    guard count > 0 else { return .arranged(.zero) }
    var rowCount = 0
    var invalid = -1
    let size = flow(
      count: count, stride: 2, sizes: sizes.baseAddress!, origins: origins.baseAddress!,
      width: width, spacing: spacing, rows: nil, rowCount: &rowCount, invalid: &invalid)
    return invalid < 0 ? .arranged(size) : .invalidSize(index: invalid)
  }

  /// The one loop of the rule, over raw doubles: item `i`'s width and height are
  /// `sizes[stride * i]` and `sizes[stride * i + 1]`, its origin goes to `origins[stride * i]`
  /// and `origins[stride * i + 1]`. With `rows`, the first index of every row goes to
  /// `rows[0..<rowCount]`. One out-of-line loop serves the array API, the engine and the Wasm
  /// fast path.
  ///
  /// Each size is screened as it is read, without a branch (an unsigned `max` of its bit
  /// patterns); only when the screen caught a NaN, infinite or negative size does a second pass
  /// find the first: `invalid` is then set to its index in `sizes` (item `i`'s width is
  /// `stride * i`, its height one more) and the result is `.zero`. `invalid` is untouched
  /// otherwise.
  ///
  /// - Precondition: both pointers address `stride * (count - 1) + 2` doubles (the callers
  ///   derive them from buffers of that size); `rows`, if any, addresses `count` integers (one
  ///   row per item at most); `count > 0`.
  @inline(never)
  private static func flow(
    count: Int, stride: Int, sizes: UnsafePointer<Double>, origins: UnsafeMutablePointer<Double>,
    width: Double, spacing: Double, rows: UnsafeMutablePointer<Int>?, rowCount: inout Int,
    invalid: inout Int
  ) -> Size {
    assert(spacing >= 0 && spacing.isFinite, "spacing must be finite and non-negative")
    assert(width >= 0, "width must be non-negative")
    var cursorX = 0.0
    var cursorY = 0.0
    var rowHeight = 0.0
    var usedWidth = 0.0
    rows?[0] = 0
    rowCount = 1
    // The item's two doubles in and out, advanced by `stride` per item: within the buffers for
    // every item, by the precondition.
    var item = sizes
    var origin = origins
    var index = 0
    var screen: UInt64 = 0
    // The right edge of the row's last item so far. Along a row the edges never decrease
    // (each item starts at the previous edge plus a non-negative spacing, and rounding is
    // monotonic), so the cloud's width is the largest of the rows' last edges: one `max` a row
    // instead of one an item, the same bits as the seed's `max` over every item.
    var rowEnd = 0.0
    while index < count {
      let itemWidth = item[0]
      let itemHeight = item[1]
      // Branch-free screening (no second pass over the sizes): as unsigned integers, the bit
      // patterns of finite non-negative doubles lie below that of +infinity, while infinity,
      // NaN and anything with the sign bit set lie at or above it.
      screen = max(screen, max(itemWidth.bitPattern, itemHeight.bitPattern))
      if cursorX > 0, cursorX + itemWidth > width {
        usedWidth = max(usedWidth, rowEnd)
        cursorX = 0
        // Summed in the seed's order (`cursor.y + rowHeight + spacing`), for identical bits.
        cursorY = cursorY + rowHeight + spacing
        rowHeight = 0
        // Rows start at distinct items, the first at 0: fewer than `count` of them.
        rows?[rowCount] = index
        rowCount &+= 1
      }
      origin[0] = cursorX
      origin[1] = cursorY
      assert(
        screen >= Double.infinity.bitPattern || cursorX == 0 || cursorX + itemWidth >= rowEnd,
        "along a row, the items' right edges never decrease")
      rowEnd = cursorX + itemWidth
      rowHeight = max(rowHeight, itemHeight)
      cursorX += itemWidth + spacing
      // Bounded by `count`: no overflow.
      index &+= 1
      item += stride
      origin += stride
    }
    if screen >= Double.infinity.bitPattern {
      // Rare: find the first bad size (-0.0 passes the screen only here: its sign bit is set).
      var index = 0
      while index < count {
        let itemWidth = sizes[stride &* index]
        let itemHeight = sizes[stride &* index &+ 1]
        if !(itemWidth >= 0 && itemWidth < .infinity) {
          invalid = stride &* index
          return .zero
        }
        if !(itemHeight >= 0 && itemHeight < .infinity) {
          invalid = stride &* index &+ 1
          return .zero
        }
        index &+= 1
      }
    }
    return Size(width: max(usedWidth, rowEnd), height: cursorY + rowHeight)
  }
}
