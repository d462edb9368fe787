// Lensing: what lies behind a capsule bends near its rim, as through the curved edge of a glass
// slab (Liquid Glass). An SVG displacement map per capsule size, applied with
// `backdrop-filter: … url(#lens-…)` after the blur. Chromium draws `backdrop-filter: url()`;
// where `CSS.supports` says no (Firefox, WebKit), the capsules keep the plain blur.
//
//   const lens = LensFilters.create(cloudElement);   // null where url() backdrop filters are unsupported
//   lens.apply(button, 96, 40);                      // its --lens: "url(#lens-x-96x40)"
//   if (lens.move(now)) lens.pause(buttons, origins, sizes, count, area); // moved or resized: in a motion, off near sight
//   lens.grow(button, w, h, presence, now);          // a capsule growing in or shrinking away: its lens grows with it
//   lens.grownUp(button, w, h);                      // … and is whole: the lens of its size
//   lens.forgetGone();                               // the growing lenses of capsules that left
//   lens.settle(now);                                // at rest again: the lens back (the caller's frame writes it)
//   lens.restsAt                                     // when the motion can be at rest (ms), or null
//
// The map: inside a band along the rim (70 % of the radius, at most 16 px) the backdrop is sampled
// from further in along the inward normal, up to MAX_SHIFT px at the very edge, falling off
// quadratically; the centre is left as it is. Red carries x, green y (0.5: none), sRGB so the
// browser does not linearise the map.
// - Complexity: one filter (and one small PNG) per distinct capsule size, made when a size first
//   appears (label metrics change), never per frame; O(capsules) per moving frame.
//
// The lens is drawn at rest. A software compositor runs each capsule's displacement map again on
// every frame its capsule moves, and it was the largest part of a loose drag's CPU beyond the
// chips' (docs/WEB.md, "Optics that cost only when they can be seen"). So a motion (a second
// move within REST_MS of the last: a drag, the spacing spring) takes the lens off the capsules
// near sight (their `--lens` removed: the blur and saturation stay, only the bending at the rim
// goes), and the first frame REST_MS after the last move puts it back (the owner asks for that
// frame: `restsAt`; nothing here writes outside its owner's frame). One move alone (a resize, a tag added) keeps
// it, and a cloud at rest always shows it. A capsule growing in or shrinking away is the
// exception (`grow`): its lens is the Liquid Glass way a shape appears, so it grows with it. Swapping the filters' primitives for a pass-through
// instead saved nothing (the filter effect stays, and each swap costs a repaint).

const SVG = "http://www.w3.org/2000/svg";
/**
 * A motion ends once no capsule has moved for this long (ms): a drag moves capsules every few
 * frames, and at 100 tags melting a software-composited frame takes 30–60 ms. Shared with the
 * glass's resolution (melt-view.js).
 */
export const REST_MS = 500;
const MAX_SHIFT = 12;
const SCALE = 2 * MAX_SHIFT + 2;
const MAX_GROWING = 4;
/**
 * At most this many capsules lose their lens in one frame of a motion; the rest in the next
 * frames. Each is a restyle of its button (0.15–0.35 ms in headless Chromium here, whatever
 * property changes), and the 100 capsules of a cloud at once made one 28 ms frame at a drag's
 * start, a dropped frame the chips do not have (docs/WEB.md). Putting the lens back at rest
 * needs no such care: nothing moves then.
 */
export const PAUSES_PER_FRAME = 24;

/** Sizes a lens filter (`#makeFilter`'s) to a w × h capsule: its region and its map. */
function sizeFilter({ filter, image }, width, height) {
  filter.setAttribute("width", String(width));
  filter.setAttribute("height", String(height));
  image.setAttribute("width", String(width));
  image.setAttribute("height", String(height));
  image.setAttribute("href", lensMap(width, height));
}

/** The RG displacement map of a w × h stadium, as a PNG data: URL. */
export function lensMap(w, h) {
  const canvas = document.createElement("canvas");
  canvas.width = w;
  canvas.height = h;
  const context = canvas.getContext("2d");
  const image = context.createImageData(w, h);
  const r = Math.min(w, h) / 2;
  const band = Math.min(16, 0.7 * r);
  const cx = w / 2;
  const cy = h / 2;
  const hx = Math.max(0, w / 2 - r);
  const hy = Math.max(0, h / 2 - r);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      // Outward normal and depth of the pixel centre in the stadium.
      const px = x + 0.5 - cx;
      const py = y + 0.5 - cy;
      const qx = Math.max(Math.abs(px) - hx, 0) * Math.sign(px);
      const qy = Math.max(Math.abs(py) - hy, 0) * Math.sign(py);
      const length = Math.hypot(qx, qy);
      const depth = r - length;
      let dx = 0;
      let dy = 0;
      if (depth >= 0 && depth < band && length > 0) {
        const strength = (1 - depth / band) ** 2 * MAX_SHIFT;
        dx = (-qx / length) * strength;
        dy = (-qy / length) * strength;
      }
      const at = 4 * (y * w + x);
      image.data[at] = Math.round(255 * (0.5 + dx / SCALE));
      image.data[at + 1] = Math.round(255 * (0.5 + dy / SCALE));
      image.data[at + 2] = 128;
      image.data[at + 3] = 255;
    }
  }
  context.putImageData(image, 0, 0);
  return canvas.toDataURL("image/png");
}

/**
 * Whether this browser paints SVG filters as backdrop filters. `CSS.supports` alone cannot tell:
 * WebKit and Firefox answer true for `backdrop-filter: url(#f)` and then drop the whole
 * backdrop-filter when they paint, blur and saturation included (measured in WebKitGTK 2.50
 * and Firefox 153: Tests/python/engines/test_engine_look.py, docs/WEB.md "Engines"). Only Blink
 * paints it, so Blink is asked for too: `navigator.userAgentData` (secure contexts) or the
 * `chrome` global (any context).
 */
export function lensSupported() {
  const blink = Boolean(globalThis.navigator?.userAgentData) || "chrome" in globalThis;
  return blink && Boolean(globalThis.CSS?.supports?.("backdrop-filter", "url(#lens)")) && new URL(globalThis.location?.href ?? "about:blank").searchParams.get("lens") !== "off";
}

export class LensFilters {
  /** @param {HTMLElement} cloud  @returns {LensFilters | null} */
  static create(cloud) {
    return lensSupported() ? new LensFilters(cloud) : null;
  }

  constructor(cloud) {
    // Ids are per tree scope (document or shadow root): each cloud has its own prefix.
    this.prefix = `lens-${Math.random().toString(36).slice(2, 8)}`;
    this.svg = document.createElementNS(SVG, "svg");
    this.svg.setAttribute("class", "lens-defs");
    this.svg.setAttribute("aria-hidden", "true");
    this.svg.setAttribute("width", "0");
    this.svg.setAttribute("height", "0");
    this.filters = new Map();
    this.growing = new Map(); // button → its own lens while it grows or shrinks ({ filter, displace, image, width, height })
    this.grown = 0; // growing lenses made, for their ids
    this.lensOf = new WeakMap(); // button → its url(#…)
    this.paused = new Set(); // buttons whose lens is off while the layout moves
    this.moving = false;
    this.lastMove = -Infinity; // performance.now() of the last move
    cloud.append(this.svg);
  }

  /** Gives `button` the lens of a w × h capsule (its `--lens`), unless it waits out a motion. */
  apply(button, w, h) {
    const url = this.filterFor(w, h);
    this.lensOf.set(button, url);
    if (!this.paused.has(button)) button.style.setProperty("--lens", url);
  }

  /**
   * Capsules moved (or the cloud resized) at `now`. A second move within REST_MS of the last is
   * a motion, which lasts until REST_MS after the last move. Returns whether a motion runs: then
   * the caller takes the lens off (`pause`).
   */
  move(now) {
    if (now - this.lastMove < REST_MS) this.moving = true;
    this.lastMove = now;
    return this.moving;
  }

  /**
   * During a motion: the lens goes off every capsule whose rect meets `area` (cloud px; null:
   * every capsule), at most PAUSES_PER_FRAME of them now and the rest on the next frames of the
   * motion; `settle` puts it back.
   * @param {HTMLElement[]} buttons  index i = capsule i
   */
  pause(buttons, origins, sizes, count, area) {
    let budget = PAUSES_PER_FRAME;
    for (let i = 0; i < count && budget > 0; i += 1) {
      const button = buttons[i];
      if (this.paused.has(button)) continue;
      const x = origins[2 * i];
      const y = origins[2 * i + 1];
      if (area && (x + sizes[2 * i] < area.left || x > area.right || y + sizes[2 * i + 1] < area.top || y > area.bottom)) continue;
      button.style.removeProperty("--lens");
      this.paused.add(button);
      budget -= 1;
    }
  }

  /**
   * A capsule growing in or shrinking away (tag-presence.js): its lens grows with it, as Liquid
   * Glass shapes appear by their lensing. It has a filter of its own, rewritten in place each
   * frame at its size (a lens per passing size would pile up) with the bending scaled by its
   * presence (0…1). At most MAX_GROWING capsules at once: a page that adds many tags at a time
   * gives the others their lens at rest (each frame of a growing lens draws its map anew).
   * It counts as a motion, like any capsule whose place or size changes.
   */
  grow(button, w, h, presence, now) {
    this.moving = true;
    this.lastMove = Math.max(this.lastMove, now);
    let lens = this.growing.get(button);
    if (!lens) {
      if (this.growing.size >= MAX_GROWING) {
        button.style.removeProperty("--lens");
        this.paused.add(button);
        return;
      }
      lens = this.#makeFilter(`${this.prefix}-grow-${(this.grown += 1)}`);
      this.growing.set(button, lens);
    }
    const width = Math.max(1, Math.round(w));
    const height = Math.max(1, Math.round(h));
    if (lens.width !== width || lens.height !== height) {
      lens.width = width;
      lens.height = height;
      sizeFilter(lens, width, height);
    }
    lens.displace.setAttribute("scale", String(SCALE * presence));
    button.style.setProperty("--lens", `url(#${lens.filter.id})`);
  }

  /** The capsule is whole (or gone): its own filter goes, and it takes the lens of its size. */
  grownUp(button, w, h) {
    const lens = this.growing.get(button);
    if (!lens) return;
    lens.filter.remove();
    this.growing.delete(button);
    if (button.isConnected) this.apply(button, w, h);
  }

  /** The growing lenses of capsules that left the cloud (a departed tag's) go with them. */
  forgetGone() {
    for (const [button, lens] of this.growing) {
      if (button.isConnected) continue;
      lens.filter.remove();
      this.growing.delete(button);
    }
  }

  /** When the motion can be at rest (a `performance.now()` time), or null when none runs. */
  get restsAt() {
    return this.moving ? this.lastMove + REST_MS : null;
  }

  /** At rest again (REST_MS without a move, at `now`): the lens back on every capsule it left. */
  settle(now) {
    if (!this.moving || now - this.lastMove < REST_MS) return;
    this.moving = false;
    for (const button of this.paused) {
      const url = this.lensOf.get(button);
      if (url) button.style.setProperty("--lens", url);
    }
    this.paused.clear();
  }

  /** A lens filter (map image and displacement) in this cloud's defs, not yet sized. */
  #makeFilter(id) {
    const filter = document.createElementNS(SVG, "filter");
    const attributes = { id, x: 0, y: 0, filterUnits: "userSpaceOnUse", primitiveUnits: "userSpaceOnUse", "color-interpolation-filters": "sRGB" };
    for (const [name, value] of Object.entries(attributes)) filter.setAttribute(name, String(value));
    const image = document.createElementNS(SVG, "feImage");
    for (const [name, value] of Object.entries({ x: 0, y: 0, preserveAspectRatio: "none", result: "map" })) {
      image.setAttribute(name, String(value));
    }
    const displace = document.createElementNS(SVG, "feDisplacementMap");
    for (const [name, value] of Object.entries({ in: "SourceGraphic", in2: "map", scale: SCALE, xChannelSelector: "R", yChannelSelector: "G" })) {
      displace.setAttribute(name, String(value));
    }
    filter.append(image, displace);
    this.svg.append(filter);
    return { filter, image, displace, width: 0, height: 0 };
  }

  /** The `url(#…)` of the lens for a capsule of w × h CSS px (rounded to whole px). */
  filterFor(w, h) {
    const width = Math.max(1, Math.round(w));
    const height = Math.max(1, Math.round(h));
    const key = `${width}x${height}`;
    let id = this.filters.get(key);
    if (!id) {
      id = `${this.prefix}-${key}`;
      sizeFilter(this.#makeFilter(id), width, height);
      this.filters.set(key, id);
    }
    return `url(#${id})`;
  }
}
