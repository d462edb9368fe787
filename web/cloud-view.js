// The tag buttons: built from a tag list, placed at a layout's coordinates, their pressed state
// and tint from the layout, their merged glass drawn by MeltView.
//
//   const view = new CloudView(cloudElement);
//   view.tags;                                  // [{ id, label, tint }] read from the markup
//   view.render(layoutResponse, { mergeDistance: 10 });
//
// Each button's border box is the core's capsule rect (width, height and a `translate`), so
// what the user sees, what they can click and what the tests measure are the same box.

import { MeltView } from "./melt-view.js";

const TINT_REST = 0.3;
const TINT_SELECTED = 0.85;

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

export class CloudView {
  /** @param {HTMLElement} cloud the `[data-tag-cloud]` container */
  constructor(cloud) {
    this.cloud = cloud;
    this.melt = null;
    this.layout = null;
    this.#applyTints();
  }

  /** The buttons, in tag order. */
  get buttons() {
    return [...this.cloud.querySelectorAll("button[data-tag-id]")];
  }

  /** The tags as the markup (or the last `setTags`) has them. */
  get tags() {
    return this.buttons.map((button) => ({
      id: button.dataset.tagId,
      label: button.textContent.trim(),
      tint: button.dataset.tint,
    }));
  }

  /** Replaces the buttons when the tag list differs (the server's welcome may bring other tags). */
  setTags(tags) {
    const same =
      tags.length === this.buttons.length &&
      this.tags.every((tag, i) => tag.id === tags[i].id && tag.label === tags[i].label && tag.tint === tags[i].tint);
    if (same) return false;
    // The focused button, also when the cloud lives in a shadow root (a component's).
    const focusedId = (this.cloud.getRootNode().activeElement ?? document.activeElement)?.dataset?.tagId;
    for (const button of this.buttons) button.remove();
    const fragment = document.createDocumentFragment();
    for (const tag of tags) fragment.append(tagButton(tag));
    // Buttons go between the bridges layer (first) and the rim layer (last), when present.
    this.cloud.insertBefore(fragment, this.melt ? this.melt.over : null);
    this.#applyTints();
    this.layout = null;
    if (focusedId) this.buttonFor(focusedId)?.focus();
    return true;
  }

  buttonFor(id) {
    return this.buttons.find((button) => button.dataset.tagId === id) ?? null;
  }

  indexOf(button) {
    return this.buttons.indexOf(button);
  }

  /** Shows the selection before any layout arrives (the CSS fallback, or a live-only page). */
  showSelection(selection) {
    const selected = new Set(selection);
    for (const button of this.buttons) {
      button.setAttribute("aria-pressed", String(selected.has(button.dataset.tagId)));
    }
  }

  /** The spacing the CSS fallback uses until the core places the capsules. */
  showSpacing(spacing) {
    this.cloud.style.setProperty("--spacing", `${spacing}px`);
  }

  /** The selection change's spring (`.snappy`), in the layout's CSS `linear()` easing. */
  setMotion(motion) {
    if (motion) {
      this.cloud.style.setProperty("--tag-duration", `${motion.settle}s`);
      this.cloud.style.setProperty("--tag-easing", motion.easing);
    } else {
      this.cloud.style.setProperty("--tag-duration", "0s");
      this.cloud.style.setProperty("--tag-easing", "linear");
    }
  }

  /**
   * Places every capsule at the layout's rect and draws the merge groups.
   * @param {import("./tagcloud-core.js").LayoutResponse} layout
   * @param {{mergeDistance: number, lineHeight: number, textScale: number}} options
   */
  render(layout, { mergeDistance, lineHeight, textScale }) {
    const buttons = new Map(this.buttons.map((button) => [button.dataset.tagId, button]));
    this.melt ??= new MeltView(this.cloud);
    this.cloud.classList.add("is-placed");
    this.cloud.style.height = `${layout.size[1]}px`;
    const singleLine = lineHeight + 20 * textScale;
    for (const item of layout.items) {
      const button = buttons.get(item.id);
      if (!button) continue;
      button.style.width = `${item.w}px`;
      button.style.height = `${item.h}px`;
      button.style.setProperty("--x", `${item.x}px`);
      button.style.setProperty("--y", `${item.y}px`);
      button.classList.toggle("is-wrapped", item.h > singleLine + 0.5);
      button.setAttribute("aria-pressed", String(item.selected));
    }
    const tints = layout.items.map((item) => ({
      color: buttons.get(item.id)?.dataset.tint ?? "#808080",
      opacity: item.selected ? TINT_SELECTED : TINT_REST,
    }));
    this.melt.draw(layout, (index) => tints[index], mergeDistance);
    this.layout = layout;
  }

  #applyTints() {
    for (const button of this.buttons) button.style.setProperty("--tint", button.dataset.tint);
  }
}
