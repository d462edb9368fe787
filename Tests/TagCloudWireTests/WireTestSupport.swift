// Shared helpers for the JSON and decimal tests: byte/text conversions and exact decimal
// references built from Swift's own (Foundation-free) conversions.

import TagCloudCore
import TagCloudTestSupport
import TagCloudWire

func wireBytes(_ text: String) -> [UInt8] { Array(text.utf8) }

func wireText(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

/// ECMAScript Number::toString(x), derived from Swift's `description` (shortest round-trip,
/// closest digits) by re-laying out its digits and exponent. The plain reference that
/// `DecimalFormatting` is checked against.
func ecmaScriptReference(_ value: Double) -> String {
  if value.isNaN { return "NaN" }
  if value == 0 { return "0" }
  if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
  var description = value.description
  var sign = ""
  if description.hasPrefix("-") {
    sign = "-"
    description.removeFirst()
  }
  let halves = description.split(separator: "e")
  let exponent = halves.count > 1 ? Int(halves[1])! : 0
  let pieces = halves[0].split(separator: ".", omittingEmptySubsequences: false)
  let integerPart = String(pieces[0])
  let fractionPart = pieces.count > 1 ? String(pieces[1]) : ""
  var digits = Array(integerPart + fractionPart)
  var point = integerPart.count + exponent
  while digits.first == "0" {
    digits.removeFirst()
    point -= 1
  }
  while digits.last == "0" { digits.removeLast() }
  let k = digits.count
  let all = String(digits)
  let n = point
  if k <= n && n <= 21 { return sign + all + String(repeating: "0", count: n - k) }
  if 0 < n && n <= 21 { return sign + String(digits[0..<n]) + "." + String(digits[n...]) }
  if -6 < n && n <= 0 { return sign + "0." + String(repeating: "0", count: -n) + all }
  let e = n - 1
  let exponentText = (e < 0 ? "-" : "+") + String(abs(e))
  if k == 1 { return sign + all + "e" + exponentText }
  return sign + String(digits[0]) + "." + String(digits[1...]) + "e" + exponentText
}

func formatted(_ value: Double) -> String {
  var bytes: [UInt8] = []
  DecimalFormatting.append(value, to: &bytes)
  return wireText(bytes)
}

func parsedDecimal(_ text: String) -> Double? {
  let bytes = Array(text.utf8)
  return bytes.withUnsafeBufferPointer { DecimalParsing.parse($0) }
}

/// A random double drawn to cover every binade: random bits, with extra weight on
/// subnormals, the extremes and small integers.
func randomDouble(_ generator: inout SeededGenerator) -> Double {
  switch generator.next() % 8 {
  case 0:  // subnormal
    return Double(bitPattern: generator.next() & ((1 << 52) - 1))
  case 1:  // near the top or bottom of the exponent range
    let exponent: UInt64 =
      generator.next() % 2 == 0 ? 2046 - generator.next() % 4 : 1 + generator.next() % 4
    return Double(bitPattern: exponent << 52 | generator.next() & ((1 << 52) - 1))
  case 2:  // an integer or a short decimal fraction
    return Double(Int64(bitPattern: generator.next()) % 1_000_000)
      / [1, 2, 4, 10, 100, 1000][Int(generator.next() % 6)]
  case 3:  // a power of two (unequal gaps)
    return Double(bitPattern: (generator.next() % 2046 + 1) << 52)
  default:
    var value: Double
    repeat { value = Double(bitPattern: generator.next()) } while !value.isFinite
    return value
  }
}
