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
    assert(spacing >= 0 && spacing.isFinite, "spacing must be finite and non-negative")
    assert(width >= 0, "width must be non-negative")
    var origins: [Point] = []
    origins.reserveCapacity(sizes.count)
    var rowStarts: [Int] = []
    var cursorX = 0.0
    var cursorY = 0.0
    var rowHeight = 0.0
    var usedWidth = 0.0
    for (index, size) in sizes.enumerated() {
      assert(size.width >= 0 && size.height >= 0, "sizes must be non-negative")
      if cursorX > 0, cursorX + size.width > width {
        cursorX = 0
        // Summed in the seed's order (`cursor.y + rowHeight + spacing`), for identical bits.
        cursorY = cursorY + rowHeight + spacing
        rowHeight = 0
        rowStarts.append(index)
      } else if index == 0 {
        rowStarts.append(0)
      }
      origins.append(Point(x: cursorX, y: cursorY))
      usedWidth = max(usedWidth, cursorX + size.width)
      rowHeight = max(rowHeight, size.height)
      cursorX += size.width + spacing
    }
    return FlowArrangement(
      origins: origins, size: Size(width: usedWidth, height: cursorY + rowHeight),
      rowStarts: rowStarts)
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
    var cursorX = 0.0
    var cursorY = 0.0
    var rowHeight = 0.0
    var usedWidth = 0.0
    var index = 0
    while index + 1 < sizes.count {
      let itemWidth = sizes[index]
      let itemHeight = sizes[index + 1]
      if cursorX > 0, cursorX + itemWidth > width {
        cursorX = 0
        cursorY = cursorY + rowHeight + spacing
        rowHeight = 0
      }
      origins[index] = cursorX
      origins[index + 1] = cursorY
      usedWidth = max(usedWidth, cursorX + itemWidth)
      rowHeight = max(rowHeight, itemHeight)
      cursorX += itemWidth + spacing
      index += 2
    }
    return Size(width: usedWidth, height: cursorY + rowHeight)
  }
}
