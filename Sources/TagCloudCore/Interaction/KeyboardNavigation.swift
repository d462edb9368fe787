/// Where the navigation keys move focus in the cloud: the page's roving focus follows these rules.
///
/// Next and previous follow reading order (the tags' order, which the flow keeps); up and down
/// go to the row above or below, to the tag whose centre is nearest horizontally (the earlier
/// one on a tie); first and last are Home and End; previous row and next row (PageUp and
/// PageDown) go to the first tag, in reading order, of the row above or below, so a keyboard
/// user can skim the cloud row by row (in right-to-left clouds the first tag of a row is its
/// rightmost, because the flow mirrors positions and keeps the order). At an edge, focus stays
/// where it is.
///
///     KeyboardNavigation.target(from: 3, moving: .down, frames: frames, rowStarts: rows)
///     // rows [0, 3, 6]: from 4, .nextRow → 6 and .previousRow → 0; from 1, .previousRow → 1
public enum KeyboardNavigation {
  /// Numbered 0…7 in this order (the Wasm export's key codes).
  public enum Direction: Int, Equatable, Sendable, CaseIterable {
    case next, previous, up, down, first, last, previousRow, nextRow
  }

  /// The index focus moves to from `index`.
  ///
  /// - Complexity: O(log rows + length of the target row).
  public static func target(
    from index: Int, moving direction: Direction, frames: [Rect], rowStarts: [Int]
  ) -> Int {
    frames.withUnsafeBufferPointer { frames in
      rowStarts.withUnsafeBufferPointer { rowStarts in
        target(from: index, moving: direction, frames: frames, rowStarts: rowStarts)
      }
    }
  }

  /// ``target(from:moving:frames:rowStarts:)`` over buffers, for the Wasm export (which reads
  /// them in place). Frames are read without bounds checks: `index` is checked, and the target
  /// row's range is checked to lie in the frames.
  public static func target(
    from index: Int, moving direction: Direction, frames: UnsafeBufferPointer<Rect>,
    rowStarts: UnsafeBufferPointer<Int>
  ) -> Int {
    precondition(index >= 0 && index < frames.count, "index out of range")
    switch direction {
    case .next: return min(index + 1, frames.count - 1)
    case .previous: return max(index - 1, 0)
    case .first: return 0
    case .last: return frames.count - 1
    case .up, .down, .previousRow, .nextRow:
      let row = FlowArrangement.row(of: index, rowStarts: rowStarts)
      let targetRow = direction == .up || direction == .previousRow ? row - 1 : row + 1
      guard targetRow >= 0, targetRow < rowStarts.count else { return index }
      let items = FlowArrangement.items(
        inRow: targetRow, rowStarts: rowStarts, total: frames.count)
      if direction == .previousRow || direction == .nextRow { return items.lowerBound }
      let centre = frames[index].midX
      var best = items.lowerBound
      for candidate in items
      where abs(frames[candidate].midX - centre) < abs(frames[best].midX - centre) {
        best = candidate
      }
      return best
    }
  }
}
