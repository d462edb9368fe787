/// What the parser's steps throw: nothing but the fact. The refusal itself is recorded first
/// (`JSONScanner.fail`), so that each throw and each `try` costs the Wasm module only a flag.
struct JSONStop: Error {}

/// A refusal found by `JSONScanner` or `JSONDocument`, as a code, one argument and an offset;
/// worded into a `WireError` once, by `JSONDocument.parse`.
///
///     throw scanner.fail(.trailingComma, at: 2)  // becomes WireError("trailing comma", at: 2)
///
/// Why not a `WireError` at once: each of the parser's thirty-odd refusals would then build its
/// message inline (a few calls and an array each); a plain code is a few bytes per site in the
/// Wasm module, and `WireWording` words every refusal from one table of text.
struct JSONFault {
  /// What is wrong, and its message (`WireWording`'s table holds them in this order; their
  /// plain text is scripts/wire-messages.txt, where a message is changed).
  enum Code: UInt8 {
    /// "unexpected end of input"
    case endOfInput
    /// "unexpected <byte>"
    case unexpected
    /// "leading zero in number"
    case leadingZero
    /// "expected a digit after '-' but found <byte>"
    case digitAfterMinus
    /// "expected a digit after the decimal point but found <byte>"
    case digitAfterPoint
    /// "expected a digit in the exponent but found <byte>"
    case digitInExponent
    /// "number longer than <limit> bytes"
    case numberTooLong
    /// "malformed number"
    case malformedNumber
    /// "number out of range"
    case numberOutOfRange
    /// "unterminated string"
    case unterminatedString
    /// "string longer than <limit> bytes"
    case stringTooLong
    /// "unescaped control character <hex> in string"
    case controlCharacter
    /// "invalid UTF-8 byte <hex>"
    case invalidUTF8Byte
    /// "truncated UTF-8 sequence"
    case truncatedUTF8
    /// "overlong UTF-8 sequence"
    case overlongUTF8
    /// "UTF-8-encoded surrogate"
    case encodedSurrogate
    /// "UTF-8 sequence above U+10FFFF"
    case aboveUnicode
    /// "lone surrogate \u<code unit>"
    case loneSurrogate
    /// "invalid escape \<letter>"
    case invalidEscape
    /// "invalid \u escape: expected 4 hex digits"
    case invalidHex
    /// "input larger than <limit> bytes"
    case inputTooLarge
    /// "byte order mark is not allowed"
    case byteOrderMark
    /// "empty input"
    case emptyInput
    /// "more than <limit> values"
    case tooManyValues
    /// "nesting deeper than <limit>"
    case tooDeep
    /// "trailing characters after the JSON value"
    case trailingCharacters
    /// "trailing comma"
    case trailingComma
    /// "expected ',' or ']' but found <byte>"
    case expectedCommaOrBracket
    /// "expected ',' or '}' but found <byte>"
    case expectedCommaOrBrace
    /// "expected a string key but found <byte>"
    case expectedKey
    /// "expected ':' but found <byte>"
    case expectedColon
    /// "duplicate key <key>"
    case duplicateKey
  }

  var code: Code
  /// The input byte, limit, code unit or key node that the message names.
  var argument: Int
  var offset: Int

  init(_ code: Code, _ argument: Int = 0, at offset: Int) {
    self.code = code
    self.argument = argument
    self.offset = offset
  }

  /// The refusal in words (`WireWording`'s first 32 lines); `document` holds the key that
  /// `.duplicateKey` names.
  func error(in document: JSONDocument) -> WireError {
    WireWording.error(Int(code.rawValue), 0, argument, argument, document, at: offset)
  }
}
