// Every refusal of the JSON path, worded: each `JSONFault.Code` and each
// `RequestFault.Problem` (with each length detail) against its message written out here, as
// docs/PROTOCOL.md and docs/JSON.md spell them. The tables must name every case, so a new
// refusal without a test fails `everyCaseHasAnExpectedMessage`. Broken once to watch them fail:
// "must be a number of pixels" changed to "must be a number in pixels" in RequestFault, and
// `append(byte:)` made to accept the space as printable; both were caught here.

import TagCloudCore
import Testing

@testable import TagCloudWire

/// `{"tag": 1}`: node 1 is the key `tag`, at byte 1, which the quoting messages show.
private let document = try! JSONDocument.parse(Array(#"{"tag": 1}"#.utf8))

/// The JSON syntax layer's messages, for the argument 0x41 (an input byte `A`, the limit 65 or
/// the code unit 0x0041) and, for `duplicateKey`, the key node 1.
private let jsonMessages: [JSONFault.Code: String] = [
  .endOfInput: "unexpected end of input",
  .unexpected: "unexpected character 'A'",
  .leadingZero: "leading zero in number",
  .digitAfterMinus: "expected a digit after '-' but found character 'A'",
  .digitAfterPoint: "expected a digit after the decimal point but found character 'A'",
  .digitInExponent: "expected a digit in the exponent but found character 'A'",
  .numberTooLong: "number longer than 65 bytes",
  .malformedNumber: "malformed number",
  .numberOutOfRange: "number out of range",
  .unterminatedString: "unterminated string",
  .stringTooLong: "string longer than 65 bytes",
  .controlCharacter: "unescaped control character 0x41 in string",
  .invalidUTF8Byte: "invalid UTF-8 byte 0x41",
  .truncatedUTF8: "truncated UTF-8 sequence",
  .overlongUTF8: "overlong UTF-8 sequence",
  .encodedSurrogate: "UTF-8-encoded surrogate",
  .aboveUnicode: "UTF-8 sequence above U+10FFFF",
  .loneSurrogate: "lone surrogate \\u0041",
  .invalidEscape: "invalid escape \\A",
  .invalidHex: "invalid \\u escape: expected 4 hex digits",
  .inputTooLarge: "input larger than 65 bytes",
  .byteOrderMark: "byte order mark is not allowed",
  .emptyInput: "empty input",
  .tooManyValues: "more than 65 values",
  .tooDeep: "nesting deeper than 65",
  .trailingCharacters: "trailing characters after the JSON value",
  .trailingComma: "trailing comma",
  .expectedCommaOrBracket: "expected ',' or ']' but found character 'A'",
  .expectedCommaOrBrace: "expected ',' or '}' but found character 'A'",
  .expectedKey: "expected a string key but found character 'A'",
  .expectedColon: "expected ':' but found character 'A'",
  .duplicateKey: #"duplicate key "tag""#,
]

/// The request decoder's messages for tag 7 and node 1 (the key `tag`).
private let requestMessages: [RequestFault.Problem: String] = [
  .requestNotObject: "the request must be a JSON object",
  .width: #""width" must be a number of pixels or null"#,
  .spacing: #""spacing" must be a number of pixels"#,
  .mergeDistance: #""mergeDistance" must be a number of pixels"#,
  .textScale: #""textScale" must be a number"#,
  .textScaleRange: #""textScale" must be above 0 and at most 64"#,
  .lineHeight: #""lineHeight" must be a number of pixels"#,
  .reduceMotion: #""reduceMotion" must be true or false"#,
  .direction: #""direction" must be "ltr" or "rtl""#,
  .unknownField: #"unknown field "tag""#,
  .missingWidth: #"missing field "width""#,
  .missingSpacing: #"missing field "spacing""#,
  .missingTags: #"missing field "tags""#,
  .duplicateID: #"duplicate id "tag""#,
  .selectionNotArray: #""selection" must be an array of tag ids"#,
  .selectionItem: #""selection" must hold tag ids (strings)"#,
  .unknownSelection: #"unknown selected id "tag""#,
  .tagsNotArray: #""tags" must be an array"#,
  .tooManyTags: "too many tags (at most 1000000)",
  .unknownAnimation:
    #"unknown animation "tag" (expected "snappy", "smooth", "bouncy", "spacing" or an object)"#,
  .duration: #""duration" must be a number of seconds"#,
  .durationRange: #""duration" must be from 0.001 to 10 seconds"#,
  .bounce: #""bounce" must be a number"#,
  .bounceRange: #""bounce" must be above -1 and below 1"#,
  .missingDuration: #"missing field "duration""#,
  .animation: #""animation" must be null, a preset name or {"duration", "bounce"}"#,
  .tagNotObject: "tags[7] must be an object",
  .id: "tags[7].id must be a string",
  .emptyID: "tags[7].id must not be empty",
  .sizeAndLabel: #"tags[7] must have "size" or "label", not both"#,
  .size: "tags[7].size must be [width, height]",
  .sizeNumbers: "tags[7].size must hold two non-negative numbers",
  .unknownTagField: #"unknown field "tag" in tags[7]"#,
  .missingID: #"tags[7] is missing "id""#,
  .missingContent: #"tags[7] needs "size" or "label""#,
  .labelNotObject: "tags[7].label must be an object",
  .labelWidth: "tags[7].label.width must be a non-negative number",
  .words: "tags[7].label.words must be an array of widths",
  .tooManyWords: "tags[7].label.words has too many words (at most 10000)",
  .wordWidths: "tags[7].label.words must hold non-negative numbers",
  .space: "tags[7].label.space must be a non-negative number",
  .unknownLabelField: #"unknown field "tag" in tags[7].label"#,
  .missingLabelWidth: #"tags[7].label is missing "width""#,
  .maxRows: #""maxRows" must be a whole number from 0 to 1000000"#,
  .moreSizes: #""moreSizes" must be an array of [width, height]"#,
  .moreSize: "moreSizes[7] must be [width, height]",
  .moreSizeNumbers: "moreSizes[7] must hold two non-negative numbers",
  .moreSizesMissing:
    #""moreSizes" must hold at least 1 [width, height], one per digit count of "+K" (for 7 tags)"#,
]

@Suite struct RefusalMessageTests {
  @Test func everyCaseHasAnExpectedMessage() {
    #expect(jsonMessages.count == JSONFault.Code.allCases.count)
    #expect(requestMessages.count == RequestFault.Problem.allCases.count)
  }

  @Test(arguments: JSONFault.Code.allCases)
  func jsonSyntaxMessage(code: JSONFault.Code) {
    let error = JSONFault(code, code == .duplicateKey ? 1 : 0x41, at: 5).error(in: document)
    #expect(error.message == jsonMessages[code])
    #expect(error.offset == 5)
  }

  /// A length detail follows the rule's message; the offset is the node's.
  @Test(arguments: RequestFault.Problem.allCases)
  func requestMessage(problem: RequestFault.Problem) {
    let message = requestMessages[problem] ?? "(none)"
    let details: [(RequestFault.LengthDetail, String)] = [
      (.none, ""), (.negative, " (got a negative number)"), (.tooLarge, " (at most 1000000)"),
    ]
    for (detail, suffix) in details {
      let error = RequestFault(problem, 1, tag: 7, detail: detail).error(in: document)
      #expect(error.message == message + suffix)
      #expect(error.offset == 1)
    }
  }

  /// The limits the messages spell out are the limits the decoder and parser enforce.
  @Test func messagesNameTheLimitsInForce() {
    #expect(WireLimits.maximumTags == 1_000_000)
    #expect(WireLimits.maximumLength == 1_000_000)
    #expect(WireLimits.maximumWords == 10_000)
    #expect(WireLimits.maximumTextScale == 64)
    #expect(WireLimits.minimumSpringDuration == 0.001)
    #expect(WireLimits.maximumSpringDuration == 10)
  }

  /// How a message words an input byte: printable ASCII quoted, anything else (the space, a
  /// control, DEL, a UTF-8 byte) in hex; after a backslash, the letter itself or `(0xHH)`.
  @Test func bytesAreWordedByWhetherTheyArePrintable() {
    let words: [(UInt8, String, String)] = [
      (0x21, "character '!'", "!"), (0x7E, "character '~'", "~"), (0x20, "byte 0x20", "(0x20)"),
      (0x07, "byte 0x07", "(0x07)"), (0x7F, "byte 0x7F", "(0x7F)"), (0xC3, "byte 0xC3", "(0xC3)"),
    ]
    for (byte, asInput, afterBackslash) in words {
      #expect(
        JSONFault(.unexpected, Int(byte), at: 0).error(in: document).message == "unexpected "
          + asInput)
      #expect(
        JSONFault(.invalidEscape, Int(byte), at: 0).error(in: document).message
          == "invalid escape \\" + afterBackslash)
    }
    #expect(
      JSONFault(.loneSurrogate, 0xD83D, at: 0).error(in: document).message
        == "lone surrogate \\uD83D")
  }

  /// A quoted key is a JSON string, cut after 64 bytes at a UTF-8 boundary with "...".
  @Test func longKeysAreCutInMessages() throws {
    let long = String(repeating: "k", count: 63) + "é" + String(repeating: "x", count: 10)
    let parsed = try JSONDocument.parse(Array("{\"\(long)\": 1, \"a\\n\": 2}".utf8))
    let cut = RequestFault(.unknownField, 1).error(in: parsed).message
    #expect(cut == "unknown field \"" + String(repeating: "k", count: 63) + "...\"")
    let escaped = RequestFault(.unknownField, 3).error(in: parsed).message
    #expect(escaped == #"unknown field "a\n""#)
  }
}
