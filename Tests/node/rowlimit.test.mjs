// `maxRows`: the core's row limit (the tags beyond N rows folded into a "+K" capsule), the Wasm
// module against a brute force in plain JavaScript (try every prefix with the "+K" capsule of
// its own K, lay it out with the seed's flow, keep the longest that fits) and against the
// native build (`tagcloud layout`, byte for byte); the packed path against the JSON path; and
// the packed path's refusals.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadTagCloudCore } from '../../web/src/core/tagcloud-core.js';
import { nativeAvailable, runNative } from './support/native.mjs';
import { seeded } from './support/random.mjs';
import { requirement } from './support/require.mjs';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The seed's flow (`GlassTagCloudFlow.arrange`): origins, size, and the number of rows. */
function flow(sizes, width, spacing) {
  const origins = [];
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  let used = 0;
  let rows = sizes.length > 0 ? 1 : 0;
  for (const [w, h] of sizes) {
    if (x > 0 && x + w > width) {
      x = 0;
      y = y + rowHeight + spacing;
      rowHeight = 0;
      rows++;
    }
    origins.push([x, y]);
    used = Math.max(used, x + w);
    rowHeight = Math.max(rowHeight, h);
    x += w + spacing;
  }
  return { origins, size: [used, y + rowHeight], rows };
}

/**
 * The rule by brute force: `{shown, more}` (more: the "+K" size, null when every tag fits).
 * Every prefix, longest first, with the "+K" size of its K's digit count.
 */
function referenceCut(sizes, width, spacing, maxRows, moreSizes) {
  if (maxRows === 0 || flow(sizes, width, spacing).rows <= maxRows) return { shown: sizes.length, more: null };
  for (let shown = sizes.length - 1; shown >= 0; shown--) {
    const more = moreSizes[String(sizes.length - shown).length - 1];
    if (flow([...sizes.slice(0, shown), more], width, spacing).rows <= maxRows) return { shown, more };
  }
  throw new Error('the "+K" capsule alone always fits');
}

/** A seeded random row-limited cloud: sizes, width, spacing, limit, "+K" sizes. */
function randomCloud(random) {
  const count = random.int(0, random.chance(0.1) ? 120 : 30);
  const sizes = Array.from({ length: count }, () => [
    random.chance(0.3) ? 10 * random.int(0, 4) : Math.round(random.float(0, 160) * 64) / 64,
    random.pick([40, 44, Math.round(random.float(0, 60) * 4) / 4]),
  ]);
  // K has at most 3 digits here; the sizes are not always wider with more digits, and sometimes
  // wider than the width.
  const moreSizes = Array.from({ length: 3 }, () => [
    random.pick([10, 24, 32, Math.round(random.float(0, 300))]),
    random.pick([40, Math.round(random.float(0, 50))]),
  ]);
  return {
    sizes,
    width: random.pick([null, 0, 100, Math.round(random.float(0, 600) * 2) / 2]),
    spacing: random.pick([0, 4, 10, 16, Math.round(random.float(0, 20) * 8) / 8]),
    mergeDistance: random.pick([10, 0, 20]),
    maxRows: random.int(0, 5),
    moreSizes,
    direction: random.pick(['ltr', 'rtl']),
  };
}

function request(cloud) {
  const { sizes, width, spacing, mergeDistance, maxRows, moreSizes, direction } = cloud;
  return {
    width, spacing, mergeDistance, direction, maxRows,
    moreSizes: moreSizes.slice(0, String(sizes.length).length),
    tags: sizes.map((size, i) => ({ id: `t${i}`, size })),
  };
}

test('the packed path equals the brute force and the JSON path on 3,000 seeded clouds', async () => {
  const core = await loadTagCloudCore();
  const random = seeded(26_04);
  let cut = 0;
  let digitsMatter = 0;
  for (let round = 0; round < 3000; round++) {
    const cloud = randomCloud(random);
    const { sizes, spacing, maxRows, moreSizes } = cloud;
    const width = cloud.width ?? Infinity;
    const where = `round ${round}: ${JSON.stringify(request(cloud))}`;
    const expected = referenceCut(sizes, width, spacing, maxRows, moreSizes);
    const count = sizes.length;
    const buffer = core.sizesBuffer(count);
    buffer.set(sizes.flat());
    const frame = core.layoutPacked(buffer, { ...cloud, moreSizes: request(cloud).moreSizes });
    const json = core.layout(request(cloud));
    const limited = maxRows > 0;
    assert.equal(frame.origins.length, 2 * (count + (limited ? 1 : 0)), where);
    if (!limited) {
      assert.equal(frame.hidden, undefined, where);
      assert.equal(json.hidden, undefined, where);
    } else {
      assert.equal(frame.hidden, count - expected.shown, where);
      assert.equal(json.hidden, count - expected.shown, where);
    }
    assert.equal(json.items.length, expected.shown, where);
    // Where the reference flow puts the shown tags and the capsule (left to right).
    const placed = flow(expected.more ? [...sizes.slice(0, expected.shown), expected.more] : sizes, width, spacing);
    const extent = Number.isFinite(width) ? width : placed.size[0];
    const x = (i, w) => (cloud.direction === 'rtl' ? extent - placed.origins[i][0] - w : placed.origins[i][0]);
    assert.deepEqual(frame.size, placed.size, where);
    assert.ok(placed.rows <= maxRows || maxRows === 0, where);
    for (let i = 0; i < expected.shown; i++) {
      assert.equal(frame.origins[2 * i], x(i, sizes[i][0]), where);
      assert.equal(frame.origins[2 * i + 1], placed.origins[i][1], where);
      assert.equal(json.items[i].x, frame.origins[2 * i], where);
      assert.equal(json.items[i].y, frame.origins[2 * i + 1], where);
    }
    for (let i = expected.shown; i < count; i++) {
      assert.ok(Number.isNaN(frame.origins[2 * i]) && Number.isNaN(frame.origins[2 * i + 1]), where);
      assert.equal(frame.rows[i], -1, where);
      assert.equal(frame.groups[i], -1, where);
    }
    if (expected.more === null) {
      assert.equal(frame.more ?? null, null, where);
      assert.equal(json.more ?? null, null, where);
      if (limited) assert.ok(Number.isNaN(frame.origins[2 * count]) && frame.rows[count] === -1, where);
      continue;
    }
    cut++;
    const longest = referenceLongest(sizes, width, spacing, maxRows);
    if (String(count - longest).length !== String(count - expected.shown).length) digitsMatter++;
    const [w, h] = expected.more;
    const at = expected.shown;
    const more = { index: count, x: x(at, w), y: placed.origins[at][1], w, h, row: placed.rows - 1, group: frame.groups[count] };
    assert.deepEqual(frame.more, more, where);
    assert.deepEqual(
      { x: json.more.x, y: json.more.y, w: json.more.w, h: json.more.h, row: json.more.row },
      { x: more.x, y: more.y, w, h, row: more.row },
      where);
    // The capsule is glass: JSON lists it in `groups` as index items.length, the packed frame
    // gives it its group, the same groups otherwise.
    const jsonGroup = json.groups.findIndex((members) => members.includes(at));
    assert.equal(jsonGroup, frame.groups[count], where);
    for (const [g, members] of json.groups.entries()) {
      for (const m of members) assert.equal(frame.groups[m === at ? count : m], g, where);
    }
    for (let k = 0; k < frame.neckCount; k++) {
      assert.ok(frame.necks[2 * k] < expected.shown, where);
      assert.ok(frame.necks[2 * k + 1] < expected.shown || frame.necks[2 * k + 1] === count, where);
    }
  }
  // The clouds exercise the rule: many are cut, and in some K's digit count changes the answer.
  assert.ok(cut > 1000, `only ${cut} clouds were cut`);
  assert.ok(digitsMatter > 20, `only ${digitsMatter} clouds where K's digits moved the cut`);
});

/** The number of tags in the first `maxRows` rows: the longest prefix a cut can show. */
function referenceLongest(sizes, width, spacing, maxRows) {
  let longest = 0;
  for (let end = 0; end <= sizes.length; end++) {
    if (flow(sizes.slice(0, end), width, spacing).rows <= maxRows) longest = end;
  }
  return longest;
}

const native = requirement('native', nativeAvailable,
  'the native build .build/debug/tagcloud is missing: run `swift build` (make test does)');

test('the JSON path under maxRows: the native build\'s bytes and refusals', native.options, native.guard(async () => {
  const core = await loadTagCloudCore();
  const random = seeded(26_05);
  const requests = Array.from({ length: 300 }, () => JSON.stringify(request(randomCloud(random))));
  // Refusals: what and where, the same on both.
  const tags = '"tags": [{"id": "a", "size": [10, 10]}, {"id": "b", "size": [10, 10]}]';
  requests.push(
    `{"width": 5, "spacing": 0, "maxRows": -1, ${tags}}`,
    `{"width": 5, "spacing": 0, "maxRows": 0.5, ${tags}}`,
    `{"width": 5, "spacing": 0, "maxRows": 1, ${tags}}`,
    `{"width": 5, "spacing": 0, "maxRows": 1, "moreSizes": [], ${tags}}`,
    `{"width": 5, "spacing": 0, "maxRows": 1, "moreSizes": [[1, -1]], ${tags}}`,
    `{"width": 5, "spacing": 0, "maxRows": 1, "moreSizes": [[1]], ${tags}}`,
    `{"width": 5, "spacing": 0, "maxRows": 1, "moreSizes": {}, ${tags}}`,
  );
  const bytes = requests.map((text) => encoder.encode(text));
  const outcomes = await runNative(bytes);
  let refused = 0;
  bytes.forEach((input, i) => {
    let wasm;
    try {
      wasm = { ok: true, text: decoder.decode(core.layoutBytes(input)) };
    } catch (error) {
      wasm = { ok: false, message: error.message };
    }
    const nativeOutcome = outcomes[i].ok ? { ok: true, text: decoder.decode(outcomes[i].bytes) } : outcomes[i];
    assert.deepEqual(wasm, nativeOutcome, requests[i]);
    if (!wasm.ok) refused++;
  });
  // Only the seven refusals: the random requests carry the sizes they need.
  assert.equal(refused, 7);
}));

test('layoutPacked refuses bad limits and "+K" sizes, naming them, and writes nothing', async () => {
  const core = await loadTagCloudCore();
  const sizes = core.sizesBuffer(12);
  sizes.fill(50);
  const good = core.layoutPacked(sizes, { width: 100, spacing: 0, maxRows: 1, moreSizes: [[9, 9], [12, 9]] });
  const before = Array.from(good.origins);
  const cases = [
    [{ maxRows: -1 }, RangeError, /maxRows must be a whole number of rows, 0 for no limit, not -1/],
    [{ maxRows: 1.5 }, RangeError, /maxRows must be a whole number of rows, 0 for no limit, not 1.5/],
    [{ maxRows: '2' }, RangeError, /maxRows must be a whole number/],
    [{ maxRows: 2, moreSizes: [[9, 9]] }, RangeError,
      /moreSizes must hold at least 2 \[width, height\], one per digit count of "\+K" \(for 12 tags\)/],
    [{ maxRows: 2 }, RangeError, /moreSizes must hold at least 2/],
    [{ maxRows: 2, moreSizes: [[9, 9], [NaN, 9]] }, RangeError,
      /moreSizes\[1\] \(the "\+K" size for a 2-digit K\) needs a finite, non-negative width, not NaN/],
    [{ maxRows: 2, moreSizes: [[9, -1], [9, 9]] }, RangeError,
      /moreSizes\[0\] \(the "\+K" size for a 1-digit K\) needs a finite, non-negative height, not -1/],
    [{ maxRows: 2, moreSizes: [[9, 9], [9]] }, TypeError, /moreSizes\[1\] .* must be \[width, height\] numbers/],
    [{ maxRows: 2, moreSizes: 'wide' }, TypeError, /moreSizes must be an array of at most 7/],
    [{ maxRows: 2, moreSizes: Array.from({ length: 8 }, () => [1, 1]) }, TypeError, /at most 7/],
  ];
  for (const [options, type, message] of cases) {
    assert.throws(() => core.layoutPacked(sizes, { width: 100, spacing: 0, ...options }), (error) => {
      assert.ok(error instanceof type, `${JSON.stringify(options)}: ${error}`);
      assert.match(error.message, message);
      return true;
    });
    // The previous frame is intact: the refused call wrote nothing.
    assert.deepEqual(Array.from(good.origins), before, JSON.stringify(options));
  }
  // No tags need no "+K" sizes.
  const none = core.layoutPacked(core.sizesBuffer(0), { width: 100, spacing: 0, maxRows: 3 });
  assert.equal(none.hidden, 0);
  assert.equal(none.more, null);
});

test('row-limited layouts keep memory flat and the handed-out view attached', async () => {
  const core = await loadTagCloudCore();
  const moreSizes = [[30, 40], [38, 40], [46, 40], [54, 40], [62, 40]];
  for (const count of [10, 1000, 20000]) {
    const sizes = core.sizesBuffer(count);
    for (let i = 0; i < count; i++) sizes.set([20 + ((i * 37) % 90), 40], 2 * i);
    const before = core.memoryStats;
    for (let k = 0; k < 2000; k++) {
      core.layoutPacked(sizes, { width: 390 - (k % 50), spacing: 3, maxRows: 1 + (k % 7), moreSizes });
    }
    assert.deepEqual(core.memoryStats, before, `${count} tags`);
    assert.equal(sizes.length, 2 * count, `${count} tags: the view was detached`);
  }
});
