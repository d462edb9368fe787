// The press: a capsule swells and glows under the pointer (or Space/Enter), then springs back on
// the core's `.snappy`. This module keeps who is pressed, lifted, hovered and lit, where, and the
// timers that let go, keyed by tag id; it writes nothing: every change asks for an update, and
// the view writes the classes and the press point in its frame (`write`).
//
//   const press = new PressState(cloud, { tagAt, requestUpdate });
//   press.settle = 0.35;              // the spring back, seconds (0: none)
//   press.isLifted(id)                // the glass leaves a lifted capsule out of its group
//   press.pressedButton               // the tag button the last pointer press was for (a click's check)
//   press.write(cloud, buttonFor)     // in the frame: classes and --press-x/y where they changed
//
// What a pointer is on comes from `tagAt` (cloud-view.js): a capsule's button, or its touch
// target around it, which no element draws (the core's hit test). So hover is this module's
// `is-hovered`, not CSS `:hover`, and the cloud shows the pointer cursor over a touch target
// (`is-over-tag`).
//
// The glow (styles.css, the button's `::after`) is drawn only while it can be seen: from the
// pointer's arrival or the press until `settle` (its fade-out) after both ended (`is-lit`). An
// `::after` at opacity 0 on every capsule was a paint chunk each, which Chromium turned into
// layers on every frame a drag moved them (docs/WEB.md, "Where a loose frame goes beyond the
// chips").
// - Complexity: O(1) per event (a hit test, O(tags), for a pointer between capsules); `write`
//   O(capsules whose press state changed).

/** How long after its fade-out's `settle` a glow stays drawn: the fade's last frame comes first. */
const FADE_MARGIN_MS = 100;

export class PressState {
  #requestUpdate;
  #pressed = new Map(); // id → { x, y }: under the pointer or key now
  #lifted = new Set(); // pressed, or springing back
  #timers = new Map(); // id → the timeout that ends the lift
  #hovered = null; // the id under a pointer that can hover (on its button or its touch target)
  #overTag = false; // that pointer is on a touch target, beside its button: the cloud's cursor
  #overTagWritten = false;
  #lit = new Set(); // the glow is drawn: hovered, pressed, or fading out
  #fades = new Map(); // id → the timeout that ends the glow's fade-out
  #written = new Map(); // id → { pressed, lifted, hovered, lit, x, y } as the DOM has it
  #dirty = new Set(); // ids whose state changed since the last write
  settle = 0;
  pressedButton = null; // the enabled tag button the last primary pointer press was for

  /**
   * @param {HTMLElement} cloud
   * @param {{tagAt: (event: Event) => HTMLButtonElement | null, requestUpdate: () => void}} options
   *   tagAt: the tag button an event on the cloud is for (on it, or in its touch target), or null
   */
  constructor(cloud, { tagAt, requestUpdate }) {
    this.#requestUpdate = requestUpdate;
    const target = (event) => {
      const button = tagAt(event);
      return !button || button.disabled ? null : { button, id: button.dataset.tagId };
    };
    cloud.addEventListener("pointerdown", (event) => {
      const hit = event.button > 0 ? null : target(event);
      this.pressedButton = hit?.button ?? null;
      if (!hit) return;
      const rect = hit.button.getBoundingClientRect();
      this.#press(hit.id, event.clientX - rect.left, event.clientY - rect.top);
      const release = () => {
        for (const type of ["pointerup", "pointercancel"]) removeEventListener(type, release, true);
        this.#release(hit.id);
      };
      for (const type of ["pointerup", "pointercancel"]) addEventListener(type, release, true);
    });
    // Over a button or anywhere between them (a touch target is no element: only a move says
    // the pointer entered one); a touch does not hover.
    const hover = (event) => {
      if (event.pointerType === "touch") return;
      const hit = target(event);
      const beside = hit !== null && !hit.button.contains(event.target);
      // The pointer cursor beside a capsule that can be pressed (a refused one shows its
      // not-allowed on itself only).
      this.#hover(hit?.id ?? null, beside && hit.button.getAttribute("aria-disabled") !== "true");
    };
    cloud.addEventListener("pointerover", hover);
    cloud.addEventListener("pointermove", hover);
    cloud.addEventListener("pointerleave", () => this.#hover(null, false));
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

  /** The pointer is over tag `id` now (null: none), `beside` its button (in its touch target). */
  #hover(id, beside) {
    if (beside !== this.#overTag) {
      this.#overTag = beside;
      this.#requestUpdate();
    }
    const was = this.#hovered;
    if (id === was) return;
    this.#hovered = id;
    if (was !== null) {
      this.#changed(was);
      this.#dim(was);
    }
    if (id !== null) {
      this.#light(id);
      this.#changed(id);
    }
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
    if (this.#hovered === id || this.#pressed.has(id)) return;
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
      if (this.#hovered === id) this.#hovered = null;
      this.#lit.delete(id);
      PressState.#cancel(this.#fades, id);
    }
  }

  /**
   * Writes the press state of every capsule whose state changed, and the cloud's cursor over a
   * touch target (the view's frame). Returns whether a capsule's lift changed (the glass must
   * leave it out, or take it back).
   * @param {HTMLElement} cloud
   * @param {(id: string) => HTMLElement | null} buttonFor
   */
  write(cloud, buttonFor) {
    if (this.#overTag !== this.#overTagWritten) {
      this.#overTagWritten = this.#overTag;
      cloud.classList.toggle("is-over-tag", this.#overTag);
    }
    let lifts = false;
    for (const id of this.#dirty) {
      const button = buttonFor(id);
      if (!button) continue;
      const was = this.#written.get(id) ?? { pressed: false, lifted: false, hovered: false, lit: false, x: null, y: null };
      const point = this.#pressed.get(id);
      const now = {
        pressed: Boolean(point),
        lifted: this.#lifted.has(id),
        hovered: this.#hovered === id,
        lit: this.#lit.has(id),
        x: point?.x ?? was.x,
        y: point?.y ?? was.y,
      };
      if (now.x !== was.x) button.style.setProperty("--press-x", `${now.x}px`);
      if (now.y !== was.y) button.style.setProperty("--press-y", `${now.y}px`);
      if (now.hovered !== was.hovered) button.classList.toggle("is-hovered", now.hovered);
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
