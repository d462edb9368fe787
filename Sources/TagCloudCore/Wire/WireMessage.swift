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
    var end = key.count
    if end > 64 {
      end = 64
      while end > 0 && key[end] & 0xC0 == 0x80 { end -= 1 }
    }
    var cut: [UInt8] = []
    key.withUnsafeBufferPointer { cut.appendBytes($0, 0..<end) }
    if end < key.count { cut.appendLiteral("...") }
    writer.string(cut)
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

  /// Every message, each ended by a NUL: first `JSONFault.Code`'s 32 messages, then
  /// `RequestFault.Problem`'s 45 (the last two are the length details appended to another
  /// message), then 25 shared phrases, then the three ways of wording a byte. A byte from 0x07
  /// to 0x1F stands for a phrase: the (byte - 7)th after the messages; phrases use phrases. A
  /// byte from 0x01 to 0x06 stands for the argument: 1 an input byte ("character 'x'" when
  /// printable ASCII, else "byte 0xHH"), 2 the decimal argument (a limit, or a tag's
  /// position), 3 and 4 the argument in upper-case hex (2 × (code - 2) digits), 5 the letter
  /// after a backslash (itself when printable, else "(0xHH)"), 6 the node's text as a JSON
  /// string (cut like `appendQuoted`). Data, not code: the phrases were chosen by a greedy
  /// search for the substrings that save the most bytes (about 0.2 KB more than whole words),
  /// so the text is hard to read; the comments on `JSONFault.Code`'s and
  /// `RequestFault.Problem`'s cases spell each message out. To change a message, write it out
  /// in its line (a phrase code may stay where it still fits). The words are the contract:
  /// `docs/PROTOCOL.md`, the decoder and JSON tests and the node parity test check them.
  private static var table: StaticString {
    """
    un\u{9}en\u{1A}of input\0\
    un\u{9}\u{1}\0\
    lead\u{11} zero in\u{A}\0\
    \u{1D}af\u{19}r '-'\u{B}\0\
    \u{1D}af\u{19}r the decimal point\u{B}\0\
    \u{1D}in the exponent\u{B}\0\
    number lon\u{12}\0\
    malformed\u{A}\0\
    number out of r\u{1C}ge\0\
    un\u{19}rmina\u{19}\u{1A}\u{1E}\0\
    \u{1E} lon\u{12}\0\
    unescape\u{1A}control charac\u{19}r 0x\u{3} in \u{1E}\0\
    invali\u{1A}UTF-8 by\u{19} 0x\u{3}\0\
    trunca\u{19}\u{1A}\u{15}\0\
    overlong \u{15}\0\
    UTF-8-encode\u{1A}surroga\u{19}\0\
    \u{15} above U+10FFFF\0\
    lone surroga\u{19} \\u\u{4}\0\
    invali\u{1A}escape \\\u{5}\0\
    invali\u{1A}\\u escape: \u{9}4 hex digits\0\
    input lar\u{12}\0\
    by\u{19} order mark is not allowed\0\
    empty input\0\
    more th\u{1C} \u{2} values\0\
    nest\u{11} deeper th\u{1C} \u{2}\0\
    trail\u{11} charac\u{19}rs af\u{19}r the JSON value\0\
    trail\u{11} comma\0\
    \u{9}','\u{17}']'\u{B}\0\
    \u{9}','\u{17}'}'\u{B}\0\
    \u{9}a \u{1E} key\u{B}\0\
    \u{9}':'\u{B}\0\
    duplica\u{19} key \u{6}\0\
    the request\u{7}a JSON\u{1B}\0\
    "\u{18}\u{E}\u{17}null\0\
    "spac\u{11}\u{E}\0\
    "mergeDist\u{1C}ce\u{E}\0\
    "\u{19}xtScale"\u{7}a\u{A}\0\
    "\u{19}xtScale"\u{7}above 0 \u{1C}\u{1A}at most 64\0\
    "lineHeight\u{E}\0\
    "reduceMo\u{10}\u{7}true\u{17}false\0\
    "direc\u{10}\u{7}"ltr"\u{17}"rtl"\0\
    \u{13}\0\
    \u{C}\u{18}"\0\
    \u{C}spac\u{11}"\0\
    \u{C}tags"\0\
    duplica\u{19} i\u{1A}\u{6}\0\
    "selec\u{10}\u{7}\u{1C} array of tag ids\0\
    "selec\u{10}\u{16}hol\u{1A}tag ids (\u{1E}s)\0\
    unknown selec\u{19}\u{1A}i\u{1A}\u{6}\0\
    "tags"\u{7}\u{1C} array\0\
    too m\u{1C}y tags\u{14}00)\0\
    unknown \u{1C}imation \u{6} (\u{9}"snappy", "smooth", \u{1F}y", "spac\u{11}"\u{17}\u{1C}\u{1B})\0\
    "dura\u{10}\u{7}a\u{A} of seconds\0\
    "dura\u{10}\u{7}from 0.001 to 10 seconds\0\
    \u{1F}e"\u{7}a\u{A}\0\
    \u{1F}e"\u{7}above -1 \u{1C}\u{1A}below 1\0\
    \u{C}dura\u{10}\0\
    "\u{1C}ima\u{10}\u{7}null, a preset name\u{17}{"dura\u{10}, \u{1F}e"}\0\
    \u{8}\u{7}\u{1C}\u{1B}\0\
    \u{8}.id\u{7}a \u{1E}\0\
    \u{8}.id\u{16}not be empty\0\
    \u{8}\u{16}have "size"\u{17}"label", not both\0\
    \u{8}.size\u{7}[\u{18}, height]\0\
    \u{8}.size\u{16}hol\u{1A}two\u{F}s\0\
    \u{13} in \u{8}\0\
    \u{8} is miss\u{11} "id"\0\
    \u{8} needs "size"\u{17}"label"\0\
    \u{D}\u{7}\u{1C}\u{1B}\0\
    \u{D}.\u{18}\u{7}a\u{F}\0\
    \u{D}.words\u{7}\u{1C} array of \u{18}s\0\
    \u{D}.words has too m\u{1C}y words\u{14})\0\
    \u{D}.words\u{16}hold\u{F}s\0\
    \u{D}.space\u{7}a\u{F}\0\
    \u{13} in \u{D}\0\
    \u{D} is miss\u{11} "\u{18}"\0\
     (got a negative\u{A})\0\
    \u{14}00)\0\
    \u{16}be \0\
    tags[\u{2}]\0\
    expec\u{19}\u{1A}\0\
     number\0\
     but foun\u{1A}\u{1}\0\
    miss\u{11} fiel\u{1A}"\0\
    \u{8}.label\0\
    "\u{7}a\u{A} of pixels\0\
     non-negative\u{A}\0\
    tion"\0\
    ing\0\
    ger th\u{1C} \u{2} by\u{19}s\0\
    unknown fiel\u{1A}\u{6}\0\
     (at most 10000\0\
    UTF-8 sequence\0\
     must \0\
     or \0\
    width\0\
    te\0\
    d \0\
     object\0\
    an\0\
    \u{9}a digit \0\
    str\u{11}\0\
    "bounc\0\
    charac\u{19}r '\u{5}'\0\
    by\u{19} 0x\u{3}\0\
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
