/// Pieces of `WireError` messages built from input bytes. They depend on the bytes alone (no
/// locale, no Unicode tables), so native and Wasm builds word their errors identically.
///
///     describeByte(0x78)        // "character 'x'"
///     describeByte(0x00)        // "byte 0x00"
///     quotedForMessage([0x61])  // "\"a\""

/// "character 'x'" for printable ASCII, "byte 0xHH" for anything else.
func describeByte(_ byte: UInt8) -> String {
  if byte >= 0x21 && byte <= 0x7E {
    return String(
      decoding: [
        0x63, 0x68, 0x61, 0x72, 0x61, 0x63, 0x74, 0x65, 0x72, 0x20, 0x27,
        byte, 0x27,
      ], as: UTF8.self)
  }
  return "byte " + hexByte(byte)
}

/// The letter after a backslash, for "invalid escape \x": the letter itself when printable
/// ASCII, else its hex value in parentheses.
func describeEscapeLetter(_ byte: UInt8) -> String {
  if byte >= 0x21 && byte <= 0x7E { return String(decoding: [byte], as: UTF8.self) }
  return "(" + hexByte(byte) + ")"
}

/// "0xHH", upper-case.
func hexByte(_ byte: UInt8) -> String {
  String(decoding: [0x30, 0x78, hexDigit(byte >> 4), hexDigit(byte & 0xF)], as: UTF8.self)
}

/// Four upper-case hex digits of a UTF-16 code unit.
func hexQuadText(_ value: UInt32) -> String {
  String(
    decoding: [
      hexDigit(UInt8(value >> 12 & 0xF)), hexDigit(UInt8(value >> 8 & 0xF)),
      hexDigit(UInt8(value >> 4 & 0xF)), hexDigit(UInt8(value & 0xF)),
    ], as: UTF8.self)
}

private func hexDigit(_ nibble: UInt8) -> UInt8 {
  nibble < 10 ? 0x30 + nibble : 0x41 + nibble - 10
}

/// A key as a JSON string literal for a message, cut to about 64 bytes (at a UTF-8 boundary)
/// with "..." so that a hostile key cannot make a huge message.
func quotedForMessage(_ key: [UInt8]) -> String {
  var writer = JSONWriter()
  if key.count <= 64 {
    writer.string(key)
  } else {
    var end = 64
    while end > 0 && key[end] & 0xC0 == 0x80 { end -= 1 }
    writer.string(Array(key[0..<end]) + [0x2E, 0x2E, 0x2E])
  }
  return String(decoding: writer.bytes, as: UTF8.self)
}
