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
    var document = JSONDocument()
    var keys: [Int] = []
    for id in ids {
      var node = JSONNode(kind: .string, offset: 0)
      node.first = document.text.count
      id.withUnsafeBufferPointer { document.text.appendBytes($0) }
      node.second = document.text.count
      keys.append(document.nodes.count)
      document.nodes.append(node)
    }
    self.init(nodes: keys, of: document)
  }

  /// The strings (or keys) at `nodes` of a parsed document, read in place; positions are
  /// indices into `nodes`.
  init(nodes: [Int], of document: JSONDocument) {
    self.document = document
    keys = nodes
    var order: [Int] = []
    order.reserveCapacity(nodes.count)
    var position = 0
    while position < nodes.count {
      order.append(position)
      position += 1
    }
    // Ties broken by position, so that equal ids sit in input order (see `firstDuplicate`).
    sortIndices(&order) {
      let order = TagIndex.compare(document, nodes[$0], document.text, nodes[$1])
      return order != 0 ? order < 0 : $0 < $1
    }
    sorted = order
  }

  /// The index of the tag with id `id`, or nil.
  public func index(of id: [UInt8]) -> Int? {
    var probe = JSONNode(kind: .string, offset: 0)
    probe.second = id.count
    return find(id, probe)
  }

  /// The index of the id equal to the string (or key) `node` of `document`, or nil.
  func index(ofNode node: Int, in document: JSONDocument) -> Int? {
    find(document.text, document.nodes[node])
  }

  /// Bisection for the bytes of `node` in `text`.
  private func find(_ text: [UInt8], _ node: JSONNode) -> Int? {
    var low = 0
    var high = sorted.count
    while low < high {
      let mid = (low + high) / 2
      let order = TagIndex.compare(document, keys[sorted[mid]], text, node)
      if order == 0 { return sorted[mid] }
      if order < 0 { low = mid + 1 } else { high = mid }
    }
    return nil
  }

  /// The earliest position in input order whose id already appeared before it; nil when all
  /// ids are unique.
  public func firstDuplicate() -> Int? {
    var found = Int.max
    var position = 1
    while position < sorted.count {
      let previous = sorted[position - 1]
      let current = sorted[position]
      // Equal ids are adjacent and in input order, so `current` is a repeat of `previous`.
      if current < found,
        TagIndex.compare(document, keys[previous], document.text, keys[current]) == 0
      {
        found = current
      }
      position += 1
    }
    return found == Int.max ? nil : found
  }

  /// Byte-wise comparison of node `key` of `document` with node `other` of a document whose
  /// text is `text`: negative, zero or positive.
  private static func compare(
    _ document: JSONDocument, _ key: Int, _ text: [UInt8], _ other: Int
  ) -> Int {
    compare(document, key, text, document.nodes[other])
  }

  /// Byte-wise comparison of node `key` of `document` with the bytes of `other` in `text`.
  // Out of line: the sort, the lookups and the duplicate scan share it.
  @inline(never)
  private static func compare(
    _ document: JSONDocument, _ key: Int, _ text: [UInt8], _ other: JSONNode
  ) -> Int {
    let first = document.nodes[key].first
    let count = document.nodes[key].second - first
    let start = other.first
    let otherCount = other.second - start
    precondition(
      first >= 0 && count >= 0 && first + count <= document.text.count && start >= 0
        && otherCount >= 0 && start + otherCount <= text.count, "id bounds out of range")
    let common = min(count, otherCount)
    return document.text.withUnsafeBufferPointer { bytes in
      text.withUnsafeBufferPointer { otherBytes in
        // In range: checked above (buffer subscripts are unchecked in release builds).
        var position = 0
        while position < common {
          if bytes[first + position] != otherBytes[start + position] {
            return Int(bytes[first + position]) - Int(otherBytes[start + position])
          }
          position += 1
        }
        return count - otherCount
      }
    }
  }
}
