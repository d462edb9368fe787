// Memory is reclaimed after every call: 100k calls keep linear memory flat and hand back every
// block they took.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadTagCloudCore } from '../../web/tagcloud-core.js';
import { seeded } from './support/random.mjs';

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
