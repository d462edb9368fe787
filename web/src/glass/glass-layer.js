// The box that holds a cloud's glass canvases, and where a canvas shows in it. Shared by both
// renderers (webgl-renderer.js, canvas2d-renderer.js).
//
//   const layer = glassLayer(); cloud.append(layer); layer.append(canvas);
//   const placed = new CanvasPlacement(canvas);
//   placed.moveTo(area);   // translate to area's top left (cloud px), written only when it changes

/**
 * The cloud's glass layer: a box of the cloud's size holding its glass canvases, which never
 * reach past it (each is cut to what it draws within the content). It does not clip: a clip
 * over the glass makes Chromium's compositor draw every capsule's backdrop filter again each
 * frame (docs/WEB.md, "The glass in bands"), and a canvas within the cloud needs none.
 */
export function glassLayer() {
  const layer = document.createElement("div");
  layer.className = "glass-layer";
  layer.setAttribute("aria-hidden", "true");
  layer.hidden = true;
  return layer;
}

/** Shows or hides a glass layer, writing `hidden` only when it changes (a hidden canvas is neither read back nor composited). */
export function showLayer(layer, shown) {
  if (layer && layer.hidden === shown) layer.hidden = !shown;
}

/** Where a glass canvas shows: its `translate` (compositor-only), written only when it changes. */
export class CanvasPlacement {
  #canvas;
  #translate = "";

  constructor(canvas) {
    this.#canvas = canvas;
  }

  /** Moves the canvas's top left to `at`'s x, y (cloud px). */
  moveTo(at) {
    const translate = `${at.x}px ${at.y}px`;
    if (translate === this.#translate) return;
    this.#translate = translate;
    this.#canvas.style.translate = translate;
  }
}
