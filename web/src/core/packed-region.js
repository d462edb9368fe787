// The packed path's linear memory (tagcloud-core.js): one block for the sizes and the outputs of
// `tc_layout_packed` and `tc_arrange`, one for the necks, and the typed-array views of both,
// kept while they stay valid (WebAssembly detaches every view when memory grows).

import { MAX_MORE_SIZES } from './core-arguments.js';

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
export class PackedRegion {
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
