import TagCloudCore
import TagCloudWire
import Testing

/// `maxRows` and `moreSizes` on the wire: read, laid out, answered with `hidden` and `more`, and
/// refused with a message that says what and where.
@Suite struct RowLimitWireTests {
  private func respond(_ text: String) -> String {
    switch LayoutService.respond(to: Array(text.utf8)) {
    case .success(let bytes): return String(decoding: bytes, as: UTF8.self)
    case .failure(let error): return "error: " + error.description
    }
  }

  /// The byte offset of the first `marker` in `text`.
  private func offset(of marker: String, in text: String) -> Int {
    let bytes = Array(text.utf8)
    let needle = Array(marker.utf8)
    for start in 0...(bytes.count - needle.count)
    where Array(bytes[start..<start + needle.count]) == needle {
      return start
    }
    fatalError("no \(marker) in \(text)")
  }

  private let fourTags =
    #""tags": [{"id": "a", "size": [100, 40]}, {"id": "b", "size": [100, 40]}, {"id": "c", "size": [100, 40]}, {"id": "d", "size": [100, 40]}]"#

  @Test func decodesTheLimitAndTheSizes() throws {
    let request = try LayoutRequestDecoder.decode(
      Array(
        #"{"width": 250, "spacing": 2, "maxRows": 1, "moreSizes": [[40, 40]], \#(fourTags)}"#.utf8))
    #expect(request.maxRows == 1)
    #expect(request.moreSizes == [40, 40])
  }

  @Test func answersWithTheHiddenCountAndTheCapsule() {
    #expect(
      respond(#"{"width": 250, "spacing": 2, "maxRows": 1, "moreSizes": [[40, 40]], \#(fourTags)}"#)
        == #"{"size":[244,40],"items":[{"id":"a","x":0,"y":0,"w":100,"h":40,"selected":false,"touch":[0,-3,100,46]},{"id":"b","x":102,"y":0,"w":100,"h":40,"selected":false,"touch":[102,-3,100,46]}],"groups":[[0,1,2]],"rows":[0],"animation":null,"hidden":2,"more":{"x":204,"y":0,"w":40,"h":40,"touch":[204,-3,40,46],"row":0}}"#
    )
    // Within the limit: nothing hidden, no capsule; without one (or 0): the plain response.
    #expect(
      respond(#"{"width": 250, "spacing": 2, "maxRows": 2, "moreSizes": [[40, 40]], \#(fourTags)}"#)
        .hasSuffix(#""animation":null,"hidden":0,"more":null}"#))
    let plain = respond(#"{"width": 250, "spacing": 2, \#(fourTags)}"#)
    #expect(plain.hasSuffix(#""animation":null}"#))
    #expect(respond(#"{"width": 250, "spacing": 2, "maxRows": 0, \#(fourTags)}"#) == plain)
  }

  @Test func refusesBadLimitsAndSizesSayingWhere() {
    let cases: [(String, String, String)] = [
      (#""maxRows": -1"#, "-1", #""maxRows" must be a whole number from 0 to 1000000"#),
      (#""maxRows": 1.5"#, "1.5", #""maxRows" must be a whole number from 0 to 1000000"#),
      (#""maxRows": 2e6"#, "2e6", #""maxRows" must be a whole number from 0 to 1000000"#),
      (#""maxRows": "2""#, #""2""#, #""maxRows" must be a whole number from 0 to 1000000"#),
      (#""maxRows": 1, "moreSizes": 4"#, "4", #""moreSizes" must be an array of [width, height]"#),
      (
        #""maxRows": 1, "moreSizes": [[4, 4], [5]]"#, "[5]",
        "moreSizes[1] must be [width, height]"
      ),
      (
        #""maxRows": 1, "moreSizes": [[4, -4]]"#, "-4",
        "moreSizes[0] must hold two non-negative numbers (got a negative number)"
      ),
      (
        #""maxRows": 1, "moreSizes": []"#, "[]",
        #""moreSizes" must hold at least 1 [width, height], one per digit count of "+K" (for 4 tags)"#
      ),
      // Without sizes, the limit is where the refusal points.
      (
        #""maxRows": 3"#, "3",
        #""moreSizes" must hold at least 1 [width, height], one per digit count of "+K" (for 4 tags)"#
      ),
    ]
    for (fields, marker, message) in cases {
      let input = #"{"width": 250, "spacing": 2, \#(fields), \#(fourTags)}"#
      #expect(
        respond(input) == "error: \(message) at byte \(offset(of: marker, in: input))", "\(input)")
    }
  }

  /// Ninety-nine tags need sizes for K of one and two digits, but no more: a third is not needed
  /// and one is not enough, whatever the width.
  @Test func needsASizeForEveryDigitCountOfTheTagCount() {
    let tags = (0..<99).map { #"{"id": "t\#($0)", "size": [10, 10]}"# }.joined(separator: ",")
    for width in ["null", "1000", "5"] {
      func input(_ moreSizes: String) -> String {
        #"{"width": \#(width), "spacing": 0, "maxRows": 1, "moreSizes": \#(moreSizes), "tags": [\#(tags)]}"#
      }
      let short = input("[[9, 9]]")
      #expect(
        respond(short)
          == #"error: "moreSizes" must hold at least 2 [width, height], one per digit count of "+K" (for 99 tags) at byte \#(offset(of: "[[9", in: short))"#
      )
      #expect(!respond(input("[[9, 9], [12, 9]]")).hasPrefix("error"))
    }
  }
}
