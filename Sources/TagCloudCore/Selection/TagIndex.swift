/// Finds a tag's index by its id without hashing: the ids sorted by their UTF-8 bytes, searched
/// by bisection. Also the place where duplicate ids are found.
///
///     let index = TagIndex(ids: [Array("SwiftUI".utf8), Array("Glass".utf8)])
///     index.index(of: Array("Glass".utf8))  // 1
///
/// - Complexity: O(n log n) to build; O(log n) comparisons per lookup.
public struct TagIndex: Sendable {
  private let ids: [[UInt8]]
  /// Positions into `ids`, ordered by id bytes.
  private let sorted: [Int]

  public init(ids: [[UInt8]]) {
    self.ids = ids
    var order: [Int] = []
    order.reserveCapacity(ids.count)
    for index in ids.indices { order.append(index) }
    // Ties broken by position, so that equal ids sit in input order (see `firstDuplicate`).
    sortIndices(&order) {
      let order = TagIndex.compare(ids[$0], ids[$1])
      return order != 0 ? order < 0 : $0 < $1
    }
    sorted = order
  }

  /// The index of the tag with id `id`, or nil.
  public func index(of id: [UInt8]) -> Int? {
    var low = 0
    var high = sorted.count
    while low < high {
      let mid = (low + high) / 2
      let order = TagIndex.compare(ids[sorted[mid]], id)
      if order == 0 { return sorted[mid] }
      if order < 0 { low = mid + 1 } else { high = mid }
    }
    return nil
  }

  /// The earliest position in input order whose id already appeared before it; nil when all
  /// ids are unique.
  public func firstDuplicate() -> Int? {
    var found: Int?
    var position = 1
    while position < sorted.count {
      let previous = sorted[position - 1]
      let current = sorted[position]
      // Equal ids are adjacent and in input order, so `current` is a repeat of `previous`.
      if TagIndex.compare(ids[previous], ids[current]) == 0, found.map({ current < $0 }) ?? true {
        found = current
      }
      position += 1
    }
    return found
  }

  /// Byte-wise comparison: negative, zero or positive.
  static func compare(_ first: [UInt8], _ second: [UInt8]) -> Int {
    let common = min(first.count, second.count)
    var position = 0
    while position < common {
      if first[position] != second[position] {
        return Int(first[position]) - Int(second[position])
      }
      position += 1
    }
    return first.count - second.count
  }
}
