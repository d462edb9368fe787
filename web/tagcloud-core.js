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
const NAVIGATION_KEYS = ['next', 'previous', 'up', 'down', 'first', 'last'];

const isNode = typeof process === 'object' && process !== null && !!process.versions?.node;

let defaultCore = null;

/**
 * Loads the Wasm core. `source` is a URL (or a URL string), a `Response` (or a promise of one),
 * an `ArrayBuffer`, a typed array or a compiled `WebAssembly.Module`; by default `tagcloud.wasm`
 * beside this file. Without a `source`, every call shares one core.
 */
export async function loadTagCloudCore(source) {
  if (source === undefined) {
    defaultCore ??= compile(new URL('tagcloud.wasm', import.meta.url)).then(TagCloudCore.create);
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
  #scratch = 0; // a reusable buffer for `arrange` and the packed calls
  #scratchBytes = 0;

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
   * The fast path: the flow rule over packed sizes `[w0, h0, w1, h1, …]`. `width` is the
   * container width (`Infinity` or `null` for one unbounded row). Returns the packed origins
   * `[x0, y0, …]` and the cloud's size. Pass `into` (a `Float64Array` at least as long as
   * `sizes`) to receive the origins without allocating: a cloud re-laid out on every resize
   * then costs two copies across the Wasm boundary and nothing for the garbage collector.
   */
  arrange(sizes, width, spacing, into) {
    if (!(sizes instanceof Float64Array) || sizes.length % 2 !== 0) {
      throw new TypeError('tagcloud-core: sizes must be a Float64Array of [width, height] pairs');
    }
    if (into !== undefined && !(into instanceof Float64Array && into.length >= sizes.length)) {
      throw new TypeError('tagcloud-core: into must be a Float64Array at least as long as sizes');
    }
    width = checkWidth(width);
    spacing = checkLength(spacing, 'spacing');
    for (let i = 0; i < sizes.length; i++) {
      const size = sizes[i];
      if (!(size >= 0 && size < Infinity)) {
        throw new RangeError(`tagcloud-core: size ${i} must be finite and non-negative`);
      }
    }
    const count = sizes.length / 2;
    return this.#call((e) => {
      const input = this.#reserve(e, 8 * (4 * count + 2));
      const output = input + 8 * sizes.length;
      new Float64Array(e.memory.buffer, input, sizes.length).set(sizes);
      e.tc_arrange(input, count, width, spacing, output);
      const result = new Float64Array(e.memory.buffer, output, sizes.length + 2);
      const origins = into === undefined ? new Float64Array(sizes.length)
        : into.length === sizes.length ? into : into.subarray(0, sizes.length);
      origins.set(result.subarray(0, sizes.length));
      return { origins, width: result[sizes.length], height: result[sizes.length + 1] };
    });
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
   * "up", "down", "first", "last"), by the layout's geometry. At an edge it stays. `index` -1
   * means nothing is focused yet: "next", "down" and "first" then go to the first item,
   * "previous", "up" and "last" to the last; -1 for a response without items.
   */
  navigate(response, index, key) {
    const { items, rows } = checkedLayout(response);
    const code = NAVIGATION_KEYS.indexOf(key);
    if (code < 0) throw new RangeError(`tagcloud-core: unknown navigation key ${String(key)}`);
    if (!Number.isInteger(index) || index < -1 || index >= items.length) {
      throw new RangeError(`tagcloud-core: index ${index} is not an item of the response`);
    }
    if (items.length === 0) return -1;
    if (index === -1) return ['next', 'down', 'first'].includes(key) ? 0 : items.length - 1;
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

  #reserve(e, bytes) {
    if (bytes > this.#scratchBytes) {
      if (this.#scratch !== 0) e.tc_free(this.#scratch);
      this.#scratch = 0;
      this.#scratchBytes = 0;
      const grown = Math.max(bytes, 2 * this.#scratchBytes, 1024);
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
      if (!(error instanceof WebAssembly.RuntimeError)) throw error;
      this.#exports = this.#spare ?? new WebAssembly.Instance(this.#module, {}).exports;
      this.#spare = null;
      this.#scratch = 0;
      this.#scratchBytes = 0;
      this.#refillSpare();
      throw new Error(`tagcloud-core: the core trapped (${error.message}); it was restarted`);
    }
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

function checkWidth(width) {
  if (width === null || width === undefined || width === Infinity) return Infinity;
  return checkLength(width, 'width');
}

function checkLength(value, name) {
  if (typeof value !== 'number' || !(value >= 0 && value < Infinity)) {
    throw new RangeError(`tagcloud-core: ${name} must be a finite, non-negative number`);
  }
  return value;
}
