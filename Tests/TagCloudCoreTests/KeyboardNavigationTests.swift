import TagCloudCore
import TagCloudTestSupport
import Testing

/// PageUp/PageDown (`previousRow`/`nextRow`) on the demo cloud, and every key against a plain
/// reference over seeded random clouds, left to right and mirrored right to left.
@Suite struct KeyboardNavigationTests {
  private let demo = FlowLayout.arrange(DemoFixture.sizes, width: 342, spacing: 18)

  private func frames(_ direction: LayoutDirection, width: Double = 342) -> [Rect] {
    zip(demo.origins, DemoFixture.sizes).map { origin, size in
      Rect(
        x: direction.mirroredX(origin.x, width: size.width, in: width), y: origin.y,
        width: size.width, height: size.height)
    }
  }

  /// Rows [0, 3, 6, 9]: PageDown goes to the first tag of the next row wherever focus is in
  /// its row, PageUp to the first tag of the previous row; the first and last rows are edges.
  @Test(arguments: [LayoutDirection.leftToRight, .rightToLeft])
  func pageKeysGoToTheFirstTagOfTheNeighbouringRow(_ direction: LayoutDirection) {
    let frames = frames(direction)
    func move(_ index: Int, _ key: KeyboardNavigation.Direction) -> Int {
      KeyboardNavigation.target(from: index, moving: key, frames: frames, rowStarts: demo.rowStarts)
    }
    #expect(demo.rowStarts == [0, 3, 6, 9])
    #expect(move(0, .nextRow) == 3)
    #expect(move(2, .nextRow) == 3)
    #expect(move(5, .nextRow) == 6)
    #expect(move(8, .nextRow) == 9)
    #expect(move(9, .nextRow) == 9)
    #expect(move(9, .previousRow) == 6)
    #expect(move(5, .previousRow) == 0)
    #expect(move(3, .previousRow) == 0)
    #expect(move(2, .previousRow) == 2)
    #expect(move(0, .previousRow) == 0)
  }

  /// PageDown lands where the next row starts in reading order: its leftmost capsule left to
  /// right and its rightmost right to left.
  @Test(arguments: [LayoutDirection.leftToRight, .rightToLeft])
  func pageDownLandsAtTheReadingStartOfTheRow(_ direction: LayoutDirection) {
    let frames = frames(direction)
    let starts = demo.rowStarts
    for row in 1..<starts.count {
      let members = starts[row]..<(row + 1 < starts.count ? starts[row + 1] : frames.count)
      let readingStart =
        direction == .leftToRight
        ? members.min { frames[$0].x < frames[$1].x }
        : members.max { frames[$0].maxX < frames[$1].maxX }
      let landed = KeyboardNavigation.target(
        from: starts[row - 1] + 1, moving: .nextRow, frames: frames, rowStarts: starts)
      #expect(landed == readingStart)
    }
  }

  @Test func everyKeyMatchesAPlainReferenceOnSeededClouds() {
    var generator = SeededGenerator(seed: 0x6B65_7973)
    var rowMoves = 0
    for _ in 0..<300 {
      let sizes = (0..<Int.random(in: 1...40, using: &generator)).map { _ in
        Size(width: generator.length(upTo: 140), height: generator.length(upTo: 60))
      }
      let width = [390, 200, 600, Double.random(in: 0...500, using: &generator)].randomElement(
        using: &generator)!
      let spacing = generator.length(upTo: 20)
      let flow = FlowLayout.arrange(sizes, width: width, spacing: spacing)
      let direction: LayoutDirection = Bool.random(using: &generator) ? .leftToRight : .rightToLeft
      let extent = max(width, flow.size.width)
      let frames = zip(flow.origins, sizes).map { origin, size in
        Rect(
          x: direction.mirroredX(origin.x, width: size.width, in: extent), y: origin.y,
          width: size.width, height: size.height)
      }
      for index in frames.indices {
        for key in KeyboardNavigation.Direction.allCases {
          let got = KeyboardNavigation.target(
            from: index, moving: key, frames: frames, rowStarts: flow.rowStarts)
          let want = reference(from: index, key, frames: frames, rowStarts: flow.rowStarts)
          #expect(got == want, "\(key) from \(index) in \(direction), rows \(flow.rowStarts)")
          if (key == .previousRow || key == .nextRow) && got != index { rowMoves += 1 }
        }
      }
    }
    #expect(rowMoves > 5_000, "too few row moves for the test to see a wrong rule")
  }

  /// The rules in their plainest form: linear scans, no shared helpers with the core.
  private func reference(
    from index: Int, _ key: KeyboardNavigation.Direction, frames: [Rect], rowStarts: [Int]
  ) -> Int {
    let rowOf = { (item: Int) in rowStarts.lastIndex { $0 <= item }! }
    let members = { (row: Int) in
      Array(rowStarts[row]..<(row + 1 < rowStarts.count ? rowStarts[row + 1] : frames.count))
    }
    let row = rowOf(index)
    switch key {
    case .next: return index == frames.count - 1 ? index : index + 1
    case .previous: return index == 0 ? 0 : index - 1
    case .first: return 0
    case .last: return frames.count - 1
    case .nextRow: return row + 1 < rowStarts.count ? members(row + 1)[0] : index
    case .previousRow: return row > 0 ? members(row - 1)[0] : index
    case .up, .down:
      let target = key == .up ? row - 1 : row + 1
      guard rowStarts.indices.contains(target) else { return index }
      let centre = frames[index].midX
      let distances = members(target).map { (item: $0, gap: abs(frames[$0].midX - centre)) }
      let nearest = distances.map(\.gap).min()!
      return distances.first { $0.gap == nearest }!.item
    }
  }
}
