import TagCloudCore
import TagCloudTestSupport
import TagCloudWire
import Testing

@testable import TagCloudLive

/// A measure of the demo tags with the "+K" capsule's sizes for one and two digits.
private func measureWithMore(_ moreSizes: String = "[[30, 40], [38, 40]]") -> String {
  let tags = demoIDs.map { #"{"id": "\#($0)", "size": [\#(40 + 7 * $0.count), 40]}"# }
  return
    #"{"type": "measure", "tags": [\#(tags.joined(separator: ", "))], "moreSizes": \#(moreSizes)}"#
}

private func limitedViewport(_ width: Double, maxRows: Int) -> String {
  #"{"type": "viewport", "width": \#(width), "maxRows": \#(maxRows)}"#
}

@Suite struct LiveHubRowLimitTests {
  @Test func aLimitedFrameIsTheCoresLayoutOfTheSameRequestAndSaysItsLimit() throws {
    var test = TestHub()
    let (id, _) = try test.connect()
    test.send(measureWithMore(), from: id)
    test.send(limitedViewport(300, maxRows: 2), from: id)
    let taken = test.hub.takeFrame(for: id, now: test.now)
    let bytes = try #require(taken)
    let frame = try Frame(bytes)
    #expect(frame.number("maxRows") == 2)
    let hidden = try #require(frame.number("hidden"))
    #expect(hidden > 0)
    guard case .object? = frame["more"] else {
      Issue.record("no \"more\" capsule in \(frame.element)")
      return
    }
    let tags = demoIDs.map { #"{"id": "\#($0)", "size": [\#(40 + 7 * $0.count), 40]}"# }
    let request = try LayoutRequestDecoder.decode(
      Array(
        #"""
        {"width": 300, "spacing": 18, "mergeDistance": 10, "tags": [\#(tags.joined(separator: ", "))],
         "selection": ["SwiftUI"], "maxRows": 2, "moreSizes": [[30, 40], [38, 40]]}
        """#.utf8))
    var writer = JSONWriter()
    writer.beginObject()
    LayoutEngine.layout(request).writeMembers(into: &writer)
    writer.endObject()
    // The same bytes as the core's response, after the frame's own members.
    let header = #"{"type":"layout","seq":1,"width":300,"spacing":18,"maxRows":2,"#
    #expect(bytes == Array(header.utf8) + writer.bytes.dropFirst())
  }

  @Test func withoutTheCapsulesSizesTheLimitWaitsAndTheFrameSaysNone() throws {
    var test = TestHub()
    let (id, _) = try test.connect()
    test.send(measureMessage(), from: id)
    test.send(limitedViewport(300, maxRows: 2), from: id)
    let frame = try test.frame(for: id)
    #expect(frame.number("maxRows") == nil)
    #expect(frame["hidden"] == nil)
    // Sized by a measure: the next frame is limited.
    test.send(measureWithMore(), from: id)
    let limited = try test.frame(for: id)
    #expect(limited.number("maxRows") == 2)
    #expect((limited.number("hidden") ?? 0) > 0)
  }

  @Test func aNewLimitLaysOutAgainTheSameOneDoesNot() throws {
    var test = TestHub()
    let (id, _) = try test.connect()
    test.send(measureWithMore(), from: id)
    test.send(limitedViewport(300, maxRows: 2), from: id)
    _ = try test.drain(id)
    test.send(limitedViewport(300, maxRows: 2), from: id)
    #expect(try test.next(for: id) == nil)
    test.send(limitedViewport(300, maxRows: 0), from: id)
    let every = try test.frame(for: id)
    #expect(every.number("maxRows") == nil)
    #expect(every["hidden"] == nil)
  }

  @Test func aReloadKeepsTheLimitForTheTagsStillServedAndAResumeKeepsIt() throws {
    var test = TestHub()
    let (id, welcome) = try test.connect()
    let token = try #require(welcome.string("session"))
    test.send(measureWithMore(), from: id)
    test.send(limitedViewport(300, maxRows: 1), from: id)
    _ = try test.drain(id)
    let fewer = demoIDs.dropLast(3).map { ##"{"title": "\##($0)", "tint": "#0A84FF"}"## }
    let configuration = try TagFile.decode(Array("[\(fewer.joined(separator: ","))]".utf8))
    _ = test.hub.replaceTags(with: configuration, now: 1)
    let frames = try test.drain(id)
    #expect(frames.map(\.type) == ["tags", "layout"])
    #expect(frames.last?.number("maxRows") == 1)
    #expect((frames.last?.number("hidden") ?? 0) > 0)
    // Another connection resumes the session: its limit comes with it.
    test.hub.close(id, now: 2)
    let (next, _) = try test.connect()
    test.send(#"{"type": "hello", "session": "\#(token)"}"#, from: next)
    let resumed = try test.drain(next)
    #expect(resumed.first?.type == "welcome" && resumed.first?["resumed"] == .bool(true))
    #expect(resumed.last?.type == "layout" && resumed.last?.number("maxRows") == 1)
  }

  @Test(arguments: [
    (
      measureWithMore("[[30, 40]]"),
      "moreSizes must hold a size for each digit count of the 10 tags (2), got 1"
    ),
    (measureWithMore("[[30, 40], [38]]"), "moreSizes[1] must be [width, height]"),
    (
      measureWithMore("[[30, 40], [38, -1]]"),
      "moreSizes[1] must hold two numbers from 0 to 1000000"
    ),
    (measureWithMore("{}"), #""moreSizes" must be an array"#),
    (limitedViewport(300, maxRows: -1), #""maxRows" must be a whole number from 0 to 1000000"#),
    (#"{"type": "viewport", "width": 300, "maxRows": 1.5}"#, #""maxRows" must be a whole number"#),
    (#"{"type": "viewport", "width": 300, "maxRows": "2"}"#, #""maxRows" must be a number"#),
  ])
  func badLimitsAreRefusedNamingWhatAndWhere(message: String, expected: String) throws {
    var test = TestHub()
    let (id, _) = try test.connect()
    test.send(message, from: id)
    let error = try test.frame(for: id)
    #expect(error.type == "error")
    let text = try #require(error.string("message"))
    #expect(text.contains(expected), "\(text)")
    #expect(text.contains("at byte"), "\(text)")
  }
}
