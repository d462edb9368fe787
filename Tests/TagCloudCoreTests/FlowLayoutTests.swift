import TagCloudCore
import TagCloudTestSupport
import Testing

@Suite struct FlowLayoutTests {
  @Test func emptyInputHasZeroSize() {
    let result = FlowLayout.arrange([], width: 390, spacing: 18)
    #expect(result.origins.isEmpty)
    #expect(result.size == .zero)
    #expect(result.rowStarts.isEmpty)
  }

  @Test func wrapsWhenTheNextItemWouldCrossTheWidth() {
    let sizes = [Size(width: 100, height: 40), Size(width: 100, height: 30)]
    let result = FlowLayout.arrange(sizes, width: 150, spacing: 10)
    #expect(result.origins == [Point(x: 0, y: 0), Point(x: 0, y: 50)])
    #expect(result.size == Size(width: 100, height: 80))
    #expect(result.rowStarts == [0, 1])
  }

  @Test func anItemThatJustFitsStaysOnTheRow() {
    let sizes = [Size(width: 100, height: 40), Size(width: 40, height: 40)]
    let result = FlowLayout.arrange(sizes, width: 150, spacing: 10)
    #expect(result.origins == [Point(x: 0, y: 0), Point(x: 110, y: 0)])
    #expect(result.size == Size(width: 150, height: 40))
  }

  @Test func anOversizeItemSitsAloneOnItsRow() {
    let sizes = [
      Size(width: 50, height: 20), Size(width: 500, height: 30), Size(width: 50, height: 20),
    ]
    let result = FlowLayout.arrange(sizes, width: 200, spacing: 5)
    #expect(result.origins == [Point(x: 0, y: 0), Point(x: 0, y: 25), Point(x: 0, y: 60)])
    #expect(result.size == Size(width: 500, height: 80))
    #expect(result.rowStarts == [0, 1, 2])
  }

  @Test func rowsAreTopAlignedAndAsTallAsTheirTallestItem() {
    let sizes = [
      Size(width: 10, height: 30), Size(width: 10, height: 50), Size(width: 10, height: 10),
    ]
    let result = FlowLayout.arrange(sizes, width: 25, spacing: 4)
    #expect(result.origins == [Point(x: 0, y: 0), Point(x: 14, y: 0), Point(x: 0, y: 54)])
    #expect(result.size == Size(width: 24, height: 64))
  }

  @Test func unboundedWidthGivesOneRow() {
    let sizes = Array(repeating: Size(width: 1000, height: 40), count: 50)
    let result = FlowLayout.arrange(sizes, width: .infinity, spacing: 18)
    #expect(result.rowStarts == [0])
    #expect(result.origins.last == Point(x: 49 * 1018, y: 0))
  }

  @Test func zeroWidthPutsEveryItemOnItsOwnRow() {
    let sizes = Array(repeating: Size(width: 30, height: 10), count: 3)
    let result = FlowLayout.arrange(sizes, width: 0, spacing: 2)
    #expect(result.origins.map(\.y) == [0, 12, 24])
    #expect(result.rowStarts == [0, 1, 2])
  }

  // The seed's demo inside a phone, a tablet and a laptop window: the cloud is the window less
  // the demo's 24 px padding on each side. Expected origins worked out by hand (see the sizes
  // in `DemoFixture`: 88, 107, 82, 72, 98, 93, 80, 114, 72, 90 wide, 40 tall).
  static let demoCases:
    [(window: Double, spacing: Double, origins: [(Double, Double)], size: Size)] = [
      (
        390, 18,
        [
          (0, 0), (106, 0), (231, 0), (0, 58), (90, 58), (206, 58), (0, 116), (98, 116), (230, 116),
          (0, 174),
        ],
        Size(width: 313, height: 214)
      ),
      (
        390, 3,
        [
          (0, 0), (91, 0), (201, 0), (0, 43), (75, 43), (176, 43), (0, 86), (83, 86), (200, 86),
          (0, 129),
        ],
        Size(width: 283, height: 169)
      ),
      (
        768, 18,
        [
          (0, 0), (106, 0), (231, 0), (331, 0), (421, 0), (537, 0), (0, 58), (98, 58), (230, 58),
          (320, 58),
        ],
        Size(width: 630, height: 98)
      ),
      (
        768, 3,
        [
          (0, 0), (91, 0), (201, 0), (286, 0), (361, 0), (462, 0), (558, 0), (0, 43), (117, 43),
          (192, 43),
        ],
        Size(width: 638, height: 83)
      ),
      (
        1024, 18,
        [
          (0, 0), (106, 0), (231, 0), (331, 0), (421, 0), (537, 0), (648, 0), (746, 0), (878, 0),
          (0, 58),
        ],
        Size(width: 950, height: 98)
      ),
      (
        1024, 3,
        [
          (0, 0), (91, 0), (201, 0), (286, 0), (361, 0), (462, 0), (558, 0), (641, 0), (758, 0),
          (833, 0),
        ],
        Size(width: 923, height: 40)
      ),
    ]

  @Test(arguments: 0..<6)
  func theSeedsDemo(caseIndex: Int) {
    let demo = Self.demoCases[caseIndex]
    let result = FlowLayout.arrange(
      DemoFixture.sizes, width: demo.window - 48, spacing: demo.spacing)
    #expect(result.origins == demo.origins.map { Point(x: $0.0, y: $0.1) })
    #expect(result.size == demo.size)
  }

  @Test func packedFastPathMatches() {
    var generator = SeededGenerator(seed: 7)
    for _ in 0..<500 {
      let sizes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
        Size(width: generator.length(upTo: 300), height: generator.length(upTo: 80))
      }
      let width = [0, .infinity, generator.length(upTo: 1200)].randomElement(using: &generator)!
      let spacing = generator.length(upTo: 24)
      let expected = FlowLayout.arrange(sizes, width: width, spacing: spacing)
      let packed = sizes.flatMap { [$0.width, $0.height] }
      var origins = [Double](repeating: -1, count: packed.count)
      let size = packed.withUnsafeBufferPointer { input in
        origins.withUnsafeMutableBufferPointer { output in
          FlowLayout.arrange(packedSizes: input, width: width, spacing: spacing, into: output)
        }
      }
      #expect(size == expected.size)
      #expect(origins == expected.origins.flatMap { [$0.x, $0.y] })
    }
  }
}
