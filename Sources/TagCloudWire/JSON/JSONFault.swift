/// A refusal found by `JSONScanner` or `JSONDocument`: what is wrong, the one thing its message
/// names (an input byte, a limit, a code unit, a key's node) and the byte offset. Worded into a
/// ``WireError`` by ``error(in:)``, once the parse has stopped.
///
///     throw JSONFault(.trailingComma, at: 2)  // becomes WireError("trailing comma", at: 2)
struct JSONFault: Error {
  /// What is wrong; ``JSONFault/error(in:)`` holds each one's message.
  enum Code: CaseIterable {
    case endOfInput, unexpected, leadingZero, digitAfterMinus, digitAfterPoint, digitInExponent
    case numberTooLong, malformedNumber, numberOutOfRange
    case unterminatedString, stringTooLong, controlCharacter
    case invalidUTF8Byte, truncatedUTF8, overlongUTF8, encodedSurrogate, aboveUnicode
    case loneSurrogate, invalidEscape, invalidHex
    case inputTooLarge, byteOrderMark, emptyInput, tooManyValues, tooDeep, trailingCharacters
    case trailingComma, expectedCommaOrBracket, expectedCommaOrBrace, expectedKey, expectedColon
    case duplicateKey
  }

  var code: Code
  /// The input byte, limit, UTF-16 code unit or key node that the message names.
  var argument: Int
  var offset: Int

  init(_ code: Code, _ argument: Int = 0, at offset: Int) {
    self.code = code
    self.argument = argument
    self.offset = offset
  }

  /// The refusal in words (docs/JSON.md lists them); `document` holds the key that
  /// `.duplicateKey` names.
  func error(in document: JSONDocument) -> WireError {
    let byte = UInt8(truncatingIfNeeded: argument)
    var message = WireMessage()
    switch code {
    case .endOfInput:
      message.append("unexpected end of input")
    case .unexpected:
      message.append("unexpected ")
      message.append(byte: byte)
    case .leadingZero:
      message.append("leading zero in number")
    case .digitAfterMinus:
      message.append("expected a digit after '-' but found ")
      message.append(byte: byte)
    case .digitAfterPoint:
      message.append("expected a digit after the decimal point but found ")
      message.append(byte: byte)
    case .digitInExponent:
      message.append("expected a digit in the exponent but found ")
      message.append(byte: byte)
    case .numberTooLong:
      message.append("number longer than ")
      message.append(number: argument)
      message.append(" bytes")
    case .malformedNumber:
      message.append("malformed number")
    case .numberOutOfRange:
      message.append("number out of range")
    case .unterminatedString:
      message.append("unterminated string")
    case .stringTooLong:
      message.append("string longer than ")
      message.append(number: argument)
      message.append(" bytes")
    case .controlCharacter:
      message.append("unescaped control character 0x")
      message.append(hex: Int(byte), digits: 2)
      message.append(" in string")
    case .invalidUTF8Byte:
      message.append("invalid UTF-8 byte 0x")
      message.append(hex: Int(byte), digits: 2)
    case .truncatedUTF8:
      message.append("truncated UTF-8 sequence")
    case .overlongUTF8:
      message.append("overlong UTF-8 sequence")
    case .encodedSurrogate:
      message.append("UTF-8-encoded surrogate")
    case .aboveUnicode:
      message.append("UTF-8 sequence above U+10FFFF")
    case .loneSurrogate:
      message.append("lone surrogate \\u")
      message.append(hex: argument & 0xFFFF, digits: 4)
    case .invalidEscape:
      message.append("invalid escape \\")
      message.append(escapeLetter: byte)
    case .invalidHex:
      message.append("invalid \\u escape: expected 4 hex digits")
    case .inputTooLarge:
      message.append("input larger than ")
      message.append(number: argument)
      message.append(" bytes")
    case .byteOrderMark:
      message.append("byte order mark is not allowed")
    case .emptyInput:
      message.append("empty input")
    case .tooManyValues:
      message.append("more than ")
      message.append(number: argument)
      message.append(" values")
    case .tooDeep:
      message.append("nesting deeper than ")
      message.append(number: argument)
    case .trailingCharacters:
      message.append("trailing characters after the JSON value")
    case .trailingComma:
      message.append("trailing comma")
    case .expectedCommaOrBracket:
      message.append("expected ',' or ']' but found ")
      message.append(byte: byte)
    case .expectedCommaOrBrace:
      message.append("expected ',' or '}' but found ")
      message.append(byte: byte)
    case .expectedKey:
      message.append("expected a string key but found ")
      message.append(byte: byte)
    case .expectedColon:
      message.append("expected ':' but found ")
      message.append(byte: byte)
    case .duplicateKey:
      message.append("duplicate key ")
      message.append(quoted: document.bytes(argument))
    }
    return WireError(message, at: offset)
  }
}
