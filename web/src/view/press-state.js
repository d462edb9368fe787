// The press: a capsule swells and glows under the pointer (or Space/Enter), then springs back on
// the core's `.snappy`. This module keeps who is pressed, lifted and lit, where, and the timers
// that let go, keyed by tag id; it writes nothing: every change asks for an update, and the view
// writes the classes and the press point in its frame (`write`).
//
//   const press = new PressState(cloud, { idOf, requestUpdate });
//   press.settle = 0.35;              // the spring back, seconds (0: none)
//   press.isLifted(id)                // the glass leaves a lifted capsule out of its group
//   press.write(buttonFor)            // in the frame: classes and --press-x/y where they changed
//
// The glow (styles.css, the button's `::after`) is drawn only while it can be seen: from the
// pointer's arrival or the press until `settle` (its fade-out) after both ended (`is-lit`). An
// `::after` at opacity 0 on every capsule was a paint chunk each, which Chromium turned into
// layers on every frame a drag moved them (docs/WEB.md, "Where a loose frame goes beyond the
// chips").
// - Complexity: O(1) per event; `write` O(capsules whose press state changed).

/** How long after its fade-out's `settle` a glow stays drawn: the fade's last frame comes first. */
const FADE_MARGIN_MS = 100;

export class PressState {
  #requestUpdate;
  #pressed = new Map(); // id → { x, y }: under the pointer or key now
  #lifted = new Set(); // pressed, or springing back
  #timers = new Map(); // id → the timeout that ends the lift
  #hovered = new Set(); // under a pointer that can hover
  #lit = new Set(); // the glow is drawn: hovered, pressed, or fading out
  #fades = new Map(); // id → the timeout that ends the glow's fade-out
  #written = new Map(); // id → { pressed, lifted, lit, x, y } as the DOM has it
  #dirty = new Set(); // ids whose state changed since the last write
  settle = 0;

  /**
   * @param {HTMLElement} cloud
   * @param {{idOf: (button: Element) => string | null, requestUpdate: () => void}} options
   *   idOf: the tag id of one of the view's buttons (null for anything else)
   */
  constructor(cloud, { idOf, requestUpdate }) {
    this.#requestUpdate = requestUpdate;
    const target = (event) => {
      const button = event.target.closest?.("button[data-tag-id]");
      const id = button ? idOf(button) : null;
      return id === null || button.disabled ? null : { button, id };
    };
    cloud.addEventListener("pointerdown", (event) => {
      const hit = target(event);
      if (!hit || event.button > 0) return;
      const rect = hit.button.getBoundingClientRect();
      this.#press(hit.id, event.clientX - rect.left, event.clientY - rect.top);
      const release = () => {
        for (const type of ["pointerup", "pointercancel"]) removeEventListener(type, release, true);
        this.#release(hit.id);
      };
      for (const type of ["pointerup", "pointercancel"]) addEventListener(type, release, true);
    });
    cloud.addEventListener("pointerover", (event) => {
      const hit = target(event);
      if (hit && event.pointerType !== "touch" && !this.#hovered.has(hit.id)) {
        this.#hovered.add(hit.id);
        this.#light(hit.id);
      }
    });
    cloud.addEventListener("pointerout", (event) => {
      const hit = target(event);
      if (!hit || hit.button.contains(event.relatedTarget) || !this.#hovered.delete(hit.id)) return;
      this.#dim(hit.id);
    });
    cloud.addEventListener("keydown", (event) => {
      const hit = target(event);
      if (hit && (event.key === " " || event.key === "Enter") && !event.repeat) {
        this.#press(hit.id, hit.button.offsetWidth / 2, hit.button.offsetHeight / 2);
        if (event.key === "Enter") setTimeout(() => this.#release(hit.id), 120); // Enter clicks at once
      }
    });
    cloud.addEventListener("keyup", (event) => {
      const hit = target(event);
      if (hit && event.key === " ") this.#release(hit.id);
    });
    cloud.addEventListener("focusout", (event) => {
      const id = event.target.dataset?.tagId;
      if (id !== undefined && this.#pressed.has(id)) this.#release(id);
    });
  }

  /** Whether the capsule is lifted out of its glass group (pressed, or springing back). */
  isLifted(id) {
    return this.#lifted.has(id);
  }

  get liftedCount() {
    return this.#lifted.size;
  }

  /** The glow is drawn from now on (a hover or a press began). */
  #light(id) {
    PressState.#cancel(this.#fades, id);
    if (this.#lit.has(id)) return;
    this.#lit.add(id);
    this.#changed(id);
  }

  /** A hover or a press ended: once neither holds, the glow fades out over `settle`, then goes. */
  #dim(id) {
    if (this.#hovered.has(id) || this.#pressed.has(id)) return;
    this.#after(this.#fades, id, this.settle * 1000 + FADE_MARGIN_MS, () => this.#lit.delete(id));
  }

  /** In `ms`, `end` for `id` and an update, instead of what `timers` had pending for it. */
  #after(timers, id, ms, end) {
    PressState.#cancel(timers, id);
    timers.set(
      id,
      setTimeout(() => {
        timers.delete(id);
        end();
        this.#changed(id);
      }, ms),
    );
  }

  /** What `timers` had pending for `id` will not run. */
  static #cancel(timers, id) {
    clearTimeout(timers.get(id));
    timers.delete(id);
  }

  #changed(id) {
    this.#dirty.add(id);
    this.#requestUpdate();
  }

  #press(id, x, y) {
    PressState.#cancel(this.#timers, id);
    this.#pressed.set(id, { x, y });
    this.#lifted.add(id);
    this.#light(id);
    this.#changed(id);
  }

  #release(id) {
    if (!this.#pressed.delete(id)) return;
    this.#after(this.#timers, id, this.settle * 1000, () => this.#lifted.delete(id));
    this.#dim(id);
    this.#changed(id);
  }

  /** The tags were replaced: forget what was written for tags that are gone (their nodes are). */
  forget(ids) {
    for (const id of ids) {
      this.#written.delete(id);
      this.#pressed.delete(id);
      this.#lifted.delete(id);
      PressState.#cancel(this.#timers, id);
      this.#hovered.delete(id);
      this.#lit.delete(id);
      PressState.#cancel(this.#fades, id);
    }
  }

  /**
   * Writes the press state of every capsule whose state changed (the view's frame). Returns
   * whether a capsule's lift changed (the glass must leave it out, or take it back).
   * @param {(id: string) => HTMLElement | null} buttonFor
   */
  write(buttonFor) {
    let lifts = false;
    for (const id of this.#dirty) {
      const button = buttonFor(id);
      if (!button) continue;
      const was = this.#written.get(id) ?? { pressed: false, lifted: false, lit: false, x: null, y: null };
      const point = this.#pressed.get(id);
      const now = { pressed: Boolean(point), lifted: this.#lifted.has(id), lit: this.#lit.has(id), x: point?.x ?? was.x, y: point?.y ?? was.y };
      if (now.x !== was.x) button.style.setProperty("--press-x", `${now.x}px`);
      if (now.y !== was.y) button.style.setProperty("--press-y", `${now.y}px`);
      if (now.lit !== was.lit) button.classList.toggle("is-lit", now.lit);
      if (now.pressed !== was.pressed) button.classList.toggle("is-pressed", now.pressed);
      if (now.lifted !== was.lifted) {
        button.classList.toggle("is-lifted", now.lifted);
        lifts = true;
      }
      this.#written.set(id, now);
    }
    this.#dirty.clear();
    return lifts;
  }
}
