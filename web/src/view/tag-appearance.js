// Adaptive appearance, applied: each capsule's ink and tone from what lies behind it (the
// backdrop map the element learned, glass/backdrop-map.js), decided by appearance-model.js and
// written by the view's frame (cloud-view.js), only where a decision changed:
//   on its slot, classes: `is-on-light`, the light tone (styles.css: a darker rim and a soft
//                         shadow); `has-dark-ink`, the dark label (styles.css: --tone-ink, for
//                         the capsule and its remove control); `has-under`, while --tone-under is
//                         set (the legibility layer under the label, clear over the rim band);
//   on its capsule (the button), custom properties:
//   --tone-under               the frost (white) or the dimming (black) under the tint;
//   --tone-under-opacity       its alpha as a number, which CSS cannot take out of a colour;
//   --tone-tint                the tint at another tone (deeper under white ink, lighter under dark).
// No custom property goes on the slot: the slot is restyled in every frame it moves (its
// translate), and an element with custom properties of its own restyles at twice the cost (a
// drag at 1,000 tags: 1.1 against 2.2 ms of style recalculation a frame, docs/WEB.md).
// An author's --glass-label-color still wins (styles.css). The glass canvas's necks take the
// tint at its tone, without the frost or dimming: they meet the capsule at its rim, which the
// legibility layer leaves clear (`neckTints`).
//
//   const appearance = new TagAppearance();
//   appearance.write(slots, capsules, frame, { backdrop, rgb, tagStates, buttons, solid, changed, near, hold })  // true: the necks' tints changed
//   appearance.stale   // capsules whose decision waits for a frame that does not move
//   appearance.neckTints(tints, count, rgb, pressed, amounts, solid)
// - Complexity: O(capsules) comparisons when the layout, the selection or the backdrop changed,
//   a map look-up and a decision per capsule that moved (near sight after one move, none during
//   a motion), O(changed decisions) writes; nothing when none of them changed.
//
// A motion (layout/layout-motion.js: a drag, the spacing spring) holds each capsule's tone until
// it rests, as the lens does: a tone written restyles its capsule (measured in a 100-tag drag
// over the seed's gradient, 2.4 writes a frame cost 1.5–4 ms of style recalculation a frame), and
// one decided mid-motion is soon stale. A capsule whose selection changes is decided at once.

import { COVERAGE, decide, toneTint } from "./appearance-model.js";
import { SOLID_BASE_RGB } from "../core/core-constants.js";

/** The solid base of Reduce Transparency and Increase Contrast, 0…1 (the core's; styles.css: --solid-base). */
export const SOLID_BASE = SOLID_BASE_RGB.map((c) => c / 255);
const WHITE = [1, 1, 1];
const BLACK = [0, 0, 0];
const FORCED = { light: { light: WHITE, dark: WHITE }, dark: { light: BLACK, dark: BLACK } };
const SOLID = { light: SOLID_BASE, dark: SOLID_BASE };

const css = (rgb) => `rgb(${rgb.map((c) => Math.round(c * 255)).join(" ")})`;

/**
 * How much of a dark glyph's median pixel is ink in this engine (appearance-model.js). Each
 * capsule's slot is a composited layer (styles.css: `will-change: translate`) at the core's
 * fractional origin, and WebKit draws such a layer resampled, which at 1× thins a dark label on
 * light glass: measured in WebKitGTK, a median glyph pixel 58 to 64 % ink against 80 % and more
 * in Chromium and Firefox (white labels lose little: their halo holds). No feature says so;
 * WebKit's `navigator.vendor` does. The light tone frosts more there.
 */
function darkInkCoverage() {
  const resampled = /^Apple/.test(globalThis.navigator?.vendor ?? "") && (globalThis.devicePixelRatio || 1) < 2;
  return resampled ? RESAMPLED_COVERAGE : COVERAGE;
}
const RESAMPLED_COVERAGE = 0.58;

export class TagAppearance {
  #written = new WeakMap(); // slot → { decision, held, inkDark, under, tint, light } as written
  #key = null; // the backdrop's version and options the decisions were made with
  #decisions = []; // per drawn capsule: its decision (for the necks)
  #variant = null; // the glass's variant the tint amounts were read for
  #darkCoverage = darkInkCoverage();
  #stale = new Set(); // slots whose decision waits for a frame that does not move

  /** Capsules whose decision waits: they moved out of sight (`write`'s `near`) or during a motion (`hold`). */
  get stale() {
    return this.#stale.size;
  }

  /**
   * Decides again the drawn capsules whose place, selection, tint or backdrop changed, and writes
   * what differs on their slots. When the layout moved, only the capsules near sight (`near`,
   * cloud px, or null: all) are decided; during a motion (`hold`) only those whose selection
   * changed; the others wait (`stale`) for a frame that does not move, or the motion's rest.
   * @param {HTMLElement[]} slots  the drawn capsules' slots
   * @param {HTMLElement[]} capsules  their capsules (buttons), index for index: one per drawn capsule
   * @param {object | null} frame  the packed frame on screen (origins, sizes), or null (CSS lays out)
   * @param {{backdrop: {map: object | null, version: number, appearance: string, variant: string} | undefined,
   *   rgb: Float32Array, tagStates: import("./tag-states.js").TagStates, buttons: HTMLButtonElement[],
   *   solid: boolean, changed: boolean, near: {left: number, top: number, right: number, bottom: number} | null, hold: boolean}} options
   *   rgb: the tints, 3 per drawn capsule; changed: the layout, the selection or the tags changed
   * @returns {boolean} whether a capsule's tone or tint changed (the glass draws its necks again)
   */
  write(slots, capsules, frame, { backdrop, rgb, tagStates, buttons, solid, changed, near = null, hold = false }) {
    if (!backdrop) return false;
    // The variant's tint amounts differ (styles.css): read them again when it changes.
    if (backdrop.variant !== this.#variant) tagStates.forgetTints();
    this.#variant = backdrop.variant;
    const amounts = tagStates.tintAmounts(buttons);
    const key = `${backdrop.version} ${backdrop.appearance} ${backdrop.variant} ${solid} ${amounts.join(" ")}`;
    const fresh = key !== this.#key;
    if (!changed && !fresh && (this.#stale.size === 0 || near || hold)) return false;
    this.#key = key;
    const { map } = backdrop;
    // The glass's blur, in map cells (8 px): what a glyph's pixel averages (styles.css: 12 px, clear 3 px).
    const window = backdrop.variant === "clear" ? 1 : 3;
    let whole; // the cloud's whole backdrop, looked up once if needed
    const wholeOf = () => (whole ??= map ? map.around(0, 0, map.width + map.x, map.height + map.y) : null);
    let redraw = false;
    const count = capsules.length;
    this.#decisions.length = count;
    for (let i = 0; i < count; i += 1) {
      const slot = slots[i];
      if (!slot) continue;
      const written = this.#written.get(slot);
      const selected = tagStates.isSelected(i);
      const placed = frame && !Number.isNaN(frame.origins[2 * i]);
      // In a motion with its selection as decided: it waits (a drag's every frame, so nothing
      // more is read here). Out of sight while the layout moves: it waits too. Unchanged since
      // its decision: it stands.
      const held = hold && written?.selected === selected;
      if (placed && held && !fresh) {
        this.#stale.add(slot);
        this.#decisions[i] = written.decision;
        continue;
      }
      const [x, y, w, h] = placed ? [frame.origins[2 * i], frame.origins[2 * i + 1], frame.sizes[2 * i], frame.sizes[2 * i + 1]] : [NaN, NaN, 0, 0];
      const away = placed && (held || (near && (x + w < near.left || x > near.right || y + h < near.top || y > near.bottom)));
      const same = written && !fresh && !written.guess && written.selected === selected
        && written.base[0] === rgb[3 * i] && written.base[1] === rgb[3 * i + 1] && written.base[2] === rgb[3 * i + 2]
        && written.at[0] === x && written.at[1] === y && written.at[2] === w && written.at[3] === h;
      if (away || same) {
        if (away && !same) this.#stale.add(slot);
        else this.#stale.delete(slot);
        this.#decisions[i] = written?.decision ?? null;
        continue;
      }
      this.#stale.delete(slot);
      let behind = solid ? SOLID : FORCED[backdrop.appearance];
      if (!behind && map && placed) behind = map.around(x, y, w, h, window);
      // Not placed (CSS lays out, or folded away): the cloud's whole backdrop, or with nothing
      // learned yet the seed's look: a guess, from which the next decision's dead band does not
      // start, as one made on a provisional map (learned on a box the frame changes:
      // backdrop-controller.js).
      const guess = !behind || Boolean(map?.provisional && !FORCED[backdrop.appearance]);
      behind ??= wholeOf() ?? FORCED.dark;
      const tint = [rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2]];
      const decision = decide({
        backdrop: behind, tint, amount: amounts[selected ? 1 : 0], restAmount: amounts[0], selected,
        variant: backdrop.variant, solid, darkCoverage: this.#darkCoverage,
      }, written?.held ?? null);
      this.#decisions[i] = decision;
      const under = decision.frost > 0 ? { rgb: "255 255 255", opacity: decision.frost.toFixed(2) }
        : decision.dim > 0 ? { rgb: "0 0 0", opacity: decision.dim.toFixed(2) } : null;
      const values = {
        decision,
        // The decision the next one's dead band starts from: a guess keeps the one before.
        held: guess ? written?.held ?? null : decision,
        guess,
        selected,
        base: tint,
        at: [x, y, w, h],
        light: decision.light,
        inkDark: decision.inkDark,
        under: under && `rgb(${under.rgb} / ${under.opacity})`,
        underOpacity: under?.opacity ?? null,
        tint: decision.shade !== 0 ? css(toneTint(tint, decision.shade)) : null,
      };
      this.#written.set(slot, values);
      if (written?.light !== values.light) slot.classList.toggle("is-on-light", values.light);
      if ((written?.inkDark ?? false) !== values.inkDark) slot.classList.toggle("has-dark-ink", values.inkDark);
      if (((written?.under ?? null) === null) !== (values.under === null)) slot.classList.toggle("has-under", values.under !== null);
      const capsule = capsules[i];
      for (const [name, property] of [["under", "--tone-under"], ["underOpacity", "--tone-under-opacity"], ["tint", "--tone-tint"]]) {
        if ((written?.[name] ?? null) === values[name]) continue;
        if (values[name] === null) capsule.style.removeProperty(property);
        else capsule.style.setProperty(property, values[name]);
        redraw = true;
      }
    }
    return redraw;
  }

  /**
   * The necks' straight RGBA per capsule (melt-view.js) with each capsule's tone: its tint at its
   * tone and amount, as the capsule is drawn at its rim, where a neck meets it (the frost or
   * dimming lies under the label only, not over the rim band: styles.css); on a solid fill, mixed
   * with the solid base.
   */
  neckTints(tints, count, rgb, pressed, amounts, solid) {
    for (let i = 0; i < count; i += 1) {
      const amount = amounts[pressed(i) ? 1 : 0];
      const decision = this.#decisions[i];
      const base = [rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2]];
      const tint = decision?.shade ? toneTint(base, decision.shade) : base;
      for (let c = 0; c < 3; c += 1) tints[4 * i + c] = solid ? SOLID_BASE[c] + (tint[c] - SOLID_BASE[c]) * amount : tint[c];
      tints[4 * i + 3] = solid ? 1 : amount;
    }
  }
}
