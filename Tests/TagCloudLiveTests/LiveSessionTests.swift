import TagCloudCore
import TagCloudTestSupport
import Testing

@testable import TagCloudLive

@Suite struct LiveSessionResumeTests {
  /// Opens a connection, changes its session (Glass on, tight spacing) and closes it.
  private func abandonedSession(_ test: inout TestHub) throws -> String {
    let (id, welcome) = try test.connect()
    test.send(#"{"type": "toggle", "id": "Glass"}"#, from: id)
    test.send(#"{"type": "spacing", "value": 3}"#, from: id)
    test.send(measureMessage(), from: id)
    test.send(viewport(390), from: id)
    _ = try test.drain(id)
    test.hub.close(id, now: test.now)
    return try #require(welcome.string("session"))
  }

  @Test func helloWithADetachedSessionResumesIt() throws {
    var test = TestHub()
    let token = try abandonedSession(&test)
    #expect(test.hub.detachedSessionCount == 1)
    test.now = 60
    let (id, fresh) = try test.connect()
    #expect(fresh.string("session") != token)
    test.send(#"{"type": "hello", "session": "\#(token)"}"#, from: id)
    let frames = try test.drain(id)
    #expect(frames.map(\.type) == ["welcome", "layout"])
    let welcome = frames[0]
    #expect(welcome.string("session") == token)
    #expect(welcome["resumed"] == .bool(true))
    #expect(welcome.strings("selection") == ["SwiftUI", "Glass"])
    #expect(welcome.number("spacing") == 3)
    // The sequence goes on where the old connection left it; the resumed layout does not move.
    #expect(frames[1].number("seq") == 2)
    #expect(frames[1]["animation"] == .null)
    #expect(test.hub.metrics.sessionsResumed == 1)
    // The fresh session was dropped: one session, live.
    #expect(test.hub.liveSessionCount == 1)
    #expect(test.hub.detachedSessionCount == 0)
  }

  @Test func theClientsCopyWinsOverTheServersWhenItSendsOne() throws {
    var test = TestHub()
    let token = try abandonedSession(&test)
    let (id, _) = try test.connect()
    test.send(
      #"{"type": "hello", "session": "\#(token)", "selection": ["Metal"], "spacing": 18}"#,
      from: id)
    let welcome = try test.frame(for: id)
    #expect(welcome["resumed"] == .bool(true))
    #expect(welcome.strings("selection") == ["Metal"])
    #expect(welcome.number("spacing") == 18)
  }

  @Test func anUnknownTokenAdoptsTheClientsCopyUnderTheCurrentSession() throws {
    var test = TestHub()
    let (id, fresh) = try test.connect()
    let unknown = String(repeating: "a", count: 32)
    test.send(
      #"{"type": "hello", "session": "\#(unknown)", "selection": ["Charts", "Nope", "Charts"], "spacing": 3}"#,
      from: id)
    let welcome = try test.frame(for: id)
    #expect(welcome["resumed"] == .bool(false))
    #expect(welcome.string("session") == fresh.string("session"))
    #expect(welcome.strings("selection") == ["Charts"])
    #expect(welcome.number("spacing") == 3)
    #expect(test.hub.metrics.sessionsAdopted == 1)
  }

  @Test func aMalformedTokenIsJustUnknown() throws {
    var test = TestHub()
    let (id, _) = try test.connect()
    test.send(#"{"type": "hello", "session": "../../etc"}"#, from: id)
    let reply = try test.frame(for: id)
    #expect(reply["resumed"] == .bool(false))
  }

  @Test func aSessionInUseByAnotherConnectionIsNotShared() throws {
    var test = TestHub()
    let (first, welcome) = try test.connect()
    test.send(#"{"type": "toggle", "id": "Glass"}"#, from: first)
    let token = try #require(welcome.string("session"))
    let (second, _) = try test.connect()
    test.send(#"{"type": "hello", "session": "\#(token)"}"#, from: second)
    let reply = try test.frame(for: second)
    #expect(reply["resumed"] == .bool(false))
    #expect(reply.string("session") != token)
    #expect(test.hub.sessionState(of: first)?.token == token)
  }

  @Test func helloWithTheConnectionsOwnTokenChangesNothingButSaysResumed() throws {
    var test = TestHub()
    let (id, welcome) = try test.connect()
    let token = try #require(welcome.string("session"))
    test.send(#"{"type": "hello", "session": "\#(token)"}"#, from: id)
    let reply = try test.frame(for: id)
    #expect(reply["resumed"] == .bool(true))
    #expect(reply.string("session") == token)
  }

  @Test func untouchedSessionsAreNotKeptAfterClose() throws {
    var test = TestHub()
    let (id, _) = try test.connect()
    test.hub.close(id, now: 1)
    #expect(test.hub.detachedSessionCount == 0)
    #expect(test.hub.liveSessionCount == 0)
  }
}

@Suite struct LiveSessionExpiryTests {
  @Test func detachedSessionsExpireAfterTheirTimeToLive() throws {
    var configuration = LiveConfiguration.demo
    configuration.sessionTimeToLive = 100
    var test = TestHub(configuration: configuration)
    let (id, welcome) = try test.connect()
    test.send(#"{"type": "toggle", "id": "Glass"}"#, from: id)
    test.hub.close(id, now: 10)
    let token = try #require(welcome.string("session"))
    test.hub.expire(now: 109.9)
    #expect(test.hub.detachedSessionCount == 1)
    test.hub.expire(now: 110)
    #expect(test.hub.detachedSessionCount == 0)
    #expect(test.hub.metrics.sessionsExpired == 1)
    test.now = 111
    let (next, _) = try test.connect()
    test.send(#"{"type": "hello", "session": "\#(token)"}"#, from: next)
    let reply = try test.frame(for: next)
    #expect(reply["resumed"] == .bool(false))
    #expect(reply.strings("selection") == ["SwiftUI"])
  }

  @Test func liveSessionsNeverExpire() throws {
    var test = TestHub()
    let (id, _) = try test.connect()
    test.send(#"{"type": "toggle", "id": "Glass"}"#, from: id)
    test.hub.expire(now: 1e9)
    #expect(test.hub.liveSessionCount == 1)
    #expect(test.hub.sessionState(of: id) != nil)
  }
}

@Suite struct LiveSessionCapTests {
  private func capped(_ cap: Int) -> TestHub {
    var configuration = LiveConfiguration.demo
    configuration.maxSessions = cap
    return TestHub(configuration: configuration)
  }

  @Test func pastTheCapWithEveryoneLiveNewConnectionsAreRefusedWith1013() throws {
    var test = capped(2)
    _ = try test.connect()
    _ = try test.connect()
    let refused = test.hub.open(now: 0)
    #expect(throws: CloseInstruction.self) { try refused.get() }
    if case .failure(let instruction) = refused { #expect(instruction.code == 1013) }
    #expect(test.hub.metrics.connectionsRefused == 1)
  }

  @Test func pastTheCapTheOldestDetachedSessionMakesRoom() throws {
    var test = capped(2)
    let (a, welcomeA) = try test.connect()
    let (b, _) = try test.connect()
    test.send(#"{"type": "toggle", "id": "Glass"}"#, from: a)
    test.send(#"{"type": "toggle", "id": "Glass"}"#, from: b)
    test.hub.close(a, now: 1)
    test.hub.close(b, now: 2)
    let (c, _) = try test.connect()
    #expect(test.hub.detachedSessionCount == 1)
    #expect(test.hub.liveSessionCount == 1)
    // a's session (the oldest) was evicted.
    let token = try #require(welcomeA.string("session"))
    test.send(#"{"type": "hello", "session": "\#(token)"}"#, from: c)
    let reply = try test.frame(for: c)
    #expect(reply["resumed"] == .bool(false))
  }
}

@Suite struct LiveRateLimitTests {
  @Test func burstsOfHundredsASecondAreCoalescedNotRefused() throws {
    var test = TestHub()
    let (id, _) = try test.connect()
    test.send(measureMessage(), from: id)
    // Ten seconds of a window dragged at 900 events a second, the socket drained at 60 Hz.
    for step in 0..<9000 {
      test.now = Double(step) / 900
      let verdict = test.send(viewport(Double(300 + step % 500)), from: id)
      #expect(verdict == nil)
      if step % 15 == 0 { _ = try test.drain(id) }
    }
    #expect(test.hub.metrics.clientsDropped == 0)
    #expect(test.hub.metrics.framesCoalesced > 0)
  }

  @Test func aFloodFarBeyondIsClosedWith1008() throws {
    var test = TestHub()
    let (id, _) = try test.connect()
    var closed: CloseInstruction?
    var sent = 0
    while closed == nil && sent < 10_000 {
      test.now = Double(sent) / 20_000  // 20,000 messages a second
      closed = test.send(viewport(390), from: id)
      sent += 1
    }
    #expect(closed?.code == 1008)
    // The burst of 2000, plus what 1000 a second refills meanwhile.
    #expect(sent > 2000 && sent < 2200)
    #expect(test.hub.metrics.clientsDropped == 1)
    let log = test.hub.takeLog()
    #expect(log.contains { $0.contains("1008") })
  }

  @Test func theBucketRefillsAtItsRateAndNeverBeyondItsBurst() {
    var limiter = RateLimiter(rate: 10, burst: 5, now: 0)
    func admit(now: Double) -> Bool { limiter.admit(now: now) }
    for _ in 0..<5 { #expect(admit(now: 0)) }
    #expect(!admit(now: 0))
    #expect(!admit(now: 0.05))  // half a token
    #expect(admit(now: 0.1))
    #expect(!admit(now: 0.1))
    // A long pause refills to the burst, no more.
    for _ in 0..<5 { #expect(admit(now: 100)) }
    #expect(!admit(now: 100))
    // Time going backwards (a bad clock) refills nothing.
    #expect(!admit(now: 50))
  }
}

@Suite struct SessionTokenTests {
  @Test func tokensAre32HexDigitsAndDistinct() {
    var random = SeededGenerator(seed: 42)
    var seen: Set<String> = []
    for _ in 0..<1000 {
      let token = SessionToken.make(using: &random)
      #expect(SessionToken.isWellFormed(Array(token.utf8)))
      seen.insert(token)
    }
    #expect(seen.count == 1000)
  }

  @Test func wellFormedness() {
    #expect(!SessionToken.isWellFormed(Array("ABCDEF0123456789abcdef0123456789".utf8)))
    #expect(!SessionToken.isWellFormed(Array("abc".utf8)))
    #expect(SessionToken.isWellFormed(Array("abcdef0123456789abcdef0123456789".utf8)))
  }
}
