/// Lays out a request: capsule sizes, the flow, merge groups, selection and motion, in one pass.
///
///     let request = LayoutRequest(width: 390, spacing: 18, tags: [
///       TagSpec(id: Array("SwiftUI".utf8), content: .size(Size(width: 96, height: 40))),
///     ])
///     LayoutEngine.layout(request).frames  // [Rect(x: 0, y: 0, width: 96, height: 40)]
public enum LayoutEngine {
  /// - Complexity: O(n) for the flow and the merge sweep, plus the spring's fixed cost when an
  ///   animation is asked for.
  public static func layout(_ request: LayoutRequest) -> LayoutResponse {
    precondition(request.selection.capacity == request.tags.count, "selection capacity mismatch")
    let sizes = capsuleSizes(request)
    let flow = FlowLayout.arrange(sizes, width: request.width, spacing: request.spacing)
    var frames: [Rect] = []
    frames.reserveCapacity(sizes.count)
    for index in sizes.indices {
      frames.append(Rect(origin: flow.origins[index], size: sizes[index]))
    }
    // Mirroring keeps every distance, so groups are found on the left-to-right frames, whose
    // rows run left to right as the sweep needs.
    let groups = MergeGroups(
      frames: frames, rowStarts: flow.rowStarts, mergeDistance: request.mergeDistance)
    if request.direction == .rightToLeft {
      let extent = request.width.isFinite ? request.width : flow.size.width
      for index in frames.indices {
        frames[index].x = request.direction.mirroredX(
          frames[index].x, width: frames[index].width, in: extent)
      }
    }
    var ids: [[UInt8]] = []
    ids.reserveCapacity(request.tags.count)
    for tag in request.tags { ids.append(tag.id) }
    let animation =
      request.reduceMotion ? nil : request.animation.map(LayoutResponse.Animation.init)
    return LayoutResponse(
      ids: ids, frames: frames, rowStarts: flow.rowStarts, size: flow.size, groups: groups,
      selection: request.selection, animation: animation)
  }

  /// Each tag's capsule: given outright, or derived from its label for this container width.
  ///
  /// - Complexity: O(n + total words).
  public static func capsuleSizes(_ request: LayoutRequest) -> [Size] {
    var sizes: [Size] = []
    sizes.reserveCapacity(request.tags.count)
    for tag in request.tags {
      switch tag.content {
      case .size(let size):
        sizes.append(size)
      case .label(let label):
        sizes.append(
          CapsuleSizing.capsule(
            for: label, metrics: request.capsuleMetrics, containerWidth: request.width))
      }
    }
    return sizes
  }
}
