import TagCloudCore
import TagCloudTestSupport
import Testing

@testable import TagCloudLive

@Suite struct LiveHubMessageTests {
  @Test func welcomeComesFirstWithTheDemoState() throws {
    var test = TestHub()
    let (id, welcome) = try test.connect()
    #expect(welcome.type == "welcome")
    #expect(welcome.string("session")?.utf8.count == 32)
    #expect(welcome.strings("selection") == ["SwiftUI"])
    #expect(welcome.number("spacing") == 18)
    #expect(welcome.number("mergeDistance") == 10)
    #expect(welcome["resumed"] == .bool(false))
    guard case .array(let tags)? = welcome["tags"] else {
      Issue.record("no tags")
      return
    }
    #expect(tags.count == 10)
    let frame1 = try test.next(for: id)
    #expect(frame1 == nil)
  }

  @Test func noLayoutUntilBothMeasureAndViewportArrived() throws {
    var test = TestHub()
    let (id, _) = try test.connect()
    test.send(viewport(390), from: id)
    #expect(!test.hub.hasOutgoing(id))
    test.send(#"{"type": "toggle", "id": "Glass"}"#, from: id)
    #expect(!test.hub.hasOutgoing(id))
    test.send(measureMessage(), from: id)
    let layout = try test.frame(for: id)
    #expect(layout.type == "layout")
    #expect(layout.number("seq") == 1)
    #expect(layout.number("width") == 390)
    #expect(layout.number("spacing") == 18)
    #expect(layout.selectedIDs == ["SwiftUI", "Glass"])
    #expect(layout["animation"] == .null)
  }

  @Test func measureMayListTagsInAnyOrderAndItemsFollowTheServersOrder() throws {
    var test = TestHub()
    let (id, _) = try test.connect()
    test.send(measureMessage(ids: demoIDs.reversed()), from: id)
    test.send(viewport(1000), from: id)
    let layout = try test.frame(for: id)
    guard case .array(let items)? = layout["items"] else {
      Issue.record("no items")
      return
    }
    let ids = items.compactMap { item -> String? in
      guard case .object(let members) = item.value,
        case .string(let id)? = members.first(where: { $0.key == Array("id".utf8) })?.value.value
      else { return nil }
      return String(decoding: id, as: UTF8.self)
    }
    #expect(ids == demoIDs)
  }

  @Test func toggleAnimatesSnappySpacingSmoothViewportNot() throws {
    var test = TestHub()
    let (id, _) = try test.connect()
    test.send(measureMessage(), from: id)
    test.send(viewport(390), from: id)
    _ = try test.drain(id)
    test.send(#"{"type": "toggle", "id": "SwiftUI"}"#, from: id)
    let toggled = try test.frame(for: id)
    #expect(toggled.selectedIDs == [])
    #expect(toggled.animation?.duration == 0.5)
    #expect(toggled.animation?.bounce == 0.15)
    test.send(#"{"type": "spacing", "value": 3}"#, from: id)
    let tight = try test.frame(for: id)
    #expect(tight.number("spacing") == 3)
    #expect(tight.animation?.duration == 0.7)
    #expect(tight.animation?.bounce == 0)
    test.send(viewport(320), from: id)
    let resized = try test.frame(for: id)
    #expect(resized["animation"] == .null)
    #expect(resized.number("seq") == 4)
  }

  @Test func reduceMotionSilencesEveryAnimation() throws {
    var test = TestHub()
    let (id, _) = try test.connect()
    test.send(measureMessage(), from: id)
    test.send(viewport(390, reduceMotion: true), from: id)
    _ = try test.drain(id)
    test.send(#"{"type": "toggle", "id": "Metal"}"#, from: id)
    let frame2 = try test.next(for: id)
    #expect(frame2?["animation"] == .null)
    test.send(#"{"type": "spacing", "value": 3}"#, from: id)
    let frame3 = try test.next(for: id)
    #expect(frame3?["animation"] == .null)
  }

  @Test func rightToLeftPagesGetMirroredRows() throws {
    var test = TestHub()
    let (id, _) = try test.connect()
    test.send(measureMessage(), from: id)
    test.send(#"{"type": "viewport", "width": 390, "direction": "rtl"}"#, from: id)
    let layout = try test.frame(for: id)
    guard case .array(let items)? = layout["items"], case .object(let first)? = items.first?.value
    else {
      Issue.record("no items")
      return
    }
    func value(_ key: String) -> Double? {
      if case .number(let number)? = first.first(where: { $0.key == Array(key.utf8) })?.value.value
      {
        return number
      }
      return nil
    }
    // SwiftUI (89 wide) touches the right edge.
    let x = try #require(value("x"))
    #expect(x == 301, "x = \(x)")
    test.send(#"{"type": "viewport", "width": 390, "direction": "ltr"}"#, from: id)
    #expect(test.hub.hasOutgoing(id))
  }

  @Test func repeatingTheSameWidthOrSpacingSendsNothingNew() throws {
    var test = TestHub()
    let (id, _) = try test.connect()
    test.send(measureMessage(), from: id)
    test.send(viewport(390), from: id)
    _ = try test.drain(id)
    test.send(viewport(390), from: id)
    test.send(#"{"type": "spacing", "value": 18}"#, from: id)
    #expect(!test.hub.hasOutgoing(id))
    test.send(viewport(390, reduceMotion: true), from: id)
    #expect(test.hub.hasOutgoing(id))
  }

  @Test(arguments: [
    ("{not json", "at byte"),
    ("[1]", "JSON object"),
    ("\"hi\"", "JSON object"),
    (#"{"type": 3}"#, #""type" must be a string"#),
    (#"{"type": "dance"}"#, #"unknown message type "dance""#),
    (#"{"width": 3}"#, #"missing field "type""#),
    (#"{"type": "viewport"}"#, #"missing field "width""#),
    (#"{"type": "viewport", "width": "wide"}"#, #""width" must be a number"#),
    (#"{"type": "viewport", "width": -1}"#, #""width" must be from 0"#),
    (#"{"type": "viewport", "width": 2e6}"#, #""width" must be from 0"#),
    (
      #"{"type": "viewport", "width": 3, "reduceMotion": 1}"#,
      #""reduceMotion" must be true or false"#
    ),
    (#"{"type": "viewport", "width": 3, "height": 4}"#, #"unknown field "height""#),
    (
      #"{"type": "viewport", "width": 3, "direction": "up"}"#,
      #""direction" must be "ltr" or "rtl""#
    ),
    (#"{"type": "toggle"}"#, #"missing field "id""#),
    (#"{"type": "toggle", "id": "Rust"}"#, #"unknown tag id "Rust""#),
    (#"{"type": "toggle", "id": null}"#, #""id" must be a string"#),
    (#"{"type": "spacing", "value": "3"}"#, #""value" must be a number"#),
    (#"{"type": "spacing", "value": -3}"#, #""value" must be from 0 to 1000"#),
    (#"{"type": "spacing", "value": 1001}"#, #""value" must be from 0 to 1000"#),
    (#"{"type": "measure"}"#, #"missing field "tags""#),
    (#"{"type": "measure", "tags": {}}"#, #""tags" must be an array"#),
    (#"{"type": "measure", "tags": [{"id": "Rust", "size": [1, 1]}]}"#, #"unknown tag id "Rust""#),
    (#"{"type": "measure", "tags": []}"#, #""SwiftUI" is missing"#),
    (#"{"type": "measure", "tags": [], "textScale": 0}"#, #""textScale" must be above 0"#),
    (#"{"type": "measure", "tags": [], "lineHeight": -1}"#, #""lineHeight" must be above 0"#),
    (#"{"type": "hello", "session": 5}"#, #""session" must be a string"#),
    (#"{"type": "hello", "selection": "Glass"}"#, #""selection" must be an array"#),
    (#"{"type": "hello", "selection": [1]}"#, #""selection" must be a string"#),
    (#"{"type": "hello", "spacing": -1}"#, #""spacing" must be from 0"#),
  ])
  func everyRefusalIsAnErrorAndTheConnectionStaysUsable(message: String, fragment: String) throws {
    var test = TestHub()
    let (id, _) = try test.connect()
    let verdict = test.send(message, from: id)
    #expect(verdict == nil)
    let error = try test.frame(for: id)
    #expect(error.type == "error")
    let text = try #require(error.string("message"))
    #expect(text.contains(fragment), "\(text)")
    #expect(test.hub.metrics.errors == 1)
    test.send(measureMessage(), from: id)
    test.send(viewport(390), from: id)
    let frame4 = try test.next(for: id)
    #expect(frame4?.type == "layout")
  }

  @Test func measuringATagTwiceIsRefused() throws {
    var test = TestHub()
    let (id, _) = try test.connect()
    let twice = measureMessage(ids: demoIDs + ["Glass"])
    test.send(twice, from: id)
    let frame5 = try test.next(for: id)
    #expect(frame5?.string("message")?.contains("measured twice") == true)
  }

  @Test func binaryFramesAreRefusedWithAnError() throws {
    var test = TestHub()
    let (id, _) = try test.connect()
    let verdict = test.hub.receiveBinary(from: id, now: 0)
    #expect(verdict == nil)
    let frame6 = try test.next(for: id)
    #expect(frame6?.string("message")?.contains("binary") == true)
  }

  @Test func pendingErrorsAreBounded() throws {
    var test = TestHub()
    let (id, _) = try test.connect()
    for _ in 0..<50 { test.send("nope", from: id) }
    let frames = try test.drain(id)
    #expect(frames.count == test.hub.configuration.maxPendingErrors)
    #expect(test.hub.metrics.errors == 50)
    // The log names the first few refusals only.
    let log = test.hub.takeLog()
    #expect(log.count == test.hub.configuration.maxLoggedRefusals)
  }

  @Test func aReaderThatNeverReadsHoldsBoundedFrames() throws {
    var test = TestHub()
    let id = try test.hub.open(now: 0).get()
    test.send(measureMessage(), from: id)
    for step in 0..<1500 {
      test.now = Double(step) / 1000
      switch step % 4 {
      case 0: test.send(#"{"type": "hello"}"#, from: id)
      case 1: test.send("not json", from: id)
      case 2: test.send(viewport(Double(step)), from: id)
      default: test.send(#"{"type": "toggle", "id": "Glass"}"#, from: id)
      }
    }
    let frames = try test.drain(id)
    // One welcome, at most eight errors, one layout: whatever was sent meanwhile.
    #expect(frames.filter { $0.type == "welcome" }.count == 1)
    #expect(frames.filter { $0.type == "error" }.count == test.hub.configuration.maxPendingErrors)
    #expect(frames.filter { $0.type == "layout" }.count == 1)
    #expect(frames.count == 10)
  }

  @Test func messagesForAClosedConnectionAreIgnored() throws {
    var test = TestHub()
    let (id, _) = try test.connect()
    test.hub.close(id, now: 1)
    let verdict = test.send(viewport(3), from: id)
    #expect(verdict == nil)
    let frame = test.hub.takeFrame(for: id, now: 1)
    #expect(frame == nil)
    #expect(!test.hub.hasOutgoing(id))
  }
}

@Suite struct LiveHubCoalescingTests {
  @Test func aBurstLeavesOneLayoutWithTheNewestWidth() throws {
    var test = TestHub()
    let (id, _) = try test.connect()
    test.send(measureMessage(), from: id)
    for width in 1...100 {
      test.now = Double(width) / 1000
      test.send(viewport(Double(width) * 4), from: id)
    }
    let frames = try test.drain(id)
    #expect(frames.count == 1)
    #expect(frames.first?.number("width") == 400)
    #expect(frames.first?.number("seq") == 1)
    #expect(test.hub.metrics.framesCoalesced == 99)
    #expect(test.hub.metrics.layoutsComputed == 1)
    // The round trip runs from the oldest change behind the frame.
    #expect(test.hub.metrics.roundTripSum == test.now - 0.001)
  }

  @Test func aCoalescedToggleKeepsItsAnimation() throws {
    var test = TestHub()
    let (id, _) = try test.connect()
    test.send(measureMessage(), from: id)
    test.send(viewport(390), from: id)
    _ = try test.drain(id)
    test.send(#"{"type": "toggle", "id": "Glass"}"#, from: id)
    test.send(viewport(380), from: id)
    let frames = try test.drain(id)
    #expect(frames.count == 1)
    #expect(frames.first?.animation?.bounce == 0.15)
    #expect(frames.first?.selectedIDs == ["SwiftUI", "Glass"])
  }

  @Test func errorsAndWelcomeGoBeforeTheLayout() throws {
    var test = TestHub()
    let id = try test.hub.open(now: 0).get()
    test.send(measureMessage(), from: id)
    test.send(viewport(390), from: id)
    test.send("bad", from: id)
    let types = try test.drain(id).map(\.type)
    #expect(types == ["welcome", "error", "layout"])
  }

  @Test func wakeupsNameEachConnectionWithNewFramesOnce() throws {
    var test = TestHub()
    let first = try test.hub.open(now: 0).get()
    let second = try test.hub.open(now: 0).get()
    #expect(Self.wakeups(&test.hub) == [first, second])
    #expect(Self.wakeups(&test.hub) == [])
    test.send(measureMessage(), from: second)
    test.send(viewport(390), from: second)
    test.send(viewport(391), from: second)
    #expect(Self.wakeups(&test.hub) == [second])
  }

  /// The connections `forEachWakeup` hands out, in order.
  static func wakeups<Random>(_ hub: inout LiveHub<Random>) -> [ConnectionID] {
    var ids: [ConnectionID] = []
    hub.forEachWakeup { ids.append($0) }
    return ids
  }

  /// Property: whatever the interleaving of changes and socket writes, each connection holds
  /// at most one pending layout, and once drained the last layout shows exactly the state a
  /// plain model reached by applying every message in order.
  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func latestWinsAgainstAReferenceModel(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    var test = TestHub(seed: seed)
    let (id, _) = try test.connect()
    test.send(measureMessage(), from: id)
    var width = 390.0
    var spacing = 18.0
    var selected = Set(["SwiftUI"])
    test.send(viewport(width), from: id)
    var lastLayout: Frame?
    var lastSeq = 0.0
    for step in 0..<400 {
      test.now = Double(step) * 0.002
      switch random.next() % 4 {
      case 0:
        width = Double(random.next() % 1200)
        test.send(viewport(width), from: id)
      case 1:
        let tag = demoIDs[Int(random.next() % 10)]
        if selected.contains(tag) { selected.remove(tag) } else { selected.insert(tag) }
        test.send(#"{"type": "toggle", "id": "\#(tag)"}"#, from: id)
      case 2:
        spacing = spacing == 18 ? 3 : 18
        test.send(#"{"type": "spacing", "value": \#(spacing)}"#, from: id)
      default:
        // The socket becomes writable (or not, a third of the time) and drains what waits: at
        // most one frame, a layout of the newest state with the next seq; once it is taken
        // nothing else waits until the next change (latest wins: no backlog, no repeat).
        //
        // Mutation check: a scratch copy whose LiveHub.takeFrame left the layout pending after
        // sending it once more (`connection.layoutPending = connection.layoutsSent % 2 == 0`,
        // every layout sent twice) fails here, for every seed, at the first repeat; the old
        // form took that frame and threw it away (`#expect(frame7 == nil || true)`) and only
        // tripped over a repeat left at the final drain, which seeds 1 and 5 never had.
        guard random.next() % 3 != 0, let frame = try test.next(for: id) else { break }
        #expect(frame.type == "layout")
        let seq = try #require(frame.number("seq"))
        #expect(seq == lastSeq + 1)
        lastSeq = seq
        lastLayout = frame
        let second = try test.next(for: id)
        #expect(second?.type == nil, "a second frame waited after the layout")
      }
    }
    let rest = try test.drain(id)
    #expect(rest.count <= 1)
    if let frame = rest.last { lastLayout = frame }
    let final = try #require(lastLayout)
    #expect(final.number("width") == width)
    #expect(final.number("spacing") == spacing)
    #expect(Set(final.selectedIDs) == selected)
    let sent = test.hub.metrics.layoutsComputed
    #expect(sent + test.hub.metrics.framesCoalesced >= 1)
  }
}
