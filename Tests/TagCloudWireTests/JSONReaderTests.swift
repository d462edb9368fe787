import TagCloudCore
import TagCloudTestSupport
import TagCloudWire
import Testing

/// Parses and returns the error, or nil when the input was accepted.
private func refusal(_ bytes: [UInt8], limits: JSONLimits = JSONLimits()) -> WireError? {
  do {
    _ = try JSONReader.parse(bytes, limits: limits)
    return nil
  } catch {
    return error
  }
}

private func parse(_ source: String) throws -> JSONElement {
  try JSONReader.parse(wireBytes(source))
}

@Suite struct JSONReaderTests {
  @Test func readsEveryKindOfValueWithOffsets() throws {
    let element = try parse(#" {"a": [1, -2.5e3, true, false, null], "b\u00e9": "x\ty"} "#)
    #expect(element.offset == 1)
    guard case .object(let members) = element.value else {
      Issue.record("not an object")
      return
    }
    #expect(members.count == 2)
    #expect(members[0].key == wireBytes("a"))
    #expect(members[0].keyOffset == 2)
    #expect(members[0].value.offset == 7)
    #expect(
      members[0].value.value
        == .array([
          JSONElement(.number(1), offset: 8), JSONElement(.number(-2500), offset: 11),
          JSONElement(.bool(true), offset: 19), JSONElement(.bool(false), offset: 25),
          JSONElement(.null, offset: 32),
        ]))
    #expect(members[1].key == wireBytes("bé"))
    #expect(members[1].value.value == .string(wireBytes("x\ty")))
  }

  @Test func readsBorrowedMemoryLikeArrays() throws {
    let bytes = wireBytes(#"{"a": [1, "b"]}"#)
    let fromBuffer = try bytes.withUnsafeBufferPointer { buffer in
      try JSONReader.parse(buffer)
    }
    #expect(fromBuffer == (try JSONReader.parse(bytes)))
    let error = wireBytes("[1,]").withUnsafeBufferPointer { buffer -> WireError? in
      do throws(WireError) {
        _ = try JSONReader.parse(buffer)
        return nil
      } catch {
        return error
      }
    }
    #expect(error == WireError("trailing comma", at: 2))
  }

  @Test func decodesEscapesAndSurrogatePairs() throws {
    let element = try parse(#""\"\\\/\b\f\n\r\t\u0041\u00e9\u20AC\ud83d\ude00\u0000""#)
    #expect(element.value == .string(wireBytes("\"\\/\u{8}\u{c}\n\r\tAé€😀\u{0}")))
  }

  @Test func acceptsRawMultibyteUTF8AtEveryLength() throws {
    let source = "\"\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}\u{D7FF}\u{E000}\""
    #expect(try parse(source).value == .string(Array(source.utf8.dropFirst().dropLast())))
  }

  @Test func emptyContainersAndScalarsAtTopLevel() throws {
    #expect(try parse("[]").value == .array([]))
    #expect(try parse("{ }").value == .object([]))
    #expect(try parse("0").value == .number(0))
    #expect(try parse("-0").value.isNegativeZero)
    #expect(try parse("\"\"").value == .string([]))
    #expect(try parse("\r\n\t null \n").value == .null)
  }

  @Test func nestingUpToTheLimitIsAccepted() throws {
    let deep = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
    _ = try parse(deep)
    var limits = JSONLimits()
    limits.maxDepth = 3
    #expect(refusal(wireBytes("[[[1]]]"), limits: limits) == nil)
    #expect(
      refusal(wireBytes("[[[[1]]]]"), limits: limits) == WireError("nesting deeper than 3", at: 3))
    #expect(
      refusal(wireBytes(#"{"a":{"b":{"c":{}}}}"#), limits: limits)
        == WireError("nesting deeper than 3", at: 15))
  }

  @Test func duplicateKeysInBigObjectsAreFoundAtTheirFirstRepetition() {
    // 2,000 distinct keys, then a repetition of key 700 and later of key 5.
    var source = "{"
    for index in 0..<2000 { source += "\"k\(index)\":\(index)," }
    let offset = source.utf8.count
    source += "\"k700\":0,\"k5\":1}"
    #expect(refusal(wireBytes(source)) == WireError("duplicate key \"k700\"", at: offset))
  }

  @Test func bigObjectsWithDistinctKeysAreAccepted() throws {
    var source = "{"
    for index in 0..<5000 { source += (index == 0 ? "" : ",") + "\"\(index * 7919 % 5003)\":[]" }
    source += "}"
    guard case .object(let members) = try parse(source).value else {
      Issue.record("not an object")
      return
    }
    #expect(members.count == 5000)
  }

  @Test func hundredThousandOpeningBracketsAreRefusedWithoutRecursion() {
    let brackets = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
    #expect(refusal(brackets) == WireError("nesting deeper than 64", at: 64))
    var limits = JSONLimits()
    limits.maxDepth = 200_000
    // Even with the limit lifted, the parser is iterative: no stack overflow, only the end.
    #expect(refusal(brackets, limits: limits) == WireError("unexpected end of input", at: 100_000))
    let objects = wireBytes(String(repeating: #"{"a":"#, count: 100_000))
    #expect(refusal(objects, limits: limits) == WireError("unexpected end of input", at: 500_000))
  }

  @Test func inputLargerThanTheLimitIsRefused() {
    var limits = JSONLimits()
    limits.maxBytes = 10
    #expect(
      refusal(wireBytes("[1,2,3,4,5]"), limits: limits)
        == WireError("input larger than 10 bytes", at: 10))
    #expect(refusal(wireBytes("[1,2,3,45]"), limits: limits) == nil)
  }

  @Test func documentsWithTooManyValuesAreRefused() {
    var limits = JSONLimits()
    limits.maxValues = 5  // containers count too: [1,[2],3] holds five values
    #expect(refusal(wireBytes("[1,[2],3]"), limits: limits) == nil)
    #expect(
      refusal(wireBytes("[1,[2],3,4]"), limits: limits) == WireError("more than 5 values", at: 9))
    #expect(refusal(wireBytes(#"{"a":{"b":{}},"c":[{}]}"#), limits: limits) == nil)
    #expect(
      refusal(wireBytes(#"{"a":{"b":{}},"c":[{},1]}"#), limits: limits)
        == WireError("more than 5 values", at: 22))
  }

  @Test func longStringsAndNumbersAreRefused() {
    var limits = JSONLimits()
    limits.maxStringBytes = 4
    limits.maxNumberBytes = 5
    #expect(refusal(wireBytes(#"["abcd"]"#), limits: limits) == nil)
    #expect(
      refusal(wireBytes(#"["abcde"]"#), limits: limits)
        == WireError("string longer than 4 bytes", at: 1)
    )
    #expect(refusal(wireBytes("[1.234]"), limits: limits) == nil)
    #expect(
      refusal(wireBytes("[1.2345]"), limits: limits)
        == WireError("number longer than 5 bytes", at: 1))
  }

  @Test func numbersUpToTheDefaultLengthAreReadExactly() throws {
    // 1,100 bytes: "0." and 1,098 digits; one more byte is refused.
    let digits = "0." + String(repeating: "142857", count: 183)
    #expect(digits.utf8.count == 1100)
    #expect(try JSONReader.parse(wireBytes(digits)).value == .number(Double(digits)!))
    #expect(refusal(wireBytes(digits + "1")) == WireError("number longer than 1100 bytes", at: 0))
    #expect(
      try JSONReader.parse(wireBytes("[-4.9e-324, 2.4703282292062328e-324, 1e-400]")).value
        == .array([
          JSONElement(.number(-.leastNonzeroMagnitude), offset: 1),
          JSONElement(.number(.leastNonzeroMagnitude), offset: 12),
          JSONElement(.number(0), offset: 37),
        ]))
  }

  @Test func keysInMessagesAreEscapedAndCut() {
    let long = String(repeating: "é", count: 40)  // 80 bytes
    let source = "{\"\(long)\":1,\"\(long)\":2}"
    let expected = "duplicate key \"" + String(repeating: "é", count: 32) + "...\""
    #expect(refusal(wireBytes(source)) == WireError(expected, at: 86))
    #expect(
      refusal(wireBytes(#"{"\u0001":1,"\u0001":2}"#))
        == WireError(#"duplicate key "\u0001""#, at: 12))
  }

  /// Every hostile input with the exact message and offset it must be refused with.
  @Test(
    arguments: [
      ("", "empty input", 0),
      ("  \n", "empty input", 3),
      ("\u{FEFF}{}", "byte order mark is not allowed", 0),
      ("[1,2", "unexpected end of input", 4),
      ("[1,2,", "unexpected end of input", 5),
      ("{\"a\"", "unexpected end of input", 4),
      ("{\"a\":", "unexpected end of input", 5),
      ("\"abc", "unterminated string", 0),
      ("[\"abc\\", "unterminated string", 1),
      ("tru", "unexpected end of input", 3),
      ("trux", "unexpected character 'x'", 3),
      ("nul", "unexpected end of input", 3),
      ("False", "unexpected character 'F'", 0),
      ("x", "unexpected character 'x'", 0),
      ("[1,]", "trailing comma", 2),
      ("{\"a\":1,}", "trailing comma", 6),
      ("[1 2]", "expected ',' or ']' but found character '2'", 3),
      ("{\"a\":1 \"b\":2}", "expected ',' or '}' but found character '\"'", 7),
      ("{\"a\" 1}", "expected ':' but found character '1'", 5),
      ("{1:2}", "expected a string key but found character '1'", 1),
      ("{'a':1}", "expected a string key but found character '''", 1),
      ("[1]]", "trailing characters after the JSON value", 3),
      ("{} {}", "trailing characters after the JSON value", 3),
      ("1 x", "trailing characters after the JSON value", 2),
      ("// c\n1", "unexpected character '/'", 0),
      ("[1 /* c */]", "expected ',' or ']' but found character '/'", 3),
      ("\u{0C}1", "unexpected byte 0x0C", 0),
      ("\u{A0}1", "unexpected byte 0xC2", 0),
      ("01", "leading zero in number", 0),
      ("-012", "leading zero in number", 1),
      ("+1", "unexpected character '+'", 0),
      (".5", "unexpected character '.'", 0),
      ("5.", "unexpected end of input", 2),
      ("[5.]", "expected a digit after the decimal point but found character ']'", 3),
      ("1e", "unexpected end of input", 2),
      ("[1e+]", "expected a digit in the exponent but found character ']'", 4),
      ("-", "unexpected end of input", 1),
      ("-x", "expected a digit after '-' but found character 'x'", 1),
      ("[- 1]", "expected a digit after '-' but found byte 0x20", 2),
      ("1e309", "number out of range", 0),
      ("[-1e400]", "number out of range", 1),
      ("[1e99999999999999999999]", "number out of range", 1),
      ("NaN", "unexpected character 'N'", 0),
      ("[Infinity]", "unexpected character 'I'", 1),
      ("\"a\u{1}b\"", "unescaped control character 0x01 in string", 2),
      ("\"a\nb\"", "unescaped control character 0x0A in string", 2),
      ("\"\\x\"", "invalid escape \\x", 1),
      ("\"\\U0041\"", "invalid escape \\U", 1),
      ("\"\\u00G1\"", "invalid \\u escape: expected 4 hex digits", 1),
      ("\"\\u12", "unexpected end of input", 5),
      ("\"\\ud800\"", "lone surrogate \\uD800", 1),
      ("\"\\uDBFFx\"", "lone surrogate \\uDBFF", 1),
      ("\"\\ud800\\u0041\"", "lone surrogate \\uD800", 1),
      ("\"\\ud800\\ud800\"", "lone surrogate \\uD800", 1),
      ("\"\\udc00\"", "lone surrogate \\uDC00", 1),
      ("\"ab\\ude00\\ud83d\"", "lone surrogate \\uDE00", 3),
      ("{\"a\":1,\"a\":2}", "duplicate key \"a\"", 7),
      ("{\"a\":1,\"b\":{\"c\":1,\"c\":1}}", "duplicate key \"c\"", 18),
      ("{\"a\\n\":1,\"a\\u000a\":2}", "duplicate key \"a\\n\"", 9),
      ("[\"\u{0}\"]", "unescaped control character 0x00 in string", 2),
    ] as [(String, String, Int)])
  func refusesMalformedText(source: String, message: String, offset: Int) {
    #expect(refusal(wireBytes(source)) == WireError(message, at: offset))
  }

  /// Invalid UTF-8 in every form, inside a string: [0x22, bytes..., 0x22].
  @Test(
    arguments: [
      ([0x80], "invalid UTF-8 byte 0x80"),
      ([0xBF], "invalid UTF-8 byte 0xBF"),
      ([0xC0, 0x80], "invalid UTF-8 byte 0xC0"),
      ([0xC1, 0xBF], "invalid UTF-8 byte 0xC1"),
      ([0xF5, 0x80, 0x80, 0x80], "invalid UTF-8 byte 0xF5"),
      ([0xFF], "invalid UTF-8 byte 0xFF"),
      ([0xFE], "invalid UTF-8 byte 0xFE"),
      ([0xC3], "truncated UTF-8 sequence"),
      ([0xC3, 0x41], "truncated UTF-8 sequence"),
      ([0xE2, 0x82], "truncated UTF-8 sequence"),
      ([0xF0, 0x9F, 0x98], "truncated UTF-8 sequence"),
      ([0xE0, 0x80, 0x80], "overlong UTF-8 sequence"),
      ([0xE0, 0x9F, 0xBF], "overlong UTF-8 sequence"),
      ([0xF0, 0x8F, 0xBF, 0xBF], "overlong UTF-8 sequence"),
      ([0xED, 0xA0, 0x80], "UTF-8-encoded surrogate"),
      ([0xED, 0xBF, 0xBF], "UTF-8-encoded surrogate"),
      ([0xF4, 0x90, 0x80, 0x80], "UTF-8 sequence above U+10FFFF"),
    ] as [([UInt8], String)])
  func refusesInvalidUTF8(bytes: [UInt8], message: String) {
    #expect(refusal([0x5B, 0x22, 0x61] + bytes + [0x22, 0x5D]) == WireError(message, at: 3))
  }

  @Test func truncatedUTF8AtTheVeryEnd() {
    #expect(refusal([0x22, 0xF0, 0x9F]) == WireError("truncated UTF-8 sequence", at: 1))
  }

  @Test func nulBytesOutsideStringsAreRefused() {
    #expect(refusal([0x00]) == WireError("unexpected byte 0x00", at: 0))
    #expect(refusal([0x31, 0x00]) == WireError("trailing characters after the JSON value", at: 1))
  }

  @Test func everyTruncationOfAValidDocumentIsRefusedWithoutCrashing() {
    let document = wireBytes(
      #"{"width": 390, "tags": [{"id": "Swift\u00e9UI ✓", "size": [96.5, 4e1]}], "x": [true, false, null, -0.0e-0]}"#
    )
    #expect(refusal(document) == nil)
    for length in 0..<document.count {
      let error = refusal(Array(document[0..<length]))
      #expect(error != nil, "prefix of \(length) bytes accepted")
      #expect((error?.offset ?? -1) <= length)
    }
  }

  @Test func randomBytesNeverCrashAndErrorsPointInsideTheInput() {
    var generator = SeededGenerator(seed: 99)
    let alphabet =
      wireBytes("{}[],:\"\\ -+.0123456789eEtrufalsn\u{7F}") + [
        0x00, 0x0A, 0xC3, 0xA9, 0xED, 0xF4, 0x80,
      ]
    for _ in 0..<20_000 {
      let length = Int(generator.next() % 24)
      let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
      if let error = refusal(bytes) {
        #expect(error.offset >= 0 && error.offset <= bytes.count)
        #expect(!error.message.isEmpty)
      }
    }
  }
}

extension JSONValue {
  fileprivate var isNegativeZero: Bool {
    if case .number(let number) = self { return number == 0 && number.sign == .minus }
    return false
  }
}
