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
  private static let characterLine = 140

  /// Every message, each ended by a NUL: first `JSONFault.Code`'s 32 messages, then
  /// `RequestFault.Problem`'s 45 (the last two are the length details appended to another
  /// message), then 63 shared phrases, then the three ways of wording a byte. A byte from 0x07
  /// to 0x1F stands for one of the first 25 phrases: the (byte - 7)th after the messages; a
  /// character from U+0080 on (two bytes of UTF-8; the messages are ASCII) for phrase
  /// 25 + (character - 0x80). Phrases use phrases. A byte from 0x01 to 0x06 stands for the
  /// argument: 1 an input byte ("character 'x'" when printable ASCII, else "byte 0xHH"), 2
  /// the decimal argument (a limit, or a tag's position), 3 and 4 the argument in upper-case
  /// hex (2 × (code - 2) digits), 5 the letter after a backslash (itself when printable, else
  /// "(0xHH)"), 6 the node's text as a JSON string (cut like `appendQuoted`). Data, not code:
  /// the phrases were chosen by a greedy search for the substrings that save the most bytes
  /// (0.35 KB more than whole words), so the text is hard to read; the comments on
  /// `JSONFault.Code`'s and `RequestFault.Problem`'s cases spell each message out. To change a
  /// message, write it out in its line (phrase codes may stay where they still fit). The
  /// words are the contract: `docs/PROTOCOL.md`, the decoder and JSON tests and the node
  /// parity test check them.
  private static var table: StaticString {
    """
    un\u{9}en\u{19}of \u{92}\0\
    un\u{9}\u{1}\0\
    lead\u{11} zero in\u{A}\0\
    \u{1D}af\u{1A}r '-'\u{B}\0\
    \u{1D}\u{8C}decimal point\u{B}\0\
    \u{1D}in \u{A0}exponent\u{B}\0\
    \u{8A} lon\u{12}\0\
    malformed\u{A}\0\
    \u{8A} out\u{89}range\0\
    un\u{1A}rmina\u{1A}\u{19}\u{1F}\0\
    \u{1F} lon\u{12}\0\
    un\u{8B}\u{19}control \u{81} 0x\u{3}\u{A2}\u{1F}\0\
    \u{84}\u{93} \u{9B}\0\
    trunca\u{1A}\u{19}\u{15}\0\
    overlong \u{15}\0\
    \u{93}-encode\u{19}\u{91}\0\
    \u{15} a\u{94}U+10FFFF\0\
    lone \u{91} \\u\u{4}\0\
    \u{84}\u{8B} \\\u{5}\0\
    \u{84}\\u \u{8B}: \u{9}4 hex\u{A3}s\0\
    \u{92} lar\u{12}\0\
    by\u{1A} order mark is \u{A4}allowed\0\
    empty \u{92}\0\
    more\u{83}\u{9E}s\0\
    nest\u{11} deeper\u{83}\0\
    \u{99}\u{81}s \u{8C}JSON\u{9E}\0\
    \u{99}comma\0\
    \u{A5}]'\u{B}\0\
    \u{A5}}'\u{B}\0\
    \u{9}a \u{1F} key\u{B}\0\
    \u{9}':'\u{B}\0\
    \u{8F}key \u{6}\0\
    \u{A0}request\u{7}a JSON\u{1B}\0\
    "\u{18}\u{F}\u{17}null\0\
    "\u{90}\u{11}\u{F}\0\
    "mergeDistance\u{F}\0\
    \u{82}\u{A}\0\
    \u{82}\u{94}0 an\u{19}\u{96}64\0\
    "lineHeight\u{F}\0\
    "reduceMo\u{10}\u{7}true\u{17}false\0\
    "direc\u{10}\u{7}"ltr"\u{17}"rtl"\0\
    \u{85}\0\
    \u{D}\u{18}"\0\
    \u{D}\u{90}\u{11}"\0\
    \u{D}\u{97}"\0\
    \u{8F}i\u{19}\u{6}\0\
    "\u{95}\u{10}\u{1C}\u{89}\u{98}\0\
    "\u{95}\u{10}\u{A1}\u{19}\u{98} (\u{1F}s)\0\
    \u{13}\u{95}\u{1A}\u{19}i\u{19}\u{6}\0\
    "\u{97}"\u{1C}\0\
    \u{8E}\u{97}\u{14}00)\0\
    \u{13}animation \u{6} (\u{9}"snappy", "smooth", \u{1E}y", "\u{90}\u{11}"\u{17}an\u{1B})\0\
    "\u{87}\u{7}a\u{A}\u{89}\u{9A}\0\
    "\u{87}\u{7}from 0.001 to 10 \u{9A}\0\
    \u{1E}\u{9C}\u{A}\0\
    \u{1E}\u{9C}\u{94}-1 an\u{19}below 1\0\
    \u{D}\u{87}\0\
    "anima\u{10}\u{7}null, a preset name\u{17}{"\u{87}, \u{1E}e"}\0\
    \u{8}\u{7}an\u{1B}\0\
    \u{8}.id\u{7}a \u{1F}\0\
    \u{8}.id\u{16}\u{A4}be empty\0\
    \u{8}\u{16}have\u{80}, \u{A4}both\0\
    \u{8}.\u{9F}\u{7}[\u{18}, height]\0\
    \u{8}.\u{9F}\u{A1}\u{19}two\u{E}s\0\
    \u{85}\u{A2}\u{8}\0\
    \u{8}\u{88}id"\0\
    \u{8} needs\u{80}\0\
    \u{C}\u{7}an\u{1B}\0\
    \u{C}.\u{18}\u{7}a\u{E}\0\
    \u{86}\u{1C}\u{89}\u{18}s\0\
    \u{86} has \u{8E}words\u{14})\0\
    \u{86}\u{A1}d\u{E}s\0\
    \u{C}.\u{90}e\u{7}a\u{E}\0\
    \u{85}\u{A2}\u{C}\0\
    \u{C}\u{88}\u{18}"\0\
     (got a \u{8D})\0\
    \u{14}00)\0\
    \u{16}be \0\
    \u{97}[\u{2}]\0\
    expec\u{1A}\u{19}\0\
     \u{8A}\0\
     but foun\u{19}\u{1}\0\
    \u{8}.label\0\
    \u{9D}fiel\u{19}"\0\
     non-\u{8D}\0\
    "\u{7}a\u{A}\u{89}pixels\0\
    tion"\0\
    ing\0\
    ger\u{83} by\u{1A}s\0\
    unknown \0\
     (\u{96}10000\0\
    \u{93} sequence\0\
     must \0\
     or \0\
    width\0\
    d \0\
    te\0\
     object\0\
    \u{7}an array\0\
    \u{9}a\u{A3} \0\
    "bounc\0\
    str\u{11}\0\
     "\u{9F}"\u{17}"label"\0\
    charac\u{1A}r\0\
    "\u{1A}xtScal\u{9C}\0\
     than \u{2}\0\
    invali\u{19}\0\
    \u{13}fiel\u{19}\u{6}\0\
    \u{C}.words\0\
    dura\u{10}\0\
     is \u{9D}"\0\
     of \0\
    number\0\
    escape\0\
    af\u{1A}r \u{A0}\0\
    negative\u{A}\0\
    too many \0\
    duplica\u{1A} \0\
    spac\0\
    surroga\u{1A}\0\
    input\0\
    UTF-8\0\
    bove \0\
    selec\0\
    at most \0\
    tags\0\
    tag ids\0\
    trail\u{11} \0\
    seconds\0\
    by\u{1A} 0x\u{3}\0\
    e"\u{7}a\0\
    miss\u{11} \0\
     value\0\
    size\0\
    the \0\
    \u{16}hol\0\
     in \0\
     digit\0\
    not \0\
    \u{9}','\u{17}'\0\
    \u{81} '\u{5}'\0\
    \u{9B}\0\
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

  /// Expands line `line` of `table` onto `message`; phrases recursively (a few levels deep).
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
      case 0x20...0x7F:
        message.appendByte(byte)
        continue
      default:
        // U+0080 + n, two bytes of UTF-8 (0xC2...0xDF, then 0x80...0xBF): phrase 25 + n.
        next = (Int(byte & 0x1F) << 6 | Int(table[index] & 0x3F)) &+ (phraseLines + 25 - 0x80)
        index &+= 1
      }
      append(next, argument, node, document, to: &message)
    }
  }
}
