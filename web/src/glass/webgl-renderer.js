// The WebGL2 backend of the glass (glass-renderer.js): the rim of every melted merge group's
// outline with its two highlights (top left and, fainter, bottom right: rim-light.js), and the
// liquid necks between its capsules, tinted from one capsule's tint to the other's, drawn from
// signed-distance fields (glass-shaders.js). The capsules' own tint, blur and lensing are CSS on the buttons
// (compositor work), and so is the rim of a capsule that melts with none; this adds what CSS
// cannot: one outline around melted glass, with no seam.
//
//   const renderer = WebGLGlassRenderer.create(cloud);   // null: no WebGL2 here
//   renderer.draw(scene);                                // glass-renderer.js: GlassScene
//
// The glass covers only a window of the cloud (what is visible, plus a margin: glass-window.js),
// so its size, its readback by a software compositor and the texture limit follow the viewport,
// not the cloud; with nothing melted in the window it is hidden. The window is cut into up to
// CLOUD_BANDS horizontal bands, each a canvas with a WebGL2 context of its own (webgl-band.js):
// a band is drawn again only when the instances in it changed, so a frame that moves the lower
// rows leaves the upper bands' canvases, and the backdrop filters under them, untouched.
// - Complexity: O(instances in the window) per frame, one buffer upload per changed band.

import { assignRows, bandLayout, instancesIn } from "./band-layout.js";
import { glassLayer, showLayer } from "./glass-layer.js";
import { INSTANCE_FLOATS, writeInstances } from "./glass-instances.js";
import { RIM_COLOR } from "./rim-light.js";
import { WebGLBand } from "./webgl-band.js";

/** The white a neck adds (it has no backdrop blur of its own). */
const FROST = 0.06;

/** Bands (canvases, each with its own WebGL2 context) a cloud may use. */
export const CLOUD_BANDS = 4;
/**
 * Glass contexts the clouds of a page may hold together: browsers keep a small number of WebGL
 * contexts alive (Chromium 16) and lose the oldest past it. A cloud's first band is always
 * granted (as one canvas per cloud always was); further bands only while the page's clouds hold
 * fewer than this, and only when a cloud's window needs them (a cloud of one row keeps one).
 */
export const PAGE_CONTEXTS = 12;
// The bands granted to the page's clouds, counted across clouds: the one state they share, a
// tally of a limit the browser keeps per page (a thin adapter to it, changed only by WebGLGlassRenderer).
let pageBands = 0;

/**
 * A cloud's WebGL2 glass (a GlassRenderer, glass-renderer.js): up to CLOUD_BANDS bands over the
 * window (band-layout.js), each drawn only when the instances in it changed.
 */
export class WebGLGlassRenderer {
  /** A WebGL2 glass layer for `cloud`, or null when this browser has no WebGL2 (or refuses it). */
  static create(cloud) {
    const layer = glassLayer();
    const first = WebGLBand.create(layer);
    if (!first) return null;
    cloud.append(layer);
    return new WebGLGlassRenderer(layer, first);
  }

  mode = "webgl2";
  /** One outline around each melted group is drawn here: those capsules' CSS rims go. */
  drawsRims = true;

  constructor(layer, first) {
    this.layer = layer;
    this.lost = false;
    this.onLost = null;
    // The bands granted to this cloud: its first; more when its window needs them (#grant).
    this.bandLimit = 1;
    pageBands += 1;
    this.bands = [];
    this.rows = []; // the row each band draws (null: none, hidden)
    this.data = new Float32Array(0); // the scene's instances (glass-instances.js)
    this.scratch = new Float32Array(0); // a band's share of them
    this.#adopt(first);
  }

  #adopt(band) {
    band.onLost = () => {
      this.lost = true;
      this.onLost?.();
    };
    this.bands.push(band);
  }

  /**
   * Draws the scene's melted capsules and necks over its area, band by band; an area with no
   * instance hides the glass (nothing to read back or composite).
   * @param {import("./glass-renderer.js").GlassScene} scene
   * @returns {boolean} false when no canvas can cover the area (the caller falls back)
   */
  draw(scene) {
    const needed = (scene.frame.count + scene.necks.gaps.length) * INSTANCE_FLOATS;
    if (this.data.length < needed) this.data = new Float32Array(Math.ceil(needed * 1.5));
    const count = scene.area ? writeInstances(this.data, scene) : 0;
    return this.#drawInstances(this.data, count, scene.area, scene.resolution ?? 1);
  }

  /** Draws `count` instances of `data` over `area`, band by band (false: no canvas can cover it). */
  #drawInstances(data, count, area, resolution) {
    if (this.lost) return false;
    if (!area || count === 0) {
      for (const band of this.bands) band.hide();
      this.rows.fill(null);
      showLayer(this.layer, false);
      return true;
    }
    const fit = this.#scale(area);
    if (fit < 0.5) return false; // a viewport larger than a texture can be at half resolution
    const scale = fit * resolution;
    this.#grant(bandLayout(area, CLOUD_BANDS).length);
    const layout = bandLayout(area, this.bandLimit);
    this.rows = assignRows(this.rows, layout.map((band) => band.row), this.bandLimit);
    if (this.scratch.length < count * INSTANCE_FLOATS) this.scratch = new Float32Array(Math.ceil(count * INSTANCE_FLOATS * 1.5));
    let shown = 0;
    for (let index = 0; index < this.bandLimit; index += 1) {
      const rect = layout.find((band) => band.row === this.rows[index]);
      if (!rect) {
        this.bands[index]?.hide();
        continue;
      }
      const drawn = instancesIn(data, count, INSTANCE_FLOATS, rect, this.scratch);
      const band = this.#band(index);
      if (!band) return false;
      if (drawn.count === 0) {
        band.hide();
        continue;
      }
      band.draw(this.scratch, drawn.count, drawn.rect, scale, { most: rect.most, rimColor: RIM_COLOR, frost: FROST });
      shown += 1;
    }
    showLayer(this.layer, shown > 0);
    return true;
  }

  /** The device px per CSS px the bands draw at: the screen's, or less where a texture cannot be that large. */
  #scale(area) {
    const gl = this.bands[0].gl;
    this.limit ??= Math.min(gl.getParameter(gl.MAX_TEXTURE_SIZE), gl.getParameter(gl.MAX_RENDERBUFFER_SIZE), 16384) - 2;
    const wanted = globalThis.devicePixelRatio || 1;
    return Math.min(wanted, this.limit / Math.max(area.mostWidth, 1), this.limit / Math.max(area.mostHeight, 1));
  }

  /** More bands, up to `wanted`, while the page's clouds hold fewer than PAGE_CONTEXTS. */
  #grant(wanted) {
    const more = Math.min(wanted - this.bandLimit, PAGE_CONTEXTS - pageBands);
    if (more <= 0) return;
    pageBands += more;
    this.bandLimit += more;
  }

  /** Band `index`, made (a new context) when first needed; null when the browser refuses one. */
  #band(index) {
    while (this.bands.length <= index) {
      const band = WebGLBand.create(this.layer);
      if (!band) return null;
      this.#adopt(band);
    }
    return this.bands[index];
  }

  remove() {
    for (const band of this.bands) band.remove();
    this.bands = [];
    pageBands -= this.bandLimit;
    this.bandLimit = 0;
    this.layer.remove();
  }
}
