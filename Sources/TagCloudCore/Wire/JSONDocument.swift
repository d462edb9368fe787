/// A parsed JSON text as one flat list of nodes in document order (a "tape"), with every
/// string's decoded UTF-8 in one shared buffer.
///
///     let document = try JSONDocument.parse(Array(#"{"a": [1, true]}"#.utf8))
///     // nodes: object(1 member), key "a", array(2 elements), number 1, bool true
///
/// Why not a tree: in the Embedded Wasm build every distinct array element type and enum
/// payload costs its own copy of the array machinery; two flat arrays of plain values keep the
/// JSON path of the module small. `JSONReader.parse` builds the `JSONElement` tree from this
/// for native callers; `LayoutRequestDecoder` reads the nodes directly.
///
/// Layout of the nodes: a container is followed by its children; an object's children are
/// pairs of a `.key` node and the value's node(s). `next` is the index just past a node's
/// subtree, so children are visited by `child = nodes[child].next`.
///
/// - Complexity: O(n) in the input length, plus O(k log k) per object of k > 8 members for the
///   duplicate-key check.
public struct JSONDocument: Sendable {
  public internal(set) var nodes: [JSONNode] = []
  /// The decoded bytes of every string and key, concatenated.
  public internal(set) var text: [UInt8] = []

  init() {}

  /// The decoded bytes of a string or key node.
  public func bytes(_ node: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    text.withUnsafeBufferPointer { bytes.appendBytes($0, nodes[node].first..<nodes[node].second) }
    return bytes
  }

  /// Whether a string or key node spells `name`.
  func equals(_ node: Int, _ name: StaticString) -> Bool {
    let range = nodes[node].first..<nodes[node].second
    guard range.count == name.utf8CodeUnitCount else { return false }
    for index in 0..<range.count where text[range.lowerBound + index] != name.utf8Start[index] {
      return false
    }
    return true
  }

  /// Parses exactly one JSON value that spans the whole input; strictness as `JSONReader`.
  public static func parse(
    _ bytes: [UInt8], limits: JSONLimits = JSONLimits()
  ) throws(WireError) -> JSONDocument {
    try bytes.withUnsafeBufferPointer { (input) throws(WireError) -> JSONDocument in
      try parse(input, limits: limits)
    }
  }

  /// The same over borrowed memory (a network buffer, Wasm linear memory), without a copy.
  public static func parse(
    _ input: UnsafeBufferPointer<UInt8>, limits: JSONLimits = JSONLimits()
  ) throws(WireError) -> JSONDocument {
    if input.count > limits.maxBytes {
      throw WireError(
        WireMessage("input larger than ").number(limits.maxBytes).text(" bytes"),
        at: limits.maxBytes)
    }
    var scanner = JSONScanner(input: input, limits: limits)
    var document = JSONDocument()
    try document.parseDocument(&scanner)
    return document
  }

  /// The structural half of the reader: brackets, commas, colons, nesting, duplicate keys. The
  /// parser is iterative: open containers are indices on an explicit stack bounded by
  /// `maxDepth`, so no input can exhaust the call stack.
  private mutating func parseDocument(_ scanner: inout JSONScanner) throws(WireError) {
    let input = scanner.input
    if input.count >= 3 && input[0] == 0xEF && input[1] == 0xBB && input[2] == 0xBF {
      throw WireError("byte order mark is not allowed", at: 0)
    }
    scanner.skipWhitespace()
    if scanner.atEnd { throw WireError("empty input", at: scanner.position) }
    var open: [Int] = []
    // Key nodes do not count against `maxValues`.
    var keyCount = 0

    parseValue: while true {
      // At the first byte of a value; whitespace already skipped.
      let start = scanner.position
      let byte = try scanner.peekOrEnd()
      if nodes.count - keyCount >= scanner.limits.maxValues {
        throw WireError(
          WireMessage("more than ").number(scanner.limits.maxValues).text(" values"), at: start)
      }
      var node = JSONNode(kind: .number, offset: start)
      switch byte {
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        if open.count >= scanner.limits.maxDepth {
          throw WireError(
            WireMessage("nesting deeper than ").number(scanner.limits.maxDepth), at: start)
        }
        node.kind = byte == UInt8(ascii: "{") ? .object : .array
        scanner.position += 1
        scanner.skipWhitespace()
        let isEmpty =
          try scanner.peekOrEnd() == (node.kind == .object ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        node.next = nodes.count + 1
        nodes.append(node)
        if isEmpty {
          scanner.position += 1
        } else {
          open.append(nodes.count - 1)
          if node.kind == .object {
            try parseKey(&scanner)
            keyCount += 1
          }
          continue parseValue
        }
      case UInt8(ascii: "\""):
        node.kind = .string
        try appendString(&node, &scanner)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        node.number = try scanner.parseNumber()
        appendLeaf(node)
      default:
        appendLeaf(try scanner.parseLiteral())
      }

      // A value is complete: count it in the enclosing container, closing containers as their
      // closing brackets come, until one expects another value.
      while true {
        guard let container = open.last else {
          scanner.skipWhitespace()
          if !scanner.atEnd {
            throw WireError("trailing characters after the JSON value", at: scanner.position)
          }
          return
        }
        let isObject = nodes[container].kind == .object
        nodes[container].first += 1
        scanner.skipWhitespace()
        let separator = try scanner.peekOrEnd()
        let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if separator == UInt8(ascii: ",") {
          let comma = scanner.position
          scanner.position += 1
          scanner.skipWhitespace()
          if try scanner.peekOrEnd() == closer { throw WireError("trailing comma", at: comma) }
          if isObject {
            try parseKey(&scanner)
            keyCount += 1
          }
          continue parseValue
        }
        if separator != closer {
          let expected: WireMessage =
            isObject ? "expected ',' or '}' but found " : "expected ',' or ']' but found "
          throw WireError(expected.byte(separator), at: scanner.position)
        }
        scanner.position += 1
        open.removeLast()
        nodes[container].next = nodes.count
        if isObject { try checkUniqueKeys(container) }
      }
    }
  }

  private mutating func appendLeaf(_ node: JSONNode) {
    var leaf = node
    leaf.next = nodes.count + 1
    nodes.append(leaf)
  }

  /// Decodes the string at the scanner into `text` and appends its node.
  private mutating func appendString(
    _ node: inout JSONNode, _ scanner: inout JSONScanner
  ) throws(WireError) {
    node.first = text.count
    try scanner.parseString(into: &text)
    node.second = text.count
    appendLeaf(node)
  }

  /// Reads `"key" :` and the whitespace after it, appending the key's node.
  private mutating func parseKey(_ scanner: inout JSONScanner) throws(WireError) {
    let start = scanner.position
    let byte = try scanner.peekOrEnd()
    if byte != UInt8(ascii: "\"") {
      throw WireError(WireMessage("expected a string key but found ").byte(byte), at: start)
    }
    var node = JSONNode(kind: .key, offset: start)
    try appendString(&node, &scanner)
    scanner.skipWhitespace()
    let colon = try scanner.peekOrEnd()
    if colon != UInt8(ascii: ":") {
      throw WireError(WireMessage("expected ':' but found ").byte(colon), at: scanner.position)
    }
    scanner.position += 1
    scanner.skipWhitespace()
  }

  /// Refuses an object whose members repeat a key, naming the first repetition in input order.
  /// Small objects (the common case) compare their keys pairwise in place; larger ones look
  /// keys up like tag ids (`TagIndex`: sorted bytes, no hashing), so that one sort serves both
  /// in the Wasm build.
  private func checkUniqueKeys(_ object: Int) throws(WireError) {
    let count = nodes[object].first
    if count < 2 { return }
    var repeated = -1
    if count <= 8 {
      var later = nodes[object + 2].next
      search: for _ in 1..<count {
        var earlier = object + 1
        while earlier != later {
          if sameBytes(earlier, later) {
            repeated = later
            break search
          }
          earlier = nodes[earlier + 1].next
        }
        later = nodes[later + 1].next
      }
    } else {
      var keys: [[UInt8]] = []
      var keyNodes: [Int] = []
      keys.reserveCapacity(count)
      keyNodes.reserveCapacity(count)
      var key = object + 1
      for _ in 0..<count {
        keys.append(bytes(key))
        keyNodes.append(key)
        key = nodes[key + 1].next
      }
      if let index = TagIndex(ids: keys).firstDuplicate() { repeated = keyNodes[index] }
    }
    if repeated >= 0 {
      throw WireError(
        WireMessage("duplicate key ").quoted(bytes(repeated)), at: nodes[repeated].offset)
    }
  }

  /// Whether two string or key nodes hold the same bytes.
  private func sameBytes(_ a: Int, _ b: Int) -> Bool {
    let start = nodes[a].first
    let other = nodes[b].first
    let count = nodes[a].second - start
    guard count == nodes[b].second - other else { return false }
    for index in 0..<count where text[start + index] != text[other + index] { return false }
    return true
  }
}

/// One node of a `JSONDocument`.
public struct JSONNode: Sendable {
  public enum Kind: UInt8, Sendable {
    case null, bool, number, string, array, object
    /// An object member's key; its value's node follows.
    case key
  }

  public var kind: Kind
  /// The byte offset where the value (or key) starts in the input.
  public var offset: Int
  /// A number's value.
  public var number = 0.0
  /// A string's or key's start in `JSONDocument.text`; a container's count of elements or
  /// members; 1 for `true`.
  public var first = 0
  /// A string's or key's end in `JSONDocument.text`.
  public var second = 0
  /// The index just past this node's subtree.
  public var next = 0

  init(kind: Kind, offset: Int) {
    self.kind = kind
    self.offset = offset
  }
}
