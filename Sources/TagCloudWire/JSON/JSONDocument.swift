import TagCloudCore

/// A parsed JSON text as one flat list of nodes in document order (a "tape"), with every
/// string's decoded UTF-8 in one shared buffer.
///
///     let document = try JSONDocument.parse(Array(#"{"a": [1, true]}"#.utf8))
///     // nodes: object(1 member), key "a", array(2 elements), number 1, bool true
///
/// Why a tape rather than a tree: one array of plain values and one of bytes, filled in a single
/// pass, cost two growing allocations for the whole document instead of one per container and
/// string, and a decoder walks them in order. `JSONReader.parse` builds the `JSONElement` tree
/// from this for callers who want one; `LayoutRequestDecoder` reads the nodes directly.
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
    Array(text[nodes[node].first..<nodes[node].second])
  }

  /// Whether a string or key node spells `name`.
  func equals(_ node: Int, _ name: StaticString) -> Bool {
    matches(node, UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
  }

  /// Whether a string or key node holds exactly `bytes`; what `equals` and the duplicate-key
  /// check share.
  private func matches(_ node: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let start = nodes[node].first
    guard nodes[node].second &- start == bytes.count else { return false }
    return text.withUnsafeBufferPointer { (text) -> Bool in
      // In range: bytes are compared only when `second - first` equals their count, which for
      // a string or key is its slice of `text` and for other kinds is 0 or less.
      var index = 0
      while index < bytes.count {
        if text[start &+ index] != bytes[index] { return false }
        index &+= 1
      }
      return true
    }
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
    var document = JSONDocument()
    var scanner = JSONScanner(input: input, limits: limits)
    do throws(JSONFault) {
      try document.parseDocument(&scanner, limits)
    } catch {
      throw error.error(in: document)
    }
    return document
  }

  /// The structural half of the reader: brackets, commas, colons, nesting, duplicate keys. The
  /// parser is iterative: an open container's node holds its parent's index (in `next`, until
  /// it closes), so no input can exhaust the call stack and no stack array is needed.
  private mutating func parseDocument(
    _ scanner: inout JSONScanner, _ limits: JSONLimits
  ) throws(JSONFault) {
    let input = scanner.input
    if input.count > limits.maxBytes {
      throw JSONFault(.inputTooLarge, limits.maxBytes, at: limits.maxBytes)
    }
    if input.count >= 3 && input[0] == 0xEF && input[1] == 0xBB && input[2] == 0xBF {
      throw JSONFault(.byteOrderMark, at: 0)
    }
    scanner.skipWhitespace()
    if scanner.position >= input.count { throw JSONFault(.emptyInput, at: scanner.position) }
    // Room for the nodes at once: a layout request has about one node per four bytes (a tag
    // `{"id":"t1","size":[96,40]}` is 27 bytes and 7 nodes). Growing by doubling instead copied
    // the nodes several times, into fresh pages each time, which made a 1,000-tag request
    // about 15 % slower natively (`make bench`, `respond`).
    nodes.reserveCapacity(min(input.count / 4, limits.maxValues) &+ 1)
    // The innermost open container's node, or -1; how many are open.
    var container = -1
    var depth = 0
    // Key nodes do not count against `maxValues`.
    var keyCount = 0
    // The next value is an object member's key.
    var isKey = false

    value: while true {
      // At the first byte of a value or key; whitespace already skipped.
      let start = scanner.position
      let byte = try scanner.peek()
      // The new node's fields.
      var kind = JSONNode.Kind.number
      var number = 0.0
      var first = 0
      var second = 0
      let index = nodes.count
      // The subtree's end: the next index, or for an open container its parent's.
      var next = index &+ 1
      if isKey {
        if byte != UInt8(ascii: "\"") { throw JSONFault(.expectedKey, Int(byte), at: start) }
        kind = .key
        keyCount &+= 1
      } else if index &- keyCount >= limits.maxValues {
        throw JSONFault(.tooManyValues, limits.maxValues, at: start)
      }
      // A container with elements or members to come.
      var opened = false
      switch byte {
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        if depth >= limits.maxDepth { throw JSONFault(.tooDeep, limits.maxDepth, at: start) }
        kind = byte == UInt8(ascii: "{") ? .object : .array
        next = container
        container = index
        depth &+= 1
        // Empty ("]" and "}" are two past "[" and "{"): closed below.
        opened = try scanner.peekAfterWhitespace(skipping: 1) != byte &+ 2
      case UInt8(ascii: "\""):
        if !isKey { kind = .string }
        first = text.count
        try scanner.parseString(into: &text)
        second = text.count
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        number = try scanner.parseNumber()
      default:
        kind = byte == UInt8(ascii: "t") || byte == UInt8(ascii: "f") ? .bool : .null
        first = byte == UInt8(ascii: "t") ? 1 : 0
        try scanner.parseLiteral()
      }
      nodes.append(
        JSONNode(
          kind: kind, offset: start, number: number, first: first, second: second, next: next))
      if isKey {
        let colon = try scanner.peekAfterWhitespace()
        if colon != UInt8(ascii: ":") {
          throw JSONFault(.expectedColon, Int(colon), at: scanner.position)
        }
        scanner.skipWhitespace(skipping: 1)
        isKey = false
        continue
      }
      if opened {
        isKey = kind == .object
        continue
      }

      // A value is complete (or a container is empty): close containers as their closing
      // brackets come, until one expects another value.
      while container >= 0 {
        let open = nodes[container]
        let isObject = open.kind == .object
        // "]" and "}" are two past "[" and "{".
        let closer = (isObject ? UInt8(ascii: "{") : UInt8(ascii: "[")) &+ 2
        let separator = try scanner.peekAfterWhitespace()
        if separator == UInt8(ascii: ",") {
          let comma = scanner.position
          if try scanner.peekAfterWhitespace(skipping: 1) == closer {
            throw JSONFault(.trailingComma, at: comma)
          }
          isKey = isObject
          continue value
        }
        if separator != closer {
          throw JSONFault(
            isObject ? .expectedCommaOrBrace : .expectedCommaOrBracket, Int(separator),
            at: scanner.position)
        }
        scanner.position &+= 1
        depth &-= 1
        let repeated = close(container, isObject: isObject)
        if repeated >= 0 {
          throw JSONFault(.duplicateKey, repeated, at: nodes[repeated].offset)
        }
        container = open.next
      }
      scanner.skipWhitespace()
      if scanner.position < input.count {
        throw JSONFault(.trailingCharacters, at: scanner.position)
      }
      return
    }
  }

  /// Ends an open container's node (its count, and its subtree's end for the parent link) and
  /// finds the first key of an object that repeats an earlier one, in input order. The first
  /// eight keys (all of a small object, the common case) are compared pairwise in place; past
  /// them, keys are looked up like tag ids (`TagIndex`: sorted bytes, no hashing), so that one
  /// sort serves both. Returns the repeated key's node, or -1.
  private mutating func close(_ container: Int, isObject: Bool) -> Int {
    // An object's children are key and value: a key's subtree ends where its value's starts.
    let step = isObject ? 1 : 0
    let end = nodes.count
    var count = 0
    var child = container &+ 1
    var repeated = -1
    while child < end {
      if isObject && count < 8 {
        var earlier = container &+ 1
        while earlier != child && repeated < 0 {
          if sameBytes(earlier, child) { repeated = child }
          earlier = nodes[earlier &+ 1].next
        }
      }
      count &+= 1
      child = nodes[child &+ step].next
    }
    // More keys: all are looked up (which finds a repetition among the first eight again).
    if isObject && count > 8 {
      // The keys as ranges of the document's own text: no copy of each key.
      var bounds = [Int](repeating: 0, count: 2 &* count)
      child = container &+ 1
      var position = 0
      while child < end {
        let key = nodes[child]
        bounds[position] = key.first
        bounds[position &+ 1] = key.second
        position &+= 2
        child = nodes[child &+ 1].next
      }
      if let index = TagIndex(text: text, bounds: bounds).firstDuplicate() {
        repeated = container &+ 1
        var skipped = 0
        while skipped < index {
          repeated = nodes[repeated &+ 1].next
          skipped &+= 1
        }
      }
    }
    nodes[container].first = count
    nodes[container].next = end
    return repeated
  }

  /// Whether two string or key nodes hold the same bytes.
  private func sameBytes(_ a: Int, _ b: Int) -> Bool {
    let range = nodes[a].first..<nodes[a].second
    return text.withUnsafeBufferPointer { (text) -> Bool in
      matches(b, UnsafeBufferPointer(rebasing: text[range]))
    }
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

  init(kind: Kind, offset: Int, number: Double = 0, first: Int = 0, second: Int = 0, next: Int = 0)
  {
    self.kind = kind
    self.offset = offset
    self.number = number
    self.first = first
    self.second = second
    self.next = next
  }
}
