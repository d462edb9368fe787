// The shape of melted glass: liquid bridges between capsules of one merge group.
//
// Which capsules melt together is the core's decision (its `groups`: connected components of
// capsules closer than mergeDistance). This module only draws: for every pair in a group whose
// stadiums are closer than mergeDistance, an hourglass "neck" along the shortest segment between
// them, whose waist widens as the gap closes (zero at mergeDistance, so capsules join exactly as
// they come within reach, and a full neck at a gap of 0).
//
//   const necks = meltBridges(items, [[0, 1]], 10);
//   // [{ from: 0, to: 1, p: {x, y}, q: {x, y}, path: "M…Z", rimPath: "M…Z" }]
//
// - Complexity: O(Σ groupSize²) pairs, constant work per pair.

/** A capsule as a stadium: the segment a–b swept by radius r. */
export function stadium(item) {
  const r = Math.min(item.w, item.h) / 2;
  if (item.w >= item.h) {
    const y = item.y + item.h / 2;
    return { ax: item.x + r, ay: y, bx: item.x + item.w - r, by: y, r };
  }
  const x = item.x + item.w / 2;
  return { ax: x, ay: item.y + r, bx: x, by: item.y + item.h - r, r };
}

function closestOnSegment(px, py, s) {
  const dx = s.bx - s.ax;
  const dy = s.by - s.ay;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((px - s.ax) * dx + (py - s.ay) * dy) / lengthSquared));
  return { x: s.ax + t * dx, y: s.ay + t * dy };
}

/** The closest points p (on s) and q (on t) of two non-crossing segments. */
export function closestPoints(s, t) {
  const candidates = [
    [{ x: s.ax, y: s.ay }, closestOnSegment(s.ax, s.ay, t)],
    [{ x: s.bx, y: s.by }, closestOnSegment(s.bx, s.by, t)],
    [closestOnSegment(t.ax, t.ay, s), { x: t.ax, y: t.ay }],
    [closestOnSegment(t.bx, t.by, s), { x: t.bx, y: t.by }],
  ];
  let best = null;
  for (const [p, q] of candidates) {
    const d = Math.hypot(q.x - p.x, q.y - p.y);
    if (!best || d < best.d) best = { p, q, d };
  }
  return best;
}

/** The gap between two capsules' shapes (negative never happens for a flow layout). */
export function stadiumGap(a, b) {
  const s = stadium(a);
  const t = stadium(b);
  return closestPoints(s, t).d - s.r - t.r;
}

const fmt = (value) => (Math.round(value * 100) / 100).toString();

/**
 * An hourglass from p to q: half-width `end` at both ends, `waist` in the middle, sides leaving
 * the ends parallel to the axis so they slide smoothly out of the capsules.
 */
function hourglass(p, q, end, waist) {
  const dx = q.x - p.x;
  const dy = q.y - p.y;
  const d = Math.hypot(dx, dy) || 1;
  const u = { x: dx / d, y: dy / d };
  const n = { x: -u.y, y: u.x };
  const at = (t, offset) => ({ x: p.x + u.x * d * t + n.x * offset, y: p.y + u.y * d * t + n.y * offset });
  const side = (sign) => {
    const start = at(0, sign * end);
    const c1 = at(0.35, sign * end);
    const c2 = at(0.3, sign * waist);
    const middle = at(0.5, sign * waist);
    const c3 = at(0.7, sign * waist);
    const c4 = at(0.65, sign * end);
    const stop = at(1, sign * end);
    return { start, c1, c2, middle, c3, c4, stop };
  };
  const top = side(1);
  const bottom = side(-1);
  const pt = (point) => `${fmt(point.x)} ${fmt(point.y)}`;
  return (
    `M${pt(top.start)}C${pt(top.c1)} ${pt(top.c2)} ${pt(top.middle)}` +
    `C${pt(top.c3)} ${pt(top.c4)} ${pt(top.stop)}` +
    `L${pt(bottom.stop)}C${pt(bottom.c4)} ${pt(bottom.c3)} ${pt(bottom.middle)}` +
    `C${pt(bottom.c2)} ${pt(bottom.c1)} ${pt(bottom.start)}Z`
  );
}

/**
 * The necks to draw for a layout response.
 * @param {{x: number, y: number, w: number, h: number}[]} items
 * @param {number[][]} groups  the core's merge groups (indices into items)
 * @param {number} mergeDistance
 * @param {number} rimInset  how far inside the glass the rim runs
 */
export function meltBridges(items, groups, mergeDistance, rimInset = 1) {
  const necks = [];
  for (const group of groups) {
    for (let i = 0; i < group.length; i += 1) {
      for (let j = i + 1; j < group.length; j += 1) {
        const neck = neckBetween(items[group[i]], items[group[j]], mergeDistance, rimInset);
        if (neck) necks.push({ from: group[i], to: group[j], ...neck });
      }
    }
  }
  return necks;
}

export function neckBetween(a, b, mergeDistance, rimInset = 1) {
  const s = stadium(a);
  const t = stadium(b);
  const radius = Math.min(s.r, t.r);
  let { p, q, d } = closestPoints(s, t);
  const gap = d - s.r - t.r;
  if (!(gap < mergeDistance) || mergeDistance <= 0) return null;
  // Parallel, overlapping segments (a capsule above another): the bridge spans the overlap.
  let span = 0;
  if (s.ay === s.by && t.ay === t.by && s.ay !== t.ay) {
    const from = Math.max(s.ax, t.ax);
    const to = Math.min(s.bx, t.bx);
    if (to > from) {
      span = (to - from) / 2;
      const x = (from + to) / 2;
      p = { x, y: s.ay };
      q = { x, y: t.ay };
    }
  }
  const reach = Math.sqrt(Math.max(0, Math.min(1, 1 - gap / mergeDistance)));
  const end = span + 0.8 * radius;
  const waist = end * 0.9 * reach;
  return {
    p,
    q,
    gap,
    path: hourglass(p, q, end, waist),
    rimPath: hourglass(p, q, Math.max(0, end - rimInset), Math.max(0, waist - rimInset)),
  };
}

// ---- Packed frames: which pairs melt, in time linear in the capsules -------------------------

/** The shortest distance between two capsules' shapes (stadiums), from packed arrays. */
export function packedGap(origins, sizes, i, j) {
  const a = stadium({ x: origins[2 * i], y: origins[2 * i + 1], w: sizes[2 * i], h: sizes[2 * i + 1] });
  const b = stadium({ x: origins[2 * j], y: origins[2 * j + 1], w: sizes[2 * j], h: sizes[2 * j + 1] });
  if (a.ay === a.by && b.ay === b.by) {
    // Two horizontal segments (every single-line capsule): no allocation on the hot path.
    const dx = Math.max(0, a.ax - b.bx, b.ax - a.bx);
    return Math.hypot(dx, a.ay - b.ay) - a.r - b.r;
  }
  return closestPoints(a, b).d - a.r - b.r;
}

/**
 * The pairs of capsules to melt in a packed frame: both in one of the core's merge groups and
 * closer than `mergeDistance` (the core's own rule, so a pair is never melted across groups).
 * Candidates are neighbours within a row and capsules of adjacent rows whose x ranges come within
 * reach: rows are top-aligned and at least one capsule tall, so rows further apart never melt.
 *
 *   neckPairs({ count: 3, origins, sizes, groups }, 10)   // Int32Array [0, 1, 1, 2]
 *
 * @param {{count: number, origins: ArrayLike<number>, sizes: ArrayLike<number>, groups: ArrayLike<number>}} frame
 * @param {number} mergeDistance
 * @param {(index: number) => boolean} [skip]  capsules left out (a pressed capsule swells alone)
 * @returns {Int32Array} i0, j0, i1, j1, ...
 * - Complexity: O(n + pairs) per frame (a sweep over consecutive rows), no per-pair allocation
 *   for single-line capsules.
 */
export function neckPairs(frame, mergeDistance, skip = () => false) {
  const { count, origins, sizes, groups } = frame;
  const out = [];
  if (!(mergeDistance > 0) || count < 2) return new Int32Array(0);
  const consider = (i, j) => {
    if (groups[i] !== groups[j] || skip(i) || skip(j)) return;
    if (packedGap(origins, sizes, i, j) < mergeDistance) out.push(i, j);
  };
  // Rows: runs of capsules sharing a top edge (the flow's rows are top-aligned, in order).
  const rows = [];
  let start = 0;
  for (let i = 1; i <= count; i += 1) {
    if (i === count || origins[2 * i + 1] !== origins[2 * start + 1]) {
      const row = [];
      for (let k = start; k < i; k += 1) row.push(k);
      if (row.length > 1 && origins[2 * row[0]] > origins[2 * row[1]]) row.reverse(); // right to left
      rows.push(row);
      start = i;
    }
  }
  const left = (i) => origins[2 * i];
  const right = (i) => origins[2 * i] + sizes[2 * i];
  for (let r = 0; r < rows.length; r += 1) {
    const row = rows[r];
    for (let k = 1; k < row.length; k += 1) consider(row[k - 1], row[k]);
    const below = rows[r + 1];
    if (!below) continue;
    let first = 0;
    for (const j of below) {
      while (first < row.length && right(row[first]) + mergeDistance <= left(j)) first += 1;
      for (let k = first; k < row.length && left(row[k]) - mergeDistance < right(j); k += 1) consider(row[k], j);
    }
  }
  return Int32Array.from(out);
}
