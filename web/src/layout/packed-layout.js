// The element's one frame type, the packed layout, and the two ways a frame is made:
// - `PackedLayout.layout(request)`: the local core's packed path (core.layoutPacked), fed the
//   capsule sizes the core gave once per measure, no JSON and no strings per frame;
// - `frameFromLayout(response, ids, options)`: a JSON layout (docs/PROTOCOL.md: a server frame,
//   or the core's JSON path when a label wraps) converted at the edge, so nothing after it knows
//   where a frame came from.
//
//   const packed = new PackedLayout(core);
//   const frame = packed.layout(request) ?? frameFromLayout(core.layout(request), ids, { core, … });
//   frame: { count, size, origins, sizes, rows, groups, necks, neckGaps, neckAxes, neckSpans,
//            neckCount, animation, json() }   (index i = tag i of the element)
//
// The JSON response the element exposes (`layout`, keyboard navigation) is built only when
// someone asks for it (`json()`).
// - Complexity: O(tags) per frame (copies out of the module's memory), no JSON, no strings.

export class PackedLayout {
  #core;
  #metrics = null;
  #sizes = null;
  #widest = 0;
  #natural = new WeakMap(); // a label's metrics (label-metrics.js) or a tag's `size` → its capsule's [w, h]
  #toggleLabels = null;
  #toggleSizes = null;

  /** @param {import("../core/tagcloud-core.js").TagCloudCore} core */
  constructor(core) {
    this.#core = core;
  }

  /** Whether this core has the packed path. */
  get available() {
    return typeof this.#core.layoutPacked === "function";
  }

  /**
   * The capsules' natural sizes (the core's capsule of each label, on one unbounded row), once
   * per measure. A label measured before (the same metric object, label-metrics.js) keeps its
   * size: a change of a thousand tags sizes only the new ones.
   */
  #sizesFor(request) {
    if (this.#metrics === request.tags) return this.#sizes;
    // Keyed by the label's metrics (shared by every tag of that label), or the `size` of a tag
    // given by its size.
    const keyOf = (tag) => tag.label ?? tag.size ?? tag;
    const unsized = request.tags.filter((tag) => !this.#natural.has(keyOf(tag)));
    if (unsized.length > 0) {
      const natural = this.#core.layout({
        width: null,
        spacing: 0,
        textScale: request.textScale,
        lineHeight: request.lineHeight,
        tags: unsized,
      });
      unsized.forEach((tag, i) => this.#natural.set(keyOf(tag), [natural.items[i].w, natural.items[i].h]));
    }
    this.#sizes = new Float64Array(2 * request.tags.length);
    this.#widest = 0;
    request.tags.forEach((tag, i) => {
      const [w, h] = this.#natural.get(keyOf(tag));
      this.#sizes[2 * i] = w;
      this.#sizes[2 * i + 1] = h;
      this.#widest = Math.max(this.#widest, w);
    });
    this.#metrics = request.tags;
    return this.#sizes;
  }

  /**
   * The packed frame of a JSON-shaped request (width, spacing, mergeDistance, textScale,
   * lineHeight, tags, selection, animation, reduceMotion, direction; and `presence`, each
   * capsule's scale 0…1 while tags come and go, tag-presence.js; and `rowLimit`,
   * `{ maxRows, expanded, labels }` with the label metrics of "+9", "+99", … "+9999999" and
   * "Show less"), or null when only the JSON
   * path can lay it out (a label wider than the container: the core wraps it, so its capsule's
   * size depends on the width). Throws what the core throws.
   */
  layout(request) {
    if (!this.available) return null;
    let sizes = this.#sizesFor(request);
    if (request.width !== null && this.#widest > request.width) return null; // a label wraps
    if (request.presence) sizes = scaled(sizes, request.presence);
    const core = this.#core;
    const options = {
      width: request.width,
      spacing: request.spacing,
      mergeDistance: request.mergeDistance,
      direction: request.direction ?? "ltr",
    };
    const { rowLimit: limit, ...plain } = request;
    let jsonRequest = plain;
    let toggle = null;
    let frame;
    if (limit) {
      // The core's row limit decides what is hidden; expanded, every tag shows and a "Show
      // less" capsule follows them, as long as the limit would hide any.
      const toggleSizes = this.toggleSizes(request, limit.labels);
      const moreSizes = toggleSizes.slice(0, -1);
      const limited = { ...options, maxRows: limit.maxRows, moreSizes };
      frame = core.layoutPacked(sizes, limited);
      const hidden = frame.hidden;
      if (!limit.expanded) {
        const more = frame.more;
        sizes = withItem(sizes, more ? more.w : 0, more ? more.h : 0);
        toggle = { kind: "more", hidden };
        jsonRequest = { ...plain, maxRows: limit.maxRows, moreSizes };
      } else if (hidden > 0) {
        const less = toggleSizes[toggleSizes.length - 1];
        sizes = withItem(sizes, less[0], less[1]);
        frame = core.layoutPacked(sizes, options);
        toggle = { kind: "less", hidden };
      } else {
        frame = core.layoutPacked(sizes, options);
      }
    } else {
      frame = core.layoutPacked(sizes, options);
    }
    const count = toggle ? sizes.length / 2 - 1 : frame.count;
    let json = null;
    return {
      count,
      items: sizes.length / 2,
      // The width laid out in (null: unbounded): a container resized frame after frame is a motion.
      width: request.width,
      size: [frame.size[0], frame.size[1]],
      // Views into the module, valid until its next call: copies.
      origins: frame.origins.slice(),
      sizes,
      rows: frame.rows.slice(),
      groups: frame.groups.slice(),
      // The core's melting pairs (core.layoutPacked documents them; the renderer draws a neck for each).
      necks: frame.necks.slice(),
      neckGaps: frame.neckGaps.slice(),
      neckAxes: frame.neckAxes.slice(),
      neckSpans: frame.neckSpans.slice(),
      neckCount: frame.neckCount,
      // The row limit's capsule, item `count` (its origin NaN while nothing is hidden): "+K"
      // (`hidden` K) collapsed, "Show less" expanded; null without a limit.
      toggle,
      // As the JSON response's `animation`: the request's spring, null without one.
      animation: request.animation ? core.motion(request.animation) : null,
      /** The JSON response of the same request (docs/PROTOCOL.md), made on first use. */
      json: () => (json ??= core.layout(jsonRequest)),
    };
  }

  /**
   * The row limit's capsules' `[w, h]` (the "+9", "+99", … labels, then "Show less"), sized by
   * the core once per measure. `metrics`: textScale and lineHeight (a request, or label metrics).
   */
  toggleSizes(metrics, labels) {
    if (this.#toggleLabels === labels) return this.#toggleSizes;
    const natural = this.#core.layout({
      width: null,
      spacing: 0,
      textScale: metrics.textScale,
      lineHeight: metrics.lineHeight,
      tags: labels,
    });
    this.#toggleSizes = natural.items.map((item) => [item.w, item.h]);
    this.#toggleLabels = labels;
    return this.#toggleSizes;
  }
}

/** `sizes` with one capsule more, w × h, after the others. */
function withItem(sizes, w, h) {
  const out = new Float64Array(sizes.length + 2);
  out.set(sizes);
  out[sizes.length] = w;
  out[sizes.length + 1] = h;
  return out;
}

/** Each capsule's size times its presence (a capsule growing in or shrinking away). */
function scaled(sizes, presence) {
  const out = new Float64Array(sizes.length);
  for (let i = 0; i < presence.length; i += 1) {
    out[2 * i] = sizes[2 * i] * presence[i];
    out[2 * i + 1] = sizes[2 * i + 1] * presence[i];
  }
  return out;
}

/**
 * A JSON layout (docs/PROTOCOL.md) as a packed frame, index i = `ids[i]` (an item of another id
 * is left out; a tag the layout does not place sits at 0, 0, melting with none). Under a row
 * limit (the response has `hidden`) the frame is the packed path's: the folded tags have NaN
 * origins, the "+K" capsule is item `count` (NaN when nothing is hidden) and `toggle` says K.
 * The necks come from the core's packed path over the same sizes, width and spacing (the same
 * rule the server ran; under a limit over the shown capsules, whose flow the limit keeps), when
 * a core is given; without one they are null (not known).
 * @param {object} response  items, size, groups, rows, and for a server frame width and spacing
 * @param {string[]} ids  the element's tags, in order
 * @param {{core?: object | null, width?: number | null, spacing?: number, mergeDistance: number, direction?: string, json?: () => object}} options
 * - Complexity: O(items + necks).
 */
export function frameFromLayout(response, ids, options) {
  const count = ids.length;
  const index = new Map(ids.map((id, i) => [id, i]));
  const limited = typeof response.hidden === "number";
  const more = limited ? response.more : null;
  const items = limited ? count + 1 : count;
  const origins = new Float64Array(2 * items);
  const sizes = new Float64Array(2 * items);
  const rows = new Int32Array(items);
  const groups = new Int32Array(items).fill(-1);
  if (limited) origins.fill(NaN); // folded tags, and the capsule while nothing is folded, have no place
  const at = response.items.map((item) => index.get(item.id));
  if (limited) at.push(more ? count : undefined); // the response's groups name the capsule after the items
  const rowStarts = response.rows ?? [];
  let row = -1;
  response.items.forEach((item, k) => {
    while (row + 1 < rowStarts.length && rowStarts[row + 1] <= k) row += 1;
    const i = at[k];
    if (i === undefined) return;
    origins[2 * i] = item.x;
    origins[2 * i + 1] = item.y;
    sizes[2 * i] = item.w;
    sizes[2 * i + 1] = item.h;
    rows[i] = Math.max(0, row);
  });
  if (more) {
    origins.set([more.x, more.y], 2 * count);
    sizes.set([more.w, more.h], 2 * count);
    rows[count] = more.row;
  }
  (response.groups ?? []).forEach((group, g) => {
    for (const k of group) if (at[k] !== undefined) groups[at[k]] = g;
  });
  // A tag placed by none of the groups melts with none; a folded one, as the packed path has it,
  // is in no group and on no row.
  for (let i = 0; i < count; i += 1) {
    if (limited && Number.isNaN(origins[2 * i])) rows[i] = -1;
    else if (groups[i] < 0) groups[i] = -2 - i;
  }
  if (limited && !more) rows[count] = -1;
  const frame = {
    count,
    items,
    width: options.width ?? null,
    size: [response.size[0], response.size[1]],
    origins,
    sizes,
    rows,
    groups,
    // Without a core (or one that places these capsules otherwise) the necks are not known
    // (null): nothing melts, since only the core decides what melts.
    necks: null,
    neckGaps: null,
    neckAxes: null,
    neckSpans: null,
    neckCount: 0,
    toggle: limited ? { kind: "more", hidden: response.hidden } : null,
    animation: response.animation ?? null,
    json: options.json ?? (() => response),
  };
  const { core, width = null, spacing } = options;
  if (core && typeof core.layoutPacked === "function" && typeof spacing === "number" && count > 0) {
    // The capsules in flow order: every tag, or under a row limit the shown ones and the "+K"
    // capsule (a prefix flows as in the whole flow, so they lie where the limit put them).
    const placed = limited ? at.filter((i) => i !== undefined) : ids.map((_, i) => i);
    const flowSizes = new Float64Array(2 * placed.length);
    placed.forEach((i, j) => flowSizes.set([sizes[2 * i], sizes[2 * i + 1]], 2 * j));
    try {
      const melt = core.layoutPacked(flowSizes, {
        width,
        spacing,
        mergeDistance: options.mergeDistance,
        direction: options.direction ?? "ltr",
      });
      // The necks join capsules by index: only when the core places these capsules as the
      // frame does (not a frame of another core version, or of a server lagging a tag change).
      const placedAlike = placed.every((i, j) =>
        Math.abs(origins[2 * i] - melt.origins[2 * j]) <= 1e-6 && Math.abs(origins[2 * i + 1] - melt.origins[2 * j + 1]) <= 1e-6);
      if (!placedAlike) return frame;
      frame.necks = melt.necks.slice().map((j) => placed[j]);
      frame.neckGaps = melt.neckGaps.slice();
      frame.neckAxes = melt.neckAxes.slice();
      frame.neckSpans = melt.neckSpans.slice();
      frame.neckCount = melt.neckCount;
    } catch {
      // sizes the core refuses (a server's bad frame): necks not known, the capsules still show
    }
  }
  return frame;
}

/** Whether two frames put the same capsules at the same places, sized and melted alike. */
export function samePacked(a, b) {
  if (!a || !b || a.count !== b.count) return false;
  if (a.size[0] !== b.size[0] || a.size[1] !== b.size[1]) return false;
  const equal = (x, y) => {
    if (x === y) return true;
    if (!x || !y || x.length !== y.length) return false;
    for (let i = 0; i < x.length; i += 1) if (x[i] !== y[i]) return false;
    return true;
  };
  // The necks too: a new merge distance melts other pairs of capsules that have not moved.
  return (
    equal(a.origins, b.origins) &&
    equal(a.sizes, b.sizes) &&
    equal(a.groups, b.groups) &&
    equal(a.necks, b.necks) &&
    equal(a.neckGaps, b.neckGaps)
  );
}
