// The fast path (`arrange`) against a plain JavaScript transcription of the seed's flow rule,
// over seeded random inputs; and its refusal of bad arguments.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadTagCloudCore } from '../../web/src/core/tagcloud-core.js';
import { seeded } from './support/random.mjs';

/** The seed's `GlassTagCloudFlow.arrange`, written out plainly. */
function referenceArrange(sizes, width, spacing) {
  const origins = new Float64Array(sizes.length);
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  let usedWidth = 0;
  for (let i = 0; i < sizes.length; i += 2) {
    const [w, h] = [sizes[i], sizes[i + 1]];
    if (x > 0 && x + w > width) {
      x = 0;
      y += rowHeight + spacing;
      rowHeight = 0;
    }
    origins[i] = x;
    origins[i + 1] = y;
    usedWidth = Math.max(usedWidth, x + w);
    rowHeight = Math.max(rowHeight, h);
    x += w + spacing;
  }
  return { origins, width: usedWidth, height: y + rowHeight };
}

test('arrange equals the reference flow rule on 5000 seeded random inputs', async () => {
  const core = await loadTagCloudCore();
  const random = seeded(0x5eed);
  for (let round = 0; round < 5000; round++) {
    const count = random.int(0, random.chance(0.05) ? 400 : 24);
    const sizes = new Float64Array(2 * count);
    for (let i = 0; i < sizes.length; i++) {
      sizes[i] = random.chance(0.5) ? random.int(0, 200) : random.float(0, 200);
    }
    const width = random.pick([Infinity, 0, random.int(0, 600), random.float(0, 600)]);
    const spacing = random.pick([18, 3, 0, random.float(0, 40)]);
    const got = core.arrange(sizes, width, spacing);
    const want = referenceArrange(sizes, width, spacing);
    assert.deepEqual(got, want, `round ${round}: ${count} items, width ${width}, spacing ${spacing}`);
  }
});

test('arrange of the README example', async () => {
  const core = await loadTagCloudCore();
  const result = core.arrange(new Float64Array([96, 40, 60, 40, 120, 40]), 200, 18);
  assert.deepEqual([...result.origins], [0, 0, 114, 0, 0, 58]);
  assert.equal(result.width, 174);
  assert.equal(result.height, 98);
  assert.equal(core.arrange(new Float64Array([96, 40, 60, 40]), null, 18).height, 40);
});

test('arrange writes into a caller buffer when given one', async () => {
  const core = await loadTagCloudCore();
  const sizes = new Float64Array([96, 40, 60, 40, 120, 40]);
  const into = new Float64Array(10).fill(-1);
  const result = core.arrange(sizes, 200, 18, into);
  assert.deepEqual([...result.origins], [0, 0, 114, 0, 0, 58]);
  assert.equal(result.origins.buffer, into.buffer);
  assert.deepEqual([...into.subarray(6)], [-1, -1, -1, -1]);
  assert.equal(result.height, 98);
  assert.throws(() => core.arrange(sizes, 200, 18, new Float64Array(4)), TypeError);
  assert.throws(() => core.arrange(sizes, 200, 18, [0, 0, 0, 0, 0, 0]), TypeError);
});

test('arrange refuses what is not a size list, a width or a spacing', async () => {
  const core = await loadTagCloudCore();
  const sizes = new Float64Array([10, 10]);
  assert.throws(() => core.arrange([10, 10], 100, 0), TypeError);
  assert.throws(() => core.arrange(new Float64Array(3), 100, 0), TypeError);
  assert.throws(() => core.arrange(new Float64Array([10, NaN]), 100, 0), /size 1/);
  assert.throws(() => core.arrange(new Float64Array([-1, 5]), 100, 0), /size 0/);
  assert.throws(() => core.arrange(sizes, -1, 0), /width/);
  assert.throws(() => core.arrange(sizes, NaN, 0), /width/);
  assert.throws(() => core.arrange(sizes, '100', 0), /width/);
  assert.throws(() => core.arrange(sizes, 100, Infinity), /spacing/);
  assert.throws(() => core.arrange(sizes, 100, -2), /spacing/);
});

test('arrange on the core\'s view stays right across calls that grow linear memory', async () => {
  const core = await loadTagCloudCore();
  const sizes = Float64Array.from({ length: 2 * 300 }, (_, i) => (i % 2 ? 40 : 60 + ((i * 37) % 100)));
  let view = core.sizesBuffer(300);
  view.set(sizes);
  for (let round = 0; round < 6; round++) {
    const width = 390 + round;
    const result = core.arrange(view, width, 18);
    // The views arrange() keeps between calls must follow the memory: after a growth its
    // output is read from the live buffer, not a detached view.
    assert.deepEqual(Array.from(result.origins), Array.from(referenceArrange(sizes, width, 18).origins));
    assert.equal(result.height, referenceArrange(sizes, width, 18).height);
    // A JSON layout of many tags grows linear memory, which detaches every view.
    const before = core.memoryStats.memoryBytes;
    core.layout({ width: 390, spacing: 8, tags: Array.from({ length: 2000 * (round + 1) }, (_, i) => ({ id: `t${i}`, size: [80, 40] })) });
    if (core.memoryStats.memoryBytes > before) view = core.sizesBuffer(300);
  }
});
