// The checks and conversions at the boundary of the Wasm core's calls (tagcloud-core.js): result
// blocks read back, layout responses checked before the module sees them, number arguments, and
// the errors for the module's refusal codes, each saying what is wrong and where.

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
 * The error for a refusal code of `tc_arrange`/`tc_layout_packed` (docs/WASM.md): -1 the width,
 * -2 the spacing, -3 the merge distance, -4 - i the size at index i, read back from memory.
 */
export function refusal(code, sizes, input, e, scalars) {
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
