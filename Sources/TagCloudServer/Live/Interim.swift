// INTERIM: stand-ins for the core's JSONReader, JSONWriter, TagSpec decoding and LayoutEngine
// until they land on main; deleted then.
import TagCloudCore

enum JSONReader {
  static func parse(_ bytes: [UInt8]) throws(WireError) -> JSONElement {
    var parser = Parser(bytes: bytes)
    parser.skip()
    let value = try parser.value(depth: 0)
    parser.skip()
    if parser.index != bytes.count { throw WireError("unexpected text after the JSON value", at: parser.index) }
    return value
  }

  struct Parser {
    let bytes: [UInt8]
    var index = 0
    mutating func skip() {
      while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }
    mutating func value(depth: Int) throws(WireError) -> JSONElement {
      guard depth < 64 else { throw WireError("nested too deep", at: index) }
      guard index < bytes.count else { throw WireError("unexpected end of input", at: index) }
      let start = index
      switch bytes[index] {
      case UInt8(ascii: "{"):
        index += 1
        var members: [JSONMember] = []
        skip()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
          index += 1
          return JSONElement(.object(members), offset: start)
        }
        while true {
          skip()
          let keyOffset = index
          guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            throw WireError("expected a key", at: index)
          }
          let key = try string()
          skip()
          guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            throw WireError("expected ':'", at: index)
          }
          index += 1
          skip()
          let member = try value(depth: depth + 1)
          members.append(JSONMember(key: key, keyOffset: keyOffset, value: member))
          skip()
          guard index < bytes.count else { throw WireError("unexpected end of input", at: index) }
          if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
          if bytes[index] == UInt8(ascii: "}") { index += 1; break }
          throw WireError("expected ',' or '}'", at: index)
        }
        return JSONElement(.object(members), offset: start)
      case UInt8(ascii: "["):
        index += 1
        var items: [JSONElement] = []
        skip()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
          index += 1
          return JSONElement(.array(items), offset: start)
        }
        while true {
          skip()
          items.append(try value(depth: depth + 1))
          skip()
          guard index < bytes.count else { throw WireError("unexpected end of input", at: index) }
          if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
          if bytes[index] == UInt8(ascii: "]") { index += 1; break }
          throw WireError("expected ',' or ']'", at: index)
        }
        return JSONElement(.array(items), offset: start)
      case UInt8(ascii: "\""):
        return JSONElement(.string(try string()), offset: start)
      case UInt8(ascii: "t"):
        try literal("true")
        return JSONElement(.bool(true), offset: start)
      case UInt8(ascii: "f"):
        try literal("false")
        return JSONElement(.bool(false), offset: start)
      case UInt8(ascii: "n"):
        try literal("null")
        return JSONElement(.null, offset: start)
      default:
        while index < bytes.count, "-+.eE0123456789".utf8.contains(bytes[index]) { index += 1 }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard !text.isEmpty, let number = Double(text) else {
          throw WireError("expected a JSON value", at: start)
        }
        return JSONElement(.number(number), offset: start)
      }
    }
    mutating func literal(_ word: String) throws(WireError) {
      let w = Array(word.utf8)
      guard index + w.count <= bytes.count, Array(bytes[index..<index + w.count]) == w else {
        throw WireError("expected a JSON value", at: index)
      }
      index += w.count
    }
    mutating func string() throws(WireError) -> [UInt8] {
      index += 1
      var out: [UInt8] = []
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") { index += 1; return out }
        if byte == UInt8(ascii: "\\") {
          index += 1
          guard index < bytes.count else { break }
          switch bytes[index] {
          case UInt8(ascii: "n"): out.append(0x0A)
          case UInt8(ascii: "t"): out.append(0x09)
          case UInt8(ascii: "u"):
            index += 4
            out.append(UInt8(ascii: "?"))
          default: out.append(bytes[index])
          }
          index += 1
          continue
        }
        if byte < 0x20 { throw WireError("control character in a string", at: index) }
        out.append(byte)
        index += 1
      }
      throw WireError("unterminated string", at: index)
    }
  }
}

struct JSONWriter {
  var bytes: [UInt8] = []
  private var needsComma = [false]
  init() {}
  private mutating func separate() {
    if needsComma[needsComma.count - 1] { bytes.append(UInt8(ascii: ",")) }
    needsComma[needsComma.count - 1] = true
  }
  mutating func beginObject() { separate(); bytes.append(UInt8(ascii: "{")); needsComma.append(false) }
  mutating func endObject() { needsComma.removeLast(); bytes.append(UInt8(ascii: "}")) }
  mutating func beginArray() { separate(); bytes.append(UInt8(ascii: "[")); needsComma.append(false) }
  mutating func endArray() { needsComma.removeLast(); bytes.append(UInt8(ascii: "]")) }
  mutating func key(_ key: String) {
    separate()
    quoted(Array(key.utf8))
    bytes.append(UInt8(ascii: ":"))
    needsComma[needsComma.count - 1] = false
  }
  mutating func string(_ value: [UInt8]) { separate(); quoted(value) }
  mutating func string(_ value: String) { string(Array(value.utf8)) }
  mutating func number(_ value: Double) {
    separate()
    if value == value.rounded(), abs(value) < 1e15 {
      bytes += Array(String(Int(value)).utf8)
    } else {
      bytes += Array("\(value)".utf8)
    }
  }
  mutating func bool(_ value: Bool) { separate(); bytes += Array((value ? "true" : "false").utf8) }
  mutating func null() { separate(); bytes += Array("null".utf8) }
  private mutating func quoted(_ value: [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    for byte in value {
      switch byte {
      case UInt8(ascii: "\""): bytes += [0x5C, 0x22]
      case UInt8(ascii: "\\"): bytes += [0x5C, 0x5C]
      case 0x0A: bytes += [0x5C, UInt8(ascii: "n")]
      case 0..<0x20: bytes += Array("\\u00\(byte < 16 ? "0" : "")\(String(byte, radix: 16))".utf8)
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}

enum TagSpecDecoding {
  static func decode(_ element: JSONElement) throws(WireError) -> TagSpec {
    var object = try JSONObjectReader(element, what: "a tag")
    let id = try object.string("id")
    if let size = object.optional("size") {
      let items = try JSONObjectReader.array(size, "size")
      guard items.count == 2 else { throw WireError("'size' must be [width, height]", at: size.offset) }
      let w = try JSONObjectReader.number(items[0], "size")
      let h = try JSONObjectReader.number(items[1], "size")
      try object.finish()
      return TagSpec(id: id, content: .size(Size(width: w, height: h)))
    }
    var label = try JSONObjectReader(try object.required("label"), what: "a label")
    let width = try label.number("width")
    _ = label.optional("words")
    _ = label.optional("spaceWidth")
    try label.finish()
    try object.finish()
    return TagSpec(id: id, content: .label(LabelMetrics(width: width)))
  }
}

/// Interim layout: capsule sizes (label: width + 32 x 40) through the real flow rule.
enum InterimLayout {
  static func write(_ request: LayoutRequest, into writer: inout JSONWriter) {
    let sizes = request.tags.map { tag -> Size in
      switch tag.content {
      case .size(let size): return size
      case .label(let label): return Size(width: label.width + 32, height: 40)
      }
    }
    let arrangement = FlowLayout.arrange(sizes, width: request.width, spacing: request.spacing)
    writer.key("size")
    writer.beginArray(); writer.number(arrangement.size.width); writer.number(arrangement.size.height); writer.endArray()
    writer.key("items")
    writer.beginArray()
    for (index, tag) in request.tags.enumerated() {
      writer.beginObject()
      writer.key("id"); writer.string(tag.id)
      writer.key("x"); writer.number(arrangement.origins[index].x)
      writer.key("y"); writer.number(arrangement.origins[index].y)
      writer.key("w"); writer.number(sizes[index].width)
      writer.key("h"); writer.number(sizes[index].height)
      writer.key("selected"); writer.bool(request.selection.contains(index))
      writer.endObject()
    }
    writer.endArray()
    writer.key("groups"); writer.beginArray(); writer.endArray()
    writer.key("rows"); writer.beginArray()
    for start in arrangement.rowStarts { writer.number(Double(start)) }
    writer.endArray()
    writer.key("animation")
    if let spring = request.animation, !request.reduceMotion {
      writer.beginObject(); writer.key("duration"); writer.number(spring.duration); writer.key("bounce"); writer.number(spring.bounce); writer.endObject()
    } else {
      writer.null()
    }
  }
}
