/// A token bucket: `burst` messages at once, refilled at `rate` per second. It only decides who
/// floods; ordinary bursts (a dragged window sends a viewport per frame, hundreds a second) are
/// absorbed by latest-wins coalescing, not refused.
///
///     var bucket = RateLimiter(rate: 500, burst: 1000, now: 0)
///     bucket.admit(now: 0)  // true, 999 tokens left
///
/// Time is passed in (seconds on any monotonic clock); the limiter never reads a clock.
///
/// - Complexity: O(1) per message.
public struct RateLimiter: Equatable, Sendable {
  public let rate: Double
  public let burst: Double
  public private(set) var tokens: Double
  private var last: Double

  public init(rate: Double, burst: Double, now: Double) {
    assert(rate > 0 && burst >= 1, "a limiter must admit something")
    self.rate = rate
    self.burst = burst
    self.tokens = burst
    self.last = now
  }

  /// Takes one token; false when the bucket is empty (the sender is flooding).
  public mutating func admit(now: Double) -> Bool {
    if now > last {
      tokens = min(burst, tokens + (now - last) * rate)
      last = now
    }
    guard tokens >= 1 else { return false }
    tokens -= 1
    return true
  }
}
