// The element's one frame type (web/src/layout/packed-layout.js): a JSON layout converted at the
// edge (`frameFromLayout`, as a server frame is) equals the packed frame the core makes for the
// same request: origins, sizes, rows, groups and the core's necks, on seeded clouds; and the
// conversion follows the element's tag order, not the frame's. The tags controller's changes
// tell inserted, removed and kept tags apart by id. Under `max-rows` the packed frame is the
// core's JSON row limit (folded tags placed nowhere, "+K" last) and, expanded, the flow of every
// tag and a "Show less" capsule.
//
// Checked to fail: frameFromLayout taking its necks from nowhere (empty) fails the first test;
// rows counted from the wrong row start fails it too; a "Show less" capsule without its height
// fails the row limit's test.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadTagCloudCore } from '../../web/src/core/tagcloud-core.js';
import { frameFromLayout, PackedLayout, samePacked } from '../../web/src/layout/packed-layout.js';
import { seeded } from './support/random.mjs';

function cloud(random, count) {
  return Array.from({ length: count }, (_, i) => ({
    id: `t${i}`,
    label: { width: random.float(20, 120), words: [] },
  }));
}

test('a JSON layout converted at the edge is the packed frame of the same request (seeded)', async () => {
  const core = await loadTagCloudCore();
  for (let seed = 1; seed <= 40; seed += 1) {
    const random = seeded(seed);
    const tags = cloud(random, random.int(1, 60));
    for (const tag of tags) tag.label.words = [tag.label.width];
    const request = {
      width: random.float(200, 900),
      spacing: random.float(0, 12),
      mergeDistance: random.float(0, 14),
      textScale: 1,
      lineHeight: 20,
      tags,
      selection: [],
      direction: random.next() < 0.3 ? 'rtl' : 'ltr',
    };
    const packed = new PackedLayout(core).layout(request);
    assert.ok(packed, `seed ${seed}: the packed path lays it out`);
    const json = core.layout(request);
    const converted = frameFromLayout(json, tags.map((tag) => tag.id), {
      core,
      width: request.width,
      spacing: request.spacing,
      mergeDistance: request.mergeDistance,
      direction: request.direction,
    });
    for (const name of ['origins', 'sizes', 'rows', 'groups', 'necks', 'neckGaps', 'neckAxes', 'neckSpans']) {
      assert.deepEqual([...converted[name]], [...packed[name]], `seed ${seed}: ${name}`);
    }
    assert.deepEqual(converted.size, packed.size, `seed ${seed}: size`);
    assert.ok(samePacked(converted, packed), `seed ${seed}: samePacked`);
  }
});

test('a converted frame follows the element\'s tag order; a tag the frame lacks melts with none', async () => {
  const core = await loadTagCloudCore();
  const json = {
    size: [200, 40],
    items: [
      { id: 'b', x: 100, y: 0, w: 60, h: 40 },
      { id: 'a', x: 0, y: 0, w: 96, h: 40 },
    ],
    rows: [0],
    groups: [[0, 1]],
  };
  const frame = frameFromLayout(json, ['a', 'b', 'c'], { core: null, mergeDistance: 10 });
  assert.deepEqual([...frame.origins], [0, 0, 100, 0, 0, 0]);
  assert.deepEqual([...frame.sizes], [96, 40, 60, 40, 0, 0]);
  assert.deepEqual([...frame.groups], [0, 0, -4]);
  assert.equal(frame.neckCount, 0); // no core given: no necks
  assert.equal(frame.json(), json);
  const melted = frameFromLayout(json, ['a', 'b'], { core, width: 200, spacing: 4, mergeDistance: 10 });
  assert.deepEqual([...melted.necks], [0, 1]);
});

const TOGGLE_LABELS = [1, 2, 3, 4, 5, 6, 7].map((d) => `+${'9'.repeat(d)}`).concat('Show less')
  .map((label) => ({ id: label, label: { width: 8 * label.length, words: [8 * label.length] } }));

test('under a row limit the frame is the core\'s: folded tags nowhere, "+K" last; expanded, every tag and "Show less" (seeded)', async () => {
  const core = await loadTagCloudCore();
  for (let seed = 1; seed <= 60; seed += 1) {
    const random = seeded(seed);
    const tags = cloud(random, random.int(0, 80));
    for (const tag of tags) tag.label.words = [tag.label.width];
    const maxRows = random.int(1, 4);
    const request = { width: random.float(200, 700), spacing: random.float(0, 12), mergeDistance: 10, textScale: 1, lineHeight: 20, tags };
    const collapsed = new PackedLayout(core).layout({ ...request, rowLimit: { maxRows, expanded: false, labels: TOGGLE_LABELS } });
    // The reference: the core's JSON path with the same "+K" sizes.
    const toggleSizes = core.layout({ width: null, spacing: 0, textScale: 1, lineHeight: 20, tags: TOGGLE_LABELS }).items.map((i) => [i.w, i.h]);
    const json = core.layout({ ...request, maxRows, moreSizes: toggleSizes.slice(0, -1) });
    const hidden = json.hidden ?? 0;
    assert.equal(collapsed.count, tags.length, `seed ${seed}`);
    assert.equal(collapsed.items, tags.length + 1);
    assert.deepEqual(collapsed.toggle, { kind: 'more', hidden }, `seed ${seed}`);
    json.items.forEach((item, i) => assert.deepEqual([collapsed.origins[2 * i], collapsed.origins[2 * i + 1]], [item.x, item.y], `seed ${seed}: item ${i}`));
    for (let i = json.items.length; i < tags.length; i += 1) assert.ok(Number.isNaN(collapsed.origins[2 * i]), `seed ${seed}: ${i} folded`);
    const t = tags.length;
    if (json.more) assert.deepEqual([collapsed.origins[2 * t], collapsed.origins[2 * t + 1], collapsed.sizes[2 * t]], [json.more.x, json.more.y, json.more.w]);
    else assert.ok(Number.isNaN(collapsed.origins[2 * t]), `seed ${seed}: no capsule`);
    assert.deepEqual(collapsed.json().items.map((i) => i.id), json.items.map((i) => i.id));
    const expanded = new PackedLayout(core).layout({ ...request, rowLimit: { maxRows, expanded: true, labels: TOGGLE_LABELS } });
    if (hidden === 0) {
      assert.equal(expanded.toggle, null, `seed ${seed}: nothing folds, nothing to show less of`);
      continue;
    }
    const less = toggleSizes.at(-1);
    const flow = core.layout({ ...request, tags: [...tags.map((tag) => ({ id: tag.id, size: null })), { id: 'less', size: less }].map((tag, i) => (i < t ? { id: tag.id, label: tags[i].label } : tag)) });
    assert.deepEqual(expanded.toggle, { kind: 'less', hidden });
    assert.deepEqual([expanded.sizes[2 * t], expanded.sizes[2 * t + 1]], less);
    flow.items.forEach((item, i) => assert.deepEqual([expanded.origins[2 * i], expanded.origins[2 * i + 1]], [item.x, item.y], `seed ${seed}: expanded ${i}`));
    assert.equal(expanded.json().items.length, t); // the tags' own layout, for the keyboard
  }
});

test('a server\'s row-limited frame converted at the edge is the packed frame of the same request, "+K" and necks included (seeded)', async () => {
  const core = await loadTagCloudCore();
  let folded = 0;
  for (let seed = 1; seed <= 60; seed += 1) {
    const random = seeded(seed);
    const tags = cloud(random, random.int(1, 80));
    for (const tag of tags) tag.label.words = [tag.label.width];
    const maxRows = random.int(1, 4);
    const request = {
      width: random.float(200, 700), spacing: random.float(0, 12), mergeDistance: random.float(0, 14),
      textScale: 1, lineHeight: 20, tags, direction: random.next() < 0.3 ? 'rtl' : 'ltr',
    };
    const packed = new PackedLayout(core);
    const local = packed.layout({ ...request, rowLimit: { maxRows, expanded: false, labels: TOGGLE_LABELS } });
    // What the server answers for the page's measure (moreSizes) and viewport (maxRows).
    const moreSizes = packed.toggleSizes(request, TOGGLE_LABELS).slice(0, -1);
    const response = core.layout({ ...request, maxRows, moreSizes });
    const converted = frameFromLayout(response, tags.map((tag) => tag.id), {
      core, width: request.width, spacing: request.spacing, mergeDistance: request.mergeDistance, direction: request.direction,
    });
    for (const name of ['origins', 'rows', 'groups', 'necks', 'neckGaps', 'neckAxes', 'neckSpans']) {
      assert.deepEqual([...converted[name]], [...local[name]], `seed ${seed}: ${name}`);
    }
    assert.deepEqual([converted.count, converted.items, converted.toggle], [local.count, local.items, local.toggle], `seed ${seed}`);
    // The sizes of what is shown (a folded tag's size is not in the response, and not drawn).
    for (let i = 0; i <= tags.length; i += 1) {
      if (Number.isNaN(local.origins[2 * i])) continue;
      assert.deepEqual([converted.sizes[2 * i], converted.sizes[2 * i + 1]], [local.sizes[2 * i], local.sizes[2 * i + 1]], `seed ${seed}: size ${i}`);
    }
    if (local.toggle.hidden > 0) folded += 1;
  }
  assert.ok(folded >= 20, `only ${folded} clouds folded tags away`);
});
