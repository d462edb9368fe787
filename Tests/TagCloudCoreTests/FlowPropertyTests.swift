import TagCloudCore
import TagCloudTestSupport
import Testing

/// Thousands of random clouds, checked against the seed's rule transcribed plainly and against
/// the invariants the rule promises.
@Suite struct FlowPropertyTests {
  static let seeds: [UInt64] = [1, 2, 3, 4]

  @Test(arguments: seeds)
  func matchesTheReferenceAndKeepsItsInvariants(seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    for _ in 0..<1500 {
      let count = Int.random(in: 0...60, using: &generator)
      let sizes = (0..<count).map { _ in
        Size(width: generator.length(upTo: 400), height: generator.length(upTo: 90))
      }
      let width: Double
      switch Int.random(in: 0..<8, using: &generator) {
      case 0: width = 0
      case 1: width = .infinity
      default: width = generator.length(upTo: 1500)
      }
      let spacing = generator.length(upTo: 30)
      let result = FlowLayout.arrange(sizes, width: width, spacing: spacing)
      let reference = ReferenceFlow.arrange(sizes, width: width, spacing: spacing)
      #expect(result.origins == reference.origins)
      #expect(result.size == reference.size)
      checkInvariants(result, sizes: sizes, width: width, spacing: spacing)
    }
  }

  private func checkInvariants(
    _ result: FlowArrangement, sizes: [Size], width: Double, spacing: Double
  ) {
    let frames = zip(result.origins, sizes).map { Rect(origin: $0, size: $1) }
    for row in result.rowStarts.indices {
      let items = result.items(inRow: row)
      let top = frames[items.lowerBound].y
      let rowBottom = items.map { frames[$0].maxY }.max()!
      for index in items {
        // Rows are top-aligned.
        #expect(frames[index].y == top)
        // Inside the width, except an item placed at the row's start (alone, or after items of
        // no width and no spacing).
        if frames[index].x > 0 { #expect(frames[index].maxX <= width) }
      }
      // Items in a row are exactly `spacing` apart.
      for index in items.dropFirst() {
        let gap = frames[index].x - frames[index - 1].maxX
        #expect(abs(gap - spacing) <= 1e-9 * max(1, frames[index].x))
      }
      // The next row starts `spacing` below this row's tallest item, because the item that
      // opened it would not fit here.
      if row + 1 < result.rowStarts.count {
        let next = result.rowStarts[row + 1]
        #expect(abs(frames[next].y - (rowBottom + spacing)) <= 1e-9 * max(1, rowBottom))
        let cursor = frames[next - 1].maxX + spacing
        #expect(
          cursor + sizes[next].width > width || abs(cursor + sizes[next].width - width) < 1e-9)
      }
    }
    // No two items with an area overlap.
    for first in frames.indices where frames[first].width > 0 && frames[first].height > 0 {
      for second in frames.indices.dropFirst(first + 1)
      where frames[second].width > 0 && frames[second].height > 0 {
        let a = frames[first]
        let b = frames[second]
        let overlapX = min(a.maxX, b.maxX) - max(a.x, b.x)
        let overlapY = min(a.maxY, b.maxY) - max(a.y, b.y)
        let slack = 1e-9 * max(1, a.maxX, a.maxY, b.maxX, b.maxY)
        #expect(overlapX <= slack || overlapY <= slack)
      }
    }
    // The size covers every item and touches the widest row and the last row.
    if frames.isEmpty {
      #expect(result.size == .zero)
    } else {
      #expect(result.size.width == frames.map(\.maxX).max()!)
      #expect(result.size.height == frames.map(\.maxY).max()!)
    }
  }
}
