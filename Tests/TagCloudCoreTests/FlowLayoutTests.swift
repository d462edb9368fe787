import TagCloudCore
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
}
