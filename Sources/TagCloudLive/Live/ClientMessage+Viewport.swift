import TagCloudCore
import TagCloudWire

/// The message a live page sends most, `viewport`, read straight from its bytes: no parsed
/// document (its node and text arrays, allocated for 30 bytes, were most of decoding one: a
/// tenth of the hub's instructions per frame, callgrind, docs/benchmarks/notes.md). Only a
/// plain, well-formed viewport is read here: strings without escapes and in ASCII, each member
/// at most once, nothing after the object. Anything else (another type, a member missing,
/// unknown, repeated or of the wrong type, a value out of range, an escape, text that is not
/// JSON) gives nil, and ``ClientMessage/decode(_:tags:)`` reads it the long way, which
/// decides, and words any refusal, as before.
///
///     ClientMessage.wellFormedViewport(in: Array(#"{"type":"viewport","width":390}"#.utf8))
///     // .viewport(width: 390, ...)
extension ClientMessage {
  /// The viewport `bytes` hold, when it is one that the full decoder accepts; else nil.
  ///
  /// - Complexity: O(n) in the message's bytes.
  static func wellFormedViewport(in bytes: [UInt8]) -> ClientMessage? {
    bytes.withUnsafeBufferPointer { wellFormedViewport(in: $0) }
  }

  /// ``wellFormedViewport(in:)`` of bytes the caller holds.
  static func wellFormedViewport(in text: UnsafeBufferPointer<UInt8>) -> ClientMessage? {
    var reader = ViewportReader(text: text)
    return reader.read()
  }
}

/// A one-pass reader of the plain viewport object (``ClientMessage/wellFormedViewport(in:)``).
private struct ViewportReader {
  /// The members a viewport may have, as bits of a set (each at most once).
  private enum Member: UInt8 {
    case type = 1
    case width = 2
    case reduceMotion = 4
    case direction = 8
    case maxRows = 16
  }

  let text: UnsafeBufferPointer<UInt8>
  /// The next byte to read.
  private var at = 0

  init(text: UnsafeBufferPointer<UInt8>) { self.text = text }

  mutating func read() -> ClientMessage? {
    skipWhitespace()
    guard take(UInt8(ascii: "{")) else { return nil }
    var seen: UInt8 = 0
    var width = 0.0
    var reduceMotion = false
    var direction = LayoutDirection.leftToRight
    var maxRows = 0
    repeat {
      skipWhitespace()
      guard let key = plainString() else { return nil }
      skipWhitespace()
      guard take(UInt8(ascii: ":")) else { return nil }
      skipWhitespace()
      let member: Member
      switch true {
      case spells(key, "type"):
        guard let value = plainString(), spells(value, "viewport") else { return nil }
        member = .type
      case spells(key, "width"):
        guard let value = number(), value >= 0, value <= WireLimits.maximumLength else {
          return nil
        }
        width = value
        member = .width
      case spells(key, "reduceMotion"):
        guard let value = boolean() else { return nil }
        reduceMotion = value
        member = .reduceMotion
      case spells(key, "direction"):
        guard let value = plainString() else { return nil }
        if spells(value, "rtl") {
          direction = .rightToLeft
        } else if !spells(value, "ltr") {
          return nil
        }
        member = .direction
      case spells(key, "maxRows"):
        // In range first, so that the conversion cannot trap.
        guard let value = number(), value >= 0, value <= Double(WireLimits.maximumTags),
          value.rounded() == value
        else { return nil }
        maxRows = Int(value)
        member = .maxRows
      default:
        return nil
      }
      guard seen & member.rawValue == 0 else { return nil }
      seen |= member.rawValue
      skipWhitespace()
    } while take(UInt8(ascii: ","))
    guard take(UInt8(ascii: "}")) else { return nil }
    skipWhitespace()
    let required = Member.type.rawValue | Member.width.rawValue
    guard at == text.count, seen & required == required else { return nil }
    return .viewport(
      width: width, reduceMotion: reduceMotion, direction: direction, maxRows: maxRows)
  }

  /// JSON's whitespace: space, tab, line feed, carriage return.
  private mutating func skipWhitespace() {
    while at < text.count {
      switch text[at] {
      case 0x20, 0x09, 0x0A, 0x0D: at += 1
      default: return
      }
    }
  }

  /// Reads `byte` if it is next.
  private mutating func take(_ byte: UInt8) -> Bool {
    guard at < text.count, text[at] == byte else { return false }
    at += 1
    return true
  }

  /// The bytes between the quotes of a string that needs no decoding: printable ASCII, no
  /// backslash. Nil for any other string (or none): the long way reads those.
  private mutating func plainString() -> Range<Int>? {
    guard take(UInt8(ascii: "\"")) else { return nil }
    let start = at
    while at < text.count {
      let byte = text[at]
      if byte == UInt8(ascii: "\"") {
        at += 1
        return start..<(at - 1)
      }
      guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { return nil }
      at += 1
    }
    return nil
  }

  /// A number token, read by the shared decimal parser (which checks JSON's grammar). Nil when
  /// the bytes there are not one; an infinite value is left to the caller's range checks.
  private mutating func number() -> Double? {
    let start = at
    while at < text.count {
      switch text[at] {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
        UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
        at += 1
      default:
        return DecimalParsing.parse(UnsafeBufferPointer(rebasing: text[start..<at]))
      }
    }
    return DecimalParsing.parse(UnsafeBufferPointer(rebasing: text[start..<at]))
  }

  /// `true` or `false`.
  private mutating func boolean() -> Bool? {
    if literal("true") { return true }
    if literal("false") { return false }
    return nil
  }

  private mutating func literal(_ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard text.count - at >= count, spells(at..<(at + count), word) else { return false }
    at += count
    return true
  }

  /// Whether the bytes in `range` are exactly `name`. A plain loop: the generic
  /// `elementsEqual` over two buffers cost about 200 instructions for a five-letter key
  /// (callgrind), three keys a message.
  private func spells(_ range: Range<Int>, _ name: StaticString) -> Bool {
    guard range.count == name.utf8CodeUnitCount else { return false }
    let letters = name.utf8Start
    for offset in 0..<range.count where text[range.lowerBound + offset] != letters[offset] {
      return false
    }
    return true
  }
}
