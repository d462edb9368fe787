// The tag buttons: built from a tag list, placed at the core's coordinates, their pressed state
// and tint from the layout, their melted glass drawn by MeltView, their lensing by LensFilters.
//
//   const view = new CloudView(cloudElement);
//   view.tags;                                            // [{ id, label, tint }] from the markup
//   view.render(layoutResponse, { mergeDistance: 10 });   // a JSON layout (docs/PROTOCOL.md)
//   view.renderFrame(packedFrame, selected, { mergeDistance: 10, layout: () => json });
//
// Each button's border box is the core's capsule rect (width, height and a `translate`), so what
// the user sees, what they can click and what the tests measure are the same box.
// Per frame only what changed is written: a moved capsule's slot's `translate` (compositor-only;
// in a cloud taller than the viewport only near sight, the rest when the layout rests:
// slot-placement.js), a resized capsule's width and height (only when label metrics change), a
// changed aria-pressed; the glass canvas is drawn whole. No node is created or removed unless the
// tags change.
// - Complexity: O(tags) comparisons per frame, O(changed in sight) style writes.

import { LensFilters } from "../glass/glass-lens.js";
import { GlassWindow } from "../glass/glass-window.js";
import { MeltView } from "../glass/melt-view.js";
import { SlotPlacement } from "./slot-placement.js";

const TINT_REST = 0.3;
const TINT_SELECTED = 0.85;
const SOLID_BASE = [0x1c / 255, 0x1c / 255, 0x1e / 255]; // styles.css: --solid-base
const transparencyQuery = matchMedia("(prefers-reduced-transparency: reduce), (prefers-contrast: more)");

/**
 * Every button sits in a slot, an unstyled positioned <div> that carries its `translate`: moving a
 * slot restyles one tiny element, where moving the button itself restyles a form control, its
 * pseudo-elements and label (measured: about 200× the style work per frame; docs/WEB.md). In the
 * CSS fallback the slot is `display: contents`, so the buttons are the flex items.
 */
function slotFor(button) {
  if (button.parentElement?.classList.contains("tag-slot")) return button.parentElement;
  const slot = document.createElement("div");
  slot.className = "tag-slot";
  slot.append(button);
  return slot;
}

/**
 * The stage: one box of fixed size (0 × 0) at the cloud's origin that holds every slot (no
 * `contain`: layout containment made it a layout-shift root, docs/WEB.md). The cloud's width follows its container (a drag narrows it every
 * frame), the stage's does not, so the absolutely positioned slots are not laid out again when
 * the cloud is: layout work per frame is O(1) in the tags, not O(tags) (docs/WEB.md). In the CSS
 * fallback the stage, like the slots, is `display: contents`.
 */
function stageOf(cloud) {
  let stage = cloud.querySelector(":scope > .tag-stage");
  if (!stage) {
    stage = document.createElement("div");
    stage.className = "tag-stage";
    cloud.prepend(stage);
  }
  return stage;
}

function tagButton({ id, label, tint }) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "tag";
  button.dataset.tagId = id;
  button.dataset.tint = tint;
  button.setAttribute("aria-pressed", "false");
  const text = document.createElement("span");
  text.className = "tag-label";
  text.textContent = label;
  button.append(text);
  return button;
}

/** A CSS colour as straight RGB 0…1 (hex forms, rgb()); grey for anything else. */
export function parseColor(text) {
  const value = String(text ?? "").trim();
  let match = /^#([0-9a-f]{3,8})$/i.exec(value);
  if (match) {
    let hex = match[1];
    if (hex.length === 3 || hex.length === 4) hex = [...hex].map((c) => c + c).join("");
    return [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255);
  }
  match = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/i.exec(value);
  if (match) return [1, 2, 3].map((at) => Math.min(255, Number(match[at])) / 255);
  return [0.5, 0.5, 0.5];
}

export class CloudView {
  #buttons;
  #slots = [];
  #index = new Map();
  #placement = new SlotPlacement([]);
  #window = null; // the cloud's GlassWindow (what is near sight), shared with the glass
  #renders = 0; // frames rendered, for the rest watch
  #restFrame = 0;
  #w = new Float64Array(0);
  #h = new Float64Array(0);
  #pressed = new Int8Array(0);
  #pressedVersion = 0; // bumped whenever a button's aria-pressed changes
  #melted = new Uint8Array(0); // 1: the slot is marked `is-melted` (the glass canvas draws its rim)
  #tints = new Float32Array(0);
  #rgb = new Float32Array(0);
  #amounts = null; // [rest, selected] tint opacity, read from the styles
  #height = -1;
  #layout = null;
  #layoutOf = null;
  #lifted = new Set();
  #settle = 0.5;
  #frame = null;
  #mergeDistance = 0;
  #motionDuration = null; // the --tag-duration and --tag-easing last written (setMotion)
  #motionEasing = null;

  /** @param {HTMLElement} cloud the `[data-tag-cloud]` container */
  constructor(cloud) {
    this.cloud = cloud;
    this.stage = stageOf(cloud);
    this.melt = null;
    this.lens = null;
    this.#adopt([...cloud.querySelectorAll("button[data-tag-id]")]);
    this.#installPress();
    // Keyboard focus may land on a capsule that waits out of sight (Tab, a screen reader, mid
    // drag). The browser scrolls a focused element into view before focus events, so to its old
    // place: every slot is placed, and a capsule that waited is brought into view again.
    cloud.addEventListener(
      "focusin",
      (event) => {
        const index = this.indexOf(event.target);
        const waited = index >= 0 && this.#placement.isStale(index);
        this.#placement.placeAll();
        if (waited) event.target.scrollIntoView({ block: "nearest", inline: "nearest" });
      },
      true,
    );
    transparencyQuery.addEventListener?.("change", () => {
      this.#amounts = null;
      this.#redraw();
    });
  }

  /** Lets go of the glass (its canvases and WebGL2 contexts): the cloud left the document. The next frame makes it anew. */
  releaseGlass() {
    this.melt?.remove();
    this.melt = null;
    this.#melted.fill(0);
    for (const slot of this.#slots) slot.classList.remove("is-melted");
  }

  /**
   * Whether the glass was let go of since the last frame: the next layout must be drawn even if
   * unchanged (a frame always makes the MeltView, in #drawGlass; only releaseGlass drops it).
   */
  get released() {
    return this.melt === null && this.#frame !== null;
  }

  /** The buttons, in tag order (the same array until the tags change: do not modify it). */
  get buttons() {
    return this.#buttons;
  }

  /** Changes whenever any button's `aria-pressed` (or the buttons) change: a cheap "same as before?". */
  get pressedVersion() {
    return this.#pressedVersion;
  }

  /** The layout on screen as a JSON response (built when first asked for after a packed frame). */
  get layout() {
    if (!this.#layout && this.#layoutOf) this.#layout = this.#layoutOf();
    return this.#layout;
  }
  set layout(value) {
    this.#layout = value;
    this.#layoutOf = null;
  }

  /** The tags as the markup (or the last `setTags`) has them. */
  get tags() {
    return this.#buttons.map((button) => ({
      id: button.dataset.tagId,
      label: button.textContent.trim(),
      tint: button.dataset.tint,
    }));
  }

  /** Replaces the buttons when the tag list differs (the server's welcome may bring other tags). */
  setTags(tags) {
    const current = this.tags;
    const same =
      tags.length === current.length &&
      current.every((tag, i) => tag.id === tags[i].id && tag.label === tags[i].label && tag.tint === tags[i].tint);
    if (same) return false;
    // The focused button, also when the cloud lives in a shadow root (a component's).
    const focusedId = (this.cloud.getRootNode().activeElement ?? document.activeElement)?.dataset?.tagId;
    for (const slot of this.#slots) slot.remove();
    const buttons = tags.map(tagButton);
    this.#adopt(buttons);
    this.layout = null;
    if (focusedId) this.buttonFor(focusedId)?.focus();
    return true;
  }

  buttonFor(id) {
    const index = this.#index.get(id);
    return index === undefined ? null : this.#buttons[index];
  }

  indexOf(button) {
    const index = this.#index.get(button?.dataset?.tagId);
    return index !== undefined && this.#buttons[index] === button ? index : -1;
  }

  /** Shows the selection before any layout arrives (the CSS fallback, or a live-only page). */
  showSelection(selection) {
    const selected = new Set(selection);
    this.#buttons.forEach((button, i) => this.#setPressed(i, selected.has(button.dataset.tagId)));
  }

  /** The spacing the CSS fallback uses until the core places the capsules. */
  showSpacing(spacing) {
    this.cloud.style.setProperty("--spacing", `${spacing}px`);
  }

  /** The selection change's spring (`.snappy`), in the layout's CSS `linear()` easing. */
  setMotion(motion) {
    // Every layout carries its motion, usually the same one: an unchanged custom property on the
    // cloud would still restyle every capsule under it (measured: 8 ms a frame at 1,000 tags).
    const duration = motion ? `${motion.settle}s` : "0s";
    const easing = motion ? motion.easing : "linear";
    if (duration === this.#motionDuration && easing === this.#motionEasing) return;
    this.#motionDuration = duration;
    this.#motionEasing = easing;
    this.cloud.style.setProperty("--tag-duration", duration);
    this.cloud.style.setProperty("--tag-easing", easing);
  }

  /** The press's spring back (the core's `.snappy`: `core.motion("snappy")`); null: no motion. */
  setPressMotion(motion) {
    this.#settle = motion ? motion.settle : 0;
    this.cloud.style.setProperty("--press-duration", motion ? `${motion.settle}s` : "0s");
    this.cloud.style.setProperty("--press-easing", motion ? motion.easing : "linear");
  }

  /**
   * Places every capsule at a JSON layout's rect and draws the merge groups.
   * @param {import("../core/tagcloud-core.js").LayoutResponse} layout
   * @param {{mergeDistance: number, lineHeight: number, textScale: number, necks?: object | null}} options
   *   necks: the core's necks of this layout (PackedLayout.necksOf), by item index; without them nothing melts
   */
  render(layout, options) {
    const count = this.#buttons.length;
    const origins = new Float64Array(2 * count);
    const sizes = new Float64Array(2 * count);
    const groups = new Int32Array(count).fill(-1);
    const selected = new Uint8Array(count);
    const inOrder = layout.items.length === count && layout.items.every((item, i) => item.id === this.#buttons[i].dataset.tagId);
    layout.items.forEach((item, k) => {
      const i = inOrder ? k : this.#index.get(item.id);
      if (i === undefined) return;
      origins[2 * i] = item.x;
      origins[2 * i + 1] = item.y;
      sizes[2 * i] = item.w;
      sizes[2 * i + 1] = item.h;
      selected[i] = item.selected ? 1 : 0;
    });
    (layout.groups ?? []).forEach((group, g) => {
      for (const k of group) {
        const i = inOrder ? k : this.#index.get(layout.items[k]?.id);
        if (i !== undefined) groups[i] = g;
      }
    });
    // A button the layout does not place (never, but a server may lag a tag change) melts with none.
    for (let i = 0; i < count; i += 1) if (groups[i] < 0) groups[i] = -2 - i;
    // The core's necks (options.necks, by item index): by button index when the items are in order, else none.
    const { necks = null, ...rest } = options;
    const frame = { count, size: layout.size, origins, sizes, groups, ...(inOrder && necks ? necks : {}) };
    this.renderFrame(frame, selected, { ...rest, layout: null });
    this.layout = layout;
  }

  /**
   * Places every capsule at a packed frame's origins (index i = button i) and draws the glass.
   * @param {{count: number, size: number[], origins: ArrayLike<number>, sizes: ArrayLike<number>, groups: ArrayLike<number>}} frame
   * @param {ArrayLike<number|boolean>} selected  per capsule
   * @param {{mergeDistance: number, lineHeight?: number, textScale?: number, layout?: (() => object) | null}} options
   */
  renderFrame(frame, selected, { mergeDistance, lineHeight = 20, textScale = 1, layout = null }) {
    this.#window ??= new GlassWindow(this.cloud, () => this.melt?.redraw(), () => this.#placement.placeAll());
    this.lens ??= LensFilters.create(this.cloud);
    if (!this.cloud.classList.contains("is-placed")) this.cloud.classList.add("is-placed");
    const height = frame.size[1];
    if (height !== this.#height) {
      this.#height = height;
      this.cloud.style.height = `${height}px`;
    }
    const singleLine = lineHeight + 20 * textScale;
    const { origins, sizes } = frame;
    const count = Math.min(frame.count, this.#buttons.length);
    // What of the cloud is in sight, read at most once this frame and before any write to it
    // (the read lays the page out: once, not again after the writes).
    let seen;
    const sight = () => (seen === undefined ? (seen = this.#window.visible()) : seen);
    const near = this.#nearSight(height, sight);
    // The lens is drawn at rest: a motion takes it off the capsules near sight (glass-lens.js);
    // the first frame places capsules where none were, which is no move.
    const moved = this.#placement.place(origins, sizes, count, near);
    if (moved > 0 && this.#frame) this.lens?.moved(this.#buttons, origins, sizes, count, near);
    this.#renders += 1;
    if (this.#placement.stale) this.#watchRest();
    for (let i = 0; i < count; i += 1) {
      const button = this.#buttons[i];
      const w = sizes[2 * i];
      const h = sizes[2 * i + 1];
      if (w !== this.#w[i] || h !== this.#h[i]) {
        this.#w[i] = w;
        this.#h[i] = h;
        button.style.width = `${w}px`;
        button.style.height = `${h}px`;
        button.classList.toggle("is-wrapped", h > singleLine + 0.5);
        this.lens?.apply(button, w, h);
      }
      this.#setPressed(i, Boolean(selected[i]));
    }
    this.#frame = frame;
    this.#mergeDistance = mergeDistance;
    this.#drawGlass(sight);
    this.#layout = null;
    this.#layoutOf = layout;
  }

  /**
   * The part of the cloud whose slots are placed this frame (cloud px), or null: all of it. A
   * cloud no taller than the viewport can be seen whole; a taller one (or one whose moves the
   * browser eases, `is-easing`) gets the visible part and a margin (glass-window.js).
   * @param {number} height  the cloud's
   * @param {() => object | null} sight  this frame's visible part (read once)
   */
  #nearSight(height, sight) {
    if (height <= (globalThis.innerHeight || 0) || this.cloud.classList.contains("is-easing")) return null;
    return this.#window.nearSight(sight());
  }

  /**
   * Places the slots left out of sight once the layout rests: after a whole frame without a
   * render (a drag renders every frame). A check runs before that frame's render, so it waits
   * for two checks in a row with no render between them.
   */
  #watchRest() {
    if (this.#restFrame) return;
    let seen = -1;
    const check = () => {
      if (this.#renders !== seen) {
        seen = this.#renders;
        this.#restFrame = requestAnimationFrame(check);
        return;
      }
      this.#restFrame = 0;
      this.#placement.placeAll();
    };
    this.#restFrame = requestAnimationFrame(check);
  }

  /** @param {() => object | null} [sight]  this frame's visible part of the cloud (GlassWindow.visible), read once */
  #drawGlass(sight) {
    const frame = this.#frame;
    if (!frame || !this.#window) return;
    this.melt ??= new MeltView(this.cloud, this.#window); // on the first frame, and again after releaseGlass
    const amounts = this.#tintAmounts();
    const count = Math.min(frame.count, this.#buttons.length);
    if (this.#tints.length < 4 * count) this.#tints = new Float32Array(4 * count);
    // Solid tints (Reduce Transparency, Increase Contrast): the necks mix with the capsules' base.
    const solid = transparencyQuery.matches;
    for (let i = 0; i < count; i += 1) {
      const amount = amounts[this.#pressed[i] === 1 ? 1 : 0];
      for (let c = 0; c < 3; c += 1) {
        const tint = this.#rgb[3 * i + c];
        this.#tints[4 * i + c] = solid ? SOLID_BASE[c] + (tint - SOLID_BASE[c]) * amount : tint;
      }
      this.#tints[4 * i + 3] = solid ? 1 : amount;
    }
    const lifted = this.#lifted;
    this.melt.draw(frame, this.#tints, {
      mergeDistance: this.#mergeDistance,
      skip: lifted.size ? (i) => lifted.has(i) : undefined,
      sight,
    });
    // A melted capsule's rim is its group's outline on the canvas; the others keep their CSS rim.
    const melted = this.melt.melted;
    for (let i = 0; i < count; i += 1) {
      const on = melted[i] === 1 ? 1 : 0;
      if (on !== this.#melted[i]) {
        this.#melted[i] = on;
        this.#slots[i].classList.toggle("is-melted", on === 1);
      }
    }
  }

  #redraw() {
    if (this.#frame) this.#drawGlass();
  }

  /** The tint opacities the styles give an unselected and a selected capsule (theming, preferences). */
  #tintAmounts() {
    if (this.#amounts) return this.#amounts;
    const read = (button, fallback) => {
      const text = button ? getComputedStyle(button).getPropertyValue("--tint-amount").trim() : "";
      const value = parseFloat(text);
      return Number.isFinite(value) ? Math.min(1, Math.max(0, value / 100)) : fallback;
    };
    const rest = this.#buttons.find((button) => button.getAttribute("aria-pressed") !== "true");
    const chosen = this.#buttons.find((button) => button.getAttribute("aria-pressed") === "true");
    const amounts = [read(rest, TINT_REST), chosen ? read(chosen, TINT_SELECTED) : TINT_SELECTED];
    if (rest && chosen) this.#amounts = amounts; // else read again once both kinds are on screen
    return amounts;
  }

  #setPressed(i, on) {
    const value = on ? 1 : 0;
    if (this.#pressed[i] === value) return;
    this.#pressed[i] = value;
    this.#pressedVersion += 1;
    this.#buttons[i].setAttribute("aria-pressed", on ? "true" : "false");
  }

  #adopt(buttons) {
    this.#buttons = buttons;
    this.#slots = buttons.map(slotFor);
    // The stage comes before the glass canvas (which draws over the buttons) and the lens filters.
    this.stage.append(...this.#slots);
    this.#index = new Map(buttons.map((button, i) => [button.dataset.tagId, i]));
    this.#placement = new SlotPlacement(this.#slots);
    const n = buttons.length;
    this.#w = new Float64Array(n).fill(NaN);
    this.#h = new Float64Array(n).fill(NaN);
    this.#pressed = new Int8Array(n).fill(-1);
    this.#melted = new Uint8Array(n);
    this.#rgb = new Float32Array(3 * n);
    this.#amounts = null;
    this.#pressedVersion += 1;
    this.#lifted.clear();
    buttons.forEach((button, i) => {
      button.style.setProperty("--tint", button.dataset.tint);
      this.#rgb.set(parseColor(button.dataset.tint), 3 * i);
      const pressed = button.getAttribute("aria-pressed");
      this.#pressed[i] = pressed === "true" ? 1 : pressed === "false" ? 0 : -1;
    });
    this.#frame = null;
  }

  // ---- Press: the capsule swells and glows under the pointer, then springs back ----------------

  #installPress() {
    const buttonOf = (event) => {
      const button = event.target.closest?.("button[data-tag-id]");
      return button && this.indexOf(button) >= 0 ? button : null;
    };
    this.cloud.addEventListener("pointerdown", (event) => {
      const button = buttonOf(event);
      if (!button || event.button > 0 || button.disabled) return;
      const rect = button.getBoundingClientRect();
      this.#press(button, event.clientX - rect.left, event.clientY - rect.top);
      const release = () => {
        for (const type of ["pointerup", "pointercancel"]) removeEventListener(type, release, true);
        this.#release(button);
      };
      for (const type of ["pointerup", "pointercancel"]) addEventListener(type, release, true);
    });
    this.cloud.addEventListener("keydown", (event) => {
      const button = buttonOf(event);
      if (button && (event.key === " " || event.key === "Enter") && !event.repeat && !button.disabled) {
        this.#press(button, button.offsetWidth / 2, button.offsetHeight / 2);
        if (event.key === "Enter") setTimeout(() => this.#release(button), 120); // Enter clicks at once
      }
    });
    this.cloud.addEventListener("keyup", (event) => {
      const button = buttonOf(event);
      if (button && event.key === " ") this.#release(button);
    });
    this.cloud.addEventListener("focusout", (event) => {
      const button = buttonOf(event);
      if (button?.classList.contains("is-pressed")) this.#release(button);
    });
  }

  #press(button, x, y) {
    const index = this.indexOf(button);
    button.style.setProperty("--press-x", `${x}px`);
    button.style.setProperty("--press-y", `${y}px`);
    clearTimeout(button.liftTimer);
    button.classList.add("is-pressed", "is-lifted");
    // The swelling capsule carries its own rim (CSS) while the canvas leaves it out of its group.
    this.#lifted.add(index);
    this.#redraw();
  }

  #release(button) {
    if (!button.classList.contains("is-pressed")) return;
    button.classList.remove("is-pressed");
    clearTimeout(button.liftTimer);
    button.liftTimer = setTimeout(() => {
      button.classList.remove("is-lifted");
      const index = this.indexOf(button);
      if (this.#lifted.delete(index)) this.#redraw();
    }, this.#settle * 1000);
  }
}
