import TagCloudCore
import TagCloudTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct SpringTests {
  /// The closed form with the platform's libm, as the reference for the core's own arithmetic.
  private func reference(_ spring: Spring, _ t: Double) -> Double {
    let zeta = spring.bounce >= 0 ? 1 - spring.bounce : 1 / (1 + spring.bounce)
    let omega = 2 * Double.pi / spring.duration
    if zeta < 1 {
      let damped = omega * (1 - zeta * zeta).squareRoot()
      return 1 - Glibc.exp(-zeta * omega * t)
        * (Glibc.cos(damped * t) + zeta * omega / damped * Glibc.sin(damped * t))
    }
    if zeta == 1 { return 1 - (1 + omega * t) * Glibc.exp(-omega * t) }
    let root = (zeta * zeta - 1).squareRoot()
    let r1 = -omega * (zeta + root)
    let r2 = -omega * (zeta - root)
    return 1 - (r1 * Glibc.exp(r2 * t) - r2 * Glibc.exp(r1 * t)) / (r1 - r2)
  }

  @Test(arguments: [
    Spring.snappy, .smooth, .smooth(duration: 0.7), .bouncy, Spring(duration: 1, bounce: -0.5),
  ])
  func valuesMatchTheClosedForm(spring: Spring) {
    for step in 0...400 {
      let t = Double(step) / 200
      #expect(abs(spring.value(at: t) - reference(spring, t)) < 1e-13)
    }
  }

  @Test func startsAtRestAtZeroAndEndsAtOne() {
    #expect(Spring.snappy.value(at: 0) == 0)
    #expect(Spring.snappy.value(at: -1) == 0)
    #expect(abs(Spring.snappy.value(at: 5) - 1) < 1e-12)
  }

  @Test func knownValues() {
    // .smooth is critically damped: 1 − (1 + ωt)e^(−ωt), ω = 4π.
    let omega = 4 * Double.pi
    #expect(
      abs(Spring.smooth.value(at: 0.25) - (1 - (1 + omega / 4) * Glibc.exp(-omega / 4))) < 1e-15)
    #expect(abs(Spring.smooth.value(at: 0.25) - 0.8210) < 1e-4)
  }

  @Test func snappyOvershootsByAboutSixTenthsOfAPercent() {
    let peak = (0...2000).map { Spring.snappy.value(at: Double($0) / 2000) }.max()!
    // exp(−ζπ / √(1 − ζ²)) with ζ = 0.85.
    let expected = 1 + Glibc.exp(-0.85 * Double.pi / (1 - 0.85 * 0.85).squareRoot())
    #expect(abs(peak - expected) < 1e-6)
    #expect(peak > 1.006 && peak < 1.0065)
  }

  @Test func smoothNeverOvershoots() {
    for step in 0...2000 {
      #expect(Spring.smooth(duration: 0.7).value(at: Double(step) / 1000) <= 1)
    }
  }

  @Test func settleTimes() {
    #expect(abs(Spring.snappy.settlingDuration - 0.70) < 0.02)
    #expect(abs(Spring.smooth.settlingDuration - 0.735) < 0.01)
    #expect(abs(Spring.smooth(duration: 0.7).settlingDuration - 0.735 * 1.4) < 0.015)
    // After it, the spring stays within tolerance; just before, it is not yet there.
    for spring in [Spring.snappy, .smooth, .bouncy] {
      let settle = spring.settlingDuration
      for step in 0...1000 {
        #expect(abs(spring.value(at: settle + Double(step) / 200) - 1) < Spring.settleTolerance)
      }
      #expect(abs(spring.value(at: settle - 0.002) - 1) >= Spring.settleTolerance * 0.99)
    }
  }

  /// The settle time against a plain forward scan of the whole grid, for springs from
  /// overdamped to very bouncy.
  @Test func settleTimeMatchesAForwardScan() {
    var generator = SeededGenerator(seed: 51)
    var springs = [Spring.snappy, .smooth, .smooth(duration: 0.7), .bouncy]
    for _ in 0..<40 {
      springs.append(
        Spring(
          duration: Double.random(in: 0.05...3, using: &generator),
          bounce: Double.random(in: -0.9...0.9, using: &generator)))
    }
    for spring in springs {
      let step = spring.duration / 256
      var last = 0
      for index in 1...16_384 where abs(spring.value(at: Double(index) * step) - 1) >= 1e-3 {
        last = index
      }
      var low = Double(last) * step
      var high = low + step
      for _ in 0..<48 {
        let mid = (low + high) / 2
        if abs(spring.value(at: mid) - 1) >= 1e-3 { low = mid } else { high = mid }
      }
      #expect(spring.settlingDuration == high)
    }
  }

  @Test(arguments: [Spring.snappy, .smooth, .smooth(duration: 0.7), .bouncy])
  func linearEasingStaysWithinHalfAPercent(spring: Spring) {
    let easing = LinearEasing(spring: spring)
    let stops = parseLinear(easing.css)
    #expect(stops.first! == (0, 0) && stops.last! == (1, 1))
    var worst = 0.0
    for step in 0...20_000 {
      let progress = Double(step) / 20_000
      let curve = spring.value(at: progress * easing.duration)
      worst = max(worst, abs(evaluate(stops, progress) - curve))
    }
    #expect(worst <= 0.005)
    #expect(easing.duration == (spring.settlingDuration * 1000).rounded(.up) / 1000)
  }

  @Test func linearEasingIsShort() {
    #expect(LinearEasing(spring: .snappy).stops.count < 40)
    #expect(LinearEasing(spring: .snappy).css.hasPrefix("linear(0, "))
  }

  /// Reads `linear(0, v p%, …, 1)` back as the browser would.
  private func parseLinear(_ css: String) -> [(Double, Double)] {
    let inner = css.dropFirst("linear(".count).dropLast()
    let parts = inner.split(separator: ",").map { $0.split(separator: " ") }
    return parts.enumerated().map { index, words in
      let value = Double(String(words[0]))!
      if words.count > 1 { return (Double(String(words[1].dropLast()))! / 100, value) }
      return (index == 0 ? 0 : 1, value)
    }
  }

  private func evaluate(_ stops: [(Double, Double)], _ progress: Double) -> Double {
    for index in 1..<stops.count where progress <= stops[index].0 {
      let (p0, v0) = stops[index - 1]
      let (p1, v1) = stops[index]
      return p1 == p0 ? v1 : v0 + (v1 - v0) * (progress - p0) / (p1 - p0)
    }
    return 1
  }
}
