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
/// The parsing is `JSONDocument`'s (iterative, bounded by `maxDepth`); this builds the tree from
/// its nodes, also without recursion. Error messages depend on the input bytes only, so native
/// and Wasm builds refuse the same input with the same words.
///
/// - Complexity: O(n) in the input length, plus O(k log k) per object of k > 8 members for the
///   duplicate-key check.
public enum JSONReader {
  /// Parses exactly one JSON value that spans the whole input.
  public static func parse(
    _ bytes: [UInt8], limits: JSONLimits = JSONLimits()
  ) throws(WireError) -> JSONElement {
    tree(of: try JSONDocument.parse(bytes, limits: limits))
  }

  /// The same over borrowed memory (a network buffer, Wasm linear memory), without a copy.
  public static func parse(
    _ input: UnsafeBufferPointer<UInt8>, limits: JSONLimits = JSONLimits()
  ) throws(WireError) -> JSONElement {
    tree(of: try JSONDocument.parse(input, limits: limits))
  }

  /// The document's root as a tree. Nodes are visited last to first, so that when a container
  /// is reached its children are the topmost finished elements on the stack, first on top.
  public static func tree(of document: JSONDocument) -> JSONElement {
    var finished: [JSONMember] = []
    var index = document.nodes.count
    while index > 0 {
      index -= 1
      let node = document.nodes[index]
      let value: JSONValue
      switch node.kind {
      case .key:
        finished[finished.count - 1].key = document.bytes(index)
        finished[finished.count - 1].keyOffset = node.offset
        continue
      case .null: value = .null
      case .bool: value = .bool(node.first != 0)
      case .number: value = .number(node.number)
      case .string: value = .string(document.bytes(index))
      case .array:
        value = .array(finished.suffix(node.first).reversed().map { $0.value })
        finished.removeLast(node.first)
      case .object:
        value = .object(Array(finished.suffix(node.first).reversed()))
        finished.removeLast(node.first)
      }
      finished.append(
        JSONMember(key: [], keyOffset: 0, value: JSONElement(value, offset: node.offset)))
    }
    assert(finished.count == 1, "a document holds exactly one root value")
    return finished[0].value
  }
}

extension JSONDocument {
  /// The nodes of a tree, so that code reading documents also reads trees built by hand or by
  /// `JSONReader.parse`. Iterative, like the parser.
  ///
  /// - Complexity: O(n) in the tree's values and bytes.
  public init(_ root: JSONElement) {
    self.init()
    // Pre-order: a stack of members still to emit, the next on top.
    var pending: [(member: JSONMember, isKey: Bool)] = [
      (JSONMember(key: [], keyOffset: 0, value: root), false)
    ]
    while let (member, isKey) = pending.popLast() {
      if isKey {
        var key = JSONNode(kind: .key, offset: member.keyOffset)
        key.first = text.count
        text.append(contentsOf: member.key)
        key.second = text.count
        nodes.append(key)
      }
      var node = JSONNode(kind: .null, offset: member.value.offset)
      switch member.value.value {
      case .null: break
      case .bool(let flag):
        node.kind = .bool
        node.first = flag ? 1 : 0
      case .number(let number):
        node.kind = .number
        node.number = number
      case .string(let bytes):
        node.kind = .string
        node.first = text.count
        text.append(contentsOf: bytes)
        node.second = text.count
      case .array(let elements):
        node.kind = .array
        node.first = elements.count
        for element in elements.reversed() {
          pending.append((JSONMember(key: [], keyOffset: 0, value: element), false))
        }
      case .object(let members):
        node.kind = .object
        node.first = members.count
        for member in members.reversed() { pending.append((member, true)) }
      }
      nodes.append(node)
    }
    // Subtree ends, last to first: a container's children already know theirs.
    var index = nodes.count
    while index > 0 {
      index -= 1
      var end = index + 1
      switch nodes[index].kind {
      case .array:
        for _ in 0..<nodes[index].first { end = nodes[end].next }
      case .object:
        for _ in 0..<nodes[index].first { end = nodes[end + 1].next }
      default: break
      }
      nodes[index].next = end
    }
  }
}
