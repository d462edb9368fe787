import TagCloudCore
import TagCloudWire

/// What `tagcloud-bench` can time; each is one call of the core as an app makes it.
///
///     Operation.arrangePacked.run(workload, widths)  // a closure (i) -> Double to time
enum Operation: String, CaseIterable {
  /// `FlowLayout.arrange(_:width:spacing:)`: the array API, result arrays allocated each call.
  case arrange
  /// `FlowLayout.arrange(packedSizes:width:spacing:into:)`: the allocation-free fast path.
  case arrangePacked = "arrange-packed"
  /// A width change alone: `LayoutEngine.layout` of the existing cloud's request at a new
  /// width (capsules, flow, frames, merge groups, response), nothing parsed or written.
  case relayout
  /// `MergeGroups` alone, over a flow already laid out.
  case merge
  /// `LayoutService.respond`: the whole JSON path, request bytes in, response bytes out.
  case respond

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
      let requests = widths.map { width in
        LayoutRequest(
          width: width, spacing: spacing, mergeDistance: mergeDistance,
          tags: workload.sizes.enumerated().map { index, size in
            TagSpec(id: Array("t\(index)".utf8), content: .size(size))
          })
      }
      return { index in
        LayoutEngine.layout(requests[index % widths.count]).size.height
      }
    case .respond:
      let requests = widths.map {
        Operation.requestJSON(workload.sizes, width: $0, spacing: spacing)
      }
      return { index in
        switch LayoutService.respond(to: requests[index % widths.count]) {
        case .success(let bytes): return Double(bytes.count)
        case .failure(let error): fatalError("respond refused the bench request: \(error)")
        }
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

  /// `{"width":W,"spacing":S,"tags":[{"id":"t0","size":[w,h]},…]}`, as a client would send.
  private static func requestJSON(_ sizes: [Size], width: Double, spacing: Double) -> [UInt8] {
    var text = "{\"width\":\(width),\"spacing\":\(spacing),\"tags\":["
    for (index, size) in sizes.enumerated() {
      if index > 0 { text += "," }
      text += "{\"id\":\"t\(index)\",\"size\":[\(size.width),\(size.height)]}"
    }
    text += "]}"
    return Array(text.utf8)
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
