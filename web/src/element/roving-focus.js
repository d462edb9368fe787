// Keyboard for the cloud: one tab stop (roving tabindex), arrow keys move in reading order by
// the core's navigation (next/previous along the flow, up/down by geometry), Home/End to the
// first and last tag, PageUp/PageDown to the first tag of the row above or below (the host
// swaps next/previous for right-to-left clouds; rows need no swap: their first tag is the
// core's). Space and Enter toggle because the tags are real <button>s. It writes nothing: the
// active tag is state (`active`), which the view writes as the tab stop in its frame.
//
//   const roving = new RovingFocus(cloudView, (layout, index, key) => core.navigate(layout, index, key), requestUpdate);
//   roving.active   // the index of the tag that is the tab stop

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
  active = 0;

  /**
   * @param {import("../view/cloud-view.js").CloudView} view
   * @param {(layout: object, index: number, key: string) => number} navigate  the core's navigation
   * @param {() => void} requestUpdate
   */
  constructor(view, navigate, requestUpdate) {
    view.cloud.addEventListener("focusin", (event) => {
      const index = view.indexOf(event.target);
      if (index >= 0 && index !== this.active) {
        this.active = index;
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
        this.active = next;
        requestUpdate();
        view.buttons[next]?.focus();
      }
    });
  }
}
