import TagCloudCore

/// `PackedLayout.layout` run on arrays, for the tests. Every output buffer starts filled with
/// -7, so that a test sees what was written and what was not.
///
///     let laid = PackedRun.layout([100, 40, 100, 40], width: 300, spacing: 4)
///     laid.neckCount  // 1: the two capsules melt
///
/// - Complexity: O(n²) memory for the neck buffers (room for every pair unless `room` is given).
struct PackedRun: Equatable {
  var outcome: PackedLayout.Outcome
  var origins: [Double]
  var rows: [Int32]
  var groups: [Int32]
  var pairs: [Int32]
  var gaps: [Double]
  var axes: [Double]
  var spans: [Double]

  /// The necks the layout found (all written when they fit the room), or -1 when refused.
  var neckCount: Int {
    if case .laidOut(_, _, _, let count, _) = outcome { return count }
    return -1
  }

  /// The same run with the neck buffers cut to the necks written: what two runs are compared by.
  var necksOnly: PackedRun {
    guard neckCount >= 0 else { return self }
    var cut = self
    cut.pairs = Array(pairs[0..<2 * neckCount])
    cut.gaps = Array(gaps[0..<neckCount])
    cut.axes = Array(axes[0..<4 * neckCount])
    cut.spans = Array(spans[0..<neckCount])
    return cut
  }

  /// Lays out `sizes` (`w0, h0, …`) with room for `room` necks (by default, every pair of
  /// items, the "+K" capsule included under a row limit).
  static func layout(
    _ sizes: [Double], width: Double, spacing: Double, mergeDistance: Double = 10,
    direction: LayoutDirection = .leftToRight, maxRows: Int = 0, moreSizes: [Double] = [],
    room: Int? = nil
  ) -> PackedRun {
    let items = sizes.count / 2 + (maxRows > 0 ? 1 : 0)
    let room = room ?? items * (items - 1) / 2 + 1
    var run = PackedRun(
      outcome: .refused(.width), origins: .init(repeating: -7, count: 2 * items),
      rows: .init(repeating: -7, count: items), groups: .init(repeating: -7, count: items),
      pairs: .init(repeating: -7, count: 2 * room), gaps: .init(repeating: -7, count: room),
      axes: .init(repeating: -7, count: 4 * room), spans: .init(repeating: -7, count: room))
    run.outcome = sizes.withUnsafeBufferPointer { sizes in
      moreSizes.withUnsafeBufferPointer { moreSizes in
        run.origins.withUnsafeMutableBufferPointer { origins in
          run.rows.withUnsafeMutableBufferPointer { rows in
            run.groups.withUnsafeMutableBufferPointer { groups in
              run.pairs.withUnsafeMutableBufferPointer { pairs in
                run.gaps.withUnsafeMutableBufferPointer { gaps in
                  run.axes.withUnsafeMutableBufferPointer { axes in
                    run.spans.withUnsafeMutableBufferPointer { spans in
                      PackedLayout.layout(
                        sizes: sizes, width: width, spacing: spacing,
                        mergeDistance: mergeDistance, direction: direction, maxRows: maxRows,
                        moreSizes: moreSizes, origins: origins, rows: rows, groups: groups,
                        necks: PackedLayout.NeckBuffers(
                          pairs: pairs, gaps: gaps, axes: axes, spans: spans))
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    return run
  }
}
