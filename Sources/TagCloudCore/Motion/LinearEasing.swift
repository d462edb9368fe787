/// A spring written as a CSS `linear()` easing function, for transitions lasting the spring's
/// settling duration.
///
/// The curve is sampled on a fine grid, then cut into the fewest chords that stay within
/// `tolerance` of it (greedy); values are written to 4 decimals and stops to 2 decimals of a
/// percent, so that the string is short and the error stays below 0.5 % of the travel.
///
///     LinearEasing(spring: .snappy).css
///     // "linear(0, 0.0531 2.13%, ..., 1)"
public struct LinearEasing: Equatable, Sendable {
  /// The stops as (fraction of the duration, value) pairs, first (0, 0), last (1, 1).
  public var stops: [(progress: Double, value: Double)] {
    stride(from: 0, to: packed.count, by: 2).map { (packed[$0], packed[$0 + 1]) }
  }
  /// The stops as progress, value, progress, value…: an array of `Double`s, which the Wasm build
  /// has anyway, rather than one more array element type.
  private var packed: [Double]
  /// The transition duration: the spring's settling duration rounded up to whole milliseconds.
  public let duration: Double

  /// The largest distance allowed between the chords and the curve before rounding.
  public static let chordTolerance = 0.004

  public init(spring: Spring, samples: Int = 1000) {
    let settle = spring.settlingDuration
    let milliseconds = (settle * 1000).rounded(.up)
    let duration = milliseconds / 1000
    self.duration = duration
    precondition(samples >= 0, "samples must not be negative")
    var values = [Double](repeating: 0, count: samples + 1)
    var chosen = [Double](repeating: 0, count: 2)  // the first stop, (0, 0)
    // Over the buffer, unchecked: every index lies in 0...samples, the buffer's range.
    values.withUnsafeMutableBufferPointer { values in
      for index in 0..<samples {
        values[index] = spring.value(at: duration * Double(index) / Double(samples))
      }
      values[samples] = 1
      var start = 0
      while start < samples {
        var end = start + 1
        while end < samples,
          LinearEasing.chordFits(
            UnsafeBufferPointer(values), from: start, to: end + 1,
            tolerance: LinearEasing.chordTolerance)
        {
          end += 1
        }
        let progress = Double(end) / Double(samples)
        chosen.append(LinearEasing.rounded(progress * 100, scale: 100) / 100)
        chosen.append(LinearEasing.rounded(values[end], scale: 10_000))
        start = end
      }
    }
    packed = chosen
  }

  public static func == (lhs: LinearEasing, rhs: LinearEasing) -> Bool {
    lhs.duration == rhs.duration && lhs.packed == rhs.packed
  }

  /// The CSS text: `linear(0, v1 p1%, …, 1)`.
  public var css: String { String(decoding: cssBytes, as: UTF8.self) }

  /// ``css`` as UTF-8 bytes (what the response writer uses: no `String` in the Wasm build).
  public var cssBytes: [UInt8] {
    var text: [UInt8] = []
    text.appendLiteral("linear(0")
    var index = 2
    while index + 2 < packed.count {
      text.appendLiteral(", ")
      LinearEasing.appendFixed(packed[index + 1], scale: 10_000, to: &text)
      text.append(0x20)
      LinearEasing.appendFixed(packed[index] * 100, scale: 100, to: &text)
      index += 2
      text.append(UInt8(ascii: "%"))
    }
    text.appendLiteral(", 1)")
    return text
  }

  /// The value of the chords at `progress` (0...1): what the browser computes.
  public func value(atProgress progress: Double) -> Double {
    var index = 2
    while index < packed.count - 2, packed[index] < progress { index += 2 }
    let (fromProgress, fromValue) = (packed[index - 2], packed[index - 1])
    let (toProgress, toValue) = (packed[index], packed[index + 1])
    if toProgress <= fromProgress { return toValue }
    let fraction = (progress - fromProgress) / (toProgress - fromProgress)
    return fromValue + (toValue - fromValue) * fraction
  }

  private static func chordFits(
    _ values: UnsafeBufferPointer<Double>, from start: Int, to end: Int, tolerance: Double
  ) -> Bool {
    assert(start >= 0 && start < end && end < values.count)
    let span = Double(end - start)
    for index in (start + 1)..<end {
      let fraction = Double(index - start) / span
      let chord = values[start] + (values[end] - values[start]) * fraction
      if abs(chord - values[index]) > tolerance { return false }
    }
    return true
  }

  /// `value` rounded to a multiple of 1 / `scale` (a power of ten: 100 for 2 decimals).
  private static func rounded(_ value: Double, scale: Double) -> Double {
    (value * scale).rounded() / scale
  }

  /// Writes `value` with at most as many decimals as `scale` (a power of ten) has zeros,
  /// trailing zeros dropped.
  static func appendFixed(_ value: Double, scale: Int, to text: inout [UInt8]) {
    let scaled = Int((value * Double(scale)).rounded())
    if scaled < 0 { text.append(UInt8(ascii: "-")) }
    // Unsigned from here: the magnitude never traps, and `scale` (a power of ten) is positive.
    let magnitude = scaled.magnitude
    var unit = UInt(scale)
    appendDigits(magnitude / unit, to: &text)
    var fraction = magnitude % unit
    if fraction == 0 { return }
    while fraction % 10 == 0 {
      fraction /= 10
      unit /= 10
    }
    // The digits of unit + fraction are a 1 and then the fraction with its leading zeros: the
    // 1 becomes the decimal point.
    let point = text.count
    appendDigits(unit + fraction, to: &text)
    text[point] = UInt8(ascii: ".")
  }

  private static func appendDigits(_ value: UInt, to text: inout [UInt8]) {
    if value >= 10 { appendDigits(value / 10, to: &text) }
    text.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10))
  }
}
