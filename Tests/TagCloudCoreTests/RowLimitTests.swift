import TagCloudCore
import TagCloudTestSupport
import Testing

/// The `max-rows` rule (`RowLimit`) on hand examples and against the brute force
/// (`ReferenceRowLimit`), and the engine's and the packed path's layouts under a limit.
@Suite struct RowLimitTests {
  private func tags(_ count: Int, width: Double, height: Double = 40) -> [Size] {
    Array(repeating: Size(width: width, height: height), count: count)
  }

  private func request(
    _ sizes: [Size], width: Double, spacing: Double, maxRows: Int, moreSizes: [Size],
    direction: LayoutDirection = .leftToRight, mergeDistance: Double = 10
  ) -> LayoutRequest {
    LayoutRequest(
      width: width, spacing: spacing, mergeDistance: mergeDistance,
      tags: sizes.enumerated().map {
        TagSpec(id: Array("\($0.offset)".utf8), content: .size($0.element))
      }, direction: direction, maxRows: maxRows, moreSizes: packed(moreSizes))
  }

  /// The "+K" sizes as the core takes them: `w, h` for one digit, then two, …
  private func packed(_ sizes: [Size]) -> [Double] { sizes.flatMap { [$0.width, $0.height] } }

  private func decide(
    sizes: [Size], width: Double, spacing: Double, maxRows: Int, moreSizes: [Size]
  ) -> RowLimit.Decision {
    RowLimit.decide(
      sizes: sizes, width: width, spacing: spacing, maxRows: maxRows,
      moreSizes: packed(moreSizes))
  }

  @Test func theDocumentedExample() {
    let decision = decide(
      sizes: tags(4, width: 100), width: 250, spacing: 10, maxRows: 1,
      moreSizes: [Size(width: 40, height: 40)])
    #expect(decision == .cut(shown: 1, more: Size(width: 40, height: 40)))
  }

  @Test func nothingIsHiddenWhenTheTagsFit() {
    let sizes = tags(4, width: 100)
    let more = [Size(width: 40, height: 40)]
    // Two rows of two.
    #expect(
      decide(sizes: sizes, width: 250, spacing: 10, maxRows: 2, moreSizes: more)
        == .showAll)
    #expect(
      decide(sizes: sizes, width: 250, spacing: 10, maxRows: 9, moreSizes: more)
        == .showAll)
    // 0 is no limit; an unbounded width is one row.
    #expect(
      decide(sizes: sizes, width: 250, spacing: 10, maxRows: 0, moreSizes: []) == .showAll)
    #expect(
      decide(sizes: sizes, width: .infinity, spacing: 10, maxRows: 1, moreSizes: more)
        == .showAll)
  }

  @Test func noTagsNeedNoCapsuleAndNoSizes() {
    #expect(RowLimit.sizesNeeded(forCount: 0) == 0)
    #expect(
      decide(sizes: [], width: 100, spacing: 10, maxRows: 1, moreSizes: []) == .showAll)
    let response = LayoutEngine.layout(
      request([], width: 100, spacing: 10, maxRows: 1, moreSizes: []))
    #expect(response.rowLimited && response.more == nil && response.frames.isEmpty)
  }

  @Test func sizesAreNeededForEveryDigitCountOfTheTagCount() {
    #expect(RowLimit.digits(0) == 1)
    #expect(RowLimit.digits(9) == 1)
    #expect(RowLimit.digits(10) == 2)
    #expect(RowLimit.digits(999) == 3)
    #expect(RowLimit.digits(1000) == 4)
    #expect(RowLimit.sizesNeeded(forCount: 1) == 1)
    #expect(RowLimit.sizesNeeded(forCount: 12) == 2)
    #expect(RowLimit.sizesNeeded(forCount: 1_000_000) == 7)
  }

  /// Nineteen tags 10 wide, ten a row in 100: the first row and "+9" would be 110 wide. Nine
  /// tags leave K = 10, whose "+10" is 20 wide: 110 again. So eight, and "+11". Had the one-digit
  /// size been kept for K = 10, nine tags and a too-narrow "+10" would have been shown.
  @Test func aLargerKTakesTheWiderCapsuleOfItsDigits() {
    let more = [Size(width: 10, height: 40), Size(width: 20, height: 40)]
    let decision = decide(
      sizes: tags(19, width: 10), width: 100, spacing: 0, maxRows: 1, moreSizes: more)
    #expect(decision == .cut(shown: 8, more: more[1]))
  }

  /// A "+K" capsule wider than the width sits alone on its row, as any capsule does.
  @Test func aCapsuleWiderThanTheWidthSitsAloneOnTheLastRow() {
    let more = [Size(width: 300, height: 40)]
    let sizes = tags(6, width: 100)
    #expect(
      decide(sizes: sizes, width: 250, spacing: 10, maxRows: 2, moreSizes: more)
        == .cut(shown: 2, more: more[0]))
    // One row: every tag hidden, the capsule alone.
    #expect(
      decide(sizes: sizes, width: 250, spacing: 10, maxRows: 1, moreSizes: more)
        == .cut(shown: 0, more: more[0]))
    let response = LayoutEngine.layout(
      request(sizes, width: 250, spacing: 10, maxRows: 1, moreSizes: more))
    #expect(response.frames.isEmpty)
    #expect(
      response.more
        == LayoutResponse.MoreCapsule(
          hidden: 6, frame: Rect(x: 0, y: 0, width: 300, height: 40), row: 0))
    #expect(response.rowStarts.isEmpty)
    #expect(response.size == Size(width: 300, height: 40))
  }

  /// The "+K" capsule is glass: 2 px from the last tag it melts with it, and it comes last in
  /// reading order, mirrored right to left like the tags.
  @Test func theCapsuleMeltsAndMirrorsLikeATag() {
    let sizes = tags(4, width: 100)
    let more = [Size(width: 40, height: 40)]
    let response = LayoutEngine.layout(
      request(sizes, width: 250, spacing: 2, maxRows: 1, moreSizes: more))
    #expect(response.frames.map(\.x) == [0, 102])
    #expect(response.groups.groups == [[0, 1, 2]])
    #expect(
      response.more
        == LayoutResponse.MoreCapsule(
          hidden: 2, frame: Rect(x: 204, y: 0, width: 40, height: 40), row: 0))
    let mirrored = LayoutEngine.layout(
      request(sizes, width: 250, spacing: 2, maxRows: 1, moreSizes: more, direction: .rightToLeft))
    #expect(mirrored.frames.map(\.x) == [150, 48])
    #expect(mirrored.more?.frame.x == 6)
  }

  /// The shown tags' rows leave out a row the capsule starts; the capsule's row says where it is.
  @Test func aCapsuleOnARowOfItsOwnIsReportedApart() {
    // Rows of two in 250: tags 0 and 1, 2 and 3, then 4. Two rows: tag 3 and "+1" (40) would
    // end at 260, so tag 2 and "+2" share row 1.
    let sizes = tags(5, width: 100)
    let response = LayoutEngine.layout(
      request(sizes, width: 250, spacing: 10, maxRows: 2, moreSizes: [Size(width: 40, height: 40)]))
    #expect(response.frames.count == 3)
    #expect(response.rowStarts == [0, 2])
    #expect(response.more?.row == 1 && response.more?.hidden == 2)
    // A capsule 250 wide follows no tag: it starts row 1, alone.
    let alone = LayoutEngine.layout(
      request(
        sizes, width: 250, spacing: 10, maxRows: 2, moreSizes: [Size(width: 250, height: 40)]))
    #expect(alone.frames.count == 2)
    #expect(alone.rowStarts == [0])
    #expect(alone.groups.groups == [[0], [1], [2]])
    #expect(
      alone.more
        == LayoutResponse.MoreCapsule(
          hidden: 3, frame: Rect(x: 0, y: 50, width: 250, height: 40), row: 1))
  }

  /// Seeded random clouds: the rule equals the brute force, and the engine lays out what the
  /// rule shows (the prefix and the capsule, by the seed's flow) in at most `maxRows` rows.
  @Test func equalsTheBruteForceOnSeededRandomClouds() {
    var generator = SeededGenerator(seed: 26)
    var cuts = 0
    var digitChanges = 0
    for _ in 0..<4000 {
      let count = Int.random(in: 0...40, using: &generator)
      let sizes = (0..<count).map { _ in
        Size(
          width: Bool.random(using: &generator)
            ? Double(Int.random(in: 0...4, using: &generator) * 10) : generator.length(upTo: 160),
          height: generator.length(upTo: 50))
      }
      let width = [.infinity, 0, 100, generator.length(upTo: 500)].randomElement(using: &generator)!
      let spacing = [0, 10, generator.length(upTo: 20)].randomElement(using: &generator)!
      let maxRows = Int.random(in: 0...5, using: &generator)
      // Not always wider with more digits, sometimes wider than the width.
      let moreSizes = (0..<Int.random(in: 2...3, using: &generator)).map { _ in
        Size(
          width: [10, 20, 30, generator.length(upTo: 300)].randomElement(using: &generator)!,
          height: generator.length(upTo: 50))
      }
      let expected = ReferenceRowLimit.decide(
        sizes, width: width, spacing: spacing, maxRows: maxRows, moreSizes: moreSizes)
      let decided = decide(
        sizes: sizes, width: width, spacing: spacing, maxRows: maxRows, moreSizes: moreSizes)
      #expect(decided == expected, "\(sizes) in \(width), spacing \(spacing), \(maxRows) rows")

      let response = LayoutEngine.layout(
        request(sizes, width: width, spacing: spacing, maxRows: maxRows, moreSizes: moreSizes))
      guard case .cut(let shown, let more) = expected else {
        #expect(response.more == nil && response.frames.count == count)
        continue
      }
      cuts += 1
      let longest = tagsInFirstRows(sizes, width: width, spacing: spacing, maxRows: maxRows)
      if RowLimit.digits(count - shown) != RowLimit.digits(count - longest) { digitChanges += 1 }
      let placed = ReferenceFlow.arrange(
        Array(sizes[0..<shown]) + [more], width: width, spacing: spacing)
      #expect(response.frames.map { Point(x: $0.x, y: $0.y) } == Array(placed.origins.dropLast()))
      #expect(response.more?.frame.x == placed.origins.last?.x)
      #expect(response.more?.frame.y == placed.origins.last?.y)
      #expect(response.more?.hidden == count - shown)
      #expect(response.size == placed.size)
      #expect((response.more?.row ?? 99) < maxRows)
      #expect(response.groups.groups.contains { $0.last == shown })
    }
    // The clouds exercise the rule: many cut, some where K's digit count differs from what the
    // longest candidate prefix would give.
    #expect(cuts > 1000)
    #expect(digitChanges > 50)
  }
}

/// The number of tags in the first `maxRows` rows: the longest prefix a cut can show.
private func tagsInFirstRows(_ sizes: [Size], width: Double, spacing: Double, maxRows: Int) -> Int {
  var longest = 0
  for end in 0...sizes.count
  where ReferenceRowLimit.rows(Array(sizes[0..<end]), width: width, spacing: spacing) <= maxRows {
    longest = end
  }
  return longest
}
