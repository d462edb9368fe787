// The element's one frame type (web/src/layout/packed-layout.js): a JSON layout converted at the
// edge (`frameFromLayout`, as a server frame is) equals the packed frame the core makes for the
// same request: origins, sizes, rows, groups and the core's necks, on seeded clouds; and the
// conversion follows the element's tag order, not the frame's. The tags controller's changes
// tell inserted, removed and kept tags apart by id.
//
// Checked to fail: frameFromLayout taking its necks from nowhere (empty) fails the first test;
// rows counted from the wrong row start fails it too.

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
