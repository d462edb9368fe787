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
  /// What is wrong, and its message (`table` holds them in this order).
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
  /// The input byte, limit, code unit or key node that the message names (see `table`).
  var argument: Int
  var offset: Int

  init(_ code: Code, _ argument: Int = 0, at offset: Int) {
    self.code = code
    self.argument = argument
    self.offset = offset
  }

  /// The messages, one per code in order, then the words they share; each ended by a NUL.
  /// A byte from 0x07 to 0x1F stands for a word: the (byte - 7)th after the messages. A byte
  /// from 0x01 to 0x06 stands for the argument: 1 an input byte (`WireMessage.byte`), 2 a
  /// decimal limit, 3 a byte in hex, 4 a UTF-16 code unit in hex (`hex` digits: 2 × (mark - 2)),
  /// 5 the letter after a backslash, 6 a key node's text, quoted. One string instead of thirty
  /// literals and message-building calls, and a third smaller with the words shared: data,
  /// not code. (`Code`'s cases spell each message out.)
  private static var table: StaticString {
    """
    un\u{7}end of \u{17}\0\
    un\u{7}\u{1}\0\
    leading zero\u{18}\u{C}\0\
    \u{7}\u{F}after '-'\u{8}\0\
    \u{7}\u{F}after the decimal point\u{8}\0\
    \u{7}\u{F}in the exponent\u{8}\0\
    \u{C} longer\u{9}\u{A}\0\
    malformed \u{C}\0\
    \u{C} out of range\0\
    unterminated \u{D}\0\
    \u{D} longer\u{9}\u{A}\0\
    un\u{14}d control \u{13} \u{3}\u{18}\u{D}\0\
    \u{E}\u{B}byte \u{3}\0\
    truncated \u{B}\u{11}\0\
    overlong \u{B}\u{11}\0\
    UTF-8-encoded \u{10}\0\
    \u{B}\u{11} above U+10FFFF\0\
    lone \u{10} \\u\u{4}\0\
    \u{E}\u{14} \\\u{5}\0\
    \u{E}\\u \u{14}: \u{7}4 hex digits\0\
    \u{17} larger\u{9}\u{A}\0\
    byte order mark is not allowed\0\
    empty \u{17}\0\
    more\u{9} values\0\
    nesting deeper\u{9}\0\
    \u{12}\u{13}s\u{15}the JSON value\0\
    \u{12}comma\0\
    \u{7}\u{16}]'\u{8}\0\
    \u{7}\u{16}}'\u{8}\0\
    \u{7}a \u{D} key\u{8}\0\
    \u{7}':'\u{8}\0\
    duplicate key \u{6}\0\
    expected \0\
     but found \u{1}\0\
     than \u{2}\0\
     bytes\0\
    UTF-8 \0\
    number\0\
    string\0\
    invalid \0\
    a digit \0\
    surrogate\0\
    sequence\0\
    trailing \0\
    character\0\
    escape\0\
     after \0\
    ',' or '\0\
    input\0\
     in \0
    """
  }

  /// The refusal in words; `document` holds the key that `.duplicateKey` names.
  @inline(never)
  func error(in document: JSONDocument) -> WireError {
    let table = UnsafeBufferPointer(
      start: JSONFault.table.utf8Start, count: JSONFault.table.utf8CodeUnitCount)
    var index = JSONFault.segment(Int(code.rawValue), in: table)
    // Where the message goes on after a word, or 0 outside words.
    var resume = 0
    // The message so far.
    var run: [UInt8] = []
    while true {
      let byte = table[index]
      index &+= 1
      if byte >= 0x20 {
        run.appendByte(byte)
      } else if byte >= 0x07 {
        resume = index
        // The words follow the 32 messages.
        index = JSONFault.segment(Int(byte) &+ (32 - 7), in: table)
      } else if byte == 0 {
        if resume == 0 { break }
        index = resume
        resume = 0
      } else {
        let prefix = WireMessage(run)
        let low = UInt8(truncatingIfNeeded: argument)
        let message: WireMessage
        switch byte {
        case 1: message = prefix.byte(low)
        case 2: message = prefix.number(argument)
        case 3, 4:
          message = prefix.hex(UInt32(truncatingIfNeeded: argument), digits: Int(byte &- 2) &* 2)
        case 5: message = prefix.escapeLetter(low)
        default: message = prefix.quoted(document.bytes(argument))
        }
        run = message.bytes
      }
    }
    return WireError(WireMessage(run), at: offset)
  }

  /// Where the `number`th NUL-ended string of `table` starts. (A loop that stops at a NUL alone
  /// would become a `strlen` call, which the module does not have.)
  @inline(never)
  private static func segment(_ number: Int, in table: UnsafeBufferPointer<UInt8>) -> Int {
    var start = 0
    var skipped = 0
    while skipped < number {
      if table[start] == 0 { skipped &+= 1 }
      start &+= 1
    }
    return start
  }
}
