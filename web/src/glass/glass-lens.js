// Lensing: what lies behind a capsule bends near its rim, as through the curved edge of a glass
// slab (Liquid Glass). Where the browser draws `backdrop-filter: url()` (Chromium) one SVG filter
// per capsule size is the capsule's whole glass but its saturation (styles.css: `--lens`, then
// `saturate()`): a copy of the backdrop blurred only lightly (RIM_BLUR) and bent by a map along
// the rim, over a copy blurred as the glass (`--glass-blur`) for the centre, where the label must
// keep its contrast. Without the lens (a motion, or Firefox and WebKit, which draw nothing for a
// backdrop url(): docs/WEB.md "Engines") the capsule keeps the plain `blur() saturate()`, and
// its centre looks the same either way.
//
//   const lens = LensFilters.create(cloudElement, requestUpdate);   // null where the lens is not drawn
//   lens.lineRadius = 20;                            // half a one-line capsule's height: the band stays off the text
//   lens.apply(button, 96, 40);                      // its --lens: "url(#lens-x-96x40-…)"
//   lens.pause(buttons, origins, sizes, count, area); // a motion (the owner's clock): off near sight
//   lens.grow(button, w, h);                         // a capsule growing in or shrinking away (w × h whole, scaled): its lens, kept in a motion
//   lens.grownUp(button, w, h);                      // … and is whole: a lens like any other
//   lens.forgetGone();                               // growing capsules that left
//   lens.writeBlur();                                // the owner's frame: a changed --glass-blur in
//   lens.restore();                                  // the motion rested: the lens back where it was taken off
//
// The map (`lensProfile`, `lensMap`): in a band along the rim (half the radius, at most
// MAX_BAND px) the backdrop is sampled from further in along the inward normal, `shift` px at the
// edge and two thirds of that where the band fades into the centre: the rim shows what lies
// further in, a little magnified, sharp; the band's mask (the map's alpha) is 1 over its outer
// 70 % and falls off smoothly to 0 at its inner edge, where the centre's blur takes over,
// untouched. A larger capsule bends more (its shift grows with its area over a circle's of its
// height, as Apple's larger glass is thicker). Red carries x, green y (0.5: none), sRGB so the
// browser does not linearise the map.
// - Complexity: one filter (and one small PNG) per distinct capsule size, made when a size first
//   appears (label metrics change), never per frame; O(capsules) per moving frame.
//
// The lens is drawn at rest. A software compositor runs each capsule's filter again on
// every frame its capsule moves, and it was the largest part of a loose drag's CPU beyond the
// chips' (docs/WEB.md, "Optics that cost only when they can be seen"). So a motion (the view's
// one clock, layout/layout-motion.js: a second move within REST_MS of the last, a drag, the
// spacing spring, tags coming and going) takes the lens off the capsules near sight (their
// `--lens` removed: the plain blur and saturation stay, only the sharp bent rim goes), and the
// frame in which the motion rests puts it back (`restore`; nothing here writes outside its
// owner's frame). One move alone (a resize, a tag added) keeps it, and a cloud at rest always
// shows it. A capsule growing in or shrinking away is the
// exception (`grow`): its lens is the Liquid Glass way a shape appears, so it grows with it. Swapping the filters' primitives for a pass-through
// instead saved nothing (the filter effect stays, and each swap costs a repaint).

const SVG = "http://www.w3.org/2000/svg";
/** The widest rim band (CSS px), and the largest shift it bends by (what the map can encode). */
const MAX_BAND = 16;
const MAX_SHIFT = 12;
/** feDisplacementMap's scale: a channel's 0…255 is a shift of ±SCALE/2 px. */
const SCALE = 2 * MAX_SHIFT + 2;
/** The light blur of the bent rim (CSS px, at most half the glass's): sharp, not aliased. */
const RIM_BLUR = 1;
/** The glass's blur where `--glass-blur` cannot be read (styles.css's default). */
const DEFAULT_BLUR = 12;
const MAX_GROWING = 4;
/**
 * At most this many capsules lose their lens in one frame of a motion; the rest in the next
 * frames. Each is a restyle of its button (0.15–0.35 ms in headless Chromium here, whatever
 * property changes), and the 100 capsules of a cloud at once made one 28 ms frame at a drag's
 * start, a dropped frame the chips do not have (docs/WEB.md). Putting the lens back at rest
 * needs no such care: nothing moves then.
 */
export const PAUSES_PER_FRAME = 24;

/**
 * The lens of a w × h capsule (CSS px): `band`, how deep the rim band reaches in from the
 * outline (half the radius, the radius of a one-line capsule at most, `lineRadius`: a wrapped
 * label's first line starts as far from the top as a single one's); `clear`, how deep it is
 * wholly sharp (its mask 1; it fades out to 0 at `band`); `shift`, how far the outline itself
 * samples from (inwards, 40 % of the band for a circle, more for a longer capsule, at most 75 %).
 */
export function lensProfile(w, h, lineRadius = Infinity) {
  const r = Math.max(0, Math.min(w, h) / 2);
  const band = Math.min(MAX_BAND, 0.5 * Math.min(r, lineRadius));
  const elongation = r > 0 ? Math.max(1, (w * h) / (4 * r * r)) : 1;
  const shift = band * Math.min(0.75, 0.4 + 0.1 * Math.log2(elongation));
  return { band, clear: 0.7 * band, shift };
}

/** A lens filter's region, and its map's (stretched to it: `preserveAspectRatio="none"`), w × h. */
function regionFilter({ filter, image }, width, height) {
  filter.setAttribute("width", String(width));
  filter.setAttribute("height", String(height));
  image.setAttribute("width", String(width));
  image.setAttribute("height", String(height));
}

/** Hermite smoothstep of x from a to b. */
function smoothstep(a, b, x) {
  const t = Math.min(1, Math.max(0, (x - a) / (b - a)));
  return t * t * (3 - 2 * t);
}

/**
 * The map of a w × h stadium, as a PNG data: URL: red and green the displacement (x, y), alpha
 * the rim band's mask.
 */
export function lensMap(w, h, lineRadius = Infinity) {
  const canvas = document.createElement("canvas");
  canvas.width = w;
  canvas.height = h;
  const context = canvas.getContext("2d");
  const image = context.createImageData(w, h);
  const { band, clear, shift } = lensProfile(w, h, lineRadius);
  const r = Math.min(w, h) / 2;
  const cx = w / 2;
  const cy = h / 2;
  const hx = Math.max(0, w / 2 - r);
  const hy = Math.max(0, h / 2 - r);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      // Outward normal and depth of the pixel centre in the stadium (outside it: the edge's,
      // so that the antialiased outline samples the map's edge).
      const px = x + 0.5 - cx;
      const py = y + 0.5 - cy;
      const qx = Math.max(Math.abs(px) - hx, 0) * Math.sign(px);
      const qy = Math.max(Math.abs(py) - hy, 0) * Math.sign(py);
      const length = Math.hypot(qx, qy);
      const depth = Math.max(0, r - length);
      let dx = 0;
      let dy = 0;
      let mask = 0;
      if (depth < band && length > 0) {
        // Two thirds of the shift left at the band's inner edge: where the band still shows,
        // the rim is bent by more than a third of it. The centre (mask 0) is not bent.
        const strength = shift * (1 - (depth / band) ** 2 / 3);
        dx = (-qx / length) * strength;
        dy = (-qy / length) * strength;
        mask = 1 - smoothstep(clear, band, depth);
      }
      const at = 4 * (y * w + x);
      image.data[at] = Math.round(255 * (0.5 + dx / SCALE));
      image.data[at + 1] = Math.round(255 * (0.5 + dy / SCALE));
      image.data[at + 2] = 128;
      image.data[at + 3] = Math.round(255 * mask);
    }
  }
  context.putImageData(image, 0, 0);
  return canvas.toDataURL("image/png");
}
/**
 * Whether this browser draws SVG filters as backdrop filters. Nothing a page can draw and read
 * back tells (docs/WEB.md, "Engines": script cannot read composited pixels; a canvas draws
 * `ctx.filter = "url(#f)"` in Firefox too, which draws nothing for a backdrop url(); an SVG
 * image's foreignObject paints no backdrop-filter in any engine), and `CSS.supports` answers
 * true in WebKit and Firefox, which then drop the whole backdrop-filter, blur and saturation
 * included (measured in WebKitGTK 2.50 and Firefox 153: Tests/python/engines/test_engine_look.py
 * proves by screenshots what each engine draws). Only Blink draws it, so Blink is asked for
 * too: `navigator.userAgentData` (secure contexts) or the `chrome` global (any context).
 * `?lens=off` turns it off (comparisons, benchmarks).
 */
export function lensSupported() {
  const blink = Boolean(globalThis.navigator?.userAgentData) || "chrome" in globalThis;
  return blink && Boolean(globalThis.CSS?.supports?.("backdrop-filter", "url(#lens)")) && new URL(globalThis.location?.href ?? "about:blank").searchParams.get("lens") !== "off";
}

/** Sets SVG attributes from an object. */
function attributes(element, values) {
  for (const [name, value] of Object.entries(values)) element.setAttribute(name, String(value));
  return element;
}

export class LensFilters {
  /**
   * @param {HTMLElement} cloud  @param {() => void} [requestUpdate]  asks for the owner's frame (the glass's blur changed)
   * @returns {LensFilters | null}
   */
  static create(cloud, requestUpdate) {
    return lensSupported() ? new LensFilters(cloud, requestUpdate) : null;
  }

  constructor(cloud, requestUpdate = null) {
    // Ids are per tree scope (document or shadow root): each cloud has its own prefix.
    this.prefix = `lens-${Math.random().toString(36).slice(2, 8)}`;
    this.svg = attributes(document.createElementNS(SVG, "svg"), { class: "lens-defs", "aria-hidden": "true", width: 0, height: 0 });
    this.filters = new Map(); // "w×h…" → { id, parts } (parts: #makeFilter's)
    this.maps = new Map(); // "w×h-lineRadius" → the map's data: URL (#map)
    this.growing = new Set(); // buttons growing in or shrinking away: their lens stays on during a motion
    this.lensOf = new WeakMap(); // button → its url(#…)
    this.paused = new Set(); // buttons whose lens is off while the layout moves
    /** Half a one-line capsule's height (CSS px): the band of a taller (wrapped) capsule stays that of a line. */
    this.lineRadius = Infinity;
    cloud.append(this.svg);
    // The glass's blur is `--glass-blur` on the cloud, any length: the defs' width (styles.css)
    // resolves it, read once now (a layout, at the cloud's first placement) and followed by a
    // ResizeObserver, whose change the owner's next frame writes (`settle`).
    this.blur = this.#readBlur();
    this.blurWritten = this.blur;
    new ResizeObserver(() => {
      const blur = this.#readBlur();
      if (blur === this.blur) return;
      this.blur = blur;
      requestUpdate?.();
    }).observe(this.svg);
  }

  #readBlur() {
    const width = parseFloat(getComputedStyle(this.svg).width);
    return Number.isFinite(width) && width >= 0 ? width : DEFAULT_BLUR;
  }

  /** Gives `button` the lens of a w × h capsule (its `--lens`), unless it waits out a motion. */
  apply(button, w, h) {
    const url = this.filterFor(w, h);
    this.lensOf.set(button, url);
    if (!this.paused.has(button)) button.style.setProperty("--lens", url);
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
      if (this.paused.has(button) || this.growing.has(button)) continue;
      const x = origins[2 * i];
      const y = origins[2 * i + 1];
      if (area && (x + sizes[2 * i] < area.left || x > area.right || y + sizes[2 * i + 1] < area.top || y > area.bottom)) continue;
      button.style.removeProperty("--lens");
      this.paused.add(button);
      budget -= 1;
    }
  }

  /**
   * A capsule growing in or shrinking away (tag-presence.js), called in each of its frames: it
   * is its whole self (w × h) scaled by its presence (its slot's `scale`: cloud-view.js), so it
   * shows the lens of its whole size, scaled with it, bending and blurs alike: the lens grows
   * with the capsule, as Liquid Glass shapes appear by their lensing. A motion does not take it
   * off. At most MAX_GROWING capsules at once: a page that adds many tags at a time gives the
   * others their lens at rest (each frame of a growing lens is a filter the compositor runs
   * anew). The owner counts it as a motion, like any capsule whose place or size changes.
   */
  grow(button, w, h) {
    const url = this.filterFor(w, h);
    if (this.growing.has(button) && this.lensOf.get(button) === url) return; // shown since an earlier frame
    this.lensOf.set(button, url);
    if (!this.growing.has(button) && this.growing.size >= MAX_GROWING) {
      // It waits for its lens like a moving capsule: `restore` puts it back at rest.
      if (!this.paused.has(button)) {
        button.style.removeProperty("--lens");
        this.paused.add(button);
      }
      return;
    }
    this.growing.add(button);
    this.paused.delete(button);
    button.style.setProperty("--lens", url);
  }

  /** The capsule is whole: it keeps the lens of its size, and a motion may take it off again. */
  grownUp(button, w, h) {
    if (!this.growing.delete(button)) return;
    if (button.isConnected) this.apply(button, w, h);
  }

  /** Capsules that left the cloud while growing or shrinking (a departed tag's) are forgotten. */
  forgetGone() {
    for (const button of this.growing) if (!button.isConnected) this.growing.delete(button);
  }

  /** The owner's frame: a changed `--glass-blur` goes into every filter. */
  writeBlur() {
    if (this.blurWritten === this.blur) return;
    this.blurWritten = this.blur;
    for (const { parts } of this.filters.values()) this.#blurFilter(parts, this.blur);
  }

  /** The motion rested (the owner's clock): the lens is back on every capsule it left. */
  restore() {
    for (const button of this.paused) {
      const url = this.lensOf.get(button);
      if (url) button.style.setProperty("--lens", url);
    }
    this.paused.clear();
  }

  /** A filter's two blurs for a glass blur of `blur` px: the centre's, and the rim's light one. */
  #blurFilter({ rimBlur, frost }, blur) {
    rimBlur.setAttribute("stdDeviation", String(Math.min(RIM_BLUR, blur / 2)));
    frost.setAttribute("stdDeviation", String(blur));
  }

  /**
   * A lens filter in this cloud's defs, not yet sized: the map, the backdrop lightly blurred and
   * bent by it, kept where the band's mask is (the map's alpha), over the backdrop blurred as the
   * glass. The mask rides in the map's alpha rather than a channel of its own: a primitive less
   * (a colour matrix, a full-size pass in a software compositor each frame the backdrop changes:
   * docs/WEB.md, "A lens you can see"); where the mask is 0 the map's colour is lost
   * (premultiplied) and the bending there is nonsense, but nothing of it is kept.
   */
  #makeFilter(id) {
    const element = (name, values) => attributes(document.createElementNS(SVG, name), values);
    const filter = element("filter", {
      id, x: 0, y: 0, filterUnits: "userSpaceOnUse", primitiveUnits: "userSpaceOnUse", "color-interpolation-filters": "sRGB",
    });
    const image = element("feImage", { x: 0, y: 0, preserveAspectRatio: "none", result: "map" });
    const rimBlur = element("feGaussianBlur", { in: "SourceGraphic", result: "clear" });
    const displace = element("feDisplacementMap", { in: "clear", in2: "map", scale: SCALE, xChannelSelector: "R", yChannelSelector: "G", result: "bent" });
    const rim = element("feComposite", { in: "bent", in2: "map", operator: "in", result: "rim" });
    const frost = element("feGaussianBlur", { in: "SourceGraphic", result: "frost" });
    const glass = element("feComposite", { in: "rim", in2: "frost", operator: "over" });
    filter.append(image, rimBlur, displace, rim, frost, glass);
    this.svg.append(filter);
    const parts = { filter, image, displace, rimBlur, frost };
    this.#blurFilter(parts, this.blur);
    return parts;
  }

  /**
   * The map of a whole w × h capsule (`lensMap`), drawn once per size: a growing capsule's lens
   * and the lens of its size once it is whole share it.
   */
  #map(width, height) {
    const key = `${width}x${height}-${this.lineRadius}`;
    let url = this.maps.get(key);
    if (!url) {
      url = lensMap(width, height, this.lineRadius);
      this.maps.set(key, url);
    }
    return url;
  }

  /** The `url(#…)` of the lens for a capsule of w × h CSS px (rounded to whole px). */
  filterFor(w, h) {
    const width = Math.max(1, Math.round(w));
    const height = Math.max(1, Math.round(h));
    const key = `${width}x${height}` + (Number.isFinite(this.lineRadius) ? `-${Math.round(this.lineRadius * 4)}` : "");
    let lens = this.filters.get(key);
    if (!lens) {
      const id = `${this.prefix}-${key}`;
      const parts = this.#makeFilter(id);
      regionFilter(parts, width, height);
      parts.image.setAttribute("href", this.#map(width, height));
      lens = { id, parts };
      this.filters.set(key, lens);
    }
    return `url(#${lens.id})`;
  }
}
