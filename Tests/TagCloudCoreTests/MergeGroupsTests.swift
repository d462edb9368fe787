import TagCloudCore
import TagCloudTestSupport
import Testing

@Suite struct MergeGroupsTests {
  private func groups(_ frames: [Rect], rows: [Int], distance: Double = 10) -> [[Int]] {
    MergeGroups(frames: frames, rowStarts: rows, mergeDistance: distance).groups
  }

  @Test func stadiumOfAWideCapsuleIsAHorizontalSegment() {
    let stadium = Stadium(capsule: Rect(x: 0, y: 0, width: 96, height: 40))
    #expect(stadium.start == Point(x: 20, y: 20))
    #expect(stadium.end == Point(x: 76, y: 20))
    #expect(stadium.radius == 20)
  }

  @Test func stadiumOfATallCapsuleIsAVerticalSegment() {
    let stadium = Stadium(capsule: Rect(x: 10, y: 0, width: 20, height: 60))
    #expect(stadium.start == Point(x: 20, y: 10))
    #expect(stadium.end == Point(x: 20, y: 50))
    #expect(stadium.radius == 10)
  }

  @Test func gapSideBySideIsTheHorizontalGap() {
    let left = Stadium(capsule: Rect(x: 0, y: 0, width: 96, height: 40))
    let right = Stadium(capsule: Rect(x: 105, y: 0, width: 60, height: 40))
    #expect(left.gap(to: right) == 9)
  }

  @Test func differentHeightsInARowMeasureBetweenTheRoundedEnds() {
    // Top-aligned: the short capsule's centre line is 10 px above the tall one's.
    let tall = Stadium(capsule: Rect(x: 0, y: 0, width: 100, height: 60))
    let short = Stadium(capsule: Rect(x: 105, y: 0, width: 60, height: 40))
    // Centres of the facing end circles: (70, 30) r 30 and (125, 20) r 20.
    let expected = ((55.0 * 55 + 10 * 10).squareRoot() - 50)
    #expect(abs(tall.gap(to: short) - expected) < 1e-12)
  }

  @Test func roundedEndsKeepDiagonalNeighboursApart() {
    // Corners 3 px apart diagonally in box terms, but the round ends are much further.
    let upper = Stadium(capsule: Rect(x: 0, y: 0, width: 80, height: 40))
    let lower = Stadium(capsule: Rect(x: 83, y: 43, width: 80, height: 40))
    let expected = (43.0 * 43 + 43 * 43).squareRoot() - 40
    #expect(abs(upper.gap(to: lower) - expected) < 1e-12)
    #expect(upper.gap(to: lower) > 10)
  }

  @Test func overlappingShapesHaveNoGap() {
    let first = Stadium(capsule: Rect(x: 0, y: 0, width: 80, height: 40))
    let second = Stadium(capsule: Rect(x: 50, y: 10, width: 80, height: 40))
    #expect(first.gap(to: second) == 0)
  }

  @Test func aGapOfExactlyTheDistanceStandsApart() {
    let frames = [
      Rect(x: 0, y: 0, width: 80, height: 40), Rect(x: 90, y: 0, width: 80, height: 40),
    ]
    #expect(groups(frames, rows: [0]) == [[0], [1]])
    let closer = [frames[0], Rect(x: 89.999, y: 0, width: 80, height: 40)]
    #expect(groups(closer, rows: [0]) == [[0, 1]])
  }

  /// Fractional sizes (measured labels, capsules growing in) flowed `spacing` apart at a
  /// spacing equal to the merge distance: the arithmetic leaves gaps a few ulps under it, and
  /// they stand apart as exact ones do. (Seen failing with a strict `gap < mergeDistance`: necks
  /// of no width in most clouds.)
  @Test func fractionalNeighboursAtTheDistanceStandApart() {
    var generator = SeededGenerator(seed: 11)
    for _ in 0..<200 {
      let sizes = (0..<100).map { _ in
        let presence =
          Bool.random(using: &generator) ? 1 : Double.random(in: 0.01...1, using: &generator)
        let width = 40 + Double.random(in: 0..<80, using: &generator)
        return Size(width: width * presence, height: 37 * presence)
      }
      let flow = FlowLayout.arrange(sizes, width: 700, spacing: 10)
      let frames = zip(flow.origins, sizes).map { Rect(origin: $0, size: $1) }
      let found = groups(frames, rows: flow.rowStarts)
      #expect(found.allSatisfy { $0.count == 1 }, "melted: \(found.filter { $0.count > 1 })")
    }
  }

  @Test func theDemoStandsApartAtEighteenAndMeltsAtThree() {
    let loose = FlowLayout.arrange(DemoFixture.sizes, width: 342, spacing: 18)
    let looseFrames = zip(loose.origins, DemoFixture.sizes).map { Rect(origin: $0, size: $1) }
    #expect(groups(looseFrames, rows: loose.rowStarts) == (0..<10).map { [$0] })

    let tight = FlowLayout.arrange(DemoFixture.sizes, width: 342, spacing: 3)
    let tightFrames = zip(tight.origins, DemoFixture.sizes).map { Rect(origin: $0, size: $1) }
    // Rows are 3 px apart, so capsules above one another melt too: one shape.
    #expect(groups(tightFrames, rows: tight.rowStarts) == [Array(0..<10)])
  }

  @Test func groupsAreSortedAndOrderedByFirstIndex() {
    // Row 0: 0 and 2 are far apart; row 1: 3 sits under 2 only.
    let frames = [
      Rect(x: 0, y: 0, width: 40, height: 40), Rect(x: 100, y: 0, width: 40, height: 40),
      Rect(x: 200, y: 0, width: 40, height: 40), Rect(x: 200, y: 45, width: 40, height: 40),
    ]
    #expect(groups(frames, rows: [0, 3]) == [[0], [1], [2, 3]])
  }

  @Test func emptyCloudHasNoGroups() {
    #expect(groups([], rows: []) == [])
  }

  /// The sweep against comparing every pair, on random flow layouts with zero-height rows,
  /// tiny and tall capsules and distances larger than the spacing.
  @Test(arguments: [11, 12, 13] as [UInt64])
  func matchesComparingEveryPair(seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    for _ in 0..<800 {
      let count = Int.random(in: 0...50, using: &generator)
      let sizes = (0..<count).map { _ in
        Size(width: generator.length(upTo: 120), height: generator.length(upTo: 60))
      }
      let spacing = generator.length(upTo: 20)
      let distance = generator.length(upTo: 40)
      let flow = FlowLayout.arrange(sizes, width: generator.length(upTo: 600), spacing: spacing)
      let frames = zip(flow.origins, sizes).map { Rect(origin: $0, size: $1) }
      let swept = MergeGroups(frames: frames, rowStarts: flow.rowStarts, mergeDistance: distance)
      #expect(swept.groups == ReferenceMerge.groups(frames, mergeDistance: distance))
    }
  }
}

/// Every pair compared, components found by depth-first search: the plain reference.
enum ReferenceMerge {
  static func groups(_ frames: [Rect], mergeDistance: Double) -> [[Int]] {
    let shapes = frames.map(Stadium.init(capsule:))
    var component = [Int](repeating: -1, count: frames.count)
    var result: [[Int]] = []
    for start in frames.indices where component[start] < 0 {
      var stack = [start]
      var members: [Int] = []
      component[start] = result.count
      while let item = stack.popLast() {
        members.append(item)
        for other in frames.indices
        where component[other] < 0
          && shapes[item].gap(to: shapes[other])
            < mergeDistance - MergeGroups.roundingSlack(frames[item], frames[other], mergeDistance)
        {
          component[other] = result.count
          stack.append(other)
        }
      }
      result.append(members.sorted())
    }
    return result
  }
}
