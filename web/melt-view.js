// The glass layer of a cloud, over its buttons: one outline (rim and specular light) around each
// merge group and the liquid necks between melted capsules. Fed a packed frame (origins, sizes,
// merge groups) every frame; it creates no DOM node per frame: one canvas, drawn whole.
//
//   const melt = new MeltView(cloudElement);
//   melt.draw(frame, tints, { mergeDistance: 10, skip: (i) => false });
//   // tints: Float32Array of straight RGBA per capsule, 0…1
//
// Two renderers, chosen once per cloud by feature detection:
// - "webgl2" (glass-gl.js): signed-distance fields, smooth union, rim lit from the top left. The
//   capsules' CSS rim is switched off (`glass-gl` on the cloud): the canvas draws the outline.
// - "2d", where WebGL2 is missing or its context is lost (some WebKitGTK and Firefox set-ups, a
//   cloud taller than a texture): each capsule keeps its CSS rim and specular edge, and a 2D
//   canvas fills the necks with the same shape (melt-shape.js's hourglass, zero width at the
//   merge distance) and the same tint gradient.
// Why not an SVG updated in place: see docs/WEB.md (measured: attribute writes of 1,000 shapes
// cost more main-thread time per frame than the whole chips peer).
// - Complexity: O(capsules + necks) per frame.

import { bucket, clipped, fits, GlassGL, INSTANCE_FLOATS } from "./glass-gl.js";
import { neckBetween, neckPairs, packedGap } from "./melt-shape.js";

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

/** Where the 2D fallback or the WebGL2 canvas is forced (tests, comparisons): `?glass=2d`. */
function forcedRenderer() {
  try {
    return new URL(globalThis.location?.href ?? "about:blank").searchParams.get("glass");
  } catch {
    return null;
  }
}

export class MeltView {
  /** @param {HTMLElement} cloud */
  constructor(cloud) {
    this.cloud = cloud;
    this.data = new Float32Array(0);
    this.last = null;
    this.gl = forcedRenderer() === "2d" ? null : GlassGL.create(cloud);
    if (this.gl) this.gl.onLost = () => this.#fallBack();
    this.canvas2d = null;
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

  /** Draws again with the last inputs (a pressed capsule rejoined its group). */
  redraw() {
    if (this.last) this.draw(...this.last);
  }

  /**
   * @param {{count: number, size: number[], origins: ArrayLike<number>, sizes: ArrayLike<number>, groups: ArrayLike<number>}} frame
   * @param {Float32Array} tints  straight RGBA per capsule
   * @param {{mergeDistance: number, skip?: (index: number) => boolean}} options
   */
  draw(frame, tints, options) {
    this.last = [frame, tints, options];
    const { count, origins, sizes } = frame;
    const mergeDistance = options.mergeDistance;
    const skip = options.skip ?? (() => false);
    const pairs = neckPairs(frame, mergeDistance, skip);
    // Diagnostics (and the tests): the melted pairs, as a property (no DOM write).
    this.cloud.glassPairs = pairs;
    let width = frame.size[0];
    for (let i = 0; i < count; i += 1) width = Math.max(width, origins[2 * i] + sizes[2 * i]);
    const height = frame.size[1];
    if (this.gl) {
      const instances = this.#instances(frame, tints, pairs, skip);
      if (this.gl.draw(this.data, instances.count, instances.meltedFrom, { width: width + PAD, height: height + PAD, rimAlpha: RIM_ALPHA, frost: FROST })) return;
      this.#fallBack();
      return;
    }
    this.#draw2d(frame, tints, pairs, mergeDistance, width, height);
  }

  #instances(frame, tints, pairs, skip) {
    const { count, origins, sizes } = frame;
    const necks = pairs.length / 2;
    const needed = (count + necks) * INSTANCE_FLOATS;
    if (this.data.length < needed) this.data = new Float32Array(Math.ceil(needed * 1.5));
    const data = this.data;
    // Capsules that melt with none first (shaded from their own distance), then the melted ones
    // and the necks (shaded from the union's field).
    const melted = new Uint8Array(count);
    for (let p = 0; p < pairs.length; p += 1) melted[pairs[p]] = 1;
    const order = [];
    for (let i = 0; i < count; i += 1) if (!melted[i] && !skip(i)) order.push(i);
    const meltedFrom = order.length;
    for (let i = 0; i < count; i += 1) if (melted[i] && !skip(i)) order.push(i);
    let o = 0;
    let n = 0;
    for (const i of order) {
      const x = origins[2 * i];
      const y = origins[2 * i + 1];
      const w = sizes[2 * i];
      const h = sizes[2 * i + 1];
      data[o] = x - PAD; data[o + 1] = y - PAD; data[o + 2] = w + 2 * PAD; data[o + 3] = h + 2 * PAD;
      data[o + 4] = x; data[o + 5] = y; data[o + 6] = w; data[o + 7] = h;
      data.fill(0, o + 8, o + INSTANCE_FLOATS);
      data[o + 21] = melted[i];
      o += INSTANCE_FLOATS;
      n += 1;
    }
    for (let p = 0; p < pairs.length; p += 2) {
      const i = pairs[p];
      const j = pairs[p + 1];
      const ax = origins[2 * i], ay = origins[2 * i + 1], aw = sizes[2 * i], ah = sizes[2 * i + 1];
      const bx = origins[2 * j], by = origins[2 * j + 1], bw = sizes[2 * j], bh = sizes[2 * j + 1];
      const radius = Math.min(aw, ah, bw, bh) / 2;
      const k = neckRadius(packedGap(origins, sizes, i, j), radius, this.last[2].mergeDistance);
      // The neck's quad: where the two shapes face each other, widened by the reach of the smooth
      // union (k beyond the nearer capsule's radius), within both capsules' box.
      const reach = radius + k;
      const facingLeft = Math.max(ax, bx) - reach;
      const facingRight = Math.min(ax + aw, bx + bw) + reach;
      const facingTop = Math.max(ay, by) - reach;
      const facingBottom = Math.min(ay + ah, by + bh) + reach;
      const left = Math.max(Math.min(ax, bx) - PAD, Math.min(facingLeft, facingRight));
      const right = Math.min(Math.max(ax + aw, bx + bw) + PAD, Math.max(facingLeft, facingRight));
      const top = Math.max(Math.min(ay, by) - PAD, Math.min(facingTop, facingBottom));
      const bottom = Math.min(Math.max(ay + ah, by + bh) + PAD, Math.max(facingTop, facingBottom));
      data[o] = left; data[o + 1] = top; data[o + 2] = right - left; data[o + 3] = bottom - top;
      data[o + 4] = ax; data[o + 5] = ay; data[o + 6] = aw; data[o + 7] = ah;
      data[o + 8] = bx; data[o + 9] = by; data[o + 10] = bw; data[o + 11] = bh;
      for (let c = 0; c < 4; c += 1) {
        data[o + 12 + c] = tints[4 * i + c];
        data[o + 16 + c] = tints[4 * j + c];
      }
      data[o + 20] = k;
      data[o + 21] = 1;
      data[o + 22] = 0;
      data[o + 23] = 0;
      o += INSTANCE_FLOATS;
      n += 1;
    }
    return { count: n, meltedFrom };
  }

  #draw2d(frame, tints, pairs, mergeDistance, width, height) {
    if (!this.canvas2d) {
      this.canvas2d = document.createElement("canvas");
      this.canvas2d.className = "glass-canvas";
      this.canvas2d.setAttribute("aria-hidden", "true");
      this.cloud.append(clipped(this.canvas2d));
    }
    const canvas = this.canvas2d;
    const scale = globalThis.devicePixelRatio || 1;
    // Reallocated (which also clears it) only when the content outgrows it or fits in half of it,
    // with a quarter of headroom (the WebGL2 canvas's rule, glass-gl.js): a drag that grows the
    // cloud a row at a time does not reallocate a cloud-tall canvas every other frame.
    let cssWidth = canvas.width / scale;
    let cssHeight = canvas.height / scale;
    if (!fits(width, cssWidth) || !fits(height + PAD, cssHeight)) {
      cssWidth = fits(width, cssWidth) ? cssWidth : bucket(width * 1.25);
      cssHeight = fits(height + PAD, cssHeight) ? cssHeight : bucket((height + PAD) * 1.25);
      canvas.width = Math.floor(cssWidth * scale);
      canvas.height = Math.floor(cssHeight * scale);
      canvas.style.width = `${canvas.width / scale}px`;
      canvas.style.height = `${canvas.height / scale}px`;
    }
    // Nothing melts and nothing is on the canvas: no clear, no clip (a loose cloud's
    // drag pays nothing here; measured at 1,000 tags: docs/WEB.md).
    if (pairs.length === 0 && !this.drawn2d) return;
    this.drawn2d = pairs.length > 0;
    const context = canvas.getContext("2d");
    context.setTransform(scale, 0, 0, scale, 0, 0);
    context.clearRect(0, 0, cssWidth, cssHeight);
    const { origins, sizes } = frame;
    const item = (i) => ({ x: origins[2 * i], y: origins[2 * i + 1], w: sizes[2 * i], h: sizes[2 * i + 1] });
    const rgba = (i, extra = 0) =>
      `rgb(${Math.round(tints[4 * i] * 255)} ${Math.round(tints[4 * i + 1] * 255)} ${Math.round(tints[4 * i + 2] * 255)} / ${Math.min(1, tints[4 * i + 3] + extra)})`;
    // The necks' tint only between the capsules (each paints its own), like the WebGL2 path.
    context.save();
    context.beginPath();
    context.rect(0, 0, cssWidth, cssHeight);
    for (let i = 0; i < frame.count; i += 1) {
      const { x, y, w, h } = item(i);
      context.roundRect(x, y, w, h, Math.min(w, h) / 2);
    }
    context.clip("evenodd");
    for (let p = 0; p < pairs.length; p += 2) {
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
