/// The seed's `Set<String>` of selected titles, as a set of tag indices in a bitset.
///
/// Indices instead of hashed strings keep the Wasm module import-free (no random seed for
/// hashing) and listings deterministic: ``indices`` is always ascending, the tags' order.
///
///     var selection = SelectionSet(capacity: 10)
///     selection.insert(0)
///     selection.toggle(3)
///     selection.indices  // [0, 3]
///
/// - Complexity: O(1) for `contains`, `insert`, `remove`, `toggle`; O(capacity / 8 + k) to list.
public struct SelectionSet: Equatable, Sendable {
  /// The bits, eight tags to a byte: `[UInt8]` rather than `[UInt64]` words, as the Wasm
  /// module already holds the byte array's code (a `[UInt64]` would add its own).
  private var words: [UInt8]
  /// How many tags the set can hold: indices `0..<capacity`.
  public let capacity: Int

  public init(capacity: Int) {
    precondition(capacity >= 0, "capacity must be non-negative")
    self.capacity = capacity
    words = [UInt8](repeating: 0, count: (capacity + 7) / 8)
  }

  /// A set holding `indices`.
  public init(capacity: Int, indices: some Sequence<Int>) {
    self.init(capacity: capacity)
    for index in indices { insert(index) }
  }

  public func contains(_ index: Int) -> Bool {
    checkIndex(index)
    return words[index >> 3] & (1 << UInt8(index & 7)) != 0
  }

  /// Adds `index`; returns whether it was absent before.
  @discardableResult
  public mutating func insert(_ index: Int) -> Bool {
    checkIndex(index)
    let mask: UInt8 = 1 << UInt8(index & 7)
    let wasAbsent = words[index >> 3] & mask == 0
    words[index >> 3] |= mask
    return wasAbsent
  }

  /// Removes `index`; returns whether it was present before.
  @discardableResult
  public mutating func remove(_ index: Int) -> Bool {
    checkIndex(index)
    let mask: UInt8 = 1 << UInt8(index & 7)
    let wasPresent = words[index >> 3] & mask != 0
    words[index >> 3] &= ~mask
    return wasPresent
  }

  /// Selects `index` if it was not selected, deselects it if it was: the seed's button action.
  /// Returns whether it is selected now.
  @discardableResult
  public mutating func toggle(_ index: Int) -> Bool {
    checkIndex(index)
    words[index >> 3] ^= 1 << UInt8(index & 7)
    return contains(index)
  }

  /// How many tags are selected.
  public var count: Int {
    var total = 0
    for word in words { total += word.nonzeroBitCount }
    return total
  }

  public var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

  /// The selected indices, ascending.
  public var indices: [Int] {
    var result: [Int] = []
    for (wordIndex, word) in words.enumerated() {
      var remaining = word
      while remaining != 0 {
        result.append(wordIndex << 3 + remaining.trailingZeroBitCount)
        remaining &= remaining - 1
      }
    }
    return result
  }

  private func checkIndex(_ index: Int) {
    precondition(index >= 0 && index < capacity, "selection index out of range")
  }
}
