// The Glass Tag Cloud core in the browser (and node 20): the Embedded Swift module
// `tagcloud.wasm`, which lays out exactly as the native `tagcloud layout` does.
//
//   import { loadTagCloudCore } from './tagcloud-core.js';
//   const core = await loadTagCloudCore();
//   const { size, items } = core.layout({ width: 390, spacing: 18, tags: [{ id: 'Swift', size: [80, 40] }] });
//
// Every call is synchronous and runs to completion, so any number of components may share one
// core. The module imports nothing; see docs/WASM.md for the exports and the memory model.

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** Motion keys of `navigate`, as the core numbers them. */
const NAVIGATION_KEYS = ['next', 'previous', 'up', 'down', 'first', 'last', 'previousRow', 'nextRow'];

const isNode = typeof process === 'object' && process !== null && !!process.versions?.node;

let defaultCore = null;

/**
 * Loads the Wasm core. `source` is a URL (or a URL string), a `Response` (or a promise of one),
 * an `ArrayBuffer`, a typed array or a compiled `WebAssembly.Module`; by default `tagcloud.wasm`
 * beside this file. Without a `source`, every call shares one core.
 */
export async function loadTagCloudCore(source) {
  if (source === undefined) {
    defaultCore ??= compile(new URL('../../tagcloud.wasm', import.meta.url)).then(TagCloudCore.create);
    try {
      return await defaultCore;
    } catch (error) {
      defaultCore = null; // a failed fetch may succeed later
      throw error;
    }
  }
  return TagCloudCore.create(await compile(source));
}

async function compile(source) {
  source = await source;
  if (source instanceof WebAssembly.Module) return source;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
    return WebAssembly.compile(source);
  }
  if (typeof Response !== 'undefined' && source instanceof Response) {
    if (!source.ok) {
      throw new Error(`tagcloud-core: ${source.url || 'the module'} answered ${source.status}`);
    }
    // compileStreaming insists on the application/wasm type, which not every static host sends.
    const type = source.headers.get('content-type') ?? '';
    if (WebAssembly.compileStreaming && type.split(';')[0].trim() === 'application/wasm') {
      return WebAssembly.compileStreaming(source);
    }
    return WebAssembly.compile(await source.arrayBuffer());
  }
  if (typeof source === 'string' || source instanceof URL) {
    const url = await resolve(source);
    if (url.protocol === 'file:' && isNode) {
      // node's fetch refuses file: URLs.
      const { readFile } = await import('node:fs/promises');
      return WebAssembly.compile(await readFile(url));
    }
    return compile(await fetch(url));
  }
  throw new TypeError(
    'tagcloud-core: source must be a URL, a Response, an ArrayBuffer, a typed array or a WebAssembly.Module',
  );
}

/** Absolute URLs stay; a relative string is relative to the page, or in node to the cwd. */
async function resolve(source) {
  if (source instanceof URL) return source;
  try {
    return new URL(source);
  } catch {
    if (isNode) {
      const { pathToFileURL } = await import('node:url');
      return pathToFileURL(source);
    }
    return new URL(source, globalThis.document?.baseURI ?? globalThis.location?.href);
  }
}

/** One instance of the module, with a spare so that a trap never leaves the core unusable. */
class TagCloudCore {
  #module;
  #exports;
  #spare = null;
  #scratch = 0; // a reusable buffer: copies of caller-owned sizes, hit-test frames
  #scratchBytes = 0;
  #packed = new PackedRegion();

  static async create(module) {
    const core = new TagCloudCore(module, await instantiate(module));
    core.#refillSpare();
    return core;
  }

  constructor(module, exports) {
    this.#module = module;
    this.#exports = exports;
  }

  /**
   * Lays out a request of docs/PROTOCOL.md (a plain object) and returns the response object.
   * Throws an `Error` carrying the core's message (for example "expected a number at byte 12")
   * when the request is refused.
   */
  layout(request) {
    const text = typeof request === 'string' ? request : JSON.stringify(request);
    if (text === undefined) throw new TypeError('tagcloud-core: the request is not JSON');
    return JSON.parse(decoder.decode(this.layoutBytes(encoder.encode(text))));
  }

  /** The JSON path byte for byte: request bytes in, the core's response bytes out. */
  layoutBytes(requestBytes) {
    if (!(requestBytes instanceof Uint8Array)) {
      throw new TypeError('tagcloud-core: layoutBytes takes a Uint8Array');
    }
    return this.#call((e) => {
      const input = e.tc_alloc(requestBytes.length);
      if (input === 0) throw new RangeError('tagcloud-core: out of memory');
      let block = 0;
      try {
        new Uint8Array(e.memory.buffer, input, requestBytes.length).set(requestBytes);
        block = e.tc_layout(input, requestBytes.length);
        return readResult(e, block);
      } finally {
        e.tc_free(input);
        if (block !== 0) e.tc_free(block);
      }
    });
  }

  /**
   * A `Float64Array` of `2 * count` numbers in the module's own memory, for capsule sizes
   * `[w0, h0, w1, h1, …]`: write the sizes there and pass it to `layoutPacked` or `arrange`,
   * which then copy nothing. Its numbers are kept across calls (and copied over when a larger
   * `count` needs a larger buffer: the previous views are then refused as stale). WebAssembly
   * detaches every view when linear memory grows (length 0): call `sizesBuffer` again before
   * writing, which returns a live view of the same numbers; the last view it returned stays
   * accepted by `layoutPacked` and `arrange` even detached. Room for the layout's working memory
   * at `count` tags is reserved here, so that repeated layouts of up to `count` tags do not grow
   * memory.
   */
  sizesBuffer(count) {
    if (!Number.isInteger(count) || count < 0 || count > MAX_PACKED_COUNT) {
      throw new RangeError(`tagcloud-core: sizesBuffer takes a tag count from 0 to ${MAX_PACKED_COUNT}, not ${count}`);
    }
    return this.#call((e) => this.#packed.sizesView(e, count));
  }

  /**
   * The per-frame layout without JSON: capsule sizes in (a `Float64Array` `[w0, h0, …]`, best
   * a view from `sizesBuffer`); origins, rows, merge groups and necks out, as typed arrays that
   * are views into the module's memory, valid until the next call on this core (copy what you
   * keep). The same core and results as `layout()`: `origins[2i], origins[2i+1]` are
   * `items[i].x, y` (mirrored for `direction: "rtl"`), `rows[i]` the row of item i, `groups[i]`
   * its merge group (numbered by first item, as the JSON `groups`). The necks are the pairs of
   * capsules that melt (shapes closer than `mergeDistance`), the core's one melt rule: neck k
   * joins `necks[2k] < necks[2k+1]`, `neckGaps[k]` apart, along the axis
   * `neckAxes[4k…4k+3]` (`fromX, fromY, toX, toY`: the closest points of the two capsules'
   * centre segments, from the first to the second), over `neckSpans[k]` either side of it
   * where the segments run side by side (capsules in adjacent rows; 0 when only their ends
   * face). Ordered by the first capsule's row, then the second's, then the first, then the
   * second. Bad input (a size NaN, infinite or negative, a bad width, spacing, merge distance
   * or direction) throws a `TypeError`/`RangeError` naming it, and nothing is written: the
   * previous frame and the sizes stay as they were.
   *
   * `maxRows` (a whole number; 0, the default, for no limit) limits the rows: when the tags need
   * more, the longest prefix of them is shown that fits with a "+K" capsule after it, K the
   * number of tags left out (the core's rule, docs/WASM.md). `moreSizes` gives that capsule's
   * `[w, h]` for a K of one digit, two, …: the caller measures "+9", "+99", …; as many as the
   * tag count has digits (at most 7). Under a limit the frame holds one item more, the "+K"
   * capsule, as item `count`: `origins`, `rows` and `groups` have `count + 1` entries, the
   * necks name it as `count`; hidden tags (and item `count` when nothing is hidden) have NaN
   * origins, row and group -1; `frame.hidden` is K and `frame.more` the capsule
   * (`{index, x, y, w, h, row, group}`, or null when nothing is hidden).
   */
  layoutPacked(sizes, options) {
    const {
      width = null, spacing, mergeDistance = DEFAULT_MERGE_DISTANCE, direction = 'ltr', maxRows = 0,
      moreSizes = [],
    } = options ?? {};
    const rightToLeft = direction === 'rtl' ? 1 : direction === 'ltr' ? 0 : -1;
    if (rightToLeft < 0) {
      throw new RangeError(`tagcloud-core: direction must be "ltr" or "rtl", not ${String(direction)}`);
    }
    const w = numberOrUnbounded(width, 'width');
    const spacingValue = number(spacing, 'spacing');
    const merge = number(mergeDistance, 'mergeDistance');
    const rows = rowLimit(maxRows, moreSizes);
    return this.#call((e) => {
      const [input, count] = this.#packedInput(e, sizes);
      const packed = this.#packed;
      const out = packed.output(e, count);
      const more = rows.moreSizes === null ? 0 : packed.moreSizes(e, rows.moreSizes);
      const lay = () =>
        e.tc_layout_packed(input, count, w, spacingValue, merge, rightToLeft, rows.maxRows, more,
          moreSizes.length, out, packed.necks, packed.neckCapacity);
      let code = lay();
      if (code < 0) {
        throw refusal(code, sizes, input, e, { width: w, spacing: spacingValue, mergeDistance: merge, count, more });
      }
      // More necks than room (rare: the block starts with room for four a tag and doubles): the
      // core counted them and wrote none; the same layout again writes them.
      const neckCount = new Float64Array(e.memory.buffer, out + 16, 1)[0];
      if (neckCount > packed.neckCapacity) {
        packed.growNecks(e, neckCount);
        code = lay();
      }
      return packed.frame(e, count, code, neckCount, rows.moreSizes);
    });
  }

  /**
   * The flow rule alone over packed sizes `[w0, h0, w1, h1, …]` (no rows or merge groups).
   * `width` is the container width (`Infinity` or `null` for one unbounded row). Returns the
   * packed origins `[x0, y0, …]` and the cloud's size.
   *
   * With a view from `sizesBuffer`, nothing is copied: the sizes are read in place, and the
   * origins are a view into the module's memory, valid until the next call on this core. With
   * another `Float64Array` the sizes are copied in and the origins copied out, into `into` when
   * given (a `Float64Array` at least as long as `sizes`: no allocation per call) or a new array.
   * The module checks each size in the pass that lays it out: a NaN, infinite or negative size
   * throws a `RangeError` naming it.
   */
  arrange(sizes, width, spacing, into) {
    if (into !== undefined && !(into instanceof Float64Array && into.length >= sizes?.length)) {
      throw new TypeError('tagcloud-core: into must be a Float64Array at least as long as sizes');
    }
    const w = numberOrUnbounded(width, 'width');
    const spacingValue = number(spacing, 'spacing');
    const e = this.#exports;
    try {
      const [input, count, inPlace] = this.#packedInput(e, sizes);
      const out = this.#packed.arrangeOutput(e, count);
      const code = e.tc_arrange(input, count, w, spacingValue, out);
      if (code < 0) throw refusal(code, sizes, input, e, { width: w, spacing: spacingValue });
      const packed = this.#packed;
      const result = packed.arrangeResult(e, out, count);
      if (inPlace && into === undefined) return result;
      const origins = into === undefined ? new Float64Array(2 * count)
        : into.length === 2 * count ? into : into.subarray(0, 2 * count);
      origins.set(result.origins);
      result.origins = origins;
      return result;
    } catch (error) {
      throw this.#recovered(error);
    }
  }

  /**
   * Where `sizes` is in linear memory, its count of tags, and whether it is read in place (a
   * view from `sizesBuffer`) rather than copied into the scratch buffer.
   */
  #packedInput(e, sizes) {
    const view = this.#packed.viewPointer(e, sizes);
    if (view !== undefined) return view;
    if (!(sizes instanceof Float64Array) || sizes.length % 2 !== 0) {
      throw new TypeError('tagcloud-core: sizes must be a Float64Array of [width, height] pairs');
    }
    if (sizes.buffer === e.memory.buffer) {
      throw new TypeError(
        'tagcloud-core: sizes is a view of the core\'s memory that the core no longer hands out (call sizesBuffer again)',
      );
    }
    const count = sizes.length / 2;
    if (count > MAX_PACKED_COUNT) throw new RangeError(`tagcloud-core: at most ${MAX_PACKED_COUNT} tags`);
    const input = this.#reserve(e, 8 * sizes.length);
    new Float64Array(e.memory.buffer, input, sizes.length).set(sizes);
    return [input, count, false];
  }

  /**
   * The motion of an `animation` value of the protocol ("snappy", "smooth", "spacing" or
   * `{duration, bounce}`): `{duration, bounce, settle, easing}` with a CSS `linear()` easing,
   * or `null` for `null`.
   */
  motion(animation) {
    return this.layout({ width: null, spacing: 0, tags: [], animation }).animation;
  }

  /**
   * The index of the item at `(x, y)` in `response`, or -1: the core's rule over the touch
   * targets (a little taller than the capsules; a point inside a capsule picks that capsule).
   */
  hitTest(response, x, y) {
    const { items, rows } = checkedLayout(response);
    if (typeof x !== 'number' || typeof y !== 'number' || Number.isNaN(x) || Number.isNaN(y)) {
      throw new TypeError('tagcloud-core: hitTest takes a point (x, y) of numbers');
    }
    return this.#call((e) => {
      const [frames, rowStarts] = this.#pack(e, items, rows);
      return e.tc_hit_test(frames, items.length, rowStarts, rows.length, x, y);
    });
  }

  /**
   * Where keyboard focus goes from item `index` of `response` on `key` ("next", "previous",
   * "up", "down", "first", "last", "previousRow", "nextRow": the first item of the row above or
   * below), by the layout's geometry. At an edge it stays. `index` -1 means nothing is focused
   * yet, as if before the first item: "next", "down", "nextRow" and "first" then go to the first
   * item, "previous", "up" and "last" to the last, "previousRow" to the first of the last row;
   * -1 for a response without items.
   */
  navigate(response, index, key) {
    const { items, rows } = checkedLayout(response);
    const code = NAVIGATION_KEYS.indexOf(key);
    if (code < 0) throw new RangeError(`tagcloud-core: unknown navigation key ${String(key)}`);
    if (!Number.isInteger(index) || index < -1 || index >= items.length) {
      throw new RangeError(`tagcloud-core: index ${index} is not an item of the response`);
    }
    if (items.length === 0) return -1;
    if (index === -1) {
      if (key === 'previousRow') return rows[rows.length - 1];
      return ['next', 'down', 'nextRow', 'first'].includes(key) ? 0 : items.length - 1;
    }
    return this.#call((e) => {
      const [frames, rowStarts] = this.#pack(e, items, rows);
      return e.tc_navigate(frames, items.length, rowStarts, rows.length, index, code);
    });
  }

  /** Bytes of linear memory now, and bytes held by live allocations (for leak checks). */
  get memoryStats() {
    const e = this.#exports;
    return { memoryBytes: e.memory.buffer.byteLength, liveBytes: e.tc_live_bytes() };
  }

  /** Packs the capsule frames (f64 x, y, w, h) and row starts (i32) into the scratch buffer. */
  #pack(e, items, rows) {
    const framesBytes = 8 * 4 * items.length;
    const pointer = this.#reserve(e, framesBytes + 4 * rows.length);
    const frames = new Float64Array(e.memory.buffer, pointer, 4 * items.length);
    items.forEach(({ x, y, w, h }, i) => {
      frames[4 * i] = x;
      frames[4 * i + 1] = y;
      frames[4 * i + 2] = w;
      frames[4 * i + 3] = h;
    });
    new Int32Array(e.memory.buffer, pointer + framesBytes, rows.length).set(rows);
    return [pointer, pointer + framesBytes];
  }

  /** The scratch buffer with room for `bytes`; it at least doubles when it grows. */
  #reserve(e, bytes) {
    if (bytes > this.#scratchBytes) {
      const grown = Math.max(bytes, 2 * this.#scratchBytes, 1024);
      if (this.#scratch !== 0) e.tc_free(this.#scratch);
      this.#scratch = 0;
      this.#scratchBytes = 0;
      const pointer = e.tc_alloc(grown);
      if (pointer === 0) throw new RangeError('tagcloud-core: out of memory');
      this.#scratch = pointer;
      this.#scratchBytes = grown;
    }
    return this.#scratch;
  }

  /**
   * Runs one call. A trap (out of memory, a bug) leaves an instance's stack and heap in an
   * unknown state, so the spare instance takes over and the error is thrown as an `Error`.
   */
  #call(body) {
    try {
      return body(this.#exports);
    } catch (error) {
      throw this.#recovered(error);
    }
  }

  /** The error to throw for `error`; after a trap, the spare instance has taken over. */
  #recovered(error) {
    if (!(error instanceof WebAssembly.RuntimeError)) return error;
    this.#exports = this.#spare ?? new WebAssembly.Instance(this.#module, {}).exports;
    this.#spare = null;
    this.#scratch = 0;
    this.#scratchBytes = 0;
    this.#packed.reset();
    this.#refillSpare();
    return new Error(`tagcloud-core: the core trapped (${error.message}); it was restarted`);
  }

  #refillSpare() {
    instantiate(this.#module).then(
      (exports) => {
        this.#spare = exports;
      },
      () => {},
    );
  }
}

async function instantiate(module) {
  return (await WebAssembly.instantiate(module, {})).exports;
}

/** Reads a result block `[u32 length][u32 status][bytes]`; status 1 means an error message. */
function readResult(e, block) {
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
function checkedLayout(response) {
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
function numberOrUnbounded(value, name) {
  return value === null || value === undefined ? Infinity : number(value, name);
}

function number(value, name) {
  if (typeof value !== 'number') {
    throw new TypeError(`tagcloud-core: ${name} must be a number, not ${typeof value}`);
  }
  return value;
}

/**
 * `layoutPacked`'s row limit, its types checked (the core checks the sizes' values):
 * `{maxRows, moreSizes}` with the sizes flattened to `[w1, h1, w2, h2, …]` (null without a
 * limit).
 */
function rowLimit(maxRows, moreSizes) {
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
function refusal(code, sizes, input, e, scalars) {
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

/** `views` (an output's cached views) for this buffer, output and count, emptied when any changed. */
function cached(views, e, out, count) {
  const buffer = e.memory.buffer;
  if (views.buffer !== buffer || views.out !== out || views.count !== count) {
    views.buffer = buffer;
    views.out = out;
    views.count = count;
    views.f64 = new Float64Array(buffer);
    views.origins = null;
  }
  return views;
}

/**
 * `tc_layout_packed`'s refusal codes of the row limit: too few "+K" sizes (minus the number
 * needed), a negative `maxRows`, a bad "+K" size number (minus 1 + its index).
 */
const MORE_SIZES_CODE = -(2 ** 29);
const MAX_ROWS_CODE = -(2 ** 30);
const MORE_SIZE_CODE = -(2 ** 30) - 1;
/** "+K" sizes `layoutPacked` takes: K is at most `MAX_PACKED_COUNT`, 7 digits. */
const MAX_MORE_SIZES = 7;
/** The JSON path's default `mergeDistance`. */
const DEFAULT_MERGE_DISTANCE = 10;
/** The JSON path's tag limit (`WireLimits.maximumTags`), for the packed path too. */
const MAX_PACKED_COUNT = 1_000_000;
/**
 * Linear memory reserved per tag when the packed block grows, for the layout's working arrays
 * (frames, rows, union-find, groups: about 100 bytes a tag, in power-of-two blocks; the necks
 * are written straight into their block). Measured by Tests/node/packed.test.mjs, which
 * requires a run of layouts not to grow memory.
 */
const WORKING_BYTES_PER_TAG = 256;

/** Bytes of `tc_layout_packed`'s neck output per neck: gap, axis (4), span (f64), pair (2 i32). */
const NECK_BYTES = 56;
/** Necks the neck block has room for when the packed block grows, per tag (doubled on demand). */
const NECKS_PER_TAG = 4;

/**
 * The packed path's block of linear memory for up to n tags: the sizes (`2n` f64, which
 * `sizesBuffer` hands out); `tc_layout_packed`'s output: `[width, height, neckCount, hidden]`,
 * the origins (`2n` f64, 2 more under a row limit), the rows and the merge groups (`n` i32
 * each, 1 more under a row limit); `tc_arrange`'s output: the origins then `[width, height]`;
 * the "+K" sizes of a row limit (`2 * MAX_MORE_SIZES` f64). And a second block for the necks of
 * `tc_layout_packed`: for room for m necks, their gaps (m f64), axes (4m f64), spans (m f64),
 * pairs (2m i32). Hands out views of both and recognises the sizes views.
 */
class PackedRegion {
  #pointer = 0;
  #capacity = 0;
  /** Views of the current block that `sizesBuffer` handed out, with their tag count. */
  #views = new WeakMap();
  /** Every view ever handed out, to name stale ones. */
  #handedOut = new WeakSet();
  #last = null;
  #lastCount = 0;
  /** The views of the last `arrange` and `layoutPacked` outputs, reused while they stay valid. */
  #arrangeViews = { buffer: null, out: 0, count: -1, f64: null, origins: null };
  #frameViews = { buffer: null, out: 0, count: -1, f64: null, origins: null, rows: null, groups: null };
  #necksPointer = 0;
  #necksCapacity = 0;
  #neckViews = { buffer: null, pointer: 0, count: -1, necks: null, gaps: null, axes: null, spans: null };

  /** Where `tc_layout_packed` writes the necks, and how many fit. */
  get necks() {
    return this.#necksPointer;
  }

  get neckCapacity() {
    return this.#necksCapacity;
  }

  /** Room for at least `count` necks (doubling), dropping the old necks' block. */
  growNecks(e, count) {
    const capacity = Math.max(count, 2 * this.#necksCapacity, 16);
    const pointer = e.tc_alloc(NECK_BYTES * capacity);
    if (pointer === 0) throw new RangeError('tagcloud-core: out of memory');
    if (this.#necksPointer !== 0) e.tc_free(this.#necksPointer);
    this.#necksPointer = pointer;
    this.#necksCapacity = capacity;
    this.#neckViews.buffer = null;
  }

  sizesView(e, count) {
    this.#ensure(e, count);
    if (this.#last !== null && this.#lastCount === count && this.#last.buffer === e.memory.buffer) {
      return this.#last;
    }
    const view = new Float64Array(e.memory.buffer, this.#pointer, 2 * count);
    this.#views.set(view, count);
    this.#handedOut.add(view);
    this.#last = view;
    this.#lastCount = count;
    return view;
  }

  /** `[pointer, count, true]` for a view this block handed out; undefined for other arrays. */
  viewPointer(e, sizes) {
    if (sizes === this.#last) return [this.#pointer, this.#lastCount, true];
    const count = this.#views.get(sizes);
    if (count !== undefined) return [this.#pointer, count, true];
    if (this.#handedOut.has(sizes)) {
      throw new TypeError(
        'tagcloud-core: sizes is a stale view (a larger sizesBuffer or a restart replaced it): call sizesBuffer again',
      );
    }
    return undefined;
  }

  /** The output area of `tc_layout_packed` for `count` tags (and room for its necks). */
  output(e, count) {
    this.#ensure(e, count);
    return this.#pointer + 16 * this.#capacity;
  }

  /**
   * The output area of `tc_arrange` for `count` tags: apart from the frame's, so that an
   * `arrange` (which may have written origins before meeting a bad size) never touches it.
   */
  arrangeOutput(e, count) {
    this.#ensure(e, count);
    return this.#pointer + 40 * this.#capacity + 56;
  }

  /** Where `tc_layout_packed` reads the "+K" sizes: `flat` (`[w1, h1, …]`) copied there. */
  moreSizes(e, flat) {
    const pointer = this.#pointer + 56 * this.#capacity + 72;
    new Float64Array(e.memory.buffer, pointer, flat.length).set(flat);
    return pointer;
  }

  /** `{origins, width, height}` of `tc_arrange`'s output; `origins` a view. */
  arrangeResult(e, out, count) {
    const views = this.#arrangeViews;
    // Per call, the views of the last call are reused as long as memory has not grown (which
    // detaches them: length 0) without asking for `memory.buffer`, a getter that costs more
    // than the rest of this function at 10 tags.
    const live = views.buffer !== null && views.out === out && views.count === count &&
      views.origins !== null && views.f64.length !== 0;
    const cache = live ? views : cached(views, e, out, count);
    cache.origins ??= new Float64Array(e.memory.buffer, out, 2 * count);
    const at = (out >> 3) + 2 * count;
    return { origins: cache.origins, width: cache.f64[at], height: cache.f64[at + 1] };
  }

  /**
   * The frame of `tc_layout_packed`'s output for `count` tags, and under a row limit (`more`,
   * the "+K" sizes `[w1, h1, …]`, null without a limit) the "+K" capsule as item `count`;
   * typed arrays are views.
   */
  frame(e, count, groupCount, neckCount, more) {
    const out = this.#pointer + 16 * this.#capacity;
    const items = more === null ? count : count + 1;
    const cache = cached(this.#frameViews, e, out, items);
    if (cache.origins === null) {
      cache.origins = new Float64Array(e.memory.buffer, out + 32, 2 * items);
      cache.rows = new Int32Array(e.memory.buffer, out + 32 + 16 * items, items);
      cache.groups = new Int32Array(e.memory.buffer, out + 32 + 20 * items, items);
    }
    const necks = this.#neckViews;
    const buffer = e.memory.buffer;
    if (necks.buffer !== buffer || necks.pointer !== this.#necksPointer || necks.count !== neckCount) {
      const pointer = this.#necksPointer;
      const room = this.#necksCapacity;
      necks.buffer = buffer;
      necks.pointer = pointer;
      necks.count = neckCount;
      necks.gaps = new Float64Array(buffer, pointer, neckCount);
      necks.axes = new Float64Array(buffer, pointer + 8 * room, 4 * neckCount);
      necks.spans = new Float64Array(buffer, pointer + 40 * room, neckCount);
      necks.necks = new Int32Array(buffer, pointer + 48 * room, 2 * neckCount);
    }
    const at = out >> 3;
    const frame = {
      count,
      size: [cache.f64[at], cache.f64[at + 1]],
      origins: cache.origins,
      rows: cache.rows,
      groups: cache.groups,
      groupCount,
      necks: necks.necks,
      neckGaps: necks.gaps,
      neckAxes: necks.axes,
      neckSpans: necks.spans,
      neckCount,
    };
    if (more !== null) {
      const hidden = cache.f64[at + 3];
      // The capsule's size is the caller's, for K's digit count.
      const digits = String(hidden).length;
      frame.hidden = hidden;
      frame.more = hidden === 0 ? null : {
        index: count,
        x: cache.origins[2 * count],
        y: cache.origins[2 * count + 1],
        w: more[2 * digits - 2],
        h: more[2 * digits - 1],
        row: cache.rows[count],
        group: cache.groups[count],
      };
    }
    return frame;
  }

  /** After a restart: the block belonged to the old instance. */
  reset() {
    this.#pointer = 0;
    this.#capacity = 0;
    this.#views = new WeakMap();
    this.#last = null;
    this.#lastCount = 0;
    this.#arrangeViews.buffer = null;
    this.#frameViews.buffer = null;
    this.#necksPointer = 0;
    this.#necksCapacity = 0;
    this.#neckViews.buffer = null;
  }

  /** Grows the block to hold `count` tags, keeping the sizes written so far. */
  #ensure(e, count) {
    if (count <= this.#capacity && this.#pointer !== 0) return;
    const capacity = Math.max(count, 2 * this.#capacity, 16);
    const pointer = e.tc_alloc(56 * capacity + 72 + 16 * MAX_MORE_SIZES);
    if (pointer === 0) throw new RangeError('tagcloud-core: out of memory');
    if (this.#pointer !== 0) {
      new Uint8Array(e.memory.buffer).copyWithin(pointer, this.#pointer, this.#pointer + 16 * this.#capacity);
      e.tc_free(this.#pointer);
    }
    this.#pointer = pointer;
    this.#capacity = capacity;
    this.#views = new WeakMap();
    this.#last = null;
    this.#arrangeViews.buffer = null;
    this.#frameViews.buffer = null;
    if (this.#necksCapacity < NECKS_PER_TAG * capacity) this.growNecks(e, NECKS_PER_TAG * capacity);
    // Room for the layout's working arrays, so that layouts of up to `capacity` tags do not grow
    // memory (which would detach the views the caller holds).
    // Best effort: without it a layout grows memory itself when it must.
    try {
      e.memory.grow(Math.ceil((WORKING_BYTES_PER_TAG * capacity) / 65536));
    } catch {}
  }
}
