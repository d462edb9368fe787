// Where a cloud's glass canvases go: the window of the cloud (glass-window.js) cut into bands,
// horizontal strips at fixed heights in cloud px, each drawn by a canvas of its own, and which
// instances each band must draw. Pure: no DOM, no WebGL.
//
//   const layout = bandLayout(area, 4);      // [{ row, x, y, width, height, most }]: each band's rect, cloud px
//   const owners = assignRows(previousRows, layout.map((band) => band.row), 4);   // band index → row
//   const { count: n, rect: drawn } = instancesIn(data, count, 24, rect, scratch); // the band's instances
//
// Why bands: a compositor takes a changed canvas as changed everywhere, so one canvas over the
// whole window makes every capsule under it composite its backdrop filter again whenever any neck
// moves (in a software compositor, about 1 ms a capsule). A drag changes the flow from the first
// row whose break moves downwards; with bands, the rows above keep their canvases untouched.
// Rows are fixed in cloud px (not in the window), so a band keeps its content while the window
// moves, and is drawn again only when what lies in it changed; its canvas is cut to what it
// draws, so it changes size only when its own instances change.
// Why each band is exactly its rect, never larger: a canvas reaching past the cloud would widen
// the page's scrollable area, and clipping it (overflow, clip-path: measured, any clip over the
// glass) makes Chromium's compositor draw every capsule's backdrop filter again each frame
// (docs/WEB.md, "The glass in bands").
// - Complexity: O(bands) per layout, O(instances) per band for its instances.

import { INSTANCE } from "./glass-instances.js";

/** Backing stores go in size steps, so a band that changes by a few px does not reallocate. */
export const STEP = 128;
export const bucket = (value) => Math.max(STEP, Math.ceil(value / STEP) * STEP);

/**
 * The CSS size of a backing store that holds `needed` px, given the `have` px it has and the
 * `most` px it can ever need: kept while it holds `needed` and is not over twice as large; else
 * a quarter of headroom, never beyond `most` (rounded up to a step).
 *
 *   canvasLength(500, 640, 1384)   // 640: kept
 *   canvasLength(700, 640, 1384)   // 896: 700 × 1.25, in steps
 * - Complexity: O(1).
 */
export function canvasLength(needed, have, most) {
  if (needed <= have && needed > have / 2 - STEP) return have;
  return bucket(Math.max(needed, Math.min(needed * 1.25, most)));
}

/** Band heights go in steps of this many CSS px. */
export const ROW_STEP = 64;
/** Where rows start (cloud px): a little above the cloud, so that the glass's few px of
 * antialiasing above the first capsules lie in the first row, not in a row of their own. */
export const ROW_ORIGIN = -16;

/**
 * The bands that cover `area` ({x, y, width, height, mostWidth, mostHeight}, cloud px: the window,
 * which lies within the content) with at most `bands` canvases: rows of one height, chosen so that
 * any window this viewport can need (`mostHeight` tall) meets at most `bands` rows; each band's
 * rect is its row within the area, and `most` the largest rect its row can ever give (what its
 * backing store may grow to). With one band, the band is the area.
 *
 *   bandLayout({ x: -2, y: -2, width: 700, height: 1000, mostHeight: 1284 }, 4)
 *   // [{ row: 0, x: -2, y: -2, width: 700, height: 450 }, { row: 1, …, y: 448, height: 448 }, { row: 2, y: 896, height: 102 }]
 * - Complexity: O(bands).
 */
export function bandLayout(area, bands) {
  const most = { width: area.mostWidth, height: area.mostHeight };
  if (bands <= 1) return [{ row: 0, x: area.x, y: area.y, width: area.width, height: area.height, most }];
  // A window `mostHeight` tall meets at most ceil(mostHeight / h) + 1 rows of height h.
  const height = Math.ceil(area.mostHeight / (bands - 1) / ROW_STEP) * ROW_STEP;
  const bottom = area.y + area.height;
  const rows = [];
  for (let row = Math.floor((area.y - ROW_ORIGIN) / height); ROW_ORIGIN + row * height < bottom && rows.length < bands; row += 1) {
    const top = Math.max(area.y, ROW_ORIGIN + row * height);
    rows.push({ row, x: area.x, y: top, width: area.width, height: Math.min(bottom, ROW_ORIGIN + (row + 1) * height) - top, most: { width: area.mostWidth, height } });
  }
  return rows;
}

/**
 * Which row each band draws: a band keeps its row while the row is still needed; the rows left
 * without one go to the bands left free (null: a band with no row, hidden).
 *
 *   assignRows([3, 4, null, 5], [4, 5, 6], 4)   // [6, 4, null, 5]
 * - Complexity: O(bands²) (bands ≤ 4).
 */
export function assignRows(previous, needed, bands) {
  const rows = Array.from({ length: bands }, (_, band) => (needed.includes(previous[band]) ? previous[band] : null));
  for (const row of needed) {
    if (rows.includes(row)) continue;
    const free = rows.indexOf(null);
    if (free >= 0) rows[free] = row;
  }
  return rows;
}

/**
 * Copies the instances (`floats` each, their quad's box x, y, w, h at INSTANCE.box) whose quad meets
 * `rect` ({x, y, width, height}) into `into`, in order, and returns how many and the rect cut to
 * their boxes (null when none): a band's canvas is no larger than what it draws, so it changes
 * size only when its own instances do. `into` must hold `count`.
 *
 *   instancesIn(data, 3, 24, { x: 0, y: 0, width: 700, height: 448 }, scratch)
 *   // { count: 2, rect: { x: 0, y: 0, width: 412, height: 44 } }
 * - Complexity: O(count).
 */
export function instancesIn(data, count, floats, rect, into) {
  const right = rect.x + rect.width;
  const bottom = rect.y + rect.height;
  let n = 0;
  let left = Infinity;
  let top = Infinity;
  let reach = -Infinity;
  let low = -Infinity;
  for (let i = 0; i < count; i += 1) {
    const at = i * floats + INSTANCE.box;
    const x = data[at];
    const y = data[at + 1];
    const xEnd = x + data[at + 2];
    const yEnd = y + data[at + 3];
    if (x > right || y > bottom || xEnd < rect.x || yEnd < rect.y) continue;
    into.set(data.subarray(i * floats, (i + 1) * floats), n * floats);
    n += 1;
    left = Math.min(left, x);
    top = Math.min(top, y);
    reach = Math.max(reach, xEnd);
    low = Math.max(low, yEnd);
  }
  if (n === 0) return { count: 0, rect: null };
  const x = Math.max(rect.x, left);
  const y = Math.max(rect.y, top);
  return { count: n, rect: { x, y, width: Math.min(right, reach) - x, height: Math.min(bottom, low) - y } };
}
