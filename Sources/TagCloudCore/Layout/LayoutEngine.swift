/// Lays out a request: capsule sizes, the flow, merge groups, selection and motion, in one pass.
///
///     let request = LayoutRequest(width: 390, spacing: 18, tags: [
///       TagSpec(id: Array("SwiftUI".utf8), content: .size(Size(width: 96, height: 40))),
///     ])
///     LayoutEngine.layout(request).frames  // [Rect(x: 0, y: 0, width: 96, height: 40)]
public enum LayoutEngine {
  /// Under a row limit (`maxRows > 0`) the response holds the shown tags and the "+K" capsule
  /// apart (``LayoutResponse/more``), as ``place(_:width:spacing:mergeDistance:direction:maxRows:moreSizes:necks:)``
  /// decides.
  ///
  /// - Complexity: O(n) for the flow and the merge sweep, plus the spring's fixed cost when an
  ///   animation is asked for.
  public static func layout(_ request: LayoutRequest) -> LayoutResponse {
    precondition(request.selection.capacity == request.tags.count, "selection capacity mismatch")
    let count = request.tags.count
    // The frames hold the capsule sizes first; the flow then fills in the origins in place
    // (no arrays of sizes or points: fewer array element types in the Wasm module). Written
    // through one buffer (`index` < `count`, the frames' count), not element by element, each
    // of which would check the array's uniqueness.
    var frames = [Rect](filledWith: Rect(x: 0, y: 0, width: 0, height: 0), count: count)
    var ids: [[UInt8]] = []
    ids.reserveCapacity(count)
    frames.withUnsafeMutableBufferPointer { frames in
      for index in 0..<count {
        ids.append(request.tags[index].id)
        let size = capsuleSize(request.tags[index].content, request)
        frames[index].width = size.width
        frames[index].height = size.height
      }
    }
    var necks = NeckRecord.none
    let placed = place(
      &frames, width: request.width, spacing: request.spacing,
      mergeDistance: request.mergeDistance, direction: request.direction,
      maxRows: request.maxRows, moreSizes: request.moreSizes, necks: &necks)
    var rowStarts = placed.rowStarts
    var more: LayoutResponse.MoreCapsule?
    if placed.hasMore {
      // The "+K" capsule, placed after the shown tags, goes apart: the shown tags' rows leave
      // out a row it starts.
      let index = placed.shown
      let row = rowStarts.count &- 1
      more = LayoutResponse.MoreCapsule(
        hidden: count &- index, frame: frames.removeLast(), row: row)
      if rowStarts[row] == index { rowStarts.removeLast() }
    }
    let animation =
      request.reduceMotion ? nil : request.animation.map(LayoutResponse.Animation.init)
    return LayoutResponse(
      ids: ids, frames: frames, rowStarts: rowStarts, size: placed.size, groups: placed.groups,
      selection: request.selection, animation: animation, rowLimited: request.maxRows > 0,
      more: more)
  }

  /// The flow, the merge groups and the writing direction over capsules already sized: what a
  /// layout does once the sizes are known (the row-limited placement without a limit, which
  /// ``layout(_:)`` and ``PackedLayout`` share).
  ///
  /// `frames` holds the capsule sizes (any origins); the flow writes the origins in place,
  /// mirrored for right-to-left. `necks` receives every melting pair (``NeckRecord``).
  ///
  ///     var frames = [Rect(x: 0, y: 0, width: 96, height: 40)]
  ///     var necks = NeckRecord.none
  ///     LayoutEngine.place(&frames, width: 390, spacing: 18, mergeDistance: 10,
  ///                        direction: .rightToLeft, necks: &necks).size
  ///     // 96 × 40; frames[0].x == 294
  ///
  /// - Precondition: sizes finite and non-negative; width, spacing, mergeDistance non-negative.
  /// - Complexity: O(n) for the flow and the merge sweep.
  public static func place(
    _ frames: inout [Rect], width: Double, spacing: Double, mergeDistance: Double,
    direction: LayoutDirection, necks: inout NeckRecord
  ) -> (size: Size, rowStarts: [Int], groups: MergeGroups) {
    let placed = place(
      &frames, width: width, spacing: spacing, mergeDistance: mergeDistance, direction: direction,
      maxRows: 0, moreSizes: [], necks: &necks)
    return (placed.size, placed.rowStarts, placed.groups)
  }

  /// The merge groups of capsules the flow has laid out left to right, then the mirroring for
  /// right-to-left: what follows the flow in
  /// ``place(_:width:spacing:mergeDistance:direction:maxRows:moreSizes:necks:)``.
  ///
  /// - Complexity: O(n) for the merge sweep.
  static func meltAndMirror(
    _ frames: inout [Rect], size: Size, rowStarts: [Int], width: Double, mergeDistance: Double,
    direction: LayoutDirection, necks: inout NeckRecord
  ) -> MergeGroups {
    // Mirroring keeps every distance, so groups are found on the left-to-right frames, whose
    // rows run left to right as the sweep needs.
    let groups = MergeGroups(
      frames: frames, rowStarts: rowStarts, mergeDistance: mergeDistance, necks: &necks)
    if direction == .rightToLeft {
      let extent = width.isFinite ? width : size.width
      frames.withUnsafeMutableBufferPointer { frames in
        for index in frames.indices {
          frames[index].x = direction.mirroredX(
            frames[index].x, width: frames[index].width, in: extent)
        }
      }
    }
    return groups
  }

  /// Each tag's capsule: given outright, or derived from its label for this container width.
  ///
  /// - Complexity: O(n + total words).
  public static func capsuleSizes(_ request: LayoutRequest) -> [Size] {
    var sizes: [Size] = []
    sizes.reserveCapacity(request.tags.count)
    for tag in request.tags { sizes.append(capsuleSize(tag.content, request)) }
    return sizes
  }

  /// The capsule of one tag.
  private static func capsuleSize(_ content: TagSpec.Content, _ request: LayoutRequest) -> Size {
    switch content {
    case .size(let size):
      return size
    case .label(let label):
      return CapsuleSizing.capsule(
        for: label, metrics: request.capsuleMetrics, containerWidth: request.width)
    }
  }
}
