// The images a backdrop is made of (backdrop-learner.js): url() layers loaded once per cloud and
// element images (<img>, <video>, <canvas>) read, each boxed down to the backdrop map's sampling
// (progressive halving: a box filter, so fine detail averages instead of aliasing). An image the
// page may not read (cross-origin without CORS: drawing it taints the canvas) reads as null and
// its layer falls back (backdrop-learner.js).
//
//   const images = new BackdropImages(() => relearn());   // called when an image has loaded
//   images.load(url)             // an HTMLImageElement ready to draw, "loading" or "failed"
//   images.raster(source, w, h, spacing)   // { columns, rows, data } premultiplied RGBA 0…1, or null
// - Complexity: O(source pixels) once per image and size (cached), O(1) per look-up.

export class BackdropImages {
  #loads = new Map(); // url → { image, state: "loading" | "ready" | "failed" }
  #rasters = new WeakMap(); // image → Map(size key → raster or null)
  #onLoad;

  /** @param {() => void} onLoad  an image began to be readable (learn the backdrop again) */
  constructor(onLoad) {
    this.#onLoad = onLoad;
  }

  /** The image of a url() layer: the element when it can be drawn, else "loading" or "failed". */
  load(url) {
    let entry = this.#loads.get(url);
    if (!entry) {
      const image = new Image();
      // A cross-origin image is read only with CORS (a request of its own, not the page's).
      if (new URL(url, document.baseURI).origin !== location.origin) image.crossOrigin = "anonymous";
      entry = { image, state: "loading" };
      this.#loads.set(url, entry);
      image.addEventListener("load", () => {
        entry.state = "ready";
        this.#onLoad();
      }, { once: true });
      image.addEventListener("error", () => {
        entry.state = "failed";
        this.#onLoad();
      }, { once: true });
      image.src = url;
      if (image.complete && image.naturalWidth > 0) entry.state = "ready";
    }
    return entry.state === "ready" ? entry.image : entry.state;
  }

  /** The intrinsic size of a drawable source, or null when it has none (yet). */
  static sizeOf(source) {
    const width = source.naturalWidth ?? source.videoWidth ?? source.width;
    const height = source.naturalHeight ?? source.videoHeight ?? source.height;
    return width > 0 && height > 0 ? [width, height] : null;
  }

  /**
   * The source drawn at w × h CSS px, one pixel per `spacing` px (at least 1 × 1): straight RGBA
   * read back and premultiplied; null when the page may not read it.
   */
  raster(source, w, h, spacing) {
    // A video's frame and a canvas's pixels change: read them afresh at each learning.
    const fixed = source instanceof HTMLImageElement;
    const columns = Math.max(1, Math.round(w / spacing));
    const rows = Math.max(1, Math.round(h / spacing));
    const key = `${columns}x${rows}`;
    let sizes = fixed ? this.#rasters.get(source) : new Map();
    if (!sizes) this.#rasters.set(source, (sizes = new Map()));
    if (sizes.has(key)) return sizes.get(key);
    let raster = null;
    try {
      raster = boxDown(source, columns, rows);
    } catch {
      raster = null; // a tainted canvas (SecurityError), or a source that cannot be drawn
    }
    sizes.set(key, raster);
    return raster;
  }
}

function canvasOf(width, height) {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

/** Halves the source until one more halving would pass `columns` × `rows`, then draws it there. */
function boxDown(source, columns, rows) {
  const size = BackdropImages.sizeOf(source);
  if (!size) return null;
  let [width, height] = size;
  let current = source;
  while (width >= 4 * columns && height >= 4 * rows) {
    const next = canvasOf(Math.ceil(width / 2), Math.ceil(height / 2));
    const context = next.getContext("2d");
    context.imageSmoothingQuality = "high";
    context.drawImage(current, 0, 0, next.width, next.height);
    [current, width, height] = [next, next.width, next.height];
  }
  const target = canvasOf(columns, rows);
  const context = target.getContext("2d", { willReadFrequently: true });
  context.imageSmoothingQuality = "high";
  context.drawImage(current, 0, 0, columns, rows);
  const pixels = context.getImageData(0, 0, columns, rows).data;
  const data = new Float32Array(pixels.length);
  for (let i = 0; i < pixels.length; i += 4) {
    const a = pixels[i + 3] / 255;
    data[i] = (pixels[i] / 255) * a;
    data[i + 1] = (pixels[i + 1] / 255) * a;
    data[i + 2] = (pixels[i + 2] / 255) * a;
    data[i + 3] = a;
  }
  return { columns, rows, data };
}

/** The raster's premultiplied colour at (u, v) of a w × h box it is drawn into, into `out`. */
export function rasterAt(raster, u, v, w, h, out) {
  const column = Math.min(raster.columns - 1, Math.max(0, Math.floor((u / w) * raster.columns)));
  const row = Math.min(raster.rows - 1, Math.max(0, Math.floor((v / h) * raster.rows)));
  const at = 4 * (row * raster.columns + column);
  for (let c = 0; c < 4; c += 1) out[c] = raster.data[at + c];
  return out;
}
