// The libm functions that Swift's standard library may call by name and wasm32 has no
// instruction for: `Double.rounded()` is `round`, `truncatingRemainder(dividingBy:)` is `fmod`.
// (`floor`, `ceil`, `trunc`, `sqrt`, `rint` are single Wasm instructions.) wasm-ld keeps only
// those the module uses. Both are exact, as C requires; Tests/node/runtime.test.mjs checks them
// against JavaScript's `Math.round` and `%`, which are exact too.
#if defined(__wasm__)

/// Rounds half away from zero, as C's `round`: exact for every double (the difference to the
/// truncation is exact), NaN and infinities pass through, -0.3 gives -0.
double round(double value) {
  double truncated = __builtin_trunc(value);
  if (__builtin_fabs(value - truncated) >= 0.5) truncated += __builtin_copysign(1.0, value);
  return truncated;
}

/// `x - n·y` for the integer `n` of `x / y` truncated, computed exactly (C's `fmod`).
///
/// Subtracts `|y|·2^k` for falling `k` from `|x|`: each subtraction has `t <= r < 2t`, so it is
/// exact (Sterbenz), and halving `t` is exact while `t > |y|`.
///
/// - Complexity: O(exponent of x − exponent of y), at most about 2,100 steps.
double fmod(double x, double y) {
  double magnitude = __builtin_fabs(y);
  if (x != x || y != y || __builtin_isinf(x) || y == 0) return __builtin_nan("");
  double remainder = __builtin_fabs(x);
  if (remainder < magnitude) return x;
  double step = magnitude;
  while (step <= remainder * 0.5) step *= 2;
  while (step >= magnitude) {
    if (remainder >= step) remainder -= step;
    step *= 0.5;
  }
  return __builtin_copysign(remainder, x);
}

#endif
