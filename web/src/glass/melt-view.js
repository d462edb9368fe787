// The glass layer of a cloud, over its buttons: one outline (rim and specular light) around each
// melted merge group and the liquid necks between its capsules. Fed a packed frame (origins,
// sizes, merge groups) every frame; it creates no DOM node per frame: its canvases cover only the
// visible window of the cloud (glass-window.js) and draw what intersects it (with WebGL2 in up to
// four bands, each drawn again only when what lies in it changed: glass-bands.js).
//
//   const melt = new MeltView(cloudElement, glassWindow);   // glass-window.js (optional)
//   melt.draw(frame, tints, { mergeDistance: 10, skip: (i) => false });
//   // tints: Float32Array of straight RGBA per capsule, 0…1
//   melt.melted;   // Uint8Array: 1 where the canvas draws the capsule's rim (its CSS rim must go)
//
// Two renderers, chosen once per cloud by feature detection:
// - "webgl2" (glass-gl.js): signed-distance fields, smooth union, rim lit from the top left. A
//   melted capsule's CSS rim is switched off (`glass-gl` on the cloud, `melted` per capsule): the
//   canvases draw its group's outline. A capsule that melts with none keeps its CSS rim, so a
//   loose cloud shows no canvas at all (nothing read back, nothing composited).
// - "2d", where WebGL2 is missing or its context is lost (some WebKitGTK and Firefox set-ups):
//   each capsule keeps its CSS rim and specular edge, and a 2D canvas fills the necks with the
//   same shape (melt-shape.js's hourglass, zero width at the merge distance) and the same tint
//   gradient.
// Why not an SVG updated in place: see docs/WEB.md (measured: attribute writes of 1,000 shapes
// cost more main-thread time per frame than the whole chips peer).
// - Complexity: O(capsules + necks) per frame to find what melts; drawing O(what is in the window).

import { FIELD_RANGE, GlassGL, glassLayer, INSTANCE_FLOATS, placeCanvas } from "./glass-gl.js";
import { GlassWindow } from "./glass-window.js";
import { closestPoints, neckBetween, neckPairs, packedGap, stadium } from "./melt-shape.js";

/**
 * The pairs to melt this frame, `[i0, j0, …]`, and their gaps: the core's necks, which a packed
 * frame carries (`necks`, `neckGaps`: core.layoutPacked), less those of capsules left out (a
 * pressed capsule swells alone); for a frame without them (one made from a JSON layout), found
 * again by melt-shape.js.
 * - Complexity: O(necks).
 */
function meltingPairs(frame, mergeDistance, skip) {
  const { necks, neckGaps } = frame;
  if (necks) {
    if (!skip) return { pairs: necks, gaps: neckGaps };
    const pairs = [];
    const gaps = [];
    for (let k = 0; 2 * k < necks.length; k += 1) {
      if (skip(necks[2 * k]) || skip(necks[2 * k + 1])) continue;
      pairs.push(necks[2 * k], necks[2 * k + 1]);
      gaps.push(neckGaps[k]);
    }
    return { pairs: Int32Array.from(pairs), gaps: Float64Array.from(gaps) };
  }
  const pairs = neckPairs(frame, mergeDistance, skip);
  const gaps = new Float64Array(pairs.length / 2);
  for (let k = 0; k < gaps.length; k += 1) gaps[k] = packedGap(frame.origins, frame.sizes, pairs[2 * k], pairs[2 * k + 1]);
  return { pairs, gaps };
}

/** CSS px the capsule quads reach beyond the capsule (antialiasing and the field's gradient). */
const PAD = 2;
const RIM_ALPHA = 0.3;
const FROST = 0.06;
/** A full neck's waist (gap 0), as a fraction of the smaller capsule's height. */
const FULL_WAIST = 0.8;

/**
 * The smooth-min radius that gives two capsules `gap` apart a neck whose waist is `FULL_WAIST × r`
 * wide at gap 0, zero at the merge distance and linear in between (a fixed k would open the waist
 * as √(mergeDistance − gap): 18 % of the height at 95 % of the distance, a visible pop).
 * On the gap's midline both distances are equal, so the quadratic smooth-min lowers the field by
 * k/4; the midline point at lateral offset w is inside when √(R² + w²) − r < k/4, R = r + gap/2
 * (the capsules' end caps facing each other; flat faces of capsules in adjacent rows join along
 * their whole overlap at once, docs/WEB.md).
 * - Complexity: O(1).
 */
export function neckRadius(gap, radius, mergeDistance) {
  const reach = Math.min(1, Math.max(0, 1 - gap / mergeDistance));
  const waist = reach * FULL_WAIST * radius;
  const centre = radius + gap / 2;
  return Math.max(1e-3, 4 * (Math.hypot(centre, waist) - radius));
}

/** The drawn window when nothing melts: no scroll can bring anything to draw into view. */
const EVERYWHERE = { x: -Infinity, y: -Infinity, width: Infinity, height: Infinity };

/**
 * The box where the smooth union of capsules `a` and `b` (radius `k`) differs from the plain
 * union by something the shading can show: the neck's quad. The smooth-min lowers the field only
 * where |dA − dB| < k, by (k − |dA − dB|)²/4k at most, and the 8-bit field shows it only under
 * FIELD_RANGE; so wherever it shows, the farther distance is under FIELD_RANGE + k, and the quad
 * lies within the box where both capsules' boxes, widened by that, overlap. Where only their caps
 * face each other (neighbours in a row, capsules of adjacent rows meeting corner to corner) it is
 * tighter, a band around the bisector: ±(¾k + 2) along the axis between the closest points, and
 * across it as far as √((r + FIELD_RANGE + 5k/4)² − (r + gap − FIELD_RANGE − k/4)²). Both are
 * checked against a dense grid of the shader's own fields (Tests/node/web-modules.test.mjs).
 *
 *   neckQuad({ x: 0, y: 0, w: 80, h: 40 }, { x: 83, y: 0, w: 60, h: 40 }, 17)
 *   // { left: ≈67, top: ≈-27, right: ≈96, bottom: ≈67 } (then clipped to the capsules' box ± 2)
 * - Complexity: O(1).
 */
export function neckQuad(a, b, k) {
  const s = stadium(a);
  const t = stadium(b);
  const reach = FIELD_RANGE + k;
  const box = {
    left: Math.max(a.x, b.x) - reach,
    top: Math.max(a.y, b.y) - reach,
    right: Math.min(a.x + a.w, b.x + b.w) + reach,
    bottom: Math.min(a.y + a.h, b.y + b.h) + reach,
  };
  // Only caps face each other when neither capsule's flat side reaches beside the other: each
  // ends, horizontally, before the other's flat side begins.
  const horizontal = s.ay === s.by && t.ay === t.by;
  const capsOnly = horizontal && ((a.x + a.w <= t.ax && b.x >= s.bx) || (b.x + b.w <= s.ax && a.x >= t.bx));
  if (!capsOnly) return box;
  const { p, q, d } = closestPoints(s, t);
  const gap = Math.max(0, d - s.r - t.r);
  const ux = d > 0 ? (q.x - p.x) / d : 1;
  const uy = d > 0 ? (q.y - p.y) / d : 0;
  const centreX = p.x + ux * (s.r + gap / 2);
  const centreY = p.y + uy * (s.r + gap / 2);
  const r = Math.max(s.r, t.r);
  const shows = FIELD_RANGE + k / 4; // the nearer distance under which the union shows
  const along = 0.75 * k + 2;
  const across = Math.sqrt(Math.max(0, (r + shows + k) ** 2 - (r + gap - shows) ** 2)) + 2;
  // The box around the band (along the axis u, across it n = (−uy, ux)), within the box above.
  const halfX = Math.abs(ux) * along + Math.abs(uy) * across;
  const halfY = Math.abs(uy) * along + Math.abs(ux) * across;
  return {
    left: Math.max(box.left, centreX - halfX),
    top: Math.max(box.top, centreY - halfY),
    right: Math.min(box.right, centreX + halfX),
    bottom: Math.min(box.bottom, centreY + halfY),
  };
}

/** Where the 2D fallback or the WebGL2 canvas is forced (tests, comparisons): `?glass=2d`. */
function forcedRenderer() {
  try {
    return new URL(globalThis.location?.href ?? "about:blank").searchParams.get("glass");
  } catch {
    return null;
  }
}

export class MeltView {
  /**
   * @param {HTMLElement} cloud
   * @param {GlassWindow} [glassWindow]  the cloud's window (shared with its slots' placement); redraws on its `onMove`
   */
  constructor(cloud, glassWindow = null) {
    this.cloud = cloud;
    this.data = new Float32Array(0);
    /** Per capsule, after each draw: 1 where the WebGL2 canvas draws its rim (it melts), so its CSS rim must go. */
    this.melted = new Uint8Array(0);
    this.last = null;
    this.gl = forcedRenderer() === "2d" ? null : GlassGL.create(cloud);
    if (this.gl) this.gl.onLost = () => this.#fallBack();
    this.canvas2d = null;
    this.window = glassWindow ?? new GlassWindow(cloud, () => this.redraw());
    this.#applyMode();
  }

  /** "webgl2" or "2d": which renderer draws this cloud's glass. */
  get mode() {
    return this.gl ? "webgl2" : "2d";
  }

  #applyMode() {
    this.cloud.classList.toggle("glass-gl", Boolean(this.gl));
    this.cloud.dataset.glass = this.mode;
  }

  #fallBack() {
    this.gl?.remove();
    this.gl = null;
    this.#applyMode();
    if (this.last) this.draw(...this.last);
  }

  /**
   * Lets go of the canvases and their WebGL2 contexts (the cloud left the document: it holds
   * none of the few a page may have); a cloud that comes back makes a new MeltView.
   */
  remove() {
    this.gl?.remove(); // its bands' context losses that follow are not reported
    this.gl = null;
    this.canvas2d?.parentElement?.remove();
    this.canvas2d = null;
    this.last = null;
  }

  /** Draws again with the last inputs (a pressed capsule rejoined its group, the cloud scrolled). */
  redraw() {
    if (this.last) this.draw(...this.last);
  }

  /**
   * @param {{count: number, size: number[], origins: ArrayLike<number>, sizes: ArrayLike<number>, groups: ArrayLike<number>, necks?: Int32Array, neckGaps?: Float64Array}} frame
   *   necks, neckGaps: the core's melting pairs (core.layoutPacked); without them they are found here
   * @param {Float32Array} tints  straight RGBA per capsule
   * @param {{mergeDistance: number, skip?: (index: number) => boolean, sight?: () => object | null}} options
   *   sight: the visible part of the cloud this frame (GlassWindow.visible), read once by the caller
   */
  draw(frame, tints, options) {
    // `sight` is this frame's: a redraw (after a scroll) reads the window again.
    const { sight, ...kept } = options;
    this.last = [frame, tints, kept];
    const { count, origins, sizes } = frame;
    const mergeDistance = options.mergeDistance;
    const { pairs, gaps } = meltingPairs(frame, mergeDistance, options.skip);
    // Diagnostics (and the tests): the melted pairs, as a property (no DOM write).
    this.cloud.glassPairs = pairs;
    this.#markMelted(count, pairs);
    // The content: the capsules' extent (not the cloud's box, which a drag changes every frame
    // while the capsules move only now and then).
    let width = 0;
    for (let i = 0; i < count; i += 1) width = Math.max(width, origins[2 * i] + sizes[2 * i]);
    const height = frame.size[1];
    // The window of the cloud the canvases cover; measured only when something melts (reading the
    // cloud's position lays the page out early), and with nothing melted no scroll needs a redraw.
    // The content reaches PAD beyond the capsules on every side (the rim's antialiasing and the
    // field's gradient at the cloud's own edge), no further: no canvas reaches past the cloud.
    const bounds = { left: -PAD, top: -PAD, right: width + PAD, bottom: height + PAD };
    const area = pairs.length ? this.window.measure(bounds, sight?.()) : null;
    this.window.drawn(pairs.length ? area : EVERYWHERE);
    if (this.gl) {
      const instances = area ? this.#instances(frame, tints, pairs, gaps, area) : 0;
      if (this.gl.draw(this.data, instances, { area, rimAlpha: RIM_ALPHA, frost: FROST })) return;
      this.#fallBack();
      return;
    }
    this.#draw2d(frame, tints, pairs, mergeDistance, area);
  }

  /** Which capsules melt with another (1) and so have their rim drawn by the WebGL2 canvas. */
  #markMelted(count, pairs) {
    if (this.melted.length !== count) this.melted = new Uint8Array(count);
    const melted = this.melted;
    melted.fill(0);
    if (this.gl) for (let p = 0; p < pairs.length; p += 1) melted[pairs[p]] = 1;
  }

  /** The instances (melted capsules, then necks) whose quads meet `area`; returns their count. */
  #instances(frame, tints, pairs, gaps, area) {
    const { count, origins, sizes } = frame;
    const necks = pairs.length / 2;
    const needed = (count + necks) * INSTANCE_FLOATS;
    if (this.data.length < needed) this.data = new Float32Array(Math.ceil(needed * 1.5));
    const data = this.data;
    const melted = this.melted;
    const left = area.x;
    const top = area.y;
    const right = area.x + area.width;
    const bottom = area.y + area.height;
    let o = 0;
    for (let i = 0; i < count; i += 1) {
      if (melted[i] !== 1) continue;
      const x = origins[2 * i];
      const y = origins[2 * i + 1];
      const w = sizes[2 * i];
      const h = sizes[2 * i + 1];
      if (x + w + PAD < left || x - PAD > right || y + h + PAD < top || y - PAD > bottom) continue;
      data[o] = x - PAD; data[o + 1] = y - PAD; data[o + 2] = w + 2 * PAD; data[o + 3] = h + 2 * PAD;
      data[o + 4] = x; data[o + 5] = y; data[o + 6] = w; data[o + 7] = h;
      data.fill(0, o + 8, o + INSTANCE_FLOATS);
      o += INSTANCE_FLOATS;
    }
    const mergeDistance = this.last[2].mergeDistance;
    for (let p = 0; p < pairs.length; p += 2) {
      const i = pairs[p];
      const j = pairs[p + 1];
      const ax = origins[2 * i], ay = origins[2 * i + 1], aw = sizes[2 * i], ah = sizes[2 * i + 1];
      const bx = origins[2 * j], by = origins[2 * j + 1], bw = sizes[2 * j], bh = sizes[2 * j + 1];
      // Both capsules' boxes hold the neck: a pair wholly outside the area is left out.
      if (Math.max(ax + aw, bx + bw) + PAD < left || Math.min(ax, bx) - PAD > right) continue;
      if (Math.max(ay + ah, by + bh) + PAD < top || Math.min(ay, by) - PAD > bottom) continue;
      const a = { x: ax, y: ay, w: aw, h: ah };
      const b = { x: bx, y: by, w: bw, h: bh };
      const k = neckRadius(gaps[p / 2], Math.min(aw, ah, bw, bh) / 2, mergeDistance);
      const quad = neckQuad(a, b, k);
      // Within both capsules' box (with the antialiasing pad): nothing of a neck lies beyond.
      const quadLeft = Math.max(Math.min(ax, bx) - PAD, quad.left);
      const quadRight = Math.min(Math.max(ax + aw, bx + bw) + PAD, quad.right);
      const quadTop = Math.max(Math.min(ay, by) - PAD, quad.top);
      const quadBottom = Math.min(Math.max(ay + ah, by + bh) + PAD, quad.bottom);
      data[o] = quadLeft; data[o + 1] = quadTop; data[o + 2] = quadRight - quadLeft; data[o + 3] = quadBottom - quadTop;
      data[o + 4] = ax; data[o + 5] = ay; data[o + 6] = aw; data[o + 7] = ah;
      data[o + 8] = bx; data[o + 9] = by; data[o + 10] = bw; data[o + 11] = bh;
      for (let c = 0; c < 4; c += 1) {
        data[o + 12 + c] = tints[4 * i + c];
        data[o + 16 + c] = tints[4 * j + c];
      }
      data[o + 20] = k;
      data[o + 21] = 0;
      data[o + 22] = 0;
      data[o + 23] = 0;
      o += INSTANCE_FLOATS;
    }
    return o / INSTANCE_FLOATS;
  }

  #draw2d(frame, tints, pairs, mergeDistance, area) {
    if (!this.canvas2d) {
      this.canvas2d = document.createElement("canvas");
      this.canvas2d.className = "glass-canvas";
      this.canvas2d.setAttribute("aria-hidden", "true");
      const layer = glassLayer();
      layer.append(this.canvas2d);
      this.cloud.append(layer);
    }
    const canvas = this.canvas2d;
    const { origins, sizes } = frame;
    const item = (i) => ({ x: origins[2 * i], y: origins[2 * i + 1], w: sizes[2 * i], h: sizes[2 * i + 1] });
    // The necks in the window (both capsules' boxes hold a neck).
    const shown = [];
    if (area) {
      for (let p = 0; p < pairs.length; p += 2) {
        const a = item(pairs[p]);
        const b = item(pairs[p + 1]);
        if (Math.max(a.x + a.w, b.x + b.w) < area.x || Math.min(a.x, b.x) > area.x + area.width) continue;
        if (Math.max(a.y + a.h, b.y + b.h) < area.y || Math.min(a.y, b.y) > area.y + area.height) continue;
        shown.push(p);
      }
    }
    // Nothing melts in the window: no canvas (nothing to clear, clip, read back or composite).
    if (shown.length === 0) {
      placeCanvas(canvas, null);
      return;
    }
    const scale = globalThis.devicePixelRatio || 1;
    // Exactly the window (which lies within the content), never larger: a canvas reaching past
    // the cloud would widen the page, and clipping it costs the compositor dearly (glass-bands.js).
    const width = Math.max(1, Math.round(area.width * scale));
    const height = Math.max(1, Math.round(area.height * scale));
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
      canvas.style.width = `${width / scale}px`;
      canvas.style.height = `${height / scale}px`;
    }
    const cssWidth = width / scale;
    const cssHeight = height / scale;
    placeCanvas(canvas, area);
    const context = canvas.getContext("2d");
    context.setTransform(scale, 0, 0, scale, -area.x * scale, -area.y * scale);
    context.clearRect(area.x, area.y, cssWidth, cssHeight);
    const rgba = (i, extra = 0) =>
      `rgb(${Math.round(tints[4 * i] * 255)} ${Math.round(tints[4 * i + 1] * 255)} ${Math.round(tints[4 * i + 2] * 255)} / ${Math.min(1, tints[4 * i + 3] + extra)})`;
    // The necks' tint only between the capsules (each paints its own), like the WebGL2 path: the
    // capsules in the window cut out of it.
    context.save();
    context.beginPath();
    context.rect(area.x, area.y, cssWidth, cssHeight);
    for (let i = 0; i < frame.count; i += 1) {
      const { x, y, w, h } = item(i);
      if (x + w < area.x || x > area.x + cssWidth || y + h < area.y || y > area.y + cssHeight) continue;
      context.roundRect(x, y, w, h, Math.min(w, h) / 2);
    }
    context.clip("evenodd");
    for (const p of shown) {
      const neck = neckBetween(item(pairs[p]), item(pairs[p + 1]), mergeDistance);
      if (!neck) continue;
      const gradient = context.createLinearGradient(neck.p.x, neck.p.y, neck.q.x, neck.q.y);
      gradient.addColorStop(0, rgba(pairs[p], FROST));
      gradient.addColorStop(1, rgba(pairs[p + 1], FROST));
      context.fillStyle = gradient;
      context.fill(new Path2D(neck.path));
    }
    context.restore();
  }
}
