import TagCloudCore
import TagCloudTestSupport
import Testing

@Suite struct LayoutEngineTests {
  private func demoRequest(width: Double, direction: LayoutDirection = .leftToRight)
    -> LayoutRequest
  {
    let tags = zip(DemoFixture.titles, DemoFixture.labelWidths).map { title, labelWidth in
      TagSpec(id: Array(title.utf8), content: .label(LabelMetrics(width: labelWidth)))
    }
    return LayoutRequest(width: width, spacing: 18, tags: tags, direction: direction)
  }

  @Test func labelsBecomeTheSeedsCapsules() {
    let response = LayoutEngine.layout(demoRequest(width: 342))
    #expect(response.frames.map(\.size) == DemoFixture.sizes)
    #expect(response.rowStarts == [0, 3, 6, 9])
  }

  @Test func rightToLeftMirrorsEveryCapsuleInTheContainer() {
    let ltr = LayoutEngine.layout(demoRequest(width: 342))
    let rtl = LayoutEngine.layout(demoRequest(width: 342, direction: .rightToLeft))
    for index in ltr.frames.indices {
      #expect(rtl.frames[index].x == 342 - ltr.frames[index].maxX)
      #expect(rtl.frames[index].y == ltr.frames[index].y)
    }
    #expect(rtl.groups == ltr.groups)
    #expect(rtl.size == ltr.size)
  }

  @Test func rightToLeftUnboundedMirrorsInTheCloudsOwnWidth() {
    let rtl = LayoutEngine.layout(demoRequest(width: .infinity, direction: .rightToLeft))
    #expect(rtl.frames.first!.maxX == rtl.size.width)
    #expect(rtl.frames.last!.x == 0)
  }

  @Test func hitTestingWorksOnMirroredRows() {
    var generator = SeededGenerator(seed: 41)
    for _ in 0..<200 {
      let tags = (0..<Int.random(in: 1...25, using: &generator)).map { index in
        TagSpec(
          id: Array("t\(index)".utf8),
          content: .size(Size(width: generator.length(upTo: 120), height: 40)))
      }
      let response = LayoutEngine.layout(
        LayoutRequest(width: 400, spacing: 4, tags: tags, direction: .rightToLeft))
      for _ in 0..<30 {
        let point = Point(
          x: Double.random(in: -10...410, using: &generator),
          y: Double.random(in: -10...(response.size.height + 10), using: &generator))
        let expected = response.frames.indices.first { response.frames[$0].contains(point) }
        let hit = HitTesting.tag(at: point, frames: response.frames, rowStarts: response.rowStarts)
        if let expected { #expect(hit == expected) }
      }
    }
  }
}
