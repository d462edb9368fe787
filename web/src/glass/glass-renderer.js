// The renderer layer of a cloud's glass: one interface, two backends.
//
//   const renderer = createGlassRenderer(cloud);          // WebGL2 where it can, else Canvas 2D
//   renderer.draw(scene);                                  // false: this backend cannot draw it
//   renderer.remove();                                     // lets go of its canvases and contexts
//
// What a frame hands a renderer (a GlassScene) is everything it draws from, nothing it has to
// find out: the capsules' rects, the necks the core found (core.layoutPacked's one melt rule,
// less the capsules a press lifts out of their group), the tints, which capsules melt, and the
// window of the cloud to cover (glass-window.js). What each backend draws:
// - WebGL2 (webgl-renderer.js): one rim with two highlights (rim-light.js) around each melted
//   group's outline, and the necks, as a smooth union of signed-distance fields, in up to four bands
//   (band-layout.js). It draws the melted capsules' rims, so their CSS rims go (`drawsRims`).
// - Canvas 2D (canvas2d-renderer.js), where WebGL2 is missing or lost: the necks alone, as
//   hourglasses with the same tint gradient and their sides lit as rim; every capsule keeps its
//   CSS rim.
// Both cover only the window and show no canvas when nothing melts in it (nothing read back or
// composited), and neither clips: a canvas is cut to what it draws (docs/WEB.md, "The glass in bands").

import { Canvas2DGlassRenderer } from "./canvas2d-renderer.js";
import { WebGLGlassRenderer } from "./webgl-renderer.js";

/**
 * @typedef {object} GlassScene
 * @property {{count: number, origins: ArrayLike<number>, sizes: ArrayLike<number>}} frame
 *   the capsules: rect i is origins[2i], origins[2i+1], sizes[2i], sizes[2i+1] (cloud px)
 * @property {{pairs: ArrayLike<number>, gaps: ArrayLike<number>, axes: ArrayLike<number>, spans: ArrayLike<number>}} necks
 *   the core's melting pairs to draw: neck n joins pairs[2n] and pairs[2n+1], gaps[n] apart,
 *   along axes[4n…4n+3] (from, to), spans[n] either side (core.layoutPacked)
 * @property {Float32Array} tints  straight RGBA per capsule, 0…1
 * @property {Uint8Array} melted  1 where a capsule melts with another (a neck touches it)
 * @property {{x: number, y: number, width: number, height: number, mostWidth: number, mostHeight: number} | null} area
 *   the window of the cloud to cover (cloud px), null: nothing to show
 * @property {number} mergeDistance
 * @property {number} resolution  the fraction of the screen's resolution to draw at (1 at rest, less while the layout moves)
 */

/**
 * @typedef {object} GlassRenderer
 * @property {"webgl2" | "2d"} mode
 * @property {boolean} drawsRims  whether it draws the melted capsules' rims (their CSS rims go)
 * @property {(() => void) | null} onLost  called when the backend can no longer draw (a lost context)
 * @property {(scene: GlassScene) => boolean} draw  false: it cannot draw this scene (fall back)
 * @property {() => void} remove  lets go of its canvases and contexts
 */

/** The backend `?glass=2d` forces (tests, comparisons), or null. */
function forcedMode() {
  try {
    return new URL(globalThis.location?.href ?? "about:blank").searchParams.get("glass");
  } catch {
    return null;
  }
}

/**
 * The renderer for `cloud`: WebGL2 where the browser gives a context (and `?glass=2d` does not
 * force the fallback), else Canvas 2D.
 * @returns {GlassRenderer}
 */
export function createGlassRenderer(cloud) {
  return (forcedMode() === "2d" ? null : WebGLGlassRenderer.create(cloud)) ?? new Canvas2DGlassRenderer(cloud);
}

/** The Canvas 2D renderer (after the WebGL2 one lost its context or could not draw). */
export function fallbackRenderer(cloud) {
  return new Canvas2DGlassRenderer(cloud);
}
