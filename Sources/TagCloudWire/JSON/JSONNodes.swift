/// The nodes of a `JSONDocument`, read like an array of `JSONNode`s.
///
///     let node = document.nodes[1]  // a JSONNode
///     for index in 0..<document.nodes.count { ... }
///
/// Stored as five `Double` slots per node (offset, number, first, the kind and second, next;
/// integers as bit patterns). `second` is 0 or a position in `JSONDocument.text`, so it
/// shares its slot with the kind's byte without loss. Why not `[JSONNode]`: in the Embedded
/// Wasm build every array element type costs its own copy of the array machinery (growth,
/// copying, element access: about 1.9 KB for `JSONNode`, measured); `[Double]` has one
/// already. The price is speed, five appends per node instead of one: a 1,000-tag layout
/// takes about 6 % longer than with the parser this one replaced. Reading a node checks its
/// index once, like an array.
public struct JSONNodes: RandomAccessCollection, Sendable {
  private var slots: [Double] = []

  init() {}

  /// How many nodes there are.
  public var count: Int { slots.count / 5 }
  public var startIndex: Int { 0 }
  public var endIndex: Int { count }

  public internal(set) subscript(index: Int) -> JSONNode {
    // Inlined: a caller that reads one field then loads one slot, not five.
    @inline(__always) get {
      // One check, like an array's (a negative index is a huge unsigned one).
      precondition(UInt(bitPattern: index) < UInt(bitPattern: count))
      return unchecked(index)
    }
    set {
      precondition(UInt(bitPattern: index) < UInt(bitPattern: count))
      slots.withUnsafeMutableBufferPointer { slots in
        let base = index &* 5
        slots[base] = slot(newValue.offset)
        slots[base &+ 1] = newValue.number
        slots[base &+ 2] = slot(newValue.first)
        slots[base &+ 3] = slot(newValue.kind, newValue.second)
        slots[base &+ 4] = slot(newValue.next)
      }
    }
  }

  /// The node at an index the parser has proven below `count` (asserted in debug builds): one
  /// it appended, or a child of a container it closes. The five slots of such an index are in
  /// range, so the reads need no check.
  @inline(__always)
  func unchecked(_ index: Int) -> JSONNode {
    assert(UInt(bitPattern: index) < UInt(bitPattern: count))
    return slots.withUnsafeBufferPointer { (slots) -> JSONNode in
      let base = index &* 5
      let kindAndSecond = slots[base &+ 3].bitPattern
      var node = JSONNode(
        kind: JSONNode.Kind(rawValue: UInt8(truncatingIfNeeded: kindAndSecond)) ?? .null,
        offset: integer(slots[base]))
      node.number = slots[base &+ 1]
      node.first = integer(slots[base &+ 2])
      node.second = Int(truncatingIfNeeded: kindAndSecond >> 8)
      node.next = integer(slots[base &+ 4])
      return node
    }
  }

  /// Ends a container's node: its count (`first`) and its subtree's end (`next`, which held
  /// the parent's index while the container was open). `index` is one the parser appended
  /// (asserted in debug builds), so the writes need no check.
  mutating func finish(_ index: Int, count: Int, next: Int) {
    assert(UInt(bitPattern: index) < UInt(bitPattern: self.count))
    slots.withUnsafeMutableBufferPointer { slots in
      let base = index &* 5
      slots[base &+ 2] = slot(count)
      slots[base &+ 4] = slot(next)
    }
  }

  /// Appends a node.
  mutating func append(
    _ kind: JSONNode.Kind, offset: Int, number: Double = 0, first: Int = 0, second: Int = 0,
    next: Int
  ) {
    slots.append(slot(offset))
    slots.append(number)
    slots.append(slot(first))
    slots.append(slot(kind, second))
    slots.append(slot(next))
  }
}

/// A kind and a `second` (0 or a position in `JSONDocument.text`, far below 2^56) in one slot:
/// the kind in the low byte.
private func slot(_ kind: JSONNode.Kind, _ second: Int) -> Double {
  Double(bitPattern: UInt64(kind.rawValue) | UInt64(truncatingIfNeeded: second) << 8)
}

/// An integer kept in a `Double` slot: its bits, not its value (exact for every `Int`).
private func slot(_ value: Int) -> Double {
  Double(bitPattern: UInt64(truncatingIfNeeded: value))
}

/// The integer of a slot written by `slot`.
private func integer(_ slot: Double) -> Int {
  Int(truncatingIfNeeded: slot.bitPattern)
}
