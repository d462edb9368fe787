// What lies behind the cloud, as a reactive controller: the backdrop map (glass/backdrop-learner.js)
// learned in the element's update when something it depends on changed, never per frame. The
// view looks capsules up in the map it is handed (view/tag-appearance.js); the controller writes
// nothing.
//
//   const backdrop = new BackdropController(host, { cloud, probe, styled });
//   backdrop.derive(frameHeight, moving)   // the update's state: { map, version, appearance, variant }
//   backdrop.state      // { map, version, appearance, variant }: the host hands it to the view
//   backdrop.refresh()  // learn again in the next frame (cloud.refreshBackdrop())
//
// When it learns again (each cause asks for one update; a burst of them for one learning):
// - at once, in the next frame: connected, `refreshBackdrop()`, `appearance` back to auto, the
//   `prefers-color-scheme` answer, a class or any attribute of <html> or <body> changing (a theme),
//   an image of a url() layer loading;
// - once things hold still (QUIET_MS without another, and at least every MAX_WAIT_MS while they
//   go on): the host resized (a drag), a `style` attribute of an ancestor changed, the window
//   resized, an <img> or <video> of the page loaded, the page scrolled while the map depends on
//   where the cloud is in the viewport (fixed backgrounds, elements beneath), the frame grew past
//   the map. Capsules moving in between look themselves up in the map learned before. These
//   wait for the layout's motion (the spacing spring, tags coming and going, a glide) to rest:
//   a motion holds every capsule's tone, and a tag added each frame for a while grows the cloud
//   by a row now and then, which asked for a learning, 25-60 ms, every QUIET_MS of it.
//   MAX_WAIT_MS is long: what keeps coming is mostly a drag or the spacing spring, and a motion
//   of the layout holds every capsule's tone till it rests (view/tag-appearance.js), so a map
//   learned amid one goes unused; at 1,000 tags a learning is 30-60 ms (docs/WEB.md).
// - Complexity: O(ancestors) observers; a learning is backdrop-learner.js's cost.

import { BackdropLearner } from "../glass/backdrop-learner.js";
import { prefersDark } from "../shared/page-resources.js";

const QUIET_MS = 150;
const MAX_WAIT_MS = 5000;
const APPEARANCES = ["auto", "light", "dark"];
const VARIANTS = ["regular", "clear"];

/** An enumerated attribute's value: one of `values` (case-insensitive), else the first. */
export function enumerated(text, values) {
  const value = String(text ?? "").trim().toLowerCase();
  return values.includes(value) ? value : values[0];
}

/** Each element's controller, for its `refreshBackdrop()` (the element owns it; no other state). */
const controllers = new WeakMap();

/**
 * The element's public surface of this concern, defined on its class here (the host class stays
 * small): `appearance` ("auto", "light", "dark") and `variant` ("regular", "clear"), reflected
 * enumerated attributes (an unknown value reads as the first), and `refreshBackdrop()`.
 */
export function defineAppearanceProperties(elementClass) {
  for (const [name, values] of [["appearance", APPEARANCES], ["variant", VARIANTS]]) {
    Object.defineProperty(elementClass.prototype, name, {
      configurable: true,
      enumerable: true,
      get() { return enumerated(this.getAttribute(name), values); },
      set(value) { this.setAttribute(name, String(value)); },
    });
  }
  Object.defineProperty(elementClass.prototype, "refreshBackdrop", {
    configurable: true,
    writable: true,
    value() { controllers.get(this)?.refresh(); },
  });
}

export class BackdropController {
  #host;
  #cloud;
  #probe;
  #frameHeight = 0; // the height of the frame to be drawn (it may not be written yet)
  #styled;
  #learner;
  #map = null;
  #version = 0;
  #dirty = true;
  #urgent = true; // the learning asked for cannot wait for the layout's motion to rest
  #quiet = 0; // the quiet spell's timer (setTimeout's id), set once a spell, not once a cause
  #settlingSince = 0;
  #lastCause = 0; // when the latest cause that can wait came (performance.now())
  #relearned = false; // a provisional map was learned again at once (once in a row)
  #thorough = true; // the next learning looks for the elements beneath again
  #stillFrames = 0; // the animation frames that confirm a quiet spell (requestAnimationFrame's id)
  #mutations;
  #resizes;
  #state = { map: null, version: 0, appearance: "auto", variant: "regular" };
  #onScroll = () => {
    if (this.#map?.viewportDependent) this.#learnSoon(false, true);
  };
  #onResize = () => this.#learnSoon(false, true);
  #onLoad = (event) => {
    if (event.target instanceof HTMLImageElement || event.target instanceof HTMLVideoElement) this.#learnSoon(false, true);
  };

  /**
   * @param {HTMLElement & {requestUpdate: () => void}} host
   * @param {{cloud: HTMLElement, probe: HTMLElement, styled: () => boolean}} options
   *   probe: a shadow element whose background-color is `Canvas` (the used colour scheme's canvas);
   *   styled: whether the element's stylesheet is adopted (no learning before: its reads would lay
   *   out the unstyled page mid-load, which Chromium counted as a layout shift of what follows)
   */
  constructor(host, { cloud, probe, styled }) {
    this.#host = host;
    controllers.set(host, this);
    this.#cloud = cloud;
    this.#probe = probe;
    this.#styled = styled;
    this.#learner = new BackdropLearner(() => this.#learnSoon(true));
    this.#mutations = new MutationObserver((records) => {
      // An inline style changes every frame of a drag or an animation; a class or a theme attribute once.
      this.#learnSoon(records.some((record) => record.attributeName !== "style"));
    });
    this.#resizes = new ResizeObserver(() => this.#learnSoon(false));
  }

  /** What the view is handed: the map (null until learned, or when the appearance is forced) and the options. */
  get state() {
    return this.#state;
  }

  /** The colour scheme changed (page-resources.js): the canvas and what lies behind may have too. */
  schemeChanged() {
    this.#learnSoon(true);
  }

  /** Learn the backdrop again in the next frame (a page that changed it by other means). */
  refresh() {
    this.#learnSoon(true);
  }

  /**
   * `now`: in the next frame; else once the causes hold still for QUIET_MS and two animation
   * frames (on a page whose frames take longer than QUIET_MS, as a 1,000-tag drag's do on a slow
   * machine, the time alone passes between two frames of one drag), and at least every
   * MAX_WAIT_MS while they go on. `look`: what lies beneath may have changed with what else
   * changed (a scroll, the window, a picture loaded), so the learning looks for the elements
   * beneath again; a cause that changes only the cloud's own box (a drag) leaves that to the
   * learner, which looks again only where the cloud now reaches outside the area it looked over
   * (their hit tests are most of a learning's cost: backdrop-learner.js).
   */
  #learnSoon(now, look = now) {
    this.#thorough ||= look;
    if (now) {
      this.#stopWaiting();
      this.#settlingSince = 0;
      this.#dirty = true;
      this.#urgent = true;
      this.#host.requestUpdate();
      return;
    }
    // A drag brings a cause or two every frame: each only notes its time. The one timer of the
    // spell looks at that time when it fires and waits on for what is left (clearing and setting a
    // timer per cause cost 0.06-0.09 ms a frame of a 1,000-tag drag's script).
    const at = performance.now();
    this.#settlingSince ||= at;
    this.#lastCause = at;
    if (at - this.#settlingSince >= MAX_WAIT_MS) {
      this.#stopWaiting();
      this.#quiet = setTimeout(this.#learnAfterWaiting, 0);
    } else if (!this.#quiet && !this.#stillFrames) {
      this.#quiet = setTimeout(this.#afterQuiet, QUIET_MS);
    }
  }

  /** The quiet spell's timer: QUIET_MS after the latest cause, then two still animation frames. */
  #afterQuiet = () => {
    this.#quiet = 0;
    const left = this.#lastCause + QUIET_MS - performance.now();
    if (left > 0) this.#quiet = setTimeout(this.#afterQuiet, left);
    else this.#awaitStillFrames(this.#lastCause, 0);
  };

  /**
   * Counts the frames that begin QUIET_MS or more after the latest cause (`cause`: its time when
   * the count began), learning at the second. A cause since the last frame (a drag's next step)
   * starts the wait again: from its own quiet time, or, when that has passed already (a frame
   * slower than it), with this frame as the first still one.
   */
  #awaitStillFrames(cause, still) {
    this.#stillFrames = requestAnimationFrame(() => {
      this.#stillFrames = 0;
      if (this.#lastCause !== cause) {
        if (this.#lastCause + QUIET_MS > performance.now()) this.#afterQuiet();
        else this.#awaitStillFrames(this.#lastCause, 1);
      } else if (still === 1) this.#learnAfterWaiting();
      else this.#awaitStillFrames(cause, still + 1);
    });
  }

  #learnAfterWaiting = () => {
    this.#quiet = 0;
    this.#settlingSince = 0;
    this.#dirty = true;
    this.#host.requestUpdate();
  };

  #stopWaiting() {
    clearTimeout(this.#quiet);
    cancelAnimationFrame(this.#stillFrames);
    this.#quiet = 0;
    this.#stillFrames = 0;
  }

  hostConnected() {
    // The host's ancestors in the composed tree: their classes, styles and (html, body) themes.
    for (let node = this.#host; node; node = node.assignedSlot ?? node.parentElement ?? node.getRootNode().host ?? null) {
      const page = node === document.documentElement || node === document.body;
      this.#mutations.observe(node, page ? { attributes: true } : { attributes: true, attributeFilter: ["class", "style", "hidden"] });
    }
    this.#resizes.observe(this.#host);
    addEventListener("scroll", this.#onScroll, { capture: true, passive: true });
    addEventListener("resize", this.#onResize);
    document.addEventListener("load", this.#onLoad, true);
    this.#dirty = true;
    this.#thorough = true;
  }

  hostDisconnected() {
    this.#mutations.disconnect();
    this.#resizes.disconnect();
    removeEventListener("scroll", this.#onScroll, { capture: true });
    removeEventListener("resize", this.#onResize);
    document.removeEventListener("load", this.#onLoad, true);
    this.#stopWaiting();
    this.#settlingSince = 0;
  }

  /**
   * The update's state, for a frame `frameHeight` px tall (the same object while nothing of it
   * changed); `moving`: the layout moves (layout-controller.js), so a learning that can wait does.
   */
  derive(frameHeight, moving = false) {
    this.#frameHeight = frameHeight;
    const appearance = enumerated(this.#host.getAttribute("appearance"), APPEARANCES);
    const variant = enumerated(this.#host.getAttribute("variant"), VARIANTS);
    const map = this.#map;
    if (map && !this.#dirty) {
      const height = this.#frameHeight;
      // Learned on a box the frames then changed: what lies behind may move with the box (a
      // gradient spans its element), so the decisions on it are guesses (tag-appearance.js). Learn
      // again once: at once before the core's first layout had come, else (a row more or less in
      // a drag) once the box holds still.
      if (map.provisional && height > 0 && !this.#relearned) {
        this.#relearned = true;
        this.#learnSoon(map.frameHeight === 0);
      } else if (!map.covers(0, 0, 0, height, 0)) this.#learnSoon(false); // more rows than learned
    }
    const waits = moving && !this.#urgent;
    if (this.#dirty && !waits && appearance === "auto" && this.#host.isConnected && this.#styled()) {
      this.#dirty = false;
      this.#urgent = false;
      this.#relearned = this.#map?.provisional === true && this.#relearned;
      this.#map = this.learn();
      this.#version += 1;
      if (!this.#map.provisional) this.#relearned = false;
    }
    const state = this.#state;
    const shown = appearance === "auto" ? this.#map : null;
    if (state.map !== shown || state.version !== this.#version || state.appearance !== appearance || state.variant !== variant) {
      this.#state = { map: shown, version: this.#version, appearance, variant };
    }
    return this.#state;
  }

  /** One learning (its own method: tests count them). */
  learn() {
    const height = this.#frameHeight;
    const map = this.#learner.learn({
      host: this.#host, cloud: this.#cloud, probe: this.#probe, height, beneath: this.#thorough, dark: prefersDark(),
    });
    this.#thorough = false;
    map.frameHeight = height;
    map.provisional = height === 0 || Math.abs(map.boxHeight - height) > 0.5;
    return map;
  }
}
