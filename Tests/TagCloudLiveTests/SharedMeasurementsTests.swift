import TagCloudCore
import Testing

@testable import TagCloudLive

@Suite struct SharedMeasurementsTests {
  /// A fresh array each call, as each session's `measure` decodes one.
  static func measured(widths: [Double], words: Bool = false) -> [TagSpec] {
    widths.enumerated().map { index, width in
      TagSpec(
        id: Array("tag\(index)".utf8),
        content: words
          ? .label(LabelMetrics(width: width, words: [width], spaceWidth: 4))
          : .size(Size(width: width, height: 40)))
    }
  }

  static func buffer(_ tags: [TagSpec]) -> UnsafeRawPointer? {
    tags.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
  }

  /// Mutation check: `shared` returning its argument, always, fails both tests.
  @Test func equalMeasurementsShareOneArrayAndOthersDoNot() {
    var shared = SharedMeasurements(limit: 8)
    let first = shared.shared(Self.measured(widths: [90, 70, 110]))
    let second = shared.shared(Self.measured(widths: [90, 70, 110]))
    #expect(Self.buffer(first) == Self.buffer(second))
    #expect(first == second)
    let wider = shared.shared(Self.measured(widths: [91, 70, 110]))
    let labels = shared.shared(Self.measured(widths: [90, 70, 110], words: true))
    let fewer = shared.shared(Self.measured(widths: [90, 70]))
    for other in [wider, labels, fewer] { #expect(Self.buffer(other) != Self.buffer(first)) }
    #expect(shared.count == 4)
  }

  @Test func pastItsLimitItLetsEveryArrayGoAndSharesAgain() {
    var shared = SharedMeasurements(limit: 2)
    let first = shared.shared(Self.measured(widths: [1]))
    _ = shared.shared(Self.measured(widths: [2]))
    _ = shared.shared(Self.measured(widths: [3]))  // past the limit: [1] and [2] let go
    #expect(shared.count == 1)
    let again = shared.shared(Self.measured(widths: [1]))
    #expect(Self.buffer(again) != Self.buffer(first))
    #expect(Self.buffer(shared.shared(Self.measured(widths: [1]))) == Self.buffer(again))
    var none = SharedMeasurements(limit: 0)
    #expect(none.shared(first) == first && none.count == 0)
  }
}
