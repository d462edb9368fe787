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
    var frames: [Rect] = []
    frames.reserveCapacity(sizes.count)
    for size in sizes { frames.append(Rect(x: 0, y: 0, width: size.width, height: size.height)) }
    var rowStarts: [Int] = []
    let size = arrange(&frames, width: width, spacing: spacing, rowStarts: &rowStarts)
    var origins: [Point] = []
    origins.reserveCapacity(frames.count)
    for frame in frames { origins.append(frame.origin) }
    return FlowArrangement(origins: origins, size: size, rowStarts: rowStarts)
  }

  /// The rule in place over frames: each frame's `width` and `height` are read, its `x` and
  /// `y` written; `rowStarts` receives the rows. What the engine uses, so that the module holds
  /// no array of sizes or points.
  ///
  /// - Complexity: O(n) time; allocates only the rows.
  static func arrange(
    _ frames: inout [Rect], width: Double, spacing: Double, rowStarts: inout [Int]
  ) -> Size {
    let count = frames.count
    if count == 0 { return .zero }
    rowStarts.append(0)
    return frames.withUnsafeMutableBufferPointer { frames in
      frames.withMemoryRebound(to: Double.self) { doubles in
        // A Rect is four doubles x, y, width, height: sizes at offset 2, origins at 0.
        flow(
          count: count, stride: 4, sizes: UnsafePointer(doubles.baseAddress! + 2),
          origins: doubles.baseAddress!, width: width, spacing: spacing, rowStarts: &rowStarts,
          recordsRows: true)
      }
    }
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
  /// - Complexity: O(n) time, no allocation.
  public static func arrange(
    packedSizes sizes: UnsafeBufferPointer<Double>, width: Double, spacing: Double,
    into origins: UnsafeMutableBufferPointer<Double>
  ) -> Size {
    precondition(origins.count >= sizes.count, "origins buffer too small")
    let count = sizes.count / 2
    guard count > 0 else { return .zero }
    var noRows: [Int] = []
    return flow(
      count: count, stride: 2, sizes: sizes.baseAddress!, origins: origins.baseAddress!,
      width: width, spacing: spacing, rowStarts: &noRows, recordsRows: false)
  }

  /// The one loop of the rule, over raw doubles: item `i`'s width and height are
  /// `sizes[stride * i]` and `sizes[stride * i + 1]`, its origin goes to `origins[stride * i]`
  /// and `origins[stride * i + 1]`. When `recordsRows`, every row after the first appends its
  /// first index to `rowStarts`. One out-of-line loop serves the array API, the engine and the
  /// Wasm fast path.
  ///
  /// - Precondition: both pointers address `stride * (count - 1) + 2` doubles (the callers
  ///   derive them from buffers of that size); `count > 0`.
  @inline(never)
  private static func flow(
    count: Int, stride: Int, sizes: UnsafePointer<Double>, origins: UnsafeMutablePointer<Double>,
    width: Double, spacing: Double, rowStarts: inout [Int], recordsRows: Bool
  ) -> Size {
    assert(spacing >= 0 && spacing.isFinite, "spacing must be finite and non-negative")
    assert(width >= 0, "width must be non-negative")
    var cursorX = 0.0
    var cursorY = 0.0
    var rowHeight = 0.0
    var usedWidth = 0.0
    var index = 0
    var offset = 0
    while index < count {
      let itemWidth = sizes[offset]
      let itemHeight = sizes[offset + 1]
      assert(itemWidth >= 0 && itemHeight >= 0, "sizes must be non-negative")
      if cursorX > 0, cursorX + itemWidth > width {
        cursorX = 0
        // Summed in the seed's order (`cursor.y + rowHeight + spacing`), for identical bits.
        cursorY = cursorY + rowHeight + spacing
        rowHeight = 0
        if recordsRows { appendRow(index, to: &rowStarts) }
      }
      origins[offset] = cursorX
      origins[offset + 1] = cursorY
      usedWidth = max(usedWidth, cursorX + itemWidth)
      rowHeight = max(rowHeight, itemHeight)
      cursorX += itemWidth + spacing
      // Bounded by `count` and the buffers' sizes, which fit in memory: no overflow.
      index &+= 1
      offset &+= stride
    }
    return Size(width: usedWidth, height: cursorY + rowHeight)
  }

  /// Out of line: the append inlined into the loop costs the Wasm module more than the call.
  @inline(never)
  private static func appendRow(_ index: Int, to rowStarts: inout [Int]) {
    rowStarts.append(index)
  }
}
