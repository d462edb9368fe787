// The light a press spreads (web/src/view/press-light.js): the gap between two capsules against
// a sampled reference and against the core's own neck gaps, the nearest point of a capsule, and
// who gets how much light on core layouts (seeded).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadTagCloudCore } from '../../web/src/core/tagcloud-core.js';
import {
  GROUP_REACH_HEIGHTS,
  MIN_LEVEL,
  NEIGHBOUR_PEAK,
  PressLight,
  falloff,
  nearestOnCapsule,
  stadiumGap,
} from '../../web/src/view/press-light.js';
import { seeded } from './support/random.mjs';

/** The signed distance from (px, py) to the capsule [x, y, w, h] (negative inside). */
function signedDistance(rect, px, py) {
  const [x, y, w, h] = rect;
  const r = Math.min(w, h) / 2;
  const [ax, ay, bx, by] = w >= h ? [x + r, y + h / 2, x + w - r, y + h / 2] : [x + w / 2, y + r, x + w / 2, y + h - r];
  const dx = bx - ax;
  const dy = by - ay;
  const l2 = dx * dx + dy * dy;
  const t = l2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / l2));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy)) - r;
}

/** The sampled reference: the least distance from a's outline (n points) to b, 0 if they overlap. */
function sampledGap(a, b, n = 4000) {
  const [x, y, w, h] = a;
  const r = Math.min(w, h) / 2;
  const straight = Math.abs(w - h);
  const perimeter = 2 * straight + 2 * Math.PI * r;
  let least = Infinity;
  for (let k = 0; k < n; k += 1) {
    let s = (k / n) * perimeter;
    let px;
    let py;
    // Along the outline: top edge, right cap, bottom edge, left cap (a wide capsule; a tall one rotated).
    const wide = w >= h;
    const [cx0, cy0, cx1, cy1] = wide ? [x + r, y + r, x + w - r, y + r] : [x + r, y + r, x + r, y + h - r];
    if (s < straight) {
      [px, py] = wide ? [cx0 + s, y] : [x + w, cy0 + s];
    } else if ((s -= straight) < Math.PI * r) {
      const angle = (wide ? -Math.PI / 2 : 0) + s / r;
      [px, py] = [cx1 + r * Math.cos(angle), cy1 + r * Math.sin(angle)];
    } else if ((s -= Math.PI * r) < straight) {
      [px, py] = wide ? [cx1 - s, y + h] : [x, cy1 - s];
    } else {
      s -= straight;
      const angle = (wide ? Math.PI / 2 : Math.PI) + s / r;
      [px, py] = [cx0 + r * Math.cos(angle), cy0 + r * Math.sin(angle)];
    }
    least = Math.min(least, signedDistance(b, px, py));
  }
  // a inside b, or b inside a (b's centre inside a): they overlap.
  if (signedDistance(a, b[0] + b[2] / 2, b[1] + b[3] / 2) <= 0) return 0;
  return Math.max(0, least);
}

test('the gap between two capsules is the distance between their shapes', () => {
  const random = seeded(36);
  for (let trial = 0; trial < 400; trial += 1) {
    const capsule = () => {
      const tall = random.next() < 0.15;
      const [w, h] = [random.float(20, 160), random.float(20, 50)];
      return [random.float(0, 300), random.float(0, 200), tall ? h : w, tall ? w : h];
    };
    const a = capsule();
    const b = capsule();
    const gap = stadiumGap(a, b);
    assert.ok(Math.abs(gap - stadiumGap(b, a)) < 1e-9, `symmetric: seed 36, trial ${trial}`);
    assert.ok(Math.abs(gap - sampledGap(a, b)) < 0.2, `seed 36, trial ${trial}: ${gap} vs ${sampledGap(a, b)} for ${a} / ${b}`);
  }
  // In a row at spacing 18, and one row down at 18, facing and diagonal.
  assert.equal(stadiumGap([0, 0, 100, 40], [118, 0, 60, 40]), 18);
  assert.equal(stadiumGap([0, 0, 100, 40], [30, 58, 60, 40]), 18);
  assert.ok(stadiumGap([0, 0, 100, 40], [118, 58, 60, 40]) > 18);
  // Crossing (a wide and a tall capsule through each other's middles): no gap.
  assert.equal(stadiumGap([0, 90, 200, 20], [90, 0, 20, 200]), 0);
});

test("the gap is the core's for every pair it melts", async () => {
  const core = await loadTagCloudCore();
  const random = seeded(3636);
  let checked = 0;
  for (let trial = 0; trial < 30; trial += 1) {
    const count = random.int(2, 40);
    const sizes = new Float64Array(2 * count);
    for (let i = 0; i < count; i += 1) {
      sizes[2 * i] = random.float(40, 200);
      sizes[2 * i + 1] = random.next() < 0.8 ? 40 : 60;
    }
    const frame = core.layoutPacked(sizes, { width: random.float(200, 600), spacing: random.float(0, 9), mergeDistance: 10 });
    const rect = (i) => [frame.origins[2 * i], frame.origins[2 * i + 1], sizes[2 * i], sizes[2 * i + 1]];
    for (let k = 0; k < frame.neckCount; k += 1) {
      const [i, j] = [frame.necks[2 * k], frame.necks[2 * k + 1]];
      assert.ok(Math.abs(stadiumGap(rect(i), rect(j)) - frame.neckGaps[k]) < 1e-6, `seed 3636, trial ${trial}, neck ${i}-${j}`);
      checked += 1;
    }
  }
  assert.ok(checked > 100, `only ${checked} necks`);
});

test("a capsule's point nearest the press is on its outline, facing it", () => {
  const rect = [100, 0, 80, 40];
  assert.deepEqual(nearestOnCapsule(rect, 0, 20), [100, 20]); // from the left: the left end
  assert.deepEqual(nearestOnCapsule(rect, 140, -30), [140, 0]); // from above: the top edge
  assert.deepEqual(nearestOnCapsule(rect, 130, 20), [130, 20]); // inside: the point itself
  const [x, y] = nearestOnCapsule(rect, 300, 100);
  assert.ok(Math.abs(signedDistance(rect, x, y)) < 1e-9 && x > 160 && y > 20);
});

test('the light reaches the capsules within the spacing and the merge group, fading, and no further', async () => {
  const core = await loadTagCloudCore();
  const light = new PressLight();
  const random = seeded(3600);
  for (let trial = 0; trial < 80; trial += 1) {
    const count = random.int(2, 60);
    const sizes = new Float64Array(2 * count);
    // Half the clouds have taller capsules (wrapped labels) among the 40 px ones.
    const mixed = trial % 2 === 1;
    for (let i = 0; i < count; i += 1) {
      [sizes[2 * i], sizes[2 * i + 1]] = [random.float(40, 160), mixed && random.next() < 0.25 ? random.float(41, 90) : 40];
    }
    const spacing = random.next() < 0.5 ? 18 : 3;
    const packed = core.layoutPacked(sizes, { width: 480, spacing, mergeDistance: 10 });
    const frame = { count, origins: packed.origins.slice(), sizes, groups: packed.groups.slice() };
    const ids = Array.from({ length: count }, (_, i) => `t${i}`);
    const p = random.int(0, count - 1);
    const rect = (i) => [frame.origins[2 * i], frame.origins[2 * i + 1], sizes[2 * i], sizes[2 * i + 1]];
    const point = { x: random.float(0, sizes[2 * p]), y: 20 };
    const lit = light.spread(frame, ids, spacing, new Map([[ids[p], point]]));
    const where = `seed 3600, trial ${trial}, spacing ${spacing}, pressed ${p}`;
    assert.ok(!lit.has(ids[p]), `${where}: the pressed capsule has its own glow`);
    for (let i = 0; i < count; i += 1) {
      if (i === p) continue;
      const gap = stadiumGap(rect(p), rect(i));
      const grouped = frame.groups[i] === frame.groups[p];
      const groupReach = Math.max(2 * spacing, GROUP_REACH_HEIGHTS * sizes[2 * p + 1]);
      const expected = Math.max(
        gap <= spacing + 0.5 ? NEIGHBOUR_PEAK * falloff(gap / (2 * spacing)) : 0,
        grouped ? NEIGHBOUR_PEAK * falloff(gap / groupReach) : 0,
      );
      const got = lit.get(ids[i]);
      if (expected < MIN_LEVEL) {
        assert.equal(got, undefined, `${where}: ${i} at ${gap} px is lit`);
        continue;
      }
      assert.ok(got && Math.abs(got.level - expected) < 1e-9, `${where}: ${i} at ${gap} px: ${got?.level} vs ${expected}`);
      assert.ok(got.level <= NEIGHBOUR_PEAK, where);
      // Centred on its outline, facing the press point.
      const [px, py] = [rect(p)[0] + point.x, rect(p)[1] + point.y];
      const [nx, ny] = nearestOnCapsule(rect(i), px, py);
      assert.ok(Math.abs(got.x - (nx - rect(i)[0])) < 1e-9 && Math.abs(got.y - (ny - rect(i)[1])) < 1e-9, where);
    }
    // Rows away (two rows at the loose spacing, three at the tight one): never lit.
    const rowsAway = spacing === 18 ? 2 : 3;
    for (let i = 0; i < count && !mixed; i += 1) {
      if (Math.abs(packed.rows[i] - packed.rows[p]) >= rowsAway) assert.ok(!lit.has(ids[i]), `${where}: ${i} rows away is lit`);
    }
  }
});

test('no press, no frame or a folded capsule: no light', () => {
  const light = new PressLight();
  const frame = { count: 2, origins: [0, 0, 118, 0], sizes: [100, 40, 60, 40], groups: [0, 1] };
  assert.equal(light.spread(frame, ['a', 'b'], 18, new Map()).size, 0);
  assert.equal(light.spread(null, ['a', 'b'], 18, new Map([['a', { x: 50, y: 20 }]])).size, 0);
  assert.equal(light.spread(frame, ['a', 'b'], 18, new Map([['a', { x: 50, y: 20 }]])).get('b').level, NEIGHBOUR_PEAK / 2);
  const folded = { ...frame, origins: [0, 0, NaN, NaN] };
  assert.equal(light.spread(folded, ['a', 'b'], 18, new Map([['a', { x: 50, y: 20 }]])).size, 0);
  // Spacing 0: capsules that touch get the full neighbour's light (no division by zero).
  const touching = { ...frame, origins: [0, 0, 100, 0] };
  assert.equal(light.spread(touching, ['a', 'b'], 0, new Map([['a', { x: 50, y: 20 }]])).get('b').level, NEIGHBOUR_PEAK);
});
