/// A `WireError` message assembled as UTF-8 bytes and turned into a `String` once.
///
///     WireError(WireMessage("empty input"), at: 0)
///
/// The core's refusals are worded from one table of bytes (`WireWording`); this is their
/// carrier into `WireError`.
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
}

extension Array where Element == UInt8 {
  /// Appends `key` as a JSON string literal, cut to about 64 bytes (at a UTF-8 boundary) with
  /// "..." so that a hostile key cannot make a huge message.
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

/// The words of every refusal of the JSON path, and the one function that expands them: the
/// JSON syntax layer's (`JSONFault`) and the request decoder's (`RequestFault`).
///
///     WireWording.error(JSONFault.Code.trailingComma.rawValue, 0, 0, 0, document, at: 2)
///     // WireError("trailing comma", at: 2)
///
/// Why one table and one walker: the two layers' messages share words ("expected ", "number",
/// "string", " in "), and one expander with one set of codes is less Wasm code than two.
enum WireWording {
  /// The first line of `table` with a request decoder message (`RequestFault.Problem` order).
  static let requestLines = 32
  /// The first line of `table` with a shared phrase (`table` bytes 0x07 to 0x1F).
  private static let phraseLines = 77
  /// The lines the argument codes 1 and 5 continue with: "character '<byte>'", "byte 0x<hex>",
  /// "(0x<hex>)".
  private static let characterLine = 102

  /// Every message, one per line, each ended by a NUL: first `JSONFault.Code`'s 32 messages,
  /// then `RequestFault.Problem`'s 45 (the last two are the length details appended to another
  /// line), then 25 shared phrases, then the three ways of wording a byte. A byte from 0x07 to
  /// 0x1F stands for a phrase: the (byte - 7)th after the messages. A byte from 0x01 to 0x06
  /// stands for the argument: 1 an input byte ("character 'x'" when printable ASCII, else
  /// "byte 0xHH"), 2 the decimal argument (a limit, or a tag's position), 3 and 4 the
  /// argument in upper-case hex (2 × (code - 2) digits), 5 the letter after a backslash
  /// (itself when printable, else "(0xHH)"), 6 the node's text as a JSON string (cut like
  /// `appendQuoted`). Data, not code; `JSONFault.Code`'s cases spell each JSON message out.
  /// The words are the contract: `docs/PROTOCOL.md`, the decoder tests and the node parity
  /// test check them.
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
    un\u{14}d control \u{13} 0x\u{3}\u{18}\u{D}\0\
    \u{E}\u{B}byte 0x\u{3}\0\
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
    the request\u{19}a JSON object\0\
    "width"\u{19}\u{1C} or null\0\
    "spacing"\u{19}\u{1C}\0\
    "mergeDistance"\u{19}\u{1C}\0\
    "textScale"\u{19}a number\0\
    "textScale"\u{19}above 0 and at most 64\0\
    "lineHeight"\u{19}\u{1C}\0\
    "reduceMotion"\u{19}true or false\0\
    "direction"\u{19}"ltr" or "rtl"\0\
    \u{1F}\0\
    \u{1A}"width"\0\
    \u{1A}"spacing"\0\
    \u{1A}"tags"\0\
    duplicate id \u{6}\0\
    "selection"\u{19}an array of tag ids\0\
    "selection" must hold tag ids (strings)\0\
    unknown selected id \u{6}\0\
    "tags"\u{19}an array\0\
    too many tags (at most 1000000)\0\
    unknown animation \u{6} (expected "snappy", "smooth", "bouncy", "spacing" or an object)\0\
    "duration"\u{19}a number of seconds\0\
    "duration"\u{19}from 0.001 to 10 seconds\0\
    "bounce"\u{19}a number\0\
    "bounce"\u{19}above -1 and below 1\0\
    \u{1A}"duration"\0\
    "animation"\u{19}null, a preset name or {"duration", "bounce"}\0\
    \u{1D}\u{19}an object\0\
    \u{1D}.id\u{19}a string\0\
    \u{1D}.id must not be empty\0\
    \u{1D} must have "size" or "label", not both\0\
    \u{1D}.size\u{19}[width, height]\0\
    \u{1D}.size must hold two \u{1B}s\0\
    \u{1F} in \u{1D}\0\
    \u{1D} is missing "id"\0\
    \u{1D} needs "size" or "label"\0\
    \u{1E}\u{19}an object\0\
    \u{1E}.width\u{19}a \u{1B}\0\
    \u{1E}.words\u{19}an array of widths\0\
    \u{1E}.words has too many words (at most 10000)\0\
    \u{1E}.words must hold \u{1B}s\0\
    \u{1E}.space\u{19}a \u{1B}\0\
    \u{1F} in \u{1E}\0\
    \u{1E} is missing "width"\0\
     (got a negative number)\0\
     (at most 1000000)\0\
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
     in \0\
     must be \0\
    missing field \0\
    non-negative \u{C}\0\
    a \u{C} of pixels\0\
    tags[\u{2}]\0\
    \u{1D}.label\0\
    unknown field \u{6}\0\
    \u{13} '\u{5}'\0\
    byte 0x\u{3}\0\
    (0x\u{3})\0
    """
  }

  /// The refusal worded by line `line` of `table`, then line `requestLines + 42 + detail`
  /// when `detail` is not 0; `argument` and `node` fill its codes (see `table`).
  @inline(never)
  static func error(
    _ line: Int, _ detail: Int, _ argument: Int, _ node: Int, _ document: JSONDocument,
    at offset: Int
  ) -> WireError {
    var message: [UInt8] = []
    append(line, argument, node, document, to: &message)
    if detail != 0 {
      append(requestLines &+ 42 &+ detail, argument, node, document, to: &message)
    }
    return WireError(WireMessage(message), at: offset)
  }

  /// Expands line `line` of `table` onto `message`; phrases recursively (at most two deep).
  private static func append(
    _ line: Int, _ argument: Int, _ node: Int, _ document: JSONDocument,
    to message: inout [UInt8]
  ) {
    let table = UnsafeBufferPointer(
      start: WireWording.table.utf8Start, count: WireWording.table.utf8CodeUnitCount)
    // Find the line: skip `line` NULs. (A loop that stops at a NUL alone would become a
    // `strlen` call, which the module does not have.)
    var index = 0
    var skipped = 0
    while skipped < line {
      if table[index] == 0 { skipped &+= 1 }
      index &+= 1
    }
    let low = UInt8(truncatingIfNeeded: argument)
    // Printable ASCII other than the space: 0x21 to 0x7E.
    let printable = low &- 0x21 < 0x5E
    while true {
      let byte = table[index]
      index &+= 1
      var next = Int(byte) &+ (phraseLines - 7)
      switch byte {
      case 0: return
      case 1: next = printable ? characterLine : characterLine &+ 1
      case 2:
        DecimalFormatting.appendInteger(UInt64(truncatingIfNeeded: argument), to: &message)
        continue
      case 3, 4:
        // Upper-case hex digits, most significant first.
        var shift = Int(byte &- 2) &* 8
        while shift > 0 {
          shift &-= 4
          let nibble = UInt8(truncatingIfNeeded: argument >> shift) & 0xF
          message.appendByte(nibble < 10 ? 0x30 &+ nibble : 0x37 &+ nibble)
        }
        continue
      case 5:
        if printable {
          message.appendByte(low)
          continue
        }
        next = characterLine &+ 2
      case 6:
        message.appendQuoted(document.bytes(node))
        continue
      case 7...0x1F: break
      default:
        message.appendByte(byte)
        continue
      }
      append(next, argument, node, document, to: &message)
    }
  }
}
