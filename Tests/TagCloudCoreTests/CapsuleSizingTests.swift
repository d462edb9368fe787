import TagCloudCore
import TagCloudTestSupport
import Testing

@Suite struct CapsuleSizingTests {
  private let standard = CapsuleMetrics(textScale: 1, lineHeight: 20)

  @Test func paddingsAreTheSeedsScaledMetrics() {
    let size = CapsuleSizing.capsule(
      for: LabelMetrics(width: 46.5), metrics: standard, containerWidth: 390)
    #expect(size == Size(width: 78.5, height: 40))
    let larger = CapsuleSizing.capsule(
      for: LabelMetrics(width: 58), metrics: CapsuleMetrics(textScale: 1.25, lineHeight: 25),
      containerWidth: 390)
    #expect(larger == Size(width: 58 + 40, height: 25 + 25))
  }

  @Test func unboundedContainerNeverWraps() {
    let size = CapsuleSizing.capsule(
      for: LabelMetrics(width: 5000), metrics: standard, containerWidth: .infinity)
    #expect(size == Size(width: 5032, height: 40))
  }

  @Test func aLabelThatDoesNotFitWrapsByWords() {
    // 100 px of text room: "aaaa bbbb" (60 + 5 + 30) fits a line, "cccc" goes to the next.
    let label = LabelMetrics(width: 60 + 5 + 30 + 5 + 50, words: [60, 30, 50])
    #expect(label.spaceWidth == 5)
    let size = CapsuleSizing.capsule(for: label, metrics: standard, containerWidth: 132)
    #expect(size == Size(width: 132, height: 2 * 20 + 20))
  }

  @Test func aWordWiderThanALineBreaksAcrossLines() {
    let label = LabelMetrics(width: 250, words: [250])
    #expect(CapsuleSizing.lineCount(of: label, in: 100) == 3)
    let mixed = LabelMetrics(width: 30 + 4 + 250 + 4 + 10, words: [30, 250, 10], spaceWidth: 4)
    // "30" | 100 | 100 | "50 tail" + " 10"
    #expect(CapsuleSizing.lineCount(of: mixed, in: 100) == 4)
  }

  @Test func withoutWordsTheWidthIsCutIntoWholeLines() {
    #expect(CapsuleSizing.lineCount(of: LabelMetrics(width: 300), in: 100) == 3)
    #expect(CapsuleSizing.lineCount(of: LabelMetrics(width: 300.5), in: 100) == 4)
  }

  @Test func absurdlyNarrowRoomStaysFinite() {
    let lines = CapsuleSizing.lineCount(of: LabelMetrics(width: 1e6), in: 1e-300)
    #expect(lines == CapsuleSizing.maximumLines)
    #expect(CapsuleSizing.lineCount(of: LabelMetrics(width: 10), in: 0) == 1)
  }

  /// Greedy wrapping against a plain re-statement: place words one by one.
  @Test func wordWrapMatchesAPlainGreedyReference() {
    var generator = SeededGenerator(seed: 31)
    for _ in 0..<3000 {
      let words = (0..<Int.random(in: 1...8, using: &generator)).map { _ in
        Double(Int.random(in: 1...120, using: &generator))
      }
      let space = Double(Int.random(in: 0...6, using: &generator))
      let room = Double(Int.random(in: 20...200, using: &generator))
      let label = LabelMetrics(
        width: words.reduce(0, +) + space * Double(words.count - 1),
        words: words, spaceWidth: space)
      var lines = 1
      var used = 0.0
      var first = true
      for word in words {
        var remaining = word
        if !first, used + space + remaining <= room {
          used += space + remaining
          continue
        }
        if !first { lines += 1 }
        first = false
        while remaining > room {
          remaining -= room
          lines += 1
        }
        used = remaining
      }
      #expect(CapsuleSizing.lineCount(of: label, in: room) == lines)
    }
  }
}
