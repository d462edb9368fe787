// Memory is reclaimed after every call: 100k calls keep linear memory flat and hand back every
// block they took.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadTagCloudCore } from '../../web/src/core/tagcloud-core.js';
import { seeded } from './support/random.mjs';
import { hostileRequests, randomRequest } from './support/requests.mjs';

const CALLS = 100_000;

test(`${CALLS} fast-path calls keep memory flat`, async () => {
  const core = await loadTagCloudCore(new URL('../../web/tagcloud.wasm', import.meta.url));
  const random = seeded(7);
  const inputs = Array.from({ length: 16 }, () =>
    Float64Array.from({ length: 2 * random.int(0, 64) }, () => random.float(0, 120)),
  );
  for (const sizes of inputs) core.arrange(sizes, 390, 18); // sizes the scratch buffer
  const before = core.memoryStats;
  for (let i = 0; i < CALLS; i++) core.arrange(inputs[i % inputs.length], 390, 18);
  assert.deepEqual(core.memoryStats, before);
});

test(`${CALLS} JSON-path calls, accepted and refused, keep memory flat and free every block`, async () => {
  const core = await loadTagCloudCore(new URL('../../web/tagcloud.wasm', import.meta.url));
  const random = seeded(11);
  // Small requests without springs, so that 100k calls stay quick (a spring's settle time
  // costs most of a layout); then a thousand with springs. The parity test covers large ones.
  const requests = [
    ...Array.from({ length: 40 }, () => randomRequest(random, { animation: false }))
      .filter((r) => r.length < 1500),
    ...hostileRequests().filter((r) => r.length < 200),
  ];
  const animated = Array.from({ length: 10 }, () => randomRequest(random))
    .filter((r) => new TextDecoder().decode(r).includes('"animation"'));
  assert.ok(animated.length > 0);
  const run = (request) => {
    try {
      core.layoutBytes(request);
    } catch {
      // refusals are part of the workload
    }
  };
  [...requests, ...animated].forEach(run); // the largest request sets the high-water mark
  const before = core.memoryStats;
  for (let i = 0; i < CALLS; i++) run(requests[i % requests.length]);
  for (let i = 0; i < 1000; i++) run(animated[i % animated.length]);
  assert.deepEqual(core.memoryStats, before);
});
