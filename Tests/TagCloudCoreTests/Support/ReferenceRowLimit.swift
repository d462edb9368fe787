import TagCloudCore

/// The `max-rows` rule by brute force, as the issue states it: when every tag needs more than
/// `maxRows` rows, try every prefix, longest first, each followed by the "+K" capsule of its own
/// K (sized by K's digit count, counted from its decimal text), lay it out with the seed's flow
/// and keep the first that needs at most `maxRows` rows. No knowledge of where the flow puts a
/// prefix, nor of which prefixes can fit.
enum ReferenceRowLimit {
  static func decide(
    _ sizes: [Size], width: Double, spacing: Double, maxRows: Int, moreSizes: [Size]
  ) -> RowLimit.Decision {
    if maxRows == 0 || rows(sizes, width: width, spacing: spacing) <= maxRows { return .showAll }
    for shown in stride(from: sizes.count - 1, through: 0, by: -1) {
      let more = moreSizes[String(sizes.count - shown).count - 1]
      if rows(Array(sizes[0..<shown]) + [more], width: width, spacing: spacing) <= maxRows {
        return .cut(shown: shown, more: more)
      }
    }
    fatalError("the empty prefix and the \"+K\" capsule always fit in one row")
  }

  /// The number of rows of the seed's flow (`GlassTagCloudFlow.arrange`): one more at every
  /// wrap; none without items.
  static func rows(_ sizes: [Size], width: Double, spacing: Double) -> Int {
    guard !sizes.isEmpty else { return 0 }
    var rows = 1
    var cursorX = 0.0
    for size in sizes {
      if cursorX > 0, cursorX + size.width > width {
        cursorX = 0
        rows += 1
      }
      cursorX += size.width + spacing
    }
    return rows
  }
}
