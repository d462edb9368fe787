/// Finds a tag's index by its id without hashing: the ids sorted by their UTF-8 bytes, searched
/// by bisection. Also the place where duplicate ids are found.
///
///     let index = TagIndex(ids: [Array("SwiftUI".utf8), Array("Glass".utf8)])
///     index.index(of: Array("Glass".utf8))  // 1
///
/// The ids are string nodes of a `JSONDocument`: the decoder indexes the ids of a parsed
/// request in place (``init(nodes:of:)``), without copying each id into an array of its own
/// (in the Wasm build a `[[UInt8]]` costs array code and a release per id).
///
/// - Complexity: O(n log n) to build; O(log n) comparisons per lookup.
public struct TagIndex: Sendable {
  /// Holds the ids: id `i` is the string (or key) node `keys[i]`.
  private let document: JSONDocument
  private let keys: [Int]
  /// Positions into `keys`, ordered by id bytes.
  private let sorted: [Int]

  public init(ids: [[UInt8]]) {
    // A document of one string node per id: node `i` is id `i`.
    var document = JSONDocument()
    var keys = [Int](repeating: 0, count: ids.count)
    var position = 0
    while position < ids.count {
      let first = document.text.count
      ids[position].withUnsafeBufferPointer { document.text.appendBytes($0) }
      document.nodes.append(.string, offset: 0, first: first, second: document.text.count)
      keys[position] = position
      position &+= 1
    }
    self.init(nodes: keys, of: document)
  }

  /// The strings (or keys) at `nodes` of a parsed document, read in place; positions are
  /// indices into `nodes`.
  init(nodes: [Int], of document: JSONDocument) {
    self.document = document
    keys = nodes
    var order = [Int](repeating: 0, count: nodes.count)
    var position = 0
    while position < nodes.count {
      order[position] = position
      position &+= 1
    }
    sortIndices(&order) { TagIndex.precedes(document, nodes, $0, $1) }
    sorted = order
  }

  /// Whether the id at position `first` sorts before the one at `second`: by bytes, ties by
  /// position, so that equal ids sit in input order (see `firstDuplicate`).
  // Out of line: the sort calls it twice per step.
  @inline(never)
  private static func precedes(
    _ document: JSONDocument, _ keys: [Int], _ first: Int, _ second: Int
  ) -> Bool {
    let order = compare(document, keys, first, second)
    return order != 0 ? order < 0 : first < second
  }

  /// The index of the tag with id `id`, or nil.
  public func index(of id: [UInt8]) -> Int? {
    find(id, 0, id.count)
  }

  /// The index of the id equal to the string (or key) `node` of `document`, or nil.
  // Inlined, with `find`, into the decoder's selection loop (about 0.1 KB smaller).
  @inline(__always)
  func index(ofNode node: Int, in document: JSONDocument) -> Int? {
    find(document.text, document.nodes[node].first, document.nodes[node].second)
  }

  /// Bisection for `text[start..<end]`.
  @inline(__always)
  private func find(_ text: [UInt8], _ start: Int, _ end: Int) -> Int? {
    var low = 0
    var high = sorted.count
    while low < high {
      // No overflow: both are at most the number of ids.
      let mid = (low &+ high) / 2
      let order = TagIndex.compare(document, keys, sorted[mid], text, start, end)
      if order == 0 { return sorted[mid] }
      if order < 0 { low = mid &+ 1 } else { high = mid }
    }
    return nil
  }

  /// The earliest position in input order whose id already appeared before it; nil when all
  /// ids are unique.
  public func firstDuplicate() -> Int? {
    var found = Int.max
    var position = 1
    while position < sorted.count {
      let current = sorted[position]
      // Equal ids are adjacent and in input order, so `current` is a repeat of the one before.
      if current < found && TagIndex.compare(document, keys, sorted[position &- 1], current) == 0 {
        found = current
      }
      position &+= 1
    }
    return found == Int.max ? nil : found
  }

  /// Byte-wise comparison of the ids at positions `first` and `second`.
  // Out of line: called from the sort and the duplicate scan.
  @inline(never)
  private static func compare(
    _ document: JSONDocument, _ keys: [Int], _ first: Int, _ second: Int
  ) -> Int {
    let node = keys[second]
    return compare(
      document, keys, first, document.text, document.nodes[node].first,
      document.nodes[node].second)
  }

  /// Byte-wise comparison of the id at position `position` with `other[start..<end]`:
  /// negative, zero or positive.
  // Out of line: the sort, the lookups and the duplicate scan share it.
  @inline(never)
  private static func compare(
    _ document: JSONDocument, _ keys: [Int], _ position: Int, _ other: [UInt8], _ start: Int,
    _ end: Int
  ) -> Int {
    let node = keys[position]
    var index = document.nodes[node].first
    let last = document.nodes[node].second
    var otherIndex = start
    while index < last && otherIndex < end {
      if document.text[index] != other[otherIndex] {
        return Int(document.text[index]) - Int(other[otherIndex])
      }
      index &+= 1
      otherIndex &+= 1
    }
    // What is left of each (no overflow: indices stay within the strings' bounds).
    return (last &- index) &- (end &- otherIndex)
  }
}

extension Array where Element == JSONNode {
  /// A node appended by its fields, as `init(ids:)` builds its document. (The same call as
  /// the parser's own node storage offers, so that `init(ids:)` reads the same either way.)
  fileprivate mutating func append(
    _ kind: JSONNode.Kind, offset: Int, number: Double = 0, first: Int = 0, second: Int = 0
  ) {
    var node = JSONNode(kind: kind, offset: offset)
    node.number = number
    node.first = first
    node.second = second
    node.next = count + 1
    append(node)
  }
}
