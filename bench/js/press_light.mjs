// What the light a press spreads costs to measure (web/src/view/press-light.js `spread`): one
// press on a core layout of N tags (packed sizes 50…160 × 40 px, 1,200 px wide) at the loose
// spacing (18) and the tight one (3, every capsule of one merge group), each press on another
// capsule. The view measures it only when the presses, or the frame under a held press, change.
//
//   node bench/js/press_light.mjs [COUNTS] [REPEATS]      (default: 100,1000,5000 7)
//
// One JSON line per (count, spacing): the main thread's CPU per spread (bench/js/thread_clock.mjs,
// the batches taking turns after a warm-up: bench/js/timing.mjs) and how many capsules it lit.
import { loadTagCloudCore } from '../../web/src/core/tagcloud-core.js';
import { PressLight } from '../../web/src/view/press-light.js';
import { threadCpuNs } from './thread_clock.mjs';
import { measureInTurns } from './timing.mjs';

const [countsArg = '100,1000,5000', repeatsArg = '7'] = process.argv.slice(2);
const core = await loadTagCloudCore();
for (const count of countsArg.split(',').map(Number)) {
  const sizes = new Float64Array(2 * count);
  for (let i = 0; i < count; i += 1) [sizes[2 * i], sizes[2 * i + 1]] = [50 + ((i * 37) % 110), 40];
  const ids = Array.from({ length: count }, (_, i) => `t${i}`);
  const scenes = {};
  const lit = {};
  for (const spacing of [18, 3]) {
    const packed = core.layoutPacked(sizes, { width: 1200, spacing, mergeDistance: 10 });
    const frame = { count, origins: packed.origins.slice(), sizes, groups: packed.groups.slice() };
    const light = new PressLight();
    const presses = ids.map((id) => new Map([[id, { x: 20, y: 20 }]]));
    scenes[`spacing ${spacing}`] = (i) => {
      const size = light.spread(frame, ids, spacing, presses[(i * 7) % count]).size;
      lit[spacing] = Math.max(lit[spacing] ?? 0, size);
      return size;
    };
  }
  const timed = measureInTurns(scenes, { repeats: Number(repeatsArg), minSampleNs: 10e6, clock: threadCpuNs });
  for (const [name, t] of Object.entries(timed)) {
    const spacing = Number(name.split(' ')[1]);
    console.log(JSON.stringify({ op: 'press-light spread', n: count, spacing, median_us: t.median_ns / 1e3,
      min_us: t.min_ns / 1e3, max_us: t.max_ns / 1e3, most_lit: lit[spacing] }));
  }
}
