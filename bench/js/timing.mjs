// The harness's timing method in JavaScript (bench/README.md, "Method"), for the node runner:
// each body warmed up, batches doubled until one lasts minSampleNs, then `repeats` rounds in
// which the bodies' batches take turns; the median batch over its size is each body's figure.
//
//   const t = measureInTurns({ js: (i) => peer(i), wasm: (i) => arrange(i) },
//     { repeats: 7, minSampleNs: 10e6, warmUpNs: 200e6, clock: threadCpuNs });
//   t.wasm.median_ns / t.js.median_ns
//
// `clock` returns nanoseconds: the thread's CPU time in node (bench/js/thread_clock.mjs).
// Taking turns puts a slow spell of a shared machine on every body alike; the warm-up lets V8
// finish with each body before it is timed (TurboFan for the JavaScript, the tier-up from
// Liftoff to TurboFan for the Wasm), so that neither is timed in its baseline tier nor pays for
// its compilation. `processClock`, when given, is read around the same batches: the whole
// process's CPU per call beside the thread's, to show what V8's background threads added.

export function measureInTurns(bodies, {
  repeats = 7, minSampleNs = 10e6, warmUpNs = 20 * minSampleNs, clock, wallClock = clock,
  processClock = null,
}) {
  const names = Object.keys(bodies);
  let sink = 0;
  // Warm-up: short turns until each body has run warmUpNs.
  const warmed = Object.fromEntries(names.map((name) => [name, 0]));
  while (names.some((name) => warmed[name] < warmUpNs)) {
    for (const name of names) {
      if (warmed[name] >= warmUpNs) continue;
      const start = clock();
      let calls = 0;
      do sink += bodies[name](calls++); while (clock() - start < minSampleNs / 4 && calls < 1 << 20);
      warmed[name] += clock() - start;
    }
  }
  const iterations = {};
  for (const name of names) {
    let count = 1;
    for (;;) {
      const start = clock();
      for (let i = 0; i < count; i++) sink += bodies[name](i);
      if (clock() - start >= minSampleNs) break;
      count *= 2;
    }
    iterations[name] = count;
  }
  const samples = Object.fromEntries(names.map((name) => [name, { cpu: [], wall: [], process: [] }]));
  for (let round = 0; round < repeats; round++) {
    // Each round starts with the next body, so that no body always follows the same one.
    for (let k = 0; k < names.length; k++) {
      const name = names[(round + k) % names.length];
      const body = bodies[name];
      const count = iterations[name];
      const processStart = processClock ? processClock() : 0;
      const wallStart = wallClock();
      const start = clock();
      for (let i = 0; i < count; i++) sink += body(i);
      const cpu = clock() - start;
      const wall = wallClock() - wallStart;
      const process = processClock ? processClock() - processStart : 0;
      samples[name].cpu.push(cpu / count);
      samples[name].wall.push(wall / count);
      samples[name].process.push(process / count);
    }
  }
  if (Number.isNaN(sink)) throw new Error('timing: a body returned NaN');
  const median = (values) => values.slice().sort((a, b) => a - b)[values.length >> 1];
  const out = {};
  for (const name of names) {
    const { cpu, wall, process } = samples[name];
    out[name] = {
      median_ns: median(cpu),
      min_ns: Math.min(...cpu),
      max_ns: Math.max(...cpu),
      wall_median_ns: median(wall),
      ...(processClock ? { process_median_ns: median(process) } : {}),
      samples: repeats,
      iterations: iterations[name],
      warm_up_ns: warmed[name],
    };
  }
  return out;
}

/** Iteration i lays out at W - (i mod WIDTH_CYCLE), as every engine of the run does. */
export const WIDTH_CYCLE = 4;
export const SPACING = 18;

/** Fewer batches for a million tags, where one call is already long. */
export function repeatsFor(count, repeats) {
  return count >= 1_000_000 ? Math.min(3, repeats) : repeats;
}
