// The press: a capsule swells and glows under the pointer (or Space/Enter), its light spreads
// onto the glass around it, then both spring back on the core's `.snappy`. This module keeps who
// is pressed, lifted, hovered and lit, where, and the timers that let go, keyed by tag id; it
// writes nothing from an event: every change asks for an update, and the view's frame calls
// `write`, which writes the classes, the press point and the spread light where they changed.
//
//   const press = new PressState({ requestUpdate });
//   press.press(id, x, y); press.release(id); press.hover(id, beside)   // the input's (input-controller.js)
//   press.isLifted(id)                // the glass leaves a lifted capsule out of its group
//   press.write(cloud, buttonFor, { frame, ids, spacing, motion })   // in the frame
//     motion: the press spring (core.motion("snappy"), null under Reduce Motion): the cloud's
//     --press-duration/--press-easing, and how long a glow takes to fade (`settle`)
//
// What a pointer is on is the input controller's to say: a capsule's button, or its touch
// target around it, which no element draws (the core's hit test). So hover is this module's
// `is-hovered`, not CSS `:hover`, and the cloud shows the pointer cursor over a touch target
// (`is-over-tag`).
//
// The glow (styles.css, the button's `::after`) is drawn only while it can be seen: from the
// pointer's arrival or the press until `settle` (its fade-out) after both ended (`is-lit`). An
// `::after` at opacity 0 on every capsule was a paint chunk each, which Chromium turned into
// layers on every frame a drag moved them (docs/WEB.md, "Where a loose frame goes beyond the
// chips").
// The light a press spreads onto its neighbours (press-light.js) is measured in the frame, on
// the frame's geometry, when the presses or the frame under them changed; each neighbour so lit
// is `is-lit` and `is-near-press`, its glow at `--near-light` from `--near-at`, and keeps both
// while its light fades out, as the pressed capsule does.
// - Complexity: O(1) per press or hover; `write`
//   O(capsules whose press state changed), and O(tags) when the presses or the frame under a
//   press changed (the spread).

import { PressLight } from "./press-light.js";

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
  #lit = new Set(); // the glow is drawn: hovered, pressed, lit by a press nearby, or fading out
  #fades = new Map(); // id → the timeout that ends the glow's fade-out
  #written = new Map(); // id → { pressed, lifted, hovered, lit, x, y, near, level, nearX, nearY } as the DOM has it
  #dirty = new Set(); // ids whose state changed since the last write
  #spreader = new PressLight();
  #spread = new Map(); // id → { level, x, y }: the light the presses spread onto it now
  #spreadStale = false; // the presses changed since the spread was measured
  #spreadFrame = null; // the frame it was measured on
  #motionWritten = undefined; // the press spring written on the cloud
  settle = 0; // the press spring's settle time, seconds (0: none), from the frame's `motion`

  /** @param {{requestUpdate: () => void}} options */
  constructor({ requestUpdate }) {
    this.#requestUpdate = requestUpdate;
  }

  /** Whether the capsule is lifted out of its glass group (pressed, or springing back). */
  isLifted(id) {
    return this.#lifted.has(id);
  }

  get liftedCount() {
    return this.#lifted.size;
  }

  /** The pointer is over tag `id` now (null: none), `beside` its button (in its touch target). */
  hover(id, beside) {
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

  /** A hover, a press or a spread light ended: once none holds, the glow fades out over `settle`, then goes. */
  #dim(id) {
    if (this.#hovered === id || this.#pressed.has(id) || this.#spread.has(id)) return;
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

  /** Tag `id` is pressed at `(x, y)` of its capsule (a pointer, or Space or Enter at its centre). */
  press(id, x, y) {
    PressState.#cancel(this.#timers, id);
    this.#pressed.set(id, { x, y });
    this.#spreadStale = true;
    this.#lifted.add(id);
    this.#light(id);
    this.#changed(id);
  }

  /** The press of tag `id` ended (nothing when it was not pressed): it springs back. */
  release(id) {
    if (!this.#pressed.delete(id)) return;
    this.#spreadStale = true;
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
      this.#spread.delete(id);
      PressState.#cancel(this.#fades, id);
    }
    this.#spreadStale = true;
  }

  /**
   * Writes the press state of every capsule whose state changed, the cloud's cursor over a
   * touch target and the press spring (the view's frame). Returns whether a capsule's lift
   * changed (the glass must leave it out, or take it back).
   * @param {HTMLElement} cloud
   * @param {(id: string) => HTMLElement | null} buttonFor
   * @param {{frame: object | null, ids: string[], spacing: number, motion: {settle: number, easing: string} | null | undefined}} scene
   *   the frame on screen (null: none placed yet, so no light spreads), the tags' ids in its
   *   order, the spacing on screen and the press spring
   */
  write(cloud, buttonFor, { frame, ids, spacing, motion }) {
    this.#writeMotion(cloud, motion);
    if (this.#overTag !== this.#overTagWritten) {
      this.#overTagWritten = this.#overTag;
      cloud.classList.toggle("is-over-tag", this.#overTag);
    }
    this.#measureSpread(frame, ids, spacing);
    let lifts = false;
    for (const id of this.#dirty) {
      const button = buttonFor(id);
      if (!button) continue;
      const was = this.#written.get(id) ?? UNWRITTEN;
      const point = this.#pressed.get(id);
      const light = this.#spread.get(id);
      const lit = this.#lit.has(id);
      const now = {
        pressed: Boolean(point),
        lifted: this.#lifted.has(id),
        hovered: this.#hovered === id,
        lit,
        x: point?.x ?? was.x,
        y: point?.y ?? was.y,
        // A spread light keeps its place while it fades out (level 0), until the glow goes or
        // the capsule is pressed itself (its own glow, at its press point).
        near: Boolean(light) || (was.near && lit && !point),
        level: light ? Math.round(light.level * 1000) / 1000 : 0,
        nearX: light ? Math.round(light.x * 10) / 10 : was.nearX,
        nearY: light ? Math.round(light.y * 10) / 10 : was.nearY,
      };
      if (now.x !== was.x) button.style.setProperty("--press-x", `${now.x}px`);
      if (now.y !== was.y) button.style.setProperty("--press-y", `${now.y}px`);
      if (now.nearX !== was.nearX || now.nearY !== was.nearY) button.style.setProperty("--near-at", `${now.nearX}px ${now.nearY}px`);
      if (now.level !== was.level) button.style.setProperty("--near-light", String(now.level));
      if (now.hovered !== was.hovered) button.classList.toggle("is-hovered", now.hovered);
      if (now.lit !== was.lit) button.classList.toggle("is-lit", now.lit);
      if (now.near !== was.near) button.classList.toggle("is-near-press", now.near);
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

  /** The press spring: the cloud's transition of the swell and the glow, and the fade's length. */
  #writeMotion(cloud, motion) {
    if (motion === this.#motionWritten) return;
    this.#motionWritten = motion;
    this.settle = motion ? motion.settle : 0;
    cloud.style.setProperty("--press-duration", motion ? `${motion.settle}s` : "0s");
    cloud.style.setProperty("--press-easing", motion ? motion.easing : "linear");
  }

  /**
   * The light the presses spread (press-light.js), measured again when the presses changed or,
   * while a capsule is pressed, the frame under it did: a capsule that gains light, or whose
   * light changed, is lit (its fade-out cancelled); one that lost it fades out.
   */
  #measureSpread(frame, ids, spacing) {
    if (!this.#spreadStale && (this.#pressed.size === 0 || frame === this.#spreadFrame)) return;
    this.#spreadStale = false;
    this.#spreadFrame = frame;
    const before = this.#spread;
    this.#spread = this.#spreader.spread(frame, ids, spacing, this.#pressed);
    for (const [id, light] of this.#spread) {
      const was = before.get(id);
      if (was && was.level === light.level && was.x === light.x && was.y === light.y) continue;
      PressState.#cancel(this.#fades, id);
      this.#lit.add(id);
      this.#dirty.add(id);
    }
    for (const id of before.keys()) {
      if (this.#spread.has(id)) continue;
      this.#dirty.add(id);
      this.#dim(id);
    }
  }
}

/** What a capsule's press state is before anything was written on it. */
const UNWRITTEN = Object.freeze({
  pressed: false, lifted: false, hovered: false, lit: false, x: null, y: null,
  near: false, level: 0, nearX: null, nearY: null,
});
