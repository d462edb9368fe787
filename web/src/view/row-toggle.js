// The row limit's capsule (`max-rows`, the core's RowLimit): collapsed, "+K" stands for the K
// tags folded away and shows them all when pressed; expanded, "Show less" folds them again. It
// is glass like a tag, placed by the core last in the flow (and melting with its neighbours),
// but not a tag: a button of its own with `aria-expanded`, its own tab stop after the cloud's,
// never selected. Written only by the view's frame (cloud-view.js).
//
//   const toggle = new RowToggle(stage);
//   toggle.write({ kind: "more", hidden: 12 }, labels);   // "+12", named "+12 more tags", aria-expanded false
//   toggle.button, toggle.slot
// Its words are the element's (row-limit-labels.js: `more-label`, `less-label`).
// - Complexity: O(1) per write; the text is written only when it changes.

export class RowToggle {
  #written = null;

  /** @param {HTMLElement} stage  the slots' stage: the toggle's slot goes last */
  constructor(stage) {
    this.button = document.createElement("button");
    this.button.type = "button";
    this.button.className = "tag tag-toggle";
    this.button.dataset.rowToggle = "";
    this.button.setAttribute("part", "toggle");
    this.label = document.createElement("span");
    this.label.className = "tag-label";
    this.label.setAttribute("part", "label");
    this.button.append(this.label);
    this.slot = document.createElement("div");
    this.slot.className = "tag-slot";
    this.slot.append(this.button);
    stage.append(this.slot);
  }

  /**
   * @param {{kind: "more" | "less", hidden: number}} toggle  the frame's (packed-layout.js)
   * @param {import("../element/row-limit-labels.js").RowLimitLabels} labels
   */
  write(toggle, labels) {
    if (this.#written?.kind === toggle.kind && this.#written.hidden === toggle.hidden && this.#written.labels === labels) return;
    this.#written = { kind: toggle.kind, hidden: toggle.hidden, labels };
    const more = toggle.kind === "more";
    this.label.textContent = more ? labels.moreText(toggle.hidden) : labels.less;
    // "Show less" is named by its text; "+K" by a name that says what K counts.
    if (more) this.button.setAttribute("aria-label", labels.moreName(toggle.hidden));
    else this.button.removeAttribute("aria-label");
    this.button.setAttribute("aria-expanded", more ? "false" : "true");
  }

  remove() {
    this.slot.remove();
  }
}
