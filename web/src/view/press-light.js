// The light a press spreads onto the glass around it (Apple: it "spreads throughout the element
// and onto any Liquid Glass elements nearby"): which capsules get some of the pressed capsule's
// light, how much, and from where. A look derived from the core's frame, never a layout
// decision: the core placed the capsules and decided what melts (the frame's `groups`); this
// reads their rects and measures gaps in JavaScript, since the core's necks only name pairs
// closer than the merge distance and the Wasm module has no room left for a gap query.
//
//   const light = new PressLight();
//   light.spread(frame, ids, spacing, presses)   // → Map id → { level, x, y }
//
// Who gets light, from a press on capsule P (the gap between two capsules is the shortest
// distance between their shapes, each a stadium: docs/WEB.md, "Light that spreads"):
// - a capsule whose gap to P is at most the layout's `spacing` (the container's spacing: the
//   capsules beside P in its row, the ones facing it in the rows above and below), its level
//   falling from NEIGHBOUR_PEAK at a gap of 0 to half that at the spacing;
// - a capsule of P's merge group (the core's): the melted glass is one piece, so the light
//   travels further in it, over GROUP_REACH_HEIGHTS of P's height (at least the neighbours'
//   reach), so a group that spans the whole cloud (tight spacing) still leaves the capsules rows
//   away unlit.
// The level is `NEIGHBOUR_PEAK × falloff(gap / reach)` (a smoothstep down to 0 at the reach);
// below MIN_LEVEL a capsule stays unlit. The light comes from the side facing the press: each
// lit capsule's glow is centred on its shape's point nearest the press point. Several presses
// (multi-touch) light a capsule by the strongest of them; a pressed capsule has its own glow.
// - Complexity: O(capsules in the rows within reach) per press (a box check rejects the far
//   ones of those rows), called only when the presses or the frame under them change.

/** A neighbour's light at a gap of 0, against the pressed capsule's own glow (opacity 1). */
export const NEIGHBOUR_PEAK = 0.6;
/** How far the light travels inside a melted group: this many of the pressed capsule's heights. */
export const GROUP_REACH_HEIGHTS = 2;
/** Below this level a capsule stays unlit (no glow element at all). */
export const MIN_LEVEL = 0.02;
/** A gap this much over the spacing is still the spacing (the core's sums of floats). */
const GAP_TOLERANCE = 0.5;

/** 1 at 0, smoothly down to 0 at 1 and beyond. */
export function falloff(t) {
  if (t <= 0) return 1;
  if (t >= 1) return 0;
  return 1 - t * t * (3 - 2 * t);
}

/**
 * The centre segment of the capsule x, y, w × h and its radius (half its shorter side):
 * [ax, ay, bx, by, r].
 */
function centreSegment(x, y, w, h) {
  const r = Math.min(w, h) / 2;
  if (w >= h) return [x + r, y + h / 2, x + w - r, y + h / 2, r];
  return [x + w / 2, y + r, x + w / 2, y + h - r, r];
}

/** The point of segment s (centreSegment's) nearest to (px, py). */
function nearestOnSegment(s, px, py) {
  const dx = s[2] - s[0];
  const dy = s[3] - s[1];
  const l2 = dx * dx + dy * dy;
  const t = l2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - s[0]) * dx + (py - s[1]) * dy) / l2));
  return [s[0] + t * dx, s[1] + t * dy];
}

/** Whether segments s and t cross or touch (orientation tests). */
function segmentsMeet(s, t) {
  const cross = (ax, ay, bx, by, cx, cy) => (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  const d1 = cross(t[0], t[1], t[2], t[3], s[0], s[1]);
  const d2 = cross(t[0], t[1], t[2], t[3], s[2], s[3]);
  const d3 = cross(s[0], s[1], s[2], s[3], t[0], t[1]);
  const d4 = cross(s[0], s[1], s[2], s[3], t[2], t[3]);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

/**
 * The gap between two capsules (rects [x, y, w, h], each a stadium): the shortest distance
 * between their shapes, 0 when they touch or overlap.
 */
export function stadiumGap(a, b) {
  const s = centreSegment(a[0], a[1], a[2], a[3]);
  const t = centreSegment(b[0], b[1], b[2], b[3]);
  let d = Infinity;
  if (segmentsMeet(s, t)) d = 0;
  else {
    for (const [from, to] of [[s, t], [t, s]]) {
      for (const k of [0, 2]) {
        const [qx, qy] = nearestOnSegment(to, from[k], from[k + 1]);
        d = Math.min(d, Math.hypot(qx - from[k], qy - from[k + 1]));
      }
    }
  }
  return Math.max(0, d - s[4] - t[4]);
}

/** The point of capsule [x, y, w, h] (its stadium, edge included) nearest to (px, py). */
export function nearestOnCapsule(rect, px, py) {
  const s = centreSegment(rect[0], rect[1], rect[2], rect[3]);
  const [qx, qy] = nearestOnSegment(s, px, py);
  const d = Math.hypot(px - qx, py - qy);
  if (d <= s[4]) return [px, py];
  return [qx + ((px - qx) * s[4]) / d, qy + ((py - qy) * s[4]) / d];
}

export class PressLight {
  #ids = null;
  #index = new Map(); // id → its index in `#ids`

  /**
   * The light the presses spread onto the other capsules of the frame.
   * @param {{count: number, origins: ArrayLike<number>, sizes: ArrayLike<number>, groups: ArrayLike<number>}} frame
   *   the frame on screen (packed-layout.js): index i is tag `ids[i]`; a folded tag has NaN origins
   * @param {string[]} ids  the tags' ids, in order
   * @param {number} spacing  the layout's spacing (px)
   * @param {Map<string, {x: number, y: number}>} presses  pressed id → the press point in its capsule's box
   * @returns {Map<string, {level: number, x: number, y: number}>}  lit id → its level (0…1) and
   *   where its glow is centred, in its capsule's box
   */
  spread(frame, ids, spacing, presses) {
    const lit = new Map();
    if (!frame || presses.size === 0) return lit;
    if (ids !== this.#ids) {
      this.#ids = ids;
      this.#index = new Map(ids.map((id, i) => [id, i]));
    }
    const { origins, sizes, groups } = frame;
    const count = Math.min(frame.count, ids.length);
    const rect = (i) => [origins[2 * i], origins[2 * i + 1], sizes[2 * i], sizes[2 * i + 1]];
    const neighbourReach = Math.max(2 * spacing, 1);
    for (const [id, point] of presses) {
      const p = this.#index.get(id);
      if (p === undefined || p >= count || Number.isNaN(origins[2 * p])) continue;
      const pressed = rect(p);
      const [left, top, right, bottom] = [pressed[0], pressed[1], pressed[0] + pressed[2], pressed[1] + pressed[3]];
      const groupReach = Math.max(neighbourReach, GROUP_REACH_HEIGHTS * pressed[3]);
      const far = Math.max(spacing + GAP_TOLERANCE, groupReach);
      const consider = (i) => {
        if (presses.has(ids[i])) return;
        const x = origins[2 * i];
        const y = origins[2 * i + 1];
        // Boxes further apart than any reach get no light (most of a row).
        if (x - right > far || left - (x + sizes[2 * i]) > far) return;
        if (y - bottom > far || top - (y + sizes[2 * i + 1]) > far) return;
        const other = rect(i);
        const gap = stadiumGap(pressed, other);
        const grouped = groups && groups[i] === groups[p] && groups[p] >= 0;
        let level = 0;
        if (grouped && gap < groupReach) level = NEIGHBOUR_PEAK * falloff(gap / groupReach);
        if (gap <= spacing + GAP_TOLERANCE) level = Math.max(level, NEIGHBOUR_PEAK * falloff(gap / neighbourReach));
        if (level < MIN_LEVEL || level <= (lit.get(ids[i])?.level ?? 0)) return;
        const [nx, ny] = nearestOnCapsule(other, left + point.x, top + point.y);
        lit.set(ids[i], { level, x: nx - x, y: ny - y });
      };
      // Only the rows within reach are visited: the flow puts the capsules in rows, top to
      // bottom in index order, each row's capsules top-aligned, and a row's capsules end above
      // the next row's top. After p: stop at the first capsule whose top is past the reach.
      for (let i = p + 1; i < count; i += 1) {
        const y = origins[2 * i + 1];
        if (Number.isNaN(y)) continue; // folded by the row limit
        if (y - bottom > far) break;
        consider(i);
      }
      // Before p: stop once the row after the one reached (whose top bounds it) lies beyond reach.
      let rowTop = top;
      for (let i = p - 1; i >= 0; i -= 1) {
        const y = origins[2 * i + 1];
        if (Number.isNaN(y)) continue;
        if (y < rowTop) {
          if (top - rowTop > far) break;
          rowTop = y;
        }
        consider(i);
      }
    }
    return lit;
  }
}
