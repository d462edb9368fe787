import TagCloudCore

/// A refusal's words, assembled as UTF-8 bytes: literal text and the few things a message
/// quotes (a number, an input byte, a key).
///
///     var message = WireMessage("expected ':' but found ")
///     message.append(byte: 0x7D)  // expected ':' but found character '}'
///
/// Why bytes and not `String`: in Embedded Swift, `String` concatenation and interpolation
/// link about 24 KB of string code into the Wasm module. The words depend on the input bytes
/// alone (no locale, no Unicode tables), so native and Wasm builds word every error alike.
public struct WireMessage: ExpressibleByStringLiteral {
  public private(set) var bytes: [UInt8] = []

  public init() {}

  public init(_ text: StaticString) {
    bytes.appendLiteral(text)
  }

  public init(stringLiteral text: StaticString) {
    bytes.appendLiteral(text)
  }

  /// Appends literal text.
  public mutating func append(_ text: StaticString) {
    bytes.appendLiteral(text)
  }

  /// Appends a non-negative integer in decimal (a limit, a tag's position).
  public mutating func append(number: Int) {
    DecimalFormatting.appendInteger(UInt64(truncatingIfNeeded: number), to: &bytes)
  }

  /// Appends `value` in upper-case hex, `digits` digits wide: `append(hex: 0xD83D, digits: 4)`
  /// writes `D83D`.
  public mutating func append(hex value: Int, digits: Int) {
    var shift = digits * 4
    while shift > 0 {
      shift -= 4
      let nibble = UInt8(truncatingIfNeeded: value >> shift) & 0xF
      bytes.append(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10)
    }
  }

  /// Appends an input byte: `character 'x'` for printable ASCII other than the space, else
  /// `byte 0xHH`.
  public mutating func append(byte: UInt8) {
    if Self.isPrintable(byte) {
      append("character '")
      bytes.append(byte)
      append("'")
    } else {
      append("byte 0x")
      append(hex: Int(byte), digits: 2)
    }
  }

  /// Appends the letter after a backslash: itself when printable, else `(0xHH)`.
  public mutating func append(escapeLetter letter: UInt8) {
    if Self.isPrintable(letter) {
      bytes.append(letter)
    } else {
      append("(0x")
      append(hex: Int(letter), digits: 2)
      append(")")
    }
  }

  /// Appends `text` as a JSON string literal, cut after 64 bytes (at a UTF-8 boundary) with
  /// "...", so that a hostile key cannot make a huge message.
  public mutating func append(quoted text: [UInt8]) {
    var end = text.count
    if end > 64 {
      end = 64
      while end > 0 && text[end] & 0xC0 == 0x80 { end -= 1 }
    }
    var cut = Array(text[0..<end])
    if end < text.count { cut.appendLiteral("...") }
    var writer = JSONWriter()
    writer.string(cut)
    bytes.append(contentsOf: writer.bytes)
  }

  /// Printable ASCII other than the space: `!` to `~`.
  private static func isPrintable(_ byte: UInt8) -> Bool {
    byte >= 0x21 && byte <= 0x7E
  }
}
