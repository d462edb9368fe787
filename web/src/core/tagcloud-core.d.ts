// Types of web/tagcloud-core.js, the loader of the Glass Tag Cloud Wasm core (hand-written).
// The request and response shapes are those of docs/PROTOCOL.md.

/**
 * A spring of the protocol: a preset (`"spacing"` is the seed's `.smooth(duration: 0.7)`) or an
 * explicit duration in (0, 10] seconds and bounce in (-1, 1).
 */
export type Animation =
  | 'snappy'
  | 'smooth'
  | 'bouncy'
  | 'spacing'
  | { duration: number; bounce: number };

/**
 * A tag: a unique id and either its capsule size or its label as measured (one-line width,
 * optional word widths and space width), from which the core sizes the capsule.
 */
export type TagSpec =
  | { id: string; size: [width: number, height: number] }
  | { id: string; label: { width: number; words?: number[]; space?: number } };

/** A layout request (docs/PROTOCOL.md). Everything but `width`, `spacing` and `tags` is optional. */
export interface LayoutRequest {
  /** The container width; `null` lays the tags out on one unbounded row. */
  width: number | null;
  spacing: number;
  mergeDistance?: number;
  textScale?: number;
  lineHeight?: number;
  tags: TagSpec[];
  /** Ids of the selected tags. */
  selection?: string[];
  animation?: Animation | null;
  reduceMotion?: boolean;
  direction?: 'ltr' | 'rtl';
  /**
   * At most this many rows (0: no limit): the tags beyond fold into a "+K" capsule after the
   * longest prefix that fits with it. Then `moreSizes` is required.
   */
  maxRows?: number;
  /**
   * The "+K" capsule's `[width, height]` for a K of 1 digit, 2, …: as many as the tag count has
   * digits (measured by the caller: "+9", "+99", …).
   */
  moreSizes?: [width: number, height: number][];
}

/** Where a tag went. Items come in request order. */
export interface LayoutItem {
  id: string;
  x: number;
  y: number;
  w: number;
  h: number;
  selected: boolean;
  /** The touch target `[x, y, w, h]`: 3 px more above and below, at least 44 px tall. */
  touch: [x: number, y: number, w: number, h: number];
}

/** The motion of an animation: a spring, its settle time (s) and a CSS `linear()` easing. */
export interface Motion {
  duration: number;
  bounce: number;
  settle: number;
  easing: string;
}

/** A layout response (docs/PROTOCOL.md). */
export interface LayoutResponse {
  size: [width: number, height: number];
  items: LayoutItem[];
  /** Merge groups: indices of capsules closer than `mergeDistance`, ordered by first index. */
  groups: number[][];
  /** The index of the first item of each row (the "+K" capsule's row is `more.row`). */
  rows: number[];
  animation: Motion | null;
  /** Under `maxRows`: how many tags (the last ones) the "+K" capsule stands for. */
  hidden?: number;
  /**
   * Under `maxRows`: the "+K" capsule, null when nothing is hidden. `items` holds the shown tags
   * only; `groups` lists the capsule as index `items.length`.
   */
  more?: {
    x: number;
    y: number;
    w: number;
    h: number;
    touch: [x: number, y: number, w: number, h: number];
    row: number;
  } | null;
}

/** The container of a packed layout: as a JSON request's fields of the same names. */
export interface PackedLayoutOptions {
  /** The container width; `null`, `undefined` or `Infinity`: one unbounded row. */
  width?: number | null;
  spacing: number;
  /** The gap below which neighbours melt; 10 (the JSON default) when omitted. */
  mergeDistance?: number;
  /** `"rtl"` mirrors the rows as the JSON path does; `"ltr"` by default. */
  direction?: 'ltr' | 'rtl';
  /**
   * At most this many rows, a whole number (0, the default: no limit); the tags beyond fold
   * into a "+K" capsule, item `count` of the frame.
   */
  maxRows?: number;
  /**
   * The "+K" capsule's `[width, height]` for a K of 1 digit, 2, … (at most 7): needed under
   * `maxRows`, as many as the tag count has digits.
   */
  moreSizes?: [width: number, height: number][];
}

/** The "+K" capsule of a row-limited packed layout: item `index` (the tag count). */
export interface PackedMore {
  index: number;
  x: number;
  y: number;
  w: number;
  h: number;
  row: number;
  group: number;
}

/**
 * One packed layout. The typed arrays are views into the module's memory, valid until the next
 * call on the core (memory growth detaches them; copy what you keep).
 */
export interface PackedFrame {
  /** The number of tags, n. */
  count: number;
  /** The content's width and height, as the JSON response's `size`. */
  size: [width: number, height: number];
  /**
   * `[x0, y0, x1, y1, …]` (2n; 2n + 2 under `maxRows`, the "+K" capsule last): the JSON
   * `items[i].x, y`, mirrored for rtl; NaN for a hidden tag.
   */
  origins: Float64Array;
  /**
   * The row of item i (n; n + 1 under `maxRows`); the JSON `rows` lists each row's first item
   * instead; -1 for a hidden tag.
   */
  rows: Int32Array;
  /**
   * The merge group of item i (n; n + 1 under `maxRows`), groups numbered by their first item
   * as the JSON `groups`; -1 for a hidden tag.
   */
  groups: Int32Array;
  /** Under `maxRows`: the number of hidden tags, K (the last K). */
  hidden?: number;
  /** Under `maxRows`: the "+K" capsule, null when nothing is hidden. */
  more?: PackedMore | null;
  /** The number of merge groups. */
  groupCount: number;
  /**
   * The pairs of capsules that melt (their shapes closer than `mergeDistance`): the core's one
   * melt rule, every pair it found, so no renderer finds them again. `[i0, j0, i1, j1, …]`
   * (2 × neckCount), each `i < j`, ordered by the row of `i`, then the row of `j`, then `i`,
   * then `j` (the pairs within a row before those reaching the rows below it). Every pair's
   * capsules share a merge group; a group of k > 1 capsules has at least k − 1 pairs.
   */
  necks: Int32Array;
  /** The gap between the two capsules' shapes (stadiums) of each neck, in [0, mergeDistance). */
  neckGaps: Float64Array;
  /**
   * The axis of each neck, `[fromX, fromY, toX, toY, …]` (4 × neckCount), in the frame's
   * (rtl: mirrored) coordinates: the closest points of the two capsules' centre segments
   * (a capsule w × h is the segment through its middle, inset min(w, h) / 2 from its ends,
   * swept by radius min(w, h) / 2), from `i`'s to `j`'s. Per axis: the segments' facing ends
   * where their extents are apart, the middle of their overlap where they overlap. Its length
   * is the gap plus both radii.
   */
  neckAxes: Float64Array;
  /**
   * Half the length over which the two centre segments run side by side at the axis's distance
   * (capsules in adjacent rows: the neck is a wall along their shared length, centred on the
   * axis); 0 where only their ends face each other (neighbours in a row, corners).
   */
  neckSpans: Float64Array;
  /** The number of necks. */
  neckCount: number;
}

/**
 * Reading order (`next`, `previous`), the nearest tag of the row above or below (`up`, `down`),
 * the first and last tag (`first`, `last`: Home, End), the first tag of the row above or below
 * (`previousRow`, `nextRow`: PageUp, PageDown).
 */
export type NavigationKey =
  | 'next'
  | 'previous'
  | 'up'
  | 'down'
  | 'first'
  | 'last'
  | 'previousRow'
  | 'nextRow';

/** One instance of the Wasm core. Every call is synchronous; share it freely. */
export interface TagCloudCore {
  /**
   * Lays out a request (an object, or its JSON text). Throws an `Error` whose message is the
   * core's, e.g. `"expected a number at byte 12"`, when the request is refused.
   */
  layout(request: LayoutRequest | string): LayoutResponse;
  /** The JSON path byte for byte: UTF-8 request in, the core's UTF-8 response out. */
  layoutBytes(request: Uint8Array): Uint8Array;
  /**
   * A `Float64Array` of `2 * count` numbers in the module's memory for capsule sizes
   * `[w0, h0, w1, h1, …]`: write the sizes there and pass it to `layoutPacked`/`arrange`, which
   * then copy nothing. Its numbers are kept across calls (and carried over to a larger buffer,
   * after which older views are refused as stale). Views detach when linear memory grows
   * (length 0): call `sizesBuffer(count)` again before writing (a live view of the same
   * numbers, no copy); the last view it returned stays accepted even detached. Reserves room for
   * the layout's working memory, so that layouts of up to `count` tags do not grow memory.
   * Throws `RangeError` unless `count` is an integer in [0, 1,000,000].
   */
  sizesBuffer(count: number): Float64Array;
  /**
   * The per-frame layout without JSON, through the same core as `layout()`: sizes in; origins,
   * rows, merge groups and necks (the pairs that melt, see `PackedFrame.necks`) out as views
   * into the module's memory, valid until the next call on this core (copy what you keep). Throws `TypeError`/`RangeError` naming the bad argument (a
   * size NaN, infinite or negative; a bad width, spacing, mergeDistance or direction); a refused
   * call writes nothing.
   */
  layoutPacked(sizes: Float64Array, options: PackedLayoutOptions): PackedFrame;
  /**
   * The flow rule alone over packed sizes `[w0, h0, w1, h1, …]`, no JSON. `width` may be
   * `Infinity` or `null` (one unbounded row). With a view from `sizesBuffer` nothing is copied
   * and `origins` is a view into the module's memory, valid until the next call; otherwise the
   * origins are copied into `into` when given (a view of its first `sizes.length` numbers is
   * returned: no allocation per call) or a new array. The module checks each size in the pass
   * that lays it out; throws `TypeError`/`RangeError` on bad input (a refused call may have
   * written part of the origins of its own output, never the sizes or a `layoutPacked` frame).
   */
  arrange(
    sizes: Float64Array,
    width: number | null,
    spacing: number,
    into?: Float64Array,
  ): { origins: Float64Array; width: number; height: number };
  /** The motion of an animation value; `null` for `null`. */
  motion(animation: Animation | null): Motion | null;
  /**
   * The index of the item at the point, or -1: by the touch targets; a point inside a capsule
   * picks that capsule, otherwise the nearest capsule whose target holds the point. A packed
   * frame needs no JSON (the per-frame path): its tags' origins and rows, as `layoutPacked`
   * gives them but copied, and the sizes laid out (this call may move the module's memory); the index is
   * then a tag's (below `count`), and a tag a row limit hides (row -1) is never hit.
   */
  hitTest(
    layout: LayoutResponse | (Pick<PackedFrame, "count" | "origins" | "rows"> & { sizes: Float64Array }),
    x: number,
    y: number,
  ): number;
  /**
   * Where keyboard focus goes from item `index` (-1: nothing focused yet) on `key`, by the
   * layout's geometry; returns `index` itself when there is nowhere to go. Over a packed frame
   * (no JSON) the indices are tags, and a tag a row limit hides stays where it is.
   */
  navigate(
    layout: LayoutResponse | (Pick<PackedFrame, "count" | "origins" | "rows"> & { sizes: Float64Array }),
    index: number,
    key: NavigationKey,
  ): number;
  /** Linear memory size and the bytes held by live allocations, for leak checks. */
  readonly memoryStats: { memoryBytes: number; liveBytes: number };
}

/**
 * Loads the core from `source`: a URL or URL string (relative strings: to the page, or in node
 * to the working directory), a `Response` or a promise of one, an `ArrayBuffer`, a typed array,
 * or a compiled `WebAssembly.Module`. By default `tagcloud.wasm` beside tagcloud-core.js, loaded
 * once and shared by every caller.
 */
export function loadTagCloudCore(
  source?:
    | string
    | URL
    | Response
    | PromiseLike<Response>
    | ArrayBuffer
    | ArrayBufferView
    | WebAssembly.Module,
): Promise<TagCloudCore>;
