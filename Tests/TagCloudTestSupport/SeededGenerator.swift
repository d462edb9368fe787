/// Seeded randomness shared by the test targets: every property test replays exactly.

/// SplitMix64: a small, fast, seedable generator, so that every property test replays exactly.
public struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  public init(seed: UInt64) {
    state = seed
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension SeededGenerator {
  /// A length that is sometimes a whole number, sometimes a fraction of 1/64 (what browsers
  /// lay out in), sometimes an arbitrary fraction, sometimes zero.
  public mutating func length(upTo limit: Double) -> Double {
    switch Int.random(in: 0..<10, using: &self) {
    case 0: return 0
    case 1...4: return Double(Int.random(in: 0...Int(limit), using: &self))
    case 5...7: return Double(Int.random(in: 0...Int(limit * 64), using: &self)) / 64
    default: return Double.random(in: 0...limit, using: &self)
    }
  }
}
