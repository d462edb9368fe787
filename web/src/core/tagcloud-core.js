// The Glass Tag Cloud core in the browser (and node 20): the Embedded Swift module
// `tagcloud.wasm`, which lays out exactly as the native `tagcloud layout` does.
//
//   import { loadTagCloudCore } from './tagcloud-core.js';
//   const core = await loadTagCloudCore();
//   const { size, items } = core.layout({ width: 390, spacing: 18, tags: [{ id: 'Swift', size: [80, 40] }] });
//
// Every call is synchronous and runs to completion, so any number of components may share one
// core. The module imports nothing; see docs/WASM.md for the exports and the memory model.

import {
  checkedLayout, checkedPoint, itemFrames, number, numberOrUnbounded, placedTags, readResult, refusal, rowLimit,
} from './core-arguments.js';
import { DEFAULT_MERGE_DISTANCE, MAX_TAGS } from './core-constants.js';
import { PackedRegion } from './packed-region.js';
import { compile } from './wasm-source.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** Motion keys of `navigate`, as the core numbers them. */
const NAVIGATION_KEYS = ['next', 'previous', 'up', 'down', 'first', 'last', 'previousRow', 'nextRow'];

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

/** One instance of the module, with a spare so that a trap never leaves the core unusable. */
class TagCloudCore {
  #module;
  #exports;
  #spare = null;
  #scratch = 0; // a reusable buffer: copies of caller-owned sizes, hit-test frames
  #scratchBytes = 0;
  #packed = new PackedRegion();
  #motions = new Map(); // a named spring ("snappy", …) → its motion

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
    if (!Number.isInteger(count) || count < 0 || count > MAX_TAGS) {
      throw new RangeError(`tagcloud-core: sizesBuffer takes a tag count from 0 to ${MAX_TAGS}, not ${count}`);
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
      const result = this.#packed.arrangeResult(e, out, count);
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
    if (count > MAX_TAGS) throw new RangeError(`tagcloud-core: at most ${MAX_TAGS} tags`);
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
    if (typeof animation === 'string' && this.#motions.has(animation)) return this.#motions.get(animation);
    const motion = this.layout({ width: null, spacing: 0, tags: [], animation }).animation;
    if (typeof animation === 'string') this.#motions.set(animation, Object.freeze(motion)); // it never changes
    return motion;
  }

  /**
   * The index of the item at `(x, y)` in `layout`, or -1: the core's rule over the touch
   * targets (a little taller than the capsules; a point inside a capsule picks that capsule).
   * `layout` is a response, or a packed frame (no JSON): `count`, `origins`, `sizes`, `rows`
   * (copies: this call may move the module's memory); a tag a row limit hides is never hit.
   */
  hitTest(layout, x, y) {
    const packed = layout?.origins === undefined ? itemFrames(checkedLayout(layout)) : placedTags(layout);
    checkedPoint(x, y);
    return this.#call((e) => {
      const [frames, rowStarts] = this.#pack(e, packed);
      const index = e.tc_hit_test(frames, packed.count, rowStarts, packed.rowStarts.length, x, y);
      return index < 0 || packed.tags === null ? index : packed.tags[index];
    });
  }

  /**
   * Where keyboard focus goes from item `index` of `layout` on `key` ("next", "previous",
   * "up", "down", "first", "last", "previousRow", "nextRow": the first item of the row above or
   * below), by the layout's geometry. At an edge it stays. `index` -1 means nothing is focused
   * yet, as if before the first item: "next", "down", "nextRow" and "first" then go to the first
   * item, "previous", "up" and "last" to the last, "previousRow" to the first of the last row;
   * -1 for a layout without items. `layout` is a response, or a packed frame (no JSON; as
   * `hitTest` takes it): its indices are tags, and a tag a row limit hides stays where it is.
   */
  navigate(layout, index, key) {
    const packed = layout?.origins === undefined ? itemFrames(checkedLayout(layout)) : placedTags(layout);
    const code = NAVIGATION_KEYS.indexOf(key);
    if (code < 0) throw new RangeError(`tagcloud-core: unknown navigation key ${String(key)}`);
    const count = packed.tags === null ? packed.count : layout.count;
    if (!Number.isInteger(index) || index < -1 || index >= count) {
      throw new RangeError(`tagcloud-core: index ${index} is not an item of the layout`);
    }
    const from = index < 0 || packed.tags === null ? index : packed.tags.indexOf(index);
    if (packed.count === 0) return index < 0 ? -1 : index;
    if (from < 0 && index >= 0) return index; // hidden by the row limit: nowhere to go from it
    let to;
    if (from === -1) {
      if (key === 'previousRow') to = packed.rowStarts[packed.rowStarts.length - 1];
      else to = ['next', 'down', 'nextRow', 'first'].includes(key) ? 0 : packed.count - 1;
    } else {
      to = this.#call((e) => {
        const [frames, rowStarts] = this.#pack(e, packed);
        return e.tc_navigate(frames, packed.count, rowStarts, packed.rowStarts.length, from, code);
      });
    }
    return packed.tags === null ? to : packed.tags[to];
  }

  /** Bytes of linear memory now, and bytes held by live allocations (for leak checks). */
  get memoryStats() {
    const e = this.#exports;
    return { memoryBytes: e.memory.buffer.byteLength, liveBytes: e.tc_live_bytes() };
  }

  /** Packs a layout's capsule frames (f64 x, y, w, h) and row starts (i32) into the scratch buffer. */
  #pack(e, { count, rowStarts, write }) {
    const framesBytes = 8 * 4 * count;
    const pointer = this.#reserve(e, framesBytes + 4 * rowStarts.length);
    write(new Float64Array(e.memory.buffer, pointer, 4 * count));
    new Int32Array(e.memory.buffer, pointer + framesBytes, rowStarts.length).set(rowStarts);
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
