/// A small unsigned big integer over caller-provided storage (little-endian 32-bit words), just
/// enough for exact decimal <-> binary conversion of `Double`s: multiply by small numbers and
/// powers of two and ten, subtract, and divide when the quotient fits in 64 bits.
///
/// The storage comes from `withUnsafeTemporaryAllocation` (see `exactQuotient`), so the exact
/// slow paths of `DecimalParsing` and `DecimalFormatting` allocate nothing on the heap. Callers
/// size the storage from the bounds of their own algorithm; overflowing it is a programming
/// error and stops the program (`precondition`) rather than corrupting memory.
///
///     withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 8) { words in
///       var n = Bignum(words.baseAddress!, capacity: 8, 12)
///       n.multiply(byPowerOf: 10, 3)  // 12_000
///     }
///
/// - Complexity: every operation is linear in the number of words, but `divide(by:)`, which
///   is linear times the number of quotient bits (at most 65).
struct Bignum {
  private let words: UnsafeMutablePointer<UInt32>
  private let capacity: Int
  /// Number of significant words; zero is `count == 0`. Invariant: `words[count - 1] != 0`.
  private(set) var count: Int

  /// A big integer of `value` in `capacity` words (at least 2) from `words`.
  init(_ words: UnsafeMutablePointer<UInt32>, capacity: Int, _ value: UInt64) {
    assert(capacity >= 2)
    self.words = words
    self.capacity = capacity
    words[0] = UInt32(truncatingIfNeeded: value)
    words[1] = UInt32(truncatingIfNeeded: value >> 32)
    count = 2
    normalize()
  }

  var isZero: Bool { count == 0 }

  /// The number of bits needed to write the value (0 for zero).
  var bitWidth: Int {
    count == 0 ? 0 : count &* 32 &- words[count &- 1].leadingZeroBitCount  // count <= capacity
  }

  /// `self = self * factor + addend`.
  mutating func multiply(by factor: UInt32, adding addend: UInt32 = 0) {
    var carry = UInt64(addend)
    for index in 0..<count {
      // At most (2^32 - 1)^2 + 2^32 - 1 < 2^64: cannot wrap.
      let product = UInt64(words[index]) &* UInt64(factor) &+ carry
      words[index] = UInt32(truncatingIfNeeded: product)
      carry = product >> 32
    }
    if carry != 0 {
      precondition(count < capacity, "Bignum capacity exceeded")
      words[count] = UInt32(carry)
      count += 1  // (checked: with wrapping, the optimizer inlines this function everywhere)
    }
  }

  /// `self = self * base^exponent` for base 2 or 10, exponent >= 0: one pass per factor
  /// base^k up to 2^29 or 10^9, so a shift by n bits is n / 29 passes (only the
  /// slow paths shift far).
  mutating func multiply(byPowerOf base: UInt32, _ exponent: Int) {
    var remaining = exponent
    while remaining > 0 {
      var factor: UInt32 = 1
      while remaining > 0 && factor <= UInt32.max / 10 {  // factor * base cannot wrap
        factor &*= base
        remaining &-= 1
      }
      multiply(by: factor)
    }
  }

  /// `self = self - other` when `self >= other`; returns whether it subtracted. Two passes
  /// from the bottom word: the first only finds the borrow out of the top word.
  mutating func subtractIfNotLess(_ other: Bignum) -> Bool {
    if other.count > count { return false }
    var store = false
    while true {
      var borrow: UInt64 = 0
      for index in 0..<count {
        let b = index < other.count ? UInt64(other.words[index]) : 0
        let difference = UInt64(words[index]) &- b &- borrow
        if store { words[index] = UInt32(truncatingIfNeeded: difference) }
        borrow = difference >> 63
      }
      if store {
        normalize()
        return true
      }
      if borrow != 0 { return false }
      store = true
    }
  }

  /// Returns `self / divisor` rounded down, which must be below 2^64, and leaves in `self` the
  /// remainder times a power of two: zero exactly when the division is exact. Shifts `divisor`.
  mutating func divide(by divisor: inout Bignum) -> UInt64 {
    // Schoolbook division in base 2: the divisor aligned with the top bit of `self`, then one
    // quotient bit per step.
    var steps = bitWidth &- divisor.bitWidth
    if steps < 0 { return 0 }
    divisor.multiply(byPowerOf: 2, steps)
    var quotient: UInt64 = 0
    while true {
      quotient &+= quotient  // the bit shifted out is zero when the quotient fits
      if subtractIfNotLess(divisor) { quotient |= 1 }
      if steps == 0 { return quotient }
      multiply(by: 2)  // self < divisor before, so at most one word more than the divisor
      steps &-= 1
    }
  }

  private mutating func normalize() {
    while count > 0 && words[count &- 1] == 0 { count &-= 1 }
  }
}

/// The one exact slow path that parsing and formatting share: ⌊N · 10^tenExponent ·
/// 2^twoExponent⌋ and whether it is exact, on big integers held on the stack.
///
/// N is `integer`, followed by the first `count` significant decimal digits of `digits` (other
/// bytes, such as a sign or a decimal point, and leading zeros are skipped), followed by one digit 1 when `sticky` (`DecimalParsing`
/// folds an over-long tail into it). When `twoExponent` is nil it is chosen so that the
/// quotient is in [2^61, 2^63) and returned; otherwise the quotient must be below 2^64.
///
/// Bounds: N below 10^801 (2,662 bits), `tenExponent` in -1,125...341, the result's binary
/// scale within 1,100 bits: 160 words (5,120 bits) per big integer cover every case.
func exactQuotient(
  of integer: UInt64, digits: UnsafeBufferPointer<UInt8>, count: Int, sticky: Bool,
  tenExponent: Int, twoExponent: Int?
) -> (quotient: UInt64, twoExponent: Int, exact: Bool) {
  let capacity = 160
  return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 2 * capacity) { storage in
    let words = storage.baseAddress!
    var numerator = Bignum(words, capacity: capacity, integer)
    var denominator = Bignum(words + capacity, capacity: capacity, 1)
    // One pass over the big integer per digit: at most 801 digits, on the slow path only.
    var taken = 0
    var index = 0
    while taken < count {
      let digit = digits[index] &- 0x30
      index &+= 1  // bounded by the token's length, as `taken` by `count`
      if digit > 9 || (digit == 0 && taken == 0) { continue }  // "-", ".", leading zeros
      numerator.multiply(by: 10, adding: UInt32(digit))
      taken &+= 1
    }
    if sticky { numerator.multiply(by: 10, adding: 1) }
    if tenExponent >= 0 {
      numerator.multiply(byPowerOf: 10, tenExponent)
    } else {
      denominator.multiply(byPowerOf: 10, -tenExponent)
    }
    // numerator / denominator is in [2^(a - b - 1), 2^(a - b + 1)) for bit widths a and b.
    let shift = twoExponent ?? 62 &- numerator.bitWidth &+ denominator.bitWidth
    if shift >= 0 {
      numerator.multiply(byPowerOf: 2, shift)
    } else {
      denominator.multiply(byPowerOf: 2, -shift)
    }
    let quotient = numerator.divide(by: &denominator)
    return (quotient, shift, numerator.isZero)
  }
}

/// 5^exponent for 0...27 (below 2^63): the fast paths' powers of ten are 5^k * 2^k.
func powerOfFive(_ exponent: Int) -> UInt64 {
  var power: UInt64 = 1
  var remaining = exponent
  while remaining > 0 {
    power &*= 5
    remaining &-= 1
  }
  return power
}
