import TagCloudCore

/// What `tagcloud-bench` can time; each is one call of the core as an app makes it.
///
///     Operation.arrangePacked.run(workload, widths)  // a closure (i) -> Double to time
enum Operation: String, CaseIterable {
  /// `FlowLayout.arrange(_:width:spacing:)`: the array API, result arrays allocated each call.
  case arrange
  /// `FlowLayout.arrange(packedSizes:width:spacing:into:)`: the allocation-free fast path.
  case arrangePacked = "arrange-packed"
  /// A width change alone: the existing cloud's sizes laid out again at a new width, its
  /// capsule frames and merge groups recomputed (what depends on the width), nothing parsed.
  case relayout
  /// `MergeGroups` alone, over a flow already laid out.
  case merge

  /// The body to time: call `i` works at `widths[i % widths.count]`. Buffers and inputs are
  /// prepared here, outside the timing.
  func body(for workload: Workload, widths: [Double], spacing: Double, mergeDistance: Double)
    -> (Int) -> Double
  {
    switch self {
    case .arrange:
      let sizes = workload.sizes
      return { index in
        FlowLayout.arrange(sizes, width: widths[index % widths.count], spacing: spacing)
          .size.height
      }
    case .arrangePacked:
      let packed = workload.packed
      let origins = UnsafeMutableBufferPointer<Double>.allocate(capacity: packed.count)
      origins.initialize(repeating: 0)
      // Lives as long as the closure: the process times one operation and exits.
      return { index in
        packed.withUnsafeBufferPointer { sizes in
          FlowLayout.arrange(
            packedSizes: sizes, width: widths[index % widths.count], spacing: spacing,
            into: origins
          ).height
        }
      }
    case .relayout:
      let sizes = workload.sizes
      return { index in
        let flow = FlowLayout.arrange(sizes, width: widths[index % widths.count], spacing: spacing)
        let frames = Operation.frames(flow, sizes)
        let groups = MergeGroups(
          frames: frames, rowStarts: flow.rowStarts, mergeDistance: mergeDistance)
        return flow.size.height + Double(groups.count)
      }
    case .merge:
      let sizes = workload.sizes
      let flows = widths.map { FlowLayout.arrange(sizes, width: $0, spacing: spacing) }
      let frames = flows.map { Operation.frames($0, sizes) }
      return { index in
        let cycle = index % widths.count
        return Double(
          MergeGroups(
            frames: frames[cycle], rowStarts: flows[cycle].rowStarts, mergeDistance: mergeDistance
          ).count)
      }
    }
  }

  private static func frames(_ flow: FlowArrangement, _ sizes: [Size]) -> [Rect] {
    var frames: [Rect] = []
    frames.reserveCapacity(sizes.count)
    for index in sizes.indices {
      frames.append(Rect(origin: flow.origins[index], size: sizes[index]))
    }
    return frames
  }
}
