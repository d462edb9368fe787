// The cloud's glass window as a reactive controller: the GlassWindow (glass/glass-window.js: what
// of the cloud is near sight, and the scrolls that move it) made with the first frame, whose
// scrolls update the element instead of drawing: at once, as scroll events are dispatched in the
// frame's rendering steps, before its animation frame callbacks (the frame's update, then). Each
// update takes what they asked for and hands it to the view's frame: `scrolled` (place the slots
// that waited out of sight) and `moved` (the visible part left the drawn window: draw the glass
// again), with `window()`, the GlassWindow, made when the view first needs it (its making finds
// the cloud's clipping ancestors and listens to their scrolls).
//
//   const glassWindow = new GlassWindowController(host, cloud);
//   glassWindow.take()   // { scrolled, moved, window() } since the last update, then cleared
//   glassWindow.window   // the GlassWindow (made on first use)
// - Complexity: O(1) per scroll event (GlassWindow measures only when something melts).

import { GlassWindow } from "../glass/glass-window.js";

export class GlassWindowController {
  #host;
  #cloud;
  #window = null;
  #scrolled = false;
  #moved = false;
  #asking = false;
  #windowWhenNeeded = () => this.window; // take()'s window(): made on the view's first use

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

  /** What the scrolls since the last update asked for, cleared, and the window they watch. */
  take() {
    const asked = { scrolled: this.#scrolled, moved: this.#moved, window: this.#windowWhenNeeded };
    this.#scrolled = false;
    this.#moved = false;
    return asked;
  }

  hostConnected() {}

  hostDisconnected() {
    this.#window?.remove(); // listens again at the next frame's measure
  }
}
