import TagCloudCore
import TagCloudTestSupport
import TagCloudWire
import Testing

@testable import TagCloudLive

/// The viewport read straight from the parsed document (``ClientMessage/wellFormedViewport(in:)``) must
/// agree with the full decoder: the same message for every viewport it reads, nil for every
/// other input, so that the full decoder alone words each refusal.
@Suite struct ClientMessageViewportTests {
  private let tags = LiveConfiguration.demo.tags

  /// The fast path's answer, and the full decoder's (a message or its refusal).
  private func both(_ text: String) throws -> (ClientMessage?, Result<ClientMessage, WireError>) {
    var limits = JSONLimits()
    limits.maxDepth = 16
    let document = try JSONDocument.parse(Array(text.utf8), limits: limits)
    let full = Result { () throws(WireError) -> ClientMessage in
      try ClientMessage.decode(JSONReader.tree(of: document), tags: tags)
    }
    return (ClientMessage.wellFormedViewport(in: document), full)
  }

  @Test(arguments: [
    #"{"type":"viewport","width":390}"#,
    #"{"width":390.5,"type":"viewport"}"#,
    #"{"type":"viewport","width":0,"reduceMotion":true,"direction":"rtl","maxRows":3}"#,
    #"{"maxRows":0,"direction":"ltr","reduceMotion":false,"width":1e3,"type":"viewport"}"#,
    #" { "type" : "viewport" , "width" : 1280 } "#,
  ])
  func readsEveryWellFormedViewportAsTheFullDecoderDoes(text: String) throws {
    let (fast, full) = try both(text)
    #expect(fast != nil)
    #expect(fast == (try? full.get()))
    #expect(try ClientMessage.decode(Array(text.utf8), tags: tags) == full.get())
  }

  @Test(arguments: [
    #"{"type":"viewport"}"#,
    #"{"width":390}"#,
    #"{"type":"viewport","width":-1}"#,
    #"{"type":"viewport","width":"390"}"#,
    #"{"type":"viewport","width":390,"widht":391}"#,
    #"{"type":"viewport","width":390,"reduceMotion":1}"#,
    #"{"type":"viewport","width":390,"direction":"up"}"#,
    #"{"type":"viewport","width":390,"direction":null}"#,
    #"{"type":"viewport","width":390,"maxRows":1.5}"#,
    #"{"type":"viewport","width":390,"maxRows":-1}"#,
    #"{"type":"viewport","width":390,"maxRows":1e9}"#,
    #"{"type":"viewport","width":390,"extra":{"type":"viewport"}}"#,
    #"{"type":"Viewport","width":390}"#,
    #"{"type":"toggle","id":"Glass"}"#,
    #"{"type":"spacing","value":12}"#,
    #"["viewport",390]"#,
    #""viewport""#,
  ])
  func leavesEveryOtherMessageToTheFullDecoder(text: String) throws {
    let (fast, full) = try both(text)
    #expect(fast == nil)
    // And the message as a whole decodes (or is refused) exactly as the long way says.
    let whole = Result { () throws(WireError) -> ClientMessage in
      try ClientMessage.decode(Array(text.utf8), tags: tags)
    }
    #expect(whole == full)
  }

  /// Random viewport-like objects: each known member (and a stranger) present or not, its
  /// value mostly one it may take, sometimes any JSON value.
  @Test func agreesWithTheFullDecoderOnRandomObjects() throws {
    var generator = SeededGenerator(seed: 37)
    let members: [(key: String, valid: [String])] = [
      ("type", [#""viewport""#]),
      ("width", ["390", "0", "2.5", "1e5", "100000"]),
      ("reduceMotion", ["true", "false"]),
      ("direction", [#""ltr""#, #""rtl""#]),
      ("maxRows", ["0", "4", "1000"]),
      ("widht", ["1"]),
    ]
    let any = [
      #""viewport""#, #""toggle""#, "390", "-3", "2.5", "1e9", "true", "null", #""up""#, "[]",
      "{}", #""rtl""#,
    ]
    var read = 0
    for _ in 0..<3000 {
      var parts: [String] = []
      for member in members where Int.random(in: 0..<6, using: &generator) > 0 {
        let value =
          Int.random(in: 0..<4, using: &generator) > 0
          ? member.valid.randomElement(using: &generator)! : any.randomElement(using: &generator)!
        parts.append("\"\(member.key)\":\(value)")
      }
      parts.shuffle(using: &generator)
      let text = "{" + parts.joined(separator: ",") + "}"
      let (fast, full) = try both(text)
      if let fast {
        read += 1
        #expect(fast == (try? full.get()), "\(text)")
      } else if case .success(let message) = full, case .viewport = message {
        Issue.record("the fast path left a well-formed viewport to the long way: \(text)")
      }
    }
    #expect(read > 100)
  }
}
