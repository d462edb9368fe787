// The harness's timing method in JavaScript, shared by the node runner and the browser page:
// a warm-up call, batches doubled until one lasts minSampleNs, then `repeats` batches; the
// median batch over its size is the figure (see bench/README.md).
//
//   const t = measure((i) => work(i), { repeats: 7, minSampleNs: 10e6, clock: cpuClock });
//   t.median_ns
//
// `clock` returns nanoseconds: CPU time in node (process.cpuUsage), performance.now() in a page.

export function measure(body, { repeats = 7, minSampleNs = 10e6, clock, wallClock = clock }) {
  let sink = body(0);
  let iterations = 1;
  for (;;) {
    const start = clock();
    for (let i = 0; i < iterations; i++) sink += body(i);
    if (clock() - start >= minSampleNs) break;
    iterations *= 2;
  }
  const samples = [];
  const wall = [];
  for (let s = 0; s < repeats; s++) {
    const wallStart = wallClock();
    const start = clock();
    for (let i = 0; i < iterations; i++) sink += body(i);
    samples.push((clock() - start) / iterations);
    wall.push((wallClock() - wallStart) / iterations);
  }
  samples.sort((a, b) => a - b);
  wall.sort((a, b) => a - b);
  if (Number.isNaN(sink)) throw new Error('timing: a body returned NaN');
  return {
    median_ns: samples[samples.length >> 1],
    min_ns: samples[0],
    max_ns: samples[samples.length - 1],
    wall_median_ns: wall[wall.length >> 1],
    samples: repeats,
    iterations,
  };
}

/** Iteration i lays out at W - (i mod WIDTH_CYCLE), as every engine of the run does. */
export const WIDTH_CYCLE = 4;
export const SPACING = 18;

/** Fewer batches for a million tags, where one call is already long. */
export function repeatsFor(count, repeats) {
  return count >= 1_000_000 ? Math.min(3, repeats) : repeats;
}
