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
/// input size, string and number length, and the number of values.
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
    try bytes.withUnsafeBufferPointer { (input) throws(WireError) -> JSONElement in
      try parse(input, limits: limits)
    }
  }

  /// The same over borrowed memory (a network buffer, Wasm linear memory), without a copy.
  public static func parse(
    _ input: UnsafeBufferPointer<UInt8>, limits: JSONLimits = JSONLimits()
  ) throws(WireError) -> JSONElement {
    if input.count > limits.maxBytes {
      throw WireError(
        WireMessage("input larger than ").number(limits.maxBytes).text(" bytes"),
        at: limits.maxBytes)
    }
    var scanner = JSONScanner(input: input, limits: limits)
    return try JSONTreeBuilder.parseDocument(&scanner)
  }
}

/// The structural half of the reader: brackets, commas, colons, nesting, duplicate keys.
private enum JSONTreeBuilder {
  /// An open array or object: where it started, where its children start on the shared
  /// stack of finished children, and (objects) the key whose value is being read.
  struct Frame {
    var isObject: Bool
    var offset: Int
    var base: Int
    var key: [UInt8] = []
    var keyOffset = 0
  }

  static func parseDocument(_ scanner: inout JSONScanner) throws(WireError) -> JSONElement {
    let input = scanner.input
    if input.count >= 3 && input[0] == 0xEF && input[1] == 0xBB && input[2] == 0xBF {
      throw WireError("byte order mark is not allowed", at: 0)
    }
    scanner.skipWhitespace()
    if scanner.atEnd { throw WireError("empty input", at: scanner.position) }
    var frames: [Frame] = []
    // Finished children of every open container, innermost last; array elements carry an
    // empty key.
    var children: [JSONMember] = []

    var valueCount = 0
    parseValue: while true {
      // At the first byte of a value; whitespace already skipped.
      let start = scanner.position
      let byte = try scanner.peekOrEnd()
      valueCount += 1
      if valueCount > scanner.limits.maxValues {
        throw WireError(
          WireMessage("more than ").number(scanner.limits.maxValues).text(" values"), at: start)
      }
      let value: JSONValue
      switch byte {
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        if frames.count >= scanner.limits.maxDepth {
          throw WireError(
            WireMessage("nesting deeper than ").number(scanner.limits.maxDepth), at: start)
        }
        let isObject = byte == UInt8(ascii: "{")
        scanner.position += 1
        scanner.skipWhitespace()
        if try scanner.peekOrEnd() == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
          scanner.position += 1
          value = isObject ? .object([]) : .array([])
        } else {
          frames.append(Frame(isObject: isObject, offset: start, base: children.count))
          if isObject { try parseKey(&scanner, into: &frames[frames.count - 1]) }
          continue parseValue
        }
      case UInt8(ascii: "\""):
        value = .string(try scanner.parseString())
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        value = .number(try scanner.parseNumber())
      default:
        value = try scanner.parseLiteral()
      }
      var element = JSONElement(value, offset: start)

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
        children.append(JSONMember(key: frame.key, keyOffset: frame.keyOffset, value: element))
        scanner.skipWhitespace()
        let separator = try scanner.peekOrEnd()
        let closer = frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if separator == UInt8(ascii: ",") {
          let comma = scanner.position
          scanner.position += 1
          scanner.skipWhitespace()
          if try scanner.peekOrEnd() == closer { throw WireError("trailing comma", at: comma) }
          if frame.isObject { try parseKey(&scanner, into: &frames[frames.count - 1]) }
          continue parseValue
        }
        if separator != closer {
          let expected =
            frame.isObject
            ? WireMessage("expected ',' or '}' but found ")
            : WireMessage("expected ',' or ']' but found ")
          throw WireError(expected.byte(separator), at: scanner.position)
        }
        scanner.position += 1
        frames.removeLast()
        element = try close(frame, &children)
      }
    }
  }

  /// Moves a closed container's children off the shared stack into its value.
  private static func close(
    _ frame: Frame, _ children: inout [JSONMember]
  ) throws(WireError) -> JSONElement {
    let value: JSONValue
    if frame.isObject {
      let members = Array(children[frame.base...])
      try checkUniqueKeys(members)
      value = .object(members)
    } else {
      var elements: [JSONElement] = []
      elements.reserveCapacity(children.count - frame.base)
      for index in frame.base..<children.count { elements.append(children[index].value) }
      value = .array(elements)
    }
    children.removeLast(children.count - frame.base)
    return JSONElement(value, offset: frame.offset)
  }

  /// Reads `"key" :` and the whitespace after it into the frame of the open object.
  private static func parseKey(
    _ scanner: inout JSONScanner, into frame: inout Frame
  ) throws(WireError) {
    let start = scanner.position
    let byte = try scanner.peekOrEnd()
    if byte != UInt8(ascii: "\"") {
      throw WireError(WireMessage("expected a string key but found ").byte(byte), at: start)
    }
    frame.key = try scanner.parseString()
    frame.keyOffset = start
    scanner.skipWhitespace()
    let colon = try scanner.peekOrEnd()
    if colon != UInt8(ascii: ":") {
      throw WireError(WireMessage("expected ':' but found ").byte(colon), at: scanner.position)
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
      let order = indicesSortedByKey(members)
      for index in 1..<order.count
      where members[order[index - 1]].key == members[order[index]].key {
        firstRepeat = Swift.min(firstRepeat, order[index])
      }
    }
    if firstRepeat != Int.max {
      let member = members[firstRepeat]
      throw WireError(WireMessage("duplicate key ").quoted(member.key), at: member.keyOffset)
    }
  }
}

/// Member indices sorted by key bytes, then by index (so equal keys appear in input order).
/// A heapsort: O(k log k) worst case, and much less code in the Wasm build than the generic
/// standard library sort.
private func indicesSortedByKey(_ members: [JSONMember]) -> [Int] {
  var order = Array(0..<members.count)
  func precedes(_ a: Int, _ b: Int) -> Bool {
    let ordering = compareBytes(members[a].key, members[b].key)
    return ordering != 0 ? ordering < 0 : a < b
  }
  func siftDown(_ start: Int, _ end: Int) {
    var root = start
    while true {
      var child = 2 * root + 1
      if child >= end { return }
      if child + 1 < end && precedes(order[child], order[child + 1]) { child += 1 }
      if !precedes(order[root], order[child]) { return }
      order.swapAt(root, child)
      root = child
    }
  }
  var start = order.count / 2
  while start > 0 {
    start -= 1
    siftDown(start, order.count)
  }
  var end = order.count
  while end > 1 {
    end -= 1
    order.swapAt(0, end)
    siftDown(0, end)
  }
  return order
}

/// Lexicographic byte order: -1, 0 or 1.
private func compareBytes(_ a: [UInt8], _ b: [UInt8]) -> Int {
  let common = Swift.min(a.count, b.count)
  for index in 0..<common where a[index] != b[index] {
    return a[index] < b[index] ? -1 : 1
  }
  return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
}
