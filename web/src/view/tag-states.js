// What each tag's button says of its state: aria-pressed, the selection limit's refusal
// (aria-disabled and the state parts `::part(tag selected)`, `::part(tag refused)`), disabled,
// the roving tab stop; and the tint amounts the styles give an unselected and a selected
// capsule (what the glass draws). Written only by the view's frame (cloud-view.js), each value
// only when it differs from what was written on that button; a kept button keeps what was
// written on it across a change of the tags.
//
//   const states = new TagStates();
//   states.retarget(oldButtons, newButtons);        // the tags changed (kept buttons by identity)
//   states.write(buttons, { selected, full, disabled, active }, removers, shown);  // true: a tint changed
//   states.isSelected(i), states.tintAmounts(buttons)  // [rest, selected], 0…1
// - Complexity: O(tags) comparisons when the selection changes, O(changed) attribute writes.

import { TINT_AMOUNTS } from "../core/core-constants.js";
import { keptIndices } from "./kept-nodes.js";

export class TagStates {
  #ariaPressed = new Int8Array(0); // aria-pressed as written (-1: not yet)
  #refused = new Int8Array(0);
  #part = [];
  #disabled = null;
  #active = -1;
  #flags = null; // the selection flags last written
  #full = null;
  #amounts = null; // [rest, selected] tint opacity, read from the styles
  #amountKinds = 0; // the kinds of capsule they were read from: 1 unselected, 2 selected

  /** The tags changed: `after`'s buttons that were in `before` keep what was written on them. */
  retarget(before, after) {
    const [pressed, refused, part] = [this.#ariaPressed, this.#refused, this.#part];
    const n = after.length;
    this.#ariaPressed = new Int8Array(n).fill(-1);
    this.#refused = new Int8Array(n).fill(-1);
    this.#part = new Array(n).fill(null);
    keptIndices(before, after).forEach((j, i) => {
      if (j < 0) return;
      this.#ariaPressed[i] = pressed[j];
      this.#refused[i] = refused[j];
      this.#part[i] = part[j];
    });
    // The tint amounts stay: they are the styles' (tintAmounts reads a kind of capsule not read yet).
    this.#disabled = null;
    this.#active = -1;
    this.#flags = null;
  }

  /** The styles may give other tint amounts (a preference changed): read them again. */
  forgetTints() {
    this.#amounts = null;
  }

  /** Whether tag i is selected, as its aria-pressed was last written. */
  isSelected(i) {
    return this.#ariaPressed[i] === 1;
  }

  /**
   * Writes what differs. `shown(i)`: whether tag i has a place (the row limit folds the others:
   * the tab stop is the last one shown). Returns true when a tag's pressed state changed (the
   * glass's tint amount).
   * @param {HTMLButtonElement[]} buttons  @param {HTMLButtonElement[]} removers
   */
  write(buttons, { selected, full, disabled, active }, removers, shown, tagsChanged) {
    const n = buttons.length;
    let tinted = false;
    if (selected !== this.#flags || full !== this.#full) {
      this.#flags = selected;
      this.#full = full;
      for (let i = 0; i < n; i += 1) {
        const on = selected[i] === 1 ? 1 : 0;
        if (this.#ariaPressed[i] !== on) {
          this.#ariaPressed[i] = on;
          buttons[i].setAttribute("aria-pressed", on ? "true" : "false");
          tinted = true;
        }
        // At the limit, the tags that cannot be added say so before they are tried.
        const refused = full && !on ? 1 : 0;
        if (this.#refused[i] !== refused) {
          this.#refused[i] = refused;
          if (refused) buttons[i].setAttribute("aria-disabled", "true");
          else buttons[i].removeAttribute("aria-disabled");
        }
        // State parts, so pages can style `::part(tag selected)` and `::part(tag refused)`.
        const part = `tag${on ? " selected" : ""}${refused ? " refused" : ""}`;
        if (this.#part[i] !== part) {
          this.#part[i] = part;
          buttons[i].setAttribute("part", part);
        }
      }
    }
    if (disabled !== this.#disabled) {
      this.#disabled = disabled;
      for (const button of buttons) button.disabled = disabled;
      for (const remover of removers) remover.disabled = disabled;
    }
    let tabStop = Math.max(0, Math.min(active, n - 1));
    while (tabStop > 0 && !shown(tabStop)) tabStop -= 1;
    if (tabStop !== this.#active || tagsChanged) {
      this.#active = tabStop;
      buttons.forEach((button, index) => {
        const tabIndex = index === tabStop ? "0" : "-1";
        // An attribute read, no layout (the property says 0 for a button without the attribute).
        if (button.getAttribute("tabindex") !== tabIndex) button.setAttribute("tabindex", tabIndex);
      });
    }
    return tinted;
  }

  /** The tint opacities the styles give an unselected and a selected capsule (theming, preferences). */
  tintAmounts(buttons) {
    // Read again only when a kind of capsule shows that was not there to read (a style read
    // forces a style recalculation: every frame of a cloud with nothing selected, else).
    const pressed = this.#ariaPressed;
    const kinds = (pressed.includes(1) ? 2 : 0) | (pressed.some((on) => on !== 1) ? 1 : 0);
    if (this.#amounts && (kinds & ~this.#amountKinds) === 0) return this.#amounts;
    const read = (button, fallback) => {
      const text = button ? getComputedStyle(button).getPropertyValue("--tint-amount").trim() : "";
      const value = parseFloat(text);
      return Number.isFinite(value) ? Math.min(1, Math.max(0, value / 100)) : fallback;
    };
    const rest = buttons.find((_, i) => pressed[i] !== 1);
    const chosen = buttons.find((_, i) => pressed[i] === 1);
    // Without a capsule of a kind to read, regular glass's amount (the styles' default).
    const { unselected, selected } = TINT_AMOUNTS.regular;
    this.#amounts = [read(rest, unselected), chosen ? read(chosen, selected) : selected];
    this.#amountKinds = (rest ? 1 : 0) | (chosen ? 2 : 0);
    return this.#amounts;
  }
}
