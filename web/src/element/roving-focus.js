// Keyboard for the cloud: one tab stop (roving tabindex), arrow keys move in reading order by
// the core's navigation (next/previous along the flow, up/down by geometry), Home/End to the
// first and last tag, PageUp/PageDown to the first tag of the row above or below (the host
// swaps next/previous for right-to-left clouds; rows need no swap: their first tag is the
// core's). Space and Enter toggle because the tags are real <button>s. It writes nothing: the
// active tag is state (`active`), which the view writes as the tab stop in its frame.
//
//   const roving = new RovingFocus(cloudView, (layout, index, key) => core.navigate(layout, index, key), requestUpdate);
//   roving.activeIn(tags)   // the index in `tags` of the tag that is the tab stop (kept by id,
//                           // so it stays on its tag when others come and go)

const KEYS = {
  ArrowRight: "next",
  ArrowLeft: "previous",
  ArrowUp: "up",
  ArrowDown: "down",
  Home: "first",
  End: "last",
  PageUp: "previousRow",
  PageDown: "nextRow",
};

export class RovingFocus {
  #activeId = null;
  #active = 0; // the last index found (where the tab stop stays when its tag left)
  #view;

  /** The tab stop's index in `tags`: its tag's, else where it last was. */
  activeIn(tags) {
    if (this.#activeId !== null && tags[this.#active]?.id !== this.#activeId) {
      const index = tags.findIndex((tag) => tag.id === this.#activeId);
      if (index >= 0) this.#active = index;
    }
    return this.#active;
  }

  #setActive(index) {
    this.#active = index;
    this.#activeId = this.#view.buttons[index]?.dataset.tagId ?? null;
  }

  /**
   * @param {import("../view/cloud-view.js").CloudView} view
   * @param {(layout: object, index: number, key: string) => number} navigate  the core's navigation
   * @param {() => void} requestUpdate
   */
  constructor(view, navigate, requestUpdate) {
    this.#view = view;
    view.cloud.addEventListener("focusin", (event) => {
      const index = view.indexOf(event.target);
      if (index >= 0 && view.buttons[index].dataset.tagId !== this.#activeId) {
        this.#setActive(index);
        requestUpdate();
      }
    });
    view.cloud.addEventListener("keydown", (event) => {
      const key = KEYS[event.key];
      if (!key || event.altKey || event.ctrlKey || event.metaKey) return;
      const index = view.indexOf(event.target);
      const layout = index < 0 ? null : view.layout;
      if (!layout) return;
      let next = index;
      try {
        next = navigate(layout, index, key);
      } catch {
        return;
      }
      event.preventDefault();
      if (next >= 0 && next !== index) {
        this.#setActive(next);
        requestUpdate();
        view.buttons[next]?.focus();
      }
    });
  }
}
