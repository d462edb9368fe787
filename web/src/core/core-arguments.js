// The checks and conversions at the boundary of the Wasm core's calls (tagcloud-core.js): result
// blocks read back, layout responses checked before the module sees them, number arguments, and
// the errors for the module's refusal codes, each saying what is wrong and where.

import { MAX_TAGS } from './core-constants.js';

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Reads a result block `[u32 length][u32 status][bytes]`; status 1 means an error message. */
export function readResult(e, block) {
  if (block === 0) throw new RangeError('tagcloud-core: out of memory');
  const [length, status] = new Uint32Array(e.memory.buffer, block, 2);
  const bytes = new Uint8Array(e.memory.buffer, block + 8, length).slice();
  if (status !== 0) throw new Error(decoder.decode(bytes));
  return bytes;
}

/**
 * The items and rows of a layout response, checked so that the module only ever sees a layout
 * it could have made: finite frames with non-negative sizes, rows ascending from 0.
 */
export function checkedLayout(response) {
  const items = response?.items;
  const rows = response?.rows;
  if (!Array.isArray(items) || !Array.isArray(rows)) {
    throw new TypeError('tagcloud-core: expected a layout response with items and rows');
  }
  items.forEach((item, i) => {
    const { x, y, w, h } = item ?? {};
    if (![x, y, w, h].every(Number.isFinite) || w < 0 || h < 0) {
      throw new TypeError(`tagcloud-core: items[${i}] needs finite x, y, w, h with w, h >= 0`);
    }
  });
  const ascending = rows.every(
    (start, i) => Number.isInteger(start) && start < items.length && (i === 0 ? start === 0 : start > rows[i - 1]),
  );
  if (!ascending || (items.length > 0) !== (rows.length > 0)) {
    throw new TypeError('tagcloud-core: rows must ascend from 0 and index the items');
  }
  return { items, rows };
}

/**
 * A checked response's items as the module's hit test and navigation read a layout: `count`
 * frames, which `write(frames)` puts as f64 `x, y, w, h` each, their `rowStarts`, and `tags`
 * (null: frame i is item i).
 */
export function itemFrames({ items, rows }) {
  const write = (frames) => items.forEach(({ x, y, w, h }, i) => putFrame(frames, i, x, y, w, h));
  return { count: items.length, rowStarts: rows, write, tags: null };
}

/** Frame `k` of `frames` (f64 `x, y, w, h` each), as the module reads a capsule's. */
function putFrame(frames, k, x, y, w, h) {
  frames[4 * k] = x;
  frames[4 * k + 1] = y;
  frames[4 * k + 2] = w;
  frames[4 * k + 3] = h;
}

/**
 * The tags of a packed frame (`count`, `origins`, `sizes`, `rows`) that a hit test weighs, as
 * `itemFrames` gives a response's, checked: those a row places (a row limit hides the others,
 * row -1), in reading order, with finite frames; rows must not descend. `tags[k]` is frame k's
 * tag. Only tags 0…count−1: an item after them (a row limit's capsule) is no tag.
 */
export function placedTags(frame) {
  const { count, origins, sizes, rows } = frame ?? {};
  const holds = (array, perTag) => array?.length >= perTag * count;
  if (!Number.isInteger(count) || count < 0 || !holds(origins, 2) || !holds(sizes, 2) || !holds(rows, 1)) {
    throw new TypeError('tagcloud-core: expected a packed frame with count, origins, sizes and rows');
  }
  const tags = new Int32Array(count);
  const rowStarts = [];
  let placed = 0;
  for (let i = 0; i < count; i += 1) {
    const row = rows[i];
    if (row < 0) continue;
    const w = sizes[2 * i];
    const h = sizes[2 * i + 1];
    // Checked in place: a hover runs this over every tag, and a small array each would be garbage.
    const finite = Number.isFinite(origins[2 * i]) && Number.isFinite(origins[2 * i + 1])
      && Number.isFinite(w) && Number.isFinite(h);
    if (!finite || w < 0 || h < 0) {
      throw new TypeError(`tagcloud-core: tag ${i} of the frame needs a finite origin and size, w and h >= 0`);
    }
    const last = placed === 0 ? -1 : rows[tags[placed - 1]];
    if (row < last) throw new TypeError('tagcloud-core: the frame\'s rows must not descend');
    if (row !== last) rowStarts.push(placed);
    tags[placed++] = i;
  }
  const shown = tags.subarray(0, placed);
  const write = (frames) => shown.forEach((tag, k) =>
    putFrame(frames, k, origins[2 * tag], origins[2 * tag + 1], sizes[2 * tag], sizes[2 * tag + 1]));
  return { count: placed, rowStarts, write, tags: shown };
}

/** A point `(x, y)` of numbers (hitTest). */
export function checkedPoint(x, y) {
  if (typeof x !== 'number' || typeof y !== 'number' || Number.isNaN(x) || Number.isNaN(y)) {
    throw new TypeError('tagcloud-core: hitTest takes a point (x, y) of numbers');
  }
}

/** A number argument (its range is the core's to check); `null`/`undefined` width: unbounded. */
export function numberOrUnbounded(value, name) {
  return value === null || value === undefined ? Infinity : number(value, name);
}

export function number(value, name) {
  if (typeof value !== 'number') {
    throw new TypeError(`tagcloud-core: ${name} must be a number, not ${typeof value}`);
  }
  return value;
}

/**
 * `tc_layout_packed`'s refusal codes of the row limit: too few "+K" sizes (minus the number
 * needed), a negative `maxRows`, a bad "+K" size number (minus 1 + its index).
 */
const MORE_SIZES_CODE = -(2 ** 29);
const MAX_ROWS_CODE = -(2 ** 30);
const MORE_SIZE_CODE = -(2 ** 30) - 1;
/** "+K" sizes `layoutPacked` takes, one per digit count of K: K is at most the core's `MAX_TAGS`. */
export const MAX_MORE_SIZES = String(MAX_TAGS).length;

/**
 * `layoutPacked`'s row limit, its types checked (the core checks the sizes' values):
 * `{maxRows, moreSizes}` with the sizes flattened to `[w1, h1, w2, h2, …]` (null without a
 * limit).
 */
export function rowLimit(maxRows, moreSizes) {
  if (typeof maxRows !== 'number' || !Number.isInteger(maxRows) || maxRows < 0 || maxRows > 0x7fffffff) {
    throw new RangeError(`tagcloud-core: maxRows must be a whole number of rows, 0 for no limit, not ${String(maxRows)}`);
  }
  if (!Array.isArray(moreSizes) || moreSizes.length > MAX_MORE_SIZES) {
    throw new TypeError(`tagcloud-core: moreSizes must be an array of at most ${MAX_MORE_SIZES} [width, height] pairs`);
  }
  moreSizes.forEach((size, i) => {
    if (!Array.isArray(size) || size.length !== 2 || typeof size[0] !== 'number' || typeof size[1] !== 'number') {
      throw new TypeError(`tagcloud-core: moreSizes[${i}] (the "+K" size for a ${i + 1}-digit K) must be [width, height] numbers`);
    }
  });
  // Without a limit the core reads no "+K" size: nothing to copy per frame.
  return { maxRows, moreSizes: maxRows === 0 ? null : Float64Array.from(moreSizes.flat()) };
}

/**
 * The error for a refusal code of `tc_arrange`/`tc_layout_packed` (docs/WASM.md): -1 the width,
 * -2 the spacing, -3 the merge distance, -4 - i the size at index i, read back from memory;
 * -2^29 - d too few "+K" sizes (d needed), -2^30 - 1 - j the "+K" size number j.
 */
export function refusal(code, sizes, input, e, scalars) {
  if (code === MAX_ROWS_CODE) return new RangeError('tagcloud-core: maxRows must not be negative');
  if (code <= MORE_SIZE_CODE) {
    const index = MORE_SIZE_CODE - code;
    const side = index % 2 === 0 ? 'width' : 'height';
    const value = new Float64Array(e.memory.buffer, scalars.more + 8 * index, 1)[0];
    return new RangeError(
      `tagcloud-core: moreSizes[${index >> 1}] (the "+K" size for a ${(index >> 1) + 1}-digit K) needs a finite, non-negative ${side}, not ${value}`,
    );
  }
  if (code <= MORE_SIZES_CODE) {
    const needed = MORE_SIZES_CODE - code;
    return new RangeError(
      `tagcloud-core: moreSizes must hold at least ${needed} [width, height], one per digit count of "+K" (for ${scalars.count} tags)`,
    );
  }
  if (code === -1) {
    return new RangeError(`tagcloud-core: width must be a non-negative number, Infinity or null, not ${scalars.width}`);
  }
  if (code === -2 || code === -3) {
    const name = code === -2 ? 'spacing' : 'mergeDistance';
    return new RangeError(`tagcloud-core: ${name} must be a finite, non-negative number, not ${scalars[name]}`);
  }
  const index = -4 - code;
  const value = new Float64Array(e.memory.buffer, input + 8 * index, 1)[0];
  const side = index % 2 === 0 ? 'width' : 'height';
  return new RangeError(
    `tagcloud-core: size ${index} (tag ${index >> 1}'s ${side}) must be finite and non-negative, not ${value}`,
  );
}
