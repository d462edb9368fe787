// The web demo's pure modules (no DOM): melt geometry, reconnect backoff, the live session's
// messages, and the saved state. The browser suite (Tests/python/browser) covers the rest.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { closestPoints, meltBridges, stadium, stadiumGap } from '../../web/src/glass/melt-shape.js';
import { backoffDelay } from '../../web/src/live/live-connection.js';
import { LiveSession, cssColor } from '../../web/src/live/live-session.js';
import { SavedState } from '../../web/demo/saved-state.js';
import { seeded } from './support/random.mjs';

/** The plain reference: the distance between two capsules' outlines by dense sampling. */
function outline(item) {
  const points = [];
  const s = stadium(item);
  const horizontal = s.ay === s.by;
  // The two straight sides, every 0.5 px …
  const length = horizontal ? s.bx - s.ax : s.by - s.ay;
  for (let along = 0; along <= length; along += 0.5) {
    if (horizontal) points.push([s.ax + along, s.ay - s.r], [s.ax + along, s.ay + s.r]);
    else points.push([s.ax - s.r, s.ay + along], [s.ax + s.r, s.ay + along]);
  }
  // … and the two round ends, every 2 degrees.
  for (let degree = 0; degree < 360; degree += 2) {
    const t = (degree * Math.PI) / 180;
    points.push([s.ax + s.r * Math.cos(t), s.ay + s.r * Math.sin(t)]);
    points.push([s.bx + s.r * Math.cos(t), s.by + s.r * Math.sin(t)]);
  }
  return points;
}

function sampledGap(a, b) {
  const pa = outline(a);
  const pb = outline(b);
  let best = Infinity;
  for (const [x1, y1] of pa) for (const [x2, y2] of pb) best = Math.min(best, Math.hypot(x2 - x1, y2 - y1));
  return best;
}

test('the stadium gap equals the sampled distance between capsule outlines', () => {
  const random = seeded(0x5eed);
  for (let i = 0; i < 60; i++) {
    const a = { x: 0, y: 0, w: random.float(40, 160), h: random.float(30, 50) };
    const below = random.chance(0.5);
    const b = {
      x: below ? random.float(-100, 150) : a.w + random.float(0.5, 30),
      y: below ? a.h + random.float(0.5, 30) : random.float(-60, 60),
      w: random.float(40, 160),
      h: random.float(30, 50),
    };
    const exact = stadiumGap(a, b);
    const sampled = sampledGap(a, b);
    // Sampling overestimates by at most a chord's sagitta on each side.
    assert.ok(exact <= sampled + 1e-9 && sampled - exact < 0.35, `case ${i}: ${exact} vs ${sampled}`);
  }
});

test('closest points lie on their segments and realise the distance', () => {
  const s = { ax: 0, ay: 0, bx: 10, by: 0 };
  const t = { ax: 15, ay: 5, bx: 25, by: 5 };
  const { p, q, d } = closestPoints(s, t);
  assert.deepEqual([p, q], [{ x: 10, y: 0 }, { x: 15, y: 5 }]);
  assert.equal(d, Math.hypot(5, 5));
});

test('a bridge exists exactly for pairs of a group closer than the merge distance', () => {
  const random = seeded(0xb41d6e);
  for (let i = 0; i < 200; i++) {
    const gap = random.float(0, 20);
    const a = { x: 0, y: 0, w: 90, h: 40 };
    const b = { x: 90 + gap, y: 0, w: 70, h: 40 };
    const bridges = meltBridges([a, b], [[0, 1]], 10);
    assert.equal(bridges.length, gap < 10 ? 1 : 0, `gap ${gap}`);
    if (bridges.length) {
      assert.deepEqual([bridges[0].from, bridges[0].to], [0, 1]);
      assert.match(bridges[0].path, /^M[-\d. ]+C.*Z$/);
    }
    // Capsules the core put in different groups never get a bridge, however close.
    assert.equal(meltBridges([a, b], [[0], [1]], 10).length, 0);
  }
});

test('stacked capsules are bridged across their overlap', () => {
  const a = { x: 0, y: 0, w: 100, h: 40 };
  const b = { x: 30, y: 43, w: 100, h: 40 };
  const [bridge] = meltBridges([a, b], [[0, 1]], 10);
  assert.equal(bridge.gap, 3);
  assert.equal(bridge.p.x, (50 + 80) / 2, 'centred on the overlap of the flat edges');
});

test('backoff doubles from 0.5 s to a 30 s cap, jittered within the upper half', () => {
  assert.equal(backoffDelay(0, { random: () => 0 }), 250);
  assert.equal(backoffDelay(0, { random: () => 1 }), 500);
  assert.equal(backoffDelay(3, { random: () => 1 }), 4000);
  assert.equal(backoffDelay(20, { random: () => 1 }), 30000);
  assert.equal(backoffDelay(20, { random: () => 0 }), 15000);
  const random = seeded(7);
  for (let attempt = 0; attempt < 40; attempt++) {
    const delay = backoffDelay(attempt, { random: random.next });
    const ceiling = Math.min(30000, 500 * 2 ** attempt);
    assert.ok(delay >= ceiling / 2 && delay <= ceiling, `attempt ${attempt}: ${delay}`);
  }
});

function memoryStorage(initial = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key) => (data.has(key) ? data.get(key) : null),
    setItem: (key, value) => data.set(key, String(value)),
    data,
  };
}

test('the live session resumes with its token and sends the page state', () => {
  const storage = memoryStorage();
  const session = new LiveSession(storage);
  assert.deepEqual(session.hello({ selection: ['SwiftUI'], spacing: 18 }), {
    type: 'hello', selection: ['SwiftUI'], spacing: 18,
  });
  const welcome = session.accept({
    type: 'welcome', session: 'ab'.repeat(16), resumed: false, mergeDistance: 10,
    tags: [{ id: 'Glass', title: 'Glass', tint: '#40C8E0' }], selection: [], spacing: 18,
  });
  assert.deepEqual(welcome, {
    kind: 'welcome', resumed: false, mergeDistance: 10, tags: [{ id: 'Glass', label: 'Glass', tint: '#40C8E0' }],
  });
  assert.equal(new LiveSession(storage).hello({ selection: [], spacing: 3 }).session, 'ab'.repeat(16));
  assert.deepEqual(session.viewport(390, false), { type: 'viewport', width: 390, reduceMotion: false });
  assert.deepEqual(session.viewport(390, true, 'rtl'), { type: 'viewport', width: 390, reduceMotion: true, direction: 'rtl' });
  assert.deepEqual(session.spacing(3), { type: 'spacing', value: 3 });
  assert.deepEqual(session.toggle('Glass'), { type: 'toggle', id: 'Glass' });
  const glass = { id: 'Glass', x: 0, y: 0, w: 60, h: 40, selected: false };
  assert.equal(session.accept({ type: 'layout', seq: 4, size: [60, 40], items: [glass] }).seq, 4);
  assert.equal(session.accept({ type: 'layout' }), null, 'a layout without items is not one');
  assert.equal(session.accept({ type: 'surprise' }), null);
  assert.equal(session.accept('not an object'), null);
  assert.deepEqual(session.accept({ type: 'error', message: 'bad' }), { kind: 'error', message: 'bad' });
});

test('a new served tag set: what left, and layouts held back until they place every served tag', () => {
  const session = new LiveSession(memoryStorage());
  const item = (id) => ({ id, x: 0, y: 0, w: 60, h: 40, selected: false });
  const layout = (...ids) => ({ type: 'layout', seq: 1, size: [60, 40], items: ids.map(item) });
  session.accept({
    type: 'welcome', session: 'cd'.repeat(16), resumed: false, mergeDistance: 10, selection: ['Swift'], spacing: 18,
    tags: [{ id: 'Swift', title: 'Swift', tint: '#0A84FF' }, { id: 'Rust', title: 'Rust', tint: '#FF9F0A' }],
  });
  assert.equal(session.accept(layout('Swift', 'Rust')).kind, 'layout');
  assert.equal(session.accept(layout('Rust', 'Swift')).kind, 'layout', 'any order');
  assert.equal(session.accept(layout('Swift')), null, 'a tag missing');
  assert.equal(session.accept(layout('Swift', 'Swift')), null, 'a tag twice');

  const told = session.accept({
    type: 'tags', selection: ['Swift'], mergeDistance: 12,
    tags: [{ id: 'Swift', title: 'Swift', tint: '#0A84FF' }, { id: 'Go', title: 'Go', tint: '#64D2FF' }],
  });
  assert.deepEqual(told, {
    kind: 'tags', removed: ['Rust'], mergeDistance: 12,
    tags: [{ id: 'Swift', label: 'Swift', tint: '#0A84FF' }, { id: 'Go', label: 'Go', tint: '#64D2FF' }],
  });
  // The server lays out what the page had measured until the page's new measure: held back.
  assert.equal(session.accept(layout('Swift')), null);
  assert.equal(session.accept(layout('Swift', 'Rust')), null);
  assert.equal(session.accept(layout('Go', 'Swift')).kind, 'layout');
  assert.equal(session.accept({ type: 'tags', tags: 'not a list' }), null);
  assert.equal(session.accept({ type: 'tags', tags: [] }).removed.length, 2, 'every tag left');
});

test('tints from the wire become CSS colours', () => {
  assert.equal(cssColor('#0A84FF'), '#0A84FF');
  assert.equal(cssColor([1, 0.5, 0]), '#ff8000');
  assert.equal(cssColor([255, 128, 0]), '#ff8000');
  assert.equal(cssColor({ r: 0, g: 0, b: 1 }), '#0000ff');
  assert.equal(cssColor(null), '#808080');
});

test('saved state survives a round trip and falls back on anything broken', () => {
  const defaults = { selection: ['SwiftUI'], tight: false };
  const storage = memoryStorage();
  const store = new SavedState(storage, defaults);
  assert.deepEqual(store.load(), defaults);
  store.save({ selection: ['Glass', 'Metal'], tight: true });
  assert.deepEqual(new SavedState(storage, defaults).load(), { selection: ['Glass', 'Metal'], tight: true });
  for (const broken of ['{', '[]', '{"selection": 3, "tight": "yes"}', '{"selection": [1, "Glass"]}']) {
    const loaded = new SavedState(memoryStorage({ 'tagcloud.v1.state': broken }), defaults).load();
    assert.ok(Array.isArray(loaded.selection) && typeof loaded.tight === 'boolean', broken);
    assert.ok(loaded.selection.every((id) => typeof id === 'string'), broken);
  }
  const throwing = { getItem() { throw new Error('denied'); }, setItem() { throw new Error('full'); } };
  assert.deepEqual(new SavedState(throwing, defaults).load(), defaults);
  new SavedState(throwing, defaults).save(defaults); // does not throw
  assert.deepEqual(new SavedState(null, defaults).load(), defaults);
});

test('neckPairs melts exactly the pairs of one merge group closer than the merge distance', async () => {
  // Property test against a plain reference (every pair, O(n²)) on the core's own layouts of
  // seeded random sizes, widths, spacings and directions. Broken once by dropping the sweep's
  // adjacent-row step (vertical pairs went missing) and by ignoring the groups: both fail here.
  const { neckPairs, packedGap } = await import('../../web/src/glass/melt-shape.js');
  const { loadTagCloudCore } = await import('../../web/src/core/tagcloud-core.js');
  const core = await loadTagCloudCore(new URL('../../web/tagcloud.wasm', import.meta.url));
  const random = seeded(0x9e11);
  for (let round = 0; round < 200; round++) {
    const count = random.int(0, 40);
    const sizes = new Float64Array(2 * count);
    for (let i = 0; i < count; i++) {
      const h = random.chance(0.1) ? random.pick([60, 80]) : 40;
      sizes[2 * i] = Math.max(h, random.float(30, 220));
      sizes[2 * i + 1] = h;
    }
    const mergeDistance = random.pick([0, 4, 10, 16]);
    const frame = core.layoutPacked(sizes, {
      width: random.float(100, 900), spacing: random.pick([0, 1.5, 3, 9.99, 10, 18]), mergeDistance,
      direction: random.chance(0.3) ? 'rtl' : 'ltr',
    });
    const copy = { count, origins: Float64Array.from(frame.origins), sizes, groups: Int32Array.from(frame.groups) };
    const expected = [];
    for (let i = 0; i < count; i++) {
      for (let j = i + 1; j < count; j++) {
        if (copy.groups[i] === copy.groups[j] && mergeDistance > 0 && packedGap(copy.origins, sizes, i, j) < mergeDistance) expected.push(`${i}-${j}`);
      }
    }
    const pairs = neckPairs(copy, mergeDistance);
    const got = [];
    for (let k = 0; k < pairs.length; k += 2) got.push(`${Math.min(pairs[k], pairs[k + 1])}-${Math.max(pairs[k], pairs[k + 1])}`);
    assert.deepEqual(got.sort(), expected.sort(), `round ${round}`);
  }
});

test('the smoothing radius of a neck closes the waist at the merge distance and opens it steadily', async () => {
  // On the gap's midline a quadratic smooth-min with radius k lowers the field by k/4: the point
  // at lateral offset w is glass when hypot(r + gap/2, w) - r < k/4. Broken once with a fixed
  // k = 2 × mergeDistance (17 % of the height at 95 % of the distance): fails here.
  const { neckRadius } = await import('../../web/src/glass/melt-view.js');
  const waist = (gap, r, md) => {
    const offset = neckRadius(gap, r, md) / 4;
    const centre = r + gap / 2;
    return Math.sqrt(Math.max(0, (r + offset) ** 2 - centre ** 2)); // half-width on the midline
  };
  for (const [r, md] of [[20, 10], [14, 4], [30, 16]]) {
    assert.equal(waist(md, r, md), 0);
    assert.ok(waist(md * 0.95, r, md) / (2 * r) < 0.05, `${r} ${md}`);
    let previous = 0;
    for (let gap = md; gap >= 0; gap -= md / 50) {
      const w = waist(gap, r, md);
      assert.ok(w >= previous - 1e-9, `the waist never narrows as the gap closes (${gap})`);
      assert.ok(w - previous <= 0.05 * r, `no jump at ${gap}: ${previous} -> ${w}`);
      previous = w;
    }
    assert.ok(waist(0, r, md) > 0.7 * r, 'a full neck at contact');
  }
});

test("a neck's quad holds every pixel where the smooth union shows (seeded pairs, a plain grid reference)", async () => {
  // The reference evaluates the shader's own fields (glass-gl.js: sdStadium, the quadratic
  // smooth-min) on a 0.5 px grid around two capsules: wherever the smooth union lies a texel
  // (2 × FIELD_RANGE / 255) or more below the plain union, and under FIELD_RANGE (what the 8-bit
  // field holds), the point must be in the neck's quad, as melt-view.js clips it (within the two
  // capsules' box ± 2 px). Broken once with the band along the axis ±(k/2 + 2) (a row's necks miss
  // up to 0.4 px) and once with the band for flat sides facing too (a fillet missed by 6.9 px):
  // fails on both. With 120 rounds it passed the earlier bounds, which missed fillets where a cap
  // meets the other capsule's flat side (round 133 of these 360: 2 px); so 360, and those
  // pairs now get the box both widened capsules share (melt-view.js, neckQuad).
  const { neckQuad, neckRadius } = await import('../../web/src/glass/melt-view.js');
  const { FIELD_RANGE } = await import('../../web/src/glass/glass-gl.js');
  const { packedGap } = await import('../../web/src/glass/melt-shape.js');
  const sd = (px, py, c) => {
    const radius = Math.min(c.w, c.h) / 2;
    const hx = Math.max(c.w / 2 - radius, 0);
    const hy = Math.max(c.h / 2 - radius, 0);
    const qx = Math.max(Math.abs(px - (c.x + c.w / 2)) - hx, 0);
    const qy = Math.max(Math.abs(py - (c.y + c.h / 2)) - hy, 0);
    return Math.hypot(qx, qy) - radius;
  };
  const smin = (a, b, k) => {
    const h = Math.max(k - Math.abs(a - b), 0) / k;
    return Math.min(a, b) - h * h * k * 0.25;
  };
  const random = seeded(1207).next;
  const mergeDistance = 10;
  let checked = 0;
  for (let round = 0; round < 360; round += 1) {
    const h = random() < 0.8 ? 40 : 40 + Math.round(random() * 40); // some two-line capsules
    const a = { x: 0, y: 0, w: 44 + Math.round(random() * 120), h };
    const gap = random() * mergeDistance;
    const bw = 44 + Math.round(random() * 120);
    const kind = round % 3;
    // Neighbours in a row, a capsule in the next row overlapping, or caps facing diagonally.
    const b = kind === 0 ? { x: a.w + gap, y: 0, w: bw, h }
      : kind === 1 ? { x: Math.round((random() - 0.5) * a.w), y: h + gap, w: bw, h }
        : { x: a.w - h / 2 + gap * 0.5, y: h + gap * 0.5, w: bw, h };
    const pairGap = packedGap([a.x, a.y, b.x, b.y], [a.w, a.h, b.w, b.h], 0, 1);
    if (!(pairGap < mergeDistance)) continue;
    const k = neckRadius(pairGap, Math.min(a.w, a.h, b.w, b.h) / 2, mergeDistance);
    const quad = neckQuad(a, b, k);
    const left = Math.min(a.x, b.x) - 2;
    const top = Math.min(a.y, b.y) - 2;
    const right = Math.max(a.x + a.w, b.x + b.w) + 2;
    const bottom = Math.max(a.y + a.h, b.y + b.h) + 2;
    const texel = (2 * FIELD_RANGE) / 255;
    for (let x = left; x <= right; x += 0.5) {
      for (let y = top; y <= bottom; y += 0.5) {
        const da = sd(x, y, a);
        const db = sd(x, y, b);
        const union = smin(da, db, k);
        // Shown: the 8-bit field holds it (under FIELD_RANGE, and not so deep inside a capsule
        // that both fields clamp alike) and it lies a texel or more below the plain union.
        if (Math.min(da, db) - union < texel || union >= FIELD_RANGE || Math.min(da, db) <= -FIELD_RANGE) continue;
        checked += 1;
        assert.ok(x >= quad.left && x <= quad.right && y >= quad.top && y <= quad.bottom,
          `round ${round} (${JSON.stringify(a)} ${JSON.stringify(b)}, k ${k.toFixed(2)}): (${x}, ${y}) outside ${JSON.stringify(quad)}`);
      }
    }
  }
  assert.ok(checked > 10_000, `the sweep checked ${checked} points`);
});

test('glass bands cover the window with at most their number of rows, fixed in cloud px (seeded)', async () => {
  const { bandLayout, ROW_ORIGIN } = await import('../../web/src/glass/glass-bands.js');
  const random = seeded(0xba4d).next;
  for (let round = 0; round < 2000; round += 1) {
    const mostHeight = 200 + random() * 2000;
    const area = { x: -2, y: -2 + random() * 20000, width: 100 + random() * 900, height: 1 + random() * mostHeight, mostHeight };
    const bands = 1 + Math.floor(random() * 4);
    const rows = bandLayout(area, bands);
    assert.ok(rows.length >= 1 && rows.length <= bands, `${rows.length} rows for ${bands} bands`);
    // Contiguous, from the window's top to its bottom, each within the area's x and width.
    let y = area.y;
    for (const row of rows) {
      assert.ok(Math.abs(row.y - y) < 1e-9, `rows meet: ${row.y} after ${y}`);
      assert.ok(row.height > 0 && row.x === area.x && row.width === area.width);
      y = row.y + row.height;
    }
    assert.ok(Math.abs(y - (area.y + area.height)) < 1e-6, `the rows end at the window's bottom: ${y}`);
    if (bands > 1) {
      // Every row is a slice of the same fixed grid (row r: ROW_ORIGIN + r·h … + h), whatever the window.
      const h = Math.ceil(mostHeight / (bands - 1) / 64) * 64;
      for (const row of rows) {
        assert.ok(row.y >= ROW_ORIGIN + row.row * h - 1e-9 && row.y + row.height <= ROW_ORIGIN + (row.row + 1) * h + 1e-9, 'within its grid row');
      }
    }
  }
});

test('a band keeps its row while the row is needed; every needed row gets a band (seeded)', async () => {
  const { assignRows } = await import('../../web/src/glass/glass-bands.js');
  const random = seeded(0x50a7).next;
  for (let round = 0; round < 2000; round += 1) {
    const bands = 1 + Math.floor(random() * 4);
    const previous = Array.from({ length: bands }, () => (random() < 0.3 ? null : Math.floor(random() * 8)));
    // Distinct previous rows (as assignRows makes them).
    for (let i = 0; i < bands; i += 1) if (previous.indexOf(previous[i]) !== i) previous[i] = null;
    const first = Math.floor(random() * 8);
    const needed = Array.from({ length: 1 + Math.floor(random() * bands) }, (_, i) => first + i);
    const rows = assignRows(previous, needed, bands);
    assert.equal(rows.length, bands);
    for (const row of needed) assert.ok(rows.includes(row), `row ${row} has a band: ${rows}`);
    for (let band = 0; band < bands; band += 1) {
      if (needed.includes(previous[band])) assert.equal(rows[band], previous[band], 'a needed row stays with its band');
      else if (rows[band] !== null) assert.ok(needed.includes(rows[band]));
    }
  }
});

test("a band's instances are those whose quad meets it, and its rect is cut to them (seeded, a plain filter)", async () => {
  const { instancesIn } = await import('../../web/src/glass/glass-bands.js');
  const random = seeded(0x1e57).next;
  const floats = 6;
  for (let round = 0; round < 500; round += 1) {
    const count = Math.floor(random() * 40);
    const data = new Float32Array(count * floats);
    for (let i = 0; i < count; i += 1) data.set([random() * 800, random() * 800, random() * 120, random() * 60, i, -i], i * floats);
    const rect = { x: random() * 400, y: random() * 400, width: random() * 400, height: random() * 400 };
    const into = new Float32Array(count * floats);
    const { count: n, rect: cut } = instancesIn(data, count, floats, rect, into);
    const expected = [];
    for (let i = 0; i < count; i += 1) {
      const [x, y, w, h] = data.subarray(i * floats, i * floats + 4);
      if (x <= rect.x + rect.width && y <= rect.y + rect.height && x + w >= rect.x && y + h >= rect.y) expected.push(i);
    }
    assert.equal(n, expected.length);
    assert.deepEqual([...into.subarray(0, n * floats)].filter((_, f) => f % floats === 4), expected, 'in order, whole');
    if (n === 0) {
      assert.equal(cut, null);
      continue;
    }
    const boxes = expected.map((i) => data.subarray(i * floats, i * floats + 4));
    const left = Math.max(rect.x, Math.min(...boxes.map((b) => b[0])));
    const top = Math.max(rect.y, Math.min(...boxes.map((b) => b[1])));
    const right = Math.min(rect.x + rect.width, Math.max(...boxes.map((b) => b[0] + b[2])));
    const bottom = Math.min(rect.y + rect.height, Math.max(...boxes.map((b) => b[1] + b[3])));
    assert.deepEqual(cut, { x: left, y: top, width: right - left, height: bottom - top });
  }
});
