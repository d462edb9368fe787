// The glass layer of a cloud, over its buttons: what of a frame melts, handed to a renderer
// (glass-renderer.js: WebGL2, or Canvas 2D where WebGL2 is missing or lost). Fed a packed frame
// every frame; it creates no DOM node per frame, and its renderer covers only the visible window
// of the cloud (glass-window.js).
//
//   const melt = new MeltView(cloudElement, glassWindow);   // glass-window.js (optional)
//   melt.draw(frame, tints, { mergeDistance: 10, skip: (i) => false, moving: false });
//   // frame: core.layoutPacked's (packed-layout.js), with the core's necks; tints: Float32Array
//   // of straight RGBA per capsule, 0…1
//   melt.melted;                 // Uint8Array: 1 where the renderer draws the capsule's rim (its CSS rim must go)
//   drawnNecks(cloudElement);    // the pairs drawn by the last frame, [i0, j0, i1, j1, …] (tests, diagnostics)
//
// Which capsules melt is the core's one rule: the frame's `necks` (the pairs closer than the merge
// distance, with their gaps, axes and spans). Nothing here measures a gap. A frame without them
// (a JSON layout) melts nothing: each capsule keeps its own rim.
// Capsules that move without a new frame (a CSS transition) never carry a neck: the spacing spring
// lays out every frame through the core (spacing-animation.js), a selection (`.snappy`) changes
// tints only, and a pressed capsule that swells leaves its group (`skip`) until it settles.
// While the layout moves (`moving`: the owner's clock, layout/layout-motion.js) the renderer
// draws at MOVING_RESOLUTION of the screen's, and the owner draws again at full resolution in
// the frame the motion rests: SwiftShader, the CPU rasteriser of headless Chromium, pays per
// fragment, and a moving neck's rim at half resolution is one px softer for a fraction of a
// second (docs/WEB.md, "Optics that cost only when they can be seen").
// - Complexity: O(capsules + necks) per frame; drawing O(what is in the window).

import { createGlassRenderer, fallbackRenderer } from "./glass-renderer.js";
import { PAD } from "./glass-instances.js";
import { GlassWindow } from "./glass-window.js";

/** The necks each cloud drew last (its MeltView's), for tests and diagnostics: no DOM property. */
const drawn = new WeakMap();

/** The pairs the glass of `cloud` drew in its last frame: `[i0, j0, i1, j1, …]` (empty: none). */
export function drawnNecks(cloud) {
  return drawn.get(cloud) ?? new Int32Array(0);
}

const NO_NECKS = Object.freeze({ pairs: new Int32Array(0), gaps: new Float64Array(0), axes: new Float64Array(0), spans: new Float64Array(0) });

/**
 * The frame's necks to draw: the core's, less those of capsules left out (a pressed capsule
 * swells alone).
 * - Complexity: O(necks).
 */
function meltingNecks(frame, skip) {
  const { necks: pairs, neckGaps: gaps, neckAxes: axes, neckSpans: spans } = frame;
  if (!pairs || !gaps || !axes || !spans) return NO_NECKS;
  if (!skip) return { pairs, gaps, axes, spans };
  const kept = [];
  for (let n = 0; n < gaps.length; n += 1) if (!skip(pairs[2 * n]) && !skip(pairs[2 * n + 1])) kept.push(n);
  if (kept.length === gaps.length) return { pairs, gaps, axes, spans };
  const out = {
    pairs: new Int32Array(2 * kept.length),
    gaps: new Float64Array(kept.length),
    axes: new Float64Array(4 * kept.length),
    spans: new Float64Array(kept.length),
  };
  kept.forEach((n, m) => {
    out.pairs.set(pairs.subarray(2 * n, 2 * n + 2), 2 * m);
    out.gaps[m] = gaps[n];
    out.axes.set(axes.subarray(4 * n, 4 * n + 4), 4 * m);
    out.spans[m] = spans[n];
  });
  return out;
}

/** The resolution, as a fraction of the screen's, at which moving glass is drawn. */
const MOVING_RESOLUTION = 0.5;

/** The drawn window when nothing melts: no scroll can bring anything to draw into view. */
const EVERYWHERE = { x: -Infinity, y: -Infinity, width: Infinity, height: Infinity };

export class MeltView {
  #renderer;
  #last = null; // the last draw's [frame, tints, options]: what a redraw draws again

  /**
   * @param {HTMLElement} cloud
   * @param {GlassWindow} [glassWindow]  the cloud's window (shared with its slots' placement); redraws on its `onMove`
   */
  constructor(cloud, glassWindow = null) {
    this.cloud = cloud;
    /** Per capsule, after each draw: 1 where the renderer draws its rim (it melts), so its CSS rim must go. */
    this.melted = new Uint8Array(0);
    this.window = glassWindow ?? new GlassWindow(cloud, () => this.redraw());
    this.#use(createGlassRenderer(cloud));
  }

  /** "webgl2" or "2d": which renderer draws this cloud's glass. */
  get mode() {
    return this.#renderer.mode;
  }

  #use(renderer) {
    this.#renderer = renderer;
    renderer.onLost = () => this.#fallBack();
    this.cloud.classList.toggle("glass-gl", renderer.drawsRims);
    this.cloud.dataset.glass = renderer.mode;
  }

  #fallBack() {
    this.#renderer.remove();
    this.#use(fallbackRenderer(this.cloud));
    this.redraw();
  }

  /**
   * Lets go of the canvases and their WebGL2 contexts (the cloud left the document: it holds
   * none of the few a page may have); a cloud that comes back makes a new MeltView.
   */
  remove() {
    this.#renderer.onLost = null; // its contexts' losses that follow are ours
    this.#renderer.remove();
    this.#last = null;
    drawn.delete(this.cloud);
  }

  /** Draws again with the last inputs (a pressed capsule rejoined its group, the cloud scrolled). */
  redraw() {
    if (this.#last) this.draw(...this.#last);
  }

  /**
   * @param {{count: number, size: number[], origins: ArrayLike<number>, sizes: ArrayLike<number>,
   *          necks?: Int32Array, neckGaps?: Float64Array, neckAxes?: Float64Array, neckSpans?: Float64Array}} frame
   *   the necks: the core's melting pairs (core.layoutPacked)
   * @param {Float32Array} tints  straight RGBA per capsule
   * @param {{mergeDistance: number, skip?: (index: number) => boolean, sight?: () => object | null, moving?: boolean}} options
   *   sight: the visible part of the cloud this frame (GlassWindow.visible), read once by the caller;
   *   moving: the layout moves (the owner's clock): drawn at MOVING_RESOLUTION
   */
  draw(frame, tints, options) {
    // `sight` is this frame's: a redraw (after a scroll) reads the window again.
    const { sight, ...kept } = options;
    this.#last = [frame, tints, kept];
    const { count, origins, sizes } = frame;
    const necks = meltingNecks(frame, options.skip);
    drawn.set(this.cloud, necks.pairs);
    this.#markMelted(count, necks.pairs);
    // The content: the capsules' extent (not the cloud's box, which a drag changes every frame
    // while the capsules move only now and then).
    let width = 0;
    for (let i = 0; i < count; i += 1) {
      const right = origins[2 * i] + sizes[2 * i];
      if (right > width) width = right; // NaN (a capsule placed nowhere) is not
    }
    const height = frame.size[1];
    // The window of the cloud the canvases cover; measured only when something melts (reading the
    // cloud's position lays the page out early), and with nothing melted no scroll needs a redraw.
    // The content reaches PAD beyond the capsules on every side (the rim's antialiasing and the
    // field's gradient at the cloud's own edge), no further: no canvas reaches past the cloud.
    const melting = necks.pairs.length > 0;
    const bounds = { left: -PAD, top: -PAD, right: width + PAD, bottom: height + PAD };
    const area = melting ? this.window.measure(bounds, sight?.()) : null;
    this.window.drawn(melting ? area : EVERYWHERE);
    const resolution = options.moving ? MOVING_RESOLUTION : 1;
    const scene = { frame, necks, tints, melted: this.melted, area, mergeDistance: options.mergeDistance, resolution };
    if (this.#renderer.draw(scene)) return;
    this.#fallBack();
  }

  /** Which capsules melt with another (1) and so have their rim drawn by the renderer (where it draws rims). */
  #markMelted(count, pairs) {
    if (this.melted.length !== count) this.melted = new Uint8Array(count);
    const melted = this.melted;
    melted.fill(0);
    if (this.#renderer.drawsRims) for (let p = 0; p < pairs.length; p += 1) melted[pairs[p]] = 1;
  }
}
