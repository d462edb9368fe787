// The packed per-frame path (`sizesBuffer`, `layoutPacked`, `arrange` over views): the same
// results as the JSON path, no copies when the arrays are the core's own views, memory flat over
// many calls, and bad input refused with an error that names it, losing nothing.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { loadTagCloudCore } from '../../web/src/core/tagcloud-core.js';
import { seeded } from './support/random.mjs';

/** A random cloud: sizes (fractional or whole), a container, loose or melting, either direction. */
function randomCase(random) {
  const count = random.int(0, random.chance(0.1) ? 300 : 30);
  const melting = random.chance(0.5);
  const sizes = Array.from({ length: count }, () => [
    random.chance(0.5) ? random.int(0, 200) : random.float(0, 200),
    random.pick([40, 40, 44, random.float(0, 80)]),
  ]);
  return {
    sizes,
    width: random.pick([null, 0, random.int(40, 900), random.float(40, 900)]),
    // Loose: spacing at the merge distance (nothing melts); melting: spacing well below it.
    spacing: melting ? random.pick([3, 0, random.float(0, 9.9)]) : random.pick([10, 18, random.float(10, 30)]),
    mergeDistance: random.pick([undefined, 10, random.float(0, 20)]),
    direction: random.pick(['ltr', 'rtl']),
  };
}

function jsonRequest({ sizes, width, spacing, mergeDistance, direction }) {
  return {
    width,
    spacing,
    ...(mergeDistance === undefined ? {} : { mergeDistance }),
    direction,
    tags: sizes.map(([w, h], i) => ({ id: `t${i}`, size: [w, h] })),
  };
}

/** The JSON response in the packed shapes: origins, each item's row and group. */
function packedFromJSON(response) {
  const count = response.items.length;
  const rows = new Int32Array(count);
  response.rows.forEach((start, row) => rows.fill(row, start, response.rows[row + 1] ?? count));
  const groups = new Int32Array(count);
  response.groups.forEach((members, group) => members.forEach((i) => (groups[i] = group)));
  return {
    count,
    size: response.size,
    origins: Float64Array.from(response.items.flatMap(({ x, y }) => [x, y])),
    rows,
    groups,
    groupCount: response.groups.length,
  };
}

function plain(frame) {
  return {
    count: frame.count,
    size: [...frame.size],
    origins: Float64Array.from(frame.origins),
    rows: Int32Array.from(frame.rows),
    groups: Int32Array.from(frame.groups),
    groupCount: frame.groupCount,
  };
}

test('layoutPacked equals the JSON path on 3,000 seeded random clouds (ltr, rtl, loose, melting)', async () => {
  const core = await loadTagCloudCore();
  const random = seeded(0x9ac4ed);
  let melted = 0;
  for (let round = 0; round < 3000; round++) {
    const c = randomCase(random);
    const expected = packedFromJSON(core.layout(jsonRequest(c)));
    // Half through the core's own view, half through a caller-owned array (copied in).
    let sizes;
    if (random.chance(0.5)) {
      sizes = core.sizesBuffer(c.sizes.length);
      c.sizes.forEach(([w, h], i) => sizes.set([w, h], 2 * i));
    } else {
      sizes = Float64Array.from(c.sizes.flat());
    }
    const frame = core.layoutPacked(sizes, c);
    assert.deepEqual(plain(frame), expected, `round ${round}: ${JSON.stringify(c)}`);
    if (expected.groupCount < expected.count) melted++;
    // arrange() is the same flow: the origins and size (left to right).
    if (c.direction === 'ltr') {
      const arranged = core.arrange(sizes, c.width, c.spacing);
      assert.deepEqual(Float64Array.from(arranged.origins), expected.origins);
      assert.deepEqual([arranged.width, arranged.height], expected.size);
    }
  }
  assert.ok(melted > 500, `only ${melted} clouds had melting capsules: the test lost its point`);
});

test('tags sized from labels: the JSON response\'s capsules through layoutPacked land where the JSON put them', async () => {
  const core = await loadTagCloudCore();
  const random = seeded(42);
  for (let round = 0; round < 300; round++) {
    const width = random.pick([null, random.int(120, 700)]);
    const request = {
      width,
      spacing: random.pick([3, 10]),
      direction: random.pick(['ltr', 'rtl']),
      tags: Array.from({ length: random.int(1, 40) }, (_, i) => ({
        id: `t${i}`,
        label: { width: random.float(10, 400), words: [random.float(5, 100), random.float(5, 100)], space: 4 },
      })),
    };
    const response = core.layout(request);
    const sizes = core.sizesBuffer(response.items.length);
    response.items.forEach(({ w, h }, i) => sizes.set([w, h], 2 * i));
    assert.deepEqual(plain(core.layoutPacked(sizes, request)), packedFromJSON(response), `round ${round}`);
  }
});

test('with the core\'s own views, nothing is copied: the sizes are read in place, the results are views', async () => {
  // Checked to fail: treating a handed-out view as a caller array in #packedInput (copied into
  // the scratch buffer with .set) fails the first assertion below.
  const core = await loadTagCloudCore();
  const n = 1000;
  let sizes = core.sizesBuffer(n);
  for (let i = 0; i < n; i++) sizes.set([60 + (i % 7) * 13.25, 40], 2 * i);
  const reference = core.layout({ width: 699, spacing: 10, tags: Array.from({ length: n }, (_, i) => ({ id: `${i}`, size: [sizes[2 * i], 40] })) });
  sizes = core.sizesBuffer(n); // the JSON layout grew memory: a live view of the same numbers
  core.layoutPacked(sizes, { width: 700, spacing: 3 }); // first calls make the cached views
  core.arrange(sizes, 700, 10);

  const copies = [];
  const originals = new Map();
  for (const Kind of [Float64Array, Int32Array, Uint8Array, Uint32Array]) {
    for (const name of ['set', 'slice']) {
      const original = Kind.prototype[name];
      originals.set([Kind, name], original);
      Kind.prototype[name] = function (...args) {
        copies.push(`${Kind.name}.${name}`);
        return original.apply(this, args);
      };
    }
  }
  let frames;
  let arranged;
  try {
    frames = [0, 1, 2].map((k) => core.layoutPacked(sizes, { width: 700 - 3 * k, spacing: 3 }));
    arranged = [0, 1].map((k) => core.arrange(sizes, 700 - k, 10));
  } finally {
    for (const [[Kind, name], original] of originals) Kind.prototype[name] = original;
  }
  assert.deepEqual(copies, [], 'no typed-array copy during the calls');
  // Views of the module's memory (the sizes' buffer), the same objects every frame.
  for (const frame of frames) {
    for (const array of [frame.origins, frame.rows, frame.groups]) assert.equal(array.buffer, sizes.buffer);
    assert.equal(frame.origins, frames[0].origins);
    assert.equal(frame.rows, frames[0].rows);
  }
  assert.equal(arranged[0].origins.buffer, sizes.buffer);
  assert.equal(arranged[1].origins, arranged[0].origins);
  // And they hold the layout of the last call.
  assert.deepEqual(Float64Array.from(arranged[1].origins), packedFromJSON(reference).origins);
});

test('a caller-owned array is copied in, and the origins out (into `into` when given)', async () => {
  const core = await loadTagCloudCore();
  const sizes = new Float64Array([96, 40, 60, 40, 120, 40]);
  const into = new Float64Array(8).fill(-1);
  const result = core.arrange(sizes, 200, 8, into);
  assert.notEqual(result.origins.buffer, core.sizesBuffer(1).buffer, 'not a view of module memory');
  assert.deepEqual([...into], [0, 0, 104, 0, 0, 48, -1, -1]);
  assert.equal(result.origins.buffer, into.buffer);
});

test('the scratch buffer for caller-owned arrays at least doubles when it grows', async () => {
  // Checked to fail: with #reserve zeroing its size before doubling it (the old bug), every one
  // of the growing calls below allocates a new scratch block (344 allocations, not a handful).
  const bytes = await readFile(new URL('../../web/tagcloud.wasm', import.meta.url));
  let allocations = 0;
  const instantiate = WebAssembly.instantiate;
  WebAssembly.instantiate = async (...args) => {
    const result = await instantiate(...args);
    const exports = { ...(result.exports ?? result.instance.exports) };
    const alloc = exports.tc_alloc;
    exports.tc_alloc = (size) => {
      allocations++;
      return alloc(size);
    };
    return { exports };
  };
  let core;
  try {
    core = await loadTagCloudCore(bytes);
  } finally {
    WebAssembly.instantiate = instantiate;
  }
  const before = allocations;
  for (let n = 65; n <= 400; n++) core.arrange(new Float64Array(2 * n).fill(40), 500, 3);
  // Scratch 1,040 → 2,080 → 4,160 → 8,320 bytes, and the packed block (with its necks) as often.
  assert.ok(allocations - before <= 12, `${allocations - before} allocations for 336 growing calls`);
});

test('100,000 packed calls keep memory flat, and the handed-out view stays attached', async () => {
  // Checked to fail: with WORKING_BYTES_PER_TAG = 0 in the loader, the first layouts grow memory
  // and detach the view (its length becomes 0).
  const core = await loadTagCloudCore(new URL('../../web/tagcloud.wasm', import.meta.url));
  const random = seeded(99);
  const capacity = 2000;
  let sizes = core.sizesBuffer(capacity);
  const cases = Array.from({ length: 24 }, () => randomCase(random));
  for (const c of cases) c.count = Math.min(capacity, c.sizes.length * random.int(1, 60));
  const before = core.memoryStats;
  for (let i = 0; i < 100_000; i++) {
    const c = cases[i % cases.length];
    // Fewer tags than the block holds: a view of `count` tags of the same block, no copy.
    sizes = core.sizesBuffer(c.count);
    if (i < cases.length) {
      for (let k = 0; k < c.count; k++) sizes.set(c.sizes[k % c.sizes.length], 2 * k);
    }
    if (i % 2 === 0) core.arrange(sizes, c.width, c.spacing);
    else core.layoutPacked(sizes, c);
  }
  sizes = core.sizesBuffer(capacity);
  // Every extreme: each tag on its own row and in its own group, and all in one group, packed
  // tight (spacing 0, merging at 20: about 2.7 necks a tag). (Not zero-size capsules: every pair
  // of those melts, n² necks, whose memory no reservation per tag covers: docs/WASM.md.)
  sizes.fill(1);
  core.layoutPacked(sizes, { width: 0, spacing: 50, mergeDistance: 0 });
  for (let k = 0; k < capacity; k++) sizes.set([40 + (k % 5) * 23.5, 40], 2 * k);
  const tight = core.layoutPacked(sizes, { width: 700, spacing: 0, mergeDistance: 20 });
  assert.equal(tight.groupCount, 1);
  assert.ok(tight.neckCount > 2 * capacity, `${tight.neckCount} necks`);
  assert.deepEqual(core.memoryStats, before);
  assert.equal(sizes.length, 2 * capacity, 'memory never grew, so the view is still attached');
});

test('bad input is refused with an error naming it, and nothing is lost', async () => {
  // Checked to fail: without the module's size check (tc_layout_packed accepting every size),
  // the NaN/negative/Infinity cases below return a frame instead of throwing.
  const core = await loadTagCloudCore();
  const n = 50;
  const sizes = core.sizesBuffer(n);
  for (let i = 0; i < n; i++) sizes.set([50 + i, 40], 2 * i);
  const options = { width: 400, spacing: 3, direction: 'rtl' };
  const good = plain(core.layoutPacked(sizes, options));
  const frame = core.layoutPacked(sizes, options); // views of the current frame
  const memory = core.memoryStats;

  const cases = [
    [7, NaN, /size 7 \(tag 3's height\) must be finite and non-negative, not NaN/],
    [0, -1, /size 0 \(tag 0's width\) must be finite and non-negative, not -1/],
    [99, Infinity, /size 99 \(tag 49's height\) .* not Infinity/],
    [42, -Infinity, /size 42 \(tag 21's width\)/],
  ];
  for (const [index, value, message] of cases) {
    const saved = sizes[index];
    sizes[index] = value;
    assert.throws(() => core.layoutPacked(sizes, options), message);
    assert.throws(() => core.arrange(sizes, 400, 3), message);
    assert.throws(() => core.arrange(Float64Array.from(sizes), 400, 3), message);
    sizes[index] = saved;
    assert.deepEqual(plain(frame), good, 'a refused layoutPacked wrote nothing');
  }
  const refusals = [
    [() => core.layoutPacked(sizes, { ...options, width: -1 }), RangeError, /width must be a non-negative number, Infinity or null, not -1/],
    [() => core.layoutPacked(sizes, { ...options, width: NaN }), RangeError, /width .* not NaN/],
    [() => core.layoutPacked(sizes, { ...options, width: '400' }), TypeError, /width must be a number, not string/],
    [() => core.layoutPacked(sizes, { ...options, spacing: Infinity }), RangeError, /spacing .* not Infinity/],
    [() => core.layoutPacked(sizes, { ...options, spacing: -3 }), RangeError, /spacing/],
    [() => core.layoutPacked(sizes, { ...options, spacing: undefined }), TypeError, /spacing must be a number/],
    [() => core.layoutPacked(sizes, { ...options, mergeDistance: NaN }), RangeError, /mergeDistance .* not NaN/],
    [() => core.layoutPacked(sizes, { ...options, direction: 'up' }), RangeError, /direction must be "ltr" or "rtl"/],
    [() => core.layoutPacked(new Float64Array(3), options), TypeError, /pairs/],
    [() => core.layoutPacked([50, 40], options), TypeError, /Float64Array/],
    [() => core.layoutPacked(new Float32Array(4), options), TypeError, /Float64Array/],
    [() => core.layoutPacked(sizes), TypeError, /spacing must be a number/],
    [() => core.arrange(sizes, 400, 3, new Float64Array(2)), TypeError, /into/],
    [() => core.sizesBuffer(-1), RangeError, /sizesBuffer takes a tag count/],
    [() => core.sizesBuffer(2.5), RangeError, /sizesBuffer/],
    [() => core.sizesBuffer(1e7), RangeError, /sizesBuffer/],
    [() => core.layoutPacked(new Float64Array(sizes.buffer, 8, 4), options), TypeError, /no longer hands out/],
  ];
  for (const [call, kind, message] of refusals) {
    assert.throws(call, (error) => error instanceof kind && message.test(error.message), String(call));
    assert.deepEqual(plain(frame), good);
  }
  assert.deepEqual(plain(core.layoutPacked(sizes, options)), good, 'the same layout after every refusal');
  assert.equal(core.layoutPacked(sizes, options).origins, frame.origins, 'no restart: the same views');
  assert.deepEqual(core.memoryStats, memory);
});

test('views survive memory growth and larger buffers: numbers kept, stale views named', async () => {
  const core = await loadTagCloudCore(new URL('../../web/tagcloud.wasm', import.meta.url));
  const small = core.sizesBuffer(3);
  small.set([96, 40, 60, 40, 120, 40]);
  const expected = plain(core.layoutPacked(small, { width: 200, spacing: 8 }));
  // A big JSON layout grows linear memory, which detaches every view (WebAssembly's rule).
  core.layout({ width: 390, spacing: 18, tags: Array.from({ length: 20_000 }, (_, i) => ({ id: `${i}`, size: [60, 40] })) });
  assert.equal(small.length, 0, 'the view was detached');
  // The last view handed out is still accepted: its numbers are in the module.
  assert.deepEqual(plain(core.layoutPacked(small, { width: 200, spacing: 8 })), expected);
  const live = core.sizesBuffer(3);
  assert.deepEqual([...live], [96, 40, 60, 40, 120, 40], 'a live view of the same numbers');
  // A larger buffer moves the block: the numbers come along, older views are refused as stale.
  const large = core.sizesBuffer(5000);
  assert.deepEqual([...large.subarray(0, 6)], [96, 40, 60, 40, 120, 40]);
  assert.throws(() => core.layoutPacked(live, { width: 200, spacing: 8 }), /stale view/);
  assert.deepEqual(plain(core.layoutPacked(core.sizesBuffer(3), { width: 200, spacing: 8 })), expected);
});
