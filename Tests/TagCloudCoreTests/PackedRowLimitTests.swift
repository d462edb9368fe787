import TagCloudCore
import TagCloudTestSupport
import Testing

/// The packed path under a row limit: the shown tags and the "+K" capsule (item n) laid out as
/// the same capsules are without a limit, hidden tags NaN and -1, necks naming the capsule as
/// n; and its refusals.
@Suite struct PackedRowLimitTests {
  /// The run with its neck buffers cut to the necks written, so that runs compare by value.
  static func layout(
    _ sizes: [Double], width: Double, spacing: Double, direction: LayoutDirection = .leftToRight,
    maxRows: Int = 0, moreSizes: [Double] = []
  ) -> PackedRun {
    PackedRun.layout(
      sizes, width: width, spacing: spacing, direction: direction, maxRows: maxRows,
      moreSizes: moreSizes
    ).necksOnly
  }

  @Test func theDocumentedExample() {
    let laid = Self.layout(
      [100, 40, 100, 40, 100, 40, 100, 40], width: 250, spacing: 10, maxRows: 1,
      moreSizes: [40, 40])
    #expect(
      laid.outcome
        == .laidOut(
          size: Size(width: 150, height: 40), rowCount: 1, groupCount: 2, neckCount: 0,
          hidden: 3))
    #expect(laid.origins[0...1] == [0, 0])
    #expect(laid.origins[2..<8].allSatisfy { $0.isNaN })
    #expect(laid.origins[8...9] == [110, 0])
    #expect(laid.rows == [0, -1, -1, -1, 0])
    #expect(laid.groups == [0, -1, -1, -1, 1])
  }

  /// With a limit that every tag meets, item n (the absent capsule) is NaN and -1, and the
  /// rest is the unlimited layout.
  @Test func aLimitTheTagsMeetAddsAnAbsentCapsule() {
    let sizes: [Double] = [100, 40, 100, 40, 100, 40]
    let unlimited = Self.layout(sizes, width: 400, spacing: 4)
    let limited = Self.layout(sizes, width: 400, spacing: 4, maxRows: 1, moreSizes: [40, 40])
    #expect(limited.outcome == unlimited.outcome)
    #expect(Array(limited.origins[0..<6]) == unlimited.origins)
    #expect(limited.origins[6].isNaN && limited.origins[7].isNaN)
    #expect(limited.rows == unlimited.rows + [-1])
    #expect(limited.groups == unlimited.groups + [-1])
    #expect(limited.pairs == unlimited.pairs && limited.gaps == unlimited.gaps)
  }

  /// Seeded random clouds: under a limit, the packed outputs are those of the shown tags and the
  /// "+K" capsule laid out without a limit (origins, rows, groups, necks with the capsule as
  /// index n), the hidden tags NaN and -1; the shown count is the rule's.
  @Test func equalsTheShownCapsulesLaidOutUnlimited() {
    var generator = SeededGenerator(seed: 2026)
    var melting = 0
    for _ in 0..<1500 {
      let count = Int.random(in: 0...30, using: &generator)
      var sizes: [Double] = []
      for _ in 0..<count {
        sizes.append(generator.length(upTo: 150))
        sizes.append([40, generator.length(upTo: 60)].randomElement(using: &generator)!)
      }
      let moreSizes = (0..<4).flatMap { _ in
        [generator.length(upTo: 120), generator.length(upTo: 50)]
      }
      let width = [.infinity, 120, generator.length(upTo: 600)].randomElement(using: &generator)!
      let spacing = [0, 4, 16, generator.length(upTo: 20)].randomElement(using: &generator)!
      let maxRows = Int.random(in: 1...4, using: &generator)
      let direction: LayoutDirection = Bool.random(using: &generator) ? .leftToRight : .rightToLeft
      let laid = Self.layout(
        sizes, width: width, spacing: spacing, direction: direction, maxRows: maxRows,
        moreSizes: moreSizes)
      guard case .laidOut(_, let rowCount, _, _, let hidden) = laid.outcome else {
        Issue.record("refused: \(laid.outcome)")
        continue
      }
      #expect(rowCount <= maxRows)
      let decision = RowLimit.decide(
        sizes: (0..<count).map { Size(width: sizes[2 * $0], height: sizes[2 * $0 + 1]) },
        width: width, spacing: spacing, maxRows: maxRows,
        moreSizes: moreSizes)
      var shown = count
      var placedSizes = sizes
      if case .cut(let prefix, let more) = decision {
        shown = prefix
        placedSizes = Array(sizes[0..<2 * prefix]) + [more.width, more.height]
      }
      #expect(hidden == count - shown)
      let reference = Self.layout(
        placedSizes, width: width, spacing: spacing, direction: direction)
      guard case .laidOut(let size, let rows, let groups, let necks, _) = reference.outcome else {
        Issue.record("reference refused")
        continue
      }
      #expect(
        laid.outcome
          == .laidOut(
            size: size, rowCount: rows, groupCount: groups, neckCount: necks, hidden: hidden))
      if necks > 0 { melting += 1 }
      // Placed capsule i is item i, or item `count` for the capsule at `shown`.
      func item(_ index: Int) -> Int { index < shown ? index : count }
      for index in 0..<reference.rows.count {
        #expect(laid.origins[2 * item(index)] == reference.origins[2 * index])
        #expect(laid.origins[2 * item(index) + 1] == reference.origins[2 * index + 1])
        #expect(laid.rows[item(index)] == reference.rows[index])
        #expect(laid.groups[item(index)] == reference.groups[index])
      }
      let absent = hidden > 0 ? count : count + 1
      for index in shown..<absent {
        #expect(laid.origins[2 * index].isNaN && laid.origins[2 * index + 1].isNaN)
        #expect(laid.rows[index] == -1 && laid.groups[index] == -1)
      }
      #expect(laid.pairs == reference.pairs.map { Int32(item(Int($0))) })
      #expect(laid.gaps == reference.gaps)
      #expect(laid.axes == reference.axes)
    }
    #expect(melting > 300)
  }

  /// Bad limits and "+K" sizes are refused, naming them, and nothing is written.
  @Test func refusesBadLimitsAndSizesWritingNothing() {
    let sizes = [Double](repeating: 50, count: 24)  // twelve tags: K may have two digits
    let cases: [(Int, [Double], PackedLayout.Refusal)] = [
      (-1, [10, 10, 20, 10], .maxRows),
      (2, [10, 10], .moreSizes(needed: 2)),
      (2, [], .moreSizes(needed: 2)),
      (2, [10, 10, .nan, 10], .moreSize(index: 2)),
      (2, [10, -1, 20, 10], .moreSize(index: 1)),
      (2, [10, 10, 20, 10, .infinity, 1], .moreSize(index: 4)),
    ]
    for (maxRows, moreSizes, refusal) in cases {
      let laid = Self.layout(
        sizes, width: 100, spacing: 0, maxRows: maxRows, moreSizes: moreSizes)
      #expect(laid.outcome == .refused(refusal))
      #expect(laid.origins.allSatisfy { $0 == -7 } && laid.rows.allSatisfy { $0 == -7 })
    }
    // No tags need no sizes; the limit alone is checked.
    #expect(
      Self.layout([], width: 100, spacing: 0, maxRows: 3).outcome
        == .laidOut(size: .zero, rowCount: 0, groupCount: 0, neckCount: 0, hidden: 0))
  }
}
