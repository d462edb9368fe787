/// Finds a tag's index by its id without hashing: the ids sorted by their UTF-8 bytes, searched
/// by bisection. Also the place where duplicate ids are found.
///
///     let index = TagIndex(ids: [Array("SwiftUI".utf8), Array("Glass".utf8)])
///     index.index(of: Array("Glass".utf8))  // 1
///
/// The ids are ranges of one byte buffer: the decoder indexes the ids of a parsed request in
/// the document's own text (`init(text:bounds:)`), without copying each id into an array of
/// its own.
///
/// - Complexity: O(n log n) to build; O(log n) comparisons per lookup.
public struct TagIndex: Sendable {
  /// The ids' bytes: id `i` is `text[bounds[2 * i] ..< bounds[2 * i + 1]]`.
  private let text: [UInt8]
  private let bounds: [Int]
  /// Positions of the ids, ordered by id bytes.
  private let sorted: [Int]

  public init(ids: [[UInt8]]) {
    var text: [UInt8] = []
    var bounds = [Int](repeating: 0, count: 2 * ids.count)
    var position = 0
    while position < ids.count {
      bounds[2 &* position] = text.count
      text.append(contentsOf: ids[position])
      bounds[2 &* position &+ 1] = text.count
      position &+= 1
    }
    self.init(text: text, bounds: bounds)
  }

  /// The ids `text[bounds[2 * i] ..< bounds[2 * i + 1]]`, each range within `text`.
  package init(text: [UInt8], bounds: [Int]) {
    self.text = text
    self.bounds = bounds
    // No overflow: half the count of an array.
    let count = bounds.count / 2
    var order = [Int](repeating: 0, count: count)
    var position = 0
    while position < count {
      order[position] = position
      position &+= 1
    }
    sortIndices(&order) { TagIndex.precedes(text, bounds, $0, $1) }
    sorted = order
  }

  /// Whether the id at position `first` sorts before the one at `second`: by bytes, ties by
  /// position, so that equal ids sit in input order (see `firstDuplicate`).
  private static func precedes(
    _ text: [UInt8], _ bounds: [Int], _ first: Int, _ second: Int
  ) -> Bool {
    let order = compare(text, bounds, first, second)
    return order != 0 ? order < 0 : first < second
  }

  /// The index of the tag with id `id`, or nil.
  public func index(of id: [UInt8]) -> Int? {
    find(id, 0, id.count)
  }

  /// The index of the id equal to `other[range]` (a string inside a larger buffer, such as a
  /// parsed document's text), or nil.
  package func index(of other: [UInt8], in range: Range<Int>) -> Int? {
    find(other, range.lowerBound, range.upperBound)
  }

  /// Bisection for `other[start..<end]`.
  private func find(_ other: [UInt8], _ start: Int, _ end: Int) -> Int? {
    var low = 0
    var high = sorted.count
    while low < high {
      // No overflow: both are at most the number of ids.
      let mid = (low &+ high) / 2
      let order = TagIndex.compare(text, bounds, sorted[mid], other, start, end)
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
      if current < found && TagIndex.compare(text, bounds, sorted[position &- 1], current) == 0 {
        found = current
      }
      position &+= 1
    }
    return found == Int.max ? nil : found
  }

  /// Byte-wise comparison of the ids at positions `first` and `second`.
  private static func compare(
    _ text: [UInt8], _ bounds: [Int], _ first: Int, _ second: Int
  ) -> Int {
    // No overflow: positions are below the number of ids, and `bounds` holds two per id.
    compare(text, bounds, first, text, bounds[2 &* second], bounds[2 &* second &+ 1])
  }

  /// Byte-wise comparison of the id at position `position` with `other[start..<end]`:
  /// negative, zero or positive.
  private static func compare(
    _ text: [UInt8], _ bounds: [Int], _ position: Int, _ other: [UInt8], _ start: Int,
    _ end: Int
  ) -> Int {
    // No overflow: positions are below the number of ids, and `bounds` holds two per id.
    var index = bounds[2 &* position]
    let last = bounds[2 &* position &+ 1]
    var otherIndex = start
    while index < last && otherIndex < end {
      if text[index] != other[otherIndex] {
        return Int(text[index]) - Int(other[otherIndex])
      }
      index &+= 1
      otherIndex &+= 1
    }
    // What is left of each (no overflow: indices stay within the strings' bounds).
    return (last &- index) &- (end &- otherIndex)
  }
}
