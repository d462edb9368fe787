import TagCloudCore
import TagCloudTestSupport
import TagCloudWire
import Testing

@Suite struct DecimalFormattingTests {
  @Test(arguments: [
    (0.1, "0.1"), (1e21, "1e+21"), (1e20, "100000000000000000000"), (1e-7, "1e-7"),
    (1.5e-7, "1.5e-7"), (0.000001, "0.000001"), (0.0000015, "0.0000015"),
    (Double.leastNonzeroMagnitude, "5e-324"),
    (1.7976931348623157e308, "1.7976931348623157e+308"),
    (123_456_789_012_345_683_968, "123456789012345680000"), (-0.0, "0"), (0, "0"), (-1.5, "-1.5"),
    (100, "100"), (9_007_199_254_740_992, "9007199254740992"),
    (9_007_199_254_740_994, "9007199254740994"),
    (2.2250738585072014e-308, "2.2250738585072014e-308"),
    (0.30000000000000004, "0.30000000000000004"),
    (1.2345e-5, "0.000012345"), (46.5, "46.5"), (-1e-7, "-1e-7"), (1e100, "1e+100"),
    (Double.infinity, "Infinity"), (-Double.infinity, "-Infinity"), (Double.nan, "NaN"),
    (4 * Double.leastNonzeroMagnitude, "2e-323"), (4.35, "4.35"), (1.0e23, "1e+23"),
    (9.5367431640625e-7, "9.5367431640625e-7"),
  ])
  func handPickedCases(value: Double, expected: String) {
    #expect(formatted(value) == expected)
  }

  @Test func matchesTheReferenceOnRandomBitPatterns() {
    var generator = SeededGenerator(seed: 0x5EED_F0F0)
    var mismatches: [String] = []
    for _ in 0..<20_000 {
      let value = randomDouble(&generator)
      let expected = ecmaScriptReference(value)
      let actual = formatted(value)
      if actual != expected && mismatches.count < 10 {
        mismatches.append("\(value.bitPattern): \(actual) != \(expected)")
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches)")
  }

  /// Doubles from 2^-12 to 2^60 with random significands: the range of the 64-bit fast path,
  /// and both sides of its limits.
  @Test func matchesTheReferenceForEverydayMagnitudes() {
    var generator = SeededGenerator(seed: 0xDA11)
    var mismatches: [String] = []
    for _ in 0..<30_000 {
      let biased = 1023 - 12 + generator.next() % 72
      let value = Double(bitPattern: biased << 52 | generator.next() & ((1 << 52) - 1))
      let expected = ecmaScriptReference(value)
      let actual = formatted(value)
      if actual != expected && mismatches.count < 10 {
        mismatches.append("\(value.bitPattern): \(actual) != \(expected)")
      }
      if parsedDecimal(actual)?.bitPattern != value.bitPattern && mismatches.count < 10 {
        mismatches.append("\(actual) does not read back")
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches)")
  }

  @Test func parsingTheOutputGivesTheSameBitsBack() {
    var generator = SeededGenerator(seed: 42)
    // Mismatches collected, one expectation: an `#expect` per value costs more than the check.
    var mismatches: [String] = []
    for _ in 0..<20_000 {
      let value = randomDouble(&generator)
      let text = formatted(value)
      if parsedDecimal(text)?.bitPattern != (value == 0 ? 0 : value.bitPattern)
        && mismatches.count < 10
      {
        mismatches.append(text)
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches)")
  }

  @Test func everyIntegerBelowTwoToThe53IsWrittenInFull() {
    var generator = SeededGenerator(seed: 7)
    var mismatches: [Int64] = []
    for _ in 0..<5_000 {
      let integer = Int64(generator.next() % (1 << 53))
      let negative = integer == 0 ? "0" : "-" + String(integer)
      if formatted(Double(integer)) != String(integer) || formatted(-Double(integer)) != negative,
        mismatches.count < 10
      {
        mismatches.append(integer)
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches)")
  }
}
