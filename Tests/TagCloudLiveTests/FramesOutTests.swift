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
    while let (frame, moreWaiting) = test.hub.takeFrameTellingWhetherMoreWait(
      for: id, now: test.now)
    {
      kinds.append(try Frame(frame.bytes).type ?? "?")
      #expect(moreWaiting == test.hub.hasOutgoing(id))
      #expect(moreWaiting == (kinds.count < 3), "after \(kinds)")
    }
    #expect(kinds == ["error", "error", "layout"])
    test.hub.close(id, now: test.now)
    #expect(test.hub.takeFrameTellingWhetherMoreWait(for: id, now: 0) == nil)
  }

  /// A frame in parts is copied whole: the digits of its sequence at every length, between
  /// its head and tail, `count` bytes, the same as `bytes`; a frame without a sequence or a
  /// tail is its head. Seen failing with the digits written in reverse.
  @Test func aFrameInPartsIsCopiedWhole() {
    let head = Array(#"{"type":"layout","seq":"#.utf8)
    let tail = Array(#","width":390}"#.utf8)
    for sequence in [0, 7, 10, 99, 100, 12_345, 1_000_000_007, Int.max] {
      let frame = OutgoingFrame(head: head, sequence: sequence, tail: tail)
      let expected = head + Array(String(sequence).utf8) + tail
      #expect(frame.count == expected.count)
      #expect(frame.bytes == expected, "\(sequence)")
      // copy(to:) writes exactly `count` bytes: the guard bytes after them stay.
      var buffer = [UInt8](repeating: 0xEE, count: expected.count + 4)
      buffer.withUnsafeMutableBytes { frame.copy(to: $0.baseAddress!) }
      #expect(Array(buffer.prefix(expected.count)) == expected)
      #expect(buffer.suffix(4).allSatisfy { $0 == 0xEE })
    }
    #expect(OutgoingFrame(head: head).bytes == head)
    #expect(OutgoingFrame(head: []).count == 0 && OutgoingFrame(head: []).bytes == [])
  }
}
