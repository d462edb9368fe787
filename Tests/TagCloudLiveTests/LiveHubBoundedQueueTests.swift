import TagCloudCore
import Testing

@testable import TagCloudLive

/// Regressions found by the FuzzLiveHub harness (Fuzz/): what a client that never reads can
/// make the server hold for it.
@Suite struct LiveHubBoundedQueueTests {
  /// Found by fuzzing: every `hello` queued a new welcome, so a client sending hellos without
  /// reading grew its queue without bound (500 a second under the rate limit). A newer welcome
  /// now replaces a pending one (the same fix landed from the server branch).
  @Test func helloAfterHelloKeepsOneWelcomeQueued() throws {
    var test = TestHub()
    let (id, _) = try test.connect()
    for round in 0..<200 {
      let selected = demoIDs[round % demoIDs.count]
      test.send(#"{"type": "hello", "selection": ["\#(selected)"]}"#, from: id)
      test.now += 0.001
    }
    let frames = try test.drain(id)
    #expect(frames.count == 1)
    #expect(frames.first?.type == "welcome")
    #expect(frames.first?.strings("selection") == [demoIDs[199 % demoIDs.count]])
  }

  @Test func aClientThatNeverReadsHoldsAtMostAWelcomeErrorsAndOneLayout() throws {
    var test = TestHub()
    let id = try test.hub.open(now: 0).get()  // its welcome is never read
    test.send(measureMessage(), from: id)
    for round in 0..<300 {
      switch round % 4 {
      case 0: test.send(viewport(Double(200 + round)), from: id)
      case 1: test.send(#"{"type": "hello", "selection": []}"#, from: id)
      case 2: test.send(#"{"type": "toggle", "id": "Rust"}"#, from: id)
      default: test.send("not json", from: id)
      }
      test.now += 0.001
    }
    let frames = try test.drain(id)
    let configuration = LiveConfiguration.demo
    #expect(frames.count <= configuration.maxPendingErrors + 2)
    #expect(frames.filter { $0.type == "welcome" }.count == 1)
    #expect(frames.filter { $0.type == "layout" }.count == 1)
    #expect(frames.last?.type == "layout")
    let newestWidth: Double = 200 + 296
    #expect(frames.last?.number("width") == newestWidth)
  }

  /// The newest welcome goes to the end of the queue, after the refusals that came before it.
  @Test func aReplacedWelcomeComesAfterTheErrorsBeforeIt() throws {
    var test = TestHub()
    let (id, _) = try test.connect()
    test.send(#"{"type": "hello"}"#, from: id)
    test.send(#"{"type": "nope"}"#, from: id)
    test.send(#"{"type": "hello", "spacing": 3}"#, from: id)
    let types = try test.drain(id).map(\.type)
    #expect(types == ["error", "welcome"])
  }
}
