// The element's per-frame layout without JSON: the core's packed path (core.layoutPacked), fed the
// capsule sizes the core gave once per measure: origins, merge groups and the necks (the pairs
// that melt, with their gaps, axes and spans) of each frame. The JSON response the element
// exposes (`layout`, keyboard navigation, hit testing) is built only when someone asks for it.
//
//   const packed = new PackedLayout(core);
//   const result = packed.layout(request);   // null: this request needs the JSON path
//   view.renderFrame(result, result.selected, { mergeDistance, layout: result.json });
//
// When the JSON path is still used: a label wider than the container (the core wraps it, so its
// capsule's size depends on the width: the JSON request carries the label, not a size).
// - Complexity: O(tags) per frame (two copies out of the module's memory), no JSON, no strings.

export class PackedLayout {
  #core;
  #metrics = null;
  #sizes = null;
  #widest = 0;
  #selected = { tags: null, selection: null, flags: null }; // the last selection as per-capsule flags

  /** @param {import("../core/tagcloud-core.js").TagCloudCore} core */
  constructor(core) {
    this.#core = core;
  }

  /** Whether this core has the packed path. */
  get available() {
    return typeof this.#core.layoutPacked === "function";
  }

  /** The capsules' natural sizes (one JSON layout on one unbounded row), once per measure. */
  #sizesFor(request) {
    if (this.#metrics === request.tags) return this.#sizes;
    const natural = this.#core.layout({
      width: null,
      spacing: 0,
      textScale: request.textScale,
      lineHeight: request.lineHeight,
      tags: request.tags,
    });
    this.#sizes = new Float64Array(2 * natural.items.length);
    this.#widest = 0;
    natural.items.forEach((item, i) => {
      this.#sizes[2 * i] = item.w;
      this.#sizes[2 * i + 1] = item.h;
      this.#widest = Math.max(this.#widest, item.w);
    });
    this.#metrics = request.tags;
    return this.#sizes;
  }

  /**
   * Selected or not, per capsule: the same array while the tags and the selection are the same
   * arrays (the element hands out the same ones until they change), so a drag builds none.
   */
  #selectedFlags(tags, selection) {
    const last = this.#selected;
    if (last.tags === tags && last.selection === selection) return last.flags;
    const chosen = new Set(selection);
    const flags = new Uint8Array(tags.length);
    tags.forEach((tag, i) => {
      flags[i] = chosen.has(tag.id) ? 1 : 0;
    });
    this.#selected = { tags, selection, flags };
    return flags;
  }

  /**
   * The packed frame of a JSON-shaped request (width, spacing, mergeDistance, textScale,
   * lineHeight, tags, selection, animation, reduceMotion, direction), or null when only the JSON
   * path can lay it out. Throws what the core throws.
   */
  layout(request) {
    if (!this.available) return null;
    const sizes = this.#sizesFor(request);
    if (request.width !== null && this.#widest > request.width) return null; // a label wraps
    const frame = this.#core.layoutPacked(sizes, {
      width: request.width,
      spacing: request.spacing,
      mergeDistance: request.mergeDistance,
      direction: request.direction ?? "ltr",
    });
    const count = frame.count;
    const selected = this.#selectedFlags(request.tags, request.selection);
    const core = this.#core;
    let json = null;
    // As the JSON response's `animation`: the request's spring, null without one.
    const motion = request.animation ? core.motion(request.animation) : null;
    return {
      packed: true,
      count,
      size: [frame.size[0], frame.size[1]],
      origins: frame.origins.slice(), // views into the module: valid until its next call
      sizes,
      groups: frame.groups.slice(),
      // The core's melting pairs (core.layoutPacked documents them; the renderer draws a neck
      // for each): copies, as the views are valid only until the core's next call.
      necks: frame.necks.slice(),
      neckGaps: frame.neckGaps.slice(),
      neckAxes: frame.neckAxes.slice(),
      neckSpans: frame.neckSpans.slice(),
      neckCount: frame.neckCount,
      selected,
      animation: motion,
      /** The JSON response of the same request (docs/PROTOCOL.md), made on first use. */
      json: () => (json ??= core.layout(request)),
    };
  }
  /**
   * The core's necks for a JSON layout (one with a wrapped label, or a server frame): the packed
   * layout of its capsules' sizes at the same width, spacing, merge distance and direction, which
   * the core flows alike, so the glass melts by the core's one rule whatever path laid the frame
   * out. Null when the core places the capsules otherwise (a frame from another core version), as
   * then its necks would join the wrong capsules: that frame melts nothing.
   * @param {{items: {x: number, y: number, w: number, h: number}[]}} layout
   * @param {{width: number | null, spacing: number, mergeDistance: number, direction?: string}} options
   * @returns {{necks: Int32Array, neckGaps: Float64Array, neckAxes: Float64Array, neckSpans: Float64Array} | null}
   * - Complexity: O(tags) (one packed layout, no JSON).
   */
  necksOf(layout, { width, spacing, mergeDistance, direction = "ltr" }) {
    if (!this.available || !Array.isArray(layout?.items)) return null;
    const items = layout.items;
    const sizes = new Float64Array(2 * items.length);
    items.forEach((item, i) => {
      sizes[2 * i] = item.w;
      sizes[2 * i + 1] = item.h;
    });
    let frame;
    try {
      frame = this.#core.layoutPacked(sizes, { width, spacing, mergeDistance, direction });
    } catch {
      return null; // a frame the core refuses (bad sizes from a server) melts nothing
    }
    const { origins } = frame;
    for (let i = 0; i < items.length; i += 1) {
      if (Math.abs(origins[2 * i] - items[i].x) > 1e-6 || Math.abs(origins[2 * i + 1] - items[i].y) > 1e-6) return null;
    }
    return {
      necks: frame.necks.slice(),
      neckGaps: frame.neckGaps.slice(),
      neckAxes: frame.neckAxes.slice(),
      neckSpans: frame.neckSpans.slice(),
    };
  }
}

/** Whether two packed results put the same capsules at the same places, selected and melted alike. */
export function samePacked(a, b) {
  if (!a?.packed || !b?.packed || a.count !== b.count || a.sizes !== b.sizes) return false;
  if (a.size[0] !== b.size[0] || a.size[1] !== b.size[1]) return false;
  const equal = (x, y) => {
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i += 1) if (x[i] !== y[i]) return false;
    return true;
  };
  // The necks too: a new merge distance melts other pairs of capsules that have not moved.
  return (
    equal(a.origins, b.origins) &&
    equal(a.groups, b.groups) &&
    equal(a.selected, b.selected) &&
    equal(a.necks, b.necks) &&
    equal(a.neckGaps, b.neckGaps)
  );
}
