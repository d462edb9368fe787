import TagCloudCore
import TagCloudTestSupport
import TagCloudWire
import Testing

@Suite struct JSONWriterTests {
  @Test func writesCompactlyWithCommasAndColons() {
    var writer = JSONWriter()
    writer.beginObject()
    writer.key("size")
    writer.beginArray()
    writer.number(96.5)
    writer.number(40)
    writer.endArray()
    writer.key(wireBytes("id"))
    writer.string("Swift\nUI")
    writer.key("empty")
    writer.beginObject()
    writer.endObject()
    writer.key("list")
    writer.beginArray()
    writer.beginArray()
    writer.endArray()
    writer.bool(true)
    writer.bool(false)
    writer.null()
    writer.raw(wireBytes(#"{"cached":1}"#))
    writer.number(-7)
    writer.number(Int.min)
    writer.number(-0.0)
    writer.endArray()
    writer.endObject()
    #expect(
      wireText(writer.bytes)
        == #"{"size":[96.5,40],"id":"Swift\nUI","empty":{},"list":[[],true,false,null,{"cached":1},-7,-9223372036854775808,0]}"#
    )
  }

  @Test func escapesStringsExactlyLikeJSONStringify() {
    var writer = JSONWriter()
    writer.beginArray()
    for byte in UInt8(0)..<0x80 { writer.string([byte]) }
    writer.string(wireBytes("é€😀\u{7F}\u{2028}"))
    writer.endArray()
    // The expected text, as `JSON.stringify` writes it (checked in node 20).
    let controls = [
      "\\u0000", "\\u0001", "\\u0002", "\\u0003", "\\u0004", "\\u0005", "\\u0006", "\\u0007",
      "\\b", "\\t", "\\n", "\\u000b", "\\f", "\\r", "\\u000e", "\\u000f", "\\u0010", "\\u0011",
      "\\u0012", "\\u0013", "\\u0014", "\\u0015", "\\u0016", "\\u0017", "\\u0018", "\\u0019",
      "\\u001a", "\\u001b", "\\u001c", "\\u001d", "\\u001e", "\\u001f",
    ]
    var expected = "["
    for byte in 0..<0x80 {
      let body: String
      if byte < 0x20 {
        body = controls[byte]
      } else if byte == 0x22 {
        body = "\\\""
      } else if byte == 0x5C {
        body = "\\\\"
      } else {
        body = String(UnicodeScalar(UInt8(byte)))
      }
      expected += "\"" + body + "\","
    }
    expected += "\"é€😀\u{7F}\u{2028}\"]"
    #expect(wireText(writer.bytes) == expected)
  }

  @Test func keysAreEscapedToo() {
    var writer = JSONWriter()
    writer.beginObject()
    writer.key(wireBytes("a\"b\\c\u{1}"))
    writer.number(1)
    writer.endObject()
    #expect(wireText(writer.bytes) == #"{"a\"b\\c\u0001":1}"#)
  }

  /// Canonical documents (compact, numbers as JSON.stringify writes them) survive
  /// parse -> write byte for byte.
  @Test(arguments: [
    #"{"width":390,"spacing":18,"tags":[{"id":"SwiftUI","size":[96,40]},{"id":"Layout","label":{"width":46.5,"words":[46.5]}}],"selection":["SwiftUI"],"animation":"snappy","reduceMotion":false}"#,
    #"[0,-1,1.5,1e+21,1e-7,5e-324,1.7976931348623157e+308,0.000001,123456789012345680000,-0.1]"#,
    #"{"":"","\n\"\\":["\u0000\u001f","é😀"],"nested":[[[[{}]]]],"n":null,"t":true}"#,
    #""just a string""#,
    "[]",
  ])
  func canonicalDocumentsRoundTripByteForByte(source: String) throws {
    let element = try JSONReader.parse(wireBytes(source))
    var writer = JSONWriter()
    writer.value(element)
    #expect(wireText(writer.bytes) == source)
  }

  @Test func nonCanonicalInputBecomesCanonicalOutput() throws {
    let element = try JSONReader.parse(
      wireBytes(" { \"a\" : [ 1.50 , -0 , 1E2 , 0.1e1, \"\\u0041\\/\" ] } "))
    var writer = JSONWriter()
    writer.value(element)
    #expect(wireText(writer.bytes) == #"{"a":[1.5,0,100,1,"A/"]}"#)
  }

  /// The writer makes room per call, as much as the call can write (a string of controls
  /// escapes to six times its length): from the smallest start, the text grows across many
  /// moves and comes out whole, every call's bytes where they belong.
  @Test func growsFromTheSmallestRoomWithoutLosingAByte() {
    var writer = JSONWriter(capacity: 0)
    let controls = [UInt8](repeating: 0x01, count: 3000)
    writer.beginArray()
    for length in [0, 1, 7, 40, 333] { writer.string([UInt8](repeating: 0x41, count: length)) }
    writer.string(controls)
    writer.number(-1.5e-7)
    writer.number(Int.min)
    writer.raw(wireBytes(#"{"k":[1,2]}"#))
    writer.endArray()
    let escaped = String(repeating: "\\u0001", count: 3000)
    let strings = [0, 1, 7, 40, 333].map { "\"" + String(repeating: "A", count: $0) + "\"" }
    #expect(
      wireText(writer.bytes)
        == "[" + strings.joined(separator: ",") + ",\"" + escaped + "\","
        + #"-1.5e-7,-9223372036854775808,{"k":[1,2]}]"#)
  }

  @Test func randomTreesRoundTripThroughTextAndBack() throws {
    var generator = SeededGenerator(seed: 2026)
    for _ in 0..<500 {
      let tree = randomTree(&generator, depth: 0)
      var writer = JSONWriter()
      writer.value(tree)
      let reparsed = try JSONReader.parse(writer.bytes)
      var again = JSONWriter()
      again.value(reparsed)
      #expect(again.bytes == writer.bytes)
      #expect(withoutOffsets(reparsed) == withoutOffsets(tree))
    }
  }
}

private func randomTree(_ generator: inout SeededGenerator, depth: Int) -> JSONElement {
  let kind = depth > 4 ? generator.next() % 4 : generator.next() % 6
  switch kind {
  case 0: return JSONElement(.null, offset: 0)
  case 1: return JSONElement(.bool(generator.next() % 2 == 0), offset: 0)
  case 2:
    let value = randomDouble(&generator)
    return JSONElement(.number(value.isFinite ? value : 0), offset: 0)
  case 3:
    let scalars: [UInt32] = [0x41, 0x0A, 0x22, 0x5C, 0x00, 0x1F, 0xE9, 0x20AC, 0x1F600, 0x2028]
    var string = ""
    for _ in 0..<(generator.next() % 6) {
      string.unicodeScalars.append(UnicodeScalar(scalars[Int(generator.next() % 10)])!)
    }
    return JSONElement(.string(wireBytes(string)), offset: 0)
  case 4:
    let children = (0..<(generator.next() % 5)).map { _ in randomTree(&generator, depth: depth + 1)
    }
    return JSONElement(.array(children), offset: 0)
  default:
    let members = (0..<(generator.next() % 5)).map { index in
      JSONMember(
        key: wireBytes("k\(index)"), keyOffset: 0, value: randomTree(&generator, depth: depth + 1))
    }
    return JSONElement(.object(members), offset: 0)
  }
}

/// The same tree with every offset zeroed and -0 made 0 (the writer writes -0 as 0).
private func withoutOffsets(_ element: JSONElement) -> JSONElement {
  switch element.value {
  case .number(let value): return JSONElement(.number(value == 0 ? 0 : value), offset: 0)
  case .array(let children): return JSONElement(.array(children.map(withoutOffsets)), offset: 0)
  case .object(let members):
    return JSONElement(
      .object(
        members.map { JSONMember(key: $0.key, keyOffset: 0, value: withoutOffsets($0.value)) }),
      offset: 0)
  default: return JSONElement(element.value, offset: 0)
  }
}
