/// Strict RFC 8259 JSON to a `JSONElement` tree, with every refusal a `WireError` that names
/// the fault and its byte offset.
///
///     let element = try JSONReader.parse(Array(#"{"width": 390, "tags": []}"#.utf8))
///     // element.value is .object([...]) with two members
///     try JSONReader.parse(Array("[1,]".utf8))
///     // throws WireError("trailing comma", at: 2)
///
/// Strictness, decided once for every caller: whitespace is only space, tab, LF and CR; no byte
/// order mark, comments, trailing commas, or content after the value; numbers in the exact RFC
/// grammar and finite as doubles; strings in valid UTF-8 without raw control characters, with
/// surrogate escapes only in proper pairs; no key twice in one object. `JSONLimits` bounds depth,
/// input size, string and number length.
///
/// The parser is iterative: containers live on an explicit stack bounded by `maxDepth`, so no
/// input can exhaust the call stack. Error messages depend on the input bytes only, so native
/// and Wasm builds refuse the same input with the same words.
///
/// - Complexity: O(n) in the input length, plus O(k log k) per object of k > 8 members for the
///   duplicate-key check.
public enum JSONReader {
  /// Parses exactly one JSON value that spans the whole input.
  public static func parse(
    _ bytes: [UInt8], limits: JSONLimits = JSONLimits()
  ) throws(WireError) -> JSONElement {
    if bytes.count > limits.maxBytes {
      throw WireError("input larger than \(limits.maxBytes) bytes", at: limits.maxBytes)
    }
    return try bytes.withUnsafeBufferPointer { (input) throws(WireError) -> JSONElement in
      var scanner = JSONScanner(input: input, limits: limits)
      return try JSONTreeBuilder.parseDocument(&scanner)
    }
  }
}

/// The structural half of the reader: brackets, commas, colons, nesting, duplicate keys.
private enum JSONTreeBuilder {
  /// An open array or object: where it started and where its children start on the shared
  /// value and key stacks.
  struct Frame {
    var isObject: Bool
    var offset: Int
    var valueBase: Int
    var keyBase: Int
  }

  static func parseDocument(_ scanner: inout JSONScanner) throws(WireError) -> JSONElement {
    let input = scanner.input
    if input.count >= 3 && input[0] == 0xEF && input[1] == 0xBB && input[2] == 0xBF {
      throw WireError("byte order mark is not allowed", at: 0)
    }
    scanner.skipWhitespace()
    if scanner.atEnd { throw WireError("empty input", at: scanner.position) }
    var frames: [Frame] = []
    var values: [JSONElement] = []
    var keys: [[UInt8]] = []
    var keyOffsets: [Int] = []

    parseValue: while true {
      // At the first byte of a value; whitespace already skipped.
      let start = scanner.position
      let byte = try scanner.peekOrEnd()
      var element: JSONElement
      switch byte {
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        if frames.count >= scanner.limits.maxDepth {
          throw WireError("nesting deeper than \(scanner.limits.maxDepth)", at: start)
        }
        let isObject = byte == UInt8(ascii: "{")
        scanner.position += 1
        scanner.skipWhitespace()
        if try scanner.peekOrEnd() == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
          scanner.position += 1
          element = JSONElement(isObject ? .object([]) : .array([]), offset: start)
        } else {
          frames.append(
            Frame(isObject: isObject, offset: start, valueBase: values.count, keyBase: keys.count))
          if isObject { try parseKey(&scanner, &keys, &keyOffsets) }
          continue parseValue
        }
      case UInt8(ascii: "\""):
        element = JSONElement(.string(try scanner.parseString()), offset: start)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        element = JSONElement(.number(try scanner.parseNumber()), offset: start)
      case UInt8(ascii: "t"):
        try scanner.expectLiteral("true")
        element = JSONElement(.bool(true), offset: start)
      case UInt8(ascii: "f"):
        try scanner.expectLiteral("false")
        element = JSONElement(.bool(false), offset: start)
      case UInt8(ascii: "n"):
        try scanner.expectLiteral("null")
        element = JSONElement(.null, offset: start)
      default:
        throw WireError("unexpected " + describeByte(byte), at: start)
      }

      // A value is complete: hand it to the enclosing container, closing containers as their
      // closing brackets come, until one expects another value.
      while true {
        guard let frame = frames.last else {
          scanner.skipWhitespace()
          if !scanner.atEnd {
            throw WireError("trailing characters after the JSON value", at: scanner.position)
          }
          return element
        }
        values.append(element)
        scanner.skipWhitespace()
        let separator = try scanner.peekOrEnd()
        let closer = frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if separator == UInt8(ascii: ",") {
          let comma = scanner.position
          scanner.position += 1
          scanner.skipWhitespace()
          if try scanner.peekOrEnd() == closer { throw WireError("trailing comma", at: comma) }
          if frame.isObject { try parseKey(&scanner, &keys, &keyOffsets) }
          continue parseValue
        }
        if separator != closer {
          throw WireError(
            (frame.isObject ? "expected ',' or '}' but found " : "expected ',' or ']' but found ")
              + describeByte(separator), at: scanner.position)
        }
        scanner.position += 1
        frames.removeLast()
        if frame.isObject {
          var members: [JSONMember] = []
          members.reserveCapacity(values.count - frame.valueBase)
          for index in frame.valueBase..<values.count {
            let keyIndex = frame.keyBase + index - frame.valueBase
            members.append(
              JSONMember(key: keys[keyIndex], keyOffset: keyOffsets[keyIndex], value: values[index])
            )
          }
          values.removeSubrange(frame.valueBase...)
          keys.removeSubrange(frame.keyBase...)
          keyOffsets.removeSubrange(frame.keyBase...)
          try checkUniqueKeys(members)
          element = JSONElement(.object(members), offset: frame.offset)
        } else {
          element = JSONElement(.array(Array(values[frame.valueBase...])), offset: frame.offset)
          values.removeSubrange(frame.valueBase...)
        }
      }
    }
  }

  /// Reads `"key" :` and the whitespace after it.
  private static func parseKey(
    _ scanner: inout JSONScanner, _ keys: inout [[UInt8]], _ keyOffsets: inout [Int]
  ) throws(WireError) {
    let start = scanner.position
    let byte = try scanner.peekOrEnd()
    if byte != UInt8(ascii: "\"") {
      throw WireError("expected a string key but found " + describeByte(byte), at: start)
    }
    keys.append(try scanner.parseString())
    keyOffsets.append(start)
    scanner.skipWhitespace()
    let colon = try scanner.peekOrEnd()
    if colon != UInt8(ascii: ":") {
      throw WireError("expected ':' but found " + describeByte(colon), at: scanner.position)
    }
    scanner.position += 1
    scanner.skipWhitespace()
  }

  /// Refuses an object whose members repeat a key, naming the first repetition in input order.
  private static func checkUniqueKeys(_ members: [JSONMember]) throws(WireError) {
    if members.count < 2 { return }
    var firstRepeat = Int.max
    if members.count <= 8 {
      search: for later in 1..<members.count {
        for earlier in 0..<later where members[earlier].key == members[later].key {
          firstRepeat = later
          break search
        }
      }
    } else {
      // Sort member indices by key, then by position: equal keys become neighbours in input
      // order, and the second of each neighbouring pair is a repetition.
      var order = Array(0..<members.count)
      order.sort { a, b in
        let ordering = compareBytes(members[a].key, members[b].key)
        return ordering != 0 ? ordering < 0 : a < b
      }
      for index in 1..<order.count
      where members[order[index - 1]].key == members[order[index]].key {
        firstRepeat = Swift.min(firstRepeat, order[index])
      }
    }
    if firstRepeat != Int.max {
      let member = members[firstRepeat]
      throw WireError("duplicate key " + quotedForMessage(member.key), at: member.keyOffset)
    }
  }
}

/// Lexicographic byte order: -1, 0 or 1.
private func compareBytes(_ a: [UInt8], _ b: [UInt8]) -> Int {
  let common = Swift.min(a.count, b.count)
  for index in 0..<common where a[index] != b[index] {
    return a[index] < b[index] ? -1 : 1
  }
  return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
}
