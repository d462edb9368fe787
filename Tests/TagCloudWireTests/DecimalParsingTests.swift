import TagCloudCore
import TagCloudTestSupport
import TagCloudWire
import Testing

@Suite struct DecimalParsingTests {
  @Test(arguments: [
    "0", "-0", "1", "-1", "0.1", "46.5", "390", "1e21", "1E-7", "5e-324", "2.4703282292062327e-324",
    "2.4703282292062328e-324", "1.7976931348623157e308", "1.7976931348623158e308",
    "1.7976931348623159e308", "9007199254740993", "9007199254740993.0000000000000000001",
    "9007199254740995", "2.2250738585072011e-308", "2.2250738585072012e-308",
    "2.2250738585072014e-308", "4.9406564584124654e-324", "0.30000000000000004",
    "123456789012345678901234567890", "1e-400", "1e23", "8.98846567431158e307",
    "179769313486231580793728971405301e276", "0.0000000000000000000000000000000000001",
    "7.2057594037927933e16", "4.35", "1e22", "1e-22", "12345678901234567e-5",
  ])
  func agreesWithSwiftOnHandPickedCases(source: String) {
    let expected = Double(source)!
    #expect(parsedDecimal(source)?.bitPattern == expected.bitPattern, "\(source)")
  }

  @Test func overflowGivesInfinity() {
    #expect(parsedDecimal("1e309") == .infinity)
    #expect(parsedDecimal("-1.8e308") == -.infinity)
    #expect(parsedDecimal("1e999999999999999999999999") == .infinity)
    #expect(parsedDecimal("1e-999999999999999999999999") == 0)
    #expect(parsedDecimal("0e999999999") == 0)
  }

  @Test(arguments: [
    "", "-", "+1", ".5", "5.", "01", "-01", "1e", "1e+", "1.e5", "0x10", " 1", "1 ", "1f", "--1",
    "1.5.2", "e5", "Infinity", "NaN", "1_000",
  ])
  func refusesWhatIsNotTheJSONNumberGrammar(source: String) {
    #expect(parsedDecimal(source) == nil)
  }

  @Test func agreesWithSwiftOnRandomDecimalStrings() {
    var generator = SeededGenerator(seed: 0xDEC1_3A1)
    var mismatches: [String] = []
    for round in 0..<20_000 {
      let digitCount =
        round % 10 == 0 ? 20 + Int(generator.next() % 800) : 1 + Int(generator.next() % 25)
      var digits = String(1 + generator.next() % 9)
      for _ in 1..<digitCount { digits += String(generator.next() % 10) }
      let pointAt = Int(generator.next() % UInt64(digitCount + 1))
      let integerPart = pointAt == 0 ? "0" : String(digits.prefix(pointAt))
      let fraction = String(digits.dropFirst(pointAt))
      var source = (generator.next() % 2 == 0 ? "" : "-") + integerPart
      if !fraction.isEmpty { source += "." + fraction }
      if generator.next() % 4 != 0 {
        source += "e" + String(Int(generator.next() % 680) - 350)
      }
      let expected = Double(source)!
      if parsedDecimal(source)?.bitPattern != expected.bitPattern && mismatches.count < 10 {
        mismatches.append(source)
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches)")
  }

  /// Exactly halfway between two neighbouring doubles (ties to even), a hair above and a hair
  /// below, for random doubles of every binade, subnormals included: hundreds of digits.
  @Test func roundsHalfwayCasesToEvenAndNearHalfwayCasesToNearest() {
    var generator = SeededGenerator(seed: 0x4A1F)
    var mismatches: [String] = []
    for _ in 0..<3_000 {
      let value = Swift.abs(randomDouble(&generator))
      if value == .greatestFiniteMagnitude { continue }
      let (digits, exponent) = exactMidpointAbove(value)
      let cases = [
        digits + "e" + String(exponent),
        digits + "000000001e" + String(exponent - 9),
        decremented(digits) + "9999e" + String(exponent - 4),
        // Past the 800-digit mark, only "something non-zero follows" may matter.
        digits + String(repeating: "0", count: 900) + "1e" + String(exponent - 901),
      ]
      for source in cases where parsedDecimal(source)?.bitPattern != Double(source)!.bitPattern {
        if mismatches.count < 5 { mismatches.append(source) }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches)")
  }

  @Test func acceptsAThousandDigitMantissa() {
    let source = "0." + String(repeating: "3", count: 1000)
    #expect(parsedDecimal(source) == Double(source))
  }
}

/// The exact decimal value of the midpoint between `value` and the next double up, as
/// (digits, exponent): midpoint = digits * 10^exponent.
private func exactMidpointAbove(_ value: Double) -> (String, Int) {
  let biased = Int(value.bitPattern >> 52)
  let fraction = value.bitPattern & ((1 << 52) - 1)
  let significand = biased == 0 ? fraction : fraction | 1 << 52
  let exponent = (biased == 0 ? 1 : biased) - 1075 - 1  // midpoint = (2f + 1) * 2^exponent
  var limbs: [UInt64] = [2 * significand + 1]  // base 10^9, little-endian, normalised below
  func multiply(by factor: UInt64) {
    var carry: UInt64 = 0
    for index in limbs.indices {
      let product = limbs[index] * factor + carry
      limbs[index] = product % 1_000_000_000
      carry = product / 1_000_000_000
    }
    while carry > 0 {
      limbs.append(carry % 1_000_000_000)
      carry /= 1_000_000_000
    }
  }
  multiply(by: 1)
  if exponent >= 0 {
    for _ in 0..<exponent { multiply(by: 2) }
  } else {
    for _ in 0..<(-exponent) { multiply(by: 5) }
  }
  var digits = String(limbs.last!)
  for limb in limbs.dropLast().reversed() {
    let part = String(limb)
    digits += String(repeating: "0", count: 9 - part.count) + part
  }
  return (digits, Swift.min(exponent, 0))
}

/// The decimal digit string minus one (the input is positive and not a power of ten).
private func decremented(_ digits: String) -> String {
  var bytes = Array(digits.utf8)
  var index = bytes.count - 1
  while bytes[index] == UInt8(ascii: "0") {
    bytes[index] = UInt8(ascii: "9")
    index -= 1
  }
  bytes[index] -= 1
  return String(decoding: bytes, as: UTF8.self)
}
