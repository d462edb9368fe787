/// `exp`, `sin` and `cos` in plain Swift arithmetic (fdlibm's reductions and polynomials).
///
/// The core cannot import a C math library, and it must give the same bytes natively and in
/// Wasm: these use only IEEE-754 addition, multiplication and division, which round the same
/// everywhere, so every platform computes the same springs to the last bit. Accurate to about
/// one ulp over the spring's domain (|x| below a few thousand); not a general libm.
///
///     Elementary.exp(1)  // 2.718281828459045
enum Elementary {
  private static let ln2High = 6.93147180369123816490e-01
  private static let ln2Low = 1.90821492927058770002e-10
  private static let inverseLn2 = 1.44269504088896338700e+00

  /// e raised to `x`. Overflows to infinity above 709.78, underflows to 0 below -745.13.
  ///
  /// - Complexity: O(1).
  @inline(never)
  static func exp(_ x: Double) -> Double {
    if x.isNaN { return x }
    if x > 709.782712893383973096 { return .infinity }
    if x < -745.13321910194110842 { return 0 }
    if abs(x) < 0x1p-28 { return 1 + x }
    let k = (x * inverseLn2 + (x < 0 ? -0.5 : 0.5)).rounded(.towardZero)
    let high = x - k * ln2High
    let low = k * ln2Low
    let r = high - low
    let t = r * r
    let c =
      r - t
      * (1.66666666666666019037e-01
        + t
        * (-2.77777777770155933842e-03
          + t
          * (6.61375632143793436117e-05
            + t * (-1.65339022054652515390e-06 + t * 4.13813679705723846039e-08))))
    let y = 1 - ((low - (r * c) / (2 - c)) - high)
    return scaleByPowerOfTwo(y, Int(k))
  }

  /// The sine of `x` radians.
  static func sin(_ x: Double) -> Double { sine(x, quarterTurns: 0) }

  /// The cosine of `x` radians: the sine a quarter turn further, cos x = sin(x + π/2), taken
  /// in the quadrant rather than by adding π/2 to `x` (which would round).
  static func cos(_ x: Double) -> Double { sine(x, quarterTurns: 1) }

  /// sin(x + quarterTurns × π/2): one function for both, as the Wasm module then holds the
  /// reduction and the quadrant switch once.
  @inline(never)
  private static func sine(_ x: Double, quarterTurns: Int) -> Double {
    let (quadrant, r) = reduce(x)
    switch (quadrant &+ quarterTurns) & 3 {
    case 0: return sinKernel(r)
    case 1: return cosKernel(r)
    case 2: return -sinKernel(r)
    default: return -cosKernel(r)
    }
  }

  /// `x` as `n × π/2 + r`, |r| ≤ π/4, returning n mod 4 and r (Cody–Waite, two parts of π/2).
  private static func reduce(_ x: Double) -> (Int, Double) {
    if abs(x) <= 0.785398163397448279 { return (0, x) }
    let n = (x * 6.36619772367581382433e-01).rounded(.toNearestOrEven)
    let r = (x - n * 1.57079632673412561417e+00) - n * 6.07710050650619224932e-11
    // n mod 4, in 0...3: n is whole, so n / 4, its floor, 4 times that and the difference are
    // all exact (no `fmod` in the module). NaN and infinities still trap in `Int`.
    return (Int(n - 4 * (n / 4).rounded(.down)), r)
  }

  private static func sinKernel(_ x: Double) -> Double {
    let z = x * x
    let v = z * x
    let r =
      8.33333333332248946124e-03 + z
      * (-1.98412698298579493134e-04 + z
        * (2.75573137070700676789e-06 + z
          * (-2.50507602534068634195e-08 + z * 1.58969099521155010221e-10)))
    return x + v * (-1.66666666666666324348e-01 + z * r)
  }

  private static func cosKernel(_ x: Double) -> Double {
    let z = x * x
    let r =
      z
      * (4.16666666666666019037e-02 + z
        * (-1.38888888888741095749e-03 + z
          * (2.48015872894767294178e-05 + z
            * (-2.75573143513906633035e-07 + z
              * (2.08757232129817482790e-09 + z * -1.13596475577881948265e-11)))))
    let halfZ = 0.5 * z
    let w = 1 - halfZ
    return w + (((1 - w) - halfZ) + z * r)
  }

  /// `value × 2^power`, exact except where the result is subnormal, for `value` within a
  /// factor of 2 of 1 and |power| <= 2,000 (what `exp` passes: |power| <= 1,076).
  ///
  /// In two factors of about 2^(power / 2): the first product stays a normal number, so it is
  /// exact, and only the second rounds, just once, as the exact product would.
  private static func scaleByPowerOfTwo(_ value: Double, _ power: Int) -> Double {
    let half = power >> 1
    return value * powerOfTwo(half) * powerOfTwo(power &- half)
  }

  /// 2^power for |power| <= 1,000, built from its bits: a normal number with a biased exponent
  /// of power + 1023 and a zero significand (the same value as
  /// `Double(sign: .plus, exponent: power, significand: 1)`, without its generic code).
  private static func powerOfTwo(_ power: Int) -> Double {
    assert(power >= -1000 && power <= 1000)
    return Double(bitPattern: UInt64(truncatingIfNeeded: power &+ 1023) << 52)
  }
}
