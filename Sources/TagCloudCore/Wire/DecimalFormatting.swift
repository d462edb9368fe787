/// `Double` to text exactly as ECMAScript's `Number.prototype.toString()` (and so
/// `JSON.stringify`) writes it: the shortest digits that read back as the same double, the
/// closest of them to the exact value when several qualify, in JavaScript's layout.
///
///     var text: [UInt8] = []
///     DecimalFormatting.append(0.1, to: &text)     // "0.1"
///     DecimalFormatting.append(1e21, to: &text)    // "1e+21"
///     DecimalFormatting.append(1.5e-7, to: &text)  // "1.5e-7"
///     DecimalFormatting.append(-0.0, to: &text)    // "0"
///
/// Integers below 2^53 take a fast path. Other values use Steele & White / Burger & Dybvig
/// free-format generation: in 64-bit words when every quantity fits (doubles from about 0.01 to
/// 2^53, what layouts produce), else on exact big integers held on the stack. Slower than Ryu
/// or Schubfach at the extremes, but small (no tables), which matters more for the Wasm build.
///
/// - Complexity: O(1) for integers below 2^53; otherwise at most 17 digit steps, each O(1) in
///   words or linear in the size of the big integers (at most about 1,100 bits).
public enum DecimalFormatting {
  /// Appends the ECMAScript `Number::toString` text of `value`: "NaN", "Infinity" and
  /// "-Infinity" for the non-finite values (JSON callers must not pass them).
  public static func append(_ value: Double, to bytes: inout [UInt8]) {
    if value.isNaN {
      bytes.appendLiteral("NaN")
      return
    }
    if value.sign == .minus && value != 0 { bytes.appendByte(UInt8(ascii: "-")) }
    let magnitude = Swift.abs(value)
    if magnitude.isInfinite {
      bytes.appendLiteral("Infinity")
      return
    }
    // (Conversions, not `rounded()`: those call libm's trunc/ceil, which a Wasm module would
    // have to import.)
    if magnitude < 9_007_199_254_740_992 && Double(UInt64(magnitude)) == magnitude {
      appendInteger(UInt64(magnitude), to: &bytes)
      return
    }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { digits in
      let (count, point) = shortestDigits(magnitude, into: digits)
      layOut(UnsafeBufferPointer(rebasing: digits[0..<count]), point: point, to: &bytes)
    }
  }

  /// Appends the decimal digits of `value`.
  static func appendInteger(_ value: UInt64, to bytes: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var remaining = value
      var start = 20
      repeat {
        start -= 1
        digits[start] = UInt8(truncatingIfNeeded: remaining % 10) + 0x30
        remaining /= 10
      } while remaining != 0
      bytes.appendBytes(UnsafeBufferPointer(digits), start..<20)
    }
  }

  /// Writes digits d1...dn (no leading or trailing zeros) that mean 0.d1...dn * 10^point in the
  /// layout of ECMAScript's Number::toString, step 6 onwards.
  private static func layOut(
    _ digits: UnsafeBufferPointer<UInt8>, point: Int, to bytes: inout [UInt8]
  ) {
    let count = digits.count
    if count <= point && point <= 21 {
      bytes.appendBytes(digits)
      for _ in 0..<(point - count) { bytes.appendByte(UInt8(ascii: "0")) }
    } else if 0 < point && point <= 21 {
      bytes.appendBytes(digits, 0..<point)
      bytes.appendByte(UInt8(ascii: "."))
      bytes.appendBytes(digits, point..<count)
    } else if -6 < point && point <= 0 {
      bytes.appendByte(UInt8(ascii: "0"))
      bytes.appendByte(UInt8(ascii: "."))
      for _ in 0..<(-point) { bytes.appendByte(UInt8(ascii: "0")) }
      bytes.appendBytes(digits)
    } else {
      bytes.appendByte(digits[0])
      if count > 1 {
        bytes.appendByte(UInt8(ascii: "."))
        bytes.appendBytes(digits, 1..<count)
      }
      bytes.appendByte(UInt8(ascii: "e"))
      let exponent = point - 1
      bytes.appendByte(exponent < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
      appendInteger(UInt64(Swift.abs(exponent)), to: &bytes)
    }
  }

  /// Free-format shortest digits of a positive finite `value` (Burger & Dybvig, "Printing
  /// Floating-Point Numbers Quickly and Accurately", 1996), with round-half-even reading (the
  /// interval ends count when the significand is even) and ties between two candidate last
  /// digits broken toward the exact value, then toward even.
  /// Returns the digit count and the decimal point position.
  private static func shortestDigits(
    _ value: Double, into digits: UnsafeMutableBufferPointer<UInt8>
  ) -> (count: Int, point: Int) {
    let biasedExponent = Int(value.bitPattern >> 52)
    let fraction = value.bitPattern & ((1 << 52) - 1)
    let significand = biasedExponent == 0 ? fraction : fraction | 1 << 52
    // value = significand * 2^exponent
    let exponent = (biasedExponent == 0 ? 1 : biasedExponent) - 1075
    let inclusive = significand & 1 == 0
    // The gap to the next double below is half the gap above at a power of two (except at the
    // bottom of the normal range); everything is doubled once more so that the half-gaps
    // (the interval ends) are integers.
    let unequalGaps = fraction == 0 && biasedExponent > 1
    let bitLength = exponent + (64 - significand.leadingZeroBitCount)
    // k = ceil(log10(upper end)), estimated from the binary magnitude (never too high), then
    // corrected upwards by the generation.
    let logarithm = Double(bitLength - 1) * 0.301_029_995_663_981_14 - 1e-10
    let truncated = Int(logarithm)
    let estimatedPoint = Double(truncated) < logarithm ? truncated + 1 : truncated  // ceil
    if let result = shortestDigitsInWords(
      significand: significand, exponent: exponent, point: estimatedPoint, inclusive: inclusive,
      unequalGaps: unequalGaps, into: digits)
    {
      return result
    }
    // At most 1,077 + 1,078 bits for s or r scaled by 10^k: 40 words each.
    let capacity = 40
    return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 4 * capacity) {
      storage in
      func slice(_ index: Int) -> UnsafeMutableBufferPointer<UInt32> {
        UnsafeMutableBufferPointer(rebasing: storage[(index * capacity)..<((index + 1) * capacity)])
      }
      var remainder = Bignum(slice(0), significand << (unequalGaps ? 2 : 1))
      var scale = Bignum(slice(1), unequalGaps ? 4 : 2)
      var gapAbove = Bignum(slice(2), unequalGaps ? 2 : 1)
      var gapBelow = Bignum(slice(3), 1)
      if exponent >= 0 {
        remainder.shiftLeft(exponent)
        gapAbove.shiftLeft(exponent)
        gapBelow.shiftLeft(exponent)
      } else {
        scale.shiftLeft(-exponent)
      }
      var point = estimatedPoint
      if point >= 0 {
        scale.multiplyByPowerOfTen(point)
      } else {
        remainder.multiplyByPowerOfTen(-point)
        gapAbove.multiplyByPowerOfTen(-point)
        gapBelow.multiplyByPowerOfTen(-point)
      }
      while true {
        let high = remainder.compare(adding: gapAbove, to: scale)
        if high < 0 || (high == 0 && !inclusive) { break }
        scale.multiply(by: 10)
        point += 1
      }
      var count = 0
      while true {
        remainder.multiply(by: 10)
        gapAbove.multiply(by: 10)
        gapBelow.multiply(by: 10)
        var digit: UInt8 = 0
        while remainder.compare(scale) >= 0 {
          remainder.subtract(scale)
          digit += 1
        }
        let low = remainder.compare(gapBelow)
        let lowEnough = low < 0 || (low == 0 && inclusive)
        let high = remainder.compare(adding: gapAbove, to: scale)
        let highEnough = high > 0 || (high == 0 && inclusive)
        if !lowEnough && !highEnough {
          digits[count] = digit + 0x30
          count += 1
          continue
        }
        if lowEnough && highEnough {
          // Both d and d + 1 read back correctly: take the closer, ties to even.
          let half = remainder.compare(adding: remainder, to: scale)
          if half > 0 || (half == 0 && digit & 1 == 1) { digit += 1 }
        } else if highEnough {
          digit += 1
        }
        assert(digit <= 9)
        digits[count] = digit + 0x30
        count += 1
        break
      }
      return (count, point)
    }
  }

  /// The same generation in 64-bit words, which holds r, s and the gaps for most doubles
  /// between about 0.01 and 2^53 (the values a layout produces): no big integers at all.
  /// Returns nil as soon as a quantity would not fit, and the caller starts over exactly.
  private static func shortestDigitsInWords(
    significand: UInt64, exponent: Int, point estimatedPoint: Int, inclusive: Bool,
    unequalGaps: Bool, into digits: UnsafeMutableBufferPointer<UInt8>
  ) -> (count: Int, point: Int)? {
    if exponent >= 0 || exponent < -60 || estimatedPoint > 18 || estimatedPoint < -18 {
      return nil
    }
    var remainder = significand << (unequalGaps ? 2 : 1)
    var scale: UInt64 = (unequalGaps ? 4 : 2) << UInt64(-exponent)
    var gapAbove: UInt64 = unequalGaps ? 2 : 1
    var gapBelow: UInt64 = 1
    var point = estimatedPoint
    var power: UInt64 = 1
    for _ in 0..<Swift.abs(point) { power &*= 10 }
    // Every quantity stays at most max / 16, so that * 10 and sums of two cannot overflow; the
    // products are written wrapping (&*) because a checked 64-bit multiply needs a 128-bit
    // helper (__multi3) on wasm32.
    let limit = UInt64.max / 16
    if scale > limit { return nil }
    if point >= 0 {
      if scale > limit / power { return nil }
      scale &*= power
    } else {
      if remainder > limit / power { return nil }
      remainder &*= power
      gapAbove &*= power
      gapBelow &*= power
    }
    while true {
      let high = remainder + gapAbove
      if high < scale || (high == scale && !inclusive) { break }
      if scale > limit / 10 { return nil }
      scale &*= 10
      point += 1
    }
    // From here r < s <= max / 16, so r * 10 and r + r never overflow; only the gaps grow.
    var count = 0
    while true {
      if gapAbove > limit / 10 { return nil }
      remainder &*= 10
      gapAbove &*= 10
      gapBelow &*= 10
      var digit = UInt8(truncatingIfNeeded: remainder / scale)
      remainder %= scale
      let lowEnough = remainder < gapBelow || (remainder == gapBelow && inclusive)
      let high = remainder + gapAbove
      let highEnough = high > scale || (high == scale && inclusive)
      if !lowEnough && !highEnough {
        digits[count] = digit + 0x30
        count += 1
        continue
      }
      if lowEnough && highEnough {
        let twice = remainder &* 2
        if twice > scale || (twice == scale && digit & 1 == 1) { digit += 1 }
      } else if highEnough {
        digit += 1
      }
      digits[count] = digit + 0x30
      count += 1
      return (count, point)
    }
  }
}
