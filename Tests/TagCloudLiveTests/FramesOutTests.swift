import TagCloudCore
import TagCloudTestSupport
import TagCloudWire
import Testing

@testable import TagCloudLive

@Suite struct FramesOutTests {
  /// What the adapter asks after each write: whether another frame waits, in the same call
  /// that took the frame; it agrees with `hasOutgoing` at every step. Seen failing with
  /// `moreWaiting` read before the frame was taken (true once too often).
  @Test func eachFrameSaysWhetherAnotherWaits() throws {
    var test = TestHub()
    let (id, _) = try test.connect()
    test.send("{bad", from: id)
    test.send("{worse", from: id)
    test.send(measureMessage(), from: id)
    test.send(viewport(390), from: id)
    var kinds: [String] = []
    while let (bytes, moreWaiting) = test.hub.takeFrameTellingWhetherMoreWait(
      for: id, now: test.now)
    {
      kinds.append(try Frame(bytes).type ?? "?")
      #expect(moreWaiting == test.hub.hasOutgoing(id))
      #expect(moreWaiting == (kinds.count < 3), "after \(kinds)")
    }
    #expect(kinds == ["error", "error", "layout"])
    #expect(test.hub.takeFrameTellingWhetherMoreWait(for: ConnectionID(999), now: 0) == nil)
  }
}
