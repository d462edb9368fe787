// A small seeded PRNG (mulberry32) so that every randomized test is reproducible: a failure
// prints its seed, and the same seed replays the same inputs.

/** Returns a generator of helpers over one seeded stream. */
export function seeded(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const random = {
    /** A float in [0, 1). */
    next,
    /** An integer in [low, high]. */
    int: (low, high) => low + Math.floor(next() * (high - low + 1)),
    /** A float in [low, high). */
    float: (low, high) => low + next() * (high - low),
    /** True with probability p. */
    chance: (p) => next() < p,
    /** One element of a non-empty array. */
    pick: (array) => array[Math.floor(next() * array.length)],
  };
  return random;
}
