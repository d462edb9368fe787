/// Decimal text to `Double`, correctly rounded (round half to even) for every input, without
/// Foundation or `Double(String)` (which Embedded Swift lacks).
///
///     "46.5".utf8.withContiguousStorageIfAvailable(DecimalParsing.parse)  // Optional(46.5)
///     // "1e400" gives +infinity (the caller decides whether that is an error), "01" gives nil.
///
/// Two paths:
/// - Fast (Clinger): a mantissa of at most 2^53 and a power of ten of at most 10^22 are both
///   exact doubles, so one IEEE multiplication or division is correctly rounded.
/// - Exact (in the spirit of Clinger's AlgorithmR): a floating-point estimate, at most a few
///   units in the last place off, is corrected by comparing the exact decimal value with the
///   exact midpoints to its neighbours, in big-integer arithmetic; ties go to the even
///   significand. Digits past the 800th are folded into one sticky digit: a number halfway
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
      // The estimate: the first 19 digits times the power of ten, in floating point, with a
      // handful of rounding errors.
      var estimate = Double(mantissa)
      var scaleExponent = decimalExponent + Swift.max(0, significantCount - 19)
      while scaleExponent > 22 && estimate.isFinite {
        estimate *= 1e22
        scaleExponent -= 22
      }
      while scaleExponent < -22 && estimate != 0 {
        estimate /= 1e22
        scaleExponent += 22
      }
      let scale = exactPowerOfTen(abs(scaleExponent))
      estimate = scaleExponent < 0 ? estimate / scale : estimate * scale
      magnitude = exactValue(
        bytes, significantCount: significantCount, exponent: decimalExponent, estimate: estimate)
    }
    return negative ? -magnitude : magnitude
  }

  /// The slow path: corrects `estimate` by exact comparisons with the midpoints between
  /// neighbouring doubles.
  private func exactValue(
    _ bytes: UnsafeBufferPointer<UInt8>, significantCount: Int, exponent decimalExponent: Int,
    estimate: Double
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
    // Bits: D < 10^801 (2662 bits), shifted by at most 1076; the midpoint's 55 bits times
    // 10^|exponent10| <= 10^1125 (3738 bits). 160 words (5120 bits) cover every case.
    let capacity = 160
    return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 3 * capacity) { storage in
      func slice(_ index: Int) -> UnsafeMutableBufferPointer<UInt32> {
        UnsafeMutableBufferPointer(rebasing: storage[(index * capacity)..<((index + 1) * capacity)])
      }
      var digits = Bignum(slice(0), 0)
      var decimal = Bignum(slice(1), 0)
      var binary = Bignum(slice(2), 0)
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
          digits.multiply(by: chunkScale, adding: chunk)
          chunk = 0
          chunkScale = 1
        }
      }
      if chunkScale != 1 { digits.multiply(by: chunkScale, adding: chunk) }
      if stickyDigit {
        // The digits after the kept ones are not all zero (trailing zeros were dropped): the
        // value is strictly above the kept prefix, and one extra digit 1 stands for that.
        digits.multiply(by: 10, adding: 1)
      }

      /// -1, 0 or 1 as the decimal value is below, at or above the midpoint between `lower`
      /// (finite, >= 0) and the next double up.
      func compareWithMidpoint(above lower: Double) -> Int {
        let biased = Int(lower.bitPattern >> 52)
        let fraction = lower.bitPattern & ((1 << 52) - 1)
        let significand = biased == 0 ? fraction : fraction | 1 << 52
        // midpoint = (2 * significand + 1) * 2^(exponent - 1)
        let binaryExponent = (biased == 0 ? 1 : biased) - 1075 - 1
        decimal.set(digits)
        binary.set(2 * significand + 1)
        if exponent10 >= 0 {
          decimal.multiplyByPowerOfTen(exponent10)
        } else {
          binary.multiplyByPowerOfTen(-exponent10)
        }
        if binaryExponent >= 0 {
          binary.shiftLeft(binaryExponent)
        } else {
          decimal.shiftLeft(-binaryExponent)
        }
        return decimal.compare(binary)
      }

      var candidate = estimate.isFinite ? estimate : .greatestFiniteMagnitude
      // Each step moves one double toward the exact value, never back: the estimate is a few
      // steps away at most.
      while true {
        let oddSignificand = candidate.bitPattern & 1 == 1
        let above = compareWithMidpoint(above: candidate)
        if above > 0 || (above == 0 && oddSignificand) {
          candidate = candidate.nextUp
          if candidate.isInfinite { return candidate }
          continue
        }
        if candidate != 0 {
          let below = compareWithMidpoint(above: candidate.nextDown)
          if below < 0 || (below == 0 && oddSignificand) {
            candidate = candidate.nextDown
            continue
          }
        }
        return candidate
      }
    }
  }
}

/// 10^exponent for 0...22, exactly: products of exact powers of ten up to 10^22 are exact.
private func exactPowerOfTen(_ exponent: Int) -> Double {
  var result = 1.0
  var power = 10.0
  var remaining = exponent
  while remaining > 0 {
    if remaining & 1 == 1 { result *= power }
    power *= power
    remaining >>= 1
  }
  return result
}

extension UInt8 {
  fileprivate var isDigit: Bool { self &- UInt8(ascii: "0") < 10 }
}
