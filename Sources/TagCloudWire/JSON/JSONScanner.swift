import TagCloudCore

/// The lexical half of `JSONDocument`'s parser: whitespace, strings (with strict UTF-8
/// validation and escape decoding), numbers and the three literals, each refusing bad input
/// with a precise `JSONFault`.
///
///     var scanner = JSONScanner(input: buffer, limits: JSONLimits())  // buffer holds "\"a\\n\""
///     try scanner.parseString(into: &text)  // appends [0x61, 0x0A]
///
/// Reads go through the borrowed buffer, and positions move with wrapping arithmetic (`&+`):
/// every index is compared with `input.count` first, and positions never pass it, far below
/// `Int.max`.
///
/// - Complexity: linear in the bytes consumed.
struct JSONScanner {
  let input: UnsafeBufferPointer<UInt8>
  let maxStringBytes: Int
  let maxNumberBytes: Int
  var position = 0

  init(input: UnsafeBufferPointer<UInt8>, limits: JSONLimits) {
    self.input = input
    maxStringBytes = limits.maxStringBytes
    maxNumberBytes = limits.maxNumberBytes
  }

  /// The byte at the current position; "unexpected end of input" when there is none.
  mutating func peek() throws(JSONFault) -> UInt8 {
    if position >= input.count { throw JSONFault(.endOfInput, at: input.count) }
    return input[position]
  }

  /// Steps over `skipped` bytes and whitespace, then peeks (see `peek`).
  mutating func peekAfterWhitespace(skipping skipped: Int = 0) throws(JSONFault) -> UInt8 {
    skipWhitespace(skipping: skipped)
    return try peek()
  }

  mutating func skipWhitespace(skipping skipped: Int = 0) {
    // Bounded: the skipped bytes (a bracket, comma or colon) were read.
    position &+= skipped
    while position < input.count {
      switch input[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position &+= 1
      default: return
      }
    }
  }

  /// Steps over `true`, `false` or `null`, whichever the current byte begins (its kind is the
  /// caller's). Any other byte at a value's start is refused here too: it differs from the
  /// first letter of "null".
  mutating func parseLiteral() throws(JSONFault) {
    let byte = input[position]
    let literal: StaticString =
      byte == UInt8(ascii: "t") ? "true" : byte == UInt8(ascii: "f") ? "false" : "null"
    var index = 0
    while index < literal.utf8CodeUnitCount {
      let actual = try peek()
      if actual != literal.utf8Start[index] {
        throw JSONFault(.unexpected, Int(actual), at: position)
      }
      position &+= 1
      index &+= 1
    }
  }

  /// The input from `start` up to the current position (`start <= position <= input.count`),
  /// without the checks of a slice.
  private func bytes(from start: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: input.baseAddress.map { $0 + start }, count: position &- start)
  }

  // MARK: Numbers

  /// Reads a number token in the exact RFC 8259 grammar and converts it, correctly rounded.
  mutating func parseNumber() throws(JSONFault) -> Double {
    let start = position
    skip(UInt8(ascii: "-"), UInt8(ascii: "-"))
    let integer = position
    try digits(.digitAfterMinus)
    // A leading zero followed by more digits; the first digit is always there.
    if input[integer] == UInt8(ascii: "0") && position &- integer > 1 {
      throw JSONFault(.leadingZero, at: integer)
    }
    if skip(UInt8(ascii: "."), UInt8(ascii: ".")) { try digits(.digitAfterPoint) }
    if skip(UInt8(ascii: "e"), UInt8(ascii: "E")) {
      skip(UInt8(ascii: "+"), UInt8(ascii: "-"))
      try digits(.digitInExponent)
    }
    if position &- start > maxNumberBytes {
      throw JSONFault(.numberTooLong, maxNumberBytes, at: start)
    }
    // Unreachable `nil`: the grammar was checked above. Kept as a refusal, never a crash.
    guard let value = DecimalParsing.parseCheckedToken(bytes(from: start)) else {
      throw JSONFault(.malformedNumber, at: start)
    }
    if !value.isFinite { throw JSONFault(.numberOutOfRange, at: start) }
    return value
  }

  /// Steps over the current byte if it is `byte` or `other`.
  @discardableResult
  private mutating func skip(_ byte: UInt8, _ other: UInt8) -> Bool {
    if position < input.count && (input[position] == byte || input[position] == other) {
      position &+= 1
      return true
    }
    return false
  }

  /// Steps over one or more digits; `code` refuses a first byte that is not one.
  private mutating func digits(_ code: JSONFault.Code) throws(JSONFault) {
    let byte = try peek()
    if byte &- UInt8(ascii: "0") >= 10 { throw JSONFault(code, Int(byte), at: position) }
    repeat {
      position &+= 1
    } while position < input.count && input[position] &- UInt8(ascii: "0") < 10
  }

  // MARK: Strings

  /// Reads a string starting at its opening quote; appends its UTF-8 bytes, escapes decoded,
  /// to `decoded`. Runs of plain bytes are appended at once.
  mutating func parseString(into decoded: inout [UInt8]) throws(JSONFault) {
    let quote = position
    assert(input[quote] == UInt8(ascii: "\""))
    position &+= 1
    var runStart = position
    while true {
      if position >= input.count { throw JSONFault(.unterminatedString, at: quote) }
      let byte = input[position]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
        decoded.append(contentsOf: bytes(from: runStart))
        if byte == UInt8(ascii: "\"") {
          if position &- quote &- 1 > maxStringBytes {
            throw JSONFault(.stringTooLong, maxStringBytes, at: quote)
          }
          position &+= 1
          return
        }
        try decodeEscape(into: &decoded, quote: quote)
        runStart = position
      } else if byte < 0x20 {
        throw JSONFault(.controlCharacter, Int(byte), at: position)
      } else if byte < 0x80 {
        position &+= 1
      } else {
        try skipMultibyteScalar()
      }
    }
  }

  /// Validates one multi-byte UTF-8 sequence at the current position (RFC 3629: shortest form,
  /// no surrogates, nothing above U+10FFFF) and steps over it.
  private mutating func skipMultibyteScalar() throws(JSONFault) {
    let lead = input[position]
    if lead &- 0xC2 > 0xF4 - 0xC2 { throw JSONFault(.invalidUTF8Byte, Int(lead), at: position) }
    // The second byte's range: 80...BF but for E0 (A0...), ED (...9F), F0 (90...), F4 (...8F).
    var length = 2
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    if lead >= 0xE0 {
      length = 3
      if lead == 0xE0 { low = 0xA0 }
      if lead == 0xED { high = 0x9F }
    }
    if lead >= 0xF0 {
      length = 4
      if lead == 0xF0 { low = 0x90 }
      if lead == 0xF4 { high = 0x8F }
    }
    var index = 1
    while index < length {
      if position &+ index >= input.count || input[position &+ index] & 0xC0 != 0x80 {
        throw JSONFault(.truncatedUTF8, at: position)
      }
      index &+= 1
    }
    let second = input[position &+ 1]
    if second < low { throw JSONFault(.overlongUTF8, at: position) }
    if second > high {
      throw JSONFault(lead == 0xED ? .encodedSurrogate : .aboveUnicode, at: position)
    }
    position &+= length
  }

  /// Decodes one escape sequence at the current position (the backslash).
  private mutating func decodeEscape(into decoded: inout [UInt8], quote: Int) throws(JSONFault) {
    let backslash = position
    if position &+ 1 >= input.count { throw JSONFault(.unterminatedString, at: quote) }
    let letter = input[position &+ 1]
    position &+= 2
    if letter == UInt8(ascii: "u") {
      var scalar = try hexQuad(escapeAt: backslash)
      if scalar & 0xF800 == 0xD800 {
        // A high surrogate must be followed at once by an escaped low one.
        var low: UInt32 = 0
        // (On a refusal the position does not matter: a "\\" without "u" may stay skipped.)
        if scalar < 0xDC00 && skip(UInt8(ascii: "\\"), UInt8(ascii: "\\"))
          && skip(UInt8(ascii: "u"), UInt8(ascii: "u"))
        {
          low = (try? hexQuad(escapeAt: backslash)) ?? 0
        }
        if low & 0xFC00 != 0xDC00 {
          throw JSONFault(.loneSurrogate, Int(truncatingIfNeeded: scalar), at: backslash)
        }
        // Bounded: the high surrogate is below 0xDC00, the low one from 0xDC00 to 0xDFFF.
        scalar = 0x10000 &+ (scalar &- 0xD800) << 10 &+ (low &- 0xDC00)
      }
      appendUTF8(scalar, to: &decoded)
      return
    }
    // The simple escapes as pairs: the letter, then the byte it stands for.
    let table: StaticString = "\"\"\\\\//b\u{8}f\u{C}n\nr\rt\t"
    var index = 0
    while index < table.utf8CodeUnitCount {
      if table.utf8Start[index] == letter {
        decoded.append(table.utf8Start[index &+ 1])
        return
      }
      index &+= 2
    }
    throw JSONFault(.invalidEscape, Int(letter), at: backslash)
  }

  /// Reads the four hex digits after `\u` (the current position is the first digit).
  private mutating func hexQuad(escapeAt backslash: Int) throws(JSONFault) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = try peek()
      var digit = byte &- UInt8(ascii: "0")
      if digit >= 10 {
        // 'a'...'f' and 'A'...'F' map to 10...15; every other byte lands outside.
        digit = (byte | 0x20) &- (UInt8(ascii: "a") - 10)
        if digit &- 10 >= 6 { throw JSONFault(.invalidHex, at: backslash) }
      }
      value = value << 4 | UInt32(digit)
      position &+= 1
    }
    return value
  }
}

/// Appends the UTF-8 encoding of a Unicode scalar value (not a surrogate): the lead byte, then
/// one continuation byte per six bits left.
private func appendUTF8(_ scalar: UInt32, to bytes: inout [UInt8]) {
  var continuations: UInt32 = scalar < 0x80 ? 0 : scalar < 0x800 ? 1 : scalar < 0x10000 ? 2 : 3
  // The lead's marker bits (none, C0, E0, F0) above the scalar's top bits.
  let marker: UInt32 = continuations == 0 ? 0 : 0xFF80 >> continuations
  bytes.append(UInt8(truncatingIfNeeded: marker | scalar >> (6 &* continuations)))
  while continuations > 0 {
    continuations &-= 1
    bytes.append(UInt8(truncatingIfNeeded: 0x80 | (scalar >> (6 &* continuations)) & 0x3F))
  }
}
