// The cloud's glass window as a reactive controller: the GlassWindow (glass/glass-window.js: what
// of the cloud is near sight, and the scrolls that move it) made with the first frame, whose
// scrolls update the element instead of drawing: at once, as scroll events are dispatched in the
// frame's rendering steps, before its animation frame callbacks (the frame's update, then). The view reads and clears what they asked for in
// its frame: `scrolled` (place the slots that waited out of sight) and `moved` (the visible part
// left the drawn window: draw the glass again).
//
//   const glassWindow = new GlassWindowController(host, cloud);
//   glassWindow.window   // the GlassWindow (made on first use)
//   glassWindow.take()   // { scrolled, moved } since the last frame, then cleared
// - Complexity: O(1) per scroll event (GlassWindow measures only when something melts).

import { GlassWindow } from "../glass/glass-window.js";

export class GlassWindowController {
  #host;
  #cloud;
  #window = null;
  #scrolled = false;
  #moved = false;
  #asking = false;

  /** @param {{updateNow: () => void}} host  @param {HTMLElement} cloud */
  constructor(host, cloud) {
    this.#host = host;
    this.#cloud = cloud;
  }

  get window() {
    this.#window ??= new GlassWindow(
      this.#cloud,
      () => this.#ask("moved"),
      () => this.#ask("scrolled"),
    );
    return this.#window;
  }

  /** One update for what a scroll event asks (it may ask both), as soon as its listener returns. */
  #ask(what) {
    if (what === "moved") this.#moved = true;
    else this.#scrolled = true;
    if (this.#asking) return;
    this.#asking = true;
    queueMicrotask(() => {
      this.#asking = false;
      this.#host.updateNow();
    });
  }

  /** What the scrolls since the last frame asked for, cleared. */
  take() {
    const asked = { scrolled: this.#scrolled, moved: this.#moved };
    this.#scrolled = false;
    this.#moved = false;
    return asked;
  }

  hostConnected() {}

  hostDisconnected() {
    this.#window?.remove(); // listens again at the next frame's measure
  }
}
