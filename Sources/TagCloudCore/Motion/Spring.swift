/// SwiftUI's `Spring(duration:bounce:)`, in closed form: a unit step from 0 to 1, at rest at
/// the start.
///
/// The seed animates selection with `.snappy` and the tight-spacing switch with
/// `.smooth(duration: 0.7)`. As SwiftUI defines them: the natural frequency is ω₀ = 2π / duration
/// and the damping ratio ζ = 1 − bounce (bounce ≥ 0) or 1 / (1 + bounce) (bounce < 0).
///
///     Spring.snappy.value(at: 0.25)  // ≈ 0.9 on its way to 1, overshooting slightly later
///     Spring.snappy.settlingDuration  // ≈ 0.70 s
public struct Spring: Equatable, Sendable {
  /// The perceptual duration in seconds, SwiftUI's `duration`.
  public var duration: Double
  /// How much it overshoots: 0 is critically damped, up to 1 bouncier, below 0 overdamped.
  public var bounce: Double

  /// Valid for `duration > 0` and `-1 < bounce < 1`; the wire format refuses anything else.
  public init(duration: Double, bounce: Double) {
    assert(duration > 0 && duration.isFinite, "duration must be positive")
    assert(bounce > -1 && bounce < 1, "bounce must be in (-1, 1)")
    self.duration = duration
    self.bounce = bounce
  }

  /// `.snappy`: quick, with a hint of overshoot. The seed's selection animation.
  public static let snappy = Spring(duration: 0.5, bounce: 0.15)
  /// `.smooth`: no overshoot.
  public static let smooth = Spring(duration: 0.5, bounce: 0)
  /// `.smooth(duration:)`; the seed's tight-spacing switch uses 0.7 s.
  public static func smooth(duration: Double) -> Spring { Spring(duration: duration, bounce: 0) }
  /// `.bouncy`, for completeness.
  public static let bouncy = Spring(duration: 0.5, bounce: 0.3)

  /// The damping ratio ζ.
  public var dampingRatio: Double { bounce >= 0 ? 1 - bounce : 1 / (1 + bounce) }
  /// The natural angular frequency ω₀ in radians per second.
  public var angularFrequency: Double { 2 * Double.pi / duration }

  /// The animated fraction at `time` seconds: 0 at the start, 1 at rest.
  ///
  /// - Complexity: O(1).
  public func value(at time: Double) -> Double {
    if time <= 0 { return 0 }
    return evaluate(at: time, envelope: false)
  }

  /// How close to 1 the spring must stay to count as settled.
  public static let settleTolerance = 1e-3

  /// The time after which the value stays within ``settleTolerance`` of 1, in seconds.
  ///
  /// Found on a grid of 1/256ths of `duration` (up to 64 durations): the last grid step still
  /// out of tolerance, then bisected. The search walks back from where the spring's decay
  /// envelope drops under the tolerance, since nothing after that point can be out of it.
  ///
  /// - Complexity: O(1): a few dozen evaluations for SwiftUI's presets, at most 16,384 steps.
  public var settlingDuration: Double {
    let step = duration / 256
    let limit = 16_384
    var lastUnsettled = min(limit, envelopeSettledStep(step: step, limit: limit))
    while lastUnsettled > 0,
      abs(value(at: Double(lastUnsettled) * step) - 1) < Spring.settleTolerance
    {
      lastUnsettled -= 1
    }
    if lastUnsettled == limit { return Double(limit) * step }
    var low = Double(lastUnsettled) * step
    var high = low + step
    for _ in 0..<48 {
      let mid = (low + high) / 2
      if abs(value(at: mid) - 1) >= Spring.settleTolerance { low = mid } else { high = mid }
    }
    return high
  }

  /// A grid step from which on the envelope of |value − 1| stays below the tolerance: found by
  /// doubling, then bisecting, over the grid.
  private func envelopeSettledStep(step: Double, limit: Int) -> Int {
    var high = 1
    while high < limit, envelope(at: Double(high) * step) >= Spring.settleTolerance { high *= 2 }
    if high >= limit { return limit }
    var low = high / 2
    while high - low > 1 {
      let mid = (low + high) / 2
      if envelope(at: Double(mid) * step) >= Spring.settleTolerance {
        low = mid
      } else {
        high = mid
      }
    }
    return high
  }

  /// An upper bound of |value(at: time) − 1| that only decreases with time.
  private func envelope(at time: Double) -> Double { evaluate(at: time, envelope: true) }

  /// The value at `time` (> 0), or with `envelope` its decay envelope: one function, as both
  /// share the damping ratio, frequency and decay (the Wasm module holds the code once).
  @inline(never)
  private func evaluate(at time: Double, envelope: Bool) -> Double {
    let zeta = dampingRatio
    let omega = angularFrequency
    if zeta < 1 {
      let damped = omega * (1 - zeta * zeta).squareRoot()
      let ratio = zeta * omega / damped
      let decay = Elementary.exp(-zeta * omega * time)
      if envelope { return (1 + ratio * ratio).squareRoot() * decay }
      return 1 - decay * (Elementary.cos(damped * time) + ratio * Elementary.sin(damped * time))
    }
    if zeta == 1 {
      // The envelope is exactly what the value subtracts from 1.
      let away = (1 + omega * time) * Elementary.exp(-omega * time)
      return envelope ? away : 1 - away
    }
    let root = (zeta * zeta - 1).squareRoot()
    let fast = -omega * (zeta + root)
    let slow = -omega * (zeta - root)
    if envelope { return (-fast - slow) / (slow - fast) * Elementary.exp(slow * time) }
    return 1 - (fast * Elementary.exp(slow * time) - slow * Elementary.exp(fast * time))
      / (fast - slow)
  }
}
