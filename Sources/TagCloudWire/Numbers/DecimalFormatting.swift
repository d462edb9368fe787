import TagCloudCore

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
/// Integers below 2^53 take a fast path. Other values: the rounding interval around the value
/// (Steele & White's free format) measured exactly in the unit of its 17th digit, then the
/// coarsest power of ten with a multiple inside it (see `shortestDigits`). The measuring is one
/// 128-bit product in 64-bit words for doubles from about 10^-9 to 2^54 (what layouts produce),
/// else a division of big integers held on the stack (`exactQuotient`, shared with
/// `DecimalParsing`). Slower than Ryu or Schubfach at the extremes, but small (no tables),
/// which matters more for the Wasm build.
///
/// - Complexity: O(1) for integers below 2^53; otherwise O(1) in words, or three big-integer
///   divisions of about 1,100 bits bit by bit.
public enum DecimalFormatting {
  /// The most bytes ``write(_:to:)`` writes: a sign, "0.", five zeros and 17 digits.
  public static let maximumLength = 25
  /// The most bytes ``writeInteger(_:to:)`` writes (`UInt64.max` has 20 digits).
  public static let maximumIntegerLength = 20

  /// Appends the ECMAScript `Number::toString` text of `value`: "NaN", "Infinity" and
  /// "-Infinity" for the non-finite values (JSON callers must not pass them).
  public static func append(_ value: Double, to bytes: inout [UInt8]) {
    if !value.isFinite {
      if value.isNaN {
        bytes.appendLiteral("NaN")
      } else {
        bytes.appendLiteral(value < 0 ? "-Infinity" : "Infinity")
      }
      return
    }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumLength) { buffer in
      let count = write(value, to: buffer.baseAddress!)
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<count]))
    }
  }

  /// Appends the decimal digits of `value`.
  static func appendInteger(_ value: UInt64, to bytes: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumIntegerLength) { buffer in
      let count = writeInteger(value, to: buffer.baseAddress!)
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<count]))
    }
  }

  /// Writes the text ``append(_:to:)`` appends for a finite `value` at `out`, which has room
  /// for ``maximumLength`` bytes; returns how many it wrote.
  public static func write(_ value: Double, to out: UnsafeMutablePointer<UInt8>) -> Int {
    assert(value.isFinite, "write(_:to:) takes finite values; append(_:to:) takes any")
    let sign = value.sign == .minus && value != 0 ? 1 : 0
    if sign == 1 { out.pointee = UInt8(ascii: "-") }
    let magnitude = Swift.abs(value)
    // (Conversions, not `rounded()`: those call libm's trunc/ceil, which a Wasm module would
    // have to import. Signed ones: one instruction each way, where the unsigned take several.)
    if magnitude < 9_007_199_254_740_992 && Double(Int64(magnitude)) == magnitude {
      return sign + writeInteger(UInt64(Int64(magnitude)), to: out + sign)
    }
    let (digits, exponent) = shortestDigits(magnitude)
    let count = writeInteger(digits, to: out + sign)
    return sign + layOut(out + sign, count: count, point: count + exponent)
  }

  /// Writes the decimal digits of `value` at `out`, which has room for
  /// ``maximumIntegerLength`` bytes; returns how many it wrote.
  public static func writeInteger(_ value: UInt64, to out: UnsafeMutablePointer<UInt8>) -> Int {
    var length = 1
    var rest = value
    while rest >= 10 {
      rest /= 10
      length += 1
    }
    rest = value
    var index = length
    repeat {
      index -= 1
      out[index] = UInt8(truncatingIfNeeded: rest % 10) &+ 0x30
      rest /= 10
    } while rest != 0
    return length
  }

  /// Rearranges the digits d1...dn (no leading or trailing zeros) at `text`, which mean
  /// 0.d1...dn * 10^point, into the layout of ECMAScript's Number::toString, step 6 onwards;
  /// returns the text's length.
  private static func layOut(_ text: UnsafeMutablePointer<UInt8>, count: Int, point: Int) -> Int {
    let zero = UInt8(ascii: "0")
    let dot = UInt8(ascii: ".")
    if count <= point && point <= 21 {
      // 1200: the digits, then zeros.
      (text + count).initialize(repeating: zero, count: point &- count)
      return point
    }
    if 0 < point && point <= 21 {
      // 12.5
      shift(text + point, count: count &- point, by: 1)
      text[point] = dot
      return count &+ 1
    }
    if -6 < point && point <= 0 {
      // 0.00125: "0." and -point zeros in front.
      let lead = 2 &- point
      shift(text, count: count, by: lead)
      text.initialize(repeating: zero, count: lead)
      text[1] = dot
      return count &+ lead
    }
    // 1.25e+21, 1e-7
    var length = 1
    if count > 1 {
      shift(text + 1, count: count &- 1, by: 1)
      text[1] = dot
      length = count &+ 1
    }
    let exponent = point &- 1
    text[length] = UInt8(ascii: "e")
    text[length &+ 1] = exponent < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
    return length &+ 2 &+ writeInteger(UInt64(Swift.abs(exponent)), to: text + (length &+ 2))
  }

  /// Moves `count` bytes at `start` by `distance` to the right (the ranges may overlap).
  private static func shift(_ start: UnsafeMutablePointer<UInt8>, count: Int, by distance: Int) {
    var index = count
    while index > 0 {
      index &-= 1
      start[index &+ distance] = start[index]
    }
  }

  /// The shortest digits of a positive finite `value` that read back as it (round half to
  /// even, so the interval ends count when the significand is even), the closest of them to the
  /// exact value, ties to even: value ≈ digits * 10^exponent, `digits` without trailing zeros.
  ///
  /// Exact integer arithmetic on the rounding interval [low, high] around the value (Steele &
  /// White's free format, without generating digits one by one): ⌊low⌋, ⌊high⌋ and the value
  /// itself measured in the unit 10^e of its 17th significant digit, where some multiple of
  /// the unit is always in the interval (17 digits tell every double apart); then the coarsest
  /// power of ten of which a multiple still lies in the interval gives the fewest digits.
  private static func shortestDigits(_ value: Double) -> (digits: UInt64, exponent: Int) {
    let biasedExponent = Int(value.bitPattern >> 52)
    let fraction = value.bitPattern & ((1 << 52) - 1)
    let significand = biasedExponent == 0 ? fraction : fraction | 1 << 52
    // value = 4 * significand * 2^exponent; the gaps to the neighbours are 4 * 2^exponent, or
    // 2 * 2^exponent below a power of two (except at the bottom of the normal range): low and
    // high, halfway to the neighbours, are integers in this unit.
    // (Wrapping arithmetic in this function: exponents of a few thousand, quotients below
    // 2 * 10^19, bit counts.)
    let exponent = (biasedExponent == 0 ? 1 : biasedExponent) &- 1077
    let center = significand << 2
    let inclusive = significand & 1 == 0
    let lowGap: UInt64 = fraction == 0 && biasedExponent > 1 ? 1 : 2
    // The decimal point position k (10^(k-1) <= value < 10^k) estimated from the binary
    // magnitude 2^b <= value < 2^(b+1): floor(b * log10(2)) + 1 is k or k - 1, never more.
    // (b * 78913) >> 18 is floor(b * log10(2)) for |b| <= 1,200 (checked exhaustively), and
    // the product stays below 2^31.
    let binaryMagnitude = exponent &+ 65 &- significand.leadingZeroBitCount
    let point = (binaryMagnitude &* 78913) >> 18 &+ 1
    // The unit: 10^(point - 17), so the quotients stay below 2 * 10^18 (10 times that for the
    // value, measured one digit finer to round it).
    let unit = point &- 17
    let fives = powerOfFive(0 &- unit)  // wraps when unused: see scaledFloor
    let lowFloor = scaledFloor(
      center &- lowGap, fives, tenExponent: 0 &- unit, twoExponent: exponent)
    let highFloor = scaledFloor(center &+ 2, fives, tenExponent: 0 &- unit, twoExponent: exponent)
    let centerFloor = scaledFloor(
      center, fives &* 5, tenExponent: 1 &- unit, twoExponent: exponent)
    // The first and last multiples of the unit inside the interval (its ends only when
    // inclusive): never empty, see above.
    let first = lowFloor.quotient &+ (lowFloor.exact && inclusive ? 0 : 1)
    let last = highFloor.quotient &- (highFloor.exact && !inclusive ? 1 : 0)
    // The coarsest scale 10^i that still has a multiple in [first, last]: the largest i with
    // ⌊(first - 1) / 10^i⌋ != ⌊last / 10^i⌋, found by halving steps (i <= 18, as first and
    // last are below 2 * 10^18); below and above become those quotients.
    var below = first &- 1
    var above = last
    var scale: UInt64 = 1  // 10^i <= 10^18, so 10 * scale fits
    var scaleExponent = 0
    var step = 16
    var power: UInt64 = 10_000_000_000_000_000  // 10^step
    while step > 0 {
      if below / power != above / power {
        below /= power
        above /= power
        scale &*= power
        scaleExponent &+= step
      }
      step >>= 1
      power = step == 8 ? 100_000_000 : step == 4 ? 10_000 : step == 2 ? 100 : 10
    }
    // The value in that scale, rounded half to even, then kept inside the interval
    // [below + 1, above].
    let tenths = scale &* 10
    var digits = centerFloor.quotient / tenths
    let rest = centerFloor.quotient % tenths
    let half = scale &* 5
    if rest > half || (rest == half && (!centerFloor.exact || digits & 1 == 1)) { digits &+= 1 }
    digits = Swift.min(Swift.max(digits, below &+ 1), above)
    return (digits, unit &+ scaleExponent)
  }

  /// ⌊x * 10^tenExponent * 2^twoExponent⌋ and whether it is exact; below 2^64 by the caller's
  /// choice of scale. In one 128-bit product and a right shift when 5^tenExponent fits in 64
  /// bits and 2^(twoExponent + tenExponent) is a right shift by 0...63 (numbers from about
  /// 10^-9 to 2^54, what layouts write), else on big integers.
  private static func scaledFloor(
    _ x: UInt64, _ fives: UInt64, tenExponent: Int, twoExponent: Int
  ) -> (
    quotient: UInt64, exact: Bool
  ) {
    // 10^t = 5^t * 2^t: the right shift is by -twoExponent - t.
    let shift = 0 &- twoExponent &- tenExponent
    if shift >= 0 && shift <= 63 && tenExponent >= 0 && tenExponent <= 27 {
      let power = fives  // 5^tenExponent
      // The 128-bit product high:low of x < 2^56 and power < 2^63 in 32-bit halves (wasm32
      // would call a 128-bit runtime helper for UInt128): every partial sum stays below 2^64.
      let xLow = x & 0xFFFF_FFFF
      let xHigh = x >> 32
      let powerLow = power & 0xFFFF_FFFF
      let powerHigh = power >> 32
      let lowLow = xLow &* powerLow
      let lowHigh = xLow &* powerHigh
      let highLow = xHigh &* powerLow
      let middle = (lowLow >> 32) &+ (lowHigh & 0xFFFF_FFFF) &+ (highLow & 0xFFFF_FFFF)
      let low = middle << 32 | lowLow & 0xFFFF_FFFF
      let high = xHigh &* powerHigh &+ (lowHigh >> 32) &+ (highLow >> 32) &+ (middle >> 32)
      // ⌊high:low / 2^shift⌋, shift in 0...63: high >> shift is zero by the choice of scale
      // (so high is 0 when shift is 0, where the masking shift `&<< 64` is `&<< 0`). Exact
      // when shifting the quotient back restores the low word.
      let bits = UInt64(truncatingIfNeeded: shift)
      let quotient = low &>> bits | high &<< (64 &- bits)
      return (quotient, quotient &<< bits == low)
    }
    let result = exactQuotient(
      of: x, digits: UnsafeBufferPointer(start: nil, count: 0), count: 0, sticky: false,
      tenExponent: tenExponent, twoExponent: twoExponent)
    return (result.quotient, result.exact)
  }
}
