import TagCloudCore
import TagCloudTestSupport
import Testing

/// The packed per-frame path (`PackedLayout`) against the engine's own layout, and its refusals.
@Suite struct PackedLayoutTests {
  private struct Packed: Equatable {
    var outcome: PackedLayout.Outcome
    var origins: [Double]
    var rows: [Int32]
    var groups: [Int32]
  }

  private func packed(
    _ sizes: [Double], width: Double, spacing: Double, mergeDistance: Double = 10,
    direction: LayoutDirection = .leftToRight, fill: Double = -7
  ) -> Packed {
    let count = sizes.count / 2
    var origins = [Double](repeating: fill, count: 2 * count)
    var rows = [Int32](repeating: -7, count: count)
    var groups = [Int32](repeating: -7, count: count)
    let outcome = sizes.withUnsafeBufferPointer { sizes in
      origins.withUnsafeMutableBufferPointer { origins in
        rows.withUnsafeMutableBufferPointer { rows in
          groups.withUnsafeMutableBufferPointer { groups in
            PackedLayout.layout(
              sizes: sizes, width: width, spacing: spacing, mergeDistance: mergeDistance,
              direction: direction, origins: origins, rows: rows, groups: groups)
          }
        }
      }
    }
    // The necks are NeckTests' (against the brute force); here the engine's outputs.
    var withoutNecks = outcome
    if case .laidOut(let size, let rows, let groups, _, _) = outcome {
      withoutNecks = .laidOut(size: size, rowCount: rows, groupCount: groups, neckCount: 0)
    }
    return Packed(outcome: withoutNecks, origins: origins, rows: rows, groups: groups)
  }

  /// The engine's response in the packed shapes.
  private func expected(_ response: LayoutResponse) -> Packed {
    let count = response.frames.count
    var rows = [Int32](repeating: 0, count: count)
    for row in response.rowStarts.indices {
      let end = row + 1 < response.rowStarts.count ? response.rowStarts[row + 1] : count
      for index in response.rowStarts[row]..<end { rows[index] = Int32(row) }
    }
    var groups = [Int32](repeating: 0, count: count)
    for (group, members) in response.groups.groups.enumerated() {
      for index in members { groups[index] = Int32(group) }
    }
    return Packed(
      outcome: .laidOut(
        size: response.size, rowCount: response.rowStarts.count,
        groupCount: response.groups.count, neckCount: 0),
      origins: response.frames.flatMap { [$0.x, $0.y] }, rows: rows, groups: groups)
  }

  @Test func equalsTheEngineOnSeededRandomClouds() {
    var generator = SeededGenerator(seed: 12)
    var melted = 0
    for _ in 0..<1500 {
      let count = Int.random(in: 0...60, using: &generator)
      let sizes = (0..<count).map { _ in
        Size(
          width: generator.length(upTo: 200),
          height: [40, 44, generator.length(upTo: 80)].randomElement(using: &generator)!)
      }
      let width = [.infinity, 0, generator.length(upTo: 900)].randomElement(using: &generator)!
      let spacing =
        Bool.random(using: &generator)
        ? generator.length(upTo: 9.9) : 10 + generator.length(upTo: 20)
      let mergeDistance = [10, generator.length(upTo: 20)].randomElement(using: &generator)!
      let direction: LayoutDirection = Bool.random(using: &generator) ? .leftToRight : .rightToLeft
      let request = LayoutRequest(
        width: width, spacing: spacing, mergeDistance: mergeDistance,
        tags: sizes.enumerated().map {
          TagSpec(id: Array("\($0.offset)".utf8), content: .size($0.element))
        },
        direction: direction)
      let reference = expected(LayoutEngine.layout(request))
      let result = packed(
        sizes.flatMap { [$0.width, $0.height] }, width: width, spacing: spacing,
        mergeDistance: mergeDistance, direction: direction)
      #expect(result == reference)
      if case .laidOut(_, _, let groupCount, _, _) = reference.outcome, groupCount < count {
        melted += 1
      }
    }
    #expect(melted > 300, "melting clouds must be part of the sample")
  }

  /// Checked to fail: with the size check removed from `PackedLayout.layout`, NaN reaches the
  /// flow and the outcome is `.laidOut`.
  @Test(arguments: [Double.nan, -1, .infinity, -.infinity, -Double.leastNonzeroMagnitude])
  func aBadSizeIsRefusedByIndexAndNothingIsWritten(bad: Double) {
    for index in [0, 1, 6, 9] {
      var sizes: [Double] = [96, 40, 60, 40, 120, 40, 30, 40, 50, 40]
      sizes[index] = bad
      let result = packed(sizes, width: 200, spacing: 3)
      #expect(result.outcome == .refused(.size(index: index)))
      #expect(result.origins.allSatisfy { $0 == -7 } && result.rows.allSatisfy { $0 == -7 })
      #expect(result.groups.allSatisfy { $0 == -7 })
    }
  }

  @Test func badContainersAreRefused() {
    let sizes: [Double] = [96, 40]
    #expect(packed(sizes, width: .nan, spacing: 3).outcome == .refused(.width))
    #expect(packed(sizes, width: -1, spacing: 3).outcome == .refused(.width))
    #expect(packed(sizes, width: 100, spacing: .infinity).outcome == .refused(.spacing))
    #expect(packed(sizes, width: 100, spacing: -0.5).outcome == .refused(.spacing))
    #expect(
      packed(sizes, width: 100, spacing: 3, mergeDistance: .nan).outcome == .refused(.mergeDistance)
    )
    #expect(
      packed(sizes, width: .infinity, spacing: 0, mergeDistance: 0).outcome != .refused(.width))
  }

  /// `FlowLayout.arrange(checking:)` screens the sizes in the flow's own pass; -0 is a valid
  /// size (its sign bit passes the screen only to the exact check).
  @Test func theCheckedFlowFindsTheFirstBadSizeAndAcceptsNegativeZero() {
    var generator = SeededGenerator(seed: 5)
    for _ in 0..<300 {
      var sizes = (0..<Int.random(in: 1...50, using: &generator) * 2).map { _ in
        generator.length(upTo: 200)
      }
      var origins = [Double](repeating: 0, count: sizes.count)
      let bad = Int.random(in: 0..<sizes.count, using: &generator)
      if Bool.random(using: &generator) {
        sizes[bad] = [.nan, -3, .infinity].randomElement(using: &generator)!
      } else {
        sizes[bad] = -0.0
      }
      let outcome = sizes.withUnsafeBufferPointer { sizes in
        origins.withUnsafeMutableBufferPointer { origins in
          PackedLayout.arrange(sizes: sizes, width: 300, spacing: 3, origins: origins)
        }
      }
      if sizes[bad] == 0 {
        let clean = sizes.map { $0 == 0 ? 0.0 : $0 }
        let reference = FlowLayout.arrange(
          stride(from: 0, to: clean.count, by: 2).map {
            Size(width: clean[$0], height: clean[$0 + 1])
          },
          width: 300, spacing: 3)
        #expect(outcome == .arranged(reference.size))
        #expect(origins == reference.origins.flatMap { [$0.x, $0.y] })
      } else {
        #expect(outcome == .refused(.size(index: bad)))
      }
    }
  }
}
