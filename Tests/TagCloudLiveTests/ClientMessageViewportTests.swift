import TagCloudCore
import TagCloudTestSupport
import TagCloudWire
import Testing

@testable import TagCloudLive

/// The viewport read straight from its bytes (``ClientMessage/wellFormedViewport(in:)``) must
/// agree with the full decoder: the same message for every viewport it reads, nil for every
/// other input, so that the full decoder alone words each refusal.
@Suite struct ClientMessageViewportTests {
  private let tags = LiveConfiguration.demo.tags

  /// The fast path's answer, and the full decoder's (a message or its refusal).
  private func both(_ text: String) -> (ClientMessage?, Result<ClientMessage, WireError>) {
    var limits = JSONLimits()
    limits.maxDepth = 16
    let full = Result { () throws(WireError) -> ClientMessage in
      try ClientMessage.decode(
        JSONReader.tree(of: JSONDocument.parse(Array(text.utf8), limits: limits)), tags: tags)
    }
    return (ClientMessage.wellFormedViewport(in: Array(text.utf8)), full)
  }

  @Test(arguments: [
    #"{"type":"viewport","width":390}"#,
    #"{"width":390.5,"type":"viewport"}"#,
    #"{"type":"viewport","width":0,"reduceMotion":true,"direction":"rtl","maxRows":3}"#,
    #"{"maxRows":0,"direction":"ltr","reduceMotion":false,"width":1e3,"type":"viewport"}"#,
    #" { "type" : "viewport" , "width" : 1280 } "#,
    "\t{\"type\"\r\n:\"viewport\",\n\"width\":-0}\n",
    #"{"type":"viewport","width":1E+2,"maxRows":2.0e0}"#,
  ])
  func readsEveryWellFormedViewportAsTheFullDecoderDoes(text: String) throws {
    let (fast, full) = both(text)
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
    // Escapes and non-ASCII strings, which the full decoder may accept, go the long way.
    #"{"typ\u0065":"viewport","width":390}"#,
    #"{"type":"viewport","width":390,"direction":"\u0072tl"}"#,
    #"{"type":"viewport","width":390,"direction":"rtl\u00e9"}"#,
    #"{"type":"viewport","width":390,"dirécTion":"rtl"}"#,
    // Not JSON, or not only one object: the full decoder words the refusal.
    #"{"type":"viewport","width":390}x"#,
    #"{"type":"viewport","width":390}{}"#,
    #"{"type":"viewport","width":390,}"#,
    #"{"type":"viewport","width":390"#,
    #"{"type":"viewport","width":0390}"#,
    #"{"type":"viewport","width":390.}"#,
    #"{"type":"viewport","width":1e400}"#,
    #"{"type":"viewport","width":390,"reduceMotion":truex}"#,
    #"{"type":"viewport" "width":390}"#,
    #"{"type":"viewport","width":390,"type":"viewport"}"#,
    "{\"type\":\"view\tport\",\"width\":390}",
    #"{"type":"Viewport","width":390}"#,
    #"{"type":"toggle","id":"Glass"}"#,
    #"{"type":"spacing","value":12}"#,
    #"["viewport",390]"#,
    #""viewport""#,
  ])
  func leavesEveryOtherMessageToTheFullDecoder(text: String) throws {
    let (fast, full) = both(text)
    #expect(fast == nil)
    // And the message as a whole decodes (or is refused) exactly as the long way says.
    let whole = Result { () throws(WireError) -> ClientMessage in
      try ClientMessage.decode(Array(text.utf8), tags: tags)
    }
    #expect(whole == full)
    #expect(fromBuffer(text) == whole)
  }

  /// The message decoded from bytes the caller holds (the adapter's socket buffer).
  private func fromBuffer(_ text: String) -> Result<ClientMessage, WireError> {
    Array(text.utf8).withUnsafeBytes { bytes in
      Result { () throws(WireError) -> ClientMessage in
        try ClientMessage.decode(bytes, tags: tags)
      }
    }
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
      let (fast, full) = both(text)
      // From the adapter's buffer, the same answer (a fast path that misreads falls back to
      // the full decoder, which words it alike: only a wrong value read would differ).
      #expect(fromBuffer(text) == full, "\(text)")
      if let fast {
        read += 1
        #expect(fast == (try? full.get()), "\(text)")
      } else if case .success(let message) = full, case .viewport = message {
        Issue.record("the fast path left a well-formed viewport to the long way: \(text)")
      }
    }
    #expect(read > 100)
  }

  /// Viewports with one byte changed, dropped or repeated: whatever the fast path reads, the
  /// full decoder reads the same way.
  @Test func agreesWithTheFullDecoderOnDamagedBytes() {
    var generator = SeededGenerator(seed: 38)
    let sources = [
      #"{"type":"viewport","width":390.5,"reduceMotion":true,"direction":"rtl","maxRows":3}"#,
      #" { "width" : 1e3 , "type" : "viewport" , "maxRows" : 0 } "#,
    ]
    let bytes = Array(#"{}[]:,"\ -+.eE0129tfaluenrsx\#t\#n"#.utf8) + [0x00, 0xC3, 0xA9]
    for _ in 0..<3000 {
      var text = Array(sources.randomElement(using: &generator)!.utf8)
      let index = Int.random(in: 0..<text.count, using: &generator)
      switch Int.random(in: 0..<3, using: &generator) {
      case 0: text[index] = bytes.randomElement(using: &generator)!
      case 1: text.remove(at: index)
      default: text.insert(text[index], at: index)
      }
      guard let fast = ClientMessage.wellFormedViewport(in: text) else { continue }
      var limits = JSONLimits()
      limits.maxDepth = 16
      let full = try? ClientMessage.decode(
        JSONReader.tree(of: JSONDocument.parse(text, limits: limits)), tags: tags)
      #expect(fast == full, "\(String(decoding: text, as: UTF8.self))")
    }
  }
}
