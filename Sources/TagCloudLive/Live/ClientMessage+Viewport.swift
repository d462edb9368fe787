import TagCloudCore
import TagCloudWire

/// The message a live page sends most, `viewport`, read straight from the parsed document's
/// nodes: no `JSONElement` tree (an array per object, one per key and string), which was most
/// of decoding one (perf, docs/benchmarks/notes.md). Only a well-formed viewport is read here; anything
/// else (another type, a member missing, unknown, repeated or of the wrong type, a value out of
/// range) gives nil, and ``ClientMessage/decode(_:tags:)`` reads it the long way, which
/// decides, and words any refusal, as before.
///
///     let document = try JSONDocument.parse(Array(#"{"type":"viewport","width":390}"#.utf8))
///     ClientMessage.wellFormedViewport(in: document)  // .viewport(width: 390, ...)
extension ClientMessage {
  /// The members a viewport may have, as bits of a set (each at most once).
  private enum ViewportMember: UInt8 {
    case type = 1
    case width = 2
    case reduceMotion = 4
    case direction = 8
    case maxRows = 16
  }

  /// The viewport `document` holds, when it is one that the full decoder accepts; else nil.
  ///
  /// - Complexity: O(m) in the object's members (a handful).
  static func wellFormedViewport(in document: JSONDocument) -> ClientMessage? {
    let nodes = document.nodes
    guard let root = nodes.first, root.kind == .object, root.next == nodes.count else {
      return nil
    }
    var seen: UInt8 = 0
    var width = 0.0
    var reduceMotion = false
    var direction = LayoutDirection.leftToRight
    var maxRows = 0
    var index = 1
    while index < root.next {
      guard index + 1 < nodes.count, nodes[index].kind == .key else { return nil }
      let value = nodes[index + 1]
      let member: ViewportMember
      switch true {
      case spells(document, index, "type"):
        guard value.kind == .string, spells(document, index + 1, "viewport") else { return nil }
        member = .type
      case spells(document, index, "width"):
        guard value.kind == .number, value.number >= 0, value.number <= WireLimits.maximumLength
        else { return nil }
        width = value.number
        member = .width
      case spells(document, index, "reduceMotion"):
        guard value.kind == .bool else { return nil }
        reduceMotion = value.first != 0
        member = .reduceMotion
      case spells(document, index, "direction"):
        guard value.kind == .string else { return nil }
        if spells(document, index + 1, "rtl") {
          direction = .rightToLeft
        } else if !spells(document, index + 1, "ltr") {
          return nil
        }
        member = .direction
      case spells(document, index, "maxRows"):
        // In range first, so that the conversion cannot trap.
        guard value.kind == .number, value.number >= 0,
          value.number <= Double(WireLimits.maximumTags), value.number.rounded() == value.number
        else { return nil }
        maxRows = Int(value.number)
        member = .maxRows
      default:
        return nil
      }
      guard seen & member.rawValue == 0 else { return nil }
      seen |= member.rawValue
      index = value.next
    }
    let required = ViewportMember.type.rawValue | ViewportMember.width.rawValue
    guard seen & required == required else { return nil }
    return .viewport(
      width: width, reduceMotion: reduceMotion, direction: direction, maxRows: maxRows)
  }

  /// Whether the string or key node at `index` holds exactly the bytes of `name`.
  private static func spells(_ document: JSONDocument, _ index: Int, _ name: StaticString) -> Bool {
    let node = document.nodes[index]
    guard node.second - node.first == name.utf8CodeUnitCount else { return false }
    return document.text.withUnsafeBufferPointer { text in
      UnsafeBufferPointer(rebasing: text[node.first..<node.second]).elementsEqual(
        UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }
  }
}
