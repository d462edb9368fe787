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
///     WireWording.error(Int(JSONFault.Code.trailingComma.rawValue), 0, 0, 0, document, at: 2)
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
    un\u{C}en\u{7}of \u{87}\0\
    un\u{C}\u{1}\0\
    lead\u{B} zero in\u{F}\0\
    \u{8F}af\u{9}r '-'\u{E}\0\
    \u{8F}\u{A2}decimal point\u{E}\0\
    \u{8F}in \u{81}exponent\u{E}\0\
    \u{89} lon\u{94}\0\
    malformed\u{F}\0\
    \u{89} out\u{14}range\0\
    un\u{9}rmina\u{9}\u{7}\u{10}\0\
    \u{10} lon\u{94}\0\
    un\u{88}\u{7}control \u{8E} 0x\u{3}\u{1F}\u{10}\0\
    \u{8C}\u{86} \u{99}\0\
    trunca\u{9}\u{7}\u{91}\0\
    overlong \u{91}\0\
    \u{86}-encode\u{7}\u{9E}\0\
    \u{91} a\u{85}U+10FFFF\0\
    lone \u{9E} \\u\u{4}\0\
    \u{8C}\u{88} \\\u{5}\0\
    \u{8C}\\u \u{88}: \u{C}4 hex\u{96}s\0\
    \u{87} lar\u{94}\0\
    by\u{9} order mark is \u{1E}allowed\0\
    empty \u{87}\0\
    more\u{8D}\u{97}s\0\
    nest\u{B} deeper\u{8D}\0\
    \u{9B}\u{8E}s \u{A2}JSON\u{97}\0\
    \u{9B}comma\0\
    \u{95}]'\u{E}\0\
    \u{95}}'\u{E}\0\
    \u{C}a \u{10} key\u{E}\0\
    \u{C}':'\u{E}\0\
    \u{9F}key \u{6}\0\
    \u{81}request\u{8}a JSON\u{19}\0\
    "\u{11}\u{1B}\u{D}null\0\
    "\u{16}\u{B}\u{1B}\0\
    "mergeDistance\u{1B}\0\
    \u{A4}\u{F}\0\
    \u{A4}\u{85}0 an\u{7}\u{9D}64\0\
    "lineHeight\u{1B}\0\
    "reduceMo\u{12}\u{8}true\u{D}false\0\
    "direc\u{12}\u{8}"ltr"\u{D}"rtl"\0\
    \u{8B}\0\
    \u{1D}\u{11}"\0\
    \u{1D}\u{16}\u{B}"\0\
    \u{1D}\u{15}"\0\
    \u{9F}i\u{7}\u{6}\0\
    "\u{84}\u{12}\u{90}\u{14}\u{9C}\0\
    "\u{84}\u{12}\u{80}\u{7}\u{9C} (\u{10}s)\0\
    \u{93}\u{84}\u{9}\u{7}i\u{7}\u{6}\0\
    "\u{15}"\u{90}\0\
    \u{A0}\u{15}\u{92}00)\0\
    \u{93}animation \u{6} (\u{C}"snappy", "smooth", \u{18}y", "\u{16}\u{B}"\u{D}an\u{19})\0\
    "\u{17}\u{8}a\u{F}\u{14}\u{9A}\0\
    "\u{17}\u{8}from 0.001 to 10 \u{9A}\0\
    \u{18}\u{83}\u{F}\0\
    \u{18}\u{83}\u{85}-1 an\u{7}below 1\0\
    \u{1D}\u{17}\0\
    "anima\u{12}\u{8}null, a preset name\u{D}{"\u{17}, \u{18}e"}\0\
    \u{A}\u{8}an\u{19}\0\
    \u{A}.id\u{8}a \u{10}\0\
    \u{A}.id\u{1A}\u{1E}be empty\0\
    \u{A}\u{1A}have\u{A5}, \u{1E}both\0\
    \u{A}.\u{82}\u{8}[\u{11}, height]\0\
    \u{A}.\u{82}\u{80}\u{7}two\u{1C}s\0\
    \u{8B}\u{1F}\u{A}\0\
    \u{A}\u{A3}id"\0\
    \u{A} needs\u{A5}\0\
    \u{13}\u{8}an\u{19}\0\
    \u{13}.\u{11}\u{8}a\u{1C}\0\
    \u{8A}\u{90}\u{14}\u{11}s\0\
    \u{8A} has \u{A0}words\u{92})\0\
    \u{8A}\u{80}d\u{1C}s\0\
    \u{13}.\u{16}e\u{8}a\u{1C}\0\
    \u{8B}\u{1F}\u{13}\0\
    \u{13}\u{A3}\u{11}"\0\
     (got a \u{A1})\0\
    \u{92}00)\0\
    d \0\
    \u{1A}be \0\
    te\0\
    \u{15}[\u{2}]\0\
    ing\0\
    expec\u{9}\u{7}\0\
     or \0\
     but foun\u{7}\u{1}\0\
     \u{89}\0\
    str\u{B}\0\
    width\0\
    tion"\0\
    \u{A}.label\0\
     of \0\
    tags\0\
    spac\0\
    dura\u{12}\0\
    "bounc\0\
     object\0\
     must \0\
    "\u{8}a\u{F}\u{14}pixels\0\
     non-\u{A1}\0\
    \u{98}fiel\u{7}"\0\
    not \0\
     in \0\
    \u{1A}hol\0\
    the \0\
    size\0\
    e"\u{8}a\0\
    selec\0\
    bove \0\
    UTF-8\0\
    input\0\
    escape\0\
    number\0\
    \u{13}.words\0\
    \u{93}fiel\u{7}\u{6}\0\
    invali\u{7}\0\
     than \u{2}\0\
    charac\u{9}r\0\
    \u{C}a\u{96} \0\
    \u{8}an array\0\
    \u{86} sequence\0\
     (\u{9D}10000\0\
    unknown \0\
    ger\u{8D} by\u{9}s\0\
    \u{C}','\u{D}'\0\
     digit\0\
     value\0\
    miss\u{B} \0\
    by\u{9} 0x\u{3}\0\
    seconds\0\
    trail\u{B} \0\
    tag ids\0\
    at most \0\
    surroga\u{9}\0\
    duplica\u{9} \0\
    too many \0\
    negative\u{F}\0\
    af\u{9}r \u{81}\0\
     is \u{98}"\0\
    "\u{9}xtScal\u{83}\0\
     "\u{82}"\u{D}"label"\0\
    \u{8E} '\u{5}'\0\
    \u{99}\0\
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
