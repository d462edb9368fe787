import TagCloudCore
import TagCloudTestSupport
import Testing

@Suite struct InteractionTests {
  private let demo = FlowLayout.arrange(DemoFixture.sizes, width: 342, spacing: 18)
  private var frames: [Rect] {
    zip(demo.origins, DemoFixture.sizes).map { Rect(origin: $0, size: $1) }
  }

  @Test func touchTargetAddsThreePixelsAndIsAtLeast44Tall() {
    #expect(
      CapsuleSizing.touchTarget(for: Rect(x: 0, y: 0, width: 96, height: 40))
        == Rect(x: 0, y: -3, width: 96, height: 46))
    #expect(
      CapsuleSizing.touchTarget(for: Rect(x: 0, y: 10, width: 50, height: 20))
        == Rect(x: 0, y: -2, width: 50, height: 44))
  }

  @Test func hitsTheCapsuleUnderThePoint() {
    #expect(HitTesting.tag(at: Point(x: 5, y: 5), frames: frames, rowStarts: demo.rowStarts) == 0)
    #expect(
      HitTesting.tag(at: Point(x: 120, y: 70), frames: frames, rowStarts: demo.rowStarts) == 4)
  }

  @Test func touchTargetReachesAboveAndBelow() {
    #expect(HitTesting.tag(at: Point(x: 5, y: -2), frames: frames, rowStarts: demo.rowStarts) == 0)
    #expect(HitTesting.tag(at: Point(x: 5, y: 42), frames: frames, rowStarts: demo.rowStarts) == 0)
    #expect(
      HitTesting.tag(at: Point(x: 5, y: 44), frames: frames, rowStarts: demo.rowStarts) == nil)
    #expect(
      HitTesting.tag(at: Point(x: 97, y: 5), frames: frames, rowStarts: demo.rowStarts) == nil)
  }

  /// Against a scan of every capsule, with tight spacing so touch targets of rows overlap.
  @Test func matchesAScanOfEveryCapsule() {
    var generator = SeededGenerator(seed: 21)
    for _ in 0..<300 {
      let sizes = (0..<Int.random(in: 1...30, using: &generator)).map { _ in
        Size(width: generator.length(upTo: 120), height: generator.length(upTo: 60))
      }
      let flow = FlowLayout.arrange(sizes, width: 400, spacing: generator.length(upTo: 8))
      let frames = zip(flow.origins, sizes).map { Rect(origin: $0, size: $1) }
      for _ in 0..<40 {
        let point = Point(
          x: Double.random(in: -10...410, using: &generator),
          y: Double.random(in: -30...(flow.size.height + 30), using: &generator))
        #expect(
          HitTesting.tag(at: point, frames: frames, rowStarts: flow.rowStarts)
            == referenceHit(point, frames))
      }
    }
  }

  private func referenceHit(_ point: Point, _ frames: [Rect]) -> Int? {
    var best: (index: Int, inside: Bool, distance: Double)?
    for (index, frame) in frames.enumerated()
    where CapsuleSizing.touchTarget(for: frame).contains(point) {
      let inside = frame.contains(point)
      let distance = inside ? 0 : (point.y < frame.y ? frame.y - point.y : point.y - frame.maxY)
      if let current = best {
        if (inside && !current.inside) || (inside == current.inside && distance < current.distance)
        {
          best = (index, inside, distance)
        }
      } else {
        best = (index, inside, distance)
      }
    }
    return best?.index
  }

  @Test func keyboardFollowsReadingOrderAndRows() {
    let rows = demo.rowStarts  // [0, 3, 6, 9]
    func move(_ index: Int, _ direction: KeyboardNavigation.Direction) -> Int {
      KeyboardNavigation.target(from: index, moving: direction, frames: frames, rowStarts: rows)
    }
    #expect(move(2, .next) == 3)
    #expect(move(9, .next) == 9)
    #expect(move(0, .previous) == 0)
    #expect(move(5, .first) == 0)
    #expect(move(5, .last) == 9)
    // SwiftUI (centre 44) goes down to Glass (centre 36); Layout (centre 272) to Symbols (252.5).
    #expect(move(0, .down) == 3)
    #expect(move(2, .down) == 5)
    #expect(move(5, .up) == 2)
    #expect(move(0, .up) == 0)
    #expect(move(9, .down) == 9)
    #expect(move(8, .down) == 9)
  }
}
