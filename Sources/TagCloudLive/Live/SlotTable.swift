/// An id a ``SlotTable`` gives out: a number it never gives again, and the slot of the value.
protocol SlotKey: Hashable {
  init(number: UInt64, slot: Int)
  var number: UInt64 { get }
  var slot: Int { get }
}

/// The hub's tables of connections and sessions: values under ids the table gives out, each
/// the next number and the slot the value sits in, so that a lookup is an array access and a
/// comparison of numbers. A dictionary hashed the id instead (SipHash: about 400 instructions a
/// lookup, and a live frame looked up four times). A removed value's slot goes to a later
/// insertion under a new number, so the old id finds nothing.
///
///     var table = SlotTable<SessionKey, String>()
///     let key = table.insert("a")
///     table[key]  // "a"
///     table.remove(key)
///     table[key]  // nil, also once the slot holds another value
struct SlotTable<Key: SlotKey, Value> {
  /// Each slot's number, 0 for a free slot. Apart from the values: a lookup reads a number,
  /// and reading it from a (number, value) pair copied the pair, its value retained.
  private var numbers: [UInt64] = []
  private var values: [Value?] = []
  /// Slots without a value, the last freed first.
  private var free: [Int] = []
  private var nextNumber: UInt64 = 1
  /// The values held.
  private(set) var count = 0

  /// The id the next insertion will get.
  var nextKey: Key { Key(number: nextNumber, slot: free.last ?? numbers.count) }

  /// Keeps `value` under a new id.
  ///
  /// - Complexity: amortized O(1).
  @discardableResult
  mutating func insert(_ value: Value) -> Key {
    let key = nextKey
    nextNumber += 1
    if free.popLast() != nil {
      numbers[key.slot] = key.number
      values[key.slot] = value
    } else {
      numbers.append(key.number)
      values.append(value)
    }
    count += 1
    return key
  }

  /// The place of `key`'s value, valid until it is removed; nil when the table holds none.
  ///
  /// - Complexity: O(1).
  func index(forKey key: Key) -> Int? {
    // A free slot's number is 0, which no id has.
    guard key.slot >= 0, key.slot < numbers.count, numbers[key.slot] == key.number else {
      return nil
    }
    return key.slot
  }

  /// The id of the value at `index`.
  func key(at index: Int) -> Key { Key(number: numbers[index], slot: index) }

  /// The value at `index` (from ``index(forKey:)``), read and changed in place.
  subscript(index index: Int) -> Value {
    _read { yield values[index]! }
    _modify { yield &values[index]! }
  }

  /// `key`'s value, nil when the table holds none. Setting a value replaces the one `key` has
  /// (an id comes only from ``insert(_:)``); setting nil removes it.
  subscript(key: Key) -> Value? {
    get { index(forKey: key).map { values[$0]! } }
    set {
      guard let index = index(forKey: key) else {
        precondition(newValue == nil, "no value under \(key) to replace")
        return
      }
      if let newValue { values[index] = newValue } else { remove(key) }
    }
  }

  /// Removes `key`'s value and returns it; nil when the table holds none.
  ///
  /// - Complexity: O(1).
  @discardableResult
  mutating func remove(_ key: Key) -> Value? {
    guard let index = index(forKey: key) else { return nil }
    let value = values[index]
    numbers[index] = 0
    values[index] = nil
    free.append(index)
    count -= 1
    return value
  }

  /// The ids of the values `isIncluded` accepts, in slot order. The values are read in place:
  /// an iterator handing each one out copied it (its arrays retained and released).
  ///
  /// - Complexity: O(s) in the slots, the most values the table held at once.
  func keys(where isIncluded: (Value) -> Bool) -> [Key] {
    values.indices.compactMap { index in
      guard let value = values[index], isIncluded(value) else { return nil }
      return key(at: index)
    }
  }

  /// Every id, in slot order.
  ///
  /// - Complexity: O(s) in the slots.
  var keys: [Key] { keys(where: { _ in true }) }
}
