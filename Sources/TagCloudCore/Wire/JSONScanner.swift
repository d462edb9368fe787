/// The lexical half of `JSONReader`: whitespace, strings (with strict UTF-8 validation and
/// escape decoding), numbers and the three literals, each refusing bad input with a precise
/// `WireError`.
///
///     var scanner = JSONScanner(input: buffer, limits: JSONLimits())  // buffer holds "\"a\\n\""
///     try scanner.parseString(into: &text)  // appends [0x61, 0x0A]
///
/// - Complexity: linear in the bytes consumed.
struct JSONScanner {
  let input: UnsafeBufferPointer<UInt8>
  let limits: JSONLimits
  var position = 0

  init(input: UnsafeBufferPointer<UInt8>, limits: JSONLimits) {
    self.input = input
    self.limits = limits
  }

  var atEnd: Bool { position >= input.count }

  /// The byte at the current position, or the "unexpected end of input" error.
  func peekOrEnd() throws(WireError) -> UInt8 {
    if position >= input.count { throw WireError("unexpected end of input", at: input.count) }
    return input[position]
  }

  @inline(never)  // called from many places; one copy is smaller (Wasm build)
  mutating func skipWhitespace() {
    while position < input.count {
      switch input[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  /// Reads `true`, `false` or `null` into a node's kind and flag; anything else at a value's
  /// start is refused here.
  mutating func parseLiteral() throws(WireError) -> JSONNode {
    let literal: StaticString
    var node = JSONNode(kind: .null, offset: position)
    switch input[position] {
    case UInt8(ascii: "t"):
      literal = "true"
      node.kind = .bool
      node.first = 1
    case UInt8(ascii: "f"):
      literal = "false"
      node.kind = .bool
    case UInt8(ascii: "n"):
      literal = "null"
    default:
      throw WireError(WireMessage("unexpected ").byte(input[position]), at: position)
    }
    for byte in UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount) {
      let actual = try peekOrEnd()
      if actual != byte { throw WireError(WireMessage("unexpected ").byte(actual), at: position) }
      position += 1
    }
    return node
  }

  // MARK: Numbers

  /// Reads a number token in the exact RFC 8259 grammar and converts it, correctly rounded.
  mutating func parseNumber() throws(WireError) -> Double {
    let start = position
    if input[position] == UInt8(ascii: "-") { position += 1 }
    let first = try peekOrEnd()
    if first == UInt8(ascii: "0") {
      position += 1
      if position < input.count && isDigit(input[position]) {
        throw WireError("leading zero in number", at: position - 1)
      }
    } else if isDigit(first) {
      skipDigits()
    } else {
      throw WireError(
        WireMessage("expected a digit after '-' but found ").byte(first), at: position)
    }
    if position < input.count && input[position] == UInt8(ascii: ".") {
      position += 1
      try expectDigit(WireMessage("expected a digit after the decimal point but found "))
    }
    if position < input.count && (input[position] | 0x20) == UInt8(ascii: "e") {
      position += 1
      if position < input.count
        && (input[position] == UInt8(ascii: "+") || input[position] == UInt8(ascii: "-"))
      {
        position += 1
      }
      try expectDigit(WireMessage("expected a digit in the exponent but found "))
    }
    if position - start > limits.maxNumberBytes {
      throw WireError(
        WireMessage("number longer than ").number(limits.maxNumberBytes).text(" bytes"), at: start)
    }
    let token = UnsafeBufferPointer(rebasing: input[start..<position])
    guard let value = DecimalParsing.parseCheckedToken(token) else {
      // Unreachable: the grammar was checked above. Kept as an error, never a crash.
      throw WireError("malformed number", at: start)
    }
    if !value.isFinite { throw WireError("number out of range", at: start) }
    return value
  }

  private mutating func expectDigit(_ message: WireMessage) throws(WireError) {
    let byte = try peekOrEnd()
    if !isDigit(byte) { throw WireError(message.byte(byte), at: position) }
    skipDigits()
  }

  private mutating func skipDigits() {
    while position < input.count && isDigit(input[position]) { position += 1 }
  }

  private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

  // MARK: Strings

  /// Reads a string starting at its opening quote; appends its UTF-8 bytes, escapes decoded,
  /// to `decoded`.
  mutating func parseString(into decoded: inout [UInt8]) throws(WireError) {
    let quote = position
    assert(input[quote] == UInt8(ascii: "\""))
    position += 1
    var runStart = position
    while true {
      if position >= input.count { throw WireError("unterminated string", at: quote) }
      let byte = input[position]
      if byte == UInt8(ascii: "\"") {
        if position - quote - 1 > limits.maxStringBytes {
          throw WireError(
            WireMessage("string longer than ").number(limits.maxStringBytes).text(" bytes"),
            at: quote)
        }
        decoded.appendBytes(input, runStart..<position)
        position += 1
        return
      }
      if byte == UInt8(ascii: "\\") {
        decoded.appendBytes(input, runStart..<position)
        try decodeEscape(into: &decoded, quote: quote)
        runStart = position
      } else if byte < 0x20 {
        throw WireError(
          WireMessage("unescaped control character ").hex(UInt32(byte), digits: 2).text(
            " in string"),
          at: position)
      } else if byte < 0x80 {
        position += 1
      } else {
        try skipMultibyteScalar()
      }
    }
  }

  /// Validates one multi-byte UTF-8 sequence at the current position (RFC 3629: shortest form,
  /// no surrogates, nothing above U+10FFFF) and steps over it.
  private mutating func skipMultibyteScalar() throws(WireError) {
    let lead = input[position]
    var length = 3
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0: low = 0xA0
    case 0xE1...0xEC, 0xEE, 0xEF: break
    case 0xED: high = 0x9F
    case 0xF0:
      length = 4
      low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      high = 0x8F
    default:
      throw WireError(WireMessage("invalid UTF-8 byte ").hex(UInt32(lead), digits: 2), at: position)
    }
    for index in 1..<length {
      if position + index >= input.count || input[position + index] & 0xC0 != 0x80 {
        throw WireError("truncated UTF-8 sequence", at: position)
      }
    }
    let second = input[position + 1]
    if second < low {
      throw WireError("overlong UTF-8 sequence", at: position)
    }
    if second > high {
      throw WireError(
        lead == 0xED ? "UTF-8-encoded surrogate" : "UTF-8 sequence above U+10FFFF", at: position)
    }
    position += length
  }

  /// Decodes one escape sequence at the current position (the backslash).
  private mutating func decodeEscape(into decoded: inout [UInt8], quote: Int) throws(WireError) {
    let backslash = position
    if position + 1 >= input.count { throw WireError("unterminated string", at: quote) }
    let letter = input[position + 1]
    position += 2
    let simple: UInt8
    switch letter {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): simple = letter
    case UInt8(ascii: "b"): simple = 0x08
    case UInt8(ascii: "f"): simple = 0x0C
    case UInt8(ascii: "n"): simple = 0x0A
    case UInt8(ascii: "r"): simple = 0x0D
    case UInt8(ascii: "t"): simple = 0x09
    case UInt8(ascii: "u"):
      var scalar = try hexQuad(escapeAt: backslash)
      if scalar & 0xFC00 == 0xDC00 {
        throw WireError(WireMessage("lone surrogate \\u").hex(scalar, digits: 4), at: backslash)
      }
      if scalar & 0xFC00 == 0xD800 {
        // Must be followed at once by an escaped low surrogate.
        var low: UInt32 = 0
        if position + 1 < input.count && input[position] == UInt8(ascii: "\\")
          && input[position + 1] == UInt8(ascii: "u")
        {
          let saved = position
          position += 2
          low = (try? hexQuad(escapeAt: saved)) ?? 0
          if low & 0xFC00 != 0xDC00 { position = saved }
        }
        if low & 0xFC00 != 0xDC00 {
          throw WireError(WireMessage("lone surrogate \\u").hex(scalar, digits: 4), at: backslash)
        }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      }
      appendUTF8(scalar, to: &decoded)
      return
    default:
      throw WireError(WireMessage("invalid escape \\").escapeLetter(letter), at: backslash)
    }
    decoded.appendByte(simple)
  }

  /// Reads the four hex digits after `\u` (the current position is the first digit).
  private mutating func hexQuad(escapeAt backslash: Int) throws(WireError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      if position >= input.count {
        throw WireError("unexpected end of input", at: input.count)
      }
      let byte = input[position]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default:
        throw WireError("invalid \\u escape: expected 4 hex digits", at: backslash)
      }
      value = value << 4 | UInt32(digit)
      position += 1
    }
    return value
  }
}

/// Appends the UTF-8 encoding of a Unicode scalar value (not a surrogate).
private func appendUTF8(_ scalar: UInt32, to bytes: inout [UInt8]) {
  if scalar < 0x80 {
    bytes.appendByte(UInt8(scalar))
  } else if scalar < 0x800 {
    bytes.appendByte(UInt8(0xC0 | scalar >> 6))
    bytes.appendByte(UInt8(0x80 | scalar & 0x3F))
  } else if scalar < 0x10000 {
    bytes.appendByte(UInt8(0xE0 | scalar >> 12))
    bytes.appendByte(UInt8(0x80 | (scalar >> 6) & 0x3F))
    bytes.appendByte(UInt8(0x80 | scalar & 0x3F))
  } else {
    bytes.appendByte(UInt8(0xF0 | scalar >> 18))
    bytes.appendByte(UInt8(0x80 | (scalar >> 12) & 0x3F))
    bytes.appendByte(UInt8(0x80 | (scalar >> 6) & 0x3F))
    bytes.appendByte(UInt8(0x80 | scalar & 0x3F))
  }
}
