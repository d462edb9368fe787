/// A `WireError` message assembled as UTF-8 bytes and turned into a `String` once.
///
///     WireError(WireMessage("unexpected ").byte(0x78), at: 3)     // "unexpected character 'x'"
///     WireError(WireMessage("nesting deeper than ").number(64), at: 64)
///
/// Why not `"..." + String(n)`: in Embedded Swift, `String` concatenation and interpolation pull
/// in about 24 KB of string machinery (measured for wasm32 after `wasm-opt -Oz`), most of the
/// Wasm module's budget; appending bytes and validating once costs a few hundred bytes. The
/// text depends on the input bytes alone (no locale, no Unicode tables), so native and Wasm
/// builds word every error identically.
public struct WireMessage: ExpressibleByStringLiteral {
  public private(set) var bytes: [UInt8] = []

  public init(_ text: StaticString) {
    bytes.appendLiteral(text)
  }

  public init(stringLiteral text: StaticString) {
    bytes.appendLiteral(text)
  }

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  // The builders consume the message and append to it in place: the usual chain
  // `WireMessage("…").number(n).text("…")` then never copies its bytes.

  /// The message with literal text appended.
  consuming func text(_ text: StaticString) -> WireMessage {
    bytes.appendLiteral(text)
    return self
  }

  /// The message with another message appended.
  consuming func appending(_ other: WireMessage) -> WireMessage {
    other.bytes.withUnsafeBufferPointer { bytes.appendBytes($0) }
    return self
  }

  /// The message with a decimal integer appended.
  consuming func number(_ value: Int) -> WireMessage {
    if value < 0 { bytes.appendByte(UInt8(ascii: "-")) }
    DecimalFormatting.appendInteger(UInt64(value.magnitude), to: &bytes)
    return self
  }

  /// The message with an input byte described: "character 'x'" for printable ASCII, else
  /// "byte 0xHH".
  consuming func byte(_ byte: UInt8) -> WireMessage {
    if byte >= 0x21 && byte <= 0x7E {
      bytes.appendLiteral("character '")
      bytes.appendByte(byte)
      bytes.appendByte(UInt8(ascii: "'"))
      return self
    }
    bytes.appendLiteral("byte ")
    return hex(UInt32(byte), digits: 2)
  }

  /// The message with the letter after a backslash: itself when printable ASCII, else its hex
  /// value in parentheses.
  consuming func escapeLetter(_ byte: UInt8) -> WireMessage {
    if byte >= 0x21 && byte <= 0x7E {
      bytes.appendByte(byte)
      return self
    }
    bytes.appendByte(UInt8(ascii: "("))
    return hex(UInt32(byte), digits: 2).text(")")
  }

  /// The message with "0x" and upper-case hex digits appended (digits == 2), or just the four
  /// upper-case hex digits of a UTF-16 code unit (digits == 4).
  consuming func hex(_ value: UInt32, digits: Int) -> WireMessage {
    if digits == 2 { bytes.appendLiteral("0x") }
    var shift = digits * 4
    while shift > 0 {
      shift -= 4
      let nibble = UInt8(value >> UInt32(shift) & 0xF)
      bytes.appendByte(nibble < 10 ? 0x30 + nibble : 0x41 + nibble - 10)
    }
    return self
  }

  /// The message with a key as a JSON string literal, cut to about 64 bytes (at a UTF-8
  /// boundary) with "..." so that a hostile key cannot make a huge message.
  consuming func quoted(_ key: [UInt8]) -> WireMessage {
    bytes.appendQuoted(key)
    return self
  }
}

extension Array where Element == UInt8 {
  /// Appends `key` as ``WireMessage/quoted(_:)`` words it (the decoder's messages build their
  /// bytes directly).
  mutating func appendQuoted(_ key: [UInt8]) {
    var writer = JSONWriter()
    if key.count <= 64 {
      writer.string(key)
    } else {
      var end = 64
      while end > 0 && key[end] & 0xC0 == 0x80 { end -= 1 }
      var cut: [UInt8] = []
      key.withUnsafeBufferPointer { cut.appendBytes($0, 0..<end) }
      cut.appendLiteral("...")
      writer.string(cut)
    }
    writer.bytes.withUnsafeBufferPointer { appendBytes($0) }
  }
}
