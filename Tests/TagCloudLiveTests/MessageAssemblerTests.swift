import Testing

@testable import TagCloudLive

@Suite struct MessageAssemblerTests {
  let text = Array("hello, glass".utf8)

  @Test func fragmentsMakeOneMessageTypedByTheFirst() {
    var assembler = MessageAssembler(maxMessageBytes: 64, maxDiscardBytes: 1024)
    #expect(
      assembler.receive(Array(text[..<5]), first: true, binary: true, final: false) == .incomplete)
    // Continuation frames carry no type of their own.
    #expect(
      assembler.receive(Array(text[5...]), first: false, binary: false, final: true)
        == .message(bytes: text, binary: true))
    // The next message starts afresh, with its own type.
    #expect(
      assembler.receive(text, first: true, binary: false, final: true)
        == .message(bytes: text, binary: false))
  }

  @Test func aMessageEndsOnlyWhenItsLastFrameIsReadWhole() {
    var assembler = MessageAssembler(maxMessageBytes: 64, maxDiscardBytes: 1024)
    #expect(
      assembler.receive(Array(text[..<4]), first: true, binary: false, final: true, remaining: 8)
        == .incomplete)
    #expect(
      assembler.receive(Array(text[4...]), first: false, binary: false, final: true)
        == .message(bytes: text, binary: false))
  }

  /// A fragment that is a message by itself may be read where it lies; one that starts, ends
  /// or continues a message of several, leaves bytes of its frame to come, is over the limit
  /// or comes while a message is discarded may not.
  @Test func aWholeMessageInOneFragmentIsToldApart() {
    var assembler = MessageAssembler(maxMessageBytes: 8, maxDiscardBytes: 100)
    #expect(assembler.isWholeMessage(count: 5, first: true, final: true, remaining: 0))
    #expect(assembler.isWholeMessage(count: 0, first: true, final: true, remaining: 0))
    #expect(assembler.isWholeMessage(count: 8, first: true, final: true, remaining: 0))
    #expect(!assembler.isWholeMessage(count: 9, first: true, final: true, remaining: 0))
    #expect(!assembler.isWholeMessage(count: 5, first: true, final: false, remaining: 0))
    #expect(!assembler.isWholeMessage(count: 5, first: false, final: true, remaining: 0))
    #expect(!assembler.isWholeMessage(count: 5, first: true, final: true, remaining: 3))
    _ = assembler.receive(Array("abc".utf8), first: true, binary: false, final: false)
    #expect(!assembler.isWholeMessage(count: 2, first: true, final: true, remaining: 0))
    _ = assembler.receive(Array("de".utf8), first: false, binary: false, final: true)
    #expect(assembler.isWholeMessage(count: 2, first: true, final: true, remaining: 0))
    _ = assembler.receive(Array("0123456789".utf8), first: true, binary: false, final: false)
    #expect(assembler.isDiscarding)
    #expect(!assembler.isWholeMessage(count: 2, first: true, final: true, remaining: 0))
  }

  @Test func emptyMessagesAreMessages() {
    var assembler = MessageAssembler(maxMessageBytes: 4, maxDiscardBytes: 0)
    #expect(
      assembler.receive([], first: true, binary: false, final: true)
        == .message(bytes: [], binary: false))
  }

  @Test func anOversizeMessageIsCountedOnceReadToItsEndThenClosed() {
    var assembler = MessageAssembler(maxMessageBytes: 10, maxDiscardBytes: 1000)
    #expect(
      assembler.receive(Array(text[..<6]), first: true, binary: false, final: false) == .incomplete)
    // The frame announces more than the limit: over from here on, counted once.
    #expect(
      assembler.receive(Array(text[6...]), first: false, binary: false, final: false, remaining: 40)
        == .oversize(newly: true, close: false))
    #expect(assembler.isDiscarding)
    #expect(
      assembler.receive([UInt8](repeating: 1, count: 40), first: false, binary: false, final: false)
        == .oversize(newly: false, close: false))
    #expect(
      assembler.receive([1], first: false, binary: false, final: true)
        == .oversize(newly: false, close: true))
  }

  @Test func aPeerThatKeepsSendingIsCutAtTheDiscardLimit() {
    var assembler = MessageAssembler(maxMessageBytes: 10, maxDiscardBytes: 100)
    var steps: [MessageAssembler.Step] = []
    for index in 0..<10 {
      steps.append(
        assembler.receive(
          [UInt8](repeating: 0, count: 30), first: index == 0, binary: false, final: false))
    }
    #expect(steps[0] == .oversize(newly: true, close: false))
    #expect(steps[1] == .oversize(newly: false, close: false))
    #expect(steps[2] == .oversize(newly: false, close: false))
    #expect(steps[3] == .oversize(newly: false, close: true))  // 120 bytes dropped
  }

  @Test func withoutADiscardAllowanceTheFirstFragmentPastTheLimitCloses() {
    var assembler = MessageAssembler(maxMessageBytes: 4, maxDiscardBytes: 0)
    #expect(
      assembler.receive(text, first: true, binary: false, final: false)
        == .oversize(newly: true, close: true))
  }

  /// Seeded: any split of a message into fragments assembles to the message.
  @Test func anySplitAssemblesToTheWhole() {
    var state: UInt64 = 23
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    for _ in 0..<200 {
      let message = (0..<next(300)).map { _ in UInt8(next(256)) }
      var assembler = MessageAssembler(maxMessageBytes: 300, maxDiscardBytes: 0)
      var offset = 0
      var result: MessageAssembler.Step = .incomplete
      repeat {
        let end = min(message.count, offset + next(40))
        result = assembler.receive(
          Array(message[offset..<end]), first: offset == 0, binary: true,
          final: end == message.count)
        offset = end
      } while result == .incomplete
      #expect(result == .message(bytes: message, binary: true))
    }
  }
}

@Suite struct UpgradePolicyTests {
  let policy = UpgradePolicy(
    echo: false, origins: OriginPolicy(allowing: ["http://127.0.0.1:8080"]))

  @Test func liveNeedsItsPathSubprotocolAndAnAllowedOrigin() {
    #expect(
      policy.decide(path: "/live", offered: "x, tagcloud.v1", origin: nil, stopping: false)
        == .live)
    #expect(
      policy.decide(
        path: "/live", offered: "tagcloud.v1", origin: "http://127.0.0.1:8080", stopping: false)
        == .live)
    let statuses = [
      policy.decide(path: "/echo", offered: nil, origin: nil, stopping: false),
      policy.decide(path: "/live", offered: "tagcloud.v2", origin: nil, stopping: false),
      policy.decide(
        path: "/live", offered: "tagcloud.v1", origin: "http://evil.example", stopping: false),
      policy.decide(path: "/live", offered: "tagcloud.v1", origin: nil, stopping: true),
    ].map { decision -> Int in
      if case .refuse(let status, _, _) = decision { return status }
      return 0
    }
    #expect(statuses == [404, 400, 403, 503])
  }

  @Test func echoOnlyWhenOnAndOnlyWithoutTheLiveSubprotocol() {
    let echo = UpgradePolicy(echo: true, origins: OriginPolicy(allowing: []))
    #expect(
      echo.decide(path: "/echo", offered: nil, origin: "http://any", stopping: false) == .echo)
    #expect(
      echo.decide(path: "/echo", offered: "tagcloud.v1", origin: nil, stopping: false)
        == .refuse(
          status: 400, message: "The echo endpoint is /echo, without a subprotocol.", log: nil))
    #expect(
      echo.decide(path: "/live", offered: "tagcloud.v1", origin: nil, stopping: false) == .live)
  }
}

@Suite struct HealthEndpointsTests {
  @Test func readyUntilDrainingAndMetricsLabelledPerWorker() {
    #expect(HealthEndpoints.response(path: "/healthz", draining: true) { "" }.body == "ok\n")
    #expect(HealthEndpoints.response(path: "/readyz", draining: false) { "" }.status == 200)
    #expect(HealthEndpoints.response(path: "/readyz", draining: true) { "" }.status == 503)
    #expect(HealthEndpoints.response(path: "/nope", draining: false) { "" }.status == 404)
    let text = HealthEndpoints.metricsText(
      build: "", http: HTTPMetrics(), live: "tagcloud_sessions 3\n",
      worker: WorkerRole(number: 2, notifyDescriptor: 3, parent: 1), pid: 77)
    #expect(text.contains("tagcloud_sessions{worker=\"2\"} 3\n"))
    #expect(text.contains("tagcloud_worker_info{worker=\"2\",pid=\"77\"} 1\n"))
    #expect(
      !HealthEndpoints.metricsText(build: "", http: HTTPMetrics(), live: "", worker: nil, pid: 1)
        .contains("worker"))
  }
}
