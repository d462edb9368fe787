import TagCloudCore
import TagCloudTestSupport
import Testing

/// The necks of the packed layout (the pairs that melt, with their gaps and axes) against the
/// brute-force reference (`ReferenceNecks`: every pair, plain segment distance).
@Suite struct NeckTests {
  /// A seeded random cloud: sizes whole, in 1/64 px or arbitrary, capsules wide, tall, round
  /// and empty; any container; loose or melting; either direction.
  static func randomCloud(_ generator: inout SeededGenerator) -> (
    sizes: [Double], width: Double, spacing: Double, mergeDistance: Double,
    direction: LayoutDirection
  ) {
    let count = Int.random(
      in: 0...(Int.random(in: 0..<10, using: &generator) == 0 ? 120 : 40),
      using: &generator)
    var sizes: [Double] = []
    for _ in 0..<count {
      let height = [40, 44, generator.length(upTo: 80)].randomElement(using: &generator)!
      let width =
        Int.random(in: 0..<8, using: &generator) == 0
        ? height : generator.length(upTo: 200)
      sizes += [width, height]
    }
    let width = [.infinity, 0, generator.length(upTo: 900)].randomElement(using: &generator)!
    let spacing =
      Bool.random(using: &generator)
      ? [0, 3, generator.length(upTo: 9.9)].randomElement(using: &generator)!
      : 10 + generator.length(upTo: 20)
    let mergeDistance = [10, 20, generator.length(upTo: 20)].randomElement(using: &generator)!
    let direction: LayoutDirection = Bool.random(using: &generator) ? .leftToRight : .rightToLeft
    return (sizes, width, spacing, mergeDistance, direction)
  }

  /// The laid-out frames of `laid` over `sizes`.
  static func frames(_ laid: PackedRun, _ sizes: [Double]) -> [Rect] {
    (0..<sizes.count / 2).map {
      Rect(
        x: laid.origins[2 * $0], y: laid.origins[2 * $0 + 1], width: sizes[2 * $0],
        height: sizes[2 * $0 + 1])
    }
  }

  /// Checked to fail: with `meltRightwards` stopping one item early (`second + 1 < end`), pairs
  /// go missing; with the necks recorded before the `gap < mergeDistance` test, gaps at or
  /// over the distance appear; with `halfSpan` taken from the apart axis, the spans differ.
  @Test func necksAreEveryMeltingPairOfTheBruteForceInItsOrder() {
    var generator = SeededGenerator(seed: 24)
    var necks = 0
    var sideBySide = 0
    var rightToLeft = 0
    var ambiguous = 0
    for round in 0..<2500 {
      let cloud = Self.randomCloud(&generator)
      let laid = PackedRun.layout(
        cloud.sizes, width: cloud.width, spacing: cloud.spacing,
        mergeDistance: cloud.mergeDistance, direction: cloud.direction)
      let frames = Self.frames(laid, cloud.sizes)
      let reference = ReferenceNecks.necks(
        frames: frames, rows: laid.rows.map(Int.init), mergeDistance: cloud.mergeDistance)
      // A gap within rounding of the merge distance may fall either way: the core measures
      // before mirroring and by another arithmetic path.
      let scale = 1 + frames.reduce(0) { max($0, abs($1.x) + $1.width, abs($1.y) + $1.height) }
      let tolerance = 1e-9 * scale
      func decided(_ gap: Double) -> Bool { abs(gap - cloud.mergeDistance) > tolerance }
      let expected = reference.filter { decided($0.gap) }
      var got: [(index: Int, first: Int, second: Int)] = []
      for k in 0..<max(laid.neckCount, 0) {
        #expect(laid.pairs[2 * k] < laid.pairs[2 * k + 1], "round \(round): neck \(k) order")
        #expect(laid.gaps[k] >= 0 && laid.gaps[k] < cloud.mergeDistance, "round \(round)")
        if decided(laid.gaps[k]) {
          got.append((k, Int(laid.pairs[2 * k]), Int(laid.pairs[2 * k + 1])))
        } else {
          ambiguous += 1
        }
      }
      #expect(
        got.map { [$0.first, $0.second] } == expected.map { [$0.first, $0.second] },
        "round \(round): \(cloud)")
      guard got.count == expected.count else { continue }
      for (neck, reference) in zip(got, expected) {
        let k = neck.index
        #expect(abs(laid.gaps[k] - reference.gap) <= tolerance, "round \(round) neck \(k)")
        let from = Point(x: laid.axes[4 * k], y: laid.axes[4 * k + 1])
        let to = Point(x: laid.axes[4 * k + 2], y: laid.axes[4 * k + 3])
        if reference.unique {
          #expect(ReferenceNecks.distance(from, reference.from) <= tolerance, "round \(round)")
          #expect(ReferenceNecks.distance(to, reference.to) <= tolerance, "round \(round)")
        } else {
          // Touching or crossing segments: any common point; the axis has no length.
          #expect(ReferenceNecks.distance(from, to) <= tolerance, "round \(round)")
        }
        #expect(abs(laid.spans[k] - reference.halfSpan) <= tolerance, "round \(round)")
        if reference.halfSpan > 0 { sideBySide += 1 }
      }
      necks += got.count
      if cloud.direction == .rightToLeft, !got.isEmpty { rightToLeft += 1 }
    }
    #expect(necks > 20_000 && sideBySide > 2_000 && rightToLeft > 300, "\(necks) \(sideBySide)")
    #expect(ambiguous < necks / 100, "\(ambiguous) necks at the threshold: the test lost its edge")
  }

  /// The necks are the melt rule's edges: their connected components are the merge groups.
  @Test func theNecksConnectExactlyTheMergeGroups() {
    var generator = SeededGenerator(seed: 26)
    for round in 0..<800 {
      let cloud = Self.randomCloud(&generator)
      let laid = PackedRun.layout(
        cloud.sizes, width: cloud.width, spacing: cloud.spacing,
        mergeDistance: cloud.mergeDistance, direction: cloud.direction)
      var root = Array(0..<laid.groups.count)
      func find(_ i: Int) -> Int { root[i] == i ? i : find(root[i]) }
      for k in 0..<laid.neckCount {
        let a = find(Int(laid.pairs[2 * k]))
        let b = find(Int(laid.pairs[2 * k + 1]))
        root[max(a, b)] = min(a, b)
        #expect(laid.groups[Int(laid.pairs[2 * k])] == laid.groups[Int(laid.pairs[2 * k + 1])])
      }
      // Same partition: equal groups iff equal roots.
      for i in laid.groups.indices {
        for j in laid.groups.indices where j > i {
          #expect((laid.groups[i] == laid.groups[j]) == (find(i) == find(j)), "round \(round)")
        }
      }
    }
  }

  @Test func twoNeighboursInARowAndTwoCapsulesAboveOneAnother() {
    // [96 × 40][60 × 40] 8 px apart: the ends face each other, 8 px apart.
    let row = PackedRun.layout(
      [96, 40, 60, 40], width: 390, spacing: 8, mergeDistance: 10, direction: .leftToRight)
    #expect(row.neckCount == 1)
    #expect(row.pairs.prefix(2) == [0, 1] && row.gaps[0] == 8)
    #expect(row.axes.prefix(4) == [76, 20, 124, 20] && row.spans[0] == 0)
    // Mirrored: the same pair, the axis in the mirrored frames (390 wide).
    let mirrored = PackedRun.layout(
      [96, 40, 60, 40], width: 390, spacing: 8, mergeDistance: 10, direction: .rightToLeft)
    #expect(mirrored.axes.prefix(4) == [314, 20, 266, 20])
    // 100 px, then 100 px wrapping at 150 into a row 3 px below: side by side over 60 px.
    let stack = PackedRun.layout(
      [100, 40, 100, 40], width: 150, spacing: 3, mergeDistance: 10, direction: .leftToRight)
    #expect(stack.neckCount == 1 && stack.gaps[0] == 3)
    #expect(stack.axes.prefix(4) == [50, 20, 50, 63] && stack.spans[0] == 30)
  }

  /// Checked to fail: with `NeckRecord.record` writing whatever the room, the short buffers
  /// trap.
  @Test func necksBeyondTheRoomAreCountedAndNotWritten() {
    let sizes: [Double] = [50, 40, 50, 40, 50, 40, 50, 40]
    let full = PackedRun.layout(
      sizes, width: 500, spacing: 2, mergeDistance: 10, direction: .leftToRight)
    #expect(full.neckCount == 3)
    for room in [0, 2] {
      let short = PackedRun.layout(
        sizes, width: 500, spacing: 2, mergeDistance: 10, direction: .leftToRight, room: room)
      #expect(short.outcome == full.outcome)
      #expect(short.origins == full.origins && short.groups == full.groups)
      #expect(short.axes.allSatisfy { $0 == -7 } && short.spans.allSatisfy { $0 == -7 })
    }
  }

  @Test func aRefusedLayoutWritesNoNeck() {
    let laid = PackedRun.layout(
      [50, 40, .nan, 40], width: 500, spacing: 2, mergeDistance: 10, direction: .leftToRight)
    #expect(laid.outcome == .refused(.size(index: 2)))
    #expect(laid.pairs.allSatisfy { $0 == -7 } && laid.spans.allSatisfy { $0 == -7 })
  }
}
