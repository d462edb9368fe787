/// A small unsigned big integer over caller-provided storage (little-endian 32-bit words), just
/// enough for exact decimal <-> binary conversion of `Double`s: multiply by small numbers and
/// powers of ten, shift, compare, subtract.
///
/// The storage usually comes from `withUnsafeTemporaryAllocation`, so the exact slow paths of
/// `DecimalParsing` and `DecimalFormatting` allocate nothing on the heap. Callers size the
/// storage from the bounds of their own algorithm; overflowing it is a programming error and
/// stops the program (`precondition`) rather than corrupting memory.
///
///     withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 8) { words in
///       var n = Bignum(words, 12)
///       n.multiplyByPowerOfTen(3)  // 12_000
///     }
///
/// - Complexity: every operation is linear in the number of words.
struct Bignum {
  private let words: UnsafeMutablePointer<UInt32>
  private let capacity: Int
  /// Number of significant words; zero is `count == 0`. Invariant: `words[count - 1] != 0`.
  private(set) var count: Int

  init(_ storage: UnsafeMutableBufferPointer<UInt32>, _ value: UInt64) {
    words = storage.baseAddress!
    capacity = storage.count
    count = 0
    set(value)
  }

  var isZero: Bool { count == 0 }

  mutating func set(_ value: UInt64) {
    precondition(capacity >= 2)
    words[0] = UInt32(truncatingIfNeeded: value)
    words[1] = UInt32(truncatingIfNeeded: value >> 32)
    count = value == 0 ? 0 : (value >> 32 == 0 ? 1 : 2)
  }

  mutating func set(_ other: Bignum) {
    precondition(other.count <= capacity)
    words.update(from: other.words, count: other.count)
    count = other.count
  }

  /// The number of bits needed to write the value (0 for zero).
  var bitWidth: Int {
    count == 0 ? 0 : count * 32 - words[count - 1].leadingZeroBitCount
  }

  /// `self = self * factor + addend`.
  mutating func multiply(by factor: UInt32, adding addend: UInt32 = 0) {
    var carry = UInt64(addend)
    for index in 0..<count {
      let product = UInt64(words[index]) * UInt64(factor) + carry
      words[index] = UInt32(truncatingIfNeeded: product)
      carry = product >> 32
    }
    if carry != 0 {
      precondition(count < capacity, "Bignum capacity exceeded")
      words[count] = UInt32(carry)
      count += 1
    }
  }

  /// `self = self * 10^exponent`, exponent >= 0.
  mutating func multiplyByPowerOfTen(_ exponent: Int) {
    var remaining = exponent
    while remaining >= 9 {
      multiply(by: 1_000_000_000)
      remaining -= 9
    }
    var factor: UInt32 = 1
    while remaining > 0 {
      factor &*= 10
      remaining -= 1
    }
    if factor != 1 { multiply(by: factor) }
  }

  /// `self = self * 2^shift`, shift >= 0.
  mutating func shiftLeft(_ shift: Int) {
    if count == 0 || shift == 0 { return }
    let wordShift = shift >> 5
    let bitShift = shift & 31
    let newCount = count + wordShift + 1
    precondition(newCount <= capacity, "Bignum capacity exceeded")
    words[count] = 0
    var index = count
    while index >= 0 {
      let high = words[index] << UInt32(bitShift)
      let low = (bitShift == 0 || index == 0) ? 0 : words[index - 1] >> UInt32(32 - bitShift)
      words[index + wordShift] = high | low
      index -= 1
    }
    for fill in 0..<wordShift { words[fill] = 0 }
    count = newCount
    normalize()
  }

  /// `self = self / 2` (rounding down).
  mutating func shiftRightOne() {
    if count == 0 { return }
    for index in 0..<count {
      let next = index + 1 < count ? words[index + 1] : 0
      words[index] = (words[index] >> 1) | (next << 31)
    }
    normalize()
  }

  /// -1, 0 or 1 as `self` is less than, equal to or greater than `other`.
  func compare(_ other: Bignum) -> Int {
    if count != other.count { return count < other.count ? -1 : 1 }
    var index = count - 1
    while index >= 0 {
      let a = words[index]
      let b = other.words[index]
      if a != b { return a < b ? -1 : 1 }
      index -= 1
    }
    return 0
  }

  /// -1, 0 or 1 as `self + addend` is less than, equal to or greater than `other`, without
  /// materialising the sum.
  func compare(adding addend: Bignum, to other: Bignum) -> Int {
    let width = Swift.max(count, addend.count)
    if width + 1 < other.count { return -1 }
    if width > other.count { return 1 }
    // Compare from the top word down, tracking the carry that the lower words may still bring:
    // compute (self + addend) - other word by word from the bottom instead, which is simpler
    // and exact.
    var borrow: Int64 = 0
    var nonZero = false
    let top = Swift.max(width, other.count)
    for index in 0..<top {
      let a = index < count ? Int64(words[index]) : 0
      let b = index < addend.count ? Int64(addend.words[index]) : 0
      let c = index < other.count ? Int64(other.words[index]) : 0
      var digit = a + b - c + borrow
      borrow = 0
      while digit < 0 {
        digit += 1 << 32
        borrow -= 1
      }
      while digit >= 1 << 32 {
        digit -= 1 << 32
        borrow += 1
      }
      if digit != 0 { nonZero = true }
    }
    if borrow != 0 { return borrow < 0 ? -1 : 1 }
    return nonZero ? 1 : 0
  }

  /// `self = self - other`; requires `self >= other`.
  mutating func subtract(_ other: Bignum) {
    assert(compare(other) >= 0)
    var borrow: UInt64 = 0
    for index in 0..<count {
      let b = index < other.count ? UInt64(other.words[index]) : 0
      let difference = UInt64(words[index]) &- b &- borrow
      words[index] = UInt32(truncatingIfNeeded: difference)
      borrow = difference >> 63
    }
    normalize()
  }

  private mutating func normalize() {
    while count > 0 && words[count - 1] == 0 { count -= 1 }
  }
}
