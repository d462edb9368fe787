// Hostile input against the unchecked reads and wrapping arithmetic of the size work: windows
// of a larger buffer (a read past the end would see the bytes after it), escapes and UTF-8 cut
// at the end, many keys, raised limits, numbers thousands of digits long, and the element API
// with values the parser never makes (NaN).

import TagCloudCore
import TagCloudWire
import Testing

@Suite struct AdversarialInputTests {
  /// Documents whose every proper prefix is invalid JSON, each with escapes, multi-byte UTF-8,
  /// numbers and literals near the places where a prefix can cut them.
  private static let documents = [
    #"{"a":"\uD83D\uDE00x\\\"\/\b\f\n\r\t\u00e9","b":[-0.5e-3,1E+2,true,false,null]}"#,
    "{\"é€😀\":\"é€😀\",\"k\":[\"\\u0041\",12345678901234567890123]}",
    #"[{"id":"x","size":[1,2]},{"id":"y","label":{"width":3,"words":[1],"space":0}}]"#,
  ]

  /// Parses `bytes[0..<count]` as a window of the whole buffer: the bytes after it are valid
  /// continuations, so reading past the window's end would change the outcome.
  private func parseWindow(_ bytes: [UInt8], _ count: Int) -> Result<JSONDocument, WireError> {
    bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(WireError) in
        try JSONDocument.parse(UnsafeBufferPointer(rebasing: buffer[0..<count]))
      }
    }
  }

  @Test func everyPrefixIsRefusedWithinItselfAsACopyIs() {
    for document in Self.documents {
      let bytes = Array(document.utf8)
      #expect((try? JSONDocument.parse(bytes)) != nil, "\(document)")
      for count in 0..<bytes.count {
        let window = parseWindow(bytes, count)
        let copy = Result { () throws(WireError) in try JSONDocument.parse(Array(bytes[0..<count]))
        }
        guard case .failure(let error) = window, case .failure(let expected) = copy else {
          Issue.record("prefix \(count) of \(document) was accepted")
          continue
        }
        #expect(error == expected, "prefix \(count) of \(document)")
        #expect(error.offset <= count, "prefix \(count) of \(document): \(error)")
      }
    }
  }

  @Test(arguments: [
    #""\"#, #""\u"#, #""\u00"#, #""\uD83D"#, #""\uD83D\"#, #""\uD83D\u"#, #""\uD83D\uDE0"#,
    "\"\u{E9}", #"-"#, #"1."#, #"1e"#, #"1e+"#, #"tru"#, #"[1,"#, #"{"a""#, #"{"a":"#,
  ])
  func escapesAndTokensCutAtTheEndOfAWindow(text: String) {
    // The window ends inside the escape, sequence or token; what follows would complete it.
    let bytes = Array(text.utf8) + Array("DE00\u{A9}0e1\"]}".utf8)
    let count = text.utf8.count
    guard case .failure(let error) = parseWindow(bytes, count) else {
      Issue.record("\(text) accepted")
      return
    }
    let copy = Result { () throws(WireError) in try JSONDocument.parse(Array(text.utf8)) }
    guard case .failure(let expected) = copy else {
      Issue.record("\(text) accepted as a copy")
      return
    }
    #expect(error == expected, "\(text)")
    #expect(error.offset <= count, "\(text): \(error)")
  }

  @Test func aMultibyteLeadAtTheVeryEndIsTruncatedNotRead() {
    // A lead byte of each length as the last byte of the window, its continuations after it.
    for (lead, rest) in [(0xC3, [0xA9]), (0xE2, [0x82, 0xAC]), (0xF0, [0x9F, 0x98, 0x80])] {
      let bytes: [UInt8] = [0x22, UInt8(lead)] + rest.map(UInt8.init) + [0x22]
      for count in 2...(1 + rest.count) {
        guard case .failure(let error) = parseWindow(bytes, count) else {
          Issue.record("lead \(lead) window \(count) accepted")
          continue
        }
        #expect(error.offset <= count)
      }
      #expect((try? JSONDocument.parse(bytes)) != nil)
    }
  }

  @Test func objectsWithManyKeysFindTheFirstRepeatedKey() throws {
    // Past eight members keys are sorted; keys that are prefixes of each other sort next to
    // one another, and the repeat is reported at its own key.
    var keys = (0..<5_000).map { String(repeating: "k", count: $0 % 40 + 1) + "\($0)" }
    let text = "{" + keys.map { "\"\($0)\":0" }.joined(separator: ",") + "}"
    let document = try JSONDocument.parse(Array(text.utf8))
    #expect(document.nodes[0].first == 5_000)
    keys.append(keys[4_321])
    let repeated = "{" + keys.map { "\"\($0)\":0" }.joined(separator: ",") + "}"
    let offset = repeated.utf8.count - keys[4_321].utf8.count - 5
    #expect(throws: WireError("duplicate key \"\(keys[4_321])\"", at: offset)) {
      try JSONDocument.parse(Array(repeated.utf8))
    }
    // An empty key and a key of one NUL are different; two empty keys are not.
    let nine = (0..<8).map { "\"\($0)\":0," }.joined()
    #expect((try? JSONDocument.parse(Array("{\(nine)\"\":1,\"\\u0000\":2}".utf8))) != nil)
    let start = "{\(nine)\"\":1,\"\\u0000\":2,"
    #expect(throws: WireError("duplicate key \"\"", at: start.utf8.count)) {
      try JSONDocument.parse(Array((start + "\"\":3}").utf8))
    }
  }

  @Test func nestingFarBeyondTheDefaultIsIterative() throws {
    var limits = JSONLimits()
    limits.maxDepth = 200_001
    let depth = 200_000
    let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    let document = try JSONDocument.parse(Array(text.utf8), limits: limits)
    #expect(document.nodes.count == depth)
    #expect(document.nodes[0].next == depth)
    limits.maxDepth = depth - 1
    #expect(throws: WireError.self) { try JSONDocument.parse(Array(text.utf8), limits: limits) }
    let objects =
      String(repeating: "{\"a\":", count: 10_000) + "0" + String(repeating: "}", count: 10_000)
    limits.maxDepth = 10_000
    #expect((try? JSONDocument.parse(Array(objects.utf8), limits: limits))?.nodes.count == 20_001)
  }

  @Test func numbersThousandsOfDigitsLongUnderARaisedLimit() throws {
    var limits = JSONLimits()
    limits.maxNumberBytes = 1 << 20
    func value(_ text: String) throws -> Double {
      let document = try JSONDocument.parse(Array(text.utf8), limits: limits)
      return document.nodes[0].number
    }
    let zeros = String(repeating: "0", count: 100_000)
    #expect(try value("1" + zeros + "e-100000") == 1)
    #expect(try value("0." + zeros + "1e100001") == 1)
    #expect(try value("-0." + zeros + "1") == 0)
    #expect(try value("0e999999999999999999999") == 0)
    #expect(try value("1e-999999999999999999999") == 0)
    #expect(throws: WireError.self) { try value("1" + zeros) }
    #expect(throws: WireError.self) { try value("1e999999999999999999999") }
    // 2^53 + 1 is halfway between two doubles: ties to even goes down, a non-zero digit far
    // past the 800 kept ones goes up.
    #expect(try value("9007199254740993." + zeros) == 9_007_199_254_740_992)
    #expect(try value("9007199254740993." + zeros + "1") == 9_007_199_254_740_994)
    #expect(try value("900719925474099.3" + zeros + "1e1") == 9_007_199_254_740_994)
    // Half the smallest subnormal, 2^-1075 = 5^1075 / 10^1075 exactly (751 digits): ties to
    // even gives 0, one more digit past it gives the subnormal.
    var five: [UInt8] = [1]  // decimal digits, least significant first
    for _ in 0..<1075 {
      var carry = 0
      for index in five.indices {
        let product = Int(five[index]) * 5 + carry
        five[index] = UInt8(product % 10)
        carry = product / 10
      }
      while carry > 0 {
        five.append(UInt8(carry % 10))
        carry /= 10
      }
    }
    let digits = String(decoding: five.reversed().map { $0 + 0x30 }, as: UTF8.self)
    let half = "0." + String(repeating: "0", count: 1075 - five.count) + digits
    #expect(try value(half) == 0)
    #expect(try value(half + "1") == 5e-324)
    #expect(try value(half + String(repeating: "0", count: 5_000) + "1") == 5e-324)
    #expect(try value("-" + half + String(repeating: "0", count: 5_000)) == 0)
  }

  @Test func theElementAPIRefusesNaNLengthsAsItDidBeforeTheSizeWork() {
    func request(_ width: Double, size: Double) -> JSONElement {
      func member(_ key: String, _ value: JSONValue) -> JSONMember {
        JSONMember(key: Array(key.utf8), keyOffset: 0, value: JSONElement(value, offset: 7))
      }
      let tag = JSONElement(
        .object([
          member("id", .string(Array("a".utf8))),
          member(
            "size",
            .array([JSONElement(.number(size), offset: 7), JSONElement(.number(1), offset: 7)])),
        ]), offset: 7)
      return JSONElement(
        .object([
          member("width", .number(width)), member("spacing", .number(0)),
          member("tags", .array([tag])),
        ]), offset: 0)
    }
    #expect(
      throws: WireError(
        "\"width\" must be a number of pixels or null (got a negative number)", at: 7)
    ) {
      try LayoutRequestDecoder.decode(request(.nan, size: 1))
    }
    #expect(throws: WireError.self) { try LayoutRequestDecoder.decode(request(1, size: .nan)) }
    #expect(throws: WireError.self) {
      try LayoutRequestDecoder.decodeTags(
        JSONElement(
          .array([
            JSONElement(
              .object([
                JSONMember(
                  key: Array("id".utf8), keyOffset: 0,
                  value: JSONElement(.string([0x61]), offset: 0)),
                JSONMember(
                  key: Array("label".utf8), keyOffset: 0,
                  value: JSONElement(
                    .object([
                      JSONMember(
                        key: Array("width".utf8), keyOffset: 0,
                        value: JSONElement(.number(-.nan), offset: 0))
                    ]), offset: 0)),
              ]), offset: 0)
          ]), offset: 0))
    }
  }

  @Test func aHugeKeyIsCutAtACharacterBoundaryInTheMessage() {
    // 63 ASCII bytes, then 4-byte characters straddling the 64-byte cut.
    let key = String(repeating: "a", count: 63) + String(repeating: "😀", count: 100_000)
    let text = #"{"width": 1, "spacing": 1, "tags": [], ""# + key + #"": 0}"#
    guard case .failure(let error) = LayoutService.respond(to: Array(text.utf8)) else {
      Issue.record("accepted")
      return
    }
    #expect(error.message == "unknown field \"" + String(repeating: "a", count: 63) + "...\"")
    #expect(error.offset == #"{"width": 1, "spacing": 1, "tags": [], "#.utf8.count)
  }

  @Test func selectionsAndIdsThatDifferOnlyInTheirLastByte() throws {
    let ids = (0..<300).map { "id" + String(repeating: "\u{10FFFF}", count: $0 % 3) + "\($0)" }
    let tags = ids.map { #"{"id":"\#($0)","size":[1,1]}"# }.joined(separator: ",")
    let selection = ids.reversed().map { "\"\($0)\"" }.joined(separator: ",")
    let request = try LayoutRequestDecoder.decode(
      Array(#"{"width":100,"spacing":0,"tags":[\#(tags)],"selection":[\#(selection),"id0"]}"#.utf8))
    #expect(request.selection.indices == Array(0..<300))
    #expect(throws: WireError.self) {
      try LayoutRequestDecoder.decode(
        Array(#"{"width":100,"spacing":0,"tags":[\#(tags)],"selection":["id"]}"#.utf8))
    }
    #expect(throws: WireError.self) {
      try LayoutRequestDecoder.decode(
        Array(#"{"width":100,"spacing":0,"tags":[\#(tags),{"id":"id0","size":[0,0]}]}"#.utf8))
    }
  }
}
