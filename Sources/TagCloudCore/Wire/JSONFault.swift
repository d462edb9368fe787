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
/// Wasm module, and `message` words every refusal from one table of text.
struct JSONFault {
  /// What is wrong: an index into `JSONFault.table`, in its order.
  enum Code: UInt8 {
    case endOfInput, unexpected, leadingZero, digitAfterMinus, digitAfterPoint, digitInExponent
    case numberTooLong, malformedNumber, numberOutOfRange
    case unterminatedString, stringTooLong, controlCharacter, invalidUTF8Byte, truncatedUTF8
    case overlongUTF8, encodedSurrogate, aboveUnicode, loneSurrogate, invalidEscape, invalidHex
    case inputTooLarge, byteOrderMark, emptyInput, tooManyValues, tooDeep, trailingCharacters
    case trailingComma, expectedCommaOrBracket, expectedCommaOrBrace, expectedKey, expectedColon
    case duplicateKey
  }

  var code: Code
  /// The input byte, limit, code unit or key node that the message names (see `table`).
  var argument: Int
  var offset: Int

  init(_ code: Code, _ argument: Int = 0, at offset: Int) {
    self.code = code
    self.argument = argument
    self.offset = offset
  }

  /// The messages, one per code in order, each ended by a NUL. A byte below 0x08 stands for the
  /// argument: 1 an input byte (`WireMessage.byte`), 2 a decimal limit, 3 a byte in hex, 4 a
  /// UTF-16 code unit in hex (digits: 2 × (mark - 2)), 5 the letter after a backslash, 6 a key node's text, quoted.
  /// One string instead of thirty literals and message-building calls: data, not code.
  private static var table: StaticString {
    """
    unexpected end of input\0unexpected \u{1}\0leading zero in number\0\
    expected a digit after '-' but found \u{1}\0\
    expected a digit after the decimal point but found \u{1}\0\
    expected a digit in the exponent but found \u{1}\0number longer than \u{2} bytes\0\
    malformed number\0number out of range\0unterminated string\0\
    string longer than \u{2} bytes\0unescaped control character \u{3} in string\0\
    invalid UTF-8 byte \u{3}\0truncated UTF-8 sequence\0overlong UTF-8 sequence\0\
    UTF-8-encoded surrogate\0UTF-8 sequence above U+10FFFF\0lone surrogate \\u\u{4}\0\
    invalid escape \\\u{5}\0invalid \\u escape: expected 4 hex digits\0\
    input larger than \u{2} bytes\0byte order mark is not allowed\0empty input\0\
    more than \u{2} values\0nesting deeper than \u{2}\0\
    trailing characters after the JSON value\0trailing comma\0\
    expected ',' or ']' but found \u{1}\0expected ',' or '}' but found \u{1}\0\
    expected a string key but found \u{1}\0expected ':' but found \u{1}\0duplicate key \u{6}\0
    """
  }

  /// The refusal in words; `document` holds the key that `.duplicateKey` names.
  @inline(never)
  func error(in document: JSONDocument) -> WireError {
    let table = UnsafeBufferPointer(
      start: JSONFault.table.utf8Start, count: JSONFault.table.utf8CodeUnitCount)
    // Past `code` NULs. (Loops that stop at a NUL alone would become `strlen` calls, which the
    // module does not have.)
    var start = 0
    var skipped: UInt8 = 0
    while skipped < code.rawValue {
      if table[start] == 0 { skipped &+= 1 }
      start &+= 1
    }
    // The text before the argument's mark (or the NUL), the argument, the text after it
    // (nothing when there is no mark).
    var end = start
    while table[end] >= 0x08 { end &+= 1 }
    let mark = table[end]
    let prefix = WireMessage(bytes(table, start..<end))
    start = mark == 0 ? end : end &+ 1
    end = start
    while table[end] >= 0x08 { end &+= 1 }
    let low = UInt8(truncatingIfNeeded: argument)
    let message: WireMessage
    switch mark {
    case 0: message = prefix
    case 1: message = prefix.byte(low)
    case 2: message = prefix.number(argument)
    case 3, 4: message = prefix.hex(UInt32(truncatingIfNeeded: argument), digits: Int(mark &- 2) &* 2)
    case 5: message = prefix.escapeLetter(low)
    default: message = prefix.quoted(document.bytes(argument))
    }
    return WireError(message.appending(WireMessage(bytes(table, start..<end))), at: offset)
  }
}

/// A copy of `buffer[range]`.
private func bytes(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [UInt8] {
  var bytes: [UInt8] = []
  bytes.appendBytes(buffer, range)
  return bytes
}
