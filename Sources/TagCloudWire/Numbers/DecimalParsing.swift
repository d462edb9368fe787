/// Decimal text to `Double`, correctly rounded (round half to even) for every input, without
/// Foundation or `Double(String)` (which Embedded Swift lacks).
///
///     "46.5".utf8.withContiguousStorageIfAvailable(DecimalParsing.parse)  // Optional(46.5)
///     // "1e400" gives +infinity (the caller decides whether that is an error), "01" gives nil.
///
/// Both paths compute an integer quotient of at least 60 bits and whether a remainder is left
/// over, then round that once (half to even, to 53 bits or to the subnormal unit):
/// - Fast: up to 19 significant digits times 10^-18...10^19, in 64-bit words (an integer
///   product, or a long division by the power of ten a few bits at a time).
/// - Exact: the digits over or times the power of ten in big integers on the stack
///   (`exactQuotient`, shared with `DecimalFormatting`). Digits past the 800th are folded into
///   one sticky digit: a number halfway between two doubles has at most 767 significant
///   digits, so no rounding decision can depend on them beyond "some were not zero".
///
/// - Complexity: linear in the length of the token; the exact path is O(d^2) in the number of
///   significant digits (at most 801) and runs only for long mantissas or large exponents.
public enum DecimalParsing {
  /// Parses one JSON number token (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, nothing
  /// before or after it). Returns nil when the bytes are not exactly that grammar, and
  /// ±infinity when the value is too large for a `Double`.
  public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    guard isNumberToken(bytes) else { return nil }
    return parseCheckedToken(bytes)
  }

  /// `parse` for a token whose grammar the caller has already checked (`JSONScanner` does, with
  /// its own messages): the module then links no second grammar check. Never nil for such a
  /// token; for other bytes the result is unspecified.
  static func parseCheckedToken(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    // The mantissa up to an e or E: the sign, the significant digits (the first 19 in
    // `mantissa`; counts are bounded by the token's length, so they cannot wrap) and minus the
    // number of fraction digits.
    var negative = false
    var mantissa: UInt64 = 0
    var significantCount = 0
    var trailingZeros = 0
    var fractionExponent = 0
    var inFraction = false
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      let digit = byte &- UInt8(ascii: "0")
      index &+= 1
      if digit < 10 {
        if inFraction { fractionExponent &-= 1 }
        if digit == 0 && significantCount == 0 { continue }
        significantCount &+= 1
        trailingZeros = digit == 0 ? trailingZeros &+ 1 : 0
        if significantCount <= 19 { mantissa = mantissa &* 10 &+ UInt64(digit) }
      } else if byte == UInt8(ascii: ".") {
        inFraction = true
      } else if byte == UInt8(ascii: "-") {
        negative = true
      } else {
        break  // e or E
      }
    }
    // The exponent, saturated: 10^(±100 million) is far beyond both overflow and underflow,
    // and keeps the later arithmetic on exponents free of integer overflow.
    var exponentNegative = false
    var exponent = 0
    while index < bytes.count {
      let byte = bytes[index]
      let digit = byte &- UInt8(ascii: "0")
      index &+= 1
      if digit < 10 {
        if exponent < 100_000_000 { exponent = exponent &* 10 &+ Int(digit) }
      } else if byte == UInt8(ascii: "-") {
        exponentNegative = true
      }
    }
    let magnitude = value(
      bytes, mantissa: mantissa, significantCount: significantCount,
      trailingZeros: trailingZeros,
      exponent: (exponentNegative ? 0 &- exponent : exponent) + fractionExponent)
    return negative ? -magnitude : magnitude
  }

  /// The correctly rounded magnitude of the token: its significant digits (the first 19 also
  /// in `mantissa`) as an integer times 10^exponent.
  private static func value(
    _ token: UnsafeBufferPointer<UInt8>, mantissa: UInt64, significantCount: Int,
    trailingZeros: Int, exponent: Int
  ) -> Double {
    if significantCount == 0 { return 0 }
    // Wrapping arithmetic below where the operands are bounded: exponents of a few thousand
    // at most, bit counts, digit counts of at most 801.
    if mantissa <= 1 << 53 && significantCount <= 19 && exponent <= 0 && exponent >= -19 {
      // Clinger: the mantissa and 10^k (5^k < 2^53) are exact doubles, so the one division
      // rounds correctly. The commonest numbers, integers and short fractions.
      let k = UInt64(truncatingIfNeeded: 0 &- exponent)
      return Double(mantissa) / Double(powerOfFive(0 &- exponent) &<< k)
    }
    if significantCount <= 19 && exponent >= -27 && exponent <= 27 {
      // The common numbers, in 64-bit words, with 10^k = 5^k * 2^k: an integer mantissa * 5^k
      // below 2^64, or mantissa / 5^k: the integer quotient, then more quotient bits, as many
      // at a time as the divisor leaves room for, until there are at least 60.
      let power = powerOfFive(exponent < 0 ? 0 &- exponent : exponent)
      var quotient = mantissa
      var divisor: UInt64 = 1
      if exponent < 0 {
        divisor = power  // at most 5^27 < 2^63
      } else if mantissa.leadingZeroBitCount &+ power.leadingZeroBitCount >= 64 {
        // The product is below 2^64 (a bound, not `mantissa <= max / power`, which LLVM turns
        // into an overflow-checked multiply, a 128-bit runtime helper on wasm32).
        quotient = mantissa &* power
      } else {
        divisor = 0  // too large: the exact path
      }
      if divisor != 0 {
        let room = divisor.leadingZeroBitCount
        var remainder = quotient % divisor
        quotient /= divisor
        var binaryExponent = exponent  // the 2^k of 10^k
        while quotient < 1 << 59 {
          // quotient << step < 2^60 and remainder << step < 2^64: nothing wraps.
          let step = Swift.min(room, quotient.leadingZeroBitCount &- 4)
          remainder &<<= UInt64(truncatingIfNeeded: step)
          quotient = quotient &<< UInt64(truncatingIfNeeded: step) | remainder / divisor
          remainder %= divisor
          binaryExponent &-= step
        }
        return rounded(quotient, binaryExponent, sticky: remainder != 0)
      }
    }
    // The exact path: value = 0.d1d2d3... * 10^point, d1...dn the digits without the
    // trailing zeros.
    let count = significantCount &- trailingZeros
    let point = significantCount + exponent
    if point > 310 { return .infinity }  // >= 10^309
    if point < -324 { return 0 }  // < 10^-325, below half the smallest subnormal
    // Keep at most 800 digits; a non-zero tail becomes one more digit 1 (the sticky digit):
    // a number halfway between two doubles has at most 767 significant digits, so no rounding
    // decision can depend on the digits past the 800th beyond "some were not zero".
    let kept = Swift.min(count, 800)
    let sticky = count > 800
    let result = exactQuotient(
      of: 0, digits: token, count: kept, sticky: sticky,
      tenExponent: point &- kept &- (sticky ? 1 : 0), twoExponent: nil)
    return rounded(result.quotient, 0 &- result.twoExponent, sticky: !result.exact)
  }

  /// (quotient + a fraction) * 2^binaryExponent correctly rounded, where the fraction is in
  /// [0, 1) and non-zero exactly when `sticky`, the quotient at least 2^59 (below 2^63 when the
  /// result is subnormal or zero): round half to even to 53 significant bits, or to the
  /// subnormal unit 2^-1074.
  private static func rounded(_ quotient: UInt64, _ binaryExponent: Int, sticky: Bool) -> Double {
    // Wrapping arithmetic: bit counts, and binary exponents of a few thousand at most.
    let width = 64 &- quotient.leadingZeroBitCount
    let drop = Swift.max(width &- 53, -1074 &- binaryExponent)  // at least 6
    // Below half the smallest subnormal (quotient < 2^63 <= 2^drop): zero.
    if drop > 63 { return 0 }
    let kept = quotient &>> UInt64(truncatingIfNeeded: drop)
    let rest = quotient &- kept &<< UInt64(truncatingIfNeeded: drop)
    let half: UInt64 = 1 &<< UInt64(truncatingIfNeeded: drop &- 1)
    let up = rest > half || (rest == half && (sticky || kept & 1 == 1))
    // kept + 1 <= 2^53 is exact, and so is the scaling unless it overflows to infinity. The
    // scale, in -1074...1100, is applied in two halves that are each a normal power of two.
    let scale = binaryExponent &+ drop
    let half1 = scale / 2
    return Double(kept &+ (up ? 1 : 0)) * powerOfTwo(half1) * powerOfTwo(scale &- half1)
  }
}

/// 2^exponent for -1022...1023.
private func powerOfTwo(_ exponent: Int) -> Double {
  Double(bitPattern: UInt64(truncatingIfNeeded: exponent &+ 1023) << 52)
}

/// Whether `bytes` is exactly one JSON number token.
private func isNumberToken(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
  var index = 0
  func skipDigits() -> Bool {
    let start = index
    while index < bytes.count && bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
    return index > start
  }
  func skip(_ byte: UInt8) -> Bool {
    if index < bytes.count && bytes[index] | (byte == UInt8(ascii: "e") ? 0x20 : 0) == byte {
      index += 1
      return true
    }
    return false
  }
  _ = skip(UInt8(ascii: "-"))
  if !skip(UInt8(ascii: "0")) && !skipDigits() { return false }
  if skip(UInt8(ascii: ".")) && !skipDigits() { return false }
  if skip(UInt8(ascii: "e")) {
    if !skip(UInt8(ascii: "+")) { _ = skip(UInt8(ascii: "-")) }
    if !skipDigits() { return false }
  }
  return index == bytes.count
}
