// Hit testing and keyboard navigation through the loader, against brute-force JavaScript
// transcriptions of the core's rules (docs/PROTOCOL.md, HitTesting.swift,
// KeyboardNavigation.swift), over seeded random layouts from the fast path.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadTagCloudCore } from '../../web/src/core/tagcloud-core.js';
import { seeded } from './support/random.mjs';

/**
 * A response-shaped layout (items and rows) of random capsules, laid out by the core; mirrored
 * right to left as the core mirrors a `"direction": "rtl"` layout when `rightToLeft`.
 */
function randomLayout(core, random, { rightToLeft = false } = {}) {
  const count = random.int(0, 30);
  const sizes = new Float64Array(2 * count);
  for (let i = 0; i < count; i++) {
    sizes[2 * i] = random.chance(0.05) ? 0 : random.float(20, 160);
    sizes[2 * i + 1] = random.pick([40, 40, 20, random.float(10, 90)]);
  }
  const width = random.pick([390, 200, 600, random.float(0, 500)]);
  const arranged = core.arrange(sizes, width, random.pick([18, 3, 0]));
  const { origins } = arranged;
  const extent = Math.max(width, arranged.width);
  const items = [];
  const rows = [];
  for (let i = 0; i < count; i++) {
    const [x, y, w] = [origins[2 * i], origins[2 * i + 1], sizes[2 * i]];
    if (i === 0 || y !== items[i - 1].y) rows.push(i);
    items.push({ id: `t${i}`, x: rightToLeft ? extent - x - w : x, y, w, h: sizes[2 * i + 1] });
  }
  return { items, rows };
}

function referenceHitTest({ items }, x, y) {
  let best = -1;
  let bestInside = false;
  let bestDistance = Infinity;
  items.forEach(({ x: left, y: top, w, h }, i) => {
    const touchHeight = Math.max(h + 6, 44);
    const touchTop = top - (touchHeight - h) / 2;
    if (!(x >= left && x < left + w && y >= touchTop && y < touchTop + touchHeight)) return;
    const inside = y >= top && y < top + h;
    const distance = inside ? 0 : y < top ? top - y : y - (top + h);
    if (best === -1 || (inside && !bestInside) || (inside === bestInside && distance < bestDistance)) {
      [best, bestInside, bestDistance] = [i, inside, distance];
    }
  });
  return best;
}

function referenceNavigate({ items, rows }, index, key) {
  const last = items.length - 1;
  if (key === 'next') return Math.min(index + 1, last);
  if (key === 'previous') return Math.max(index - 1, 0);
  if (key === 'first') return 0;
  if (key === 'last') return last;
  const row = rows.findLastIndex((start) => start <= index);
  const target = key === 'up' || key === 'previousRow' ? row - 1 : row + 1;
  if (target < 0 || target >= rows.length) return index;
  if (key === 'previousRow' || key === 'nextRow') return rows[target];
  const end = target + 1 < rows.length ? rows[target + 1] : items.length;
  const centre = (item) => item.x + item.w / 2;
  let best = rows[target];
  for (let i = rows[target]; i < end; i++) {
    const gap = Math.abs(centre(items[i]) - centre(items[index]));
    if (gap < Math.abs(centre(items[best]) - centre(items[index]))) best = i;
  }
  return best;
}

test('hitTest equals the brute-force rule at random points of random layouts', async () => {
  const core = await loadTagCloudCore();
  const random = seeded(0x417);
  let hits = 0;
  for (let round = 0; round < 500; round++) {
    const layout = randomLayout(core, random);
    for (let probe = 0; probe < 40; probe++) {
      let [x, y] = [random.float(-30, 520), random.float(-30, 400)];
      if (layout.items.length > 0 && random.chance(0.3)) {
        // Near an edge of a capsule: where the touch outsets and ties live.
        const item = random.pick(layout.items);
        x = item.x + random.pick([0, item.w, random.float(0, item.w)]);
        y = item.y + random.pick([-3, -2.5, 0, item.h, item.h + 2.99, random.float(-25, item.h + 25)]);
      }
      const want = referenceHitTest(layout, x, y);
      assert.equal(core.hitTest(layout, x, y), want, `round ${round}, point (${x}, ${y})`);
      if (want >= 0) hits++;
    }
  }
  assert.ok(hits > 2000, `only ${hits} probes hit a tag: the test would not see a wrong rule`);
});

const KEYS = ['next', 'previous', 'up', 'down', 'first', 'last', 'previousRow', 'nextRow'];

test('navigate equals the brute-force rule from every item on every key, ltr and rtl', async () => {
  const core = await loadTagCloudCore();
  const random = seeded(0x4e5);
  let rowMoves = 0;
  for (let round = 0; round < 300; round++) {
    const rightToLeft = round % 2 === 1;
    const layout = randomLayout(core, random, { rightToLeft });
    for (let index = 0; index < layout.items.length; index++) {
      for (const key of KEYS) {
        const want = referenceNavigate(layout, index, key);
        assert.equal(core.navigate(layout, index, key), want,
          `round ${round} (${rightToLeft ? 'rtl' : 'ltr'}), from ${index} on ${key}`);
        if (key.endsWith('Row') && want !== index) rowMoves++;
      }
    }
  }
  assert.ok(rowMoves > 2000, `only ${rowMoves} row moves: the test would not see a wrong rule`);
});

test('PageUp/PageDown land on the first tag of a row: its leftmost ltr, its rightmost rtl', async () => {
  const core = await loadTagCloudCore();
  const sizes = [80, 40, 120, 40, 96, 40, 70, 40, 110, 40, 60, 40, 90, 40];
  for (const rightToLeft of [false, true]) {
    const { origins } = core.arrange(new Float64Array(sizes), 330, 10);
    const items = [];
    const rows = [];
    for (let i = 0; i < sizes.length / 2; i++) {
      const [x, y, w] = [origins[2 * i], origins[2 * i + 1], sizes[2 * i]];
      if (i === 0 || y !== items[i - 1].y) rows.push(i);
      items.push({ id: `t${i}`, x: rightToLeft ? 330 - x - w : x, y, w, h: 40 });
    }
    assert.deepEqual(rows, [0, 3, 6]);
    // The reading start of the row that begins at `start`, found by geometry alone.
    const edge = (start) => {
      const members = items.slice(start, rows[rows.indexOf(start) + 1] ?? items.length);
      const xs = members.map((item) => (rightToLeft ? -(item.x + item.w) : item.x));
      return start + xs.indexOf(Math.min(...xs));
    };
    const response = { items, rows };
    assert.equal(core.navigate(response, 1, 'nextRow'), edge(3));
    assert.equal(core.navigate(response, 4, 'nextRow'), edge(6));
    assert.equal(core.navigate(response, 6, 'previousRow'), edge(3));
    assert.equal(core.navigate(response, 4, 'previousRow'), edge(0));
    assert.equal(core.navigate(response, 2, 'previousRow'), 2, 'the first row is an edge');
    assert.equal(core.navigate(response, 6, 'nextRow'), 6, 'the last row is an edge');
  }
});

test('navigate from nothing focused, and in an empty cloud', async () => {
  const core = await loadTagCloudCore();
  const layout = randomLayout(core, seeded(3));
  const last = layout.items.length - 1;
  assert.ok(last > 0);
  for (const key of ['next', 'down', 'nextRow', 'first']) assert.equal(core.navigate(layout, -1, key), 0);
  for (const key of ['previous', 'up', 'last']) assert.equal(core.navigate(layout, -1, key), last);
  assert.equal(core.navigate(layout, -1, 'previousRow'), layout.rows.at(-1));
  assert.equal(core.navigate({ items: [], rows: [] }, -1, 'next'), -1);
  assert.equal(core.hitTest({ items: [], rows: [] }, 0, 0), -1);
});

test('malformed layouts, indices and keys are refused before reaching the module', async () => {
  const core = await loadTagCloudCore();
  const item = { x: 0, y: 0, w: 10, h: 10 };
  assert.throws(() => core.hitTest(null, 0, 0), TypeError);
  assert.throws(() => core.hitTest({ items: [item] }, 0, 0), TypeError);
  assert.throws(() => core.hitTest({ items: [item], rows: [] }, 0, 0), /rows/);
  assert.throws(() => core.hitTest({ items: [item], rows: [1] }, 0, 0), /rows/);
  assert.throws(() => core.hitTest({ items: [item, item], rows: [0, 0] }, 0, 0), /rows/);
  assert.throws(() => core.hitTest({ items: [{ ...item, w: -1 }], rows: [0] }, 0, 0), /items\[0\]/);
  assert.throws(() => core.hitTest({ items: [{ ...item, x: NaN }], rows: [0] }, 0, 0), /items\[0\]/);
  assert.throws(() => core.hitTest({ items: [item], rows: [0] }, NaN, 0), TypeError);
  assert.throws(() => core.navigate({ items: [item], rows: [0] }, 1, 'next'), /index 1/);
  assert.throws(() => core.navigate({ items: [item], rows: [0] }, 0.5, 'next'), /index/);
  assert.throws(() => core.navigate({ items: [item], rows: [0] }, 0, 'sideways'), /sideways/);
});
