// Learns what lies behind a cloud (a BackdropMap, backdrop-map.js) from the page's computed
// styles, never from its pixels (a page cannot read them): bottom-up, the canvas (the root's
// background, else the used colour scheme's Canvas colour), then each ancestor of the host in the
// composed tree (background colour, then its background layers: gradients evaluated in JS,
// url() images drawn small; a `position: fixed | absolute` ::before/::after of theirs too),
// then the elements painted beneath the cloud that are not its ancestors (found with
// `elementsFromPoint` over its visible part: an <img>, a <video>, a <canvas>, a positioned
// panel), then the host's and the cloud part's own backgrounds.
//
//   const learner = new BackdropLearner(() => relearnSoon());   // images that load later
//   const map = learner.learn({ host, cloud, probe, height });  // probe: an element whose
//                                                              // background-color is `Canvas`
// What it cannot know (docs/ELEMENT.md, "How the backdrop is learned"): text and borders,
// filters and blend modes, border radii, transforms other than translation, elements beneath
// with `pointer-events: none` or outside the viewport, a video's later frames, and cross-origin
// images without CORS (read as the element's background colour, else as the user's
// `prefers-color-scheme`: white or black).
// - Complexity: O(ancestors + elements beneath) style reads, O(map samples × layers) to paint,
//   O(points) hit tests (at most MAX_POINTS).

import { BackdropImages, rasterAt } from "./backdrop-images.js";
import { BackdropMap } from "./backdrop-map.js";
import { luminance } from "../view/appearance-model.js";
import { boxes, pick, px, repeats, stacks, tileSize } from "./css-boxes.js";
import { averageColor, gradientAt, parseLayers, parseLength, resolveGradient, resolveLength, splitTopLevel } from "./css-gradients.js";

/** How far the map reaches beyond the cloud (px): the glass's blur reads that far. */
const MARGIN = 24;
/**
 * CSS px between the points asked for the elements beneath, and at most how many points: a hit
 * test costs 10-20 ms over a 1,000-capsule cloud (measured, headless Chromium, 2026-12-06;
 * 2.5 ms for 1,000 plain chips), and what lies beneath a cloud (an image, a panel) is large.
 */
const BENEATH_STEP = 64;
const MAX_POINTS = 20;

/** Whether the rect `inner` lies within `outer` ({left, top, right, bottom}; null: nowhere). */
function within(inner, outer) {
  return outer !== null && inner.left >= outer.left && inner.top >= outer.top && inner.right <= outer.right && inner.bottom <= outer.bottom;
}

/** The composed-tree parent: a slotted element's slot's parent, a shadow root's host. */
function parentOf(element) {
  return element.assignedSlot ?? element.parentElement ?? element.getRootNode().host ?? null;
}

export class BackdropLearner {
  #images;
  #beneath = []; // the elements found beneath the cloud last time, bottom first
  #lookedOver = null; // where they were looked for (viewport px), or null: not yet
  #colors = new Map();
  #context = null;

  /** @param {() => void} onChange  something learned may now be read better (an image loaded) */
  constructor(onChange) {
    this.#images = new BackdropImages(onChange);
  }

  /** A CSS colour as straight RGBA 0…1 (through a 1 × 1 canvas: named colours, oklch(), color()…). */
  rgba(text) {
    let value = this.#colors.get(text);
    if (value) return value;
    const plain = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+)(%?))?\s*\)$/i.exec(text);
    if (plain) {
      const alpha = plain[4] === undefined ? 1 : Number(plain[4]) / (plain[5] ? 100 : 1);
      value = [Number(plain[1]) / 255, Number(plain[2]) / 255, Number(plain[3]) / 255, alpha];
    } else if (text === "transparent" || text === "") {
      value = [0, 0, 0, 0];
    } else {
      this.#context ??= Object.assign(document.createElement("canvas"), { width: 1, height: 1 }).getContext("2d", { willReadFrequently: true });
      const context = this.#context;
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = "rgb(0 0 0 / 0)";
      context.fillStyle = text;
      context.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
      value = [r / 255, g / 255, b / 255, a / 255];
    }
    if (this.#colors.size > 512) this.#colors.clear();
    this.#colors.set(text, value);
    return value;
  }

  /**
   * The backdrop of `cloud` (the host's shadow part), in its coordinates, reaching `height` px
   * down at least (the frame's height may exceed the box's before it is written). `beneath`:
   * look for the elements beneath again, where something other than the cloud's own box may
   * have changed them (a scroll, a theme); otherwise they are looked for only where the cloud's
   * part in the viewport now reaches outside the area looked over last time. A hit test walks
   * every capsule's layer: 10-20 ms each over a 1,000-capsule cloud in headless Chromium, so a
   * look of MAX_POINTS of them after every narrowing of a large cloud froze it for 0.2-0.4 s.
   */
  learn({ host, cloud, probe, height = 0, beneath = true, dark = false }) {
    const origin = cloud.getBoundingClientRect();
    const tall = Math.max(origin.height, height);
    const guess = dark ? [0, 0, 0] : [1, 1, 1];
    const canvasColor = this.rgba(getComputedStyle(probe).backgroundColor);
    const map = new BackdropMap({
      x: -MARGIN, y: -MARGIN, width: origin.width + 2 * MARGIN, height: tall + 2 * MARGIN + Math.min(600, Math.max(48, tall / 2)),
      canvas: canvasColor[3] > 0 ? canvasColor.slice(0, 3) : guess,
    });
    map.boxHeight = origin.height;
    const scene = { map, origin, guess, all: { x: -1e9, y: -1e9, width: 2e9, height: 2e9 } };
    const chain = [];
    for (let element = parentOf(host); element; element = parentOf(element)) chain.unshift(element);
    const root = document.documentElement;
    const rootStyle = getComputedStyle(root);
    const empty = (style) => this.rgba(style.backgroundColor)[3] === 0 && style.backgroundImage === "none";
    // The root's background is the canvas's; the body's is when the root has none.
    const body = document.body && chain.includes(document.body) ? document.body : null;
    const canvasOwner = empty(rootStyle) && body ? body : root;
    const rootBox = boxes(root.getBoundingClientRect(), rootStyle);
    for (const element of chain) {
      const style = element === root ? rootStyle : getComputedStyle(element);
      const pseudos = this.#pseudos(scene, element, style);
      // A negative z-index paints below its element's background unless the element stacks.
      const below = element !== root && !stacks(style) ? pseudos.filter((p) => p.negative) : [];
      for (const pseudo of below) this.#paintBackground(scene, pseudo.style, pseudo.box, false);
      if (element === canvasOwner) this.#paintBackground(scene, style, rootBox, true);
      else if (element !== root) this.#paintElement(scene, element, style);
      for (const pseudo of pseudos) if (!below.includes(pseudo)) this.#paintBackground(scene, pseudo.style, pseudo.box, false);
    }
    // The elements beneath: looked for again (hit tests), or those found last time while the
    // cloud's part in the viewport lies within the area looked over then.
    const visible = this.#visiblePart(scene);
    if (beneath || !within(visible, this.#lookedOver)) {
      this.#beneath = this.#findBeneath(scene, host, new Set([...chain, host]), visible);
      this.#lookedOver = visible;
    }
    this.#paintBeneath(scene, this.#beneath.filter((element) => element.isConnected));
    this.#paintElement(scene, host, getComputedStyle(host));
    this.#paintElement(scene, cloud, getComputedStyle(cloud));
    return map.finish();
  }

  #paintElement(scene, element, style) {
    if (style.display === "contents" || style.visibility === "hidden") return;
    this.#paintBackground(scene, style, boxes(element.getBoundingClientRect(), style), false);
  }

  /** Its ::before and ::after boxed by `position: fixed` (the viewport) or `absolute` (the element). */
  #pseudos(scene, element, style) {
    const found = [];
    for (const which of ["::before", "::after"]) {
      const pseudo = getComputedStyle(element, which);
      if (pseudo.content === "none" || pseudo.content === "normal" || pseudo.display === "none") continue;
      if (pseudo.position !== "fixed" && pseudo.position !== "absolute") continue;
      const fixed = pseudo.position === "fixed";
      const frame = fixed ? { x: 0, y: 0, width: innerWidth, height: innerHeight } : boxes(element.getBoundingClientRect(), style)["padding-box"];
      const width = pseudo.width.endsWith("px") ? px(pseudo.width) : frame.width - px(pseudo.left) - px(pseudo.right);
      const height = pseudo.height.endsWith("px") ? px(pseudo.height) : frame.height - px(pseudo.top) - px(pseudo.bottom);
      const left = pseudo.left !== "auto" ? px(pseudo.left) : frame.width - px(pseudo.right) - width;
      const top = pseudo.top !== "auto" ? px(pseudo.top) : frame.height - px(pseudo.bottom) - height;
      if (fixed) scene.map.viewportDependent = true;
      const rect = { left: frame.x + left, top: frame.y + top, width, height };
      found.push({ style: pseudo, box: boxes(rect, pseudo), negative: parseInt(pseudo.zIndex, 10) < 0 });
    }
    return found;
  }

  /** The map's area in the viewport, clipped to it (viewport px): where hit tests can look. */
  #visiblePart({ origin, map }) {
    return {
      left: Math.max(0, origin.left + map.x),
      top: Math.max(0, origin.top + map.y),
      right: Math.min(innerWidth, origin.left + map.x + map.width),
      bottom: Math.min(innerHeight, origin.top + map.y + map.height),
    };
  }

  /** The elements painted beneath the cloud that are not its ancestors, bottom first. */
  #findBeneath(scene, host, ancestors, { left, top, right, bottom }) {
    if (right <= left || bottom <= top) return [];
    let step = BENEATH_STEP;
    while (((right - left) / step + 1) * ((bottom - top) / step + 1) > MAX_POINTS) step *= 1.5;
    const scope = host.getRootNode();
    const order = []; // bottom first
    for (let y = top + step / 2; y < bottom; y += step) {
      for (let x = left + step / 2; x < right; x += step) {
        const hits = scope.elementsFromPoint(x, y);
        const at = hits.lastIndexOf(host);
        if (at < 0) continue;
        let cursor = -1;
        for (let i = hits.length - 1; i > at; i -= 1) {
          const element = hits[i];
          if (ancestors.has(element)) continue;
          const known = order.indexOf(element);
          if (known >= 0) cursor = known;
          else order.splice((cursor += 1), 0, element);
        }
      }
    }
    return order;
  }

  /** The elements beneath (bottom first): their backgrounds and pictures. */
  #paintBeneath(scene, order) {
    const { map } = scene;
    if (order.length > 0) map.viewportDependent = true;
    map.beneath = order;
    for (const element of order) {
      const style = getComputedStyle(element);
      const box = boxes(element.getBoundingClientRect(), style);
      this.#paintBackground(scene, style, box, false);
      this.#paintReplaced(scene, element, style, box["content-box"]);
    }
  }

  /** An <img>'s, <video>'s or <canvas>'s picture in its content box (object-fit, object-position). */
  #paintReplaced(scene, element, style, content) {
    let source = null;
    if (element instanceof HTMLImageElement) source = element.complete && element.naturalWidth > 0 ? element : null;
    else if (element instanceof HTMLCanvasElement) source = element;
    else if (element instanceof HTMLVideoElement) {
      source = element.readyState >= 2 ? element : element.poster ? this.#images.load(element.poster) : null;
      if (typeof source === "string") source = null;
    }
    if (!source) return;
    const natural = BackdropImages.sizeOf(source);
    if (!natural) return;
    const fit = style.objectFit;
    let [w, h] = [content.width, content.height];
    if (fit === "contain" || fit === "cover" || fit === "scale-down" || fit === "none") {
      const scales = [content.width / natural[0], content.height / natural[1]];
      let scale = fit === "cover" ? Math.max(...scales) : fit === "none" ? 1 : Math.min(...scales);
      if (fit === "scale-down") scale = Math.min(1, scale);
      [w, h] = [natural[0] * scale, natural[1] * scale];
    }
    const [posX, posY] = splitTopLevel(style.objectPosition || "50% 50%", " ");
    const x = content.x + resolveLength(parseLength(posX ?? "50%") ?? { px: 0, pct: 0.5 }, content.width - w);
    const y = content.y + resolveLength(parseLength(posY ?? "50%") ?? { px: 0, pct: 0.5 }, content.height - h);
    const raster = this.#images.raster(source, w, h, scene.map.spacing);
    const clip = this.#toCloud(scene, content);
    if (!raster) {
      this.#paintUnknown(scene, clip, style, `${element.localName} ${element.currentSrc ?? ""}`);
      return;
    }
    const { origin } = scene;
    scene.map.paint(clip, (cx, cy, out) => {
      const u = cx + origin.left - x;
      const v = cy + origin.top - y;
      if (u >= 0 && v >= 0 && u < w && v < h) rasterAt(raster, u, v, w, h, out);
    });
  }

  #toCloud({ origin }, box) {
    return { x: box.x - origin.left, y: box.y - origin.top, width: box.width, height: box.height };
  }

  /** A layer that cannot be read: the element's background colour when opaque, else the guess. */
  #paintUnknown(scene, rect, style, what) {
    const color = this.rgba(style.backgroundColor);
    const fill = color[3] >= 1 ? color : [...scene.guess, 1];
    scene.map.unknown.push(what);
    scene.map.paint(rect, (x, y, out) => out.set(fill));
  }

  /**
   * An element's background: its colour, then its layers bottom-up, each in its positioning area
   * (`background-origin`, or the viewport for `fixed`) and clipped to `background-clip`; the
   * canvas's (`whole`) covers the whole map.
   */
  #paintBackground(scene, style, box, whole) {
    const opacity = Number(style.opacity) || 0;
    if (opacity <= 0) return;
    const layers = parseLayers(style.backgroundImage);
    const clipOf = (index) => (whole ? scene.all : this.#toCloud(scene, box[pick(style.backgroundClip, Math.max(0, index))] ?? box["border-box"]));
    const color = this.rgba(style.backgroundColor);
    if (color[3] > 0) {
      const a = color[3] * opacity;
      const fill = [color[0] * a, color[1] * a, color[2] * a, a];
      scene.map.paint(clipOf(layers.length - 1), (x, y, out) => out.set(fill));
    }
    const { origin, map } = scene;
    for (let index = layers.length - 1; index >= 0; index -= 1) {
      const layer = layers[index];
      if (layer.kind === "none") continue;
      const fixed = pick(style.backgroundAttachment, index) === "fixed";
      if (fixed) map.viewportDependent = true;
      const area = fixed ? { x: 0, y: 0, width: innerWidth, height: innerHeight } : box[pick(style.backgroundOrigin, index)] ?? box["padding-box"];
      let source = null;
      if (layer.kind === "url") {
        source = this.#images.load(layer.url);
        if (source === "loading") continue; // learned again once it has loaded
      }
      if (layer.kind === "unknown" || source === "failed") {
        this.#paintUnknown(scene, clipOf(index), style, layer.url ?? layer.text);
        continue;
      }
      const natural = source ? BackdropImages.sizeOf(source) : null;
      const [w, h] = tileSize(pick(style.backgroundSize, index) || "auto", area, natural);
      if (!(w > 0 && h > 0)) continue;
      const x0 = area.x + resolveLength(parseLength(pick(style.backgroundPositionX, index) || "0%") ?? { px: 0, pct: 0 }, area.width - w);
      const y0 = area.y + resolveLength(parseLength(pick(style.backgroundPositionY, index) || "0%") ?? { px: 0, pct: 0 }, area.height - h);
      const [repeatX, repeatY] = repeats(pick(style.backgroundRepeat, index));
      let sample;
      let fine = null; // a pattern finer than the samples: its darkest and lightest stops
      if (source) {
        const raster = this.#images.raster(source, w, h, map.spacing);
        if (!raster) {
          this.#paintUnknown(scene, clipOf(index), style, layer.url);
          continue;
        }
        sample = (u, v, out) => rasterAt(raster, u, v, w, h, out);
      } else {
        const gradient = resolveGradient(layer, w, h, (text) => this.rgba(text));
        if (!gradient) continue;
        // Finer than the samples (fine stripes, a small tile): its average, as the blur sees it.
        const small = w < 2 * map.spacing || h < 2 * map.spacing;
        if ((gradient.repeating && gradient.periodPx < 2 * map.spacing) || small) {
          const average = small ? tileAverage(gradient, w, h) : averageColor(gradient);
          fine = extremes(gradient, opacity);
          sample = (u, v, out) => out.set(average);
        } else sample = (u, v, out) => gradientAt(gradient, u, v, out);
      }
      map.paint(clipOf(index), (cx, cy, out) => {
        let u = cx + origin.left - x0;
        let v = cy + origin.top - y0;
        if (repeatX) u = ((u % w) + w) % w;
        else if (u < 0 || u >= w) return;
        if (repeatY) v = ((v % h) + h) % h;
        else if (v < 0 || v >= h) return;
        sample(u, v, out);
        if (opacity < 1) for (let c = 0; c < 4; c += 1) out[c] *= opacity;
      }, fine);
    }
  }
}

/** The darkest and lightest stops of a gradient (premultiplied, times `opacity`): { low, high }. */
function extremes(gradient, opacity) {
  let low = null;
  let high = null;
  for (const { color } of gradient.stops) {
    const l = luminance(color);
    if (!low || l < low.l) low = { color, l };
    if (!high || l > high.l) high = { color, l };
  }
  const scaled = (color) => color.map((c) => c * opacity);
  return { low: scaled(low.color), high: scaled(high.color) };
}

/** The average premultiplied colour of a gradient over a w × h tile (sampled 16 × 16). */
function tileAverage(gradient, w, h) {
  const sum = [0, 0, 0, 0];
  const out = new Float32Array(4);
  for (let i = 0; i < 16; i += 1) {
    for (let j = 0; j < 16; j += 1) {
      gradientAt(gradient, ((i + 0.5) / 16) * w, ((j + 0.5) / 16) * h, out);
      for (let c = 0; c < 4; c += 1) sum[c] += out[c] / 256;
    }
  }
  return sum;
}
