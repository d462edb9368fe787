import TagCloudCore
import TagCloudWire
import Testing

@Suite struct LayoutRequestDecoderTests {
  private func decode(_ text: String) throws(WireError) -> LayoutRequest {
    try LayoutRequestDecoder.decode(Array(text.utf8))
  }

  private func respond(_ text: String) -> String {
    switch LayoutService.respond(to: Array(text.utf8)) {
    case .success(let bytes): return String(decoding: bytes, as: UTF8.self)
    case .failure(let error): return "error: " + error.description
    }
  }

  @Test func decodesEveryField() throws {
    let request = try decode(
      #"""
      {"width": 390, "spacing": 18, "mergeDistance": 12, "textScale": 1.25, "lineHeight": 25,
       "tags": [{"id": "SwiftUI", "size": [96, 40]},
                {"id": "Layout", "label": {"width": 46.5, "words": [20, 20], "space": 6.5}}],
       "selection": ["Layout"], "animation": {"duration": 0.6, "bounce": 0.2}, "reduceMotion": true}
      """#)
    #expect(request.width == 390)
    #expect(request.spacing == 18)
    #expect(request.mergeDistance == 12)
    #expect(request.capsuleMetrics == CapsuleMetrics(textScale: 1.25, lineHeight: 25))
    #expect(
      request.tags == [
        TagSpec(id: Array("SwiftUI".utf8), content: .size(Size(width: 96, height: 40))),
        TagSpec(
          id: Array("Layout".utf8),
          content: .label(LabelMetrics(width: 46.5, words: [20, 20], spaceWidth: 6.5))),
      ])
    #expect(request.selection.indices == [1])
    #expect(request.animation == Spring(duration: 0.6, bounce: 0.2))
    #expect(request.reduceMotion)
  }

  @Test func defaultsAndUnboundedWidth() throws {
    let request = try decode(#"{"width": null, "spacing": 3, "tags": []}"#)
    #expect(request.width == .infinity)
    #expect(request.mergeDistance == 10)
    #expect(request.capsuleMetrics == CapsuleMetrics())
    #expect(request.selection.isEmpty)
    #expect(request.animation == nil)
    #expect(!request.reduceMotion)
  }

  @Test(arguments: [
    ("snappy", Spring.snappy), ("smooth", .smooth), ("bouncy", .bouncy),
    ("spacing", .smooth(duration: 0.7)),
  ])
  func animationPresets(name: String, spring: Spring) throws {
    let request = try decode(#"{"width": 1, "spacing": 1, "tags": [], "animation": "\#(name)"}"#)
    #expect(request.animation == spring)
  }

  @Test func emptyCloud() {
    #expect(
      respond(#"{"width": 390, "spacing": 18, "tags": []}"#)
        == #"{"size":[0,0],"items":[],"groups":[],"rows":[],"animation":null}"#)
  }

  @Test func animationIsWrittenUnlessMotionIsReduced() {
    let base =
      #"{"width": 390, "spacing": 18, "tags": [{"id": "a", "size": [10, 10]}], "animation": "snappy""#
    let animated = respond(base + "}")
    #expect(animated.contains(#""animation":{"duration":0.5,"bounce":0.15,"settle":"#))
    #expect(animated.contains(#""easing":"linear(0, "#))
    #expect(respond(base + #", "reduceMotion": true}"#).hasSuffix(#""animation":null}"#))
  }

  @Test func sameInputSameBytes() {
    let request =
      #"{"width": 200.25, "spacing": 3, "tags": [{"id": "a", "size": [100.1, 40]}, {"id": "b", "label": {"width": 0.3}}], "animation": "spacing"}"#
    let first = respond(request)
    #expect(first == respond(request))
    #expect(first.hasPrefix(#"{"size":[135.39999999999998,40],"#))
  }

  /// Hostile and malformed requests, each refused with exactly this message and offset.
  static let refusals: [(input: String, message: String)] = [
    ("[]", "the request must be a JSON object at byte 0"),
    ("  42", "the request must be a JSON object at byte 2"),
    (#"{"spacing": 1, "tags": []}"#, "missing field \"width\" at byte 0"),
    (#"{"width": 1, "tags": []}"#, "missing field \"spacing\" at byte 0"),
    (#"{"width": 1, "spacing": 1}"#, "missing field \"tags\" at byte 0"),
    (
      #"{"width": "1", "spacing": 1, "tags": []}"#,
      "\"width\" must be a number of pixels or null at byte 10"
    ),
    (
      #"{"width": -5, "spacing": 1, "tags": []}"#,
      "\"width\" must be a number of pixels or null (got a negative number) at byte 10"
    ),
    (
      #"{"width": 1e7, "spacing": 1, "tags": []}"#,
      "\"width\" must be a number of pixels or null (at most 1000000) at byte 10"
    ),
    (
      #"{"width": 1, "spacing": 1, "tags": [], "mergedistance": 3}"#,
      "unknown field \"mergedistance\" at byte 39"
    ),
    (#"{"width": 1, "spacing": 1, "tags": {}}"#, "\"tags\" must be an array at byte 35"),
    (#"{"width": 1, "spacing": 1, "tags": [7]}"#, "tags[0] must be an object at byte 36"),
    (
      #"{"width": 1, "spacing": 1, "tags": [{"size": [1, 1]}]}"#,
      "tags[0] is missing \"id\" at byte 36"
    ),
    (
      #"{"width": 1, "spacing": 1, "tags": [{"id": ""}]}"#,
      "tags[0].id must not be empty at byte 43"
    ),
    (
      #"{"width": 1, "spacing": 1, "tags": [{"id": "a"}]}"#,
      "tags[0] needs \"size\" or \"label\" at byte 36"
    ),
    (
      #"{"width": 1, "spacing": 1, "tags": [{"id": "a", "size": [1]}]}"#,
      "tags[0].size must be [width, height] at byte 56"
    ),
    (
      #"{"width": 1, "spacing": 1, "tags": [{"id": "a", "size": [1, null]}]}"#,
      "tags[0].size must hold two non-negative numbers at byte 60"
    ),
    (
      #"{"width": 1, "spacing": 1, "tags": [{"id": "a", "size": [1, 1], "label": {"width": 1}}]}"#,
      "tags[0] must have \"size\" or \"label\", not both at byte 64"
    ),
    (
      #"{"width": 1, "spacing": 1, "tags": [{"id": "a", "label": {"words": [1]}}]}"#,
      "tags[0].label is missing \"width\" at byte 57"
    ),
    (
      #"{"width": 1, "spacing": 1, "tags": [{"id": "a", "label": {"width": 1, "words": [-1]}}]}"#,
      "tags[0].label.words must hold non-negative numbers (got a negative number) at byte 80"
    ),
    (
      #"{"width": 1, "spacing": 1, "tags": [{"id": "a", "size": [1, 1], "tint": 1}]}"#,
      "unknown field \"tint\" in tags[0] at byte 64"
    ),
    (
      #"{"width": 1, "spacing": 1, "tags": [{"id": "a", "size": [1, 1]}, {"id": "a", "size": [1, 1]}]}"#,
      "duplicate id \"a\" at byte 72"
    ),
    (
      #"{"width": 1, "spacing": 1, "tags": [{"id": "a", "size": [1, 1]}], "selection": ["b"]}"#,
      "unknown selected id \"b\" at byte 80"
    ),
    (
      #"{"width": 1, "spacing": 1, "tags": [], "selection": "a"}"#,
      "\"selection\" must be an array of tag ids at byte 52"
    ),
    (
      #"{"width": 1, "spacing": 1, "tags": [], "textScale": 0}"#,
      "\"textScale\" must be above 0 and at most 64 at byte 52"
    ),
    (
      #"{"width": 1, "spacing": 1, "tags": [], "animation": "wobbly"}"#,
      "unknown animation \"wobbly\" (expected \"snappy\", \"smooth\", \"bouncy\", \"spacing\" or an object) at byte 52"
    ),
    (
      #"{"width": 1, "spacing": 1, "tags": [], "animation": {"bounce": 0.1}}"#,
      "missing field \"duration\" at byte 52"
    ),
    (
      #"{"width": 1, "spacing": 1, "tags": [], "animation": {"duration": 0.5, "bounce": 1}}"#,
      "\"bounce\" must be above -1 and below 1 at byte 80"
    ),
    (
      #"{"width": 1, "spacing": 1, "tags": [], "reduceMotion": 1}"#,
      "\"reduceMotion\" must be true or false at byte 55"
    ),
    // Messages of a later tag, of its label, and with a length's detail: each is built from
    // the decoder's message table (RequestFault).
    (
      #"{"width": 1, "spacing": 1, "tags": [{"id": "a", "size": [1, 1]}, {"id": "b", "size": [1, -2]}]}"#,
      "tags[1].size must hold two non-negative numbers (got a negative number) at byte 89"
    ),
    (
      #"{"width": 1, "spacing": 1, "tags": [{"id": "a", "size": [1, 1]}, {"id": "b", "label": {"width": 2e6}}]}"#,
      "tags[1].label.width must be a non-negative number (at most 1000000) at byte 96"
    ),
    (
      #"{"width": 1, "spacing": 1, "tags": [{"id": "a", "size": [1, 1]}, {"id": "b", "label": {"width": 1, "space": "x"}}]}"#,
      "tags[1].label.space must be a non-negative number at byte 108"
    ),
    (
      #"{"width": 1, "spacing": 1, "tags": [{"id": "a", "size": [1, 1]}, {"id": "b", "label": {"width": 1, "bold": true}}]}"#,
      "unknown field \"bold\" in tags[1].label at byte 99"
    ),
    (
      #"{"width": 1, "spacing": 1, "tags": [{"id": "a", "size": [1, 1]}, {"id": "b", "label": {"width": 1, "words": 3}}]}"#,
      "tags[1].label.words must be an array of widths at byte 108"
    ),
    (
      #"{"width": 1, "spacing": 1, "tags": [{"id": "a", "size": [1, 1]}, {"id": "b", "label": 3}]}"#,
      "tags[1].label must be an object at byte 86"
    ),
    (
      #"{"width": 1, "spacing": 1, "tags": [], "lineHeight": 2e6}"#,
      "\"lineHeight\" must be a number of pixels (at most 1000000) at byte 53"
    ),
    (
      #"{"width": 1, "spacing": 1, "tags": [], "animation": {"duration": 11}}"#,
      "\"duration\" must be from 0.001 to 10 seconds at byte 65"
    ),
    (
      #"{"width": 1, "spacing": 1, "tags": [], "direction": "up"}"#,
      "\"direction\" must be \"ltr\" or \"rtl\" at byte 52"
    ),
    (
      #"{"width": 1, "spacing": 1, "tags": [], "mergeDistance": true}"#,
      "\"mergeDistance\" must be a number of pixels at byte 56"
    ),
    (
      #"{"width": 1, "spacing": 1, "tags": [{"size": [1, 1], "id": "b"}, {"label": {"width": 1}, "id": "b"}]}"#,
      "duplicate id \"b\" at byte 95"
    ),
  ]

  @Test(arguments: 0..<refusals.count)
  func refusesWithAPreciseMessage(index: Int) {
    let (input, message) = Self.refusals[index]
    #expect(respond(input) == "error: " + message)
  }

  @Test func quotesLongAndControlCharacterIdsSafely() {
    let long = String(repeating: "é", count: 40)
    let request = #"{"width": 1, "spacing": 1, "tags": [], "selection": ["\#(long)\n"]}"#
    let result = respond(request)
    #expect(
      result.hasPrefix(
        "error: unknown selected id \"" + String(repeating: "é", count: 32) + "...\""))
    #expect(!result.contains("\n"))
  }

  @Test func syntaxErrorsComeFromTheParserWithOffsets() {
    #expect(respond("").hasPrefix("error: "))
    #expect(respond("{").hasSuffix(" at byte 1"))
    #expect(respond(String(repeating: "[", count: 100_000)).hasPrefix("error: "))
  }
}
