// The Canvas 2D backend of the glass (glass-renderer.js), for browsers without WebGL2 or whose
// context was lost (some WebKitGTK and Firefox set-ups, `?glass=2d`): every capsule keeps its
// CSS rim and its two highlights, and one canvas over the window fills the core's necks, each an
// hourglass along the core's axis (neck-geometry.js: zero width at the merge distance, as the
// WebGL2 union's), with the same tint gradient from one capsule's tint to the other's, and
// draws each neck's two sides as rim, lit by their normals as the capsules' rims are
// (rim-light.js), so that the highlight runs on from one capsule to the next.
//
//   const renderer = new Canvas2DGlassRenderer(cloud);
//   renderer.draw(scene);   // always true
// - Complexity: O(necks + capsules in the window) per frame.

import { traceHourglass, traceHourglassSide } from "./neck-geometry.js";
import { CanvasPlacement, glassLayer, showLayer } from "./glass-layer.js";
import { RIM_COLOR, rimStrength } from "./rim-light.js";

/** The white a neck adds (it has no backdrop blur of its own), as in the WebGL2 shading. */
const FROST = 0.06;
/** A neck side's rim (CSS px): inside the hourglass, as wide as a capsule's CSS rim. */
const RIM_WIDTH = 1;

export class Canvas2DGlassRenderer {
  mode = "2d";
  /** Every capsule keeps its CSS rim: the canvas draws the necks alone. */
  drawsRims = false;
  onLost = null;
  #cloud;
  #canvas = null;
  #layer = null;
  #placement = null;

  constructor(cloud) {
    this.#cloud = cloud;
  }

  /** The canvas, made on the first draw (a cloud that never melts never has one). */
  #ensureCanvas() {
    if (this.#canvas) return this.#canvas;
    const canvas = document.createElement("canvas");
    canvas.className = "glass-canvas";
    canvas.setAttribute("aria-hidden", "true");
    this.#layer = glassLayer();
    this.#layer.append(canvas);
    this.#cloud.append(this.#layer);
    this.#placement = new CanvasPlacement(canvas);
    this.#canvas = canvas;
    return canvas;
  }

  /**
   * @param {import("./glass-renderer.js").GlassScene} scene
   * @returns {boolean} always true: a 2D canvas can draw any window
   */
  draw(scene) {
    const { frame, necks, tints, area, mergeDistance } = scene;
    const { origins, sizes } = frame;
    const canvas = this.#ensureCanvas();
    // The necks in the window (both capsules' boxes hold a neck).
    const shown = [];
    if (area) {
      for (let n = 0; n < necks.gaps.length; n += 1) {
        const i = necks.pairs[2 * n];
        const j = necks.pairs[2 * n + 1];
        if (Math.max(origins[2 * i] + sizes[2 * i], origins[2 * j] + sizes[2 * j]) < area.x) continue;
        if (Math.min(origins[2 * i], origins[2 * j]) > area.x + area.width) continue;
        if (Math.max(origins[2 * i + 1] + sizes[2 * i + 1], origins[2 * j + 1] + sizes[2 * j + 1]) < area.y) continue;
        if (Math.min(origins[2 * i + 1], origins[2 * j + 1]) > area.y + area.height) continue;
        shown.push(n);
      }
    }
    // Nothing melts in the window: no canvas (nothing to clear, clip, read back or composite).
    if (shown.length === 0) {
      showLayer(this.#layer, false);
      return true;
    }
    const scale = (globalThis.devicePixelRatio || 1) * (scene.resolution ?? 1);
    // Exactly the window (which lies within the content), never larger: a canvas reaching past
    // the cloud would widen the page, and clipping it costs the compositor dearly (band-layout.js).
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
    showLayer(this.#layer, true);
    this.#placement.moveTo(area);
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
      const x = origins[2 * i];
      const y = origins[2 * i + 1];
      const w = sizes[2 * i];
      const h = sizes[2 * i + 1];
      if (x + w < area.x || x > area.x + cssWidth || y + h < area.y || y > area.y + cssHeight) continue;
      context.roundRect(x, y, w, h, Math.min(w, h) / 2);
    }
    context.clip("evenodd");
    const { pairs, gaps, axes, spans } = necks;
    for (const n of shown) {
      const i = pairs[2 * n];
      const j = pairs[2 * n + 1];
      const radius = Math.min(sizes[2 * i], sizes[2 * i + 1], sizes[2 * j], sizes[2 * j + 1]) / 2;
      context.beginPath();
      if (!traceHourglass(context, axes, n, gaps[n], spans[n], radius, mergeDistance)) continue;
      const gradient = context.createLinearGradient(axes[4 * n], axes[4 * n + 1], axes[4 * n + 2], axes[4 * n + 3]);
      gradient.addColorStop(0, rgba(i, FROST));
      gradient.addColorStop(1, rgba(j, FROST));
      context.fillStyle = gradient;
      context.fill();
      this.#drawNeckRim(context, necks, n, radius, mergeDistance);
    }
    context.restore();
    return true;
  }

  /**
   * Neck `n`'s two sides as rim: each side's stroke, cut to the hourglass (the inner half of a
   * stroke twice RIM_WIDTH wide), in the rim colour at its strength where its normal at the
   * waist faces (rim-light.js). The current path is neck `n`'s hourglass.
   */
  #drawNeckRim(context, necks, n, radius, mergeDistance) {
    const { axes, gaps, spans } = necks;
    context.save();
    context.clip();
    context.lineWidth = 2 * RIM_WIDTH;
    const [r, g, b, a] = RIM_COLOR;
    for (const sign of [1, -1]) {
      context.beginPath();
      const normal = traceHourglassSide(context, axes, n, gaps[n], spans[n], radius, mergeDistance, sign);
      if (!normal) continue;
      const alpha = a * rimStrength(normal[0], normal[1]);
      context.strokeStyle = `rgb(${Math.round(r * 255)} ${Math.round(g * 255)} ${Math.round(b * 255)} / ${alpha.toFixed(3)})`;
      context.stroke();
    }
    context.restore();
  }

  /** Lets go of the canvas. */
  remove() {
    this.#layer?.remove();
    this.#layer = null;
    this.#canvas = null;
  }
}
