/// Decimal text to `Double`, correctly rounded (round half to even) for every input, without
/// Foundation or `Double(String)` (which Embedded Swift lacks).
///
///     "46.5".utf8.withContiguousStorageIfAvailable(DecimalParsing.parse)  // Optional(46.5)
///     // "1e400" gives +infinity (the caller decides whether that is an error), "01" gives nil.
///
/// Two paths:
/// - Fast (Clinger): a mantissa of at most 2^53 and a power of ten of at most 10^22 are both
///   exact doubles, so one IEEE multiplication or division is correctly rounded.
/// - Exact: the value is the fraction `digits * 10^e`, scaled by a power of two so that its
///   integer part holds the 53 significant bits plus one rounding bit; the remainder is the
///   sticky bit. Digits past the 800th are folded into one sticky digit: a number halfway
///   between two doubles has at most 767 significant digits, so no rounding decision can depend
///   on them beyond "some were not zero".
///
/// - Complexity: linear in the length of the token; the exact path is O(d^2) in the number of
///   significant digits (at most 801) and runs only for long mantissas or large exponents.
public enum DecimalParsing {
  /// Parses one JSON number token (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, nothing
  /// before or after it). Returns nil when the bytes are not exactly that grammar, and
  /// ±infinity when the value is too large for a `Double`.
  public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    guard let number = DecimalToken(bytes) else { return nil }
    return number.value(bytes)
  }
}

/// The pieces of a validated number token: where its significant digits are and the decimal
/// exponent that applies to them, so that value = (digits as an integer) * 10^exponent.
private struct DecimalToken {
  var negative = false
  /// Positions in the token of the integer digits and of the fraction digits.
  var integerDigits = 0..<0
  var fractionDigits = 0..<0
  /// The written exponent, saturated far beyond any meaningful value.
  var exponent = 0

  init?(_ bytes: UnsafeBufferPointer<UInt8>) {
    var index = 0
    let end = bytes.count
    if index < end && bytes[index] == UInt8(ascii: "-") {
      negative = true
      index += 1
    }
    let integerStart = index
    guard index < end, bytes[index].isDigit else { return nil }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else {
      while index < end && bytes[index].isDigit { index += 1 }
    }
    integerDigits = integerStart..<index
    if index < end && bytes[index] == UInt8(ascii: ".") {
      index += 1
      let fractionStart = index
      while index < end && bytes[index].isDigit { index += 1 }
      guard index > fractionStart else { return nil }
      fractionDigits = fractionStart..<index
    }
    if index < end && (bytes[index] | 0x20) == UInt8(ascii: "e") {
      index += 1
      var exponentNegative = false
      if index < end && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
        exponentNegative = bytes[index] == UInt8(ascii: "-")
        index += 1
      }
      let exponentStart = index
      var magnitude = 0
      while index < end && bytes[index].isDigit {
        // Saturate: 10^(±100 million) is far beyond both overflow and underflow, and keeps
        // the later arithmetic on exponents free of integer overflow.
        if magnitude < 100_000_000 { magnitude = magnitude * 10 + Int(bytes[index] &- 0x30) }
        index += 1
      }
      guard index > exponentStart else { return nil }
      exponent = exponentNegative ? -magnitude : magnitude
    }
    guard index == end else { return nil }
  }

  /// The correctly rounded value of the token.
  func value(_ bytes: UnsafeBufferPointer<UInt8>) -> Double {
    // Significant digits: integer then fraction digits, without leading zeros. Collect the
    // first 19 into a UInt64 for the fast path and count them all.
    var mantissa: UInt64 = 0
    var significantCount = 0
    var decimalExponent = exponent - fractionDigits.count
    var sawNonZero = false
    var trailingZeros = 0
    for index in integerDigits
      .lowerBound..<(fractionDigits.isEmpty
      ? integerDigits.upperBound : fractionDigits.upperBound)
    {
      let byte = bytes[index]
      if byte == UInt8(ascii: ".") { continue }
      let digit = byte &- 0x30
      if digit == 0 && !sawNonZero { continue }
      sawNonZero = true
      significantCount += 1
      trailingZeros = digit == 0 ? trailingZeros + 1 : 0
      if significantCount <= 19 { mantissa = mantissa &* 10 &+ UInt64(digit) }
    }
    if !sawNonZero { return negative ? -0.0 : 0.0 }
    // Trailing zeros of the significant digits only scale the value: drop them.
    // `mantissa` holds the first min(count, 19) significant digits.
    var zeros = Swift.min(significantCount, 19) - (significantCount - trailingZeros)
    significantCount -= trailingZeros
    while zeros > 0 {
      mantissa /= 10
      zeros -= 1
    }
    decimalExponent += trailingZeros
    let magnitude: Double
    if significantCount <= 19 && mantissa <= 1 << 53 && decimalExponent >= -22
      && decimalExponent <= 22
    {
      let scale = exactPowerOfTen(abs(decimalExponent))
      magnitude =
        decimalExponent < 0 ? Double(mantissa) / scale : Double(mantissa) * scale
    } else {
      magnitude = exactValue(bytes, significantCount: significantCount, exponent: decimalExponent)
    }
    return negative ? -magnitude : magnitude
  }

  /// The slow path: exact rational arithmetic on the significant digits.
  private func exactValue(
    _ bytes: UnsafeBufferPointer<UInt8>, significantCount: Int, exponent decimalExponent: Int
  ) -> Double {
    // value = 0.d1d2d3... * 10^point
    let point = significantCount + decimalExponent
    if point > 310 { return .infinity }  // >= 10^309
    if point < -324 { return 0 }  // < 10^-325, below half the smallest subnormal
    // Keep at most 800 digits; a non-zero tail becomes one more digit 1 (the sticky digit).
    let keptCount = Swift.min(significantCount, 800)
    let stickyDigit = significantCount > 800
    let digitCount = keptCount + (stickyDigit ? 1 : 0)
    let exponent10 = point - digitCount  // value = D * 10^exponent10, D has digitCount digits
    // Bits: D < 10^801 (2662 bits); 10^|exponent10| <= 10^1125 (3738 bits); shifts add at most
    // 1075 + 64 bits to the smaller side. 160 words = 5120 bits covers every case.
    let capacity = 160
    return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 2 * capacity) { storage in
      var numerator = Bignum(UnsafeMutableBufferPointer(rebasing: storage[0..<capacity]), 0)
      var denominator = Bignum(
        UnsafeMutableBufferPointer(rebasing: storage[capacity..<(2 * capacity)]), 1)
      // Accumulate the kept digits nine at a time.
      var taken = 0
      var chunk: UInt32 = 0
      var chunkScale: UInt32 = 1
      var started = false
      var index = integerDigits.lowerBound
      let end = fractionDigits.isEmpty ? integerDigits.upperBound : fractionDigits.upperBound
      while index < end && taken < keptCount {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: ".") { continue }
        if byte == UInt8(ascii: "0") && !started { continue }
        started = true
        chunk = chunk * 10 + UInt32(byte &- 0x30)
        chunkScale *= 10
        taken += 1
        if chunkScale == 1_000_000_000 {
          numerator.multiply(by: chunkScale, adding: chunk)
          chunk = 0
          chunkScale = 1
        }
      }
      if chunkScale != 1 { numerator.multiply(by: chunkScale, adding: chunk) }
      if stickyDigit {
        // Any non-zero digit after the kept ones? Then the value is strictly above the kept
        // prefix; one extra digit 1 stands for that.
        var tailNonZero = false
        while index < end {
          let byte = bytes[index]
          if byte != UInt8(ascii: "0") && byte != UInt8(ascii: ".") {
            tailNonZero = true
            break
          }
          index += 1
        }
        numerator.multiply(by: 10, adding: tailNonZero ? 1 : 0)
      }
      if exponent10 >= 0 {
        numerator.multiplyByPowerOfTen(exponent10)
      } else {
        denominator.multiplyByPowerOfTen(-exponent10)
      }
      // Scale by 2^shift so that the quotient has 54 bits (53 + a rounding bit), or fewer for
      // subnormals, whose last bit has weight 2^-1074: the rounding bit then weighs 2^-1075.
      var shift = 54 - (numerator.bitWidth - denominator.bitWidth)
      shift = Swift.min(shift, 1075)
      if shift >= 0 {
        numerator.shiftLeft(shift)
      } else {
        denominator.shiftLeft(-shift)
      }
      // Long division, one quotient bit at a time: the quotient is below 2^55.
      denominator.shiftLeft(55)
      var quotient: UInt64 = 0
      var bit = 55
      while bit >= 0 {
        if numerator.compare(denominator) >= 0 {
          numerator.subtract(denominator)
          quotient |= 1 << UInt64(bit)
        }
        denominator.shiftRightOne()
        bit -= 1
      }
      var sticky = !numerator.isZero
      if quotient >= 1 << 54 {
        sticky = sticky || quotient & 1 != 0
        quotient >>= 1
        shift -= 1
      }
      return DecimalToken.assemble(quotient: quotient, sticky: sticky, shift: shift)
    }
  }

  /// Rounds `quotient * 2^-shift` (the quotient's last bit is the rounding bit; `sticky` says
  /// whether anything non-zero lies below it) to the nearest double, ties to even.
  private static func assemble(quotient: UInt64, sticky: Bool, shift: Int) -> Double {
    var significand = quotient >> 1
    let roundBit = quotient & 1 != 0
    if roundBit && (sticky || significand & 1 != 0) { significand += 1 }
    var binaryExponent = 1 - shift  // value = significand * 2^binaryExponent
    if significand == 1 << 53 {
      significand >>= 1
      binaryExponent += 1
    }
    if significand < 1 << 52 {
      // Subnormal (only reachable with shift == 1075, binaryExponent == -1074) or zero.
      return Double(bitPattern: significand)
    }
    let biased = binaryExponent + 52 + 1023
    if biased >= 2047 { return .infinity }
    return Double(bitPattern: UInt64(biased) << 52 | (significand & ((1 << 52) - 1)))
  }
}

/// 10^exponent for 0...22, all exact doubles.
private func exactPowerOfTen(_ exponent: Int) -> Double {
  var result = 1.0
  for _ in 0..<exponent { result *= 10 }
  return result
}

extension UInt8 {
  fileprivate var isDigit: Bool { self &- UInt8(ascii: "0") < 10 }
}
